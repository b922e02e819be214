import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, formatLongDate, todayInIndia } from '../../src/shared/dates';
import { startApp } from './app-server';
import { fileBrowser, hasHorizontalScroll, screenshot, trackRequests, VIEWPORTS } from './browser';
import { api, apiSignIn, DEMO_USERS, instantQuote, signedInContext } from './demo-api';

/*
 * Its own copy of the app (fresh data directory, demo data): it closes a date and gives another a surcharge, which
 * would change the quotes of other files.
 */
let baseURL = '';
let stopApp: (() => Promise<void>) | undefined;
const browser = fileBrowser();
let adminToken = '';

const TODAY = todayInIndia();
const EVENT_DATE = addDays(TODAY, 12);
const CLOSED_DATE = addDays(TODAY, 13);
const EVENT_NAME = 'Kapoor Anniversary Dinner';

beforeAll(async () => {
  const app = await startApp();
  baseURL = app.baseURL;
  stopApp = app.stop;
  adminToken = await apiSignIn(baseURL, DEMO_USERS.admin);
  await instantQuote(baseURL, {
    client_email: 'neha.kapoor@example.in',
    client_name: 'Neha Kapoor',
    event_name: EVENT_NAME,
    event_type: 'private',
    event_date: EVENT_DATE,
    guest_count: 120,
    tier: 'basic',
    venue_type: 'indoor',
  });
  await api(baseURL, 'PUT', '/admin/calendar/days', {
    token: adminToken,
    body: {
      date: CLOSED_DATE,
      max_events: null,
      max_guests: null,
      closed_reason: 'Staff holiday',
      surcharge_percent: null,
      surcharge_reason: null,
    },
  });
  await api(baseURL, 'PUT', '/admin/calendar/days', {
    token: adminToken,
    body: {
      date: EVENT_DATE,
      max_events: 4,
      max_guests: null,
      closed_reason: null,
      surcharge_percent: 10,
      surcharge_reason: 'Wedding season',
    },
  });
});

afterAll(async () => {
  await stopApp?.();
});

async function openCalendar(viewport: { width: number; height: number }): Promise<Page> {
  const context = await signedInContext(browser, { baseURL, viewport }, adminToken);
  const page = await context.newPage();
  await page.goto('/admin?tab=calendar');
  await page.getByRole('grid', { name: /^Events in / }).waitFor();
  if (EVENT_DATE.slice(0, 7) !== TODAY.slice(0, 7)) {
    await page.getByRole('button', { name: 'Next month' }).click();
  }
  await page.getByRole('grid', { name: /^Events in / }).waitFor();
  return page;
}

/** A day of the month grid by its accessible name: the date, then `rest` (a pattern) to the name's end. */
function dayButton(page: Page, date: string, rest = '.*') {
  return page.getByRole('grid').getByRole('button', { name: new RegExp(`^\\w+day, ${formatLongDate(date)}${rest}`) });
}

describe('the admin calendar in a real browser', () => {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    it(`an admin sees a booking on its date, the closed day and the run sheet (${viewport.width} px)`, async () => {
      const page = await openCalendar(viewport);
      const requests = trackRequests(page);
      // The name is the cell's visually hidden text: it names the events the cell shows.
      const day = dayButton(
        page,
        EVENT_DATE,
        `, \\d+ events?: .*${EVENT_NAME}.*, \\d+ guests, Peak \\+10%: Wedding season$`,
      );
      await day.waitFor();
      expect(await day.getAttribute('aria-label')).toBeNull();
      // Drawn in the cell on a wide screen (its text for screen readers aside).
      if (size === 'desktop') expect(await day.locator('ul').innerText()).toContain(EVENT_NAME);
      await dayButton(page, CLOSED_DATE, '.*, Closed: Staff holiday').waitFor();
      // Seven day-wide touch targets fit a phone's width.
      const box = await day.boundingBox();
      expect(box!.width).toBeGreaterThanOrEqual(44);
      expect(await hasHorizontalScroll(page)).toBe(false);
      await requests.settled();
      await screenshot(page, `e2e-calendar-month-${size}`);

      // The keyboard reaches the day and opens its run sheet.
      await day.focus();
      await page.keyboard.press('Enter');
      const sheet = page.getByRole('region', { name: new RegExp(`^Run sheet: \\w+, ${formatLongDate(EVENT_DATE)}`) });
      await sheet.getByRole('heading', { name: new RegExp(EVENT_NAME) }).waitFor();
      const text = await sheet.innerText();
      expect(text).toContain('120 guests');
      expect(text).toContain('Neha Kapoor');
      expect(text).toContain('Peak date surcharge (10%): Wedding season');
      expect(await hasHorizontalScroll(page)).toBe(false);
      await screenshot(page, `e2e-calendar-run-sheet-${size}`);

      await page.getByRole('button', { name: 'Week' }).click();
      await page.getByRole('list', { name: 'Days of the week' }).waitFor();
      await requests.settled();
      expect(await hasHorizontalScroll(page)).toBe(false);
      await screenshot(page, `e2e-calendar-week-${size}`);

      await page.getByRole('tab', { name: /Settings/ }).click();
      await page.getByRole('table', { name: 'Dates with their own settings' }).waitFor();
      expect(await page.getByRole('form', { name: 'Daily capacity' }).isVisible()).toBe(true);
      expect(await hasHorizontalScroll(page)).toBe(false);
      await page.getByRole('region', { name: 'Capacity and dates' }).screenshot({
        path: `screenshots/e2e-capacity-settings-${size}.png`,
      });
      await page.context().close();
    });
  }

  it('an admin makes the phone calendar feed and the URL serves the booking', async () => {
    const page = await openCalendar(VIEWPORTS.desktop);
    const card = page.getByRole('region', { name: 'Phone calendar feed' });
    // A person acts on the card once it says where things stand.
    await card.getByText('You have no calendar feed.').waitFor();
    await card.getByRole('button', { name: 'Make a feed URL' }).click();
    const field = card.getByRole('textbox', { name: /Your feed URL/ });
    await field.waitFor();
    const url = await field.inputValue();
    const ics = await (await fetch(url)).text();
    expect(ics).toContain('BEGIN:VCALENDAR');
    expect(ics).toContain(EVENT_NAME);
    await card.getByRole('button', { name: 'Revoke feed' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke feed' }).click();
    await card.getByText('You have no calendar feed.').waitFor();
    expect((await fetch(url)).status).toBe(401);
    await page.context().close();
  });
});
