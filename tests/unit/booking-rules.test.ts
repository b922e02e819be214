import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bookingAmountFor,
  bookingMoney,
  DEFAULT_PAYMENT_RULES,
  dueReminders,
  dueSummary,
  eventReminderDue,
  ledgerSums,
  maxPayablePaise,
  nextInstalmentPaise,
  overdueAdvance,
  paymentSchedule,
  paymentTowardsLabel,
  refundBandDate,
  reminderStageOn,
  reminderTiming,
  REMINDER_STATUSES,
  STATUS_RULES,
  statusDateRefusal,
  statusRules,
  type LedgerEntry,
} from '../../src/shared/booking-rules';
import { addDays } from '../../src/shared/dates';
import { daysBetween } from '../../src/shared/refund-policy';
import { BOOKING_STATUSES, type BookingStatus } from '../../src/shared/domain';

describe('what each booking status allows', () => {
  const table: Record<BookingStatus, { dateChange: boolean; payment: boolean; cancellation: boolean }> = {
    inquiry: { dateChange: true, payment: false, cancellation: true },
    quoted: { dateChange: true, payment: true, cancellation: true },
    confirmed: { dateChange: true, payment: true, cancellation: true },
    in_progress: { dateChange: false, payment: true, cancellation: false },
    completed: { dateChange: false, payment: true, cancellation: false },
    cancelled: { dateChange: false, payment: false, cancellation: false },
  };

  it('answers for every status, and the table covers them all', () => {
    expect(Object.keys(table).sort()).toEqual([...BOOKING_STATUSES].sort());
    for (const status of BOOKING_STATUSES) {
      expect(statusRules(status), status).toEqual(table[status]);
      expect(STATUS_RULES[status], status).toEqual(table[status]);
    }
  });

  it('takes no money on a status that does not allow a payment, nor without a price', () => {
    for (const status of BOOKING_STATUSES) {
      const max = maxPayablePaise(status, 10_00_000_00, 0);
      expect(max > 0, status).toBe(table[status].payment);
      expect(maxPayablePaise(status, null, 0), status).toBe(0);
    }
  });
});

describe('the statuses tied to the event day (India time)', () => {
  const today = '2026-12-12';
  const yesterday = '2026-12-11';
  const tomorrow = '2026-12-13';
  const inAMonth = '2027-01-12';
  const allowed = (to: BookingStatus, eventDate: string | null) => statusDateRefusal(to, eventDate, today) === null;

  it('marks in progress only on the event day, completed only on or after it', () => {
    const table: [BookingStatus, string | null, boolean][] = [
      ['in_progress', today, true],
      ['in_progress', tomorrow, false],
      ['in_progress', inAMonth, false],
      ['in_progress', yesterday, false],
      ['in_progress', null, false],
      ['completed', today, true],
      ['completed', yesterday, true],
      ['completed', '2026-01-01', true],
      ['completed', tomorrow, false],
      ['completed', inAMonth, false],
      ['completed', null, false],
    ];
    for (const [to, eventDate, expected] of table)
      expect(allowed(to, eventDate), `${to} on ${eventDate}`).toBe(expected);
  });

  it('leaves every other status free of the calendar', () => {
    for (const to of BOOKING_STATUSES.filter((s) => s !== 'in_progress' && s !== 'completed')) {
      for (const eventDate of [yesterday, today, inAMonth, null]) expect(allowed(to, eventDate), to).toBe(true);
    }
  });

  it('says why, with the event day as the product writes dates', () => {
    expect(statusDateRefusal('in_progress', inAMonth, today)).toEqual({
      detail: 'A booking can be marked in progress only on its event day (January 12th, 2027)',
      hint: 'only on the event day, January 12th, 2027',
    });
    expect(statusDateRefusal('completed', tomorrow, today)).toEqual({
      detail: 'A booking can be marked completed only on or after its event day (December 13th, 2026)',
      hint: 'from the event day, December 13th, 2026',
    });
    expect(statusDateRefusal('in_progress', null, today)?.detail).toBe(
      'This booking has no event date yet: it can be marked in progress only on its event day',
    );
  });
});

describe('the booking amount', () => {
  it('is ₹999, or the whole total when that is less', () => {
    expect(bookingAmountFor(10_00_000_00)).toBe(999_00);
    expect(bookingAmountFor(767_00)).toBe(767_00);
    expect(bookingAmountFor(999_00)).toBe(999_00);
    expect(maxPayablePaise('quoted', 767_00, 0)).toBe(767_00);
  });
});

describe('the payment schedule', () => {
  const today = '2027-01-10';

  it('takes ₹999 now, the advance to 25% a week after confirmation, the balance a week before the event', () => {
    const schedule = paymentSchedule({ totalPaise: 10_00_000_00, eventDate: '2027-06-01', confirmedOn: today, today });
    expect(schedule).toEqual([
      { kind: 'booking_amount', amount_paise: 999_00, cumulative_paise: 999_00, due_date: today },
      { kind: 'advance', amount_paise: 2_50_000_00 - 999_00, cumulative_paise: 2_50_000_00, due_date: '2027-01-17' },
      { kind: 'balance', amount_paise: 7_50_000_00, cumulative_paise: 10_00_000_00, due_date: '2027-05-25' },
    ]);
  });

  it('asks for the advance at once when the event is within 30 days', () => {
    const schedule = paymentSchedule({
      totalPaise: 2_00_000_00,
      eventDate: addDays(today, 30),
      confirmedOn: today,
      today,
    });
    expect(schedule.find((row) => row.kind === 'advance')?.due_date).toBe(today);
    expect(schedule.find((row) => row.kind === 'balance')?.due_date).toBe(addDays(today, 23));
    const later = paymentSchedule({
      totalPaise: 2_00_000_00,
      eventDate: addDays(today, 31),
      confirmedOn: today,
      today,
    });
    expect(later.find((row) => row.kind === 'advance')?.due_date).toBe(addDays(today, 7));
  });

  it('follows a date change: the due dates come from the event date each time they are read', () => {
    const input = { totalPaise: 4_00_000_00, confirmedOn: today, today };
    const before = paymentSchedule({ ...input, eventDate: addDays(today, 90) });
    const moved = paymentSchedule({ ...input, eventDate: addDays(today, 20) });
    expect(before.map((row) => row.due_date)).toEqual([today, addDays(today, 7), addDays(today, 83)]);
    // Moved within 30 days: the advance is due at once and the balance a week before the new date.
    expect(moved.map((row) => row.due_date)).toEqual([today, today, addDays(today, 13)]);
  });

  it('asks for the balance at once when the event is closer than a week', () => {
    const schedule = paymentSchedule({
      totalPaise: 50_000_00,
      eventDate: addDays(today, 3),
      confirmedOn: today,
      today,
    });
    expect(schedule.map((row) => row.due_date)).toEqual([today, today, today]);
  });

  it('leaves out instalments of nothing: a total under ₹999 is one booking amount', () => {
    const schedule = paymentSchedule({ totalPaise: 767_00, eventDate: '2027-06-01', confirmedOn: null, today });
    expect(schedule).toEqual([
      { kind: 'booking_amount', amount_paise: 767_00, cumulative_paise: 767_00, due_date: today },
    ]);
  });

  it('follows the admin settings', () => {
    const rules = {
      ...DEFAULT_PAYMENT_RULES,
      booking_amount_paise: 5_000_00,
      advance_percent: 50,
      advance_due_days_after_confirmation: 3,
    };
    const schedule = paymentSchedule({
      totalPaise: 1_00_000_00,
      eventDate: '2027-06-01',
      confirmedOn: today,
      today,
      rules,
    });
    expect(schedule.map((row) => [row.kind, row.amount_paise, row.due_date])).toEqual([
      ['booking_amount', 5_000_00, today],
      ['advance', 45_000_00, '2027-01-13'],
      ['balance', 50_000_00, '2027-05-25'],
    ]);
  });

  it('always adds up to the total, never falls due out of order, never schedules a negative amount', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5_00_00_000_00 }),
        fc.integer({ min: -10, max: 400 }),
        fc.integer({ min: 0, max: 100 }),
        (total, eventIn, advancePercent) => {
          const rules = { ...DEFAULT_PAYMENT_RULES, advance_percent: advancePercent };
          const schedule = paymentSchedule({
            totalPaise: total,
            eventDate: addDays(today, eventIn),
            confirmedOn: today,
            today,
            rules,
          });
          expect(schedule.reduce((sum, row) => sum + row.amount_paise, 0)).toBe(total);
          for (const [i, row] of schedule.entries()) {
            expect(row.amount_paise).toBeGreaterThan(0);
            if (i > 0) expect(row.due_date >= schedule[i - 1]!.due_date).toBe(true);
          }
        },
      ),
    );
  });
});

describe('what is due', () => {
  const today = '2027-01-10';
  const schedule = paymentSchedule({
    totalPaise: 1_00_000_00,
    eventDate: '2027-06-01',
    confirmedOn: '2027-01-01',
    today,
  });

  it('applies what was paid to the instalments in order and counts the days overdue', () => {
    const summary = dueSummary(schedule, 10_000_00, today);
    expect(summary.paid_paise).toBe(10_000_00);
    expect(summary.outstanding_paise).toBe(90_000_00);
    expect(summary.next?.kind).toBe('advance');
    expect(summary.next?.outstanding_paise).toBe(15_000_00);
    expect(summary.due_now_paise).toBe(15_000_00);
    expect(summary.days_overdue).toBe(2);
    expect(nextInstalmentPaise('confirmed', summary)).toBe(15_000_00);
  });

  it('owes nothing on a cancelled booking', () => {
    const summary = dueSummary(schedule, 999_00, today, true);
    expect(summary.outstanding_paise).toBe(0);
    expect(summary.due_now_paise).toBe(0);
    expect(summary.next).toBeNull();
    expect(nextInstalmentPaise('cancelled', summary)).toBe(0);
  });

  it('never lets a payment exceed what is left', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_00_000_00 }),
        fc.integer({ min: 0, max: 10_00_000_00 }),
        (total, paid) => {
          const max = maxPayablePaise('confirmed', total, Math.min(paid, total));
          expect(Math.min(paid, total) + max).toBe(total);
        },
      ),
    );
  });
});

describe('the refund band after a date change', () => {
  it('counts from the earlier of the first and the current date', () => {
    expect(refundBandDate('2027-08-01', '2027-02-01')).toBe('2027-02-01');
    expect(refundBandDate('2027-01-20', '2027-02-01')).toBe('2027-01-20');
    expect(refundBandDate('2027-02-01', null)).toBe('2027-02-01');
    expect(refundBandDate(null, null)).toBeNull();
  });
});

describe('payment reminders', () => {
  const confirmedOn = '2027-01-01';
  /** A ₹1,00,000 booking confirmed on 1 January, its event in June: advance due 8 January, balance 25 May. */
  const money = (heldPaise: number, today: string, status: BookingStatus = 'confirmed') =>
    bookingMoney({
      status,
      totalPaise: 1_00_000_00,
      creditedPaise: 0,
      eventDate: '2027-06-01',
      confirmedOn,
      heldPaise,
      today,
    });

  it('names the stage by the days to the due date: 3 to 1 before, the day, 1 to 3 days late', () => {
    const expected: Record<number, string | null> = {
      5: null,
      4: null,
      3: 'before',
      2: 'before',
      1: 'before',
      0: 'due',
      [-1]: 'overdue',
      [-2]: 'overdue',
      [-3]: 'overdue',
      [-4]: null,
      [-30]: null,
    };
    for (const [days, stage] of Object.entries(expected)) {
      const today = addDays('2027-01-08', -Number(days));
      const advance = money(999_00, today).instalments.find((row) => row.kind === 'advance')!;
      expect(reminderStageOn(advance, today), `${days} days before`).toBe(stage);
    }
  });

  it('reminds nothing that is paid, nor anything on a booking that did not go ahead', () => {
    const today = '2027-01-05';
    expect(dueReminders('confirmed', money(999_00, today), today)).toEqual([
      { instalment: expect.objectContaining({ kind: 'advance', due_date: '2027-01-08' }), stage: 'before' },
    ]);
    expect(dueReminders('confirmed', money(25_000_00, today), today)).toEqual([]);
    for (const status of BOOKING_STATUSES.filter((s) => !REMINDER_STATUSES.includes(s))) {
      expect(dueReminders(status, money(0, today, status), today), status).toEqual([]);
    }
    // A booking confirmed by hand without its booking amount: that is due on the day of confirmation.
    expect(dueReminders('confirmed', money(0, confirmedOn), confirmedOn)).toEqual([
      { instalment: expect.objectContaining({ kind: 'booking_amount', outstanding_paise: 999_00 }), stage: 'due' },
    ]);
  });

  it('words a due date as ahead, today or past', () => {
    expect(reminderTiming('2027-01-08', '2027-01-05')).toBe('before');
    expect(reminderTiming('2027-01-08', '2027-01-08')).toBe('due');
    expect(reminderTiming('2027-01-08', '2027-01-09')).toBe('overdue');
  });

  it('swept every day, each unpaid instalment gets before, due and overdue once each, in that order', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1_000_00, max: 10_00_000_00 }),
        fc.integer({ min: 0, max: 200 }),
        (total, eventInDays) => {
          const eventDate = addDays(confirmedOn, eventInDays);
          const sent = new Map<string, string[]>();
          for (let day = 0; day <= eventInDays + 10; day += 1) {
            const today = addDays(confirmedOn, day);
            const state = bookingMoney({
              status: 'confirmed',
              totalPaise: total,
              creditedPaise: 0,
              eventDate,
              confirmedOn,
              heldPaise: 0,
              today,
            });
            for (const { instalment, stage } of dueReminders('confirmed', state, today)) {
              // The reminders' table keys a stage by instalment and due date: a stage due again is not sent again.
              const key = `${instalment.kind} ${instalment.due_date}`;
              const stages = sent.get(key) ?? [];
              if (!stages.includes(stage)) sent.set(key, [...stages, stage]);
            }
          }
          const schedule = paymentSchedule({ totalPaise: total, eventDate, confirmedOn });
          for (const row of schedule) {
            const lead = daysBetween(confirmedOn, row.due_date);
            const expected = lead === 0 ? ['due', 'overdue'] : ['before', 'due', 'overdue'];
            expect(sent.get(`${row.kind} ${row.due_date}`), row.kind).toEqual(expected);
          }
        },
      ),
    );
  });
});

describe('a booking’s figures from its ledger', () => {
  const today = '2027-01-10';
  const figures = (ledger: LedgerEntry[], overrides: { status?: BookingStatus; today?: string } = {}) =>
    bookingMoney({
      status: overrides.status ?? 'confirmed',
      totalPaise: 1_00_000_00,
      creditedPaise: 0,
      eventDate: '2027-06-01',
      confirmedOn: '2027-01-01',
      heldPaise: ledgerSums(ledger).held_paise,
      today: overrides.today ?? today,
    });

  it('is dueSummary over the schedule of the total and what the ledger holds', () => {
    const ledger: LedgerEntry[] = [
      { kind: 'charge', amount_paise: 1_00_000_00 },
      { kind: 'payment', amount_paise: 12_000_00 },
      { kind: 'refund', amount_paise: 2_000_00 },
    ];
    const summary = figures(ledger);
    const expected = dueSummary(
      paymentSchedule({ totalPaise: 1_00_000_00, eventDate: '2027-06-01', confirmedOn: '2027-01-01', today }),
      ledgerSums(ledger).held_paise,
      today,
    );
    expect(summary).toMatchObject(expected);
    expect(summary.paid_paise).toBe(10_000_00);
  });

  it('owes nothing once cancelled', () => {
    const cancelled = figures([], { status: 'cancelled' });
    expect(cancelled.outstanding_paise).toBe(0);
    expect(cancelled.due_now_paise).toBe(0);
  });

  it('names the advance only when it is past its day with something unpaid', () => {
    const token: LedgerEntry[] = [{ kind: 'payment', amount_paise: 999_00 }];
    expect(overdueAdvance(figures(token))).toMatchObject({
      kind: 'advance',
      due_date: '2027-01-08',
      days_overdue: 2,
      outstanding_paise: 24_001_00,
    });
    expect(overdueAdvance(figures(token, { today: '2027-01-08' }))).toBeNull();
    const advancePaid: LedgerEntry[] = [{ kind: 'payment', amount_paise: 25_000_00 }];
    expect(overdueAdvance(figures(advancePaid))).toBeNull();
  });
});

describe('eventReminderDue', () => {
  const cases: [string, Parameters<typeof eventReminderDue>[0], string | null, string, boolean][] = [
    ['3 days ahead, too early', 'confirmed', '2031-01-20', '2031-01-17', false],
    ['2 days ahead', 'confirmed', '2031-01-20', '2031-01-18', true],
    ['the day before (a late confirmation)', 'confirmed', '2031-01-20', '2031-01-19', true],
    ['the event day', 'confirmed', '2031-01-20', '2031-01-20', false],
    ['after the event', 'in_progress', '2031-01-20', '2031-01-21', false],
    ['in progress', 'in_progress', '2031-01-20', '2031-01-19', true],
    ['a quote', 'quoted', '2031-01-20', '2031-01-18', false],
    ['an inquiry', 'inquiry', '2031-01-20', '2031-01-18', false],
    ['cancelled', 'cancelled', '2031-01-20', '2031-01-18', false],
    ['completed', 'completed', '2031-01-20', '2031-01-18', false],
    ['no date', 'confirmed', null, '2031-01-18', false],
    ['across a month end', 'confirmed', '2031-02-01', '2031-01-30', true],
  ];
  it.each(cases)('%s', (_, status, eventDate, today, due) => {
    expect(eventReminderDue(status, eventDate, today, 2)).toBe(due);
  });
  it('reads the days ahead it is given', () => {
    expect(eventReminderDue('confirmed', '2031-01-20', '2031-01-15', 5)).toBe(true);
    expect(eventReminderDue('confirmed', '2031-01-20', '2031-01-14', 5)).toBe(false);
    expect(eventReminderDue('confirmed', '2031-01-20', '2031-01-18', 1)).toBe(false);
  });
});

describe('paymentTowardsLabel', () => {
  const row = (kind: 'booking_amount' | 'advance' | 'balance', outstanding: number) => ({
    kind,
    amount_paise: 100,
    cumulative_paise: 100,
    due_date: '2027-01-01',
    paid_paise: 100 - outstanding,
    outstanding_paise: outstanding,
    days_overdue: 0,
  });
  const rows = [row('booking_amount', 0), row('advance', 50), row('balance', 100)];

  it('names each instalment with something outstanding that the amount reaches, in order', () => {
    expect(paymentTowardsLabel(rows, 50)).toBe('Advance');
    expect(paymentTowardsLabel(rows, 51)).toBe('Advance and balance');
    expect(paymentTowardsLabel([row('booking_amount', 10), ...rows.slice(1)], 200)).toBe(
      'Booking amount, advance and balance',
    );
    expect(paymentTowardsLabel([row('advance', 0)], 10)).toBe('Payment');
  });
});
