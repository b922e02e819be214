import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { gstinCheckChar } from '../../src/shared/gstin';
import { VENDOR_REGISTERED_MESSAGE } from '../../src/shared/schemas/vendor';
import { fileBrowser, hasHorizontalScroll, newPage, screenshot, VIEWPORTS, waitForHydration } from './browser';

const baseURL = inject('baseURL');
const browser = fileBrowser();

/** The newest toast on screen: the spec's validation messages are toasts (the fields are marked too). */
async function newestToast(page: Page): Promise<string> {
  const toast = page.locator('[data-toast-id][data-visible="true"]').first();
  await toast.waitFor();
  return (await toast.innerText()).trim();
}

async function expectToast(page: Page, text: string): Promise<void> {
  await expect.poll(() => newestToast(page)).toBe(text);
}

function form(page: Page) {
  return page.getByRole('form', { name: 'Partner application' });
}

/** Presses Submit Registration once the page is live (a press before then sends the form itself). */
async function submit(page: Page): Promise<void> {
  await waitForHydration(page);
  await form(page).getByRole('button', { name: 'Submit Registration' }).click();
}

describe('vendor registration in a real browser', () => {
  it('on a phone: the checks in the spec order, a successful application, /login after 2 s, sign-in refused while pending', async () => {
    const { context, page } = await newPage(browser, baseURL, VIEWPORTS.mobile);
    await page.goto('/vendor-register');
    await form(page).waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await screenshot(page, 'e2e-vendor-register-mobile');

    const password = page.locator('input[name="password"]');
    const confirm = page.locator('input[name="confirm_password"]');

    await password.fill('abc');
    await confirm.fill('abd');
    await submit(page);
    await expectToast(page, 'Passwords do not match!');

    await confirm.fill('abc');
    await submit(page);
    await expectToast(page, 'Password must be at least 6 characters long');

    await password.fill('Tandoor@2026');
    await confirm.fill('Tandoor@2026');
    await submit(page);
    await expectToast(page, 'Please fill in all required fields');
    await page.getByText('Contact person is required').waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);

    const email = `tandoor.${Date.now()}@example.in`;
    const gstin = `23ABCDE1234F1Z${gstinCheckChar('23ABCDE1234F1Z')}`;
    const f = form(page);
    await f.getByLabel('Email').fill(email);
    await f.getByLabel('Contact Person').fill('Farida Khan');
    await f.getByLabel('Business Name').fill('Tandoor Tales Catering');
    await f.getByLabel('Phone').fill('98930 55667');
    await f.getByLabel('Location').fill('Bhopal');
    await f.getByLabel('Business Address').fill('22 Lake View Road\nBhopal 462001');
    await f.getByLabel('Services Offered').fill('Mughlai buffets, live tandoor\nWedding and corporate catering');
    await f.getByLabel('Experience (Years)').fill('9');
    await f.getByLabel('GST Number').fill(gstin.toLowerCase());
    await f.getByLabel('Portfolio Link').fill('www.tandoortales.in');
    await submit(page);

    await expectToast(page, VENDOR_REGISTERED_MESSAGE);
    const shownAt = Date.now();
    await page.getByText('Redirecting to sign in…').waitFor();
    expect(await f.getByLabel('Email').inputValue()).toBe('');
    expect(await f.getByLabel('Business Name').inputValue()).toBe('');
    expect(new URL(page.url()).pathname).toBe('/vendor-register');
    await screenshot(page, 'e2e-vendor-register-success-mobile');

    await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
    expect(Date.now() - shownAt).toBeGreaterThan(1_500);

    const signIn = page.getByRole('form', { name: 'Sign in' });
    await signIn.getByLabel('Email').fill(email);
    await signIn.locator('input[autocomplete="current-password"]').fill('Tandoor@2026');
    await signIn.getByRole('button', { name: 'Sign In' }).click();
    await page.locator('[data-toast-id][data-visible="true"]', { hasText: /awaiting admin approval/ }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await context.close();
  });

  it('refuses an e-mail that is already registered, with the server detail', async () => {
    const { context, page } = await newPage(browser, baseURL, VIEWPORTS.mobile);
    await page.goto('/vendor-register');
    const f = form(page);
    await f.getByLabel('Email').fill('supplier@annapurna-events.in');
    await page.locator('input[name="password"]').fill('Tandoor@2026');
    await page.locator('input[name="confirm_password"]').fill('Tandoor@2026');
    await f.getByLabel('Contact Person').fill('Farida Khan');
    await f.getByLabel('Business Name').fill('Tandoor Tales Catering');
    await f.getByLabel('Phone').fill('9893055667');
    await f.getByLabel('Location').fill('Bhopal');
    await f.getByLabel('Business Address').fill('22 Lake View Road, Bhopal');
    await f.getByLabel('Services Offered').fill('Mughlai buffets');
    await submit(page);

    const toast = await newestToast(page);
    expect(toast).not.toBe(VENDOR_REGISTERED_MESSAGE);
    expect(toast).toMatch(/already/i);
    expect(await f.getByLabel('Email').inputValue()).toBe('supplier@annapurna-events.in');
    expect(new URL(page.url()).pathname).toBe('/vendor-register');
    await context.close();
  });

  it('shows the registration page without horizontal scrolling at 1280 px', async () => {
    const { context, page } = await newPage(browser, baseURL, VIEWPORTS.desktop);
    await page.goto('/vendor-register');
    await page.getByRole('heading', { name: 'What happens next' }).waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await screenshot(page, 'e2e-vendor-register-desktop');
    await context.close();
  });
});
