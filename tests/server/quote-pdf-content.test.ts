import { describe, expect, it } from 'vitest';
import { subscriptions } from '../../src/server/db/schema';
import { addDays, formatLongDate, isoDateInIndia, todayInIndia } from '../../src/shared/dates';
import { registerForGst } from './helpers/gst';
import { makeBooking } from './helpers/projects';
import { pdfPageTexts, pdfText } from './helpers/pdf-text';
import { setUpSuite } from './helpers/suite';

/*
 * What the quote PDF says of the booking: the subscriber discount at the booking's own percent
 * (docs/product.md#subscriptions), the validity only while the quote can still be accepted, a customer's emoji
 * left out rather than printed as empty boxes, and each line of a long quote whole on one page.
 */
const { t, admin, alice, inject } = setUpSuite();

/** A ₹1,00,000 quote of Alice's priced by hand, the event 90 days away, valid for a week. */
const aliceQuote = (overrides: Parameters<typeof makeBooking>[1] = {}) =>
  makeBooking(t.deps, {
    clientEmail: alice.email,
    userId: alice.id,
    finalAmountPaise: 1_00_000_00,
    eventDate: addDays(todayInIndia(), 90),
    validUntil: addDays(todayInIndia(), 7),
    ...overrides,
  });

async function quoteText(bookingId: string): Promise<string> {
  const res = await inject('GET', `/api/me/bookings/${bookingId}/quote.pdf`, alice.auth);
  expect(res.statusCode, res.body).toBe(200);
  return pdfText(res.rawPayload);
}

describe('the subscriber discount line', () => {
  it("prints the percent of the booking's own subscription, not a fixed 5%", async () => {
    // ₹1,05,000 before a 10% subscriber discount (GST 18% included): the taxable amount falls by ₹8,898.31.
    const booking = await aliceQuote({
      subscriberDiscountPaise: 8_898_31,
      subtotalPaise: 84_745_76,
      gstPaise: 15_254_24,
      gstPercent: 18,
    });
    await t.deps.db.insert(subscriptions).values({
      email: alice.email,
      status: 'used',
      discountPercent: 10,
      usedOnBookingId: booking.id,
    });
    const text = await quoteText(booking.id);
    expect(text).toContain('Subscriber discount (10%)');
    expect(text).not.toContain('(5%)');
  });
});

describe('the validity', () => {
  it('is printed on a quote that can still be accepted', async () => {
    const booking = await aliceQuote();
    expect(await quoteText(booking.id)).toContain(`Valid until ${formatLongDate(booking.validUntil!)}`);
  });

  it('gives way to "Expired on" once the quote has lapsed', async () => {
    const booking = await aliceQuote({ validUntil: addDays(todayInIndia(), -2) });
    const text = await quoteText(booking.id);
    expect(text).toContain(`Expired on ${formatLongDate(booking.validUntil!)}`);
    expect(text).not.toContain('Valid until');
  });

  it('gives way to the confirmation date on a confirmed booking, and the cancellation date on a cancelled one', async () => {
    const confirmedAt = new Date(Date.now() - 3 * 24 * 3600_000);
    const confirmed = await aliceQuote({ status: 'confirmed', confirmedAt });
    const text = await quoteText(confirmed.id);
    expect(text).toContain(`Confirmed on ${formatLongDate(isoDateInIndia(confirmedAt))}`);
    expect(text).not.toContain('Valid until');

    // Confirmed by hand before confirmation dates were kept: no date to print, and no validity either.
    const byHand = await aliceQuote({ status: 'confirmed' });
    expect(await quoteText(byHand.id)).not.toMatch(/Valid until|Confirmed on/);

    const cancelled = await aliceQuote();
    expect((await inject('POST', `/api/me/bookings/${cancelled.id}/cancel`, alice.auth)).statusCode).toBe(200);
    const cancelledText = await quoteText(cancelled.id);
    expect(cancelledText).toContain(`Cancelled on ${formatLongDate(todayInIndia())}`);
    expect(cancelledText).not.toContain('Valid until');
  });
});

describe('emoji in what the customer typed', () => {
  it('are left out of the quote PDF and the GST documents, the rest of the text kept, and no empty boxes drawn', async () => {
    const booking = await aliceQuote({ eventName: "Riya's 30th 🎉", clientName: 'Riya ❤️ Kapoor' });
    const admins = await inject('GET', `/api/bookings/${booking.id}/quote.pdf`, admin.auth);
    expect(admins.statusCode, admins.body).toBe(200);
    for (const text of [pdfText(admins.rawPayload), await quoteText(booking.id)]) {
      expect(text).toContain("Riya's 30th");
      expect(text).toContain('Riya Kapoor');
      // A character the font has no glyph for is drawn as glyph 0 (an empty box), which reads back as U+0000.
      expect(text).not.toContain('\u0000');
    }

    await registerForGst(t, admin.auth);
    const paid = await inject('POST', `/api/admin/bookings/${booking.id}/payments`, admin.auth, {
      amount: 999,
      method: 'bank_transfer',
      reference: 'NEFT-EMOJI-1',
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const documents = (await inject('GET', `/api/bookings/${booking.id}/gst`, admin.auth)).json().documents;
    const voucher = documents.find((d: { kind: string }) => d.kind === 'receipt_voucher');
    const pdf = await inject('GET', `/api/admin/gst/documents/${voucher.id}/pdf`, admin.auth);
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Riya Kapoor');
    expect(text).not.toContain('\u0000');
  });
});

describe('a quote of many lines', () => {
  it('prints each line whole on one page, the column heads again at the top of the next', async () => {
    const pad = (n: number) => String(n).padStart(2, '0');
    // One to five sentences a line, so the lines' heights differ and a page's foot falls inside one somewhere
    // unless each is kept whole.
    const items = Array.from({ length: 40 }, (_, n) => ({
      kind: 'fixed' as const,
      description:
        `Item${pad(n)} ` +
        'Live counter with two chefs, crockery, linen and service staff for the evening. '.repeat(1 + (n % 5)) +
        `Tail${pad(n)}`,
      unit_price_paise: 10_000_00,
      quantity: 1,
    }));
    const booking = await aliceQuote({
      source: 'inquiry',
      quotation: {
        items,
        discount_paise: 0,
        discount_reason: null,
        notes: null,
        quoted_by: admin.id,
        quoted_at: new Date().toISOString(),
      },
    });
    const res = await inject('GET', `/api/me/bookings/${booking.id}/quote.pdf`, alice.auth);
    expect(res.statusCode, res.body).toBe(200);
    const pages = pdfPageTexts(res.rawPayload);
    const pageOf = (marker: string) => pages.findIndex((page) => page.includes(marker));
    const on = items.map((_, n) => pageOf(`Item${pad(n)}`));
    for (const [n, page] of on.entries()) {
      expect(page, `the start of line ${n}`).toBeGreaterThanOrEqual(0);
      expect(pageOf(`Tail${pad(n)}`), `the end of line ${n}, which starts on page ${page + 1}`).toBe(page);
    }
    expect(new Set(on).size).toBeGreaterThan(1);
    for (const page of new Set(on)) expect(pages[page]).toContain('Description');
  });
});
