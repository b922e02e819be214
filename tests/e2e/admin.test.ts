import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Papa from 'papaparse';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp } from './app-server';
import { fileBrowser, hasHorizontalScroll, newPage, screenshot, VIEWPORTS } from './browser';
import { signIn } from './people';

/*
 * This file runs its own copy of the app (same start-up as the shared one, fresh data directory, demo data): it
 * approves the seeded pending vendor, which the sign-in test expects to find still pending, and files run in no
 * fixed order.
 */
let baseURL = '';
let stopApp: (() => Promise<void>) | undefined;
const browser = fileBrowser();

beforeAll(async () => {
  const app = await startApp();
  baseURL = app.baseURL;
  stopApp = app.stop;
});

afterAll(async () => {
  await stopApp?.();
});

const ADMIN = { email: 'admin@annapurna-events.in', password: 'Admin@12345' };
const PENDING_VENDOR = { email: 'vendor.pending@example.in', password: 'Vendor@123' };

async function openAdmin(page: Page): Promise<void> {
  await signIn(page, ADMIN);
  await expect.poll(() => new URL(page.url()).pathname).toBe('/admin');
  await page.getByRole('heading', { level: 1, name: /Admin Dashboard/ }).waitFor();
  await page.getByRole('table', { name: 'Recent Bookings' }).waitFor();
  await clearToasts(page);
}

async function openTab(page: Page, name: RegExp): Promise<void> {
  await page.getByRole('tab', { name }).click();
}

/** A dialog is fixed to the viewport, so its screenshots show the viewport rather than the whole page. */
async function viewportShot(page: Page, name: string): Promise<void> {
  const dir = join(import.meta.dirname, '..', '..', 'screenshots');
  mkdirSync(dir, { recursive: true });
  await page.waitForTimeout(350); // the dialog's opening animation
  await page.screenshot({ path: join(dir, `${name}.png`) });
}

/** Dismisses the visible toasts (only while no dialog is open: a click outside a dialog closes it). */
async function clearToasts(page: Page): Promise<void> {
  for (const button of await page.getByRole('button', { name: 'Dismiss notification' }).all()) await button.click();
  await page.getByRole('button', { name: 'Dismiss notification' }).first().waitFor({ state: 'detached' });
}

describe('the admin dashboard in a real browser', () => {
  it('an admin signs in, approves the pending vendor, exports a CSV and sees the chart (1280 × 800)', async () => {
    const { context, page } = await newPage(browser, baseURL, VIEWPORTS.desktop);
    await openAdmin(page);

    // Four stat cards with numbers from the seeded data.
    const cards = page.getByRole('region', { name: 'Business at a glance' });
    for (const label of ['Total Bookings', 'Pending Quotes', 'Active Suppliers']) {
      const text = await cards.locator('.chakra-stat__root', { hasText: label }).innerText();
      expect(Number(text.replace(label, '').replace(/[^\d]/g, '')), label).toBeGreaterThan(0);
    }
    expect(await cards.locator('.chakra-stat__root', { hasText: 'Total Revenue' }).innerText()).toMatch(/₹[\d,]+/);
    expect(await page.getByRole('table', { name: 'Recent Bookings' }).locator('tbody tr').count()).toBe(10);
    await screenshot(page, 'e2e-admin-bookings-desktop');

    // View all, searched on the server, then Booking Details with the seeded project: quotes and countdown.
    await page.getByRole('button', { name: 'View all' }).click();
    await page.getByLabel('Search bookings').fill('Karan');
    const found = page
      .getByRole('table', { name: 'All Bookings' })
      .getByRole('row')
      .filter({ hasText: 'Priya & Karan Wedding Reception' });
    await found.waitFor();
    await expect.poll(() => page.getByRole('table', { name: 'All Bookings' }).locator('tbody tr').count()).toBe(1);
    await found.getByRole('button', { name: /^View / }).click();
    const details = page.getByRole('dialog', { name: 'Booking Details' });
    await details
      .getByRole('article', { name: 'Shahi Dawat Events' })
      .getByText(/₹[\d,]+/)
      .first()
      .waitFor();
    expect(await details.getByRole('timer').innerText()).toMatch(/^\d+h \d{2}m \d{2}s$|^\d+d \d{2}h \d{2}m \d{2}s$/);
    await viewportShot(page, 'e2e-admin-booking-details-desktop');
    await details.getByRole('article', { name: 'Shahi Dawat Events' }).scrollIntoViewIfNeeded();
    await viewportShot(page, 'e2e-admin-booking-quotes-desktop');
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Recent bookings' }).click();
    await page.getByRole('table', { name: 'Recent Bookings' }).waitFor();
    await page
      .getByRole('button', { name: /^Assign Supplier to /, disabled: false })
      .first()
      .click();
    const assign = page.getByRole('dialog', { name: 'Assign Supplier to Event' });
    await assign.getByLabel(/Select Supplier/).waitFor();
    expect(await assign.getByRole('button', { name: 'Assign' }).isDisabled()).toBe(true);
    await viewportShot(page, 'e2e-admin-assign-desktop');
    await page.keyboard.press('Escape');
    await assign.waitFor({ state: 'detached' });

    // Suppliers: the card grid and Add New Supplier, with services typed as tags.
    await openTab(page, /Suppliers/);
    await page.getByRole('article').first().waitFor();
    await screenshot(page, 'e2e-admin-suppliers-desktop');
    await page.getByRole('button', { name: 'Add New Supplier' }).click();
    const add = page.getByRole('dialog', { name: 'Add New Supplier' });
    await add.getByRole('textbox', { name: 'Name', exact: true }).waitFor();
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('name');
    await add.getByRole('textbox', { name: 'Name', exact: true }).fill('Ravi Kumar');
    await add.getByRole('textbox', { name: 'Business Name' }).fill('Malwa Rasoi');
    await add.getByRole('textbox', { name: 'Email', exact: true }).fill(`malwa.${Date.now()}@example.in`);
    await add.getByRole('textbox', { name: 'Phone', exact: true }).fill('+91-9826099887');
    await add.getByRole('textbox', { name: 'Location' }).fill('Indore');
    await add.getByRole('textbox', { name: 'Services' }).pressSequentially('Dal bafla, Poha jalebi');
    await add.getByRole('textbox', { name: 'Services' }).press('Enter');
    expect(await add.locator('[data-part="item-text"]').allInnerTexts()).toEqual(['Dal bafla', 'Poha jalebi']);
    await viewportShot(page, 'e2e-admin-add-supplier-desktop');
    // Double-clicked, as people do: one supplier is added, and the page says so.
    await add.getByRole('button', { name: 'Add Supplier' }).dblclick();
    await page.getByText('Supplier added successfully!').waitFor();
    await page.getByRole('article', { name: 'Malwa Rasoi', exact: true }).waitFor();

    // Customers.
    await openTab(page, /Customers/);
    await page.getByRole('table', { name: 'Customers' }).waitFor();
    await screenshot(page, 'e2e-admin-customers-desktop');

    // Pending Vendors: approve the seeded pending vendor from Vendor Details.
    await openTab(page, /Pending Vendors/);
    const row = page.getByRole('row').filter({ hasText: PENDING_VENDOR.email });
    await row.waitFor();
    await screenshot(page, 'e2e-admin-pending-vendors-desktop');
    await row.getByRole('button', { name: /^View / }).click();
    const vendor = page.getByRole('dialog', { name: 'Vendor Details' });
    await vendor.getByText(PENDING_VENDOR.email).waitFor();
    await viewportShot(page, 'e2e-admin-vendor-details-desktop');
    await vendor.getByRole('button', { name: 'Approve' }).dblclick();
    await page.getByText('Vendor approved successfully!').waitFor();
    await vendor.waitFor({ state: 'detached' });
    await row.waitFor({ state: 'detached' });

    // Reports: export the Customer Reports CSV and read it back.
    await openTab(page, /Reports/);
    await page.getByRole('table', { name: 'Customer Reports' }).waitFor();
    await clearToasts(page);
    await screenshot(page, 'e2e-admin-reports-desktop');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV of Customer Reports' }).click(),
    ]);
    await page.getByText('Report exported successfully!').waitFor();
    expect(download.suggestedFilename()).toMatch(/^customer-reports-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = readFileSync(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const parsed = Papa.parse<string[]>(bytes.toString('utf8').slice(1), { newline: '\r\n' });
    expect(parsed.errors).toEqual([]);
    const [header, ...rows] = parsed.data;
    expect(header).toEqual(
      expect.arrayContaining(['customer_name', 'email', 'phone', 'event_type', 'guest_count', 'pricing_tier']),
    );
    expect(header).not.toContain('analytics');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((cells) => cells.length === header!.length)).toBe(true);

    // Analytics: the cards and the weekly chart (its own lazily loaded chunk).
    await openTab(page, /Analytics/);
    await page.locator('[data-testid="weekly-trend-chart"] svg.recharts-surface').first().waitFor();
    expect(await page.locator('.recharts-bar-rectangle').count()).toBeGreaterThan(0);
    await clearToasts(page);
    await screenshot(page, 'e2e-admin-analytics-desktop');
    await context.close();

    // The approved vendor can now sign in and lands on its portal.
    const vendorSession = await newPage(browser, baseURL);
    await signIn(vendorSession.page, PENDING_VENDOR);
    await expect.poll(() => new URL(vendorSession.page.url()).pathname).toBe('/supplier');
    await vendorSession.context.close();
  });

  it('works on a 360 px phone: every tab and dialog without sideways page scrolling', async () => {
    const { context, page } = await newPage(browser, baseURL, VIEWPORTS.mobile);
    await openAdmin(page);
    expect(await hasHorizontalScroll(page)).toBe(false);
    // The tab strip scrolls inside itself.
    const strip = await page
      .getByRole('tablist')
      .evaluate((list) => ({ scroll: list.parentElement!.scrollWidth, client: list.parentElement!.clientWidth }));
    expect(strip.scroll).toBeGreaterThan(strip.client);
    await screenshot(page, 'e2e-admin-bookings-mobile');

    await page
      .getByRole('table', { name: 'Recent Bookings' })
      .getByRole('button', { name: /^View / })
      .first()
      .click();
    await page
      .getByRole('dialog', { name: 'Booking Details' })
      .getByRole('heading', { name: 'Suppliers and quotes' })
      .waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await viewportShot(page, 'e2e-admin-booking-details-mobile');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    const tabs: [RegExp, string, string][] = [
      [/Suppliers/, 'article', 'suppliers'],
      [/Customers/, 'table', 'customers'],
      [/Money/, 'table', 'money'],
      [/Pending Vendors/, 'table', 'pending-vendors'],
      [/Reports/, 'table', 'reports'],
      [/Analytics/, 'region', 'analytics'],
    ];
    for (const [tab, role, name] of tabs) {
      await openTab(page, tab);
      await page
        .getByRole(role as 'table')
        .first()
        .waitFor();
      if (name === 'analytics')
        await page.locator('[data-testid="weekly-trend-chart"] svg.recharts-surface').first().waitFor();
      expect(await hasHorizontalScroll(page), name).toBe(false);
      await screenshot(page, `e2e-admin-${name}-mobile`);
    }

    await openTab(page, /Pending Vendors/);
    await page
      .getByRole('table', { name: 'Pending vendors' })
      .getByRole('button', { name: /^View / })
      .first()
      .click();
    await page.getByRole('dialog', { name: 'Vendor Details' }).waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await viewportShot(page, 'e2e-admin-vendor-details-mobile');
    await page.getByRole('dialog', { name: 'Vendor Details' }).getByRole('button', { name: 'Reject' }).click();
    await page
      .getByRole('dialog', { name: /^Reject / })
      .getByLabel('Please provide a reason for rejection:')
      .waitFor();
    await viewportShot(page, 'e2e-admin-reject-prompt-mobile');
    await context.close();
  });
});
