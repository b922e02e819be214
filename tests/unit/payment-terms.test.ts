import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PAYMENT_RULES, paymentSchedule, type PaymentRules } from '../../src/shared/booking-rules';
import { addDays, formatLongDate } from '../../src/shared/dates';
import { formatInr } from '../../src/shared/money';
import {
  paymentTerms,
  quoteScheduleRows,
  refundBandRows,
  refundExample,
  scheduleTerms,
} from '../../src/shared/payment-terms';
import { computeRefund, REFUND_BANDS } from '../../src/shared/refund-policy';

const TODAY = '2030-03-01';

const rulesArbitrary: fc.Arbitrary<PaymentRules> = fc.record({
  booking_amount_paise: fc.integer({ min: 100, max: 1_00_000_00 }),
  advance_percent: fc.integer({ min: 0, max: 100 }),
  advance_due_days_after_confirmation: fc.integer({ min: 0, max: 365 }),
  advance_immediate_within_days: fc.integer({ min: 0, max: 365 }),
  balance_due_days_before_event: fc.integer({ min: 0, max: 365 }),
});

describe('the published payment terms', () => {
  it('state the default schedule of docs/product.md#payments', () => {
    const terms = paymentTerms();
    expect(terms.bookingAmount).toBe(
      'The booking amount of ₹999 (the whole total, when that is less) ' +
        'is paid when you accept your quote; paying it confirms your booking.',
    );
    expect(terms.token).toBe(
      'A token amount of ₹999 paid online to reserve your booking is adjusted against your final bill.',
    );
    expect(terms.advance).toBe(
      'The advance brings what you have paid to 25% of the total. It is due 7 days after your ' +
        'booking is confirmed; at once when the event is 30 days away or fewer at confirmation.',
    );
    expect(terms.balance).toBe(
      'The balance, the rest of the total, is due 7 days before the event; at once when the event is closer than that.',
    );
    expect(terms.deposit).toContain('first 25% of the total that you pay, which the advance completes');
    expect(terms.reminders).toContain('3 days before each due date, on the due day and the day after');
    expect(terms.refunds).toContain(
      '75% more than 30 days before the event, 50% between 15 and 30 days, ' +
        '25% between 7 and 14 days, and nothing within 7 days',
    );
    expect(scheduleTerms().map((row) => row.label)).toEqual(['Booking amount', 'Advance', 'Balance']);
  });

  it('follow every number of the rules they are given', () => {
    const rules: PaymentRules = {
      booking_amount_paise: 1_500_50,
      advance_percent: 40,
      advance_due_days_after_confirmation: 10,
      advance_immediate_within_days: 45,
      balance_due_days_before_event: 1,
    };
    const terms = paymentTerms(rules);
    expect(terms.bookingAmount).toContain('₹1,500.50');
    expect(terms.token).toContain('A token amount of ₹1,500.50 paid online');
    expect(terms.advance).toBe(
      'The advance brings what you have paid to 40% of the total. It is due 10 days after your ' +
        'booking is confirmed; at once when the event is 45 days away or fewer at confirmation.',
    );
    expect(terms.balance).toBe(
      'The balance, the rest of the total, is due 1 day before the event; at once when the event is closer than that.',
    );
    // The deposit is the refund policy's 25%, whatever the advance.
    expect(terms.deposit).toBe(
      'The deposit is the first 25% of the total that you pay: ' +
        'it is non-refundable, except when we cancel the event ourselves.',
    );
    expect(scheduleTerms(rules)[2]).toEqual({
      kind: 'balance',
      label: 'Balance',
      amount: 'the rest of the total',
      due: '1 day before the event; at once when the event is closer than that',
    });
  });

  it('leave out an advance of 0% and a balance after an advance of 100%', () => {
    const none = { ...DEFAULT_PAYMENT_RULES, advance_percent: 0 };
    expect(paymentTerms(none).advance).toBeNull();
    expect(scheduleTerms(none).map((row) => row.kind)).toEqual(['booking_amount', 'balance']);
    const all = { ...DEFAULT_PAYMENT_RULES, advance_percent: 100, balance_due_days_before_event: 0 };
    expect(paymentTerms(all).balance).toBeNull();
    expect(scheduleTerms(all).map((row) => row.kind)).toEqual(['booking_amount', 'advance']);
    const sameDay = { ...DEFAULT_PAYMENT_RULES, advance_due_days_after_confirmation: 0 };
    expect(paymentTerms(sameDay).advance).toContain('It is due on the day your booking is confirmed.');
  });

  it('say when the advance is due exactly as paymentSchedule computes it, for any rules and event', () => {
    fc.assert(
      fc.property(rulesArbitrary, fc.integer({ min: 0, max: 800 }), (rules, eventInDays) => {
        const schedule = paymentSchedule({
          totalPaise: 10_00_000_00,
          eventDate: addDays(TODAY, eventInDays),
          confirmedOn: TODAY,
          rules,
          today: TODAY,
        });
        const advance = schedule.find((row) => row.kind === 'advance');
        const words = scheduleTerms(rules).find((row) => row.kind === 'advance')?.due;
        expect(Boolean(words)).toBe(rules.advance_percent > 0);
        if (!advance || !words) return;
        const afterConfirmation = addDays(TODAY, rules.advance_due_days_after_confirmation);
        const atOnce = TODAY;
        if (!words.includes('never later than the balance')) {
          // Without that clause, the advance falls on one of the two days the sentence names.
          expect([afterConfirmation, atOnce]).toContain(advance.due_date);
        }
        const after = rules.advance_due_days_after_confirmation;
        if (eventInDays > rules.advance_immediate_within_days && after > 0 && advance.due_date === afterConfirmation) {
          expect(words).toContain(`${after} ${after === 1 ? 'day' : 'days'} after your booking is confirmed`);
        }
      }),
      { numRuns: 400 },
    );
  });
});

describe('a quote’s schedule in words', () => {
  it('has the amounts paymentSchedule computes, adding up to the total, with the balance dated from the event', () => {
    const eventDate = addDays(TODAY, 90);
    const rows = quoteScheduleRows({ totalPaise: 4_27_437_30, eventDate, today: TODAY });
    const schedule = paymentSchedule({ totalPaise: 4_27_437_30, eventDate, confirmedOn: null, today: TODAY });
    expect(rows.map((row) => row.amount_paise)).toEqual(schedule.map((row) => row.amount_paise));
    expect(rows.reduce((sum, row) => sum + row.amount_paise, 0)).toBe(4_27_437_30);
    expect(rows.map((row) => row.due)).toEqual([
      'when you accept the quote; it confirms your booking',
      '7 days after your booking is confirmed',
      `by ${formatLongDate(addDays(eventDate, -7))}, 7 days before the event`,
    ]);
  });

  it('asks for the advance at once for an event within the window, and follows changed rules', () => {
    const rules = { ...DEFAULT_PAYMENT_RULES, booking_amount_paise: 2_000_00, advance_percent: 50 };
    const rows = quoteScheduleRows({ totalPaise: 1_00_000_00, eventDate: addDays(TODAY, 20), rules, today: TODAY });
    expect(rows.map((row) => [row.label, formatInr(row.amount_paise / 100), row.due])).toEqual([
      ['Booking amount', '₹2,000', 'when you accept the quote; it confirms your booking'],
      ['Advance', '₹48,000', 'at once when your booking is confirmed'],
      ['Balance', '₹50,000', `by ${formatLongDate(addDays(TODAY, 13))}, 7 days before the event`],
    ]);
    const undated = quoteScheduleRows({ totalPaise: 1_00_000_00, eventDate: null, today: TODAY });
    expect(undated.at(-1)?.due).toBe('with the advance, while the event has no date');
  });
});

describe('the published refund bands', () => {
  it('keep the labels the refunds record', () => {
    expect(REFUND_BANDS.map((band) => band.label)).toEqual([
      'More than 30 days before the event: 75% of the amount beyond the deposit',
      '15–30 days before the event: 50% of the amount beyond the deposit',
      '7–14 days before the event: 25% of the amount beyond the deposit',
      'Less than 7 days before the event: no refund',
    ]);
  });

  it('give each band the percent computeRefund applies on every day it covers', () => {
    const rows = refundBandRows();
    expect(rows).toEqual([
      { notice: 'More than 30 days before the event', refund: '75%' },
      { notice: '15 to 30 days before', refund: '50%' },
      { notice: '7 to 14 days before', refund: '25%' },
      { notice: 'Less than 7 days before', refund: 'No refund' },
    ]);
    for (let daysBefore = -3; daysBefore <= 60; daysBefore += 1) {
      const refund = computeRefund({
        eventDate: addDays(TODAY, daysBefore),
        totalPaise: 1_00_000_00,
        paidPaise: 1_00_000_00,
        cancelledBy: 'customer',
        today: TODAY,
      });
      const index = REFUND_BANDS.findIndex((band) => band.band === refund.band);
      expect(rows[index]!.refund, `${daysBefore} days`).toBe(
        refund.refund_percent === 0 ? 'No refund' : `${refund.refund_percent}%`,
      );
    }
  });

  it('work their example with computeRefund', () => {
    expect(refundExample(2_00_000_00, 20, TODAY)).toBe(
      'For example, on a booking of ₹2,00,000 paid in full and cancelled 20 days before the event, ' +
        'the deposit of ₹50,000 is kept and 50% of the remaining ₹1,50,000 is refunded: ₹75,000.',
    );
  });
});
