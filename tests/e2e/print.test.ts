import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { formatInr } from '../../src/shared/money';
import type { CustomerBookingDetailDto } from '../../src/shared/schemas/account';
import { fileBrowser } from './browser';
import { api, apiSignIn, DEMO_USERS, instantQuote, signedInContext } from './demo-api';
import { quoteOnBook } from './route-views';

const baseURL = inject('baseURL');
/** An A4 sheet at 96 CSS px per inch: the width print layout uses, and a page height for the pictures. */
const A4 = { width: 794, height: 1123 };
const browser = fileBrowser();

/** The page as the printer sees it, for people to look at (gitignored). */
async function printScreenshot(page: Page, name: string): Promise<void> {
  const dir = join(import.meta.dirname, '..', '..', 'screenshots');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
}

async function displayed(page: Page, selector: string): Promise<boolean[]> {
  return page
    .locator(selector)
    .evaluateAll((elements) => elements.map((element) => getComputedStyle(element).display !== 'none'));
}

/** Prints to an A4 PDF and returns it; fails if printing fails or the file is not a PDF. */
async function printToA4(page: Page): Promise<Buffer> {
  const pdf = await page.pdf({ format: 'A4', printBackground: false });
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return pdf;
}

/** Cards and sections are kept whole on a sheet. */
async function cardsKeptWhole(page: Page, selector: string): Promise<void> {
  const breaks = await page
    .locator(selector)
    .evaluateAll((elements) => elements.map((element) => getComputedStyle(element).breakInside));
  expect(breaks.length).toBeGreaterThan(0);
  expect(new Set(breaks)).toEqual(new Set(['avoid']));
}

describe('printing on A4', () => {
  it("prints a booking's details: the figures and reference, without header buttons, actions or footer", async () => {
    const quote = await instantQuote(baseURL, {
      client_email: DEMO_USERS.customer.email,
      event_name: 'Sharma Family Print Test',
    });
    const token = await apiSignIn(baseURL, DEMO_USERS.customer);
    const booking = await api<CustomerBookingDetailDto>(baseURL, 'GET', `/me/bookings/${quote.quote_id}`, { token });
    const context = await signedInContext(browser, { baseURL, viewport: A4 }, token);
    const page = await context.newPage();
    await page.goto(`/bookings/${quote.quote_id}`);
    await page.getByRole('heading', { name: 'Sharma Family Print Test', level: 1 }).waitFor();
    await page.getByRole('region', { name: 'Timeline' }).getByRole('listitem').first().waitFor();
    expect(await page.getByRole('button', { name: 'Download quote (PDF)' }).isVisible()).toBe(true);
    const gstCard = page.getByRole('region', { name: 'GST details and documents' });
    await gstCard.getByRole('textbox').first().waitFor();

    await page.emulateMedia({ media: 'print' });
    // The GST details print as text, not as an empty form.
    const shownFields = await gstCard
      .locator('input, textarea, select')
      .evaluateAll((fields) => fields.filter((field) => field.getClientRects().length > 0).length);
    expect(shownFields).toBe(0);
    expect(await gstCard.getByTestId('printed-gst-details').isVisible()).toBe(true);
    for (const hidden of ['Logout', 'Download quote (PDF)', 'Cancel booking']) {
      expect(await page.getByRole('button', { name: hidden }).isVisible(), hidden).toBe(false);
    }
    expect(await page.getByRole('link', { name: 'All bookings' }).isVisible()).toBe(false);
    expect(await page.getByRole('region', { name: 'Actions' }).isVisible()).toBe(false);
    expect(await displayed(page, 'footer')).toEqual([false]);

    expect(await page.getByRole('heading', { name: 'Sharma Family Print Test', level: 1 }).isVisible()).toBe(true);
    expect(await page.getByText(booking.reference, { exact: true }).isVisible()).toBe(true);
    const quoteCard = page.getByRole('region', { name: 'Quote' });
    // A package booking's card lists the quote e-mail's lines, in its words.
    const labelOf = (key: string) => booking.quote_lines!.find((line) => line.key === key)!.label;
    expect(await quoteCard.getByText(labelOf('gst'), { exact: true }).isVisible()).toBe(true);
    expect(await quoteCard.getByText(formatInr(booking.gst_amount!), { exact: true }).isVisible()).toBe(true);
    expect(await quoteCard.getByText(labelOf('total'), { exact: true }).isVisible()).toBe(true);
    expect(await quoteCard.getByText(formatInr(booking.total!), { exact: true }).isVisible()).toBe(true);
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toMatch(
      /^rgba?\(255, 255, 255|rgba\(0, 0, 0, 0\)/,
    );
    expect(await quoteCard.evaluate((card) => getComputedStyle(card).color)).toBe('rgb(0, 0, 0)');
    await cardsKeptWhole(page, 'main section');

    const pdf = await printToA4(page);
    expect(pdf.length).toBeGreaterThan(1000);
    await printScreenshot(page, 'print-booking-detail');
    await context.close();
  });

  it('prints the quote from /book: the amounts and the reference, without the form, offer or buttons', async () => {
    const context = await browser.newContext({ baseURL, viewport: A4 });
    const page = await context.newPage();
    await page.goto('/book?eventType=wedding');
    await quoteOnBook(page);
    const card = page.getByRole('article', { name: 'Your Instant Quote is Ready!' });
    const reference = (await card.getByText(/^Quote reference /).innerText()).trim();

    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('button', { name: '← Modify Details' }).isVisible()).toBe(false);
    expect(await page.getByRole('link', { name: 'Back to Home' }).isVisible()).toBe(false);
    expect(await page.getByRole('heading', { name: 'Subscribe for Just ₹99!' }).isVisible()).toBe(false);
    expect(await page.getByRole('heading', { name: 'Book Your Event with Us' }).isVisible()).toBe(false);
    expect(await displayed(page, 'footer')).toEqual([false]);

    expect(await card.isVisible()).toBe(true);
    for (const label of ['Base Amount', 'GST (18%)', 'Total Amount']) {
      const value = card.locator('dt', { hasText: label }).first().locator('xpath=following-sibling::dd[1]');
      expect(await value.isVisible(), label).toBe(true);
      expect(await value.innerText(), label).toMatch(/^₹[\d,]+(\.\d{2})?$/);
    }
    expect(await card.getByText(reference).isVisible()).toBe(true);
    expect(
      await card
        .getByRole('heading', { name: 'Your Instant Quote is Ready!' })
        .evaluate((heading) => getComputedStyle(heading).color),
    ).toBe('rgb(0, 0, 0)');
    await cardsKeptWhole(page, 'main article, main dl > div');

    await printToA4(page);
    await printScreenshot(page, 'print-book-quote');
    await context.close();
  });
});
