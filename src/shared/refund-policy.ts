import { DAY_MS, formatLongDate, isIsoDate, todayInIndia } from './dates';

/**
 * The cancellation and date-change terms of docs/product.md#date-changes, computed (docs/product.md#date-changes
 * "Cancellation policy"). Pure and shared: the server records what it returns, the client previews the same figures.
 *
 * What the figures are based on (docs/decisions.md, "Customer account and payments"):
 * - The booking total is the quoted final amount (GST included). The deposit is 25% of it and is not refundable.
 * - Money can only be refunded if it was paid. The refund is computed on what the customer has paid so far:
 *   the first 25%-of-total of every payment is the deposit (kept), and the band's percent of the rest is refunded.
 *   So a customer who paid only the ₹999 token (always less than the deposit) gets ₹0 back; the result still
 *   shows what the policy would refund on the whole booking (`policy_refund_on_total`).
 * - A booking with no price yet has no computable deposit: everything paid counts as deposit.
 * - Cancelled by the company: 100% of what was paid, deposit included.
 * - Days before the event are calendar days in India time: event date minus today in Asia/Kolkata.
 */
export const DEPOSIT_PERCENT = 25;

export type RefundBand = 'over_30_days' | '15_to_30_days' | '7_to_14_days' | 'under_7_days' | 'company_cancelled';
export type CustomerRefundBand = Exclude<RefundBand, 'company_cancelled'>;

type BandBounds = { band: CustomerRefundBand; minDays: number; percent: number };

/**
 * The bands of a customer's cancellation, farthest first: `minDays` is the fewest whole days before the event the
 * band covers (up to the day before the previous band's), `percent` what is refunded of the amount paid beyond the
 * deposit. The band labels, the published pages and the e-mails are all written from this one list.
 */
const BANDS: readonly BandBounds[] = [
  { band: 'over_30_days', minDays: 31, percent: 75 },
  { band: '15_to_30_days', minDays: 15, percent: 50 },
  { band: '7_to_14_days', minDays: 7, percent: 25 },
  { band: 'under_7_days', minDays: Number.NEGATIVE_INFINITY, percent: 0 },
];

/** The most days before the event band `index` covers; null for the farthest band, which has no end. */
export function bandMaxDays(index: number): number | null {
  return index === 0 ? null : BANDS[index - 1]!.minDays - 1;
}

/** "15–30 days before the event: 50% of the amount beyond the deposit", from the band's bounds and percent. */
function bandLabel({ minDays, percent }: BandBounds, index: number): string {
  const upper = bandMaxDays(index);
  const when =
    upper === null
      ? `More than ${minDays - 1} days`
      : minDays === Number.NEGATIVE_INFINITY
        ? `Less than ${upper + 1} days`
        : `${minDays}–${upper} days`;
  return `${when} before the event: ${percent === 0 ? 'no refund' : `${percent}% of the amount beyond the deposit`}`;
}

export const REFUND_BANDS: readonly (BandBounds & { label: string })[] = BANDS.map((row, index) => ({
  ...row,
  label: bandLabel(row, index),
}));

export type RefundInput = {
  /** `YYYY-MM-DD`, India calendar date of the event. */
  eventDate: string;
  /** Booking total (final amount incl. GST) in paise; null when the booking has no price yet. */
  totalPaise: number | null;
  /** What the customer has paid so far, in paise. */
  paidPaise: number;
  cancelledBy: 'customer' | 'company';
  /** Today in India; defaults to now. */
  today?: string;
};

export type RefundComputation = {
  days_before: number;
  band: RefundBand;
  band_label: string;
  cancelled_by: 'customer' | 'company';
  /** 25% of the total (paise); null without a total. */
  deposit_paise: number | null;
  total_paise: number | null;
  /** The basis: what was paid (paise). */
  amount_paid_paise: number;
  /** Of what was paid, the part held as the non-refundable deposit (0 when the company cancels). */
  deposit_held_paise: number;
  /** Of what was paid, the part the band's percent applies to. */
  refundable_base_paise: number;
  refund_percent: number;
  /** What is refunded now, in paise: never more than what was paid. */
  refund_amount_paise: number;
  /** What the policy would refund had the whole total been paid (for showing the policy in rupees). */
  policy_refund_on_total_paise: number | null;
};

/** Whole calendar days from `from` to `to` (`YYYY-MM-DD`), negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  const ms = Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`);
  return Math.round(ms / DAY_MS);
}

/** The band a cancellation `days` before the event falls in (a booking without a date counts as far away). */
export function customerBand(days: number): (typeof REFUND_BANDS)[number] {
  return REFUND_BANDS.find((row) => days >= row.minDays) ?? REFUND_BANDS[REFUND_BANDS.length - 1]!;
}

/** The refund owed for a cancellation under the published terms (see the module comment for the basis). */
export function computeRefund(input: RefundInput): RefundComputation {
  const today = input.today ?? todayInIndia();
  const days = daysBetween(today, input.eventDate);
  const paid = Math.max(0, Math.round(input.paidPaise));
  const total = input.totalPaise === null ? null : Math.max(0, Math.round(input.totalPaise));
  const deposit = total === null ? null : Math.round((total * DEPOSIT_PERCENT) / 100);

  if (input.cancelledBy === 'company') {
    return {
      days_before: days,
      band: 'company_cancelled',
      band_label: 'Cancelled by us: 100% refund including the deposit',
      cancelled_by: 'company',
      deposit_paise: deposit,
      total_paise: total,
      amount_paid_paise: paid,
      deposit_held_paise: 0,
      refundable_base_paise: paid,
      refund_percent: 100,
      refund_amount_paise: paid,
      policy_refund_on_total_paise: total,
    };
  }
  const { band, percent, label } = customerBand(days);
  const depositHeld = deposit === null ? paid : Math.min(paid, deposit);
  const base = paid - depositHeld;
  return {
    days_before: days,
    band,
    band_label: label,
    cancelled_by: 'customer',
    deposit_paise: deposit,
    total_paise: total,
    amount_paid_paise: paid,
    deposit_held_paise: depositHeld,
    refundable_base_paise: base,
    refund_percent: percent,
    refund_amount_paise: Math.round((base * percent) / 100),
    policy_refund_on_total_paise:
      total === null || deposit === null ? null : Math.round(((total - deposit) * percent) / 100),
  };
}

/**
 * Date changes (docs/product.md#date-changes): one per booking, asked at least 14 days ahead, new date within 6 months.
 */
export const DATE_CHANGE_MIN_DAYS_AHEAD = 14;
export const DATE_CHANGE_WINDOW_MONTHS = 6;
export const DATE_CHANGE_RULE =
  'Only one date change is allowed per booking, requested at least 14 days before the event, ' +
  'and the new date must be within 6 months of the original event date.';

/** `YYYY-MM-DD` plus whole months, clamped to the month's last day (2027-08-31 + 6 months = 2028-02-29). */
export function addMonths(isoDate: string, months: number): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, lastDay));
  return target.toISOString().slice(0, 10);
}

export type DateChangeInput = {
  /** The booking's current event date. */
  eventDate: string | null;
  /** The first event date, when the date was already changed (the window is measured from it). */
  originalEventDate?: string | null;
  alreadyChanged: boolean;
  newDate: string;
  today?: string;
};

/** A refusal names `new_date` when the chosen date is the problem (422), else the booking's state is (409). */
export type DateChangeCheck = { ok: true } | { ok: false; reason: string; field?: 'new_date' };

/**
 * Whether a date change is allowed. The 6-month window is measured from the original event date (the terms say
 * "new date within 6 months", i.e. a postponement of at most 6 months), and the new date may not be in the past.
 */
export function checkDateChange(input: DateChangeInput): DateChangeCheck {
  const today = input.today ?? todayInIndia();
  const refuse = (why: string): DateChangeCheck => ({ ok: false, reason: `${why} ${DATE_CHANGE_RULE}` });
  if (!input.eventDate) return refuse('This booking has no event date yet, so there is nothing to change.');
  if (input.alreadyChanged) return refuse('The date of this booking has already been changed once.');
  const badDate = (why: string): DateChangeCheck => ({
    ok: false,
    reason: `${why} ${DATE_CHANGE_RULE}`,
    field: 'new_date',
  });
  if (!isIsoDate(input.newDate)) return { ok: false, reason: 'Enter the new date as YYYY-MM-DD', field: 'new_date' };
  const daysAhead = daysBetween(today, input.eventDate);
  if (daysAhead < DATE_CHANGE_MIN_DAYS_AHEAD) {
    return refuse(`The event is ${Math.max(daysAhead, 0)} days away, too close to change the date.`);
  }
  if (input.newDate < today) return badDate('The new date is in the past.');
  if (input.newDate === input.eventDate)
    return { ok: false, reason: 'The new date is the same as the current event date.', field: 'new_date' };
  const original = input.originalEventDate ?? input.eventDate;
  if (input.newDate > addMonths(original, DATE_CHANGE_WINDOW_MONTHS)) {
    return badDate(`The new date is more than 6 months after ${formatLongDate(original)}.`);
  }
  return { ok: true };
}

/** Whether the date-change button should be offered today (the same rules, without a chosen date). */
export function canChangeDate(
  eventDate: string | null,
  alreadyChanged: boolean,
  today: string = todayInIndia(),
): boolean {
  return eventDate !== null && !alreadyChanged && daysBetween(today, eventDate) >= DATE_CHANGE_MIN_DAYS_AHEAD;
}
