import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, bookings, paymentOrders } from '../../src/server/db/schema';
import { addDays, todayInIndia } from '../../src/shared/dates';
import { makeBooking } from './helpers/projects';
import { setUpSuite } from './helpers/suite';

const { t, admin, alice, inject } = setUpSuite();

const aliceBooking = (overrides: Parameters<typeof makeBooking>[1] = {}) =>
  makeBooking(t.deps, { clientEmail: alice.email, userId: alice.id, finalAmountPaise: 1_00_000_00, ...overrides });

const DEFAULTS = {
  booking_amount: 999,
  advance_percent: 25,
  advance_due_days_after_confirmation: 7,
  advance_immediate_within_days: 30,
  balance_due_days_before_event: 7,
};

describe('payment schedule settings', () => {
  it('shows the published defaults until an admin saves other numbers, and only to an admin', async () => {
    const res = await inject('GET', '/api/admin/settings/payment-rules', admin.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ rules: DEFAULTS, defaults: DEFAULTS });
    expect((await inject('GET', '/api/admin/settings/payment-rules', alice.auth)).statusCode).toBe(403);
    expect((await inject('PUT', '/api/admin/settings/payment-rules', alice.auth, DEFAULTS)).statusCode).toBe(403);
  });

  it('refuses numbers that make no schedule, naming the field', async () => {
    const res = await inject('PUT', '/api/admin/settings/payment-rules', admin.auth, {
      ...DEFAULTS,
      advance_percent: 120,
      booking_amount: 10.005,
    });
    expect(res.statusCode).toBe(422);
    const fields = res.json().detail.map((issue: { loc: string[] }) => issue.loc.at(-1));
    expect(fields).toEqual(expect.arrayContaining(['advance_percent', 'booking_amount']));
    const extra = await inject('PUT', '/api/admin/settings/payment-rules', admin.auth, { ...DEFAULTS, is_admin: true });
    expect(extra.statusCode).toBe(422);
  });

  it('a saved booking amount is what the next order asks for, and the change is audited', async () => {
    const saved = await t
      .caller({ token: admin.token })
      .admin.settings.updatePaymentRules({ ...DEFAULTS, booking_amount: 2500 });
    expect(saved.rules.booking_amount).toBe(2500);
    try {
      const booking = await aliceBooking();
      const order = await inject('POST', '/api/payments/token-order', alice.auth, { booking_id: booking.id });
      expect(order.statusCode).toBe(201);
      expect(order.json().amount).toBe(2500);
      const mine = await inject('GET', `/api/me/bookings/${booking.id}`, alice.auth);
      expect(mine.json().payment.token_amount).toBe(2500);
      const audits = await t.deps.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'settings.payment_rules_changed'));
      expect(audits.at(-1)?.data).toMatchObject({ from: DEFAULTS, to: { booking_amount: 2500 } });
    } finally {
      await t.caller({ token: admin.token }).admin.settings.updatePaymentRules(DEFAULTS);
    }
  });
});

describe('the published payment terms', () => {
  it('state the saved numbers to anyone, signed in or not, over REST and tRPC', async () => {
    const before = await inject('GET', '/api/site/payment-terms');
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual(DEFAULTS);
    const changed = { ...DEFAULTS, booking_amount: 1500.5, advance_percent: 30, balance_due_days_before_event: 10 };
    await t.caller({ token: admin.token }).admin.settings.updatePaymentRules(changed);
    try {
      expect((await inject('GET', '/api/site/payment-terms')).json()).toEqual(changed);
      expect((await inject('GET', '/api/site/payment-terms', alice.auth)).json()).toEqual(changed);
      expect(await t.caller({}).site.paymentTerms()).toEqual(changed);
    } finally {
      await t.caller({ token: admin.token }).admin.settings.updatePaymentRules(DEFAULTS);
    }
    expect((await inject('GET', '/api/site/payment-terms')).json()).toEqual(DEFAULTS);
  });
});

describe('booking amount', () => {
  it('a booking whose total is less than the booking amount asks for the whole total, never ₹999', async () => {
    const booking = await aliceBooking({ finalAmountPaise: 767_00 });
    const mine = await inject('GET', `/api/me/bookings/${booking.id}`, alice.auth);
    expect(mine.json().payment.token_amount).toBe(767);
    const order = await inject('POST', '/api/payments/token-order', alice.auth, { booking_id: booking.id });
    expect(order.statusCode).toBe(201);
    expect(order.json().amount).toBe(767);
    const [row] = await t.deps.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.orderCode, order.json().order_id));
    expect(row!.amountPaise).toBe(767_00);
  });

  it('a quoted booking without a price takes no payment', async () => {
    const booking = await aliceBooking({ finalAmountPaise: null });
    const mine = await inject('GET', `/api/me/bookings/${booking.id}`, alice.auth);
    expect(mine.json().can_pay_token).toBe(false);
    const order = await inject('POST', '/api/payments/token-order', alice.auth, { booking_id: booking.id });
    expect(order.statusCode).toBe(409);
    expect(order.json().detail).toMatch(/no price/);
    expect(await t.deps.db.select().from(paymentOrders).where(eq(paymentOrders.bookingId, booking.id))).toEqual([]);
  });

  it('an open order opened before a price change is replaced by one for the new amount', async () => {
    const booking = await aliceBooking({ finalAmountPaise: 600_00 });
    const first = (await inject('POST', '/api/payments/token-order', alice.auth, { booking_id: booking.id })).json();
    expect(first.amount).toBe(600);
    await t.deps.db.update(bookings).set({ finalAmountPaise: 800_00 }).where(eq(bookings.id, booking.id));
    const second = (await inject('POST', '/api/payments/token-order', alice.auth, { booking_id: booking.id })).json();
    expect(second.amount).toBe(800);
    expect(second.order_id).not.toBe(first.order_id);
    const [old] = await t.deps.db.select().from(paymentOrders).where(eq(paymentOrders.orderCode, first.order_id));
    expect(old!.status).toBe('expired');
  });
});

describe('date change and refund', () => {
  it('moving the event later never raises what a cancellation would refund', async () => {
    const today = todayInIndia();
    const booking = await aliceBooking({ eventDate: addDays(today, 20), status: 'confirmed' });
    const before = (await inject('GET', `/api/me/bookings/${booking.id}`, alice.auth)).json().refund_preview;
    expect(before).toMatchObject({ refund_percent: 50, policy_refund_on_total: 37_500 });
    const moved = await inject('POST', `/api/me/bookings/${booking.id}/change-date`, alice.auth, {
      new_date: addDays(today, 170),
    });
    expect(moved.statusCode).toBe(200);
    const after = (await inject('GET', `/api/me/bookings/${booking.id}`, alice.auth)).json().refund_preview;
    expect(after.refund_percent).toBeLessThanOrEqual(before.refund_percent);
    expect(after.policy_refund_on_total).toBeLessThanOrEqual(before.policy_refund_on_total);
    expect(after).toMatchObject({ refund_percent: 50, policy_refund_on_total: 37_500 });
  });
});
