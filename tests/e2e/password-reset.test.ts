import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it, vi } from 'vitest';
import { fileBrowser, hasHorizontalScroll, newPage, screenshot, VIEWPORTS } from './browser';
import { createAccount, signIn, typeInto } from './people';

/*
 * The sign-in screens of docs/decisions.md, "Passwords and the second factor", in a real browser: Forgot password?
 * from /login to a new password through the e-mailed link, account settings, the strength meter refusing a common
 * password, and `next` values that are not a path of the site falling back to the home page.
 */

const baseURL = inject('baseURL');
const dataDir = inject('dataDir');
const browser = fileBrowser();

/** The reset link mailed to `email` (the development transport writes .eml files under DATA_DIR/mail). */
async function resetLinkFor(email: string): Promise<string> {
  const mailDir = join(dataDir, 'mail');
  return vi.waitFor(
    async () => {
      for (const name of await readdir(mailDir).catch(() => [] as string[])) {
        const raw = (await readFile(join(mailDir, name), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
        const match = raw.includes(email) ? /\/reset-password#token=([A-Za-z0-9_-]{43})/.exec(raw) : null;
        if (match) return `/reset-password#token=${match[1]}`;
      }
      throw new Error(`No reset e-mail to ${email} yet`);
    },
    { timeout: 30_000, interval: 200 },
  );
}

const pageErrors = (page: Page) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
};

describe('Forgot password? in a real browser', () => {
  it(
    'asks for the address, mails a link, and the link sets a new password that signs in',
    { timeout: 120_000 },
    async () => {
      const person = {
        name: 'Rekha Iyer',
        email: `rekha.${Date.now()}@example.in`,
        phone: '+91 98930 22334',
        password: 'filter-coffee-88',
      };
      const first = await newPage(browser, baseURL);
      await createAccount(first.page, person);
      await first.context.close();

      const { context, page } = await newPage(browser, baseURL, VIEWPORTS.mobile);
      await page.goto('/login');
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
      expect(await hasHorizontalScroll(page)).toBe(false);
      await screenshot(page, 'e2e-forgot-password-mobile');
      const form = page.getByRole('form', { name: 'Send a reset link' });
      await typeInto(form.getByLabel('Email'), person.email);
      await form.getByRole('button', { name: 'Send the reset link' }).click();
      await page.getByText(/If an account uses this e-mail address, we have sent it a link/).waitFor();

      // As from the e-mail: a fresh page load of the link (not a hash change on the page already open).
      await page.goto('/login');
      await page.goto(await resetLinkFor(person.email));
      await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
      // The token leaves the address bar at once.
      expect(new URL(page.url()).hash).toBe('');
      const reset = page.getByRole('form', { name: 'Choose a new password' });
      await typeInto(reset.locator('input[autocomplete="new-password"]'), 'password');
      await page.getByText(/one of the most common leaked passwords/).waitFor();
      await screenshot(page, 'e2e-reset-password-common-mobile');
      // Sent anyway, the server refuses it at the field, and the link stays usable: the form stays.
      await reset.getByRole('button', { name: 'Change my password' }).click();
      await page.locator('[aria-invalid="true"][autocomplete="new-password"]').waitFor();
      await expect(page.getByRole('button', { name: 'Ask for a new link' }).count()).resolves.toBe(0);
      await reset.locator('input[autocomplete="new-password"]').fill('');
      await typeInto(reset.locator('input[autocomplete="new-password"]'), 'masala-dosa-at-noon');
      await page.getByText(/^Strength: /).waitFor();
      expect(await hasHorizontalScroll(page)).toBe(false);
      await reset.getByRole('button', { name: 'Change my password' }).click();
      await page.getByText('Your password has been changed. Please sign in with the new password.').waitFor();

      await signIn(page, { email: person.email, password: 'masala-dosa-at-noon' });
      await page.waitForURL((url) => url.pathname === '/');
      await context.close();
    },
  );

  it(
    'changes the password in account settings at 1280 px, and shows an admin the two-step set-up',
    { timeout: 120_000 },
    async () => {
      const { context, page } = await newPage(browser, baseURL);
      await signIn(page, { email: 'admin@annapurna-events.in', password: 'Admin@12345' });
      await page.waitForURL((url) => url.pathname === '/admin');
      await page.getByTestId('second-factor-prompt').waitFor();
      await page.getByRole('link', { name: 'Account' }).click();
      await page.getByRole('heading', { name: 'Account settings' }).waitFor();
      await page.getByRole('button', { name: 'Set up two-step sign-in' }).click();
      await page.getByTestId('totp-secret').waitFor();
      await page.getByRole('img', { name: 'QR code for the authenticator app' }).waitFor();
      expect(await hasHorizontalScroll(page)).toBe(false);
      await screenshot(page, 'e2e-account-settings-admin-desktop');
      await context.close();
    },
  );
});

describe('where sign-in goes next', () => {
  it.each([
    '%09/evil.example/',
    '/%09/evil.example/',
    '/%5C/evil.example/',
    '//evil.example/',
    'https://evil.example/',
  ])('a customer signing in from /login?next=%s lands on the home page, with no error on the page', async (next) => {
    const { context, page } = await newPage(browser, baseURL);
    const errors = pageErrors(page);
    await page.goto(`/login?next=${next}`);
    const form = page.getByRole('form', { name: 'Sign in' });
    await typeInto(form.getByLabel('Email'), 'priya.sharma@example.in');
    await typeInto(form.locator('input[autocomplete="current-password"]'), 'Customer@123');
    await form.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Login successful!').waitFor();
    await expect.poll(() => new URL(page.url()).href).toBe(new URL('/', baseURL).href);
    expect(errors).toEqual([]);
    await context.close();
  });
});
