import { join } from 'node:path';
import type { Page, Route } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { fileBrowser, hasHorizontalScroll, newPage, screenshot, VIEWPORTS } from './browser';

const baseURL = inject('baseURL');
const browser = fileBrowser();

/** A screenshot of what is on screen (dialogs), beside the full-page ones `screenshot()` takes. */
async function viewportShot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(import.meta.dirname, '..', '..', 'screenshots', `${name}.png`) });
}

/** Loads every lazy image now, so a full-page screenshot shows the artwork and broken files are caught. */
async function loadAllImages(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const image of Array.from(document.querySelectorAll<HTMLImageElement>('img[loading="lazy"]')))
      image.loading = 'eager';
  });
  await page.waitForFunction(() => Array.from(document.images).every((image) => image.complete));
  const broken = await page.evaluate(() =>
    Array.from(document.images)
      .filter((image) => image.naturalWidth === 0)
      .map((image) => image.src),
  );
  expect(broken).toEqual([]);
}

/** The section's top edge relative to the viewport. */
function sectionTop(page: Page, id: string): Promise<number> {
  return page.evaluate((sectionId) => document.getElementById(sectionId)!.getBoundingClientRect().top, id);
}

/** The section's top edge once it has not moved for ten frames in a row (a smooth scroll moves it every frame). */
function settledTop(page: Page, id: string): Promise<number> {
  return page.evaluate(
    (sectionId) =>
      new Promise<number>((resolve) => {
        let last = Number.NaN;
        let still = 0;
        const look = () => {
          const top = document.getElementById(sectionId)!.getBoundingClientRect().top;
          still = top === last ? still + 1 : 0;
          last = top;
          if (still >= 10) resolve(top);
          else requestAnimationFrame(look);
        };
        requestAnimationFrame(look);
      }),
    id,
  );
}

/**
 * Answers `payments.status` with `data` while the rest of the batch still reaches the server: the payment states
 * other than "not found" need an order the demo data does not have. For screenshots only.
 */
async function answerPaymentStatus(page: Page, data: unknown): Promise<void> {
  await page.route('**/api/trpc/**', async (route: Route) => {
    const url = new URL(route.request().url());
    const paths = url.pathname.split('/').pop()!.split(',');
    const index = paths.indexOf('payments.status');
    if (index === -1) return route.continue();
    const response = await route.fetch();
    const body = (await response.json()) as unknown;
    const answer = { result: { data } };
    const batched = url.searchParams.get('batch') === '1';
    const patched = batched ? (body as unknown[]).map((item, i) => (i === index ? answer : item)) : answer;
    await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(patched) });
  });
}

describe('the landing page in a real browser', () => {
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`shows every section, the artwork and the seeded testimonials at ${viewport.width} px without horizontal scrolling`, async () => {
      const { context, page } = await newPage(browser, baseURL, viewport);
      await page.goto('/');
      await page.getByRole('heading', { name: 'Our Services' }).waitFor();
      await page.getByText('Ritu & Saurabh Jain').waitFor();
      expect(await page.getByRole('region', { name: 'Our Services' }).getByRole('article').count()).toBe(5);
      expect(await page.getByRole('region', { name: 'Moments we have served' }).getByRole('img').count()).toBe(9);
      await loadAllImages(page);
      expect(await hasHorizontalScroll(page)).toBe(false);
      await screenshot(page, `e2e-visitor-landing-${name}`);
      await context.close();
    });
  }

  it('Explore Services scrolls the services section to the top', async () => {
    const { context, page } = await newPage(browser, baseURL);
    await page.goto('/');
    // The first render runs as a transition, so the page may still be rendering when the load event fires.
    const explore = page.getByRole('button', { name: 'Explore Services' });
    await explore.waitFor();
    await page.locator('#services').waitFor({ state: 'attached' });
    expect(await sectionTop(page, 'services')).toBeGreaterThan(300);

    await explore.click();

    await expect.poll(() => sectionTop(page, 'services')).toBeLessThan(80);
    expect(await sectionTop(page, 'services')).toBeGreaterThan(-2);
    await context.close();
  });

  it('draws the sections below the first screen when they come near it, and a link to one lands on it', async () => {
    const { context, page } = await newPage(browser, baseURL, VIEWPORTS.desktop);
    await page.goto('/');
    const drawn = (selector: string) =>
      page.locator(selector).evaluate((element) => element.checkVisibility({ contentVisibilityAuto: true }));
    await page.getByRole('heading', { name: 'What Our Clients Say' }).waitFor({ state: 'attached' });
    expect(await drawn('#home h1')).toBe(true);
    // Far from the screen: skipped by the browser, yet in the page for assistive technology and find-in-page.
    expect(await drawn('#testimonials h2')).toBe(false);
    expect(await drawn('footer address')).toBe(false);
    expect(await page.getByRole('heading', { name: 'What Our Clients Say' }).count()).toBe(1);

    await page.getByRole('navigation').getByRole('link', { name: 'Testimonials' }).click();

    await expect.poll(() => drawn('#testimonials h2')).toBe(true);
    // Where the link lands once the scroll is over: the section's top under the header (its scroll margin), after
    // the sections above it took their real height.
    const top = await settledTop(page, 'testimonials');
    expect(top).toBeGreaterThan(-2);
    expect(top).toBeLessThan(80);
    await context.close();
  });

  it('opens a gallery image in the lightbox', async () => {
    const { context, page } = await newPage(browser, baseURL);
    await page.goto('/#gallery');
    await page.getByRole('button', { name: 'View Wedding mandap larger' }).click();
    const dialog = page.getByRole('dialog', { name: 'Wedding mandap' });
    await dialog.waitFor();
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll<HTMLImageElement>('[role="dialog"] img')).every(
        (i) => i.complete && i.naturalWidth > 0,
      ),
    );
    await viewportShot(page, 'e2e-visitor-lightbox-desktop');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await context.close();
  });

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`sends a service inquiry from the modal at ${viewport.width} px`, async () => {
      const { context, page } = await newPage(browser, baseURL, viewport);
      await page.goto('/#services');
      await page.getByRole('button', { name: 'Request a custom quote for Corporate Events' }).click();
      const dialog = page.getByRole('dialog', { name: 'Corporate Events' });
      await dialog.waitFor();
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('name');

      await dialog.getByLabel('Full Name').fill('Kavya Deshpande');
      await dialog.getByLabel('Email').fill(`kavya.${name}.${Date.now()}@example.in`);
      await dialog.getByLabel('Phone').fill('+91 98930 44556');
      await dialog.getByLabel('Guest Count').fill('180');
      await dialog.getByLabel('Company Name').fill('Malwa Infotech');
      await dialog.getByLabel('Budget Range').selectOption('₹2,50,000 – ₹5,00,000');
      await dialog.getByLabel('Catering Style').selectOption('Buffet');
      await dialog.getByLabel('Special Requests').fill('Lunch for an offsite, mostly vegetarian.');
      expect(await hasHorizontalScroll(page)).toBe(false);
      await viewportShot(page, `e2e-visitor-inquiry-${name}`);

      await dialog.getByRole('button', { name: 'Submit Inquiry' }).click();

      await page
        .getByText('Corporate Events inquiry submitted successfully! We will contact you soon with a customized quote.')
        .waitFor();
      await dialog.waitFor({ state: 'detached' });
      await context.close();
    });
  }

  it('checks the required inquiry fields in the browser before sending', async () => {
    const { context, page } = await newPage(browser, baseURL, VIEWPORTS.mobile);
    await page.goto('/#services');
    await page.getByRole('button', { name: 'Request a custom quote for Wedding Catering' }).click();
    const dialog = page.getByRole('dialog', { name: 'Wedding Catering' });
    await dialog.getByRole('button', { name: 'Submit Inquiry' }).click();

    await dialog.getByText('Please enter the number of guests').waitFor();
    await viewportShot(page, 'e2e-visitor-inquiry-invalid-mobile');
    await context.close();
  });
});

describe('the policy pages in a real browser', () => {
  const POLICIES = [
    { link: 'Terms and Conditions', path: '/terms', slug: 'terms' },
    { link: 'Return and Refund Policy', path: '/refund-policy', slug: 'refund-policy' },
    { link: 'Privacy Policy', path: '/privacy-policy', slug: 'privacy-policy' },
  ];

  for (const policy of POLICIES) {
    it(`opens ${policy.path} from the footer, and reads well at 360 px`, async () => {
      const desktop = await newPage(browser, baseURL);
      await desktop.page.goto('/');
      await desktop.page.getByRole('contentinfo').getByRole('link', { name: policy.link }).click();
      await desktop.page.getByRole('heading', { level: 1, name: policy.link }).waitFor();
      expect(new URL(desktop.page.url()).pathname).toBe(policy.path);
      await expect.poll(() => desktop.page.evaluate(() => window.scrollY)).toBe(0);
      await desktop.page.getByText('Last Updated: October 2025').waitFor();
      await screenshot(desktop.page, `e2e-visitor-${policy.slug}-desktop`);
      await desktop.context.close();

      const mobile = await newPage(browser, baseURL, VIEWPORTS.mobile);
      await mobile.page.goto(policy.path);
      await mobile.page.getByRole('heading', { level: 1, name: policy.link }).waitFor();
      expect(await hasHorizontalScroll(mobile.page)).toBe(false);
      await screenshot(mobile.page, `e2e-visitor-${policy.slug}-mobile`);
      await mobile.context.close();
    });
  }

  it('jumps to a section from the table of contents', async () => {
    const { context, page } = await newPage(browser, baseURL, VIEWPORTS.mobile);
    await page.goto('/privacy-policy');
    await page
      .getByRole('navigation', { name: 'On this page' })
      .getByRole('link', { name: /How long we keep it/ })
      .click();

    await expect.poll(() => sectionTop(page, 'retention')).toBeLessThan(40);
    expect(new URL(page.url()).hash).toBe('#retention');
    await context.close();
  });
});

describe('the payment result page in a real browser', () => {
  it('fails without an order id', async () => {
    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      const { context, page } = await newPage(browser, baseURL, viewport);
      await page.goto('/payment/success');
      await page.getByRole('heading', { name: 'Payment Verification Failed' }).waitFor();
      await page.getByText('No order ID found').waitFor();
      expect(await page.getByRole('link', { name: 'Try Again' }).getAttribute('href')).toBe('/book');
      expect(await hasHorizontalScroll(page)).toBe(false);
      await screenshot(page, `e2e-visitor-payment-no-order-${name}`);
      await context.close();
    }
  });

  it('fails with the server detail for an unknown order', async () => {
    const { context, page } = await newPage(browser, baseURL);
    await page.goto('/payment/success?order_id=ORD-NOT-A-REAL-ONE');
    await page.getByRole('heading', { name: 'Payment Verification Failed' }).waitFor();
    await page.getByText('Payment order not found').waitFor();
    await page.getByText('Failed to verify payment status').waitFor();
    await screenshot(page, 'e2e-visitor-payment-unknown-desktop');
    await context.close();
  });

  for (const [state, data] of [
    ['paid', { order_id: 'ORD-20251104-7F3K', purpose: 'token', is_paid: true, payment_status: 'PAID', amount: 999 }],
    [
      'pending',
      { order_id: 'ORD-20251104-7F3K', purpose: 'token', is_paid: false, payment_status: 'PENDING', amount: 999 },
    ],
  ] as const) {
    it(`lays out the ${state} state at both widths`, async () => {
      for (const [name, viewport] of Object.entries(VIEWPORTS)) {
        const { context, page } = await newPage(browser, baseURL, viewport);
        await answerPaymentStatus(page, data);
        await page.goto('/payment/success?order_id=ORD-20251104-7F3K');
        await page
          .getByRole('heading', { name: state === 'paid' ? 'Payment Successful!' : 'Payment Pending' })
          .waitFor();
        expect(await hasHorizontalScroll(page)).toBe(false);
        await screenshot(page, `e2e-visitor-payment-${state}-${name}`);
        await context.close();
      }
    });
  }
});
