import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { DEFAULT_BRAND } from '../src/shared/brand';

/**
 * Screenshots of the built client for a visual check: `npx vite build && npx vite preview --port 4173`, then
 * `npx tsx scripts/screenshots.ts`. API calls fail under `vite preview`; the pages fall back to their defaults.
 */
const baseUrl = process.env.SCREENSHOT_BASE_URL ?? 'http://127.0.0.1:4173';
const outDir = join(import.meta.dirname, '..', 'screenshots');
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const viewports = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'mobile', width: 360, height: 740 },
  // The narrowest width that still shows the full top bar; long names must not crowd it.
  { name: 'narrow-desktop', width: 1024, height: 768 },
] as const;

type Shot = { name: string; path: string; fullPage?: boolean; prepare?: (page: Page) => Promise<void> };

const shots: Shot[] = [
  { name: 'landing', path: '/', fullPage: true },
  { name: 'landing-fold', path: '/' },
  { name: 'login', path: '/login' },
  {
    name: 'login-invalid',
    path: '/login',
    prepare: async (page) => {
      await page.getByRole('button', { name: 'Sign In' }).click();
    },
  },
  {
    name: 'create-account',
    path: '/login',
    fullPage: true,
    prepare: async (page) => {
      await page.getByRole('button', { name: 'Create an account' }).click();
      await page.getByRole('button', { name: 'Create Account' }).click();
    },
  },
  { name: 'coming-soon', path: '/admin' },
  { name: 'not-found', path: '/no-such-page' },
];

/** Answers the tRPC calls a signed-in start-up makes, so the signed-in top bar can be looked at without a server. */
async function signInWithMockApi(context: BrowserContext) {
  await context.addInitScript(() => window.localStorage.setItem('token', 'screenshot-token'));
  await context.route('**/api/trpc/**', async (route) => {
    const paths = new URL(route.request().url()).pathname.split('/').pop()!.split(',');
    const data: Record<string, unknown> = {
      'site.brand': DEFAULT_BRAND,
      'auth.me': {
        id: '00000000-0000-4000-8000-000000000001',
        full_name: 'Aishwarya Venkataraman',
        email: 'aishwarya@example.in',
        phone: '+919826012345',
        role: 'customer',
        city: 'Indore',
        created_at: '2026-01-15T10:30:00.000Z',
      },
    };
    await route.fulfill({ json: paths.map((path) => ({ result: { data: data[path] ?? null } })) });
  });
}

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

async function main() {
  await mkdir(outDir, { recursive: true });
  const browser = await chromium.launch({
    executablePath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const problems: string[] = [];
  try {
    for (const viewport of viewports) {
      const context = await browser.newContext({ viewport, deviceScaleFactor: 1, reducedMotion: 'reduce' });
      const page = await context.newPage();
      page.on('pageerror', (error) => problems.push(`${viewport.name}: page error: ${error.message}`));
      for (const shot of shots) {
        await page.goto(`${baseUrl}${shot.path}`, { waitUntil: 'networkidle' });
        await page.waitForSelector('main, [role="main"]');
        await shot.prepare?.(page);
        await page.waitForTimeout(300);
        const overflow = await horizontalOverflow(page);
        if (overflow > 0) problems.push(`${viewport.name}/${shot.name}: ${overflow}px horizontal overflow`);
        const file = join(outDir, `${shot.name}-${viewport.name}.png`);
        await page.screenshot({ path: file, fullPage: shot.fullPage ?? false });
        console.log(`saved ${file}`);
      }
      const signedIn = await browser.newContext({ viewport, deviceScaleFactor: 1, reducedMotion: 'reduce' });
      await signInWithMockApi(signedIn);
      const signedInPage = await signedIn.newPage();
      await signedInPage.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
      await signedInPage.getByText(/^Welcome, /).first().waitFor({ state: 'attached' });
      if ((await horizontalOverflow(signedInPage)) > 0) problems.push(`${viewport.name}/signed-in: horizontal overflow`);
      await signedInPage.screenshot({ path: join(outDir, `landing-signed-in-${viewport.name}.png`) });
      await signedIn.close();

      if (viewport.name === 'mobile') {
        await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
        await page.getByRole('button', { name: 'Open menu' }).click();
        await page.getByRole('dialog', { name: 'Menu' }).waitFor();
        await page.waitForTimeout(400);
        await page.screenshot({ path: join(outDir, 'menu-open-mobile.png') });
        console.log('saved menu-open-mobile.png');
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
  if (problems.length > 0) {
    console.error(problems.join('\n'));
    process.exitCode = 1;
  }
}

await main();
