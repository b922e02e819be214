import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bookingLedger, bookings, refunds } from '../../src/server/db/schema';
import { bookingSums } from '../../src/server/modules/payments/ledger';
import {
  DEFAULT_PAYMENT_RULES,
  dueSummary,
  ledgerSums,
  paymentSchedule,
  type LedgerEntry,
} from '../../src/shared/booking-rules';
import { CSV_BOM } from '../../src/shared/csv';
import { addDays, todayInIndia } from '../../src/shared/dates';
import type { BookingStatus, PaymentMethod } from '../../src/shared/domain';
import { rupeesToPaise } from '../../src/shared/pricing';
import type { ReceivableDto, ReceivablesPageDto } from '../../src/shared/schemas/money';
import { makeActor, makeBooking } from './helpers/projects';
import { setUpSuite } from './helpers/suite';
import { outboxMails } from './helpers/fixtures';

const { t, admin, alice, inject } = setUpSuite();

const today = () => todayInIndia();

/** Noon in India on a date: a ledger or audit row written that day. */
const noonInIndia = (isoDate: string) => new Date(`${isoDate}T12:00:00+05:30`);

type Payment = { paise: number; method?: PaymentMethod | null; at?: Date; reference?: string };

/**
 * A booking as the money flows leave it: confirmed `confirmedDaysAgo` days ago (`confirmed_at` and the audit row), its
 * total charged, and the payments given; a unique tag in its event name keeps each test's bookings apart.
 */
async function owingBooking(options: {
  tag: string;
  totalPaise?: number;
  eventInDays?: number | null;
  confirmedDaysAgo?: number | null;
  status?: BookingStatus;
  payments?: Payment[];
  eventName?: string;
  clientName?: string;
}) {
  const totalPaise = options.totalPaise ?? 1_00_000_00;
  const status = options.status ?? 'confirmed';
  const booking = await makeBooking(t.deps, {
    clientEmail: alice.email,
    userId: alice.id,
    clientName: options.clientName ?? `Client ${options.tag}`,
    eventName: options.eventName ?? `Event ${options.tag} ${randomBytes(2).toString('hex')}`,
    eventDate: options.eventInDays === null ? null : addDays(today(), options.eventInDays ?? 60),
    finalAmountPaise: totalPaise,
    status,
  });
  const confirmedDaysAgo = options.confirmedDaysAgo === undefined ? 2 : options.confirmedDaysAgo;
  if (confirmedDaysAgo !== null) {
    const on = noonInIndia(addDays(today(), -confirmedDaysAgo));
    await t.deps.db.update(bookings).set({ confirmedAt: on }).where(eq(bookings.id, booking.id));
    await t.deps.db.insert(auditLog).values({
      action: 'booking.status_changed',
      entityType: 'booking',
      entityId: booking.id,
      data: { from: 'quoted', to: 'confirmed' },
      createdAt: on,
    });
    await t.deps.db
      .insert(bookingLedger)
      .values({ bookingId: booking.id, kind: 'charge', amountPaise: totalPaise, note: 'Booking total', createdAt: on });
  }
  for (const payment of options.payments ?? []) {
    await t.deps.db.insert(bookingLedger).values({
      bookingId: booking.id,
      kind: 'payment',
      amountPaise: payment.paise,
      method: payment.method === undefined ? 'upi' : payment.method,
      reference: payment.reference ?? null,
      note: 'Test payment',
      createdAt: payment.at ?? new Date(),
    });
  }
  return booking;
}

const caller = () => t.caller({ token: admin.token });
const receivables = (input: Parameters<ReturnType<typeof caller>['admin']['receivables']['list']>[0] = {}) =>
  caller().admin.receivables.list(input);
const rowOf = (page: ReceivablesPageDto, id: string) => page.items.find((item) => item.booking_id === id);

describe('Receivables figures', () => {
  it('shows each booking as the shared schedule says: token paid, advance overdue, fully paid; a cancelled one owes nothing', async () => {
    const tag = `fig${randomBytes(3).toString('hex')}`;
    const tokenPaid = await owingBooking({ tag, confirmedDaysAgo: 2, payments: [{ paise: 999_00 }] });
    const overdue = await owingBooking({ tag, confirmedDaysAgo: 12, payments: [{ paise: 999_00 }] });
    const fullyPaid = await owingBooking({
      tag,
      confirmedDaysAgo: 20,
      payments: [{ paise: 999_00 }, { paise: 99_001_00, method: 'bank_transfer' }],
    });
    const cancelled = await owingBooking({ tag, confirmedDaysAgo: 12, payments: [{ paise: 999_00 }] });
    expect(
      (await inject('PUT', `/api/bookings/${cancelled.id}/status`, admin.auth, { status: 'cancelled' })).statusCode,
    ).toBe(200);

    const page = await receivables({ q: tag });
    expect(page.as_of).toBe(today());
    expect(page.items.map((item) => item.booking_id)).toEqual([overdue.id, tokenPaid.id, fullyPaid.id]);

    expect(rowOf(page, tokenPaid.id)).toMatchObject({
      status: 'confirmed',
      confirmed_on: addDays(today(), -2),
      total: 100000,
      paid: 999,
      due_now: 0,
      outstanding: 99001,
      next_due: { instalment: 'advance', label: 'Advance', due_date: addDays(today(), 5), amount: 24001 },
      days_overdue: 0,
      release: null,
    } satisfies Partial<ReceivableDto>);
    expect(rowOf(page, overdue.id)).toMatchObject({
      paid: 999,
      due_now: 24001,
      outstanding: 99001,
      next_due: { instalment: 'advance', label: 'Advance', due_date: addDays(today(), -5), amount: 24001 },
      days_overdue: 5,
      release: {
        advance_due_date: addDays(today(), -5),
        refund: { cancelled_by: 'customer', amount_paid: 999, deposit_held: 999, refund_amount: 0 },
      },
    });
    expect(rowOf(page, fullyPaid.id)).toMatchObject({
      paid: 100000,
      due_now: 0,
      outstanding: 0,
      next_due: null,
      days_overdue: 0,
      release: null,
    });
    expect(rowOf(page, cancelled.id)).toBeUndefined();
    expect(page.total).toBe(3);
    expect(page.totals).toEqual({
      bookings: 3,
      overdue_bookings: 1,
      total: 300000,
      paid: 999 + 999 + 100000,
      due_now: 24001,
      outstanding: 99001 * 2,
    });
  });

  it('counts from the day the paid booking amount confirmed the booking, as the token flow records it', async () => {
    const booking = await makeBooking(t.deps, {
      clientEmail: alice.email,
      userId: alice.id,
      finalAmountPaise: 2_00_000_00,
      eventDate: addDays(today(), 20),
      eventName: `Flow ${randomBytes(3).toString('hex')}`,
    });
    const order = await inject('POST', '/api/payments/token-order', alice.auth, { booking_id: booking.id });
    const utr = `5${String(Date.now()).slice(-11)}`;
    expect(
      (await inject('PUT', `/api/admin/payments/${order.json().order_id}/utr`, admin.auth, { utr })).statusCode,
    ).toBe(200);

    const page = await receivables({ q: booking.eventName });
    // The event is 20 days away at confirmation: the advance is due at once.
    expect(page.items[0]).toMatchObject({
      booking_id: booking.id,
      confirmed_on: today(),
      total: 200000,
      paid: 999,
      due_now: 49001,
      next_due: { instalment: 'advance', due_date: today(), amount: 49001 },
      days_overdue: 0,
      release: null,
    });
  });

  it('lists a quoted booking only once it holds money, and reads payment rows whatever wrote them', async () => {
    const tag = `quo${randomBytes(3).toString('hex')}`;
    const bare = await owingBooking({ tag, status: 'quoted', confirmedDaysAgo: null });
    const withMoney = await owingBooking({
      tag,
      status: 'quoted',
      confirmedDaysAgo: null,
      payments: [{ paise: 500_00, method: null }],
    });
    const page = await receivables({ q: tag });
    expect(page.items.map((item) => item.booking_id)).toEqual([withMoney.id]);
    expect(page.items[0]).toMatchObject({ status: 'quoted', confirmed_on: null, paid: 500, total: 100000 });
    expect(rowOf(page, bare.id)).toBeUndefined();
  });
});

describe('Receivables filters and paging', () => {
  let tag: string;
  let ids: { soon: string; overdue: string; later: string; done: string; inProgress: string };

  beforeAll(async () => {
    tag = `flt${randomBytes(3).toString('hex')}`;
    const soon = await owingBooking({ tag, confirmedDaysAgo: 3, payments: [{ paise: 999_00 }] }); // advance in 4 days
    const overdue = await owingBooking({ tag, confirmedDaysAgo: 30, payments: [{ paise: 999_00 }] }); // 23 days late
    const later = await owingBooking({ tag, eventInDays: 200, confirmedDaysAgo: 0, payments: [{ paise: 25_000_00 }] });
    const done = await owingBooking({ tag, confirmedDaysAgo: 9, payments: [{ paise: 1_00_000_00 }] });
    const inProgress = await owingBooking({
      tag,
      status: 'in_progress',
      eventInDays: 0,
      confirmedDaysAgo: 40,
      clientName: `Rukmini ${tag}`,
      payments: [{ paise: 50_000_00 }],
    });
    ids = { soon: soon.id, overdue: overdue.id, later: later.id, done: done.id, inProgress: inProgress.id };
  });

  const idsOf = (page: ReceivablesPageDto) => page.items.map((item) => item.booking_id);

  it('sorts by days overdue, then the next due date', async () => {
    const page = await receivables({ q: tag });
    expect(idsOf(page)).toEqual([ids.overdue, ids.inProgress, ids.soon, ids.later, ids.done]);
    expect(page.items.map((item) => item.days_overdue)).toEqual([23, 7, 0, 0, 0]);
  });

  it('filters overdue only, due within N days, by status and by client', async () => {
    expect(idsOf(await receivables({ q: tag, overdue: true }))).toEqual([ids.overdue, ids.inProgress]);
    expect(idsOf(await receivables({ q: tag, due_within_days: 7 }))).toEqual([ids.overdue, ids.inProgress, ids.soon]);
    expect(idsOf(await receivables({ q: tag, status: 'in_progress' }))).toEqual([ids.inProgress]);
    expect(idsOf(await receivables({ q: `rukmini ${tag}` }))).toEqual([ids.inProgress]);
    const rest = await inject('GET', `/api/admin/receivables?q=${tag}&overdue=1&status=confirmed`, admin.auth);
    expect(rest.statusCode).toBe(200);
    expect(idsOf(rest.json())).toEqual([ids.overdue]);
  });

  it('finds a booking by its client phone written as people write it', async () => {
    // A number no other booking holds: 9 and nine random digits, stored as +91 like every booking's phone.
    const national = `9${String(randomBytes(4).readUInt32BE() % 1_000_000_000).padStart(9, '0')}`;
    await t.deps.db
      .update(bookings)
      .set({ clientPhone: `+91${national}` })
      .where(eq(bookings.id, ids.later));
    const spaced = `${national.slice(0, 5)} ${national.slice(5)}`;
    for (const q of [
      national,
      spaced,
      `0${national}`,
      `+91 ${spaced}`,
      `${national.slice(0, 5)}-${national.slice(5)}`,
    ]) {
      expect(idsOf(await receivables({ q })), q).toEqual([ids.later]);
    }
    const rest = await inject('GET', `/api/admin/receivables?q=${encodeURIComponent(`+91 ${spaced}`)}`, admin.auth);
    expect(idsOf(rest.json())).toEqual([ids.later]);
  });

  it('pages the list but totals every matching booking', async () => {
    const all = await receivables({ q: tag });
    const second = await receivables({ q: tag, limit: 2, offset: 2 });
    expect(idsOf(second)).toEqual([ids.soon, ids.later]);
    expect(second.total).toBe(5);
    expect(second.totals).toEqual(all.totals);
    const overdue = await receivables({ q: tag, overdue: true, limit: 1 });
    expect(overdue.totals.bookings).toBe(2);
    expect(overdue.totals.due_now).toBe(all.items[0]!.due_now + all.items[1]!.due_now);
  });

  it('refuses filters it cannot read, naming the field', async () => {
    const res = await inject(
      'GET',
      '/api/admin/receivables?status=cancelled&due_within_days=-1&overdue=maybe',
      admin.auth,
    );
    expect(res.statusCode).toBe(422);
    const fields = res.json().detail.map((issue: { loc: string[] }) => issue.loc.at(-1));
    expect(fields).toEqual(expect.arrayContaining(['status', 'due_within_days', 'overdue']));
  });
});

describe('Receivables totals (property)', () => {
  const paymentArb = fc.record({
    paise: fc.integer({ min: 1_00, max: 2_00_000_00 }),
    method: fc.constantFrom<PaymentMethod | null>('upi', 'gateway', 'bank_transfer', 'cash', 'cheque', null),
  });
  const bookingArb = fc.record({
    totalPaise: fc.integer({ min: 500_00, max: 5_00_000_00 }),
    eventInDays: fc.option(fc.integer({ min: -10, max: 240 }), { nil: null }),
    confirmedDaysAgo: fc.integer({ min: 0, max: 60 }),
    status: fc.constantFrom<BookingStatus>('confirmed', 'in_progress', 'completed'),
    payments: fc.array(paymentArb, { maxLength: 3 }),
  });

  it('the totals are the sums of each booking’s dueSummary(paymentSchedule, held), over every page', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(bookingArb, { minLength: 1, maxLength: 4 }), async (specs) => {
        const tag = `prop${randomBytes(4).toString('hex')}`;
        const expected = { total: 0, paid: 0, due_now: 0, outstanding: 0, overdue: 0 };
        for (const spec of specs) {
          await owingBooking({ tag, ...spec, payments: spec.payments });
          const ledger: LedgerEntry[] = [
            { kind: 'charge', amount_paise: spec.totalPaise },
            ...spec.payments.map((p) => ({ kind: 'payment' as const, amount_paise: p.paise })),
          ];
          const summary = dueSummary(
            paymentSchedule({
              totalPaise: spec.totalPaise,
              eventDate: spec.eventInDays === null ? null : addDays(today(), spec.eventInDays),
              confirmedOn: addDays(today(), -spec.confirmedDaysAgo),
              rules: DEFAULT_PAYMENT_RULES,
              today: today(),
            }),
            ledgerSums(ledger).held_paise,
            today(),
          );
          expected.total += summary.total_paise;
          expected.paid += summary.paid_paise;
          expected.due_now += summary.due_now_paise;
          expected.outstanding += summary.outstanding_paise;
          if (summary.days_overdue > 0) expected.overdue += 1;
        }

        const pages: ReceivablesPageDto[] = [];
        for (let offset = 0; offset < specs.length; offset += 2)
          pages.push(await receivables({ q: tag, limit: 2, offset }));
        const items = pages.flatMap((page) => page.items);
        const sum = (pick: (item: ReceivableDto) => number) =>
          items.reduce((total, item) => total + rupeesToPaise(pick(item)), 0);
        for (const page of pages) {
          expect(page.total).toBe(specs.length);
          expect(page.totals).toEqual({
            bookings: specs.length,
            overdue_bookings: expected.overdue,
            total: expected.total / 100,
            paid: expected.paid / 100,
            due_now: expected.due_now / 100,
            outstanding: expected.outstanding / 100,
          });
        }
        expect(items).toHaveLength(specs.length);
        expect(sum((item) => item.due_now)).toBe(expected.due_now);
        expect(sum((item) => item.outstanding)).toBe(expected.outstanding);
        expect(sum((item) => item.paid)).toBe(expected.paid);
      }),
      { numRuns: 15 },
    );
  });
});

describe('Release the date', () => {
  it('is refused (409) while the advance is not overdue, and for an unknown booking (404)', async () => {
    const tag = `rel${randomBytes(3).toString('hex')}`;
    const notYet = await owingBooking({ tag, confirmedDaysAgo: 2, payments: [{ paise: 999_00 }] });
    const res = await inject('POST', `/api/admin/receivables/${notYet.id}/release-date`, admin.auth);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toMatch(/^The advance of this booking is due on .+ and is not overdue/);
    const paid = await owingBooking({ tag, confirmedDaysAgo: 30, payments: [{ paise: 30_000_00 }] });
    await expect(caller().admin.receivables.releaseDate({ id: paid.id })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'The advance of this booking is paid; its date cannot be released',
    });
    const missing = await inject('POST', `/api/admin/receivables/${crypto.randomUUID()}/release-date`, admin.auth);
    expect(missing.statusCode).toBe(404);
    const [row] = await t.deps.db.select().from(bookings).where(eq(bookings.id, notYet.id));
    expect(row!.status).toBe('confirmed');
  });

  it('cancels an overdue booking as the customer’s cancellation, with the refund from the ledger, audited and e-mailed', async () => {
    const tag = `rel${randomBytes(3).toString('hex')}`;
    const booking = await owingBooking({ tag, confirmedDaysAgo: 12, payments: [{ paise: 999_00 }] });
    const res = await inject('POST', `/api/admin/receivables/${booking.id}/release-date`, admin.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: `Date released: ${booking.eventName} is cancelled`,
      booking_id: booking.id,
      refund: { cancelled_by: 'customer', amount_paid: 999, deposit_held: 999, refund_amount: 0 },
    });

    const [row] = await t.deps.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({ status: 'cancelled', cancelledBy: 'customer' });
    expect(await bookingSums(t.deps.db, booking.id)).toMatchObject({ held_paise: 999_00, due_paise: 0 });
    const audit = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, booking.id), eq(auditLog.actorUserId, admin.id)));
    expect(audit.map((a) => [a.action, a.data])).toEqual(
      expect.arrayContaining([
        [
          'booking.status_changed',
          expect.objectContaining({ to: 'cancelled', cancelled_by: 'customer', reason: 'advance_overdue' }),
        ],
        [
          'booking.date_released',
          {
            advance_due_date: addDays(today(), -5),
            days_overdue: 5,
            advance_outstanding_paise: 24_001_00,
            held_paise: 999_00,
            refund_paise: 0,
          },
        ],
      ]),
    );
    const mails = await outboxMails(t.deps, { template: 'booking_cancelled', to: alice.email });
    const mail = mails.find((m) => m.textBody.includes(`The advance for ${booking.eventName} was due on`));
    expect(mail?.textBody).toContain('released the date');

    expect(rowOf(await receivables({ q: tag }), booking.id)).toBeUndefined();
    const again = await inject('POST', `/api/admin/receivables/${booking.id}/release-date`, admin.auth);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('This booking is cancelled; its date can no longer be released');
    const timeline = (await inject('GET', `/api/me/bookings/${booking.id}`, alice.auth)).json().timeline;
    expect(timeline.map((e: { label: string }) => e.label)).toEqual(
      expect.arrayContaining(['Cancelled', 'Date released: advance not paid']),
    );
  });

  it('refunds by the customer terms on what the ledger holds beyond the deposit', async () => {
    const rules = caller().admin.settings;
    const defaults = (await rules.paymentRules()).defaults;
    await rules.updatePaymentRules({ ...defaults, advance_percent: 50 });
    try {
      const tag = `rel${randomBytes(3).toString('hex')}`;
      // Event 60 days away (75% band); ₹30,000 held of ₹1,00,000, the 50% advance overdue.
      const booking = await owingBooking({ tag, confirmedDaysAgo: 12, payments: [{ paise: 30_000_00 }] });
      const listed = rowOf(await receivables({ q: tag }), booking.id)!;
      expect(listed.release?.refund).toMatchObject({ amount_paid: 30000, deposit_held: 25000, refund_amount: 3750 });
      const done = await caller().admin.receivables.releaseDate({ id: booking.id });
      expect(done.refund).toEqual(listed.release!.refund);
      const owed = await t.deps.db.select().from(refunds).where(eq(refunds.bookingId, booking.id));
      expect(owed.map((r) => [r.amountPaise, r.cancelledBy, r.status])).toEqual([[3_750_00, 'customer', 'due']]);
      expect(await bookingSums(t.deps.db, booking.id)).toMatchObject({
        held_paise: 26_250_00,
        refunded_paise: 3_750_00,
        due_paise: 0,
      });
    } finally {
      await rules.updatePaymentRules(defaults);
    }
  });
});

/**
 * A ₹1,00,000 booking confirmed 20 days ago, its event 90 days ahead, whose ₹25,000 (the booking amount and the
 * advance) was paid 15 days ago, before the advance fell due 13 days ago.
 */
const advancePaidOnTime = (prefix: string) =>
  owingBooking({
    tag: `${prefix}${randomBytes(3).toString('hex')}`,
    confirmedDaysAgo: 20,
    eventInDays: 90,
    payments: [{ paise: 25_000_00, at: noonInIndia(addDays(today(), -15)) }],
  });

describe('Money added after a due date', () => {
  it('is due from the day the price rose: the advance paid on time is not overdue, and the date stays', async () => {
    const booking = await advancePaidOnTime('add');
    const res = await inject('PUT', `/api/bookings/${booking.id}/quote`, admin.auth, {
      items: [{ kind: 'per_person', description: 'Dinner buffet', unit_price: 1000, quantity: 150 }],
    });
    expect(res.statusCode).toBe(200);
    const totalPaise = rupeesToPaise(res.json().booking.final_amount);
    expect(totalPaise).toBeGreaterThan(1_00_000_00);
    const addedPaise = Math.round(totalPaise * 0.25) - 25_000_00;

    const row = rowOf(await receivables({ q: booking.clientName }), booking.id)!;
    expect(row).toMatchObject({
      days_overdue: 0,
      due_now: addedPaise / 100,
      next_due: { instalment: 'advance', label: 'Advance (increase)', due_date: today(), amount: addedPaise / 100 },
      release: null,
    });
    const release = await inject('POST', `/api/admin/receivables/${booking.id}/release-date`, admin.auth);
    expect(release.statusCode).toBe(409);
    expect(release.json().detail).toBe('The advance of this booking is paid; its date cannot be released');

    const mine = (await inject('GET', `/api/me/bookings/${booking.id}`, alice.auth)).json();
    expect(mine.schedule.instalments.map((r: { label: string; due_date: string }) => [r.label, r.due_date])).toEqual([
      ['Booking amount', addDays(today(), -20)],
      ['Advance', addDays(today(), -13)],
      ['Advance (increase)', today()],
      ['Balance', addDays(today(), 83)],
    ]);
    expect(mine.schedule.pay_now).toMatchObject({ label: 'Advance (increase)', amount: addedPaise / 100 });
    const account = (await inject('GET', `/api/admin/bookings/${booking.id}/account`, admin.auth)).json();
    expect(account.schedule).toEqual(mine.schedule);
  });
});

describe('Due dates after the customer moves the event earlier', () => {
  it('make the balance due on the day of the move, not overdue since a day before it', async () => {
    const booking = await advancePaidOnTime('mov');
    const moved = await inject('POST', `/api/me/bookings/${booking.id}/change-date`, alice.auth, {
      new_date: addDays(today(), 3),
    });
    expect(moved.statusCode).toBe(200);
    const mine = (await inject('GET', `/api/me/bookings/${booking.id}`, alice.auth)).json();
    expect(mine.schedule.instalments.map((r: { kind: string; due_date: string }) => [r.kind, r.due_date])).toEqual([
      ['booking_amount', addDays(today(), -20)],
      ['advance', addDays(today(), -13)],
      ['balance', today()],
    ]);
    expect(mine.schedule.instalments.map((r: { days_overdue: number }) => r.days_overdue)).toEqual([0, 0, 0]);
    expect(rowOf(await receivables({ q: booking.clientName }), booking.id)).toMatchObject({
      days_overdue: 0,
      next_due: { instalment: 'balance', due_date: today(), amount: 75_000 },
    });
  });
});

describe('Collections', () => {
  const FROM = '2025-02-01';
  const TO = '2025-02-28';
  let booking: Awaited<ReturnType<typeof owingBooking>>;

  beforeAll(async () => {
    const tag = `col${randomBytes(3).toString('hex')}`;
    booking = await owingBooking({
      tag,
      eventName: '=HYPERLINK("http://evil.example","Click")',
      payments: [
        { paise: 999_00, method: 'upi', at: new Date('2025-02-03T06:00:00Z'), reference: '412345678901' },
        { paise: 20_000_00, method: 'bank_transfer', at: new Date('2025-02-03T10:00:00Z'), reference: 'NEFT-88' },
        // 23:30 UTC on the 9th is 05:00 on the 10th in India.
        { paise: 5_000_00, method: 'cash', at: new Date('2025-02-09T23:30:00Z') },
        { paise: 1_000_00, method: null, at: new Date('2025-02-10T08:00:00Z') },
        // Outside the range.
        { paise: 7_000_00, method: 'cheque', at: new Date('2025-03-01T08:00:00Z') },
      ],
    });
    const [paidOut] = await t.deps.db
      .insert(refunds)
      .values({
        bookingId: booking.id,
        amountPaise: 2_500_00,
        cancelledBy: 'customer',
        policy: {},
        status: 'paid',
        paidAt: new Date('2025-02-10T09:00:00Z'),
        reference: 'NEFT-REF-1',
      })
      .returning();
    const [stillDue] = await t.deps.db
      .insert(refunds)
      .values({ bookingId: booking.id, amountPaise: 1_200_00, cancelledBy: 'customer', policy: {} })
      .returning();
    for (const refund of [paidOut!, stillDue!]) {
      await t.deps.db.insert(bookingLedger).values({
        bookingId: booking.id,
        kind: 'refund',
        amountPaise: refund.amountPaise,
        refundId: refund.id,
        note: 'Refund on cancellation',
        createdAt: new Date('2025-02-05T09:00:00Z'),
      });
    }
  });

  const zero = { upi: 0, gateway: 0, bank_transfer: 0, cash: 0, cheque: 0 };

  it('sums money received by India date and method, and refunds paid out on the day they were paid', async () => {
    const result = await caller().admin.collections.list({ from: FROM, to: TO });
    expect(result.from).toBe(FROM);
    expect(result.to).toBe(TO);
    expect(result.days).toEqual([
      {
        date: '2025-02-03',
        by_method: { ...zero, upi: 999, bank_transfer: 20000 },
        method_not_recorded: 0,
        received: 20999,
        refunds_paid: 0,
        net: 20999,
      },
      {
        date: '2025-02-10',
        by_method: { ...zero, cash: 5000 },
        method_not_recorded: 1000,
        received: 6000,
        refunds_paid: 2500,
        net: 3500,
      },
    ]);
    expect(result.totals).toEqual({
      by_method: { ...zero, upi: 999, bank_transfer: 20000, cash: 5000 },
      method_not_recorded: 1000,
      received: 26999,
      refunds_paid: 2500,
      net: 24499,
    });
    expect(result.total_entries).toBe(5);
    expect(result.entries.map((e) => [e.date, e.kind, e.method, e.amount, e.reference])).toEqual([
      ['2025-02-03', 'payment', 'upi', 999, '412345678901'],
      ['2025-02-03', 'payment', 'bank_transfer', 20000, 'NEFT-88'],
      ['2025-02-10', 'payment', 'cash', 5000, null],
      ['2025-02-10', 'payment', null, 1000, null],
      ['2025-02-10', 'refund', null, 2500, 'NEFT-REF-1'],
    ]);
    const paged = await caller().admin.collections.list({ from: FROM, to: TO, limit: 2, offset: 2 });
    expect(paged.entries.map((e) => e.amount)).toEqual([5000, 1000]);
    expect(paged.totals).toEqual(result.totals);
  });

  it('covers this month so far by default, and refuses a range it cannot read', async () => {
    const res = await inject('GET', '/api/admin/collections', admin.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ from: `${today().slice(0, 8)}01`, to: today() });
    const backwards = await inject('GET', '/api/admin/collections?from=2025-03-01&to=2025-02-01', admin.auth);
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().detail[0]).toMatchObject({ loc: ['query', 'to'], msg: 'To must be on or after From' });
    const tooLong = await inject('GET', '/api/admin/collections?from=2024-01-01&to=2025-02-01', admin.auth);
    expect(tooLong.statusCode).toBe(422);
    const notADate = await inject('GET', '/api/admin/collections?from=2025-02-30', admin.auth);
    expect(notADate.statusCode).toBe(422);
    expect(notADate.json().detail[0].loc).toEqual(['query', 'from']);
  });
});

describe('CSV files', () => {
  const parse = (body: string) => {
    expect(body.startsWith(CSV_BOM)).toBe(true);
    expect(body).toContain('\r\n');
    return Papa.parse<string[]>(body.slice(CSV_BOM.length).trim(), { newline: '\r\n' }).data;
  };

  it('Receivables: every matching booking with the list’s figures, formula triggers neutralised', async () => {
    const tag = `csv${randomBytes(3).toString('hex')}`;
    const hostile = await owingBooking({
      tag,
      confirmedDaysAgo: 12,
      eventName: `=cmd|'/c calc'!A1 ${tag}`,
      clientName: '+91 evil',
      payments: [{ paise: 999_00 }],
    });
    await owingBooking({ tag, confirmedDaysAgo: 1, payments: [{ paise: 999_00 }] });
    const res = await inject('GET', `/api/admin/receivables.csv?q=${tag}`, admin.auth);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="receivables-${today()}.csv"`);
    const [header, ...rows] = parse(res.body);
    expect(header).toEqual([
      'reference',
      'event_name',
      'client_name',
      'client_email',
      'client_phone',
      'event_date',
      'status',
      'confirmed_on',
      'total',
      'paid',
      'due_now',
      'next_due_date',
      'next_instalment',
      'next_amount',
      'days_overdue',
      'outstanding',
    ]);
    expect(rows).toHaveLength(2);
    const listed = (await receivables({ q: tag })).items[0]!;
    expect(rows[0]).toEqual([
      hostile.id.slice(0, 8).toUpperCase(),
      `'=cmd|'/c calc'!A1 ${tag}`,
      "'+91 evil",
      alice.email,
      '(+91) 98123 45678',
      listed.event_date,
      'confirmed',
      addDays(today(), -12),
      '100000',
      '999',
      '24001',
      addDays(today(), -5),
      'Advance',
      '24001',
      '5',
      '99001',
    ]);

    const none = await inject('GET', `/api/admin/receivables.csv?q=nothing-${tag}`, admin.auth);
    expect(parse(none.body)).toEqual([header]);
  });

  it('Collections: the ledger rows of the range', async () => {
    const res = await inject('GET', '/api/admin/collections.csv?from=2025-02-01&to=2025-02-28', admin.auth);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="collections-2025-02-01-to-2025-02-28.csv"');
    const [header, ...rows] = parse(res.body);
    expect(header).toEqual([
      'date',
      'recorded_at',
      'kind',
      'method',
      'amount',
      'reference',
      'booking_reference',
      'event_name',
      'client_name',
      'note',
    ]);
    expect(rows.map((row) => [row[0], row[2], row[3], row[4], row[7]])).toEqual([
      ['2025-02-03', 'Received', 'UPI', '999', `'=HYPERLINK("http://evil.example","Click")`],
      ['2025-02-03', 'Received', 'Bank transfer', '20000', `'=HYPERLINK("http://evil.example","Click")`],
      ['2025-02-10', 'Received', 'Cash', '5000', `'=HYPERLINK("http://evil.example","Click")`],
      ['2025-02-10', 'Received', '', '1000', `'=HYPERLINK("http://evil.example","Click")`],
      ['2025-02-10', 'Refund paid', '', '2500', `'=HYPERLINK("http://evil.example","Click")`],
    ]);
  });
});

describe('Admin only', () => {
  const ROUTES = [
    ['GET', '/api/admin/receivables'],
    ['GET', '/api/admin/receivables.csv'],
    ['GET', '/api/admin/collections'],
    ['GET', '/api/admin/collections.csv'],
    ['POST', `/api/admin/receivables/${crypto.randomUUID()}/release-date`],
  ] as const;

  it('answers 401 without a token and 403 to customers and suppliers, on REST and tRPC', async () => {
    const supplier = await makeActor(t.deps, 'supplier');
    for (const [method, url] of ROUTES) {
      expect((await inject(method, url)).statusCode, `${method} ${url}`).toBe(401);
      expect((await inject(method, url, alice.auth)).statusCode, `${method} ${url}`).toBe(403);
      expect((await inject(method, url, supplier.auth)).statusCode, `${method} ${url}`).toBe(403);
    }
    const anonymous = t.caller();
    const customer = t.caller({ token: alice.token });
    await expect(anonymous.admin.receivables.list()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(customer.admin.receivables.list()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(customer.admin.collections.list()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(customer.admin.receivables.releaseDate({ id: crypto.randomUUID() })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
  });
});
