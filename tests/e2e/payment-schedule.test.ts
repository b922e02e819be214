import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { paymentSchedule, type Instalment } from '../../src/shared/booking-rules';
import { addDays, formatLongDate, todayInIndia } from '../../src/shared/dates';
import { formatInr } from '../../src/shared/money';
import { paiseToRupees, priceQuote } from '../../src/shared/pricing';
import { computeRefund } from '../../src/shared/refund-policy';
import { fileBrowser, newPage, screenshot, waitOrExplain } from './browser';
import { api, apiSignIn, DEMO_USERS } from './demo-api';
import { animationsDone } from './route-views';
import {
  confirmAddress,
  createAccount,
  definition,
  quoteOnBook,
  recordUtrOnPaymentsTab,
  signIn,
  typeInto,
} from './people';

/*
 * The payment schedule as the customer and the admin live it (docs/product.md#payments, #refunds, #money): the
 * booking amount, then the advance and the balance paid from My Bookings by UPI, each confirmed by the admin's UTR;
 * the Money tab's receivables and collections; and a second booking paid in part by cash at the office, then
 * cancelled with the refund the terms give on what the ledger holds. Every expected figure comes from the shared
 * rules the app itself uses.
 */
const baseURL = inject('baseURL');
const run = Date.now() % 1_000_000;
const customer = {
  name: 'Sneha Deshmukh',
  email: `sneha.${run}@example.in`,
  phone: '+91 98260 41735',
  password: 'sabudana-khichdi-7',
};
let utrCount = 0;
/** A fresh 12-digit UTR: each may be used once across the app. */
const nextUtr = () => `8${String(run).padStart(6, '0')}${String(++utrCount).padStart(5, '0')}`;

const browser = fileBrowser();
let customerSession: { context: BrowserContext; page: Page };
let adminSession: { context: BrowserContext; page: Page };
let adminToken: string;

beforeAll(async () => {
  customerSession = await newPage(browser, baseURL);
  await createAccount(customerSession.page, customer);
  await confirmAddress(customerSession.page, inject('dataDir'), customer.email);
  adminSession = await newPage(browser, baseURL);
  await signIn(adminSession.page, DEMO_USERS.admin);
  await adminSession.page.waitForURL((url) => url.pathname === '/admin');
  adminToken = await apiSignIn(baseURL, DEMO_USERS.admin);
});
afterAll(async () => {
  await customerSession?.context.close();
  await adminSession?.context.close();
});

const rupees = (paise: number) => formatInr(paiseToRupees(paise));

function instalment(schedule: Instalment[], kind: Instalment['kind']): Instalment {
  const row = schedule.find((item) => item.kind === kind);
  if (!row) throw new Error(`No ${kind} in the schedule`);
  return row;
}

/** One row of the customer's "Payment schedule" list, by its label. */
function scheduleRow(scope: Locator, label: string): Locator {
  return scope
    .getByRole('list', { name: 'Payment schedule' })
    .getByRole('listitem')
    .filter({ hasText: new RegExp(`^${label}`) });
}

/** The customer opens the booking from My Bookings and returns its address. */
async function openFromMyBookings(page: Page, eventName: string): Promise<string> {
  await page.goto('/bookings');
  await page.getByRole('link', { name: eventName }).click();
  await page.getByRole('heading', { name: eventName, level: 1 }).waitFor();
  return new URL(page.url()).pathname;
}

/**
 * The customer clicks a Pay button, checks the UPI QR carries the amount, clicks "I have paid" and lands on the
 * pending result page. Returns the order id the QR carries.
 */
async function payByUpi(page: Page, button: string, dialogTitle: string, amountPaise: number, shot: string) {
  await page.getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog', { name: dialogTitle });
  const qr = dialog.getByRole('img', { name: new RegExp(`UPI QR code to pay ${rupees(amountPaise)}`) });
  await expect
    .poll(() => qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
    .toBe(true);
  const upi = new URL((await qr.getAttribute('data-qr-value')) ?? '');
  expect(upi.searchParams.get('am')).toBe((amountPaise / 100).toFixed(2));
  const orderId = upi.searchParams.get('tr') ?? '';
  await dialog.getByText(orderId, { exact: true }).waitFor();
  await animationsDone(page);
  await screenshot(page, shot, { fullPage: false });
  await dialog.getByRole('button', { name: 'I have paid' }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get('order_id')).toBe(orderId);
  await page.getByRole('heading', { name: 'Payment Pending' }).waitFor();
  return orderId;
}

/** Back on the result page once the admin has recorded the UTR: paid, for this amount. */
async function seesPaymentSuccessful(page: Page, amountPaise: number, paidFor: string): Promise<void> {
  await page.reload();
  await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
  const main = page.locator('main');
  expect(await definition(main, 'Payment For').innerText()).toBe(paidFor);
  expect(await definition(main, 'Amount Paid').innerText()).toBe(rupees(amountPaise));
}

describe('the payment schedule, paid from My Bookings', () => {
  it(
    'token → confirmed with its schedule → advance → balance, each confirmed by the admin; the Money tab agrees',
    { timeout: 240_000 },
    async () => {
      const { page } = customerSession;
      const admin = adminSession.page;
      const eventName = `Deshmukh Sagai ${run}`;
      const eventDate = addDays(todayInIndia(), 60);
      await quoteOnBook(page, { ...customer, eventName, eventDate, guests: 200 });
      const total = priceQuote({
        tier: 'premium',
        eventType: 'wedding',
        venueType: 'banquet',
        city: 'Indore',
        guestCount: 200,
      }).finalAmountPaise;
      const today = todayInIndia();
      const schedule = paymentSchedule({ totalPaise: total, eventDate, confirmedOn: today });
      const token = instalment(schedule, 'booking_amount');
      const advance = instalment(schedule, 'advance');
      const balance = instalment(schedule, 'balance');

      // The ₹999 booking amount, confirmed by the admin's UTR on the Payments tab.
      const detailPath = await openFromMyBookings(page, eventName);
      const tokenOrder = await payByUpi(
        page,
        `Pay ${rupees(token.amount_paise)} token`,
        `Pay the ${rupees(token.amount_paise)} booking token`,
        token.amount_paise,
        'e2e-schedule-pay-token-desktop',
      );
      expect(tokenOrder).toMatch(/^TKN-/);
      const tokenUtr = nextUtr();
      await recordUtrOnPaymentsTab(admin, tokenOrder, tokenUtr);
      await seesPaymentSuccessful(page, token.amount_paise, 'Booking token');

      // Confirmed: the schedule shows the booking amount paid, the advance and the balance with their dates.
      await page.goto(detailPath);
      const payments = page.getByRole('region', { name: 'Payments' });
      await scheduleRow(payments, 'Booking amount').getByText('Paid', { exact: true }).waitFor();
      await waitOrExplain(
        page,
        page.getByText(
          `Your booking is confirmed. The advance of ${rupees(advance.amount_paise)} ` +
            `is due by ${formatLongDate(advance.due_date)}.`,
        ),
        'schedule-confirmed',
      );
      const advanceRow = scheduleRow(payments, 'Advance');
      expect(await advanceRow.innerText()).toContain(`Due by ${formatLongDate(advance.due_date)}`);
      expect(await advanceRow.innerText()).toContain(rupees(advance.amount_paise));
      expect(await advanceRow.getByText('Due', { exact: true }).count()).toBe(1);
      const balanceRow = scheduleRow(payments, 'Balance');
      expect(await balanceRow.innerText()).toContain(`Due by ${formatLongDate(balance.due_date)}`);
      expect(await balanceRow.innerText()).toContain(rupees(balance.amount_paise));
      expect(await definition(payments, 'Paid so far').innerText()).toBe(rupees(token.amount_paise));
      expect(await definition(payments, 'Still to pay').innerText()).toBe(rupees(total - token.amount_paise));
      await screenshot(page, 'e2e-schedule-confirmed-desktop');

      // The advance, from the booking's own Pay button; the admin records its UTR on the Payments tab too.
      const advanceOrder = await payByUpi(
        page,
        `Pay ${rupees(advance.amount_paise)} advance`,
        `Pay the ${rupees(advance.amount_paise)} advance`,
        advance.amount_paise,
        'e2e-schedule-pay-advance-desktop',
      );
      expect(advanceOrder).toMatch(/^PAY-/);
      await recordUtrOnPaymentsTab(admin, advanceOrder, nextUtr());
      await seesPaymentSuccessful(page, advance.amount_paise, 'Booking payment');

      await page.goto(detailPath);
      await scheduleRow(payments, 'Advance').getByText('Paid', { exact: true }).waitFor();
      expect(await definition(payments, 'Paid so far').innerText()).toBe(rupees(advance.cumulative_paise));
      const timeline = page.getByRole('region', { name: 'Timeline' });
      await timeline.getByText('Advance payment started').waitFor();
      await timeline.getByText('Payment received', { exact: true }).waitFor();

      // The balance; this time the admin records the UTR through the API.
      const balanceOrder = await payByUpi(
        page,
        `Pay ${rupees(balance.amount_paise)} balance`,
        `Pay the ${rupees(balance.amount_paise)} balance`,
        balance.amount_paise,
        'e2e-schedule-pay-balance-desktop',
      );
      await api(baseURL, 'PUT', `/admin/payments/${encodeURIComponent(balanceOrder)}/utr`, {
        token: adminToken,
        body: { utr: nextUtr() },
      });
      await seesPaymentSuccessful(page, balance.amount_paise, 'Booking payment');

      // Paid in full: every instalment paid, nothing still to pay, no Pay button anywhere.
      await page.goto(detailPath);
      await scheduleRow(payments, 'Balance').getByText('Paid', { exact: true }).waitFor();
      await page
        .getByText('Your booking is confirmed. Your event coordinator will plan the menu and timings with you.')
        .waitFor();
      expect(await scheduleRow(payments, 'Booking amount').getByText('Paid', { exact: true }).count()).toBe(1);
      expect(await scheduleRow(payments, 'Advance').getByText('Paid', { exact: true }).count()).toBe(1);
      expect(await definition(payments, 'Paid so far').innerText()).toBe(rupees(total));
      expect(await definition(payments, 'Still to pay').innerText()).toBe(formatInr(0));
      const actions = page.getByRole('region', { name: 'Actions' });
      await actions.getByRole('button', { name: 'Download quote (PDF)' }).waitFor();
      expect(await actions.getByRole('button', { name: /^Pay / }).count()).toBe(0);
      await screenshot(page, 'e2e-schedule-paid-in-full-desktop');
      await page.goto('/bookings');
      const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: eventName }) });
      await card.waitFor();
      expect(await card.getByRole('button', { name: /Pay/ }).count()).toBe(0);

      // Money → Receivables: the booking, searched by the client's e-mail, owes nothing and is not overdue.
      await admin.goto('/admin?tab=money');
      await typeInto(admin.getByRole('searchbox', { name: 'Search receivables' }), customer.email);
      const receivable = admin
        .getByRole('table', { name: 'Receivables' })
        .getByRole('row')
        .filter({ hasText: eventName });
      await expect.poll(() => admin.getByRole('table', { name: 'Receivables' }).getByRole('row').count()).toBe(2);
      await receivable.waitFor();
      expect(await receivable.locator('[data-label="Total"]').innerText()).toBe(rupees(total));
      expect(await receivable.locator('[data-label="Paid"]').innerText()).toBe(rupees(total));
      expect(await receivable.locator('[data-label="Due now"]').innerText()).toBe(formatInr(0));
      expect(await receivable.locator('[data-label="Outstanding"]').innerText()).toBe(formatInr(0));
      expect(await receivable.locator('[data-label="Next due"]').innerText()).toBe('Paid in full');
      expect(await receivable.getByText(/overdue/).count()).toBe(0);
      await screenshot(admin, 'e2e-schedule-receivables-desktop');

      // Money → Collections for today: the three payments, by UPI, among the ledger rows.
      await admin.goto(`/admin?tab=money&from=${today}&to=${today}`);
      const collections = admin.getByRole('region', { name: 'Collections' });
      const ledger = collections.getByRole('table', { name: 'Ledger rows' });
      await ledger.waitFor();
      const found: string[] = [];
      for (;;) {
        for (const row of await ledger.getByRole('row').filter({ hasText: eventName }).all()) {
          found.push(await row.innerText());
        }
        const next = collections.getByRole('navigation', { name: 'Ledger rows pages' }).getByRole('button', {
          name: 'Next',
        });
        if (await next.isDisabled()) break;
        const shown = await collections.getByRole('navigation', { name: 'Ledger rows pages' }).innerText();
        const rowsShown = await ledger.innerText();
        await next.click();
        await expect
          .poll(() => collections.getByRole('navigation', { name: 'Ledger rows pages' }).innerText())
          .not.toBe(shown);
        // The pager moves at once; the rows follow when the next page has arrived (the last one stays until then).
        await expect.poll(() => ledger.innerText()).not.toBe(rowsShown);
      }
      expect(found).toHaveLength(3);
      for (const paise of [token.amount_paise, advance.amount_paise, balance.amount_paise]) {
        const row = found.find((text) => text.includes(rupees(paise)));
        expect(row, rupees(paise)).toBeDefined();
        expect(row).toContain('Received');
        expect(row).toContain('UPI');
      }
      expect(found.join('\n')).toContain(tokenUtr);
      await screenshot(admin, 'e2e-schedule-collections-desktop');
    },
  );

  it(
    'a second booking: token paid, the admin records part of the ' +
      'rest in cash, then the customer cancels and sees the refund',
    { timeout: 180_000 },
    async () => {
      const { page } = customerSession;
      const admin = adminSession.page;
      const eventName = `Deshmukh Griha Pravesh ${run}`;
      const eventDate = addDays(todayInIndia(), 45);
      await quoteOnBook(page, { ...customer, eventName, eventDate, guests: 150 });
      const total = priceQuote({
        tier: 'premium',
        eventType: 'wedding',
        venueType: 'banquet',
        city: 'Indore',
        guestCount: 150,
      }).finalAmountPaise;
      const schedule = paymentSchedule({ totalPaise: total, eventDate, confirmedOn: todayInIndia() });
      const token = instalment(schedule, 'booking_amount');
      const advance = instalment(schedule, 'advance');
      const balance = instalment(schedule, 'balance');

      const detailPath = await openFromMyBookings(page, eventName);
      const tokenOrder = await payByUpi(
        page,
        `Pay ${rupees(token.amount_paise)} token`,
        `Pay the ${rupees(token.amount_paise)} booking token`,
        token.amount_paise,
        'e2e-schedule-second-token-desktop',
      );
      await api(baseURL, 'PUT', `/admin/payments/${encodeURIComponent(tokenOrder)}/utr`, {
        token: adminToken,
        body: { utr: nextUtr() },
      });
      await seesPaymentSuccessful(page, token.amount_paise, 'Booking token');

      // The admin records cash received at the office: the advance and ₹20,000 towards the balance.
      const cashPaise = advance.amount_paise + 20_000_00;
      await admin.goto('/admin');
      await admin.getByRole('button', { name: 'View all' }).click();
      await typeInto(admin.getByLabel('Search bookings'), eventName);
      const row = admin.getByRole('table', { name: 'All Bookings' }).getByRole('row').filter({ hasText: eventName });
      await expect.poll(() => admin.getByRole('table', { name: 'All Bookings' }).locator('tbody tr').count()).toBe(1);
      await row.getByRole('button', { name: `View ${eventName}` }).click();
      const details = admin.getByRole('dialog', { name: 'Booking Details' });
      const form = details.getByRole('form', { name: 'Record a payment' });
      await form.waitFor();
      const adminSchedule = details.getByRole('list', { name: 'Payment schedule' });
      const adminRow = (label: string) =>
        adminSchedule.getByRole('listitem').filter({ hasText: new RegExp(`^${label}`) });
      expect(await adminRow('Advance').innerText()).toContain(`${rupees(advance.amount_paise)} due`);
      await typeInto(form.getByLabel('Amount (₹)'), String(paiseToRupees(cashPaise)));
      await form.getByLabel('Method').selectOption('cash');
      await typeInto(form.getByLabel('Cash receipt number'), `CR-${run}`);
      await typeInto(form.getByLabel('Note (optional)'), 'Paid at the Vijay Nagar office');
      await form.getByRole('button', { name: 'Record payment' }).click();
      await admin.locator('[data-toast-id][data-visible="true"]').first().waitFor();
      await adminRow('Advance').getByText('Paid', { exact: true }).waitFor();
      expect(await adminRow('Balance').innerText()).toContain(`${rupees(balance.amount_paise - 20_000_00)} due`);
      const ledger = details.getByRole('list', { name: 'Ledger' });
      expect(await ledger.innerText()).toContain(`Payment · cash`);
      expect(await ledger.innerText()).toContain(`CR-${run}`);
      expect(await ledger.innerText()).toContain(rupees(cashPaise));
      await details.getByText(`Still to pay ${rupees(total - token.amount_paise - cashPaise)}`).waitFor();
      await details.getByRole('heading', { name: 'Payments' }).evaluate((heading) => heading.scrollIntoView());
      await screenshot(admin, 'e2e-schedule-record-cash-desktop', { fullPage: false });
      await admin.keyboard.press('Escape');
      await details.waitFor({ state: 'detached' });

      // The customer's schedule follows: the advance paid, the balance paid in part.
      await page.goto(detailPath);
      const payments = page.getByRole('region', { name: 'Payments' });
      await scheduleRow(payments, 'Advance').getByText('Paid', { exact: true }).waitFor();
      await scheduleRow(payments, 'Balance')
        .getByText(`${formatInr(20_000)} paid`)
        .waitFor();
      const paid = token.amount_paise + cashPaise;
      expect(await definition(payments, 'Paid so far').innerText()).toBe(rupees(paid));
      expect(await definition(payments, 'Still to pay').innerText()).toBe(rupees(total - paid));

      // Cancelling: the dialog's refund is the terms' on what was paid, and the booking page then shows it.
      const expected = computeRefund({ eventDate, totalPaise: total, paidPaise: paid, cancelledBy: 'customer' });
      expect(expected.refund_amount_paise).toBeGreaterThan(0);
      await page.getByRole('button', { name: 'Cancel booking' }).click();
      const cancel = page.getByRole('alertdialog', { name: 'Cancel this booking?' });
      await cancel
        .getByText(`Your event is ${expected.days_before} days away (India time).`, { exact: false })
        .waitFor();
      expect(await definition(cancel, 'Paid so far').innerText()).toBe(rupees(paid));
      const shownRefund = await definition(cancel, 'Refund to you').innerText();
      expect(shownRefund).toBe(rupees(expected.refund_amount_paise));
      await animationsDone(page);
      await screenshot(page, 'e2e-schedule-cancel-desktop', { fullPage: false });
      await cancel.getByRole('button', { name: 'Cancel booking' }).click();
      await page
        .getByText(
          `Cancelled. A refund of ${shownRefund} will be paid to ` +
            'your original payment method within 10 to 15 business days.',
        )
        .waitFor();
      await expect.poll(() => definition(payments, 'Refund').innerText()).toBe(`${shownRefund} (due)`);
      expect(await definition(payments, 'Paid so far').innerText()).toBe(rupees(paid));
      expect(await payments.getByText('Still to pay').count()).toBe(0);
      expect(await page.getByRole('region', { name: 'Actions' }).getByRole('button', { name: /^Pay / }).count()).toBe(
        0,
      );
      await screenshot(page, 'e2e-schedule-cancelled-desktop');
    },
  );
});
