import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { DEFAULT_BRAND } from '../../src/shared/brand';
import { addDays, todayInIndia } from '../../src/shared/dates';
import type { PricingTier } from '../../src/shared/domain';
import { formatInr } from '../../src/shared/money';
import { paiseToRupees, priceQuote, type QuoteInput } from '../../src/shared/pricing';
import { fileBrowser, hasHorizontalScroll, newPage, screenshot, VIEWPORTS, waitForHydration } from './browser';

const baseURL = inject('baseURL');
const browser = fileBrowser();

/** A date 30 days ahead, typed as the en-IN date field takes it (DD/MM/YYYY). */
function eventDate(): string {
  const [year, month, day] = addDays(todayInIndia(), 30).split('-');
  return `${day}/${month}/${year}`;
}

/** The amounts the quote card must show, from the shared pricing function the server uses. */
function expectedAmounts(input: QuoteInput) {
  const price = priceQuote(input);
  return {
    base: formatInr(paiseToRupees(price.subtotalPaise)),
    gst: formatInr(paiseToRupees(price.gstPaise)),
    total: formatInr(paiseToRupees(price.finalAmountPaise)),
    perPerson: formatInr(paiseToRupees(price.basePricePerPersonPaise)),
    totalPaise: price.finalAmountPaise,
  };
}

async function choosePackage(page: Page, name: string): Promise<void> {
  // The radio itself is visually hidden; people click the card it labels.
  await page.locator('label', { has: page.getByRole('radio', { name }) }).click();
  expect(await page.getByRole('radio', { name }).isChecked()).toBe(true);
}

async function fillEventDetails(page: Page, email: string): Promise<void> {
  await page.getByLabel('Full Name').fill('Kavya Deshpande');
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Phone Number').fill('+91 98930 44556');
  await page.getByLabel('Event Name').fill('Kavya & Rohan Wedding');
  await page.getByLabel('Expected Guest Count').fill('350');
  await page.getByLabel('Venue Type').selectOption('banquet');
  await page.getByLabel('Venue Name').fill('Sayaji Banquets');
  await page.getByLabel('Venue Location/City').fill('Indore');
  await page.getByLabel('Event Date').fill(eventDate());
  await page.getByLabel('Event Date').press('Tab');
}

async function amountShown(page: Page, label: string): Promise<string> {
  const card = page.getByRole('article', { name: 'Your Instant Quote is Ready!' });
  return (
    await card.locator('dt', { hasText: label }).first().locator('xpath=following-sibling::dd[1]').innerText()
  ).trim();
}

async function getQuote(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Get Instant Quote' }).click();
  await page.getByRole('heading', { name: 'Your Instant Quote is Ready!' }).waitFor();
}

function quoteInput(tier: PricingTier): QuoteInput {
  return { tier, eventType: 'wedding', venueType: 'banquet', city: 'Indore', guestCount: 350 };
}

describe('a visitor gets an instant quote in a real browser', () => {
  it('goes from the Wedding card to a correct GST quote, copies the UPI ID, and re-quotes as Luxury', async () => {
    const { context, page } = await newPage(browser, baseURL);
    await page.goto('/');
    await page.locator('a[href="/book?eventType=wedding"]').first().click();
    await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toBe('/book?eventType=wedding');
    await page.getByRole('heading', { name: 'Event Details' }).waitFor();
    expect(await page.getByLabel('Event Type').inputValue()).toBe('wedding');

    const getQuoteButton = page.getByRole('button', { name: 'Get Instant Quote' });
    expect(await getQuoteButton.isDisabled()).toBe(true);
    await choosePackage(page, 'Premium');
    await fillEventDetails(page, `kavya.${Date.now()}@example.in`);
    expect(await getQuoteButton.isEnabled()).toBe(true);
    await screenshot(page, 'e2e-book-form-desktop');

    await getQuote(page);
    await page.getByText('Your instant quote is ready! Check your email.').waitFor();
    const premium = expectedAmounts(quoteInput('premium'));
    expect(await amountShown(page, 'Base Amount')).toBe(premium.base);
    expect(await amountShown(page, 'GST (18%)')).toBe(premium.gst);
    expect(await amountShown(page, 'Total Amount')).toBe(premium.total);
    const card = page.getByRole('article', { name: 'Your Instant Quote is Ready!' });
    await card.getByText('PREMIUM PACKAGE', { exact: true }).waitFor();
    expect(await card.locator('dt', { hasText: 'Per Person Rate' }).locator('xpath=..').innerText()).toContain(
      premium.perPerson,
    );
    expect(await card.locator('dt', { hasText: 'Valid Until' }).locator('xpath=..').innerText()).toContain('7 Days');

    // The QR is a real image drawn from the UPI link.
    const qr = page.getByRole('img', { name: /UPI QR code to pay ₹99/ });
    await expect
      .poll(() => qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
      .toBe(true);
    expect(await qr.getAttribute('data-qr-value')).toMatch(
      new RegExp(`^upi://pay\\?pa=${DEFAULT_BRAND.upiId}&pn=[^&]+&am=99\\.00&cu=INR&tn=Subscription%20[0-9A-F]{8}$`),
    );

    await page.getByRole('button', { name: /^Copy UPI ID/ }).click();
    await page.getByText('UPI ID copied to clipboard!').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(DEFAULT_BRAND.upiId);

    const whatsapp = page.getByRole('link', { name: 'Send Payment Screenshot on WhatsApp' });
    const href = (await whatsapp.getAttribute('href')) ?? '';
    expect(href.startsWith(`https://wa.me/${DEFAULT_BRAND.whatsappNumber}?text=`)).toBe(true);
    const message = new URL(href).searchParams.get('text') ?? '';
    expect(message).toContain(`Total: ${premium.total}`);
    expect(message).toContain('Package: Premium');
    expect(message).toMatch(/Quote ID: [0-9a-f-]{36}/);
    await screenshot(page, 'e2e-book-quote-desktop');

    await page.getByRole('button', { name: '← Modify Details' }).click();
    await page.getByRole('heading', { name: 'Choose Your Package' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Your Instant Quote is Ready!' }).count()).toBe(0);
    expect(await page.getByLabel('Full Name').inputValue()).toBe('Kavya Deshpande');
    await choosePackage(page, 'Luxury');
    await getQuote(page);
    await page
      .getByRole('article', { name: 'Your Instant Quote is Ready!' })
      .getByText('LUXURY PACKAGE', { exact: true })
      .waitFor();
    const luxury = expectedAmounts(quoteInput('luxury'));
    expect(luxury.totalPaise).toBeGreaterThan(premium.totalPaise);
    expect(await amountShown(page, 'Total Amount')).toBe(luxury.total);
    expect(await amountShown(page, 'Base Amount')).toBe(luxury.base);
    await context.close();
  });

  it('works on a 360 px phone without horizontal scrolling', async () => {
    const { context, page } = await newPage(browser, baseURL, VIEWPORTS.mobile);
    await page.goto('/book?eventType=wedding');
    await page.getByRole('heading', { name: 'Event Details' }).waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await screenshot(page, 'e2e-book-form-mobile');

    await fillEventDetails(page, `kavya.mobile.${Date.now()}@example.in`);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Open calendar' }).click();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.keyboard.press('Escape');
    await getQuote(page);
    expect(await amountShown(page, 'Total Amount')).toBe(expectedAmounts(quoteInput('basic')).total);
    await page.getByRole('link', { name: 'Pay with UPI app' }).waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await screenshot(page, 'e2e-book-quote-mobile');
    await context.close();
  });
});
