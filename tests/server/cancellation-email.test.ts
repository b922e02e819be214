import { describe, expect, it } from 'vitest';
import { bookingLedger } from '../../src/server/db/schema';
import { addDays, formatLongDate, todayInIndia } from '../../src/shared/dates';
import { formatInr } from '../../src/shared/money';
import { makeBooking } from './helpers/projects';
import { setUpSuite } from './helpers/suite';
import { outboxMails } from './helpers/fixtures';

/**
 * The cancellation e-mail states the money as My Bookings shows the cancelled booking: what was paid, what the terms
 * keep, the refund with its state, and the days before the event counted from the date the terms use
 * (docs/product.md#refunds).
 */
const { t, admin, alice, inject } = setUpSuite();

const today = () => todayInIndia();

const aliceBooking = (days: number) =>
  makeBooking(t.deps, {
    clientEmail: alice.email,
    finalAmountPaise: 1_00_000_00,
    subtotalPaise: 84_745_76,
    gstPaise: 15_254_24,
    eventDate: addDays(today(), days),
  });

/** The booking amount (₹999) paid by UPI, its UTR recorded by the team: the booking is confirmed. */
async function payBookingAmount(bookingId: string) {
  const order = await inject('POST', '/api/payments/token-order', alice.auth, { booking_id: bookingId });
  expect(order.statusCode).toBe(201);
  const utr = String(Date.now()).slice(-12).padStart(12, '7');
  const res = await inject('PUT', `/api/admin/payments/${order.json().order_id}/utr`, admin.auth, { utr });
  expect(res.statusCode).toBe(200);
}

/** More paid by bank transfer, a payment row in the ledger. */
async function payMore(bookingId: string, paise: number) {
  await t.deps.db.insert(bookingLedger).values({
    bookingId,
    kind: 'payment',
    amountPaise: paise,
    method: 'bank_transfer',
    reference: 'NEFT-MORE',
    note: 'Bank transfer',
  });
}

async function cancellationMail(bookingId: string) {
  const mails = await outboxMails(t.deps, { template: 'booking_cancelled', bookingId });
  expect(mails).toHaveLength(1);
  return mails[0]!.textBody;
}

/** My Bookings' Payments card of the cancelled booking: paid so far, kept (paid less owed back), the refund. */
async function paymentsCard(bookingId: string) {
  const detail = (await inject('GET', `/api/me/bookings/${bookingId}`, alice.auth)).json();
  return {
    paid: formatInr(detail.payment.amount_paid),
    kept: formatInr(detail.payment.amount_paid - detail.payment.refunded),
    refund: detail.refund ? `${formatInr(detail.refund.amount)} (${detail.refund.status})` : null,
  };
}

describe('the cancellation e-mail', () => {
  it('after a paid booking amount and more: paid, the deposit and band share kept, the refund due', async () => {
    const booking = await aliceBooking(45);
    await payBookingAmount(booking.id);
    await payMore(booking.id, 39_001_00);
    expect((await inject('POST', `/api/me/bookings/${booking.id}/cancel`, alice.auth)).statusCode).toBe(200);

    const text = await cancellationMail(booking.id);
    const card = await paymentsCard(booking.id);
    expect(card).toEqual({ paid: '₹40,000', kept: '₹28,750', refund: '₹11,250 (due)' });
    for (const line of [
      `  Event date: ${formatLongDate(booking.eventDate!)}`,
      '  Days before the event: 45',
      `  Paid so far: ${card.paid}`,
      '  Deposit kept (25%, non-refundable): −₹25,000',
      '  Kept beyond the deposit (75% of it refunded): −₹3,750',
      `  Kept under the cancellation terms: ${card.kept}`,
      `  Refund to you: ${card.refund}`,
    ]) {
      expect(text).toContain(line);
    }
  });

  it('after only the booking amount: all of it kept as deposit, nothing refunded', async () => {
    const booking = await aliceBooking(60);
    await payBookingAmount(booking.id);
    expect((await inject('POST', `/api/me/bookings/${booking.id}/cancel`, alice.auth)).statusCode).toBe(200);

    const text = await cancellationMail(booking.id);
    expect(await paymentsCard(booking.id)).toEqual({ paid: '₹999', kept: '₹999', refund: null });
    for (const line of [
      '  Paid so far: ₹999',
      '  Deposit kept (25%, non-refundable): −₹999',
      '  Kept under the cancellation terms: ₹999',
      '  Refund to you: ₹0\n',
    ]) {
      expect(text).toContain(line);
    }
  });

  it('after a date change to a later day: the days are counted from the original date, and it says so', async () => {
    const booking = await aliceBooking(20);
    const original = booking.eventDate!;
    const moved = addDays(today(), 50);
    await payBookingAmount(booking.id);
    const change = await inject('POST', `/api/me/bookings/${booking.id}/change-date`, alice.auth, {
      new_date: moved,
    });
    expect(change.statusCode).toBe(200);
    await payMore(booking.id, 39_001_00);
    const res = await inject('POST', `/api/me/bookings/${booking.id}/cancel`, alice.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json().refund).toMatchObject({ days_before: 20, refund_percent: 50, refund_amount: 7500 });

    const text = await cancellationMail(booking.id);
    const card = await paymentsCard(booking.id);
    expect(card).toEqual({ paid: '₹40,000', kept: '₹32,500', refund: '₹7,500 (due)' });
    for (const line of [
      `  Event date: ${formatLongDate(moved)}`,
      `  Days before the event: 20, counted from the original date, ${formatLongDate(original)}`,
      `the refund is counted from the original date, ${formatLongDate(original)}, the earlier of the two: ` +
        'the booking was cancelled 20 days before it.',
      '  Terms: 15–30 days before the event: 50% of the amount beyond the deposit',
      `  Paid so far: ${card.paid}`,
      '  Kept beyond the deposit (50% of it refunded): −₹7,500',
      `  Kept under the cancellation terms: ${card.kept}`,
      `  Refund to you: ${card.refund}`,
    ]) {
      expect(text).toContain(line);
    }
  });

  it("after the admin's cancellation: everything paid refunded, nothing kept", async () => {
    const booking = await aliceBooking(3);
    await payBookingAmount(booking.id);
    const res = await inject('PUT', `/api/bookings/${booking.id}/status`, admin.auth, { status: 'cancelled' });
    expect(res.statusCode).toBe(200);

    const text = await cancellationMail(booking.id);
    expect(await paymentsCard(booking.id)).toEqual({ paid: '₹999', kept: '₹0', refund: '₹999 (due)' });
    expect(text).toContain('  Paid so far: ₹999');
    expect(text).toContain('  Refund to you: ₹999 (due)');
    expect(text).not.toMatch(/Kept|Deposit kept/);
  });
});
