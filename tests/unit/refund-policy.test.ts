import { describe, expect, it } from 'vitest';
import { amountInWordsIndian, integerInWordsIndian } from '../../src/shared/amount-words';
import { addDays, formatLongDate } from '../../src/shared/dates';
import {
  addMonths,
  canChangeDate,
  checkDateChange,
  computeRefund,
  DATE_CHANGE_RULE,
} from '../../src/shared/refund-policy';

const TODAY = '2027-01-10';
const total = 1_00_000_00; // ₹1,00,000: deposit ₹25,000, rest ₹75,000

const at = (days: number, paid = total, cancelledBy: 'customer' | 'company' = 'customer') =>
  computeRefund({ eventDate: addDays(TODAY, days), totalPaise: total, paidPaise: paid, cancelledBy, today: TODAY });

describe('computeRefund (docs/product.md#refunds terms)', () => {
  it.each([
    [31, 75, 'over_30_days', 56_250_00],
    [30, 50, '15_to_30_days', 37_500_00],
    [15, 50, '15_to_30_days', 37_500_00],
    [14, 25, '7_to_14_days', 18_750_00],
    [7, 25, '7_to_14_days', 18_750_00],
    [6, 0, 'under_7_days', 0],
    [0, 0, 'under_7_days', 0],
  ])('%i days before: %i%% of the amount beyond the 25%% deposit', (days, percent, band, refund) => {
    const r = at(days);
    expect(r.days_before).toBe(days);
    expect(r.refund_percent).toBe(percent);
    expect(r.band).toBe(band);
    expect(r.deposit_paise).toBe(25_000_00);
    expect(r.deposit_held_paise).toBe(25_000_00);
    expect(r.refundable_base_paise).toBe(75_000_00);
    expect(r.refund_amount_paise).toBe(refund);
    expect(r.policy_refund_on_total_paise).toBe(refund);
  });

  it('company cancellation refunds 100% of what was paid, deposit included', () => {
    const r = at(3, 40_000_00, 'company');
    expect(r).toMatchObject({
      band: 'company_cancelled',
      refund_percent: 100,
      refund_amount_paise: 40_000_00,
      deposit_held_paise: 0,
    });
  });

  it('computes on what was paid: the ₹999 token alone is within the deposit, so nothing is refunded', () => {
    const r = at(60, 999_00);
    expect(r).toMatchObject({
      amount_paid_paise: 999_00,
      deposit_held_paise: 999_00,
      refundable_base_paise: 0,
      refund_amount_paise: 0,
      refund_percent: 75,
    });
    expect(r.policy_refund_on_total_paise).toBe(56_250_00);
    // Paid ₹40,000: ₹25,000 deposit kept, 75% of ₹15,000 back.
    expect(at(60, 40_000_00).refund_amount_paise).toBe(11_250_00);
  });

  it('a booking without a price: everything paid counts as deposit', () => {
    const r = computeRefund({
      eventDate: addDays(TODAY, 60),
      totalPaise: null,
      paidPaise: 999_00,
      cancelledBy: 'customer',
      today: TODAY,
    });
    expect(r.refund_amount_paise).toBe(0);
    expect(r.policy_refund_on_total_paise).toBeNull();
  });
});

describe('date change rule', () => {
  const base = { eventDate: addDays(TODAY, 30), alreadyChanged: false, today: TODAY };

  it('allows one change, 14+ days ahead, to a date within 6 months of the original', () => {
    expect(checkDateChange({ ...base, newDate: addDays(TODAY, 60) })).toEqual({ ok: true });
    expect(checkDateChange({ ...base, eventDate: addDays(TODAY, 14), newDate: addDays(TODAY, 20) })).toEqual({
      ok: true,
    });
    expect(checkDateChange({ ...base, newDate: addMonths(base.eventDate, 6) })).toEqual({ ok: true });
    expect(canChangeDate(addDays(TODAY, 14), false, TODAY)).toBe(true);
    expect(canChangeDate(addDays(TODAY, 13), false, TODAY)).toBe(false);
  });

  it('refuses with the rule quoted', () => {
    const tooClose = checkDateChange({ ...base, eventDate: addDays(TODAY, 13), newDate: addDays(TODAY, 40) });
    expect(tooClose).toMatchObject({ ok: false });
    expect(!tooClose.ok && tooClose.reason).toContain(DATE_CHANGE_RULE);
    expect(checkDateChange({ ...base, alreadyChanged: true, newDate: addDays(TODAY, 40) })).toMatchObject({
      ok: false,
    });
    const far = checkDateChange({ ...base, newDate: addDays(addMonths(base.eventDate, 6), 1) });
    expect(far).toMatchObject({ ok: false, field: 'new_date' });
    expect(!far.ok && far.reason).toContain(
      `The new date is more than 6 months after ${formatLongDate(base.eventDate)}.`,
    );
    expect(checkDateChange({ ...base, newDate: addDays(TODAY, -1) })).toMatchObject({ ok: false, field: 'new_date' });
    expect(checkDateChange({ ...base, newDate: '2027-02-30' })).toMatchObject({ ok: false, field: 'new_date' });
  });

  it('addMonths clamps to the end of the month', () => {
    expect(addMonths('2027-08-31', 6)).toBe('2028-02-29');
    expect(addMonths('2027-01-15', 6)).toBe('2027-07-15');
  });
});

describe('amountInWordsIndian', () => {
  it('uses lakh and crore', () => {
    expect(amountInWordsIndian(1_23_450_00)).toBe('Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty Only');
    expect(amountInWordsIndian(999_00)).toBe('Rupees Nine Hundred Ninety-Nine Only');
    expect(amountInWordsIndian(49_50)).toBe('Rupees Forty-Nine and Paise Fifty Only');
    expect(amountInWordsIndian(0)).toBe('Rupees Zero Only');
    expect(integerInWordsIndian(12_34_56_789)).toBe(
      'Twelve Crore Thirty-Four Lakh Fifty-Six Thousand Seven Hundred Eighty-Nine',
    );
    expect(integerInWordsIndian(1_00_000)).toBe('One Lakh');
    expect(amountInWordsIndian(5_73_223_35)).toBe(
      'Rupees Five Lakh Seventy-Three Thousand Two Hundred Twenty-Three and Paise Thirty-Five Only',
    );
  });
});
