import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { paymentSchedule } from '../../src/shared/booking-rules';
import { addDays, formatLongDate, todayInIndia } from '../../src/shared/dates';
import { formatInr } from '../../src/shared/money';
import { paiseToRupees, priceQuote } from '../../src/shared/pricing';
import { computeRefund } from '../../src/shared/refund-policy';
import { fileBrowser, hasHorizontalScroll, newPage, screenshot, VIEWPORTS } from './browser';
import {
  confirmAddress,
  createAccount,
  quoteOnBook,
  recordUtrOnPaymentsTab,
  signIn,
  typedDate,
  typeInto,
} from './people';

const baseURL = inject('baseURL');
const ADMIN = { email: 'admin@annapurna-events.in', password: 'Admin@12345' };
const browser = fileBrowser();

const MEERA = { name: 'Meera Kulkarni', phone: '+91 98930 55667', password: 'poha-and-jalebi-42' };

function quoteAsMeera(page: Page, email: string, eventName: string, eventDate: string): Promise<void> {
  return quoteOnBook(page, { ...MEERA, email, eventName, eventDate, guests: 200 });
}

/** The admin, signed in on the dashboard, records the UPI payment's UTR on the Payments tab. */
async function adminRecordsUtr(orderId: string, utr: string): Promise<void> {
  const { context, page } = await newPage(browser, baseURL);
  await signIn(page, ADMIN);
  await page.waitForURL((url) => url.pathname === '/admin');
  await recordUtrOnPaymentsTab(page, orderId, utr, () => screenshot(page, 'e2e-admin-record-utr-desktop'));
  await context.close();
}

describe('a customer follows and pays for their booking', () => {
  it('quote → create account → welcome and My Bookings → pay the token → the admin records the UTR → payment successful', async () => {
    const email = `meera.${Date.now()}@example.in`;
    const eventDate = addDays(todayInIndia(), 60);
    const { context, page } = await newPage(browser, baseURL);

    await quoteAsMeera(page, email, 'Kulkarni Sangeet', eventDate);
    await createAccount(page, { ...MEERA, email });
    // Home, signed in: the welcome and the My Bookings link (docs/product.md#screens, landing page signed in).
    await page.getByText('Registration successful!').waitFor();
    await page.getByText('Welcome, Meera Kulkarni').waitFor();
    expect(await page.getByRole('link', { name: 'My Bookings' }).first().getAttribute('href')).toBe('/bookings');
    // The visitor's quote becomes the account's once it confirms the address (docs/product.md#accounts).
    await confirmAddress(page, inject('dataDir'), email);
    await page.goto('/');

    await page.getByRole('link', { name: 'My Bookings' }).first().click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/bookings');
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Kulkarni Sangeet' }) });
    await card.waitFor();
    const price = priceQuote({
      tier: 'premium',
      eventType: 'wedding',
      venueType: 'banquet',
      city: 'Indore',
      guestCount: 200,
    });
    expect(await card.innerText()).toContain(formatInr(paiseToRupees(price.finalAmountPaise)));
    expect(await card.innerText()).toContain('Quoted');
    await screenshot(page, 'e2e-my-bookings-desktop');

    await card.getByRole('link', { name: 'Kulkarni Sangeet' }).click();
    await page.getByRole('heading', { name: 'Kulkarni Sangeet', level: 1 }).waitFor();
    await page.getByRole('region', { name: 'Timeline' }).getByText('Quote created').waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download quote (PDF)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const pdf = await readFile((await download.path())!);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    await page.getByRole('button', { name: `Pay ${formatInr(999)} token` }).click();
    const dialog = page.getByRole('dialog', { name: `Pay the ${formatInr(999)} booking token` });
    const qr = dialog.getByRole('img', { name: /UPI QR code to pay ₹999/ });
    await expect
      .poll(() => qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
      .toBe(true);
    const upi = new URL((await qr.getAttribute('data-qr-value')) ?? '');
    expect(upi.protocol).toBe('upi:');
    expect(upi.searchParams.get('am')).toBe('999.00');
    const orderId = upi.searchParams.get('tr') ?? '';
    expect(orderId).toMatch(/^TKN-/);
    await dialog.getByText(orderId, { exact: true }).waitFor();
    await screenshot(page, 'e2e-pay-token-desktop');

    await dialog.getByRole('button', { name: 'I have paid' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('order_id')).toBe(orderId);
    await page.getByRole('heading', { name: 'Payment Pending' }).waitFor();

    await adminRecordsUtr(orderId, '412345678901');
    await page.reload();
    await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
    await screenshot(page, 'e2e-payment-success-desktop');

    await page.goto('/bookings');
    await card.waitFor();
    expect(await card.innerText()).toContain('Confirmed');
    // Confirmed, the card asks for the next instalment of the schedule, no longer the token (docs/product.md#payments).
    const advance = paymentSchedule({
      totalPaise: price.finalAmountPaise,
      eventDate,
      confirmedOn: todayInIndia(),
    }).find((row) => row.kind === 'advance')!;
    await card.getByRole('button', { name: `Pay ${formatInr(paiseToRupees(advance.amount_paise))} advance` }).waitFor();
    expect(await card.getByRole('button', { name: /token/ }).count()).toBe(0);
    await context.close();
  });

  it('changes the date once and cancels with the refund the terms give, on a phone', async () => {
    const email = `arjun.${Date.now()}@example.in`;
    const eventDate = addDays(todayInIndia(), 40);
    const newDate = addDays(todayInIndia(), 75);
    const { context, page } = await newPage(browser, baseURL, VIEWPORTS.mobile);

    await quoteAsMeera(page, email, 'Arjun Naming Ceremony', eventDate);
    await createAccount(page, { ...MEERA, email });
    await confirmAddress(page, inject('dataDir'), email);
    await page.goto('/bookings');
    await page.getByRole('link', { name: 'Arjun Naming Ceremony' }).click();
    await page.getByRole('heading', { name: 'Arjun Naming Ceremony', level: 1 }).waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await screenshot(page, 'e2e-booking-detail-mobile');

    await page.getByRole('button', { name: 'Change event date' }).click();
    const dateDialog = page.getByRole('dialog', { name: 'Change the event date' });
    await typeInto(dateDialog.getByLabel('New event date'), typedDate(newDate));
    await dateDialog.getByLabel('New event date').press('Tab');
    await dateDialog.getByRole('button', { name: 'Change date' }).click();
    await page.getByText(/^Event date changed to/).waitFor();
    await page.getByRole('region', { name: 'Timeline' }).getByText('Event date changed').waitFor();
    // One change per booking: the button is gone and the page says why.
    await page.getByText('The event date has already been changed once.').waitFor();
    expect(await page.getByRole('button', { name: 'Change event date' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Cancel booking' }).click();
    const cancelDialog = page.getByRole('alertdialog', { name: 'Cancel this booking?' });
    // The refund band counts from the earlier of the first and the new date (docs/product.md#refunds).
    const expected = computeRefund({ eventDate, totalPaise: 1, paidPaise: 0, cancelledBy: 'customer' });
    // The event's own day first, then the earlier day the refund counts from.
    await cancelDialog
      .getByText(
        `Your event is on ${formatLongDate(newDate)}, 75 days away (India time). As its date was changed, the refund ` +
          `is counted from the original date, ${formatLongDate(eventDate)} (${expected.days_before} days away)`,
        { exact: false },
      )
      .waitFor();
    await cancelDialog.getByText('Nothing has been paid for this booking, so there is nothing to refund.').waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await screenshot(page, 'e2e-cancel-booking-mobile');
    await cancelDialog.getByRole('button', { name: 'Cancel booking' }).click();
    await page.getByText('Booking cancelled', { exact: true }).waitFor();
    await page.getByText('Cancelled.', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Cancel booking' }).count()).toBe(0);
    await context.close();
  });
});
