import type { BrowserContext, ElementHandle, Locator, Page } from 'playwright-core';
import { beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { addDays, todayInIndia } from '../../src/shared/dates';
import { gstinCheckChar } from '../../src/shared/gstin';
import { VENDOR_REGISTERED_MESSAGE } from '../../src/shared/schemas/vendor';
import { fileBrowser, VIEWPORTS } from './browser';

/*
 * The main journeys with the keyboard alone: Tab, Shift+Tab, Enter, Space, arrows, Escape and Alt+T. Every stop
 * Tab lands on must show a focus indicator: its outline, box shadow or border differs from the same element once
 * focus has moved on.
 */
const baseURL = inject('baseURL');
const browser = fileBrowser();
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  context = await browser.newContext({ baseURL, viewport: VIEWPORTS.desktop });
  page = await context.newPage();
});
type Indicator = { outline: string; boxShadow: string; borderColor: string };

/** Waits until nothing is animating, so a focus ring is read at its end state. */
async function settle(): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => {
      const iterations = animation.effect?.getComputedTiming().iterations;
      return animation.playState !== 'running' || iterations === Infinity;
    }),
  );
}

/** The drawn focus indicator of an element; a visually hidden input (radio cards) shows it on its label. */
function indicatorOf(handle: ElementHandle<Node>): Promise<{ indicator: Indicator; label: string } | null> {
  return handle.evaluate((node) => {
    if (!(node instanceof HTMLElement) || !node.isConnected) return null;
    const rect = node.getBoundingClientRect();
    const drawn = rect.width <= 2 || rect.height <= 2 ? (node.closest('label') ?? node.parentElement ?? node) : node;
    const style = getComputedStyle(drawn);
    const outlined = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const label =
      node.getAttribute('aria-label') ??
      node.getAttribute('name') ??
      (node.textContent ?? '').trim().slice(0, 40) ??
      node.tagName.toLowerCase();
    return {
      indicator: {
        outline: outlined ? `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}` : 'none',
        boxShadow: style.boxShadow,
        borderColor: style.borderColor,
      },
      label: label || node.tagName.toLowerCase(),
    };
  });
}

/** Remembers each element Tab lands on and, once focus has left it, checks that it looked different while focused. */
const focusLog = {
  previous: null as { handle: ElementHandle<Node>; indicator: Indicator; label: string } | null,
  invisible: [] as string[],
  stops: 0,
  async visit(): Promise<void> {
    await settle();
    const before = this.previous;
    if (before) {
      const now = await indicatorOf(before.handle);
      if (now && JSON.stringify(now.indicator) === JSON.stringify(before.indicator)) this.invisible.push(before.label);
    }
    const handle = await page.evaluateHandle(() => document.activeElement ?? document.body);
    const focused = await indicatorOf(handle);
    this.previous =
      focused && (await handle.evaluate((node) => node !== document.body)) ? { handle, ...focused } : null;
    this.stops += 1;
  },
};

async function press(key: string): Promise<void> {
  await page.keyboard.press(key);
  if (key === 'Tab' || key === 'Shift+Tab') await focusLog.visit();
}

function hasFocus(target: Locator): Promise<boolean> {
  return target.evaluate((element) => element === document.activeElement);
}

/** Presses Tab (or Shift+Tab) until `target` has focus. */
async function tabTo(target: Locator, { backwards = false, max = 60 } = {}): Promise<void> {
  await target.waitFor({ state: 'attached' });
  for (let presses = 0; presses < max; presses += 1) {
    await press(backwards ? 'Shift+Tab' : 'Tab');
    if (await hasFocus(target)) return;
  }
  throw new Error(`${String(target)} was not reached with ${max} ${backwards ? 'Shift+Tab' : 'Tab'} presses`);
}

async function typeInto(target: Locator, text: string): Promise<void> {
  await tabTo(target);
  await page.keyboard.type(text);
}

/** A fresh start at the top of a page, as after following a link: focus on the document. */
async function open(path: string, ready: Locator): Promise<void> {
  await page.goto(path);
  await ready.waitFor();
  focusLog.previous = null;
}

async function signInWithKeyboard(email: string, password: string, home: string): Promise<void> {
  await page.evaluate(() => localStorage.removeItem('token'));
  const form = page.getByRole('form', { name: 'Sign in' });
  await open('/login', form);
  await typeInto(form.getByLabel('Email'), email);
  await typeInto(form.locator('input[autocomplete="current-password"]'), password);
  await press('Enter');
  await expect.poll(() => new URL(page.url()).pathname).toBe(home);
}

function activeToast(): Promise<{ toast: boolean; hidden: boolean; live: string | null }> {
  return page.evaluate(() => {
    const toast = document.activeElement?.closest('[data-toast-id]');
    return {
      toast: Boolean(toast),
      hidden: Boolean(toast?.closest('[aria-hidden="true"]')),
      live: toast?.querySelector('[aria-live]')?.getAttribute('aria-live') ?? null,
    };
  });
}

function tier(value: string): Locator {
  return page.locator(`input[name="tier"][value="${value}"]`);
}

describe('keyboard only', () => {
  beforeEach(() => {
    focusLog.previous = null;
    focusLog.invisible = [];
  });

  it('a visitor chooses a package with the arrow keys, fills the form and gets a quote', async () => {
    await open('/book', page.getByRole('heading', { name: 'Event Details' }));

    await tabTo(tier('basic'));
    await press('ArrowRight');
    await expect.poll(() => tier('premium').isChecked()).toBe(true);
    expect(await hasFocus(tier('premium'))).toBe(true);
    await press('ArrowRight');
    await press('ArrowLeft');
    await press('Space');
    await expect.poll(() => tier('premium').isChecked()).toBe(true);

    await typeInto(page.getByLabel('Full Name'), 'Ananya Joshi');
    await typeInto(page.getByLabel('Email Address'), `ananya.${Date.now()}@example.in`);
    await typeInto(page.getByLabel('Phone Number'), '+91 98930 22334');
    await tabTo(page.getByLabel('Event Type'));
    await press('ArrowDown');
    expect(await page.getByLabel('Event Type').inputValue()).not.toBe('');
    await typeInto(page.getByLabel('Event Name'), 'Joshi Family Reunion');
    await typeInto(page.getByLabel('Expected Guest Count'), '80');
    await tabTo(page.getByLabel('Venue Type'));
    await press('ArrowDown');
    await typeInto(page.getByLabel('Venue Location/City'), 'Indore');
    const [year, month, day] = addDays(todayInIndia(), 45).split('-');
    await typeInto(page.getByLabel('Event Date'), `${day}/${month}/${year}`);
    // Back and forth: Shift+Tab returns to the city, Tab comes back to the date, which the picker has taken.
    await tabTo(page.getByLabel('Venue Location/City'), { backwards: true });
    await tabTo(page.getByLabel('Event Date'));

    await tabTo(page.getByRole('button', { name: 'Get Instant Quote' }));
    await press('Enter');
    await page.getByRole('heading', { name: 'Your Instant Quote is Ready!' }).waitFor();
    expect(focusLog.invisible, 'focus stops with no visible indicator').toEqual([]);
  });

  it('a vendor applies and an admin approves it from Vendor Details, both with the keyboard alone', async () => {
    const form = page.getByRole('form', { name: 'Partner application' });
    await open('/vendor-register', form);
    const business = `Keyboard Kitchen ${Date.now()}`;
    const email = `keyboard.${Date.now()}@example.in`;
    await typeInto(form.getByLabel('Business Name'), business);
    await typeInto(form.getByLabel('Contact Person'), 'Ishaan Verma');
    await typeInto(form.getByLabel('Email'), email);
    await typeInto(form.getByLabel('Phone'), '98930 77881');
    await typeInto(form.getByLabel('Location'), 'Ujjain');
    await typeInto(form.getByLabel('Business Address'), '4 Mahakal Marg');
    await press('Enter');
    await typeInto(form.getByLabel('Services Offered'), 'Satvik thalis');
    await typeInto(form.getByLabel('Experience (Years)'), '6');
    await typeInto(form.getByLabel('GST Number'), `23ABCDE1234F1Z${gstinCheckChar('23ABCDE1234F1Z')}`);
    await typeInto(form.locator('input[name="password"]'), 'Satvik@2026');
    await typeInto(form.locator('input[name="confirm_password"]'), 'Satvik@2026');
    await tabTo(form.getByRole('button', { name: 'Submit Registration' }));
    await press('Enter');
    await page.locator('[data-toast-id][data-visible="true"]', { hasText: VENDOR_REGISTERED_MESSAGE }).waitFor();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
    expect(focusLog.invisible, 'focus stops with no visible indicator on /vendor-register').toEqual([]);

    await signInWithKeyboard('admin@annapurna-events.in', 'Admin@12345', '/admin');
    focusLog.previous = null;
    // The tab list is one Tab stop (the selected tab); the arrow keys move along it.
    const pendingTab = page.getByRole('tab', { name: /Pending Vendors/ });
    await tabTo(page.getByRole('tab', { selected: true }));
    for (let moves = 0; moves < 20 && !(await hasFocus(pendingTab)); moves += 1) await press('ArrowRight');
    await press('Enter');
    await expect.poll(() => pendingTab.getAttribute('aria-selected')).toBe('true');
    const view = page.getByRole('table', { name: 'Pending vendors' }).getByRole('button', { name: `View ${business}` });
    await tabTo(view);
    await press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Vendor Details' });
    await dialog.waitFor();
    await tabTo(dialog.getByRole('button', { name: 'Approve', exact: true }));
    await press('Enter');
    await page.locator('[data-toast-id][data-visible="true"]', { hasText: 'Vendor approved successfully!' }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByRole('button', { name: `View ${business}` }).count()).toBe(0);
    expect(focusLog.invisible, 'focus stops with no visible indicator on /admin').toEqual([]);
  });

  it('a customer signs in, Alt+T reaches the welcome toast and Escape dismisses it', async () => {
    await signInWithKeyboard('priya.sharma@example.in', 'Customer@123', '/');
    const toast = page.locator('[data-toast-id][data-visible="true"]', { hasText: 'Login successful!' });
    await toast.waitFor();
    await press('Alt+T');
    expect(await activeToast()).toEqual({ toast: true, hidden: false, live: 'polite' });
    await press('Escape');
    await toast.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.closest('[data-toast-id]') ?? null)).toBeNull();
    expect(focusLog.invisible, 'focus stops with no visible indicator').toEqual([]);
  });

  it('opens the inquiry dialog with Enter and Escape returns focus to its button', async () => {
    await open('/', page.getByRole('heading', { name: 'Our Services' }));
    const opener = page.getByRole('button', { name: 'Request a custom quote for Corporate Events' });
    await tabTo(opener, { max: 80 });
    await press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Corporate Events' });
    await dialog.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('name');
    // Focus stays inside: Shift+Tab from the first field wraps to the dialog's last control.
    await press('Shift+Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).toBe(true);
    await press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => hasFocus(opener)).toBe(true);
    expect(focusLog.invisible, 'focus stops with no visible indicator').toEqual([]);
  });

  it('a customer opens Cancel booking and backs out with Keep booking', async () => {
    await open('/bookings', page.getByRole('link', { name: 'Priya & Karan Wedding Reception' }));
    await tabTo(page.getByRole('link', { name: 'Priya & Karan Wedding Reception' }));
    await press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Priya & Karan Wedding Reception' }).waitFor();
    const cancel = page.getByRole('button', { name: 'Cancel booking' });
    await tabTo(cancel);
    await press('Enter');
    const dialog = page.getByRole('alertdialog', { name: 'Cancel this booking?' });
    await dialog.waitFor();
    await expect.poll(() => hasFocus(dialog.getByRole('button', { name: 'Keep booking' }))).toBe(true);
    await press('Space');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => hasFocus(cancel)).toBe(true);
    expect(await page.getByText('Booking cancelled').count()).toBe(0);
    expect(focusLog.invisible, 'focus stops with no visible indicator').toEqual([]);
  });

  it('an admin opens Booking Details from the table and Escape returns focus to the View button', async () => {
    await signInWithKeyboard('admin@annapurna-events.in', 'Admin@12345', '/admin');
    const table = page.getByRole('table', { name: 'Recent Bookings' });
    await table.waitFor();
    focusLog.previous = null;
    const view = table.getByRole('button', { name: /^View / }).first();
    await tabTo(view);
    await press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Booking Details' });
    await dialog.waitFor();
    await press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => hasFocus(view)).toBe(true);
    expect(focusLog.invisible, 'focus stops with no visible indicator').toEqual([]);
  });

  it('a supplier opens Submit Quote, reaches the error toast with Alt+T inside the dialog, and backs out', async () => {
    await signInWithKeyboard('supplier@annapurna-events.in', 'Supplier@123', '/supplier');
    await page.getByRole('heading', { name: 'Available Projects' }).waitFor();
    focusLog.previous = null;
    const opener = page.getByRole('article').getByRole('button', { name: 'Submit Quote' }).first();
    await tabTo(opener);
    await press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Submit Quote' });
    await dialog.waitFor();
    const amount = dialog.getByLabel('Your Quote Amount');
    await expect.poll(() => hasFocus(amount)).toBe(true);

    // Enter in the empty amount submits: the spec's toast, heard and reachable although the dialog is modal.
    await press('Enter');
    const toast = page.locator('[data-toast-id][data-visible="true"]', {
      hasText: 'Please fill in all required fields',
    });
    await toast.waitFor();
    await press('Alt+T');
    await expect.poll(activeToast).toEqual({ toast: true, hidden: false, live: 'polite' });
    await press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Dismiss notification');
    await press('Escape');
    await toast.waitFor({ state: 'detached' });
    await expect.poll(() => hasFocus(amount)).toBe(true);
    expect(await dialog.isVisible()).toBe(true);

    await press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => hasFocus(opener)).toBe(true);
    expect(focusLog.invisible, 'focus stops with no visible indicator').toEqual([]);
  });
});
