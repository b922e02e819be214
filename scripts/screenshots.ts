import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { startApp, clientDistDir, hasClientBuild } from '../tests/e2e/app-server';
import { drawWholePage, launchBrowser, VIEWPORTS } from '../tests/e2e/browser';
import { prepareRouteFixtures, type RouteFixtures } from '../tests/e2e/demo-api';
import { measureLayout, MIN_TARGET_PX, type LayoutReport } from '../tests/e2e/layout-checks';
import { ROUTE_VIEWS, viewPath, ViewWalker, type RouteView, type ViewportName } from '../tests/e2e/route-views';

/**
 * `npm run screenshots`: starts the built app with the demo data on a free port, pictures every route (and the main
 * dialogs) at 1280 × 800 and 360 × 740 into screenshots/<size>/, makes one contact sheet per size, and prints a
 * table of sideways scrolling and small touch targets. The checks are reported, not enforced: the browser test
 * tests/e2e/mobile-layout.test.ts enforces them.
 */
const root = join(import.meta.dirname, '..');
const outDir = join(root, 'screenshots');
/** The background of a screen that could not be taken. */
const MISSING_STRIPES = 'repeating-linear-gradient(45deg, #fdd, #fdd 6px, #fff 6px, #fff 12px)';

const SIZES: { name: ViewportName; width: number; height: number }[] = [
  { name: 'desktop', ...VIEWPORTS.desktop },
  { name: 'mobile', ...VIEWPORTS.mobile },
];

type Result = {
  view: RouteView;
  size: ViewportName;
  file: string;
  path: string;
  report?: LayoutReport;
  error?: string;
};

function ensureClientBuild(): void {
  if (hasClientBuild()) return;
  if (process.env.CLIENT_DIST_DIR)
    throw new Error(`No client build in ${clientDistDir()}: build it first (npm run build).`);
  console.log('No client build yet: building it (npm run build)...');
  const build = spawnSync(
    process.execPath,
    [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (build.status !== 0) throw new Error('The client build failed.');
}

/** Pictures every view at one size, in list order (views of one page share its load), and measures each. */
async function shootSize(
  browser: Browser,
  baseURL: string,
  fixtures: RouteFixtures,
  size: (typeof SIZES)[number],
): Promise<Result[]> {
  const views = ROUTE_VIEWS.filter((view) => !view.only || view.only === size.name);
  const walker = new ViewWalker(browser, baseURL, size, fixtures);
  const results: Result[] = [];
  try {
    for (const [index, view] of views.entries()) {
      const file = join(outDir, size.name, `${String(index + 1).padStart(2, '0')}-${view.name}.png`);
      const path = viewPath(view, fixtures);
      try {
        const page = await walker.show(view);
        const report = await measureLayout(page);
        if (!view.overlay) await drawWholePage(page);
        await page.screenshot({ path: file, fullPage: !view.overlay, animations: 'disabled' });
        results.push({ view, size: size.name, file, path, report });
      } catch (error) {
        results.push({ view, size: size.name, file: '', path, error: (error as Error).message.split('\n')[0] });
      }
    }
  } finally {
    await walker.close();
  }
  console.log(`${size.name}: ${views.length} screens`);
  return results;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
}

/** An HTML page of labelled thumbnails, rendered by the browser into one PNG per size. */
async function contactSheet(browser: Browser, size: (typeof SIZES)[number], results: Result[]): Promise<string> {
  const thumbWidth = size.name === 'desktop' ? 256 : 160;
  const screenHeight = Math.round((size.height * thumbWidth) / size.width);
  const maxHeight = Math.round(screenHeight * (size.name === 'desktop' ? 2.5 : 2));
  const cells = results
    .map((result) => {
      const problems = result.error
        ? `<b class="bad">failed: ${escapeHtml(result.error)}</b>`
        : [
            result.report!.overflowPx > 0 ? `<b class="bad">${result.report!.overflowPx}px sideways</b>` : '',
            result.report!.smallTargets.length > 0
              ? `<b class="warn">${result.report!.smallTargets.length} small targets</b>`
              : '',
            result.report!.cutText.length > 0 ? `<b class="bad">${result.report!.cutText.length} cut text</b>` : '',
            result.report!.overlappingText.length > 0
              ? `<b class="bad">${result.report!.overlappingText.length} overlapping text</b>`
              : '',
          ].join(' ');
      const image = result.error
        ? '<div class="missing"></div>'
        : `<img src="${escapeHtml(relative(outDir, result.file))}" alt="">`;
      const title = `<strong>${escapeHtml(result.view.name)}</strong>`;
      const caption = `${title}<span>${escapeHtml(result.path)}</span>${problems}`;
      return `<figure><div class="frame">${image}</div><figcaption>${caption}</figcaption></figure>`;
    })
    .join('\n');
  const html = `<!doctype html><meta charset="utf-8"><title>Contact sheet, ${size.name}</title>
<style>
  body { margin: 16px; font: 12px/1.35 system-ui, sans-serif; background: #f4f1ec; color: #222; }
  h1 { font-size: 16px; margin: 0 0 12px; }
  main { display: grid; grid-template-columns: repeat(auto-fill, ${thumbWidth + 14}px); gap: 14px; align-items: start; }
  figure { margin: 0; background: #fff; padding: 6px; border: 1px solid #d8d0c4; border-radius: 6px; }
  .frame { max-height: ${maxHeight}px; overflow: hidden; border: 1px solid #eee; position: relative; }
  .frame img { display: block; width: ${thumbWidth}px; }
  .missing { height: ${screenHeight}px; background: ${MISSING_STRIPES}; }
  figcaption { margin-top: 4px; display: grid; gap: 1px; width: ${thumbWidth}px; overflow-wrap: anywhere; }
  figcaption span { color: #666; }
  .bad { color: #b00020; } .warn { color: #9a5b00; }
</style>
<h1>${escapeHtml(
    `${size.name} ${size.width} × ${size.height}: ${results.length} screens ` +
      `(thumbnails cut at ${size.name === 'desktop' ? '2.5' : '2'} screen heights)`,
  )}</h1>
<main>${cells}</main>`;
  const htmlFile = join(outDir, `contact-sheet-${size.name}.html`);
  writeFileSync(htmlFile, html);
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  await page.goto(pathToFileURL(htmlFile).href);
  await page.waitForFunction(() => Array.from(document.images).every((image) => image.complete));
  const png = join(outDir, `contact-sheet-${size.name}.png`);
  await page.screenshot({ path: png, fullPage: true });
  await context.close();
  return png;
}

function printSummary(results: Result[]): void {
  const rows = ROUTE_VIEWS.map((view) => {
    const cells = SIZES.map((size) => {
      const result = results.find((r) => r.view === view && r.size === size.name);
      if (!result) return '—';
      if (result.error) return 'FAILED';
      const { overflowPx, smallTargets, cutText, overlappingText } = result.report!;
      return (
        `${overflowPx > 0 ? `${overflowPx}px scroll` : 'no scroll'}, ` +
        `${smallTargets.length} small, ${cutText.length} cut, ${overlappingText.length} overlap`
      );
    });
    return [view.name, ...cells];
  });
  const header = ['view', ...SIZES.map((s) => `${s.name} ${s.width}px`)];
  const widths = header.map((_, i) => Math.max(header[i]!.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(
    `\nHorizontal scroll, controls under ${MIN_TARGET_PX} × ` +
      `${MIN_TARGET_PX} px ("small"), text cut off, text over text`,
  );
  console.log('Touch sizes apply below 768 px and on touch screens; the desktop counts (mouse) are for information.');
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of rows) console.log(line(row));

  // The small controls are listed for the touch size only; at desktop size they are counted above.
  const details = results.filter(
    (r) =>
      r.error ||
      (r.report && (r.report.cutText.length > 0 || r.report.overlappingText.length > 0)) ||
      (r.size === 'mobile' && r.report && r.report.smallTargets.length > 0),
  );
  if (details.length > 0) console.log('\nDetails:');
  for (const result of details) {
    if (result.error) {
      console.log(`  ${result.size}/${result.view.name}: ${result.error}`);
      continue;
    }
    const report = result.report!;
    const targets =
      result.size === 'mobile' ? report.smallTargets.map((t) => `${t.target} ${t.width}×${t.height}`) : [];
    console.log(
      `  ${result.size}/${result.view.name}: ${[...targets, ...report.cutText, ...report.overlappingText].join('; ')}`,
    );
  }
}

async function main(): Promise<void> {
  const started = Date.now();
  ensureClientBuild();
  for (const size of SIZES) {
    rmSync(join(outDir, size.name), { recursive: true, force: true });
    mkdirSync(join(outDir, size.name), { recursive: true });
  }
  console.log('Starting the app with the demo data...');
  const app = await startApp();
  let browser: Browser | undefined;
  try {
    const fixtures = await prepareRouteFixtures(app.baseURL);
    browser = await launchBrowser();
    // The two sizes are pictured side by side: each waits on the server and the browser part of the time.
    const results = (await Promise.all(SIZES.map((size) => shootSize(browser!, app.baseURL, fixtures, size)))).flat();
    const sheets = [];
    for (const size of SIZES)
      sheets.push(
        await contactSheet(
          browser,
          size,
          results.filter((r) => r.size === size.name),
        ),
      );
    printSummary(results);
    console.log(`\nScreenshots: ${join(outDir, 'desktop')}/ and ${join(outDir, 'mobile')}/`);
    console.log(`Contact sheets: ${sheets.join(', ')}`);
    console.log(`Done in ${Math.round((Date.now() - started) / 1000)} s.`);
    if (results.some((r) => r.error)) process.exitCode = 1;
  } finally {
    await browser?.close();
    await app.stop();
  }
}

await main();
