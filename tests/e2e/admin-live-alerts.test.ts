import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInIndia } from '../../src/shared/dates';
import { startApp } from './app-server';
import { fileBrowser, screenshot, VIEWPORTS } from './browser';
import { apiSignIn, DEMO_USERS, instantQuote, signedInContext } from './demo-api';

/*
 * Its own copy of the app (fresh data, demo data): the leads below add to the admin's unread count, which other
 * files read.
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

const unreadOf = (label: string | null) => Number(/^(\d+) unread notifications?$/.exec(label ?? '')?.[1] ?? NaN);

describe('live lead alerts on the admin dashboard (docs/product.md#live-alerts)', () => {
  it('a visitor’s instant quote reaches the open dashboard as a toast and a higher unread count, without a reload', async () => {
    const adminToken = await apiSignIn(baseURL, DEMO_USERS.admin);
    const context = await signedInContext(browser, { baseURL, viewport: VIEWPORTS.desktop }, adminToken);
    const page = await context.newPage();
    await page.goto('/admin');
    const bell = page.getByRole('status', { name: /unread notification/ });
    await bell.waitFor();
    // The stream's first event sets the count: wait for it, not for a moment.
    await expect.poll(async () => unreadOf(await bell.getAttribute('aria-label')), { timeout: 30_000 }).not.toBeNaN();
    const before = unreadOf(await bell.getAttribute('aria-label'));
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });

    // Each lead is its own transaction; the dashboard is woken once each has committed.
    const eventNames = ['Kothari Mehendi Evening', 'Kothari Haldi Brunch', 'Kothari Reception Dinner'];
    await Promise.all(
      eventNames.map((eventName, i) =>
        instantQuote(baseURL, {
          client_email: 'riya.kothari@example.in',
          client_name: 'Riya Kothari',
          event_name: eventName,
          event_date: addDays(todayInIndia(), 40 + i),
        }),
      ),
    );

    for (const eventName of eventNames) {
      await page
        .getByRole('status')
        .filter({ hasText: `New booking: ${eventName}` })
        .waitFor({ timeout: 30_000 });
    }
    await expect
      .poll(async () => unreadOf(await bell.getAttribute('aria-label')), { timeout: 30_000 })
      .toBe(before + eventNames.length);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    await screenshot(page, 'e2e-admin-live-lead-desktop');
    await context.close();
  });
});
