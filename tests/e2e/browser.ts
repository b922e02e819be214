import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 360, height: 740 },
} as const;

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

/**
 * The browser of one test file: launched before its tests and closed after them (after the file's own `afterAll`
 * hooks, which run first). Written once at the top of a file, `const browser = fileBrowser();`; the answer stands
 * for the launched browser, so the file's hooks and tests use it as they would the browser itself.
 */
export function fileBrowser(): Browser {
  let launched: Browser | undefined;
  beforeAll(async () => {
    launched = await launchBrowser();
  });
  afterAll(async () => {
    await launched?.close();
  });
  return new Proxy({} as Browser, {
    get(_, key) {
      if (!launched) throw new Error('The browser is launched in beforeAll: use it from a hook or a test');
      const value: unknown = Reflect.get(launched, key, launched);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(launched) : value;
    },
  });
}

export async function newPage(
  browser: Browser,
  baseURL: string,
  viewport: { width: number; height: number } = VIEWPORTS.desktop,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport, permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await context.newPage();
  return { context, page };
}

/**
 * Has the browser draw the sections it skips while they are far from the screen (`content-visibility: auto`,
 * docs/decisions.md, "Sections drawn when near the screen"), as scrolling to each would: a capture of the whole
 * page shows them all at once.
 */
export async function drawWholePage(page: Page): Promise<void> {
  await page.addStyleTag({ content: '* { content-visibility: visible !important; }' });
}

/**
 * Screenshots for people to look at (gitignored); never compared by the tests. The whole page, or with
 * `fullPage: false` the viewport (a dialog is fixed to it).
 */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  const dir = join(import.meta.dirname, '..', '..', 'screenshots');
  mkdirSync(dir, { recursive: true });
  if (fullPage) await drawWholePage(page);
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage });
}

/**
 * What the page shows a person, for a failure's message: the address, the headings, the start of the main text,
 * the toasts, and each field marked invalid with its value and message. A step that waits for a state the page never
 * reached says instead what the page showed.
 */
export function whatThePageShows(page: Page): Promise<string> {
  return page.evaluate(() => {
    const text = (element: Element) => (element.textContent ?? '').replace(/\s+/g, ' ').trim();
    const headings = [...document.querySelectorAll('h1, h2')].map(text);
    const toasts = [...document.querySelectorAll('[role="status"], [role="alert"]')].map(text).filter(Boolean);
    const invalid = [...document.querySelectorAll<HTMLInputElement>('[aria-invalid="true"]')].map((field) => {
      const message = field.closest('[data-part="root"]')?.querySelector('[data-part="error-text"]');
      return `${field.name || field.id}=${JSON.stringify(field.value)}${message ? ` (${text(message)})` : ''}`;
    });
    const main = document.querySelector('main') ?? document.body;
    const shown = (main instanceof HTMLElement ? main.innerText : text(main)).replace(/\s+/g, ' ').trim();
    return [
      `at ${location.pathname}${location.search}`,
      `headings: ${headings.join(' | ') || 'none'}`,
      `text: ${shown.length > 800 ? `${shown.slice(0, 800)}…` : shown}`,
      `live regions: ${toasts.join(' | ') || 'none'}`,
      `invalid fields: ${invalid.join(', ') || 'none'}`,
    ].join('\n');
  });
}

/**
 * Waits for `locator`; if it never shows, fails with what the page showed instead (`whatThePageShows`) and keeps a
 * screenshot of it under the screenshots folder as `failed-<name>.png`.
 */
export async function waitOrExplain(page: Page, locator: Locator, name: string): Promise<void> {
  try {
    await locator.waitFor();
  } catch (error) {
    const shown = await whatThePageShows(page).catch((reason: unknown) => `(the page could not be read: ${reason})`);
    await screenshot(page, `failed-${name}`).catch(() => undefined);
    throw new Error(`${(error as Error).message}\nThe page showed:\n${shown}`, { cause: error });
  }
}

/** True when the page is wider than the viewport (a horizontal scroll bar on a phone). */
export function hasHorizontalScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
}

/** The live alerts stream (docs/product.md#live-alerts): open for as long as a signed-in page is. */
const LIVE_STREAM = /\/api\/(notifications\/stream|trpc\/notifications\.live)/;

/**
 * Counts the page's requests in flight from now on, leaving out the live alerts stream, which never ends (so
 * Playwright's `networkidle` never comes on a signed-in page). `settled()` resolves once nothing else has been in
 * flight for half a second.
 */
export function trackRequests(page: Page): { settled: (timeoutMs?: number) => Promise<void> } {
  const inFlight = new Set<unknown>();
  let lastChange = Date.now();
  const start = (request: { url(): string }) => {
    if (LIVE_STREAM.test(request.url())) return;
    inFlight.add(request);
    lastChange = Date.now();
  };
  const end = (request: unknown) => {
    if (inFlight.delete(request)) lastChange = Date.now();
  };
  page.on('request', start);
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  return {
    async settled(timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (inFlight.size > 0 || Date.now() - lastChange < 500) {
        if (Date.now() > deadline) throw new Error(`requests still in flight after ${timeoutMs} ms`);
        await page.waitForTimeout(100);
      }
    },
  };
}

/**
 * Waits until the pre-rendered page is live: React has taken over its main heading (it keeps its fiber on the
 * element). A browser-side wait rather than `expect.poll`, so set-up steps in `beforeAll` can use it too.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const heading = document.querySelector('#root h1');
      return heading !== null && Object.keys(heading).some((key) => key.startsWith('__reactFiber$'));
    },
    undefined,
    { timeout: 30_000 },
  );
}
