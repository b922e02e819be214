import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInIndia } from '../../src/shared/dates';
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
  it('an admin enters a phone booking for a new customer and finds it in the bookings list', async () => {
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
    await typeInto(dialog.getByLabel(/^Event Date/), typedDate(addDays(todayInIndia(), 45)));
    await dialog.getByLabel(/^Event Date/).press('Enter');
    await typeInto(dialog.getByLabel(/^Expected Guest Count/), '80');
    await dialog.getByLabel(/^Venue Type/).selectOption('indoor');
    await typeInto(dialog.getByLabel(/^Venue Location\/City/), 'Indore');
    await dialog.getByRole('heading', { name: 'Package price' }).waitFor();
    await dialog.getByRole('button', { name: 'Save booking' }).click();

    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(() => page.getByRole('table', { name: 'Recent Bookings' }).getByText('Kavya turns 30').count())
      .toBe(1);
    await context.close();
  });
});
