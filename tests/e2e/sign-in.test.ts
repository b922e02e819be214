import { describe, expect, inject, it } from 'vitest';
import { fileBrowser, hasHorizontalScroll, newPage, screenshot, VIEWPORTS } from './browser';
import { openCreateAccount, signIn } from './people';

const baseURL = inject('baseURL');
const browser = fileBrowser();

describe('signing in and out in a real browser', () => {
  it('takes a customer home with the welcome, My Bookings and Logout; Logout clears the token and opens /login', async () => {
    const { context, page } = await newPage(browser, baseURL);
    await signIn(page, { email: 'priya.sharma@example.in', password: 'Customer@123' });
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await page.getByText('Login successful!').waitFor();
    await page.getByText('Welcome, Priya Sharma').waitFor();
    const myBookings = page.getByRole('link', { name: 'My Bookings' });
    expect(await myBookings.getAttribute('href')).toBe('/bookings');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toMatch(/^ey/);
    await screenshot(page, 'e2e-landing-signed-in-desktop');

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByText('Logged out successfully').waitFor();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await context.close();
  });

  it.each([
    ['admin@annapurna-events.in', '/admin', 'Admin@12345'],
    ['supplier@annapurna-events.in', '/supplier', 'Supplier@123'],
  ])('sends %s to %s', async (email, path, password) => {
    const { context, page } = await newPage(browser, baseURL);
    await signIn(page, { email, password });
    await expect.poll(() => new URL(page.url()).pathname).toBe(path);
    await context.close();
  });

  it('refuses a vendor awaiting approval with the server detail', async () => {
    const { context, page } = await newPage(browser, baseURL);
    await signIn(page, { email: 'vendor.pending@example.in', password: 'Vendor@123' });
    await page.getByText(/awaiting admin approval/).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });

  it('creates an account on a phone and lands signed in on the home page', async () => {
    const { context, page } = await newPage(browser, baseURL, VIEWPORTS.mobile);
    await page.goto('/login');
    expect(await hasHorizontalScroll(page)).toBe(false);
    await screenshot(page, 'e2e-login-mobile');
    await openCreateAccount(page);
    const form = page.getByRole('form', { name: 'Create account' });
    await form.getByLabel('Full Name').fill('Nisha Joshi');
    await form.getByLabel('Email').fill(`nisha.${Date.now()}@example.in`);
    await form.getByLabel('Phone').fill('+91 98930 11223');
    await form.locator('input[autocomplete="new-password"]').fill('chai-and-jalebi');
    await form.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Registration successful!').waitFor();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toMatch(/^ey/);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await context.close();
  });

  it('signs out silently when the stored token has been tampered with', async () => {
    const { context, page } = await newPage(browser, baseURL);
    await signIn(page, { email: 'priya.sharma@example.in', password: 'Customer@123' });
    await page.getByText('Welcome, Priya Sharma').waitFor();
    await page.evaluate(() => {
      const token = localStorage.getItem('token') ?? '';
      localStorage.setItem('token', `${token.slice(0, -4)}AAAA`);
    });
    await page.reload();
    await page.getByRole('link', { name: 'Login' }).first().waitFor();
    expect(await page.getByText('Welcome, Priya Sharma').count()).toBe(0);
    // The token is dropped in an effect right after the signed-out bar renders.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await context.close();
  });

  it('sends a signed-out visitor from /bookings to /login', async () => {
    const { context, page } = await newPage(browser, baseURL);
    await page.goto('/bookings');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });

  it('shows the landing page without horizontal scrolling at 360 px and 1280 px', async () => {
    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      const { context, page } = await newPage(browser, baseURL, viewport);
      await page.goto('/');
      await page.getByRole('link', { name: 'Book Your Event' }).first().waitFor();
      expect(await hasHorizontalScroll(page)).toBe(false);
      await screenshot(page, `e2e-landing-${name}`);
      await context.close();
    }
  });
});
