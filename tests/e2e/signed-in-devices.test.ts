import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { hasHorizontalScroll, launchBrowser, newPage, screenshot, VIEWPORTS } from './browser';
import { createAccount, signIn } from './people';

/*
 * Signed-in devices and the browser binding (docs/decisions.md, "Sessions and the browser binding") in a real
 * browser: a sign-in stores the token in localStorage and an HttpOnly fingerprint cookie beside it, so the page
 * survives a reload while a copy of the token alone opens nothing; one device signs another out from /account;
 * logout clears the cookie.
 */

const baseURL = inject('baseURL');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 ' +
  'Mobile/15E148 Safari/604.1';

const storedToken = (page: Page) => page.evaluate(() => window.localStorage.getItem('token'));

async function fingerprintCookie(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name === 'session_fp');
}

describe('signed-in devices in a real browser', () => {
  it(
    'binds the token to this browser, survives a reload, signs another device out, and logout clears the cookie',
    { timeout: 180_000 },
    async () => {
      const person = {
        name: 'Meera Krishnan',
        email: `meera.${Date.now()}@example.in`,
        phone: '+91 98930 44556',
        password: 'coconut-chutney-77',
      };
      const laptop = await newPage(browser, baseURL);
      await createAccount(laptop.page, person);

      // The token is in localStorage (the contract); beside it an HttpOnly, SameSite=Strict fingerprint cookie.
      const token = await storedToken(laptop.page);
      expect(token).toBeTruthy();
      const cookie = await fingerprintCookie(laptop.context);
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
      expect(await laptop.page.evaluate(() => document.cookie)).not.toContain('session_fp');

      // A reload keeps the session: the stored token and the cookie go together.
      await laptop.page.reload();
      await laptop.page.getByText(`Welcome, ${person.name}`).first().waitFor();

      // The same token copied into another browser, without the cookie, opens nothing on any door.
      const thief = await browser.newContext({ baseURL });
      const stolen = { authorization: `Bearer ${token}` };
      expect((await thief.request.get('/api/auth/me', { headers: stolen })).status()).toBe(401);
      expect((await thief.request.get('/api/trpc/auth.me', { headers: stolen })).status()).toBe(401);
      expect((await laptop.context.request.get('/api/auth/me', { headers: stolen })).status()).toBe(200);
      await thief.close();

      // A second device: a phone.
      const phoneContext = await browser.newContext({ baseURL, viewport: VIEWPORTS.mobile, userAgent: PHONE_UA });
      const phone = await phoneContext.newPage();
      await signIn(phone, person);
      await phone.waitForURL((url) => url.pathname === '/');
      expect(await storedToken(phone)).toBeTruthy();

      // The laptop lists both, marks itself, and signs the phone out.
      await laptop.page.goto('/account');
      const section = laptop.page.getByRole('region', { name: 'Signed-in devices' });
      const list = section.getByRole('list', { name: 'Signed-in devices' });
      await list.getByRole('listitem').nth(1).waitFor();
      expect(await list.getByRole('listitem').count()).toBe(2);
      const mine = list.getByRole('listitem').filter({ hasText: 'This device' });
      expect(await mine.count()).toBe(1);
      const phoneRow = list.getByRole('listitem', { name: 'Safari on iOS' });
      expect(await phoneRow.getByText('from network 127.0.0.0/24').count()).toBe(1);
      await screenshot(laptop.page, 'e2e-signed-in-devices-desktop');
      await phoneRow.getByRole('button', { name: 'Sign out Safari on iOS' }).click();
      await laptop.page.getByText('The device has been signed out.').waitFor();
      await phoneRow.waitFor({ state: 'detached' });
      expect(await list.getByRole('listitem').count()).toBe(1);

      // The phone is signed out: its next start finds the token refused and forgets it.
      await phone.goto('/account');
      await phone.waitForURL((url) => url.pathname === '/login');
      await phone.waitForFunction(() => window.localStorage.getItem('token') === null);

      // The laptop is still signed in, on a phone-sized screen too.
      await laptop.page.setViewportSize(VIEWPORTS.mobile);
      await laptop.page.reload();
      await section.getByText('This device').waitFor();
      expect(await hasHorizontalScroll(laptop.page)).toBe(false);
      await screenshot(laptop.page, 'e2e-signed-in-devices-mobile');
      await laptop.page.setViewportSize(VIEWPORTS.desktop);

      // Logout ends this session and clears the fingerprint cookie.
      await laptop.page.goto('/');
      await laptop.page.getByRole('button', { name: 'Logout' }).first().click();
      await laptop.page.getByText('Logged out successfully').waitFor();
      expect(await storedToken(laptop.page)).toBeNull();
      expect(await fingerprintCookie(laptop.context)).toBeUndefined();
      expect((await laptop.context.request.get('/api/auth/me', { headers: stolen })).status()).toBe(401);

      await phoneContext.close();
      await laptop.context.close();
    },
  );
});
