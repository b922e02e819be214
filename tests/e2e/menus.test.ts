import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { addDays, todayInIndia } from '../../src/shared/dates';
import { ALLERGENS } from '../../src/shared/menu';
import { formatInr } from '../../src/shared/money';
import { paiseToRupees, pricePackage, rupeesToPaise } from '../../src/shared/pricing';
import { fileBrowser, hasHorizontalScroll, screenshot, VIEWPORTS } from './browser';
import { apiSignIn, DEMO_USERS, instantQuote, signedInContext } from './demo-api';
import { MIN_TARGET_PX } from './layout-checks';
import { typeInto } from './people';

const baseURL = inject('baseURL');
const A4 = { width: 794, height: 1123 };
const browser = fileBrowser();

/** Presses Tab until `control` has the keyboard. */
async function tabTo(page: Page, control: Locator, max = 150): Promise<void> {
  await control.waitFor({ state: 'attached' });
  for (let presses = 0; presses < max; presses += 1) {
    await page.keyboard.press('Tab');
    if (await control.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`${String(control)} was not reached with ${max} Tab presses`);
}

/** Where the focused element's box ends and the sticky save bar's box starts, in px from the top of the screen. */
async function focusedAgainstBar(page: Page): Promise<{ focusedTop: number; focusedBottom: number; barTop: number }> {
  return page.evaluate(() => {
    const focused = document.activeElement!.getBoundingClientRect();
    const bar = document.querySelector('[data-testid="menu-save-bar"]')!.getBoundingClientRect();
    return { focusedTop: focused.top, focusedBottom: focused.bottom, barTop: bar.top };
  });
}

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

  it(
    'on a phone, a control reached with Tab is scrolled clear of the sticky save bar, for the customer and our team',
    { timeout: 120_000 },
    async () => {
      const quote = await instantQuote(baseURL, {
        client_email: DEMO_USERS.customer.email,
        event_name: 'Kapoor Engagement Lunch',
        guest_count: 100,
      });
      const tokens = {
        customer: await apiSignIn(baseURL, DEMO_USERS.customer),
        admin: await apiSignIn(baseURL, DEMO_USERS.admin),
      };
      const readers = [
        ['customer', `/bookings/${quote.quote_id}/menu`],
        ['admin', `/admin/bookings/${quote.quote_id}/menu`],
      ] as const;
      for (const [reader, path] of readers) {
        // Without smooth scrolling, each Tab's scroll is over before the next key, however fast the keys come.
        const phone = await signedInContext(
          browser,
          { baseURL, viewport: VIEWPORTS.mobile, reducedMotion: 'reduce' },
          tokens[reader],
        );
        const page = await phone.newPage();
        await page.goto(path);
        await page.getByTestId('menu-save-bar').waitFor();
        // A guests field near the top of the builder and a dish far below it: without room left for the bar, each
        // stopped behind it when Tab reached it.
        const controls = [
          page.getByLabel('Non-veg guests', { exact: true }),
          page.getByRole('checkbox', { name: /^Masala Chaas/ }),
        ];
        for (const control of controls) {
          await tabTo(page, control);
          await expect
            .poll(async () => {
              const { focusedTop, focusedBottom, barTop } = await focusedAgainstBar(page);
              return focusedTop >= 0 && focusedBottom <= barTop;
            })
            .toBe(true);
        }
        await phone.close();
      }
    },
  );

  it('on a phone, the dish form’s allergen boxes and its on-the-menu switch are 44 px targets', async () => {
    const adminToken = await apiSignIn(baseURL, DEMO_USERS.admin);
    const phone = await signedInContext(browser, { baseURL, viewport: VIEWPORTS.mobile }, adminToken);
    const page = await phone.newPage();
    await page.goto('/admin/menu');
    await page.getByRole('button', { name: 'Add a dish' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a dish' });
    const allergens = dialog.getByRole('group', { name: 'Allergens' }).locator('label');
    const onTheMenu = dialog.locator('label', { hasText: 'On the menu (customers can choose it)' });
    await onTheMenu.waitFor();
    expect(await allergens.count()).toBe(ALLERGENS.length);
    // Each one is tapped anywhere on its label, which holds its box and its name.
    const small: string[] = [];
    for (const target of [...(await allergens.all()), onTheMenu]) {
      const box = (await target.boundingBox())!;
      // Half a pixel of rounding is not a defect (as in the layout checks).
      if (box.width + 0.5 < MIN_TARGET_PX || box.height + 0.5 < MIN_TARGET_PX) {
        small.push(`${await target.innerText()} ${Math.round(box.width)}×${Math.round(box.height)}`);
      }
    }
    expect(small).toEqual([]);
    await phone.close();
  });
});
