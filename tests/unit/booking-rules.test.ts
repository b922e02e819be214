import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bookingAmountFor,
  bookingDueSummary,
  DEFAULT_PAYMENT_RULES,
  dueSummary,
  ledgerSums,
  maxPayablePaise,
  nextInstalmentPaise,
  overdueAdvance,
  paymentSchedule,
  refundBandDate,
  scheduleTotalPaise,
  STATUS_RULES,
  statusRules,
  type LedgerEntry,
} from '../../src/shared/booking-rules';
import { addDays } from '../../src/shared/dates';
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

describe('a booking’s figures from its ledger', () => {
  const today = '2027-01-10';
  const booking = {
    status: 'confirmed' as BookingStatus,
    finalAmountPaise: 1_00_000_00,
    eventDate: '2027-06-01',
    confirmedOn: '2027-01-01',
    today,
  };

  it('is dueSummary over the schedule of what the ledger charges and what it holds', () => {
    const ledger: LedgerEntry[] = [
      { kind: 'charge', amount_paise: 1_00_000_00 },
      { kind: 'adjustment', amount_paise: 5_000_00 },
      { kind: 'payment', amount_paise: 12_000_00 },
      { kind: 'refund', amount_paise: 2_000_00 },
    ];
    const summary = bookingDueSummary({ ...booking, ledger });
    const expected = dueSummary(
      paymentSchedule({ totalPaise: 1_05_000_00, eventDate: '2027-06-01', confirmedOn: '2027-01-01', today }),
      ledgerSums(ledger).held_paise,
      today,
    );
    expect(summary).toEqual(expected);
    expect(summary.total_paise).toBe(1_05_000_00);
    expect(summary.paid_paise).toBe(10_000_00);
  });

  it('falls back to the quoted total while nothing is charged, and owes nothing once cancelled', () => {
    expect(scheduleTotalPaise(767_00, ledgerSums([]))).toBe(767_00);
    expect(scheduleTotalPaise(null, ledgerSums([]))).toBe(0);
    const cancelled = bookingDueSummary({ ...booking, status: 'cancelled', ledger: [] });
    expect(cancelled.outstanding_paise).toBe(0);
    expect(cancelled.due_now_paise).toBe(0);
  });

  it('names the advance only when it is past its day with something unpaid', () => {
    const token: LedgerEntry[] = [{ kind: 'payment', amount_paise: 999_00 }];
    expect(overdueAdvance(bookingDueSummary({ ...booking, ledger: token }))).toMatchObject({
      kind: 'advance',
      due_date: '2027-01-08',
      days_overdue: 2,
      outstanding_paise: 24_001_00,
    });
    expect(overdueAdvance(bookingDueSummary({ ...booking, ledger: token, today: '2027-01-08' }))).toBeNull();
    const advancePaid: LedgerEntry[] = [{ kind: 'payment', amount_paise: 25_000_00 }];
    expect(overdueAdvance(bookingDueSummary({ ...booking, ledger: advancePaid }))).toBeNull();
  });
});
