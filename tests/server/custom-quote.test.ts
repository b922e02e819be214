import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bookingLedger, bookings, refunds } from '../../src/server/db/schema';
import { addDays, todayInIndia } from '../../src/shared/dates';
import { bearer, saveCalendarDay, tokenFor } from './helpers/admin-fixtures';
import { pdfText } from './helpers/pdf-text';
import { makeBooking, makeInquiry } from './helpers/projects';
import { makeUser, type MadeUser, outboxMails } from './helpers/fixtures';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let admin: MadeUser;
let customer: MadeUser;
const tokens: Record<'admin' | 'customer', string> = { admin: '', customer: '' };

beforeAll(async () => {
  t = await createTestApp();
  admin = await makeUser(t.deps, { role: 'admin' });
  customer = await makeUser(t.deps, { role: 'customer' });
  tokens.admin = await tokenFor(t.deps, admin.id);
  tokens.customer = await tokenFor(t.deps, customer.id);
});
afterAll(async () => {
  await t?.close();
});

const inquiry = (overrides: Parameters<typeof makeInquiry>[1] = {}) => makeInquiry(t.deps, overrides);

const quote = (id: string, payload: object, token = tokens.admin) =>
  t.app.inject({ method: 'PUT', url: `/api/bookings/${id}/quote`, headers: bearer(token), payload });
const setStatus = (id: string, status: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/bookings/${id}/status`,
    headers: bearer(tokens.admin),
    payload: { status },
  });

const WEDDING_QUOTE = {
  items: [
    { kind: 'per_person', description: 'Malwa thali dinner', unit_price: 850.5, quantity: 200 },
    { kind: 'fixed', description: 'Stage decor', unit_price: 45000, quantity: 1 },
    { kind: 'add_on', description: 'Live jalebi counter', unit_price: 6000, quantity: 2 },
  ],
  discount: 7100,
  discount_reason: 'Repeat customer',
  notes: 'Menu tasting on request.\nJain options included.',
};

describe('custom quote by an admin', () => {
  it('prices an inquiry line by line, makes it quoted, audits it, e-mails the quote and shows it in My Bookings', async () => {
    const booking = await inquiry({ clientEmail: customer.email });
    const res = await quote(booking.id, WEDDING_QUOTE);
    expect(res.statusCode).toBe(200);
    // 850.50 × 200 + 45,000 + 2 × 6,000 = 2,27,100; − 7,100 = 2,20,000 taxable; GST 18% = 39,600.
    expect(res.json()).toMatchObject({
      message: `Quote sent to ${customer.email}`,
      booking: {
        status: 'quoted',
        final_amount: 259_600,
        gst_percent: 18,
        quotation: {
          quoted_amount: 259_600,
          gross_amount: 227_100,
          discount: 7100,
          discount_reason: 'Repeat customer',
          subtotal: 220_000,
          gst_percent: 18,
          gst_amount: 39_600,
          notes: 'Menu tasting on request.\nJain options included.',
          items: [
            {
              kind: 'per_person',
              description: 'Malwa thali dinner',
              unit_price: 850.5,
              quantity: 200,
              amount: 170_100,
            },
            { kind: 'fixed', description: 'Stage decor', unit_price: 45000, quantity: 1, amount: 45_000 },
            { kind: 'add_on', description: 'Live jalebi counter', unit_price: 6000, quantity: 2, amount: 12_000 },
          ],
        },
      },
    });
    const [row] = await t.deps.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({
      status: 'quoted',
      discountPaise: 7100_00,
      subtotalPaise: 220_000_00,
      gstPaise: 39_600_00,
      finalAmountPaise: 259_600_00,
      gstPercent: 18,
      validUntil: addDays(todayInIndia(), 7),
    });

    const audit = await t.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, booking.id))
      .orderBy(auditLog.createdAt);
    expect(audit.map((a) => a.action).sort()).toEqual(['booking.quoted', 'booking.status_changed']);
    expect(audit.find((a) => a.action === 'booking.status_changed')?.data).toMatchObject({
      from: 'inquiry',
      to: 'quoted',
    });
    expect(audit.every((a) => a.actorUserId === admin.id)).toBe(true);

    const mails = await outboxMails(t.deps, { template: 'quote', to: customer.email });
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Your quote for ${booking.eventName}: ₹2,59,600`);
    for (const text of [
      'Malwa thali dinner: ₹850.50 × 200',
      '₹1,70,100',
      'Discount (Repeat customer)',
      '−₹7,100',
      'GST (18%)',
      '₹39,600',
      'Jain options included.',
    ]) {
      expect(mails[0]!.textBody).toContain(text);
    }

    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/me/bookings/${booking.id}`,
      headers: bearer(tokens.customer),
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({
      status: 'quoted',
      total: 259_600,
      gst_amount: 39_600,
      can_pay_token: true,
      quotation: { quoted_amount: 259_600 },
    });

    // The quote PDF prints the same lines, so its figures add up to its taxable amount.
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/me/bookings/${booking.id}/quote.pdf`,
      headers: bearer(tokens.customer),
    });
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    for (const line of [
      'Malwa thali dinner: ₹850.50 × 200',
      '₹1,70,100',
      'Stage decor',
      '₹45,000',
      'Live jalebi counter: ₹6,000 × 2',
      '₹12,000',
      'Discount (Repeat customer)',
      'Taxable amount',
      '₹2,20,000',
    ]) {
      expect(text).toContain(line);
    }
    expect(text).not.toContain('Volume discount');
  });

  it('re-prices a quote without a second status move, and refuses a cancelled booking', async () => {
    const booking = await inquiry();
    expect(
      (await quote(booking.id, { items: [{ kind: 'fixed', description: 'Buffet', unit_price: 1000, quantity: 1 }] }))
        .statusCode,
    ).toBe(200);
    const again = await quote(booking.id, {
      items: [{ kind: 'fixed', description: 'Buffet', unit_price: 2000, quantity: 1 }],
    });
    expect(again.json().booking).toMatchObject({ status: 'quoted', final_amount: 2360 });
    const moves = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, booking.id), eq(auditLog.action, 'booking.status_changed')));
    expect(moves).toHaveLength(1);

    const cancelled = await makeBooking(t.deps, { status: 'cancelled', cancelledBy: 'customer' });
    const refused = await quote(cancelled.id, {
      items: [{ kind: 'fixed', description: 'Buffet', unit_price: 1, quantity: 1 }],
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(
      'This booking is cancelled: only an inquiry, a quote or a booking that goes ahead can be priced',
    );
    const [row] = await t.deps.db.select().from(bookings).where(eq(bookings.id, cancelled.id));
    expect(row!.finalAmountPaise).toBe(cancelled.finalAmountPaise);
  });

  it('re-prices a confirmed booking in place: the charge follows, more is due, and the customer is told', async () => {
    const booking = await makeBooking(t.deps, {
      status: 'confirmed',
      confirmedAt: new Date(),
      finalAmountPaise: 1_18_000_00,
      eventDate: addDays(todayInIndia(), 60),
    });
    await t.deps.db.insert(bookingLedger).values([
      { bookingId: booking.id, kind: 'charge', amountPaise: 1_18_000_00, note: 'Booking total' },
      { bookingId: booking.id, kind: 'payment', amountPaise: 50_000_00, method: 'cash', reference: 'R1', note: 'Paid' },
    ]);
    const more = await quote(booking.id, {
      items: [{ kind: 'per_person', description: 'Dinner buffet', unit_price: 1000, quantity: 150 }],
    });
    expect(more.statusCode).toBe(200);
    expect(more.json()).toMatchObject({
      message: `New price sent to ${booking.clientEmail}`,
      booking: { status: 'confirmed', final_amount: 1_77_000 },
    });
    const account = await t.caller({ token: tokens.admin }).admin.payments.bookingAccount({ id: booking.id });
    expect(account).toMatchObject({ status: 'confirmed', held: 50_000, schedule: { outstanding: 1_27_000 } });
    expect(account.ledger.filter((row) => row.kind === 'charge').map((row) => row.amount)).toEqual([1_18_000, 59_000]);
    const [mail] = await outboxMails(t.deps, { template: 'booking_repriced', to: booking.clientEmail });
    expect(mail?.subject).toContain('₹1,77,000');
    expect(mail?.textBody).toContain('Still to pay: ₹1,27,000');
  });

  it('a price lowered below what was paid owes the difference back', async () => {
    const booking = await makeBooking(t.deps, {
      status: 'in_progress',
      confirmedAt: new Date(),
      finalAmountPaise: 1_18_000_00,
      eventDate: todayInIndia(),
    });
    await t.deps.db.insert(bookingLedger).values([
      { bookingId: booking.id, kind: 'charge', amountPaise: 1_18_000_00, note: 'Booking total' },
      { bookingId: booking.id, kind: 'payment', amountPaise: 1_18_000_00, method: 'upi', reference: '1', note: 'All' },
    ]);
    const less = await quote(booking.id, {
      items: [{ kind: 'per_person', description: 'Dinner buffet', unit_price: 1000, quantity: 90 }],
    });
    expect(less.json().booking).toMatchObject({ status: 'in_progress', final_amount: 1_06_200 });
    const account = await t.caller({ token: tokens.admin }).admin.payments.bookingAccount({ id: booking.id });
    expect(account).toMatchObject({ held: 1_06_200, refunded: 11_800, schedule: { outstanding: 0 } });
    const owed = await t.deps.db.select().from(refunds).where(eq(refunds.bookingId, booking.id));
    expect(owed.map((r) => [r.amountPaise, r.policy.reason])).toEqual([[11_800_00, 'paid_over_total']]);
  });

  it('a quote lowered to what the team already recorded confirms it, charges it and owes back what is over', async () => {
    // ₹767 quoted (booking amount ₹767); the team records ₹690 of it, then the quote is lowered to ₹500 + GST.
    const booking = await makeBooking(t.deps, { finalAmountPaise: 767_00, eventDate: addDays(todayInIndia(), 30) });
    const recorded = await t.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${booking.id}/payments`,
      headers: bearer(tokens.admin),
      payload: { amount: 690, method: 'bank_transfer', reference: 'NEFT-767' },
    });
    expect(recorded.statusCode, recorded.body).toBe(201);
    const lowered = await quote(booking.id, {
      items: [{ kind: 'fixed', description: 'Tea and snacks', unit_price: 500, quantity: 1 }],
    });
    expect(lowered.statusCode, lowered.body).toBe(200);
    expect(lowered.json()).toMatchObject({
      message: `New price sent to ${booking.clientEmail}`,
      booking: { status: 'confirmed', final_amount: 590 },
    });
    const account = await t.caller({ token: tokens.admin }).admin.payments.bookingAccount({ id: booking.id });
    expect(account).toMatchObject({ status: 'confirmed', held: 590, refunded: 100, owed_back: 100 });
    expect(account.ledger.filter((row) => row.kind === 'charge').map((row) => row.amount)).toEqual([590]);
    const moves = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, booking.id), eq(auditLog.action, 'booking.status_changed')));
    expect(moves.map((move) => move.data)).toEqual([{ from: 'quoted', to: 'confirmed', via: 'custom_quote' }]);
    const [mail] = await outboxMails(t.deps, { template: 'booking_repriced', bookingId: booking.id });
    expect(mail?.textBody).toContain('your date is now confirmed');
    expect(mail?.textBody).toContain('To be refunded to you: ₹100');

    // On a day that is closed, the same re-quote is refused with the day's reason, and nothing changes.
    const closedDay = addDays(todayInIndia(), 31);
    const closed = await saveCalendarDay(t.app, bearer(tokens.admin), {
      date: closedDay,
      closed_reason: 'Kitchen renovation',
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const other = await makeBooking(t.deps, { finalAmountPaise: 767_00, eventDate: closedDay });
    await t.deps.db.insert(bookingLedger).values({
      bookingId: other.id,
      kind: 'payment',
      amountPaise: 690_00,
      method: 'cash',
      reference: 'C1',
      note: 'Part',
    });
    const refused = await quote(other.id, {
      items: [{ kind: 'fixed', description: 'Tea and snacks', unit_price: 500, quantity: 1 }],
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toContain('Kitchen renovation');
    const [unchanged] = await t.deps.db.select().from(bookings).where(eq(bookings.id, other.id));
    expect(unchanged).toMatchObject({ status: 'quoted', finalAmountPaise: 767_00 });
  });

  it('refuses a discount without a reason, a discount above the lines and an empty quote at the field, writing nothing', async () => {
    const booking = await inquiry();
    const line = { kind: 'fixed', description: 'Buffet', unit_price: 1000, quantity: 1 };
    const noReason = await quote(booking.id, { items: [line], discount: 100 });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().detail).toEqual([
      expect.objectContaining({ loc: ['body', 'discount_reason'], msg: 'Give the reason for the discount' }),
    ]);
    const tooMuch = await quote(booking.id, { items: [line], discount: 1000.01, discount_reason: 'Goodwill' });
    expect(tooMuch.json().detail).toEqual([
      expect.objectContaining({
        loc: ['body', 'discount'],
        msg: 'The discount must be less than the lines add up to (₹1,000)',
      }),
    ]);
    // A discount of the whole sum would make a quote of ₹0: a booking is never quoted without a price.
    const wholeSum = await quote(booking.id, { items: [line], discount: 1000, discount_reason: 'Goodwill' });
    expect(wholeSum.statusCode).toBe(422);
    expect(wholeSum.json().detail).toEqual([
      expect.objectContaining({
        loc: ['body', 'discount'],
        msg: 'The discount must be less than the lines add up to (₹1,000)',
      }),
    ]);
    const empty = await quote(booking.id, { items: [] });
    expect(empty.json().detail).toEqual([
      expect.objectContaining({ loc: ['body', 'items'], msg: 'Add at least one line' }),
    ]);
    const paise = await quote(booking.id, { items: [{ ...line, unit_price: 10.005, quantity: 0 }] });
    expect(paise.json().detail.map((d: { loc: string[] }) => d.loc.join('.'))).toEqual([
      'body.items.0.unit_price',
      'body.items.0.quantity',
    ]);
    expect((await quote('00000000-0000-4000-8000-000000000000', { items: [line] })).statusCode).toBe(404);
    expect((await quote(booking.id, { items: [line] }, tokens.customer)).statusCode).toBe(403);
    const [row] = await t.deps.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({ status: 'inquiry', finalAmountPaise: null, quotation: null });
    // One paisa left to pay is a price.
    expect((await quote(booking.id, { items: [line], discount: 999.99, discount_reason: 'Goodwill' })).statusCode).toBe(
      200,
    );
  });

  it('admin.bookings.quote over tRPC prices the same way; the customer is refused', async () => {
    const booking = await inquiry();
    const caller = t.caller({ token: tokens.admin });
    const result = await caller.admin.bookings.quote({
      id: booking.id,
      items: [{ kind: 'per_person', description: 'Lunch', unit_price: 333.33, quantity: 3 }],
    });
    // 999.99 taxable, GST 179.9982 → 180.00, total 1,179.99.
    expect(result.booking).toMatchObject({
      status: 'quoted',
      final_amount: 1179.99,
      quotation: { subtotal: 999.99, gst_amount: 180 },
    });
    await expect(
      t.caller({ token: tokens.customer }).admin.bookings.quote({ id: booking.id, items: [] }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('a booking without a price', () => {
  it('cannot be moved to quoted or confirmed, so no token can confirm a booking that has no total', async () => {
    const booking = await inquiry({ clientEmail: customer.email });
    for (const status of ['quoted', 'confirmed']) {
      const res = await setStatus(booking.id, status);
      expect(res.statusCode, status).toBe(409);
      expect(res.json().detail).toBe(
        `This booking has no price yet: send the customer a quote (Price this booking) before marking it ${status}`,
      );
    }
    const [row] = await t.deps.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row!.status).toBe('inquiry');
    const token = await t.app.inject({
      method: 'POST',
      url: '/api/payments/token-order',
      headers: bearer(tokens.customer),
      payload: { booking_id: booking.id },
    });
    expect(token.statusCode).toBe(409);
    // Cancelling needs no price.
    expect((await setStatus(booking.id, 'cancelled')).statusCode).toBe(200);
  });
});
