import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { addDays, todayInIndia } from '../../src/shared/dates';
import { formatInr } from '../../src/shared/money';
import { paiseToRupees, priceQuote } from '../../src/shared/pricing';
import { computeRefund } from '../../src/shared/refund-policy';
import { hasHorizontalScroll, launchBrowser, newPage, screenshot, VIEWPORTS } from './browser';

const baseURL = inject('baseURL');
const ADMIN = { email: 'admin@annapurna-events.in', password: 'Admin@12345' };
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** `YYYY-MM-DD` as the en-IN date field takes it. */
function typed(iso: string): string {
  const [year, month, day] = iso.split('-');
  return `${day}/${month}/${year}`;
}

async function quoteOnBook(page: Page, email: string, eventName: string, eventDate: string): Promise<void> {
  await page.goto('/book?eventType=wedding');
  await page.getByRole('heading', { name: 'Event Details' }).waitFor();
  await page.locator('label', { has: page.getByRole('radio', { name: 'Premium' }) }).click();
  await page.getByLabel('Full Name').fill('Meera Kulkarni');
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Phone Number').fill('+91 98930 55667');
  await page.getByLabel('Event Name').fill(eventName);
  await page.getByLabel('Expected Guest Count').fill('200');
  await page.getByLabel('Venue Type').selectOption('banquet');
  await page.getByLabel('Venue Name').fill('Radisson Blu');
  await page.getByLabel('Venue Location/City').fill('Indore');
  await page.getByLabel('Event Date').fill(typed(eventDate));
  await page.getByLabel('Event Date').press('Tab');
  await page.getByRole('button', { name: 'Get Instant Quote' }).click();
  await page.getByRole('heading', { name: 'Your Instant Quote is Ready!' }).waitFor();
}

async function createAccount(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Create an account' }).click();
  const form = page.getByRole('form', { name: 'Create account' });
  await form.getByLabel('Full Name').fill('Meera Kulkarni');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Phone').fill('+91 98930 55667');
  await form.locator('input[autocomplete="new-password"]').fill('poha-and-jalebi-42');
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe('/');
}

/**
 * Opens the confirmation link the app mailed to `email`: the development transport writes each message as an .eml
 * file (quoted-printable) under the data directory's `mail/` folder (README, "E-mail").
 */
async function confirmAddress(page: Page, email: string): Promise<void> {
  const mailDir = join(inject('dataDir'), 'mail');
  let link: string | null = null;
  await expect
    .poll(
      async () => {
        const names = await readdir(mailDir).catch(() => [] as string[]);
        for (const name of names) {
          const raw = (await readFile(join(mailDir, name), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
          const match = raw.includes(email) ? /\/verify-email#token=([A-Za-z0-9_-]+)/.exec(raw) : null;
          if (match) link = `/verify-email#token=${match[1]}`;
        }
        return link !== null;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  await page.goto(link!);
  await page.getByText('E-mail address confirmed').first().waitFor();
}

/** The admin, on the dashboard's Payments tab, records the UPI payment's UTR against the order. */
async function adminRecordsUtr(orderId: string, utr: string): Promise<void> {
  const { context, page } = await newPage(browser, baseURL);
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(ADMIN.email);
  await form.locator('input[autocomplete="current-password"]').fill(ADMIN.password);
  await form.getByRole('button', { name: 'Sign In' }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe('/admin');
  await page.getByRole('tab', { name: /Payments/ }).click();
  await page.getByRole('button', { name: `Record UTR for ${orderId}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Record UTR' });
  await dialog.getByRole('textbox', { name: 'UTR' }).fill(utr);
  await screenshot(page, 'e2e-admin-record-utr-desktop');
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  await page.locator('[data-toast-id][data-visible="true"]', { hasText: 'Payment recorded' }).waitFor();
  await context.close();
}

describe('a customer follows and pays for their booking', () => {
  it('quote → create account → welcome and My Bookings → pay the token → the admin records the UTR → payment successful', async () => {
    const email = `meera.${Date.now()}@example.in`;
    const eventDate = addDays(todayInIndia(), 60);
    const { context, page } = await newPage(browser, baseURL);

    await quoteOnBook(page, email, 'Kulkarni Sangeet', eventDate);
    await createAccount(page, email);
    // Home, signed in: the welcome and the My Bookings link (docs/product.md#screens, landing page signed in).
    await page.getByText('Registration successful!').waitFor();
    await page.getByText('Welcome, Meera Kulkarni').waitFor();
    expect(await page.getByRole('link', { name: 'My Bookings' }).first().getAttribute('href')).toBe('/bookings');
    // The visitor's quote becomes the account's once it confirms the address (docs/product.md#accounts).
    await confirmAddress(page, email);
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
    expect(await card.getByRole('button', { name: /Pay/ }).count()).toBe(0);
    await context.close();
  });

  it('changes the date once and cancels with the refund the terms give, on a phone', async () => {
    const email = `arjun.${Date.now()}@example.in`;
    const eventDate = addDays(todayInIndia(), 40);
    const newDate = addDays(todayInIndia(), 75);
    const { context, page } = await newPage(browser, baseURL, VIEWPORTS.mobile);

    await quoteOnBook(page, email, 'Arjun Naming Ceremony', eventDate);
    await createAccount(page, email);
    await confirmAddress(page, email);
    await page.goto('/bookings');
    await page.getByRole('link', { name: 'Arjun Naming Ceremony' }).click();
    await page.getByRole('heading', { name: 'Arjun Naming Ceremony', level: 1 }).waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await screenshot(page, 'e2e-booking-detail-mobile');

    await page.getByRole('button', { name: 'Change event date' }).click();
    const dateDialog = page.getByRole('dialog', { name: 'Change the event date' });
    await dateDialog.getByLabel('New event date').fill(typed(newDate));
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
    await cancelDialog
      .getByText(`Your event is ${expected.days_before} days away (India time).`, { exact: false })
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
