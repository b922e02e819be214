import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookings, paymentOrders } from '../../src/server/db/schema';
import { addDays, todayInIndia } from '../../src/shared/dates';
import { makeActor } from './helpers/projects';
import { setUpSuite } from './helpers/suite';

/*
 * Quoting a booking again while its token order is open (docs/product.md#quotes, #subscriptions "Re-quoting never
 * makes a second booking for it"): the same booking takes the new price, and the order asking for the old amount
 * can no longer be paid; the next Pay opens one for the new price.
 */

const { t, admin, inject } = setUpSuite({ admin: 'admin' });

type Auth = { authorization: string };

let n = 0;
const freshEmail = () => `requote.${Date.now()}.${++n}@example.in`;

/** ₹650 × guests, basic, corporate, indoor in Indore, + 18% GST: 100 guests is ₹76,700, 1 guest ₹767. */
const quotePayload = (email: string, guests: number) => ({
  event_type: 'corporate',
  event_date: addDays(todayInIndia(), 40),
  guest_count: guests,
  venue_type: 'indoor',
  tier: 'basic',
  location: 'Indore',
  client_email: email,
  client_name: 'Kavita Rao',
  event_name: 'Rao Offsite',
});

async function quote(payload: object, auth?: Auth) {
  const res = await inject('POST', '/api/quotation/instant', auth, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { quote_id: string; final_amount: number };
}

async function openTokenOrder(bookingId: string, auth: Auth) {
  const res = await inject('POST', '/api/payments/token-order', auth, { booking_id: bookingId });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { order_id: string; amount: number };
}

const orderStatus = async (orderCode: string) =>
  (await t.deps.db.select().from(paymentOrders).where(eq(paymentOrders.orderCode, orderCode)))[0]!.status;
const bookingsIn = (email: string) =>
  t.deps.db
    .select()
    .from(bookings)
    .where(sql`lower(${bookings.clientEmail}) = ${email.toLowerCase()}`);

describe('quoting the same event again while its token order is open', () => {
  it('updates that one booking, expires the order for the old amount, and the next Pay asks for the new one', async () => {
    const owner = await makeActor(t.deps, 'customer', { email: freshEmail() });
    const first = await quote(quotePayload(owner.email, 100), owner.auth);
    const order = await openTokenOrder(first.quote_id, owner.auth);
    expect(order.amount).toBe(999);

    const again = await quote(quotePayload(owner.email, 1), owner.auth);
    expect(again.quote_id).toBe(first.quote_id);
    expect(again.final_amount).toBe(767);
    const rows = await bookingsIn(owner.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ guestCount: 1, finalAmountPaise: 767_00, status: 'quoted' });

    // The ₹999 asked for the old quote cannot be paid on the ₹767 one.
    expect(await orderStatus(order.order_id)).toBe('expired');
    const next = await openTokenOrder(first.quote_id, owner.auth);
    expect(next.order_id).not.toBe(order.order_id);
    expect(next.amount).toBe(767);
  });

  it('keeps the open order when the quote comes out at the same price', async () => {
    const owner = await makeActor(t.deps, 'customer', { email: freshEmail() });
    const first = await quote(quotePayload(owner.email, 100), owner.auth);
    const order = await openTokenOrder(first.quote_id, owner.auth);

    const again = await quote(quotePayload(owner.email, 100), owner.auth);
    expect(again.quote_id).toBe(first.quote_id);
    expect(await bookingsIn(owner.email)).toHaveLength(1);
    expect(await orderStatus(order.order_id)).toBe('created');
    expect((await openTokenOrder(first.quote_id, owner.auth)).order_id).toBe(order.order_id);
  });
});

describe("the team's new price for a quote whose token order is open", () => {
  it('a custom quote expires the order for the old amount', async () => {
    const owner = await makeActor(t.deps, 'customer', { email: freshEmail() });
    const first = await quote(quotePayload(owner.email, 100), owner.auth);
    const order = await openTokenOrder(first.quote_id, owner.auth);

    const res = await inject('PUT', `/api/bookings/${first.quote_id}/quote`, admin.auth, {
      items: [{ kind: 'fixed', description: 'Snacks for the team', unit_price: 500, quantity: 1 }],
      discount: 0,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await orderStatus(order.order_id)).toBe('expired');
    expect((await openTokenOrder(first.quote_id, owner.auth)).amount).toBe(590);
    expect(await bookingsIn(owner.email)).toHaveLength(1);
  });

  it('a new guest count expires the order for the old amount', async () => {
    const owner = await makeActor(t.deps, 'customer', { email: freshEmail() });
    const first = await quote(quotePayload(owner.email, 100), owner.auth);
    const order = await openTokenOrder(first.quote_id, owner.auth);

    const res = await inject('PATCH', `/api/admin/bookings/${first.quote_id}/details`, admin.auth, {
      guest_count: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await orderStatus(order.order_id)).toBe('expired');
    expect((await openTokenOrder(first.quote_id, owner.auth)).amount).toBe(767);
  });
});

describe('money that arrives on an order after it expired', () => {
  let utr = 700_000_000_000;
  const recordUtr = (orderCode: string) =>
    inject('PUT', `/api/admin/payments/${orderCode}/utr`, admin.auth, { utr: String(utr++) });
  const mine = async (bookingId: string, auth: Auth) =>
    (await inject('GET', `/api/me/bookings/${bookingId}`, auth)).json() as {
      status: string;
      payment: { amount_paid: number; token_paid: boolean; token_left: number; open_order_id: string | null };
    };

  it('counts for what it is: a token order for an old, lower price does not confirm the new one', async () => {
    const owner = await makeActor(t.deps, 'customer', { email: freshEmail() });
    const first = await quote(quotePayload(owner.email, 1), owner.auth);
    const old = await openTokenOrder(first.quote_id, owner.auth);
    expect(old.amount).toBe(767);
    await quote(quotePayload(owner.email, 100), owner.auth);
    expect(await orderStatus(old.order_id)).toBe('expired');

    // The customer pays the page left open: the money is real, and ₹232 of the ₹999 booking amount is still to come.
    expect((await recordUtr(old.order_id)).statusCode).toBe(200);
    expect(await mine(first.quote_id, owner.auth)).toMatchObject({
      status: 'quoted',
      payment: { amount_paid: 767, token_paid: false, token_left: 232 },
    });
    const rest = await openTokenOrder(first.quote_id, owner.auth);
    expect(rest.amount).toBe(232);
    expect((await recordUtr(rest.order_id)).statusCode).toBe(200);
    expect(await mine(first.quote_id, owner.auth)).toMatchObject({
      status: 'confirmed',
      payment: { amount_paid: 999, token_paid: true, token_left: 0 },
    });
  });

  it('expires the order opened meanwhile, so the same booking amount is not taken twice', async () => {
    const owner = await makeActor(t.deps, 'customer', { email: freshEmail() });
    const first = await quote(quotePayload(owner.email, 100), owner.auth);
    const old = await openTokenOrder(first.quote_id, owner.auth);
    const part = await inject('POST', `/api/admin/bookings/${first.quote_id}/payments`, admin.auth, {
      amount: 500,
      method: 'cash',
      reference: `R-LATE-${utr}`,
    });
    expect(part.statusCode, part.body).toBe(201);
    expect(await orderStatus(old.order_id)).toBe('expired');
    const rest = await openTokenOrder(first.quote_id, owner.auth);
    expect(rest.amount).toBe(499);

    // The old ₹999 arrives after all: with the ₹500 it covers the booking amount and confirms the booking.
    expect((await recordUtr(old.order_id)).statusCode).toBe(200);
    expect(await orderStatus(rest.order_id)).toBe('expired');
    const after = await mine(first.quote_id, owner.auth);
    expect(after).toMatchObject({ status: 'confirmed', payment: { amount_paid: 1499, open_order_id: null } });
    expect((await recordUtr(rest.order_id)).statusCode).toBe(200);
    // Money on the expired order still counts when it comes; it is received as a payment towards the schedule.
    expect((await mine(first.quote_id, owner.auth)).payment.amount_paid).toBe(1998);
  });
});
