import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPage, VIEWPORTS, waitForHydration } from './browser';
import { apiSignIn, DEMO_USERS, signedInContext } from './demo-api';
import { addDays, todayInIndia } from '../../src/shared/dates';
import { detailsForQuote, signIn, typeInto } from './people';

/*
 * The pre-rendered public pages (docs/decisions.md, "Pre-rendered public pages"): the HTML the server sends carries
 * each page's content before any script runs, the browser hydrates it with no hydration error (React reports a
 * mismatch as an error, and then draws the page again from scratch), and nothing on screen moves while it does.
 */
const baseURL = inject('baseURL');

const PAGES = [
  { path: '/', heading: 'Feasts worth celebrating, served with heart' },
  { path: '/book', heading: 'Book Your Event with Us' },
  { path: '/vendor-register', heading: 'Vendor Partner Registration' },
  { path: '/login', heading: 'Welcome back' },
  { path: '/terms', heading: 'Terms and Conditions' },
  { path: '/refund-policy', heading: 'Return and Refund Policy' },
  { path: '/privacy-policy', heading: 'Privacy Policy' },
];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Text with tags, and the style sheets that sit beside the elements they style, left out. */
function visibleText(html: string): string {
  return html
    .replace(/<style[^>]*>[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

/** Everything the page logs as a warning or an error, and every error it throws, from its first byte on. */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`thrown: ${error.message}`));
  return problems;
}

async function watchLayoutShifts(page: Page): Promise<void> {
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
}

async function headingBox(page: Page) {
  const box = await page.locator('#root h1').first().boundingBox();
  if (!box) throw new Error('no main heading on screen');
  return box;
}

describe('pre-rendered public pages', () => {
  it.each(PAGES)('$path sends its content in the HTML, before any script runs', async ({ path, heading }) => {
    const res = await fetch(`${baseURL}${path}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const root = html.slice(html.indexOf('<div id="root">'));
    expect(visibleText(/<h1[\s\S]*?<\/h1>/.exec(root)?.[0] ?? '').trim()).toBe(heading);
    // No inline script: the strict CSP allows none (docs/security.md, "Headers").
    expect(html.match(/<script(?![^>]*(?:src=|type="application\/ld\+json"))[^>]*>/g)).toBeNull();
    // The first paint waits for the whole page, not for a half-read one (docs/decisions.md).
    expect(html).toContain('<link rel="expect" href="#page-end" blocking="render">');
  });

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it.each(PAGES)(`$path hydrates without a warning and without moving at ${viewport.width} px`, async ({ path }) => {
      // As the HTML draws the page before any script has run: where its main heading sits. (Scripts are held back
      // rather than switched off, which would show the <noscript> note above the page.)
      const plain = await newPage(browser, baseURL, viewport);
      let before: Awaited<ReturnType<typeof headingBox>>;
      try {
        const { page } = plain;
        await page.route('**/*.js', (route) => route.abort());
        await page.goto(path);
        before = await headingBox(page);
      } finally {
        await plain.context.close();
      }

      const { context, page } = await newPage(browser, baseURL, viewport);
      try {
        const problems = watchConsole(page);
        await watchLayoutShifts(page);
        // On a phone, as slow as a mid-range one: the browser then paints while it is still reading a large page,
        // which showed the sign-in card without its form before the rest arrived.
        if (viewport === VIEWPORTS.mobile) {
          await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 4 });
        }
        await page.goto(path);
        await waitForHydration(page);
        await page.waitForLoadState('networkidle');
        expect(problems, `${name}: console`).toEqual([]);
        const shifts = await page.evaluate(
          () => (window as unknown as { __shifts: { value: number; sources: string[] }[] }).__shifts,
        );
        expect(shifts, `${name}: layout shifts`).toEqual([]);
        expect(await headingBox(page), `${name}: the heading where the HTML drew it`).toEqual(before);
      } finally {
        await context.close();
      }
    });
  }
});

/*
 * A pre-rendered page's head carries the part of the theme's global CSS (the reset, global styles and tokens as CSS
 * variables) its first paint can use, and names the stylesheet with the whole of it, which the page's code adds as
 * it starts; the code never builds or inserts that CSS itself (docs/decisions.md, "Pre-rendered public pages" and
 * "The theme's CSS for the first paint"). The whole theme must be there, once, on the pages the visitor moves on to
 * without loading a new document.
 */
describe('the theme’s global CSS on a pre-rendered page', () => {
  /** A token no public page reads, so the first paint's part leaves it out. */
  const UNREAD_TOKEN = '--chakra-colors-cyan-700';

  /**
   * How many style rules define `token` in the first paint's part and in the theme stylesheets, how many such
   * stylesheets the document has, and the value the page reads for the token.
   */
  function tokenCss(page: Page, token: string) {
    return page.evaluate((token) => {
      const definitions = (rules: CSSRuleList): number =>
        Array.from(rules).reduce(
          (count, rule) =>
            count +
            (rule instanceof CSSStyleRule && rule.style.getPropertyValue(token) !== '' ? 1 : 0) +
            ('cssRules' in rule ? definitions((rule as CSSGroupingRule).cssRules) : 0),
          0,
        );
      const sheets = Array.from(document.styleSheets);
      const part = sheets.filter((sheet) => (sheet.ownerNode as Element).matches('style[data-theme-stylesheet]'));
      const whole = sheets.filter((sheet) => /\/assets\/theme-\w+\.css$/.test(sheet.href ?? ''));
      const sum = (list: CSSStyleSheet[]) => list.reduce((count, sheet) => count + definitions(sheet.cssRules), 0);
      return {
        inPart: sum(part),
        inStylesheet: sum(whole),
        parts: part.length,
        stylesheets: whole.length,
        value: getComputedStyle(document.documentElement).getPropertyValue(token).trim(),
      };
    }, token);
  }

  it('paints first with what the page reads, and has every token, once, when the page has started', async () => {
    const { context, page } = await newPage(browser, baseURL, VIEWPORTS.mobile);
    try {
      // Without its code, the page has only the first paint's part.
      await page.route('**/*.js', (route) => route.abort());
      await page.goto('/book');
      expect(await tokenCss(page, UNREAD_TOKEN)).toEqual({
        inPart: 0,
        inStylesheet: 0,
        parts: 1,
        stylesheets: 0,
        value: '',
      });
      expect(await tokenCss(page, '--chakra-colors-brand-500')).toMatchObject({ inPart: 1, value: '#EE8512' });
      await page.unroute('**/*.js');
      await page.goto('/book');
      // The page hydrates once the stylesheet has replaced the part (or after a wait, if it is slow to come).
      await waitForHydration(page);
      await expect
        .poll(() => tokenCss(page, UNREAD_TOKEN), { timeout: 20_000 })
        .toEqual({
          inPart: 0,
          inStylesheet: 1,
          parts: 0,
          stylesheets: 1,
          value: '#0c5c72',
        });
    } finally {
      await context.close();
    }
  });

  it('stays, once, when a customer signs in and opens My Bookings in the same document', async () => {
    const { context, page } = await newPage(browser, baseURL, VIEWPORTS.desktop);
    try {
      const problems = watchConsole(page);
      await signIn(page, DEMO_USERS.customer);
      await page.waitForURL((url) => url.pathname === '/');
      await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
      await page.getByRole('link', { name: 'My Bookings' }).first().click();
      await page.getByRole('heading', { level: 1, name: 'My Bookings' }).waitFor();
      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
      expect(await tokenCss(page, UNREAD_TOKEN)).toEqual({
        inPart: 0,
        inStylesheet: 1,
        parts: 0,
        stylesheets: 1,
        value: '#0c5c72',
      });
      expect(await tokenCss(page, '--chakra-colors-red-700')).toMatchObject({ inStylesheet: 1, value: '#991919' });
      // The reset is there too: a heading has no default margin.
      expect(
        await page
          .locator('h1')
          .first()
          .evaluate((h1) => getComputedStyle(h1).marginTop),
      ).toBe('0px');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('a pre-rendered form sent before the page’s code has started', () => {
  it('keeps what was typed out of the address and brings the visitor back to the page', async () => {
    const { context, page } = await newPage(browser, baseURL, VIEWPORTS.mobile);
    try {
      // The page's code held back, as on a slow phone in the moment before it starts.
      await page.route('**/*.js', (route) => route.abort());
      await page.goto('/login?next=%2Fbookings');
      await page.locator('input[name="email"]').fill(DEMO_USERS.customer.email);
      await page.locator('input[name="password"]').fill(DEMO_USERS.customer.password);
      const [response] = await Promise.all([
        page.waitForResponse((res) => res.request().method() === 'POST'),
        page.locator('input[name="password"]').press('Enter'),
      ]);
      expect(response.status()).toBe(303);
      await page.waitForLoadState('load');
      await page.locator('#root h1').waitFor();
      expect(page.url()).toBe(`${baseURL}/login?next=%2Fbookings`);
      expect(page.url()).not.toContain(encodeURIComponent(DEMO_USERS.customer.password));
    } finally {
      await context.close();
    }
  });
});

describe('typing into a pre-rendered form before the page’s code has started', () => {
  /** The page, with the app's code held back until `release` is called, as on a slow phone. */
  async function withCodeHeldBack(path: string) {
    const { context, page } = await newPage(browser, baseURL, VIEWPORTS.mobile);
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(path, { waitUntil: 'commit' });
    await page.locator('#root h1').waitFor();
    return { context, page, release };
  }

  it('/login keeps the e-mail and password typed, and signs in with them', async () => {
    const { context, page, release } = await withCodeHeldBack('/login');
    try {
      await page.locator('input[name="email"]').pressSequentially(DEMO_USERS.customer.email);
      await page.locator('input[name="password"]').pressSequentially(DEMO_USERS.customer.password);
      release();
      await waitForHydration(page);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.waitForURL((url) => url.pathname === '/');
    } finally {
      await context.close();
    }
  });

  it('/login’s Create an account, pressed before the code has started, opens the create-account form', async () => {
    const { context, page, release } = await withCodeHeldBack('/login');
    try {
      await page.getByRole('button', { name: 'Create an account' }).click();
      await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.has('create'), {
        waitUntil: 'commit',
      });
      release();
      await page.getByRole('form', { name: 'Create account' }).waitFor();
      await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('/book keeps the event name typed while the rest of the form is filled in', async () => {
    const { context, page, release } = await withCodeHeldBack('/book');
    try {
      await page.getByLabel('Event Name').pressSequentially('Sharma Family Sangeet');
      release();
      await waitForHydration(page);
      await typeInto(page.getByLabel('City'), 'Indore');
      expect(await page.getByLabel('Event Name').inputValue()).toBe('Sharma Family Sangeet');
    } finally {
      await context.close();
    }
  });

  // A service link's page draws the visitor's own form in place of the blank one the build drew.
  it('/book from a service link keeps what was typed in the form drawn for the linked event', async () => {
    const { context, page, release } = await withCodeHeldBack('/book?eventType=wedding');
    try {
      await page.getByLabel('Full Name').pressSequentially('Asha Rao');
      await page.getByLabel('Event Name').pressSequentially('Rao Sangeet');
      release();
      await waitForHydration(page);
      await expect.poll(() => page.getByLabel('Event Type').inputValue()).toBe('wedding');
      await typeInto(page.getByLabel('City'), 'Indore');
      expect(await page.getByLabel('Full Name').inputValue()).toBe('Asha Rao');
      expect(await page.getByLabel('Event Name').inputValue()).toBe('Rao Sangeet');
    } finally {
      await context.close();
    }
  });

  it('/book from a service link keeps the visitor typing in the field they were in as the page comes alive', async () => {
    const { context, page, release } = await withCodeHeldBack('/book?eventType=wedding');
    try {
      await page.getByLabel('Email Address').pressSequentially('sn');
      release();
      await waitForHydration(page);
      // The visitor goes on typing without clicking the field again.
      await page.keyboard.type('eha@example.in');
      await expect.poll(() => page.getByLabel('Email Address').inputValue()).toBe('sneha@example.in');
    } finally {
      await context.close();
    }
  });

  it('/book from a service link keeps the package picked and the WhatsApp box ticked, and quotes that package', async () => {
    const { context, page, release } = await withCodeHeldBack('/book?eventType=wedding');
    try {
      await page.locator('label', { has: page.getByRole('radio', { name: 'Luxury' }) }).click();
      await page.getByText('Send me updates on WhatsApp at this number').click();
      release();
      await waitForHydration(page);
      await expect.poll(() => page.getByRole('radio', { name: 'Luxury' }).isChecked()).toBe(true);
      await expect.poll(() => page.getByRole('checkbox', { name: /WhatsApp/ }).isChecked()).toBe(true);
      expect(await page.getByRole('radio', { name: 'Premium' }).isChecked()).toBe(false);
      await detailsForQuote(page, {
        name: 'Asha Rao',
        email: `asha.${Date.now()}@example.in`,
        phone: '+91 98260 41735',
        eventName: 'Rao Sangeet',
        eventDate: addDays(todayInIndia(), 75),
        guests: 120,
      });
      await page.getByText('LUXURY PACKAGE', { exact: true }).waitFor();
    } finally {
      await context.close();
    }
  });
});

/*
 * What only the browser knows (who is signed in, this tab's draft, a service link's event type, today's date): the
 * page hydrates as the build drew it, with no error, and shows the visitor's own state right after.
 */
describe('pre-rendered pages with what only the browser knows', () => {
  async function hydrated(page: Page, path: string): Promise<string[]> {
    const problems = watchConsole(page);
    await page.goto(path);
    await waitForHydration(page);
    return problems;
  }

  // The home page's header greets the member, /login sends them on; /book's bar has no account actions.
  it.each(['/', '/book', '/login'])('%s, signed in, hydrates and then shows the member’s page', async (path) => {
    const token = await apiSignIn(baseURL, DEMO_USERS.customer);
    const context = await signedInContext(browser, { baseURL, viewport: VIEWPORTS.desktop }, token);
    try {
      const page = await context.newPage();
      const problems = await hydrated(page, path);
      if (path === '/login') await page.waitForURL((url) => url.pathname !== '/login');
      else if (path === '/') await page.getByText(`Welcome, ${DEMO_USERS.customer.name}`).first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('/book, reloaded, hydrates and then shows the tab’s draft', async () => {
    const { context, page } = await newPage(browser, baseURL);
    try {
      await hydrated(page, '/book');
      await typeInto(page.getByLabel('Event Name'), 'Sharma Family Sangeet');
      await expect.poll(() => page.evaluate(() => Object.keys(sessionStorage).length)).toBeGreaterThan(0);
      const problems = await hydrated(page, '/book');
      await expect.poll(() => page.getByLabel('Event Name').inputValue()).toBe('Sharma Family Sangeet');
      await page.waitForLoadState('networkidle');
      expect(problems).toEqual([]);
      // The draft is still kept: the blank form hydrated first did not clear it.
      await page.reload();
      await expect.poll(() => page.getByLabel('Event Name').inputValue()).toBe('Sharma Family Sangeet');
    } finally {
      await context.close();
    }
  });

  it('/book from a service link hydrates and then selects the linked event type', async () => {
    const { context, page } = await newPage(browser, baseURL);
    try {
      const problems = await hydrated(page, '/book?eventType=corporate');
      await expect.poll(() => page.getByLabel('Event Type').inputValue()).toBe('corporate');
      await page.waitForLoadState('networkidle');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the footer shows the browser’s year, whatever year the build was made in', async () => {
    const { context, page } = await newPage(browser, baseURL);
    try {
      const year = new Date().getFullYear() + 3;
      await page.clock.install({ time: new Date(`${year}-03-01T10:00:00+05:30`) });
      const problems = await hydrated(page, '/terms');
      await page.getByText(`© ${year}`).waitFor();
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
