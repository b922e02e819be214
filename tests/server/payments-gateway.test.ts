import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bookingLedger, bookings, paymentOrders } from '../../src/server/db/schema';
import { cashfreeSignature } from '../../src/server/modules/payments/providers/cashfree';
import { setGatewayFetch } from '../../src/server/modules/payments/providers/index';
import { makeActor, makeBooking, type Actor } from './helpers/projects';
import { cashfreeTestEnv, createTestApp, type TestApp } from './helpers/test-app';
import { outboxMails } from './helpers/fixtures';

const SECRET = 'whsec_test_0123456789abcdef';
let t: TestApp;
let customer: Actor;
const calls: { url: string; headers: Record<string, string>; body: unknown }[] = [];

/** A recorded Cashfree `POST /pg/orders` answer (API 2023-08-01, sandbox), replayed instead of the network. */
const RECORDED_ORDER = {
  cf_order_id: '2149460581',
  order_status: 'ACTIVE',
  payment_session_id: 'session_a1b2c3d4e5',
  order_currency: 'INR',
};

beforeAll(async () => {
  t = await createTestApp(cashfreeTestEnv(SECRET));
  customer = await makeActor(t.deps, 'customer');
  setGatewayFetch(async (url, init) => {
    calls.push({ url, headers: init.headers, body: JSON.parse(init.body ?? '{}') });
    return {
      ok: true,
      status: 200,
      json: async () => ({ ...RECORDED_ORDER, order_id: JSON.parse(init.body ?? '{}').order_id }),
    };
  });
});
afterAll(async () => {
  setGatewayFetch(undefined);
  await t?.close();
});

function successEvent(orderId: string, amount = 999, paymentId = 5114910447) {
  return JSON.stringify({
    type: 'PAYMENT_SUCCESS_WEBHOOK',
    event_time: new Date().toISOString(),
    data: {
      order: { order_id: orderId, order_amount: amount, order_currency: 'INR' },
      payment: { cf_payment_id: paymentId, payment_status: 'SUCCESS', payment_amount: amount, payment_currency: 'INR' },
    },
  });
}

function deliver(body: string, options: { timestamp?: string; signature?: string } = {}) {
  const timestamp = options.timestamp ?? String(Date.now());
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook/cashfree',
    headers: {
      'content-type': 'application/json',
      'x-webhook-timestamp': timestamp,
      'x-webhook-signature': options.signature ?? cashfreeSignature(SECRET, timestamp, body),
    },
    payload: body,
  });
}

async function newOrder() {
  const booking = await makeBooking(t.deps, { clientEmail: customer.email });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/payments/token-order',
    headers: customer.auth,
    payload: { booking_id: booking.id },
  });
  expect(res.statusCode).toBe(201);
  return { booking, order: res.json() };
}

describe('Cashfree-style gateway', () => {
  it('creates the order through the (recorded) API and returns a redirect URL', async () => {
    const { order } = await newOrder();
    expect(order.provider).toBe('cashfree');
    expect(order.status).toBe('pending');
    expect(order.redirect_url).toContain('session_a1b2c3d4e5');
    expect(order.upi_uri).toMatch(/^upi:\/\/pay\?/);
    const call = calls.at(-1)!;
    expect(call.url).toBe('https://sandbox.cashfree.com/pg/orders');
    expect(call.headers).toMatchObject({ 'x-client-id': 'TEST_APP', 'x-api-version': '2023-08-01' });
    expect(call.body).toMatchObject({
      order_id: order.order_id,
      order_amount: 999,
      order_currency: 'INR',
      order_meta: { return_url: `https://events.example.in/payment/success?order_id=${order.order_id}` },
    });
  });

  it('a valid webhook marks the order paid and confirms the booking; replay changes nothing', async () => {
    const { booking, order } = await newOrder();
    const body = successEvent(order.order_id, 999, 7001);
    const res = await deliver(body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ received: true, paid: true });
    const status = await t.app.inject({ method: 'GET', url: `/api/payment/status/${order.order_id}` });
    expect(status.json()).toMatchObject({ is_paid: true, payment_status: 'PAID' });
    const [row] = await t.deps.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row!.status).toBe('confirmed');

    const replay = await deliver(body);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toMatchObject({ duplicate: true });
  });

  it('refuses tampered, unsigned and stale deliveries with 401', async () => {
    const { order } = await newOrder();
    const body = successEvent(order.order_id, 999, 7002);
    const timestamp = String(Date.now());
    const signature = cashfreeSignature(SECRET, timestamp, body);
    const tampered = await deliver(body.replace('"payment_amount":999', '"payment_amount":1'), {
      timestamp,
      signature,
    });
    expect(tampered.statusCode).toBe(401);
    expect(tampered.json()).toEqual({ detail: 'Invalid webhook signature' });
    expect((await deliver(body, { signature: 'bm90LWEtc2lnbmF0dXJl' })).statusCode).toBe(401);
    const old = String(Date.now() - 6 * 60 * 1000);
    const stale = await deliver(body, { timestamp: old });
    expect(stale.statusCode).toBe(401);
    expect(stale.json().detail).toMatch(/too old/);
    const [row] = await t.deps.db.select().from(paymentOrders).where(eq(paymentOrders.orderCode, order.order_id));
    expect(row!.status).toBe('pending');
  });

  it('ignores a success event whose amount differs from the order', async () => {
    const { order } = await newOrder();
    const res = await deliver(successEvent(order.order_id, 1, 7003));
    expect(res.json()).toMatchObject({ ignored: 'amount mismatch' });
  });

  it('a signed failure then a signed success on the same order ends paid and confirmed', async () => {
    const { booking, order } = await newOrder();
    const failed = JSON.stringify({
      type: 'PAYMENT_FAILED_WEBHOOK',
      event_time: new Date().toISOString(),
      data: {
        order: { order_id: order.order_id, order_amount: 999 },
        payment: { cf_payment_id: 7101, payment_status: 'FAILED', payment_amount: 999 },
      },
    });
    expect((await deliver(failed)).statusCode).toBe(200);
    const success = await deliver(successEvent(order.order_id, 999, 7101));
    expect(success.json()).toMatchObject({ received: true, paid: true });
    const [row] = await t.deps.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row!.status).toBe('confirmed');
  });

  it('an event ignored for a wrong amount does not use up the payment id of the genuine one', async () => {
    const { order } = await newOrder();
    expect((await deliver(successEvent(order.order_id, 1, 7102))).json()).toMatchObject({ ignored: 'amount mismatch' });
    expect((await deliver(successEvent(order.order_id, 999, 7102))).json()).toMatchObject({
      received: true,
      paid: true,
    });
  });

  it('de-duplication keys on the signed body, not on an unsigned header', async () => {
    const { order } = await newOrder();
    const first = successEvent(order.order_id, 1, 7103);
    const timestamp = String(Date.now());
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/cashfree',
      headers: {
        'content-type': 'application/json',
        'x-webhook-timestamp': timestamp,
        'x-webhook-signature': cashfreeSignature(SECRET, timestamp, first),
        'x-idempotency-key': 'same',
      },
      payload: first,
    });
    expect(res.statusCode).toBe(200);
    const genuine = successEvent(order.order_id, 999, 7104);
    const ts2 = String(Date.now());
    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/cashfree',
      headers: {
        'content-type': 'application/json',
        'x-webhook-timestamp': ts2,
        'x-webhook-signature': cashfreeSignature(SECRET, ts2, genuine),
        'x-idempotency-key': 'same',
      },
      payload: genuine,
    });
    expect(paid.json()).toMatchObject({ received: true, paid: true });
  });

  it('a second gateway payment for an order already paid is received into the ledger once, not dropped', async () => {
    const { booking, order } = await newOrder();
    expect((await deliver(successEvent(order.order_id, 999, 7101))).json()).toMatchObject({ paid: true });
    // The customer paid the same order again: another payment id, real money.
    const again = await deliver(successEvent(order.order_id, 999, 7102));
    expect(again.json()).toMatchObject({ received: true, paid: false, paid_again: true });
    // A later delivery of that payment (another body: a new event time) is not new money.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const redelivered = await deliver(successEvent(order.order_id, 999, 7102));
    expect(redelivered.json()).toMatchObject({ received: true, paid: false });
    expect(redelivered.json().paid_again).toBeUndefined();
    // The first payment's own id again is not new money either.
    expect((await deliver(successEvent(order.order_id, 999, 7101))).json().paid_again).toBeUndefined();
    const payments = await t.deps.db
      .select({ amountPaise: bookingLedger.amountPaise, reference: bookingLedger.reference })
      .from(bookingLedger)
      .where(and(eq(bookingLedger.bookingId, booking.id), eq(bookingLedger.kind, 'payment')));
    expect(payments.map((p) => [p.amountPaise, p.reference]).sort()).toEqual([
      [999_00, '7101'],
      [999_00, '7102'],
    ]);
    const audit = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'payment_order'), eq(auditLog.action, 'payment.paid_again')));
    expect(audit.filter((a) => (a.data as { order_id: string }).order_id === order.order_id)).toHaveLength(1);
  });

  it('the same webhook 5 times concurrently: paid once, one receipt', async () => {
    const { booking, order } = await newOrder();
    const body = successEvent(order.order_id, 999, 7004);
    const timestamp = String(Date.now());
    const results = await Promise.all(Array.from({ length: 5 }, () => deliver(body, { timestamp })));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(results.filter((r) => r.json().paid === true)).toHaveLength(1);
    const receipts = await outboxMails(t.deps, { template: 'payment_receipt', to: booking.clientEmail });
    expect(receipts.filter((m) => m.subject.includes(order.order_id))).toHaveLength(1);
    const moves = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, booking.id), eq(auditLog.action, 'booking.status_changed')));
    expect(moves.map((m) => m.data)).toEqual([expect.objectContaining({ to: 'confirmed' })]);
  });
});
