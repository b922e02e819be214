import { describe, expect, it } from 'vitest';
import { addDays, todayInIndia } from '../../src/shared/dates';
import { makeBooking } from './helpers/projects';
import { pdfText } from './helpers/pdf-text';
import { setUpSuite } from './helpers/suite';

/*
 * The quote PDF's UPI QR asks for what is due next on the booking (docs/product.md#payments): the token on a quote,
 * the next instalment once confirmed, and nothing when nothing is left to pay or the booking takes no payments.
 */
const { t, admin, alice, inject } = setUpSuite();

/** A ₹1,00,000 quote of Alice's, the event 90 days away. */
const aliceQuote = (overrides: Parameters<typeof makeBooking>[1] = {}) =>
  makeBooking(t.deps, {
    clientEmail: alice.email,
    userId: alice.id,
    finalAmountPaise: 1_00_000_00,
    eventDate: addDays(todayInIndia(), 90),
    ...overrides,
  });

let utrSeq = 620_000_000_000;

async function payToken(bookingId: string) {
  const order = await inject('POST', '/api/payments/token-order', alice.auth, { booking_id: bookingId });
  expect(order.statusCode).toBe(201);
  const utr = String(utrSeq++);
  const paid = await inject('PUT', `/api/admin/payments/${order.json().order_id}/utr`, admin.auth, { utr });
  expect(paid.statusCode).toBe(200);
}

async function record(bookingId: string, amount: number, reference: string) {
  const res = await inject('POST', `/api/admin/bookings/${bookingId}/payments`, admin.auth, {
    amount,
    method: 'bank_transfer',
    reference,
  });
  expect(res.statusCode).toBe(201);
}

/**
 * The PDF's text. The test's text reader garbles a few glyphs of the QR's small caption (₹, k, U), so the checks
 * below read those as any character.
 */
async function quoteText(bookingId: string): Promise<string> {
  const res = await inject('GET', `/api/me/bookings/${bookingId}/quote.pdf`, alice.auth);
  expect(res.statusCode).toBe(200);
  return pdfText(res.rawPayload);
}

describe('the quote PDF asks for what is due next', () => {
  it('a quote asks for the ₹999 token, or what is left of it after the team recorded part', async () => {
    const booking = await aliceQuote();
    const text = await quoteText(booking.id);
    expect(text).toMatch(/Scan to pay the .999 to.en/);
    expect(text).toContain(t.config.brand.upiId);

    await record(booking.id, 499, 'NEFT-PDF-HALF');
    expect(await quoteText(booking.id)).toMatch(/Scan to pay the .500 left of the .999 to.en/);
  });

  it('a confirmed booking asks for its advance, then its balance, not the token', async () => {
    const booking = await aliceQuote();
    await payToken(booking.id);
    const confirmed = await quoteText(booking.id);
    expect(confirmed).toMatch(/Scan to pay the .24,001 advance/);
    expect(confirmed).not.toMatch(/Scan to pay the .999 to.en/);

    await record(booking.id, 24_001, 'NEFT-PDF-ADV');
    expect(await quoteText(booking.id)).toMatch(/Scan to pay the .75,000 balance/);
  });

  it('a booking confirmed by hand without payment asks for its booking amount', async () => {
    const booking = await aliceQuote();
    const res = await t
      .caller({ token: admin.token })
      .admin.bookings.setStatus({ id: booking.id, status: 'confirmed' });
    expect(res.booking.status).toBe('confirmed');
    expect(await quoteText(booking.id)).toMatch(/Scan to pay the .999 boo.ing amount/);
  });

  it('prints no pay QR when everything is paid, on a cancelled booking, an inquiry or an expired quote', async () => {
    const paid = await aliceQuote();
    await payToken(paid.id);
    await record(paid.id, 99_001, 'NEFT-PDF-ALL');
    const cancelled = await aliceQuote();
    expect((await inject('POST', `/api/me/bookings/${cancelled.id}/cancel`, alice.auth)).statusCode).toBe(200);
    const inquiry = await aliceQuote({ status: 'inquiry' });
    // A quote past its validity takes no token any more: a fresh quote comes first.
    const expired = await aliceQuote({ validUntil: addDays(todayInIndia(), -1) });

    for (const booking of [paid, cancelled, inquiry, expired]) {
      const text = await quoteText(booking.id);
      // The quote itself is still printed whole.
      expect(text).toContain('Terms summary');
      expect(text).not.toContain('Scan to pay');
      expect(text).not.toContain(t.config.brand.upiId);
    }
  });
});
