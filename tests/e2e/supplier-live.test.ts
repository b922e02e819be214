import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInIndia } from '../../src/shared/dates';
import { startApp } from './app-server';
import { launchBrowser, screenshot, VIEWPORTS } from './browser';
import { api, apiSignIn, DEMO_USERS, instantQuote, signedInContext } from './demo-api';

/*
 * Its own copy of the app (fresh data, demo data): the demo customer cancels a booking, which other files reading
 * her bookings must not see.
 */
let baseURL = '';
let stopApp: (() => Promise<void>) | undefined;
let browser: Browser;

beforeAll(async () => {
  const app = await startApp();
  baseURL = app.baseURL;
  stopApp = app.stop;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await stopApp?.();
});

/**
 * The demo customer's quoted booking, put out to the demo supplier and awarded to it by the admin, as the admin
 * would from Booking Details (`POST /api/projects`, then `POST /api/projects/{id}/award`).
 */
async function awardedBooking(eventName: string): Promise<{ bookingId: string; customerToken: string }> {
  const [admin, customerToken] = await Promise.all([
    apiSignIn(baseURL, DEMO_USERS.admin),
    apiSignIn(baseURL, DEMO_USERS.customer),
  ]);
  const quote = await instantQuote(baseURL, {
    client_email: DEMO_USERS.customer.email,
    client_name: DEMO_USERS.customer.name,
    event_name: eventName,
    event_date: addDays(todayInIndia(), 30),
  });
  const [supplier] = await api<{ id: string }[]>(
    baseURL,
    'GET',
    `/suppliers?q=${encodeURIComponent(DEMO_USERS.supplier.email)}`,
    { token: admin },
  );
  const project = await api<{ project_id: string }>(
    baseURL,
    'POST',
    `/projects?booking_id=${quote.quote_id}&supplier_ids=${supplier!.id}`,
    { token: admin },
  );
  await api(baseURL, 'POST', `/projects/${project.project_id}/award`, {
    token: admin,
    body: { supplier_id: supplier!.id },
  });
  return { bookingId: quote.quote_id, customerToken };
}

describe('live changes on the supplier dashboard (docs/product.md#supplier-changes)', () => {
  it("an awarded supplier's card turns to Cancelled without a reload when the customer cancels", async () => {
    const eventName = 'Sharma Griha Pravesh Lunch';
    const { bookingId, customerToken } = await awardedBooking(eventName);

    const supplierToken = await apiSignIn(baseURL, DEMO_USERS.supplier);
    const context = await signedInContext(browser, { baseURL, viewport: VIEWPORTS.mobile }, supplierToken);
    const page = await context.newPage();
    await page.goto('/supplier');
    const card = page.getByRole('article', { name: eventName });
    await card.getByText('Won', { exact: true }).waitFor();
    // A mark on this document: a reload or a navigation would lose it.
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });

    // The customer cancels from their own account.
    await api(baseURL, 'POST', `/me/bookings/${bookingId}/cancel`, { token: customerToken });

    await card.getByText('Cancelled', { exact: true }).waitFor();
    await card.getByText('This event was cancelled.').waitFor();
    expect(await card.getByText('Won', { exact: true }).count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'e2e-supplier-card-cancelled-live-mobile');
    await context.close();
  });
});
