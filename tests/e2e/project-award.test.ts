import { DEFAULT_BID_RULES, supplierBudgetPaise } from '../../src/shared/supplier-bids';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { addDays, todayInIndia } from '../../src/shared/dates';
import { formatInr } from '../../src/shared/money';
import { fileBrowser, newPage, screenshot, VIEWPORTS } from './browser';
import { signIn } from './people';

const baseURL = inject('baseURL');
const ADMIN = { email: 'admin@annapurna-events.in', password: 'Admin@12345' };
/** Two approved suppliers of the demo data, both with sign-ins. */
const SUPPLIER_A = {
  email: 'supplier@annapurna-events.in',
  password: 'Supplier@123',
  business: 'Malwa Rasoi Caterers',
};
const SUPPLIER_B = { email: 'imran@shahidawat.example.in', password: 'Supplier@123', business: 'Shahi Dawat Events' };
const browser = fileBrowser();

/**
 * A fresh quoted booking, made the way a visitor makes one, so no project exists for it yet. Answers its taxable
 * amount in paise (what the supplier budget is a share of).
 */
async function newQuotedBooking(eventName: string): Promise<number> {
  const response = await fetch(new URL('/api/quotation/instant', baseURL), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      event_type: 'corporate',
      event_date: addDays(todayInIndia(), 21),
      guest_count: 180,
      venue_type: 'banquet',
      tier: 'premium',
      location: 'Indore',
      client_email: `ops.${Date.now()}@example.in`,
      client_name: 'Rahul Jain',
      event_name: eventName,
    }),
  });
  expect(response.status).toBe(200);
  const quote = (await response.json()) as { subtotal: number };
  return Math.round(quote.subtotal * 100);
}

async function signInAndLand(page: Page, user: { email: string; password: string }, home: string): Promise<void> {
  await signIn(page, user);
  await expect.poll(() => new URL(page.url()).pathname).toBe(home);
}

async function toast(page: Page, text: string): Promise<void> {
  await page.locator('[data-toast-id][data-visible="true"]', { hasText: text }).first().waitFor();
}

/**
 * Runs `action` and waits for a toast saying `text` that was shown after it: the same message from an earlier
 * action may still be on screen, and it proves nothing about this one.
 */
async function newToast(page: Page, text: string, action: () => Promise<void>): Promise<void> {
  const toasts = page.locator('[data-toast-id]');
  const ids = await toasts.evaluateAll((nodes) => nodes.map((node) => Number(node.getAttribute('data-toast-id'))));
  const newest = Math.max(0, ...ids);
  await action();
  const shown = page.locator('[data-toast-id][data-visible="true"]', { hasText: text });
  await expect
    .poll(() =>
      shown.evaluateAll(
        (nodes, after) => nodes.some((node) => Number(node.getAttribute('data-toast-id')) > after),
        newest,
      ),
    )
    .toBe(true);
}

/** All Bookings searched for the event; after a reload the address has kept the list and its search. */
async function findBooking(page: Page, eventName: string) {
  const viewAll = page.getByRole('button', { name: 'View all' });
  const search = page.getByLabel('Search bookings');
  await viewAll.or(search).first().waitFor();
  if (await viewAll.isVisible()) await viewAll.click();
  await search.fill(eventName);
  const row = page.getByRole('table', { name: 'All Bookings' }).getByRole('row').filter({ hasText: eventName });
  await row.waitFor();
  return row;
}

async function assign(page: Page, eventName: string, business: string): Promise<void> {
  await page.getByRole('button', { name: `Assign Supplier to ${eventName}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Assign Supplier to Event' });
  const select = dialog.getByLabel(/Select Supplier/);
  const label = await select.locator('option', { hasText: business }).first().innerText();
  await select.selectOption({ label });
  await newToast(page, 'Supplier assigned successfully!', () => dialog.getByRole('button', { name: 'Assign' }).click());
  await dialog.waitFor({ state: 'detached' });
}

/** A supplier signs in, finds the invitation for the event and quotes `amount` from it. */
async function quoteAs(supplier: typeof SUPPLIER_A, eventName: string, amount: number): Promise<void> {
  const { context, page } = await newPage(browser, baseURL, VIEWPORTS.mobile);
  await signInAndLand(page, supplier, '/supplier');
  const notifications = page.getByRole('region', { name: 'New Project Notifications' });
  const invitation = notifications.locator('li', { hasText: eventName });
  await invitation.waitFor();
  await invitation.getByRole('button', { name: 'Submit Quote' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Your Quote Amount').fill(String(amount));
  await dialog.getByLabel('Additional Notes & Terms').fill('Veg and Jain menus, 20 service staff, crockery included.');
  await dialog.getByRole('button', { name: 'Submit Quote' }).click();
  await toast(page, 'Quote submitted successfully!');
  await page.getByRole('article', { name: eventName }).getByText(formatInr(amount)).waitFor();
  await context.close();
}

async function outcomeFor(supplier: typeof SUPPLIER_A, eventName: string, shot: string): Promise<string> {
  const { context, page } = await newPage(browser, baseURL, VIEWPORTS.mobile);
  await signInAndLand(page, supplier, '/supplier');
  const card = page.getByRole('article', { name: eventName });
  await card.waitFor();
  await card.scrollIntoViewIfNeeded();
  await screenshot(page, shot);
  const text = await card.innerText();
  await context.close();
  return text;
}

describe('a project from assignment to award in a real browser', () => {
  it('admin assigns two suppliers; A quotes, B quotes lower; closing the quotes awards B; each sees the outcome', async () => {
    const eventName = `Pithampur Plant Annual Dinner ${Date.now() % 100_000}`;
    // Both bids sit inside the supplier budget (docs/product.md#supplier-bids), so neither is flagged.
    const budget = supplierBudgetPaise(await newQuotedBooking(eventName), DEFAULT_BID_RULES)!;
    const bidA = Math.round((budget * 0.9) / 100);
    const bidB = Math.round((budget * 0.85) / 100) + 0.5;

    const admin = await newPage(browser, baseURL, VIEWPORTS.desktop);
    await signInAndLand(admin.page, ADMIN, '/admin');
    await findBooking(admin.page, eventName);
    await assign(admin.page, eventName, SUPPLIER_A.business);
    await assign(admin.page, eventName, SUPPLIER_B.business);

    await quoteAs(SUPPLIER_A, eventName, bidA);
    await quoteAs(SUPPLIER_B, eventName, bidB);

    // The admin sees both quotes, lowest first, and closes the quotes: the auto-assign date moves to now.
    await admin.page.reload();
    const row = await findBooking(admin.page, eventName);
    await row.getByRole('button', { name: `View ${eventName}` }).click();
    const details = admin.page.getByRole('dialog', { name: 'Booking Details' });
    await details.getByRole('article', { name: SUPPLIER_B.business }).getByText(formatInr(bidB)).waitFor();
    await details.getByRole('article', { name: SUPPLIER_A.business }).getByText(formatInr(bidA)).waitFor();
    await details.getByRole('button', { name: 'Close quotes and award now' }).click();
    const confirm = admin.page.getByRole('alertdialog', { name: 'Close the quotes now?' });
    await confirm.getByRole('button', { name: 'Close and award' }).click();
    await toast(admin.page, `Project awarded to ${SUPPLIER_B.business}`);
    await details.getByText(/^Awarded to/).waitFor();
    expect(await details.getByText(/^Awarded to/).innerText()).toContain(SUPPLIER_B.business);
    await screenshot(admin.page, 'e2e-project-awarded-admin-desktop');
    await admin.context.close();

    expect(await outcomeFor(SUPPLIER_B, eventName, 'e2e-project-won-mobile')).toContain('Won');
    expect(await outcomeFor(SUPPLIER_A, eventName, 'e2e-project-not-selected-mobile')).toContain('Not selected');
  });
});
