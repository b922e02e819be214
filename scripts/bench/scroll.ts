import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../../tests/e2e/browser';
import { parseFlags } from './data';
import { ensureClientBuild, pagesFlag, startProductionApp } from './production-app';
import { textTable } from './report';
import { median } from './stats';

/**
 * `npm run bench:scroll`: how smoothly a phone scrolls a public page from top to bottom. Debian's Chromium with a
 * phone's screen (412 × 823, touch) and its CPU slowed 4x, as Lighthouse emulates a mid-tier phone, opens the page
 * from the production server, waits until the network is quiet, then scrolls to the bottom 400 px at a time, about
 * eight steps a second, and waits for the pictures it brought into view. Every long task (over 50 ms on the main
 * thread) meanwhile is a moment the page could not answer a touch or move smoothly; the report gives their count,
 * the blocking time (the part of each over 50 ms, summed) and the longest, per run and their medians.
 *
 * Options: --pages / (default; a comma-separated list of public pages), --runs N (default 3).
 */
const flags = parseFlags(process.argv.slice(2));
const RUNS = Number(flags.get('runs') ?? 3);
const PAGES = pagesFlag(flags, ['/']);
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error('--runs: a whole number from 1');

const STEP_PX = 400;
const STEP_MS = 120;
const CPU_SLOWDOWN = 4;

type ScrollRun = { longTasks: number; blockingMs: number; longestMs: number; pictures: string };

/** Where the page keeps the long tasks it observed (a property of its window, read back at the end). */
type Observed = { longTasks?: number[] };

/** One scroll in a fresh browser context (nothing cached from the run before). */
async function scrollOnce(browser: Browser, baseUrl: string, path: string): Promise<ScrollRun> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 2.625,
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
    await page.evaluate(() => {
      const observed: number[] = [];
      (window as Observed).longTasks = observed;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) observed.push(entry.duration);
      }).observe({ type: 'longtask' });
    });
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let y = 0; y < height; y += STEP_PX) {
      await page.mouse.wheel(0, STEP_PX);
      await page.waitForTimeout(STEP_MS);
    }
    await page.waitForLoadState('networkidle');
    // Long tasks are reported after they end: one more frame after the last picture has been drawn.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
    const durations = await page.evaluate(() => (window as Observed).longTasks ?? []);
    const pictures = await page.evaluate(() => {
      const images = [...document.images].filter((image) => image.src.includes('/images/'));
      const drawn = images.filter((image) => image.complete && image.naturalWidth > 0);
      return `${drawn.length}/${images.length}`;
    });
    return {
      longTasks: durations.length,
      blockingMs: Math.round(durations.reduce((sum, duration) => sum + Math.max(0, duration - 50), 0)),
      longestMs: Math.round(Math.max(0, ...durations)),
      pictures,
    };
  } finally {
    await context.close();
  }
}

async function main(): Promise<number> {
  if (!ensureClientBuild()) return 1;
  const dir = mkdtempSync(join(tmpdir(), 'scroll-'));
  const { port, server } = await startProductionApp(dir);
  const browser = await launchBrowser();
  try {
    const rows: (string | number)[][] = [];
    for (const path of PAGES) {
      const runs: ScrollRun[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await scrollOnce(browser, `http://127.0.0.1:${port}`, path));
      const list = (pick: (run: ScrollRun) => number) => runs.map(pick).join(', ');
      rows.push([
        path,
        `${median(runs.map((run) => run.longTasks))} (${list((run) => run.longTasks)})`,
        `${median(runs.map((run) => run.blockingMs))} (${list((run) => run.blockingMs)})`,
        `${median(runs.map((run) => run.longestMs))} (${list((run) => run.longestMs)})`,
        runs.map((run) => run.pictures).join(', '),
      ]);
    }
    const header = ['Page', 'Long tasks (runs)', 'Blocking ms (runs)', 'Longest ms (runs)', 'Pictures drawn'];
    console.log(`\nScrolling top to bottom at ${CPU_SLOWDOWN}x CPU, phone screen, ${RUNS} runs (medians first)\n`);
    console.log(textTable(header, rows));
    return 0;
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
