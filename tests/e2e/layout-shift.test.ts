import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { fileBrowser, newPage, VIEWPORTS, waitForHydration } from './browser';

/*
 * The public pages paint their frame from the entry bundle and load the rest afterwards: /book's form,
 * /vendor-register's application, /login's forms, the landing page's data. Nothing on screen may move when those
 * arrive. Every script but the entry's is held back here, as on a slow phone connection, and the layout shifts the
 * browser reports (Cumulative Layout Shift, the same measure Lighthouse uses) are added up.
 */
const baseURL = inject('baseURL');
const HOLD_MS = 600;
const browser = fileBrowser();

/** Scripts the HTML names itself (the entry and what it preloads): everything else is loaded later, and held. */
async function scriptsInHtml(page: Page, path: string): Promise<Set<string>> {
  const html = await (await page.request.get(path)).text();
  return new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]!));
}

async function layoutShiftWhileLoading(
  path: string,
  viewport: { width: number; height: number },
  loaded: (page: Page) => Promise<unknown>,
  loadsMore: boolean,
) {
  const { context, page } = await newPage(browser, baseURL, viewport);
  try {
    const immediate = await scriptsInHtml(page, path);
    expect(immediate.size, 'the HTML names its entry script').toBeGreaterThan(0);
    let held = 0;
    let released = 0;
    await page.route('**/assets/*.js', async (route) => {
      if (!immediate.has(new URL(route.request().url()).pathname)) {
        held++;
        await new Promise((resolve) => setTimeout(resolve, HOLD_MS));
        released++;
      }
      await route.continue();
    });
    await page.addInitScript(() => {
      const shifts: { value: number; sources: string[] }[] = [];
      (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
          sources?: { node?: Node }[];
        })[]) {
          if (entry.hadRecentInput) continue;
          const sources = (entry.sources ?? []).map((source) => {
            const node = source.node;
            return node instanceof Element
              ? `${node.tagName.toLowerCase()} "${(node.textContent ?? '').trim().slice(0, 40)}"`
              : String(node?.nodeName);
          });
          shifts.push({ value: entry.value, sources });
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });

    await page.goto(path);
    await loaded(page);
    // The markup is pre-rendered, so what `loaded` waits for is there before any script has run. Wait for the page's
    // code itself (React has taken over the heading) before waiting for the network to go quiet: on a busy machine
    // the network can be quiet while the entry is still being evaluated, before it has asked for the held scripts.
    await waitForHydration(page);
    // A page that loads more code asks for it once the browser is idle after hydrating, which on a busy machine can
    // be after the network has gone quiet: wait for those requests themselves, and for their answers, first.
    if (loadsMore) {
      await expect.poll(() => held, { timeout: 20_000 }).toBeGreaterThan(0);
      await expect.poll(() => released === held, { timeout: 20_000 }).toBe(true);
    }
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(300);
    const shifts = await page.evaluate(
      () => (window as unknown as { __shifts: { value: number; sources: string[] }[] }).__shifts,
    );
    return { held, shifts, total: shifts.reduce((sum, shift) => sum + shift.value, 0) };
  } finally {
    await context.close();
  }
}

const PAGES: { path: string; loaded: (page: Page) => Promise<unknown> }[] = [
  { path: '/', loaded: (page) => page.getByRole('heading', { name: 'What Our Clients Say' }).waitFor() },
  { path: '/book', loaded: (page) => page.getByRole('heading', { name: 'Event Details' }).waitFor() },
  { path: '/login', loaded: (page) => page.getByRole('form', { name: 'Sign in' }).waitFor() },
  { path: '/vendor-register', loaded: (page) => page.getByRole('heading', { name: 'Partner application' }).waitFor() },
];

describe('nothing moves while a page’s code arrives', () => {
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    for (const { path, loaded } of PAGES) {
      it(`${path} at ${viewport.width} px`, async () => {
        const result = await layoutShiftWhileLoading(path, viewport, loaded, path !== '/');
        if (path !== '/') expect(result.held, `${name}: scripts loaded after the entry`).toBeGreaterThan(0);
        expect(result.shifts, `${name}: layout shifts`).toEqual([]);
      });
    }
  }
});
