import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, formatLongDate, todayInIndia } from '../../src/shared/dates';
import { monthTitle } from '../../src/client/pages/admin/calendar-dates';
import { startApp } from './app-server';
import { fileBrowser, newPage } from './browser';
import { typedDate, typeInto } from './people';

/*
 * Its own copy of the app (fresh data, demo data): it adds a booking, which other files counting bookings must not
 * see.
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

describe('bookings taken by staff (docs/product.md#staff-bookings)', () => {
  it('an admin enters a phone booking for a new customer and finds it in the bookings list and on the calendar', async () => {
    const eventDate = addDays(todayInIndia(), 45);
    const { context, page } = await newPage(browser, baseURL);
    await page.goto('/login');
    const form = page.getByRole('form', { name: 'Sign in' });
    await typeInto(form.getByLabel('Email'), 'admin@annapurna-events.in');
    await typeInto(form.locator('input[autocomplete="current-password"]'), 'Admin@12345');
    await form.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('table', { name: 'Recent Bookings' }).waitFor();

    await page.getByRole('button', { name: 'New booking' }).click();
    const dialog = page.getByRole('dialog', { name: 'New booking' });
    await typeInto(dialog.getByLabel(/^Full Name/), 'Kavya Joshi');
    await typeInto(dialog.getByLabel(/^Email Address/), 'kavya.joshi@example.in');
    await typeInto(dialog.getByLabel(/^Phone Number/), '9893012345');
    await dialog.getByLabel(/^Source/).selectOption('phone');
    await dialog.getByLabel(/^Event Type/).selectOption('birthday');
    await typeInto(dialog.getByLabel(/^Event Name/), 'Kavya turns 30');
    await typeInto(dialog.getByLabel(/^Event Date/), typedDate(eventDate));
    await dialog.getByLabel(/^Event Date/).press('Enter');
    await typeInto(dialog.getByLabel(/^Expected Guest Count/), '80');
    await dialog.getByLabel(/^Venue Type/).selectOption('indoor');
    await typeInto(dialog.getByLabel(/^Venue Location\/City/), 'Indore');
    await dialog.getByRole('heading', { name: 'Package price' }).waitFor();
    // A double-click saves one booking, not two.
    await dialog.getByRole('button', { name: 'Save booking' }).dblclick();

    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(() => page.getByRole('table', { name: 'Recent Bookings' }).getByText('Kavya turns 30').count())
      .toBe(1);

    // The Calendar tab shows it on its day, in the month of the event, and its run sheet says it came by phone.
    await page.getByRole('tab', { name: /Calendar/ }).click();
    const grid = page.getByRole('grid', { name: /^Events in / });
    await grid.waitFor();
    const today = todayInIndia();
    const monthsAhead =
      (Number(eventDate.slice(0, 4)) - Number(today.slice(0, 4))) * 12 +
      Number(eventDate.slice(5, 7)) -
      Number(today.slice(5, 7));
    for (let step = 0; step < monthsAhead; step += 1) {
      await page.getByRole('button', { name: 'Next month' }).click();
    }
    await page.getByRole('grid', { name: `Events in ${monthTitle(eventDate)}` }).waitFor();
    const day = grid.getByRole('button', { name: new RegExp(`^\\w+day, ${formatLongDate(eventDate)}`) });
    await expect.poll(() => day.innerText()).toContain('Kavya turns 30');
    await day.click();
    const sheet = page.getByRole('region', { name: new RegExp(`^Run sheet: \\w+, ${formatLongDate(eventDate)}`) });
    const event = sheet.getByRole('listitem').filter({ hasText: 'Kavya turns 30' });
    await event.waitFor();
    expect(await event.innerText()).toMatch(/Taken by\s*Phone/);
    await context.close();
  });
});
