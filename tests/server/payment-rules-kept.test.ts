import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { bookingLedger, bookings } from '../../src/server/db/schema';
import { DEFAULT_PAYMENT_RULES, paymentRulesToDto } from '../../src/shared/booking-rules';
import { addDays, todayInIndia } from '../../src/shared/dates';
import { makeBooking } from './helpers/projects';
import { setUpSuite } from './helpers/suite';

/*
 * A booking keeps the payment rules of its first payment or its confirmation (docs/product.md#payments, "Settings"):
 * the admin changing the booking amount or the advance changes what new bookings are asked for, never what a
 * customer who has paid or confirmed agreed to.
 */
const { t, admin, alice, inject } = setUpSuite();

const DEFAULTS = paymentRulesToDto(DEFAULT_PAYMENT_RULES);
const RAISED = { ...DEFAULTS, booking_amount: 2000, advance_percent: 40 };
afterEach(async () => {
  await t.caller({ token: admin.token }).admin.settings.updatePaymentRules(DEFAULTS);
});

/** A quoted ₹1,00,000 booking of Alice's, 90 days ahead, confirmed by her booking amount (the admin's UTR). */
async function confirmedByToken(): Promise<string> {
  const booking = await makeBooking(t.deps, {
    clientEmail: alice.email,
    userId: alice.id,
    finalAmountPaise: 1_00_000_00,
    eventDate: addDays(todayInIndia(), 90),
  });
  const order = await inject('POST', '/api/payments/token-order', alice.auth, { booking_id: booking.id });
  expect(order.statusCode, order.body).toBe(201);
  const utr = String(400_000_000_000 + Math.floor(Math.random() * 99_999_999_999));
  const paid = await inject('PUT', `/api/admin/payments/${order.json().order_id}/utr`, admin.auth, { utr });
  expect(paid.statusCode, paid.body).toBe(200);
  return booking.id;
}

/** What the booking's schedule asks for, by instalment, as My Bookings and the admin's account show it. */
async function scheduleOf(bookingId: string) {
  const mine = (await inject('GET', `/api/me/bookings/${bookingId}`, alice.auth)).json();
  const account = (await inject('GET', `/api/admin/bookings/${bookingId}/account`, admin.auth)).json();
  expect(account.schedule).toEqual(mine.schedule);
  return Object.fromEntries(
    (mine.schedule.instalments as { kind: string; amount: number; outstanding: number }[]).map((row) => [
      row.kind,
      [row.amount, row.outstanding],
    ]),
  );
}

describe('payment rules changed after a booking was confirmed', () => {
  it('leave its schedule as confirmed, while a booking confirmed afterwards follows the new rules', async () => {
    const before = await confirmedByToken();
    const agreed = await scheduleOf(before);
    // ₹999 paid; the advance brings it to 25% of ₹1,00,000.
    expect(agreed).toEqual({
      booking_amount: [999, 0],
      advance: [24_001, 24_001],
      balance: [75_000, 75_000],
    });

    await t.caller({ token: admin.token }).admin.settings.updatePaymentRules(RAISED);
    expect(await scheduleOf(before)).toEqual(agreed);
    // The next order asks for the advance as agreed, not for ₹1,001 more of a booking amount.
    const next = await inject('POST', '/api/payments/instalment-order', alice.auth, { booking_id: before });
    expect(next.statusCode, next.body).toBe(201);
    expect(next.json().amount).toBe(24_001);

    const after = await confirmedByToken();
    expect(await scheduleOf(after)).toEqual({
      booking_amount: [2000, 0],
      advance: [38_000, 38_000],
      balance: [60_000, 60_000],
    });
  });

  it('give a booking confirmed before the rules were kept with it the rules as they stood', async () => {
    // Confirmed before bookings kept their rules: none stored with it.
    const legacy = await makeBooking(t.deps, {
      clientEmail: alice.email,
      userId: alice.id,
      status: 'confirmed',
      confirmedAt: new Date(),
      finalAmountPaise: 1_00_000_00,
      eventDate: addDays(todayInIndia(), 90),
    });
    expect(legacy.paymentRules).toBeNull();
    const agreed = await scheduleOf(legacy.id);
    expect(agreed.booking_amount).toEqual([999, 999]);
    // A quote part-paid before then, and one with nothing paid.
    const partPaid = await makeBooking(t.deps, { clientEmail: alice.email, userId: alice.id });
    await t.deps.db.insert(bookingLedger).values({
      bookingId: partPaid.id,
      kind: 'payment',
      amountPaise: 500_00,
      method: 'cash',
      reference: 'OLD-500',
      note: 'Part of the booking amount',
    });
    const unpaid = await makeBooking(t.deps, { clientEmail: alice.email, userId: alice.id });

    await t.caller({ token: admin.token }).admin.settings.updatePaymentRules(RAISED);
    expect(await scheduleOf(legacy.id)).toEqual(agreed);
    const kept = async (id: string) =>
      (await t.deps.db.select().from(bookings).where(eq(bookings.id, id)))[0]!.paymentRules;
    expect(await kept(legacy.id)).toEqual(DEFAULTS);
    expect(await kept(partPaid.id)).toEqual(DEFAULTS);
    expect(await kept(unpaid.id)).toBeNull();
    // A quote not yet paid follows the rules as they stand.
    const quote = await makeBooking(t.deps, { clientEmail: alice.email, userId: alice.id });
    expect((await inject('GET', `/api/me/bookings/${quote.id}`, alice.auth)).json().payment.token_amount).toBe(2000);
  });

  it('leave a part-paid quote asking for the rest of the booking amount it was asked for', async () => {
    const quote = await makeBooking(t.deps, { clientEmail: alice.email, userId: alice.id });
    const recorded = await inject('POST', `/api/admin/bookings/${quote.id}/payments`, admin.auth, {
      amount: 800,
      method: 'cash',
      reference: 'RCPT-800',
    });
    expect(recorded.statusCode, recorded.body).toBe(201);
    // Lowered below what it holds: the quote still asks for the ₹199 left of its ₹999, and stays a quote until paid.
    await t.caller({ token: admin.token }).admin.settings.updatePaymentRules({ ...DEFAULTS, booking_amount: 500 });
    const mine = (await inject('GET', `/api/me/bookings/${quote.id}`, alice.auth)).json();
    expect(mine).toMatchObject({ status: 'quoted', payment: { token_amount: 999, token_left: 199 } });
    const order = await inject('POST', '/api/payments/token-order', alice.auth, { booking_id: quote.id });
    expect(order.statusCode, order.body).toBe(201);
    expect(order.json().amount).toBe(199);
    // Raised above it: still ₹199, not ₹1,201.
    await t.caller({ token: admin.token }).admin.settings.updatePaymentRules(RAISED);
    const account = (await inject('GET', `/api/admin/bookings/${quote.id}/account`, admin.auth)).json();
    expect(account.can_record_up_to).toBe(199);
  });
});
