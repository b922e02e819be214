import { describe, expect, it } from 'vitest';
import { addDays, todayInIndia } from '../../src/shared/dates';
import { makeBooking } from './helpers/projects';
import { setUpSuite } from './helpers/suite';

/*
 * The payment result page's answer for an order whose money reached the booking another way
 * (docs/product.md#payments): the team recorded it by hand, which expires the open order, or another order paid it.
 * The customer is told nothing is left to pay on that order, not that it expired; an order of a cancelled booking
 * says so, paid or not.
 */
const { t, admin, alice, inject } = setUpSuite();

/** A ₹1,00,000 quote of Alice's, the event 90 days away. */
const aliceQuote = () =>
  makeBooking(t.deps, {
    clientEmail: alice.email,
    userId: alice.id,
    finalAmountPaise: 1_00_000_00,
    eventDate: addDays(todayInIndia(), 90),
  });

let utrSeq = 610_000_000_000;
const nextUtr = () => String(utrSeq++);

async function openOrder(kind: 'token' | 'instalment', bookingId: string): Promise<{ order_id: string }> {
  const res = await inject('POST', `/api/payments/${kind}-order`, alice.auth, { booking_id: bookingId });
  expect(res.statusCode).toBe(201);
  return res.json();
}

async function record(bookingId: string, amount: number, reference: string) {
  const res = await inject('POST', `/api/admin/bookings/${bookingId}/payments`, admin.auth, {
    amount,
    method: 'bank_transfer',
    reference,
  });
  expect(res.statusCode).toBe(201);
}

async function payByUtr(orderId: string) {
  const res = await inject('PUT', `/api/admin/payments/${orderId}/utr`, admin.auth, { utr: nextUtr() });
  expect(res.statusCode).toBe(200);
}

/** The answer over REST, checked to be the same over tRPC. */
async function statusOf(orderId: string) {
  const res = await inject('GET', `/api/payment/status/${orderId}`);
  expect(res.statusCode).toBe(200);
  expect(await t.caller().payments.status({ order_id: orderId })).toEqual(res.json());
  return res.json();
}

describe('GET /api/payment/status for an order paid another way', () => {
  it('a token order expired by the team recording the booking amount says the team recorded it', async () => {
    const booking = await aliceQuote();
    const order = await openOrder('token', booking.id);
    await record(booking.id, 999, 'NEFT-TOKEN-1');

    expect(await statusOf(order.order_id)).toEqual({
      order_id: order.order_id,
      purpose: 'token',
      is_paid: false,
      payment_status: 'EXPIRED',
      amount: 999,
      booking_id: booking.id,
      settled: 'recorded_by_team',
    });
  });

  it('an advance order is settled only once the team has recorded all of the advance', async () => {
    const booking = await aliceQuote();
    await payByUtr((await openOrder('token', booking.id)).order_id);
    const advance = await openOrder('instalment', booking.id);
    await record(booking.id, 10_000, 'NEFT-PART-1');
    // ₹14,001 of the advance is still to pay: the order expired, but the booking still needs that money.
    expect(await statusOf(advance.order_id)).toMatchObject({
      payment_status: 'EXPIRED',
      booking_id: booking.id,
      settled: null,
    });
    await record(booking.id, 14_001, 'NEFT-PART-2');
    expect(await statusOf(advance.order_id)).toMatchObject({
      is_paid: false,
      payment_status: 'EXPIRED',
      amount: 24_001,
      settled: 'recorded_by_team',
    });
  });

  it('an order whose instalment a newer order paid says it was paid otherwise', async () => {
    const booking = await aliceQuote();
    const first = await openOrder('token', booking.id);
    // The team records part of the token (the first order expires), the customer pays the rest on a new order.
    await record(booking.id, 499, 'NEFT-HALF-1');
    const rest = await openOrder('token', booking.id);
    expect(rest.order_id).not.toBe(first.order_id);
    await payByUtr(rest.order_id);

    expect(await statusOf(first.order_id)).toMatchObject({ payment_status: 'EXPIRED', settled: 'paid_otherwise' });
    expect(await statusOf(rest.order_id)).toMatchObject({
      is_paid: true,
      payment_status: 'PAID',
      amount: 500,
      booking_id: booking.id,
      settled: null,
    });
  });

  it('an order still waiting for its money is not settled', async () => {
    const booking = await aliceQuote();
    const order = await openOrder('token', booking.id);
    expect(await statusOf(order.order_id)).toMatchObject({
      payment_status: 'CREATED',
      booking_id: booking.id,
      settled: null,
    });
  });

  it('an unpaid order expired by the booking’s cancellation says the booking was cancelled', async () => {
    const booking = await aliceQuote();
    const order = await openOrder('token', booking.id);
    expect((await inject('POST', `/api/me/bookings/${booking.id}/cancel`, alice.auth)).statusCode).toBe(200);

    expect(await statusOf(order.order_id)).toEqual({
      order_id: order.order_id,
      purpose: 'token',
      is_paid: false,
      payment_status: 'EXPIRED',
      amount: 999,
      booking_id: booking.id,
      settled: 'booking_cancelled',
    });
  });

  it('a paid order of a booking cancelled since says the booking was cancelled', async () => {
    const booking = await aliceQuote();
    const order = await openOrder('token', booking.id);
    await payByUtr(order.order_id);
    expect(await statusOf(order.order_id)).toMatchObject({ is_paid: true, settled: null });
    expect((await inject('POST', `/api/me/bookings/${booking.id}/cancel`, alice.auth)).statusCode).toBe(200);

    expect(await statusOf(order.order_id)).toMatchObject({
      is_paid: true,
      payment_status: 'PAID',
      booking_id: booking.id,
      settled: 'booking_cancelled',
    });
  });

  it('a subscription order names no booking', async () => {
    const created = await inject('POST', '/api/payments/subscription-order', undefined, {
      email: `settled.${Date.now()}@example.in`,
      phone: '98260 22222',
    });
    expect(created.statusCode).toBe(201);
    expect(await statusOf(created.json().order_id)).toMatchObject({
      purpose: 'subscription',
      booking_id: null,
      settled: null,
    });
  });
});
