import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { vi } from 'vitest';
import { waitForHydration, waitOrExplain } from './browser';

/*
 * What people do in the browser, shared by the test files that walk a customer's or the admin's way through the
 * app: fields are typed key by key, as a person types, and every step waits for what the page shows next.
 */

/** Empties a field and types the text into it key by key. */
export async function typeInto(field: Locator, text: string): Promise<void> {
  await field.clear();
  await field.pressSequentially(text);
}

/** `YYYY-MM-DD` as the en-IN date field takes it. */
export function typedDate(iso: string): string {
  const [year, month, day] = iso.split('-');
  return `${day}/${month}/${year}`;
}

export type QuoteOnBook = {
  name: string;
  email: string;
  phone: string;
  eventName: string;
  eventDate: string;
  guests: number;
  tier?: 'Basic' | 'Premium' | 'Luxury';
  venueType?: string;
  venueName?: string;
  city?: string;
};

/** The /book form for a wedding, typed in, up to the instant quote. */
export async function quoteOnBook(page: Page, quote: QuoteOnBook): Promise<void> {
  await page.goto('/book?eventType=wedding');
  await page.getByRole('heading', { name: 'Event Details' }).waitFor();
  await page.locator('label', { has: page.getByRole('radio', { name: quote.tier ?? 'Premium' }) }).click();
  await detailsForQuote(page, quote);
}

/** On /book, with the package chosen: the event details typed in, up to the instant quote. */
export async function detailsForQuote(page: Page, quote: Omit<QuoteOnBook, 'tier'>): Promise<void> {
  await typeInto(page.getByLabel('Full Name'), quote.name);
  await typeInto(page.getByLabel('Email Address'), quote.email);
  await typeInto(page.getByLabel('Phone Number'), quote.phone);
  await typeInto(page.getByLabel('Event Name'), quote.eventName);
  await typeInto(page.getByLabel('Expected Guest Count'), String(quote.guests));
  await page.getByLabel('Venue Type').selectOption(quote.venueType ?? 'banquet');
  await typeInto(page.getByLabel('Venue Name'), quote.venueName ?? 'Radisson Blu');
  await typeInto(page.getByLabel('Venue Location/City'), quote.city ?? 'Indore');
  await typeInto(page.getByLabel('Event Date'), typedDate(quote.eventDate));
  await page.getByLabel('Event Date').press('Tab');
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Get Instant Quote' }).click();
  await waitOrExplain(page, page.getByRole('heading', { name: 'Your Instant Quote is Ready!' }), 'instant-quote');
}

/** Creates an account on /login and waits for the signed-in home page. */
export async function createAccount(
  page: Page,
  person: { name: string; email: string; phone: string; password: string },
): Promise<void> {
  await page.goto('/login');
  await openCreateAccount(page);
  const form = page.getByRole('form', { name: 'Create account' });
  await typeInto(form.getByLabel('Full Name'), person.name);
  await typeInto(form.getByLabel('Email'), person.email);
  await typeInto(form.getByLabel('Phone'), person.phone);
  await typeInto(form.locator('input[autocomplete="new-password"]'), person.password);
  await form.getByRole('button', { name: 'Create Account' }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

/**
 * On /login, switches to the create-account form. The switch is a button, which does nothing before the page's
 * code has started (the form loads with it), so a person's click waits for the page to be live, as a person would
 * click again.
 */
export async function openCreateAccount(page: Page): Promise<void> {
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Create an account' }).click();
  await page.getByRole('form', { name: 'Create account' }).waitFor();
}

/**
 * Signs in on /login; the caller waits for where the role lands. What is typed before the page's code has started
 * is kept, but a press then sends the form itself and comes back to an empty one (docs/decisions.md, "Pre-rendered
 * public pages"), so the press waits for the page to be live, as a person would press again.
 */
export async function signIn(page: Page, user: { email: string; password: string }): Promise<void> {
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Sign in' });
  await typeInto(form.getByLabel('Email'), user.email);
  await typeInto(form.locator('input[autocomplete="current-password"]'), user.password);
  await waitForHydration(page);
  await form.getByRole('button', { name: 'Sign In' }).click();
}

/**
 * Opens the confirmation link the app mailed to `email`: the development transport writes each message as an .eml
 * file (quoted-printable) under the data directory's `mail/` folder (README, "E-mail").
 */
export async function confirmAddress(page: Page, dataDir: string, email: string): Promise<void> {
  const mailDir = join(dataDir, 'mail');
  const link = await vi.waitFor(
    async () => {
      for (const name of await readdir(mailDir).catch(() => [] as string[])) {
        const raw = (await readFile(join(mailDir, name), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
        const match = raw.includes(email) ? /\/verify-email#token=([A-Za-z0-9_-]+)/.exec(raw) : null;
        if (match) return `/verify-email#token=${match[1]}`;
      }
      throw new Error(`No confirmation e-mail to ${email} yet`);
    },
    { timeout: 30_000, interval: 200 },
  );
  await page.goto(link);
  await page.getByText('E-mail address confirmed').first().waitFor();
}

/**
 * The admin, on the dashboard's Payments tab, records the UPI payment's UTR against the order and waits for the
 * toast. The page is the admin's, signed in; the tab is opened fresh, so the list shows the order. `beforeRecord`
 * runs with the UTR typed in (to picture the dialog).
 */
export async function recordUtrOnPaymentsTab(
  page: Page,
  orderId: string,
  utr: string,
  beforeRecord?: () => Promise<void>,
): Promise<void> {
  await page.goto('/admin?tab=payments');
  await page.getByRole('button', { name: `Record UTR for ${orderId}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Record UTR' });
  await typeInto(dialog.getByRole('textbox', { name: 'UTR' }), utr);
  await beforeRecord?.();
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  await page.locator('[data-toast-id][data-visible="true"]', { hasText: 'Payment recorded' }).waitFor();
  await dialog.waitFor({ state: 'detached' });
}

/** The value beside a label in a definition list (`<dt>label</dt><dd>value</dd>`) inside `scope`. */
export function definition(scope: Locator, label: string): Locator {
  return scope
    .locator('dt', { hasText: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) })
    .locator('xpath=following-sibling::dd[1]');
}
