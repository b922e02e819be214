import {
  DEFAULT_PAYMENT_RULES,
  INSTALMENT_LABELS,
  paymentSchedule,
  REMINDER_DAYS_BEFORE,
  type PaymentRules,
} from './booking-rules';
import { addDays, formatLongDate, todayInIndia } from './dates';
import type { InstalmentKind } from './domain';
import { formatInr } from './money';
import { paiseToRupees } from './pricing';
import { bandMaxDays, computeRefund, DEPOSIT_PERCENT, REFUND_BANDS } from './refund-policy';

/**
 * The published payment and cancellation terms, written from the rules the product computes with
 * (docs/decisions.md, "Published terms from the rules"): the terms and refund pages, the quote and receipt e-mails
 * and the payment pages take their sentences and rows from here, so no figure is typed twice and a change of the
 * admin's schedule changes every text with it.
 */

const inr = (paise: number) => formatInr(paiseToRupees(paise));
const days = (count: number) => `${count} ${count === 1 ? 'day' : 'days'}`;

/** One instalment of the schedule as the terms state it, for any booking. */
export type ScheduleTerm = { kind: InstalmentKind; label: string; amount: string; due: string };

/** When the advance is due, in words (`paymentSchedule`'s rule). */
function advanceDue(rules: PaymentRules): string {
  const after = rules.advance_due_days_after_confirmation;
  const within = rules.advance_immediate_within_days;
  if (after === 0) return 'on the day your booking is confirmed';
  const parts = [`${days(after)} after your booking is confirmed`];
  if (within > 0) parts.push(`at once when the event is ${days(within)} away or fewer at confirmation`);
  // The advance moves up to the balance's day only when some event is far enough for the first rule yet close
  // enough for the balance to fall before it.
  if (within < rules.balance_due_days_before_event + after - 1) parts.push('never later than the balance');
  return parts.join('; ');
}

/** When the balance is due, in words. */
function balanceDue(rules: PaymentRules): string {
  const before = rules.balance_due_days_before_event;
  return before === 0
    ? 'on the day of the event'
    : `${days(before)} before the event; at once when the event is closer than that`;
}

/**
 * The schedule's instalments as the terms state them. An advance of 0% has no advance and one of 100% no balance;
 * otherwise each may still come to nothing on a small total, and is then left out of the booking's schedule.
 */
export function scheduleTerms(rules: PaymentRules = DEFAULT_PAYMENT_RULES): ScheduleTerm[] {
  const rows: ScheduleTerm[] = [
    {
      kind: 'booking_amount',
      label: INSTALMENT_LABELS.booking_amount,
      amount: `${inr(rules.booking_amount_paise)}, or the whole total when that is less`,
      due: 'when you accept the quote; paying it confirms your booking',
    },
  ];
  if (rules.advance_percent > 0) {
    rows.push({
      kind: 'advance',
      label: INSTALMENT_LABELS.advance,
      amount: `what brings your payments to ${rules.advance_percent}% of the total`,
      due: advanceDue(rules),
    });
  }
  if (rules.advance_percent < 100) {
    rows.push({
      kind: 'balance',
      label: INSTALMENT_LABELS.balance,
      amount: 'the rest of the total',
      due: balanceDue(rules),
    });
  }
  return rows;
}

/** The terms in sentences, each a whole statement a page or an e-mail can print as it is. */
export type PaymentTerms = {
  bookingAmount: string;
  /** The product description's own sentence about the token, with the booking amount in it. */
  token: string;
  /** Null when the advance percent is 0 (there is no advance). */
  advance: string | null;
  /** Null when the advance percent is 100 (the advance is the rest). */
  balance: string | null;
  deposit: string;
  /** When money a later change adds falls due (docs/product.md#money-added-after-a-due-date). */
  changes: string;
  reminders: string;
  payTheRest: string;
  cancel: string;
  /** The customer's refund bands in one sentence. */
  refunds: string;
  companyCancellation: string;
};

/** The refund bands in one sentence: "75% more than 30 days before the event, 50% between 15 and 30 days, …". */
function refundBandsSentence(): string {
  const parts = REFUND_BANDS.map(({ minDays, percent }, index) => {
    const max = bandMaxDays(index);
    if (max === null) return `${percent}% more than ${minDays - 1} days before the event`;
    if (minDays === Number.NEGATIVE_INFINITY)
      return `${percent === 0 ? 'nothing' : `${percent}%`} within ${max + 1} days`;
    return `${percent}% between ${minDays} and ${max} days`;
  });
  return `${parts.slice(0, -1).join(', ')}, and ${parts.at(-1)}`;
}

/** Every statement of the payment and cancellation terms for these rules (docs/product.md#payments, #refunds). */
export function paymentTerms(rules: PaymentRules = DEFAULT_PAYMENT_RULES): PaymentTerms {
  const bookingAmount = inr(rules.booking_amount_paise);
  const sameAsDeposit = rules.advance_percent === DEPOSIT_PERCENT;
  return {
    bookingAmount:
      `The booking amount of ${bookingAmount} (the whole total, when that is less) ` +
      'is paid when you accept your quote; paying it confirms your booking.',
    token:
      `A token amount of ${bookingAmount} paid online to ` +
      'reserve your booking is adjusted against your final bill.',
    advance:
      rules.advance_percent > 0
        ? `The advance brings what you have paid to ${rules.advance_percent}% ` +
          `of the total. It is due ${advanceDue(rules)}.`
        : null,
    balance: rules.advance_percent < 100 ? `The balance, the rest of the total, is due ${balanceDue(rules)}.` : null,
    deposit:
      `The deposit is the first ${DEPOSIT_PERCENT}% of the total that ` +
      `you pay${sameAsDeposit ? ', which the advance completes' : ''}: ` +
      'it is non-refundable, except when we cancel the event ourselves.',
    changes:
      'When the price goes up after an instalment was due (more guests or add-ons), or you move your event ' +
      'earlier, what the change adds is due on the day of the change; what was already due keeps its date.',
    reminders:
      'While something is left to pay, we e-mail you a reminder ' +
      `${days(REMINDER_DAYS_BEFORE)} before each due date, on the due day and the day after.`,
    payTheRest:
      'Pay the advance and the balance from your booking in My Bookings whenever you are ready, ' +
      'up to their due dates; our team also records payments made to us by UPI, bank transfer, cash or cheque.',
    cancel:
      'To cancel, open the booking in My Bookings and choose Cancel booking: ' +
      'before you confirm, it shows what you will get back.',
    refunds:
      'If you cancel, we refund part of what you paid beyond the deposit, ' +
      `by the days from the day you cancel to the event: ${refundBandsSentence()}.`,
    companyCancellation: 'If we cancel, you get back everything you paid, deposit included.',
  };
}

/** The refund bands as the refund policy's table shows them: when you cancel, and what share comes back. */
export function refundBandRows(): { notice: string; refund: string }[] {
  return REFUND_BANDS.map(({ minDays, percent }, index) => {
    const max = bandMaxDays(index);
    const notice =
      max === null
        ? `More than ${minDays - 1} days before the event`
        : minDays === Number.NEGATIVE_INFINITY
          ? `Less than ${max + 1} days before`
          : `${minDays} to ${max} days before`;
    return { notice, refund: percent === 0 ? 'No refund' : `${percent}%` };
  });
}

/** A worked refund: a booking paid in full and cancelled `daysBefore` the event, computed by `computeRefund`. */
export function refundExample(totalPaise: number, daysBefore: number, today: string = todayInIndia()): string {
  const refund = computeRefund({
    eventDate: addDays(today, daysBefore),
    totalPaise,
    paidPaise: totalPaise,
    cancelledBy: 'customer',
    today,
  });
  return (
    `For example, on a booking of ${inr(totalPaise)} paid in full and cancelled ${days(daysBefore)} before ` +
    `the event, the deposit of ${inr(refund.deposit_held_paise)} is kept and ${refund.refund_percent}% of ` +
    `the remaining ${inr(refund.refundable_base_paise)} is refunded: ${inr(refund.refund_amount_paise)}.`
  );
}

/** One instalment of a quoted booking: its amount and, in words, when it falls due if the quote is accepted today. */
export type QuoteScheduleRow = { kind: InstalmentKind; label: string; amount_paise: number; due: string };

/**
 * The schedule of a quote not yet accepted (`paymentSchedule`, as if it were confirmed today): the amounts are the
 * ones My Bookings will ask for; the advance counts from the day the quote is accepted, the balance from the event.
 */
export function quoteScheduleRows(input: {
  totalPaise: number;
  eventDate: string | null;
  rules?: PaymentRules;
  today?: string;
}): QuoteScheduleRow[] {
  const rules = input.rules ?? DEFAULT_PAYMENT_RULES;
  const today = input.today ?? todayInIndia();
  const schedule = paymentSchedule({
    totalPaise: input.totalPaise,
    eventDate: input.eventDate,
    confirmedOn: null,
    rules,
    today,
  });
  return schedule.map((row) => {
    let due: string;
    if (row.kind === 'booking_amount') due = 'when you accept the quote; it confirms your booking';
    else if (row.kind === 'balance' && input.eventDate === null) due = 'with the advance, while the event has no date';
    else if (row.due_date === today) due = 'at once when your booking is confirmed';
    else if (row.kind === 'advance' && row.due_date === addDays(today, rules.advance_due_days_after_confirmation)) {
      due = `${days(rules.advance_due_days_after_confirmation)} after your booking is confirmed`;
    } else if (
      row.kind === 'balance' &&
      row.due_date === addDays(input.eventDate!, -rules.balance_due_days_before_event)
    ) {
      const before = rules.balance_due_days_before_event;
      due =
        `by ${formatLongDate(row.due_date)}, ` +
        `${before === 0 ? 'the day of the event' : `${days(before)} before the event`}`;
    } else due = `by ${formatLongDate(row.due_date)}`;
    return { kind: row.kind, label: INSTALMENT_LABELS[row.kind], amount_paise: row.amount_paise, due };
  });
}
