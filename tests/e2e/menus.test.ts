import { describe, expect, inject, it } from 'vitest';
import { addDays, todayInIndia } from '../../src/shared/dates';
import { formatInr } from '../../src/shared/money';
import { paiseToRupees, pricePackage, rupeesToPaise } from '../../src/shared/pricing';
import { fileBrowser, hasHorizontalScroll, screenshot, VIEWPORTS } from './browser';
import { apiSignIn, DEMO_USERS, instantQuote, signedInContext } from './demo-api';
import { typeInto } from './people';

const baseURL = inject('baseURL');
const A4 = { width: 794, height: 1123 };
const browser = fileBrowser();

describe('menus on a phone, and the event order on paper', () => {
  it(
    'a customer builds a Jain-and-veg menu on a phone; the admin prints its event order',
    { timeout: 180_000 },
    async () => {
      const quote = await instantQuote(baseURL, {
        client_email: DEMO_USERS.customer.email,
        event_name: 'Sharma Jain Reception',
        guest_count: 100,
        event_date: addDays(todayInIndia(), 45),
      });
      const customerToken = await apiSignIn(baseURL, DEMO_USERS.customer);
      const phone = await signedInContext(browser, { baseURL, viewport: VIEWPORTS.mobile }, customerToken);
      const page = await phone.newPage();

      // From the booking's page to its menu, as the customer would.
      await page.goto(`/bookings/${quote.quote_id}`);
      await page.getByRole('link', { name: 'Choose your menu' }).click();
      await page.getByRole('heading', { name: 'Your menu: Sharma Jain Reception', level: 1 }).waitFor();

      await typeInto(page.getByLabel('Veg guests', { exact: true }), '70');
      await typeInto(page.getByLabel('Jain guests', { exact: true }), '30');

      // A veg starter alone leaves the Jain guests without one: the builder says so and will not save.
      await page.getByText('Paneer Tikka', { exact: true }).click();
      const problems = page.getByRole('alert');
      await problems
        .getByText('Starters: add a dish the Jain guests can eat (Jain guests are served only Jain dishes)')
        .waitFor();
      expect(await page.getByRole('button', { name: 'Save menu' }).isDisabled()).toBe(true);

      const dishes = ['Jain Paneer Tikka', 'Jain Dal Tadka', 'Dal Makhani', 'Shrikhand', 'Sarafa Live Counter'];
      for (const name of [...dishes, 'Kesar Pista Kulfi']) {
        await page.getByText(name, { exact: true }).click();
      }
      await page.getByTestId('allowance-starters').getByText('2 of 4 included').waitFor();
      // The Premium package's live counter is included; the kulfi is an add-on on top of the desserts.
      await page.getByTestId('allowance-live_counters').getByText('1 of 1 included').waitFor();
      await typeInto(page.getByLabel('Allergies'), 'Two guests allergic to peanuts');
      await problems.waitFor({ state: 'detached' });
      expect(await hasHorizontalScroll(page)).toBe(false);

      const expected = pricePackage({
        tier: 'premium',
        guestCount: 100,
        basePricePerPersonPaise: rupeesToPaise(quote.base_price_per_person),
        addOns: [{ description: 'Kesar Pista Kulfi', perGuestPaise: 70_00 }],
      });
      await page.getByRole('button', { name: 'Save menu' }).click();
      await page
        .getByText(`Menu saved: the total is now ${formatInr(paiseToRupees(expected.finalAmountPaise))}`)
        .first()
        .waitFor();
      const pricePanel = page.getByRole('region', { name: 'Price' });
      await pricePanel.getByText(`Kesar Pista Kulfi (add-on): ${formatInr(70)} × 100 guests`).waitFor();
      await pricePanel.getByText(formatInr(paiseToRupees(expected.finalAmountPaise)), { exact: true }).waitFor();
      expect(await hasHorizontalScroll(page)).toBe(false);
      await screenshot(page, 'menu-builder-360');

      const wide = await signedInContext(browser, { baseURL, viewport: VIEWPORTS.desktop }, customerToken);
      const widePage = await wide.newPage();
      await widePage.goto(`/bookings/${quote.quote_id}/menu`);
      await widePage.getByRole('heading', { name: 'Your menu: Sharma Jain Reception', level: 1 }).waitFor();
      expect(await hasHorizontalScroll(widePage)).toBe(false);
      await screenshot(widePage, 'menu-builder-1280');
      await wide.close();
      await phone.close();

      // The admin opens the event order and prints it on A4.
      const adminToken = await apiSignIn(baseURL, DEMO_USERS.admin);
      const paper = await signedInContext(browser, { baseURL, viewport: A4 }, adminToken);
      const order = await paper.newPage();
      await order.goto(`/admin/event-orders/${quote.quote_id}`);
      await order.getByRole('heading', { name: 'Banquet event order', level: 1 }).waitFor();
      await order.getByText('Jain guests are served only the dishes marked J.').waitFor();
      await order.getByText('Kesar Pista Kulfi (add-on)').waitFor();
      await order.getByText('Sarafa Live Counter', { exact: true }).waitFor();
      await order.getByText('Two guests allergic to peanuts').waitFor();
      await order.emulateMedia({ media: 'print' });
      expect(await order.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
      expect(await order.getByRole('button', { name: 'Download PDF' }).isVisible()).toBe(false);
      const pdf = await order.pdf({ format: 'A4', printBackground: false });
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      await screenshot(order, 'event-order-a4');
      await paper.close();
    },
  );
});
