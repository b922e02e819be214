import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { fileBrowser, newPage, trackRequests } from './browser';
import { signIn } from './people';

/**
 * The built client under the server's Content-Security-Policy (docs/security.md, "Headers"): every screen renders
 * and the browser reports no violation, so the policy can stay strict (no inline script, no eval).
 */

const baseURL = inject('baseURL');
const browser = fileBrowser();

/** Opens a page that records every CSP violation the browser reports, as an event and on the console. */
async function watchedPage(): Promise<{ page: Page; violations: () => Promise<string[]>; close: () => Promise<void> }> {
  const { context, page } = await newPage(browser, baseURL);
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  const console: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) console.push(message.text());
  });
  return {
    page,
    violations: async () => [
      ...console,
      ...(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)),
    ],
    close: () => context.close(),
  };
}

describe('the client under the Content-Security-Policy', () => {
  it('serves the policy on the page itself', async () => {
    const { page, close } = await watchedPage();
    const response = await page.goto('/');
    const policy = (await response!.allHeaders())['content-security-policy'] ?? '';
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    await close();
  });

  it('keeps the business JSON-LD of the home page without a violation or a weaker policy', async () => {
    const { page, violations, close } = await watchedPage();
    const response = await page.goto('/');
    const policy = (await response!.allHeaders())['content-security-policy'] ?? '';
    expect(/script-src 'self'(;|$)/.test(policy)).toBe(true);
    await page.locator('#root *').first().waitFor();
    const data = await page.locator('script[type="application/ld+json"]').textContent();
    expect(JSON.parse(data ?? '{}')['@type']).toBe('FoodEstablishment');
    await page.waitForLoadState('networkidle');
    expect(await violations()).toEqual([]);
    await close();
  });

  it.each(['/', '/book', '/login', '/vendor-register', '/terms', '/privacy-policy'])(
    'renders %s with no violation',
    async (path) => {
      const { page, violations, close } = await watchedPage();
      await page.goto(path);
      await page.locator('#root *').first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(await violations()).toEqual([]);
      await close();
    },
  );

  it.each([
    ['admin@annapurna-events.in', '/admin', 'Admin@12345'],
    ['supplier@annapurna-events.in', '/supplier', 'Supplier@123'],
    ['priya.sharma@example.in', '/bookings', 'Customer@123'],
  ])('signed in as %s, renders %s with no violation', async (email, path, password) => {
    const { page, violations, close } = await watchedPage();
    const requests = trackRequests(page);
    await signIn(page, { email, password });
    await page.waitForFunction(() => localStorage.getItem('token') !== null);
    await page.goto(path);
    await page.locator('main').first().waitFor();
    await requests.settled();
    expect(await violations()).toEqual([]);
    await close();
  });
});
