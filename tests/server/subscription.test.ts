import { and, desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, bookingLedger, bookings, refunds, subscriptions } from '../../src/server/db/schema';
import { addDays, todayInIndia } from '../../src/shared/dates';
import { gstOn } from '../../src/shared/pricing';
import { saveCalendarDay } from './helpers/admin-fixtures';
import { makeActor, makeBooking, type Actor } from './helpers/projects';
import { setUpSuite } from './helpers/suite';
import { outboxMails } from './helpers/fixtures';

/*
 * The ₹99 subscription keeps its promise (docs/product.md#subscriptions): bought from a quote it discounts that
 * quote, only the owner of the e-mail gets the discount, and the offer is not made again to a subscriber.
 */

const { t, admin, inject } = setUpSuite({ admin: 'admin' });

type Auth = { authorization: string } | undefined;

let n = 0;
const freshEmail = (who: string) => `${who}.${Date.now()}.${++n}@example.in`;

/** ₹650 × 100 basic guests in Indore: ₹65,000 + 18% GST = ₹76,700; 5% of that bill is ₹3,835. */
const quotePayload = (email: string, eventName = 'Annual Offsite') => ({
  event_type: 'corporate',
  event_date: addDays(todayInIndia(), 40),
  guest_count: 100,
  venue_type: 'indoor',
  tier: 'basic',
  location: 'Indore',
  client_email: email,
  client_name: 'Sub Scriber',
  event_name: eventName,
});

async function quote(payload: object, auth?: Auth) {
  const res = await inject('POST', '/api/quotation/instant', auth, payload);
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function orderSubscription(payload: object, auth?: Auth) {
  const res = await inject('POST', '/api/payments/subscription-order', auth, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { order_id: string };
}

let utrSeq = 0;
async function recordUtr(orderId: string) {
  const utr = `5${String(Date.now()).slice(-8)}${String(++utrSeq).padStart(3, '0')}`;
  const res = await inject('PUT', `/api/admin/payments/${orderId}/utr`, admin.auth, { utr });
  expect(res.statusCode, res.body).toBe(200);
}

const bookingRow = async (id: string) => (await t.deps.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
const subscriptionOf = async (email: string) =>
  (
    await t.deps.db
      .select()
      .from(subscriptions)
      .where(sql`lower(${subscriptions.email}) = ${email.toLowerCase()}`)
      .orderBy(desc(subscriptions.createdAt))
  )[0]!;
const bookingsIn = (email: string) =>
  t.deps.db
    .select({ id: bookings.id })
    .from(bookings)
    .where(sql`lower(${bookings.clientEmail}) = ${email.toLowerCase()}`);

/** A subscriber whose subscription is paid and not yet used on anything. */
async function activeSubscriber(): Promise<Actor> {
  const owner = await makeActor(t.deps, 'customer', { email: freshEmail('member') });
  await recordUtr((await orderSubscription({}, owner.auth)).order_id);
  expect((await subscriptionOf(owner.email)).status).toBe('active');
  return owner;
}

describe('paying the ₹99 from a quote discounts that quote', () => {
  it('re-prices the booking it was bought from when the order is paid: 5% off the bill, GST and totals together', async () => {
    const owner = await makeActor(t.deps, 'customer', { email: freshEmail('owner') });
    const first = await quote(quotePayload(owner.email), owner.auth);
    expect(first).toMatchObject({ final_amount: 76700, subscription: 'none' });

    const order = await orderSubscription({ booking_id: first.quote_id }, owner.auth);
    await recordUtr(order.order_id);

    const booking = await bookingRow(first.quote_id);
    expect(booking).toMatchObject({
      finalAmountPaise: 72_865_00,
      subtotalPaise: 61_750_00,
      gstPaise: 11_115_00,
      subscriberDiscountPaise: 3_250_00,
      status: 'quoted',
    });
    expect(booking.subtotalPaise! + booking.gstPaise!).toBe(booking.finalAmountPaise);
    expect(await subscriptionOf(owner.email)).toMatchObject({ status: 'used', usedOnBookingId: first.quote_id });
    const mine = await inject('GET', `/api/me/bookings/${first.quote_id}`, owner.auth);
    expect(mine.json()).toMatchObject({ total: 72865, subscriber_discount: 3250, subtotal: 61750, gst_amount: 11115 });
    expect(mine.json().timeline.map((entry: { label: string }) => entry.label)).toContain(
      'Subscriber discount applied',
    );
  });

  it('re-quoting the same event afterwards updates that one booking and keeps its discount', async () => {
    const owner = await makeActor(t.deps, 'customer', { email: freshEmail('requote') });
    const first = await quote(quotePayload(owner.email), owner.auth);
    await recordUtr((await orderSubscription({ booking_id: first.quote_id }, owner.auth)).order_id);

    const again = await quote(quotePayload(owner.email), owner.auth);
    expect(again.quote_id).toBe(first.quote_id);
    expect(again).toMatchObject({
      final_amount: 72865,
      subscriber_discount: { percent: 5, amount: 3250 },
      subscription: 'applied',
    });
    expect(await bookingsIn(owner.email)).toHaveLength(1);
    expect((await bookingRow(first.quote_id)).finalAmountPaise).toBe(72_865_00);
  });

  it('a booking confirmed before the ₹99 arrives is re-priced too, and its ledger charge follows', async () => {
    const owner = await makeActor(t.deps, 'customer', { email: freshEmail('confirmed') });
    const first = await quote(quotePayload(owner.email), owner.auth);
    const subscription = await orderSubscription({ booking_id: first.quote_id }, owner.auth);
    const token = await inject('POST', '/api/payments/token-order', owner.auth, { booking_id: first.quote_id });
    expect(token.statusCode).toBe(201);
    await recordUtr(token.json().order_id);
    expect((await bookingRow(first.quote_id)).status).toBe('confirmed');

    await recordUtr(subscription.order_id);

    const booking = await bookingRow(first.quote_id);
    expect(booking).toMatchObject({ status: 'confirmed', finalAmountPaise: 72_865_00 });
    const charges = await t.deps.db
      .select()
      .from(bookingLedger)
      .where(and(eq(bookingLedger.bookingId, first.quote_id), eq(bookingLedger.kind, 'charge')));
    expect(charges.reduce((sum, row) => sum + row.amountPaise, 0)).toBe(72_865_00);
    expect(charges.map((row) => row.amountPaise)).toEqual([76_700_00, -3_835_00]);
    const mine = (await inject('GET', `/api/me/bookings/${first.quote_id}`, owner.auth)).json();
    expect(mine).toMatchObject({ total: 72865, payment: { amount_paid: 999 } });
  });

  it('a quote cancelled before the ₹99 arrives leaves the subscription for the next quote', async () => {
    const owner = await makeActor(t.deps, 'customer', { email: freshEmail('cancelled') });
    const first = await quote(quotePayload(owner.email), owner.auth);
    const order = await orderSubscription({ booking_id: first.quote_id }, owner.auth);
    expect((await inject('POST', `/api/me/bookings/${first.quote_id}/cancel`, owner.auth)).statusCode).toBe(200);
    expect((await inject('GET', `/api/payment/status/${order.order_id}`)).json().payment_status).toBe('CREATED');

    await recordUtr(order.order_id);
    expect(await bookingRow(first.quote_id)).toMatchObject({ status: 'cancelled', finalAmountPaise: 76_700_00 });
    expect((await subscriptionOf(owner.email)).status).toBe('active');
    const next = await quote(quotePayload(owner.email, 'Rescheduled Offsite'), owner.auth);
    expect(next).toMatchObject({ final_amount: 72865, subscription: 'applied' });
  });

  it('takes the order only from a quote in the same e-mail, of the same customer, not yet paid', async () => {
    const owner = await makeActor(t.deps, 'customer', { email: freshEmail('checks') });
    const other = await makeActor(t.deps, 'customer', { email: freshEmail('other') });
    const refuse = (payload: object, auth?: Auth) => inject('POST', '/api/payments/subscription-order', auth, payload);

    const foreign = await quote(quotePayload(other.email), other.auth);
    expect((await refuse({ booking_id: foreign.quote_id }, owner.auth)).json()).toEqual({
      detail: 'Booking not found',
    });
    expect((await refuse({ booking_id: foreign.quote_id }, owner.auth)).statusCode).toBe(404);
    // A visitor typing the owner's e-mail cannot hang the order on someone else's quote either.
    const visitor = await refuse({ email: owner.email, phone: '9826011111', booking_id: foreign.quote_id });
    expect(visitor.statusCode).toBe(404);
    // A quote in the owner's e-mail that another account made while signed in is not the owner's.
    const linkedElsewhere = await makeBooking(t.deps, { clientEmail: owner.email, userId: other.id });
    expect((await refuse({ booking_id: linkedElsewhere.id }, owner.auth)).statusCode).toBe(404);

    const confirmed = await makeBooking(t.deps, {
      clientEmail: owner.email,
      status: 'confirmed',
      subtotalPaise: 100_00,
      gstPaise: 18_00,
      gstPercent: 18,
      finalAmountPaise: 118_00,
    });
    const paid = await refuse({ booking_id: confirmed.id }, owner.auth);
    expect(paid.statusCode).toBe(409);
    expect(paid.json().detail).toMatch(/not yet paid; this booking is confirmed/);
    const expired = await makeBooking(t.deps, {
      clientEmail: owner.email,
      validUntil: addDays(todayInIndia(), -1),
      subtotalPaise: 100_00,
      gstPaise: 18_00,
      gstPercent: 18,
      finalAmountPaise: 118_00,
    });
    expect((await refuse({ booking_id: expired.id }, owner.auth)).json().detail).toMatch(/expired/);
    expect(await t.deps.db.select().from(subscriptions).where(eq(subscriptions.email, owner.email))).toEqual([]);
  });
});

describe('a part-paid quote the discount leaves holding its booking amount', () => {
  /** A quote re-priced by the team to ₹880 + 18% GST = ₹1,038.40, with ₹990 of its ₹999 booking amount recorded. */
  async function partPaidQuote(owner: Actor, eventDate = addDays(todayInIndia(), 40)) {
    const first = await quote({ ...quotePayload(owner.email), event_date: eventDate }, owner.auth);
    const priced = await inject('PUT', `/api/bookings/${first.quote_id}/quote`, admin.auth, {
      items: [{ kind: 'fixed', description: 'Tasting for two', unit_price: 880, quantity: 1 }],
    });
    expect(priced.statusCode, priced.body).toBe(200);
    const paid = await inject('POST', `/api/admin/bookings/${first.quote_id}/payments`, admin.auth, {
      amount: 990,
      method: 'bank_transfer',
      reference: `NEFT-SUB-${++n}`,
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(await bookingRow(first.quote_id)).toMatchObject({ status: 'quoted', finalAmountPaise: 1_038_40 });
    return first.quote_id as string;
  }

  it('is confirmed by it, what was paid over the new total is owed back, and the customer is told', async () => {
    const owner = await makeActor(t.deps, 'customer', { email: freshEmail('part.paid') });
    const id = await partPaidQuote(owner);
    await recordUtr((await orderSubscription({ booking_id: id }, owner.auth)).order_id);

    // 5% of ₹1,038.40 is ₹51.92: the new total, ₹986.48, is all booking amount, and ₹990 was paid.
    expect(await bookingRow(id)).toMatchObject({ status: 'confirmed', finalAmountPaise: 986_48 });
    expect(await subscriptionOf(owner.email)).toMatchObject({ status: 'used', usedOnBookingId: id });
    const owed = await t.deps.db.select().from(refunds).where(eq(refunds.bookingId, id));
    expect(owed.map((row) => row.amountPaise)).toEqual([3_52]);
    const mine = (await inject('GET', `/api/me/bookings/${id}`, owner.auth)).json();
    expect(mine).toMatchObject({ status: 'confirmed', total: 986.48 });
    const [mail] = await outboxMails(t.deps, { template: 'booking_repriced', bookingId: id });
    expect(mail?.textBody).toContain('Your subscriber discount is now applied to Annual Offsite.');
    expect(mail?.textBody).toContain('your date is now confirmed');
    expect(mail?.textBody).toContain('To be refunded to you: ₹3.52');
  });

  it('on a day closed since, keeps its price and leaves the subscription for the next quote', async () => {
    const owner = await makeActor(t.deps, 'customer', { email: freshEmail('closed.day') });
    const day = addDays(todayInIndia(), 43);
    const id = await partPaidQuote(owner, day);
    const closed = await saveCalendarDay(t.app, admin.auth, { date: day, closed_reason: 'Kitchen renovation' });
    expect(closed.statusCode, closed.body).toBe(200);
    await recordUtr((await orderSubscription({ booking_id: id }, owner.auth)).order_id);

    expect(await bookingRow(id)).toMatchObject({
      status: 'quoted',
      finalAmountPaise: 1_038_40,
      subscriberDiscountPaise: null,
    });
    expect(await subscriptionOf(owner.email)).toMatchObject({ status: 'active', usedOnBookingId: null });
  });
});

describe('only the owner of the e-mail gets the discount', () => {
  it('a visitor typing a subscriber’s e-mail gets the list price, and the subscription stays unused', async () => {
    const owner = await activeSubscriber();
    const typed = await quote(quotePayload(owner.email, 'Not Mine'));
    expect(typed.subscriber_discount).toBeUndefined();
    expect(typed).toMatchObject({ final_amount: 76700, subscription: 'sign_in' });
    expect((await bookingRow(typed.quote_id)).subscriberDiscountPaise).toBeNull();
    expect((await subscriptionOf(owner.email)).status).toBe('active');

    // Another customer, and an account in that address that never confirmed it, are visitors here too.
    const other = await makeActor(t.deps, 'customer');
    expect(await quote(quotePayload(owner.email, 'Still Not Mine'), other.auth)).toMatchObject({
      final_amount: 76700,
      subscription: 'sign_in',
    });
    expect((await subscriptionOf(owner.email)).status).toBe('active');

    const mine = await quote(quotePayload(owner.email, 'Mine'), owner.auth);
    expect(mine).toMatchObject({ final_amount: 72865, subscription: 'applied' });
    expect(await subscriptionOf(owner.email)).toMatchObject({ status: 'used', usedOnBookingId: mine.quote_id });
  });

  it('an unconfirmed account in the subscriber’s address does not get it', async () => {
    const email = freshEmail('unconfirmed');
    await recordUtr((await orderSubscription({ email, phone: '9826011111' })).order_id);
    const unconfirmed = await makeActor(t.deps, 'customer', { email, emailVerified: false });
    expect(await quote(quotePayload(email), unconfirmed.auth)).toMatchObject({
      final_amount: 76700,
      subscription: 'sign_in',
    });
    expect((await subscriptionOf(email)).status).toBe('active');
  });

  it('a visitor who pays from the quote gets the discount on it once the owner of the address claims it', async () => {
    const email = freshEmail('visitor');
    const first = await quote(quotePayload(email));
    const order = await orderSubscription({ email, phone: '98260 11111', booking_id: first.quote_id });
    await recordUtr(order.order_id);

    // Paid, but nobody has shown they own the address: the quote keeps its list price, the page says why.
    expect((await bookingRow(first.quote_id)).finalAmountPaise).toBe(76_700_00);
    expect(await subscriptionOf(email)).toMatchObject({ status: 'active' });
    const again = await quote(quotePayload(email));
    expect(again).toMatchObject({ quote_id: first.quote_id, final_amount: 76700, subscription: 'sign_in' });

    // The owner registers, confirms the address from the link mailed to it: the quote takes the discount.
    const register = await inject('POST', '/api/auth/register', undefined, {
      email,
      password: 'mango-lassi-77',
      full_name: 'Sub Scriber',
      phone: '+919812300011',
    });
    expect(register.statusCode).toBe(201);
    expect((await bookingRow(first.quote_id)).finalAmountPaise).toBe(76_700_00);
    const [mail] = await outboxMails(t.deps, { to: email, template: 'verify_email' });
    const token = /#token=([A-Za-z0-9_-]{43})/.exec(mail!.textBody)![1];
    expect((await inject('POST', '/api/auth/verify-email', undefined, { token })).statusCode).toBe(200);

    expect(await bookingRow(first.quote_id)).toMatchObject({
      finalAmountPaise: 72_865_00,
      subscriberDiscountPaise: 3_250_00,
      userId: register.json().user.id,
    });
    expect(await subscriptionOf(email)).toMatchObject({ status: 'used', usedOnBookingId: first.quote_id });
    expect(await bookingsIn(email)).toHaveLength(1);
  });

  it('an owner who was already confirmed claims it by opening My Bookings', async () => {
    const owner = await makeActor(t.deps, 'customer', { email: freshEmail('claim') });
    const first = await quote(quotePayload(owner.email));
    await recordUtr(
      (await orderSubscription({ email: owner.email, phone: '9826011111', booking_id: first.quote_id })).order_id,
    );
    expect((await bookingRow(first.quote_id)).finalAmountPaise).toBe(76_700_00);
    // Quoting another event meanwhile does not take the subscription from the quote it was bought from.
    expect(await quote(quotePayload(owner.email, 'Another Event'), owner.auth)).toMatchObject({
      final_amount: 76700,
      subscription: 'kept',
    });

    const list = await inject('GET', '/api/me/bookings', owner.auth);
    expect(list.statusCode).toBe(200);
    const claimed = list.json().find((b: { id: string }) => b.id === first.quote_id);
    expect(claimed).toMatchObject({ total: 72865, subscriber_discount: 3250 });
    expect(await subscriptionOf(owner.email)).toMatchObject({ status: 'used', usedOnBookingId: first.quote_id });
  });
});

describe('the offer is not made to a subscriber', () => {
  it('is not offered again after paying: the quote says the discount is in it, and a second order is refused', async () => {
    const owner = await makeActor(t.deps, 'customer', { email: freshEmail('offer') });
    const first = await quote(quotePayload(owner.email), owner.auth);
    expect(first.subscription).toBe('none');
    const order = await orderSubscription({ booking_id: first.quote_id }, owner.auth);
    await recordUtr(order.order_id);

    expect((await quote(quotePayload(owner.email), owner.auth)).subscription).toBe('applied');
    const mail = (await outboxMails(t.deps, { to: owner.email, template: 'quote' })).at(-1);
    expect(mail!.textBody).not.toContain('Subscribe for just ₹99');
  });

  it('is not offered to an active subscriber quoting as a visitor, who is told to sign in', async () => {
    const owner = await activeSubscriber();
    const typed = await quote(quotePayload(owner.email, 'Visitor Quote'));
    expect(typed.subscription).toBe('sign_in');
    const second = await inject('POST', '/api/payments/subscription-order', undefined, {
      email: owner.email,
      phone: '9826011111',
    });
    expect(second.statusCode).toBe(409);
  });
});

describe('the discount is 5% of the final bill to the paisa', () => {
  it('a basic outdoor wedding for 105 in Mumbai: ₹1,06,925.70 less 5% is ₹1,01,579.41 (it was a paisa more)', async () => {
    const owner = await activeSubscriber();
    const wedding = await quote(
      {
        ...quotePayload(owner.email, 'Iyer Wedding'),
        event_type: 'wedding',
        venue_type: 'outdoor',
        location: 'Mumbai',
        guest_count: 105,
      },
      owner.auth,
    );
    expect(wedding.final_amount).toBe(101579.41);
    expect(Math.round(wedding.subtotal * 100) + Math.round(wedding.gst_amount * 100)).toBe(101579_41);
    expect(
      Math.abs(Math.round(wedding.gst_amount * 100) - gstOn(Math.round(wedding.subtotal * 100), 18)),
    ).toBeLessThanOrEqual(1);
  });
});

describe('an admin’s custom quote keeps the subscriber discount', () => {
  it('re-prices a booking that took the discount with the discount, by the same rule', async () => {
    const owner = await activeSubscriber();
    const first = await quote(quotePayload(owner.email, 'Custom Later'), owner.auth);
    expect(first.subscription).toBe('applied');

    // Lines of ₹1,00,000 + 18% GST = ₹1,18,000; 5% off the bill = ₹1,12,100 (taxable ₹95,000, GST ₹17,100).
    const res = await inject('PUT', `/api/bookings/${first.quote_id}/quote`, admin.auth, {
      items: [{ kind: 'fixed', description: 'Corporate dinner', unit_price: 100000, quantity: 1 }],
      discount: 0,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().booking.quotation).toMatchObject({
      quoted_amount: 112100,
      gross_amount: 100000,
      subscriber_discount: 5000,
      subtotal: 95000,
      gst_amount: 17100,
    });
    expect(await bookingRow(first.quote_id)).toMatchObject({
      finalAmountPaise: 1_12_100_00,
      subscriberDiscountPaise: 5_000_00,
    });
    const [audit] = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, first.quote_id), eq(auditLog.action, 'booking.quoted')));
    expect(audit!.data).toMatchObject({ final_amount_paise: 1_12_100_00, subscriber_discount_paise: 5_000_00 });
    const mail = (await outboxMails(t.deps, { to: owner.email, template: 'quote' })).at(-1);
    expect(mail!.subject).toBe('Your quote for Custom Later: ₹1,12,100');
    expect(mail!.textBody).toContain('Subscriber discount');
  });
});
