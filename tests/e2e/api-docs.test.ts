import { describe, expect, inject, it } from 'vitest';
import { fileBrowser, newPage, screenshot, VIEWPORTS } from './browser';

/*
 * The API reference at /api/docs (docs/api.md, "The contract") renders the OpenAPI document under the app's own
 * Content-Security-Policy: no inline script, no eval, and the browser reports no violation.
 */

const baseURL = inject('baseURL');
const browser = fileBrowser();

describe('/api/docs', () => {
  it.each([
    ['desktop', VIEWPORTS.desktop],
    ['mobile', VIEWPORTS.mobile],
  ] as const)('renders the reference of every route group with no CSP violation (%s)', async (name, viewport) => {
    const { context, page } = await newPage(browser, baseURL, viewport);
    await context.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __csp: string[] }).__csp = seen;
      document.addEventListener('securitypolicyviolation', (event) =>
        seen.push(`${event.violatedDirective} ${event.blockedURI}`),
      );
    });
    const consoleViolations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) consoleViolations.push(message.text());
    });

    const response = await page.goto('/api/docs/');
    expect((await response!.allHeaders())['content-security-policy']).toContain("script-src 'self'");
    // The document's title and an operation of the quote, rendered from /api/docs/json.
    await page.getByRole('heading', { name: /API/ }).first().waitFor();
    await page.getByText('/api/quotation/instant', { exact: true }).first().waitFor();
    for (const tag of ['visitor', 'bookings', 'payments', 'projects']) {
      await expect(page.locator(`#operations-tag-${tag.replace(/ /g, '_')}`).count()).resolves.toBe(1);
    }
    // Opening an operation shows its answer's schema.
    await page.getByText('/api/quotation/instant', { exact: true }).first().click();
    await page.getByText('final_amount').first().waitFor();
    await screenshot(page, `api-docs-${name}`);

    const violations = [
      ...consoleViolations,
      ...(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)),
    ];
    expect(violations).toEqual([]);
    await context.close();
  });
});
