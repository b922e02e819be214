import { addDays, todayInIndia } from './dates';
import { BOOKING_STATUSES, canMoveBooking, type BookingStatus } from './domain';
import { daysBetween, DEPOSIT_PERCENT } from './refund-policy';

/**
 * What each booking status allows, the business's amounts and the payment schedule, in one place
 * (docs/decisions.md, "Payment schedule and refunds on real money"). Pure: the server enforces these, the pages,
 * e-mails and PDFs render their figures from them, and the admin's Settings change only the schedule's numbers.
 */

/** The ₹99 subscription and its 50% refund when the services cannot be provided (docs/product.md#subscription). */
export const SUBSCRIPTION_AMOUNT_PAISE = 99_00;
export const SUBSCRIPTION_REFUND_PAISE = 49_50;
export const SUBSCRIBER_DISCOUNT_PERCENT = 5;

/** Statuses whose event date the customer may still move (the terms' own limits come on top: `checkDateChange`). */
export const DATE_CHANGE_STATUSES: readonly BookingStatus[] = ['inquiry', 'quoted', 'confirmed'];

/**
 * Statuses that take money against the booking. Quoted takes the booking amount (which confirms it); confirmed,
 * in progress and completed take the advance and the balance. An inquiry has no price and a cancelled booking owes
 * nothing, so neither takes a payment.
 */
export const PAYMENT_STATUSES_ALLOWED: readonly BookingStatus[] = ['quoted', 'confirmed', 'in_progress', 'completed'];

export type StatusRules = { dateChange: boolean; payment: boolean; cancellation: boolean };

/** The three questions every screen asks of a status, answered from the lists above and the state machine. */
export function statusRules(status: BookingStatus): StatusRules {
  return {
    dateChange: DATE_CHANGE_STATUSES.includes(status),
    payment: PAYMENT_STATUSES_ALLOWED.includes(status),
    cancellation: canMoveBooking(status, 'cancelled'),
  };
}

/** Every status with its rules, for the table test and the docs. */
export const STATUS_RULES: Readonly<Record<BookingStatus, StatusRules>> = Object.fromEntries(
  BOOKING_STATUSES.map((status) => [status, statusRules(status)]),
) as Record<BookingStatus, StatusRules>;

/** The schedule's numbers; the defaults are the published terms, an admin may change them in Settings. */
export type PaymentRules = {
  /** The booking amount (token) in paise; the whole total when the total is less. Paying it confirms the booking. */
  booking_amount_paise: number;
  /** What has been paid once the advance is in, as a percent of the total. */
  advance_percent: number;
  /** The advance is due this many days after the booking is confirmed... */
  advance_due_days_after_confirmation: number;
  /** ...or at once when the event is this many days away or fewer at confirmation. */
  advance_immediate_within_days: number;
  /** The balance is due this many days before the event (at once when the event is closer). */
  balance_due_days_before_event: number;
};

export const DEFAULT_PAYMENT_RULES: Readonly<PaymentRules> = {
  booking_amount_paise: 999_00,
  advance_percent: DEPOSIT_PERCENT,
  advance_due_days_after_confirmation: 7,
  advance_immediate_within_days: 30,
  balance_due_days_before_event: 7,
};

/** The default booking amount, for the texts the product description fixes ("token amount of ₹999"). */
export const TOKEN_AMOUNT_PAISE = DEFAULT_PAYMENT_RULES.booking_amount_paise;

export type InstalmentKind = 'booking_amount' | 'advance' | 'balance';

export const INSTALMENT_LABELS: Readonly<Record<InstalmentKind, string>> = {
  booking_amount: 'Booking amount',
  advance: 'Advance',
  balance: 'Balance',
};

export type Instalment = {
  kind: InstalmentKind;
  /** This instalment's own amount in paise. */
  amount_paise: number;
  /** What has been paid in all once this instalment is in (paise). */
  cumulative_paise: number;
  /** `YYYY-MM-DD`; the booking amount is due on the day it is asked for (today while quoted). */
  due_date: string;
};

export type ScheduleInput = {
  /** The booking total (final amount incl. GST) in paise. */
  totalPaise: number;
  /** `YYYY-MM-DD` of the event; null when not set (then nothing is due before it). */
  eventDate: string | null;
  /** India date the booking was confirmed; null while quoted (the schedule is then shown as if confirmed today). */
  confirmedOn: string | null;
  rules?: PaymentRules;
  today?: string;
};

/** The booking amount for a total: the configured amount, or the whole total when that is less. */
export function bookingAmountFor(totalPaise: number, rules: PaymentRules = DEFAULT_PAYMENT_RULES): number {
  return Math.max(0, Math.min(rules.booking_amount_paise, totalPaise));
}

/**
 * The instalments of a booking (zero-amount ones left out): booking amount now; advance up to `advance_percent`
 * of the total, due `advance_due_days_after_confirmation` days after confirmation or at once when the event is
 * within `advance_immediate_within_days`; the balance `balance_due_days_before_event` days before the event, at
 * once when that day has passed. No instalment falls due after a later one.
 */
export function paymentSchedule(input: ScheduleInput): Instalment[] {
  const rules = input.rules ?? DEFAULT_PAYMENT_RULES;
  const today = input.today ?? todayInIndia();
  const total = Math.max(0, Math.round(input.totalPaise));
  const confirmedOn = input.confirmedOn ?? today;
  const bookingAmount = bookingAmountFor(total, rules);
  const advanceTarget = Math.min(total, Math.max(bookingAmount, Math.round((total * rules.advance_percent) / 100)));

  const eventDate = input.eventDate;
  const eventClose = eventDate !== null && daysBetween(confirmedOn, eventDate) <= rules.advance_immediate_within_days;
  const balanceDue =
    eventDate === null ? null : laterOf(confirmedOn, addDays(eventDate, -rules.balance_due_days_before_event));
  let advanceDue = eventClose ? confirmedOn : addDays(confirmedOn, rules.advance_due_days_after_confirmation);
  if (balanceDue !== null && balanceDue < advanceDue) advanceDue = balanceDue;

  const bookingDue = input.confirmedOn ?? today;
  const rows: Instalment[] = [
    { kind: 'booking_amount', amount_paise: bookingAmount, cumulative_paise: bookingAmount, due_date: bookingDue },
    {
      kind: 'advance',
      amount_paise: advanceTarget - bookingAmount,
      cumulative_paise: advanceTarget,
      due_date: advanceDue,
    },
    {
      kind: 'balance',
      amount_paise: total - advanceTarget,
      cumulative_paise: total,
      // A booking without an event date owes its balance on the advance's day: nothing is left undated.
      due_date: balanceDue ?? advanceDue,
    },
  ];
  return rows.filter((row) => row.amount_paise > 0);
}

function laterOf(a: string, b: string): string {
  return a > b ? a : b;
}

export type InstalmentState = Instalment & {
  /** Paid towards this instalment (what was paid is applied to the instalments in order). */
  paid_paise: number;
  outstanding_paise: number;
  /** Days past the due date while something is outstanding; 0 otherwise. */
  days_overdue: number;
};

export type DueSummary = {
  total_paise: number;
  paid_paise: number;
  /** Still to pay on the whole booking. */
  outstanding_paise: number;
  /** Of that, what is due today or earlier. */
  due_now_paise: number;
  /** The first instalment with something outstanding, or null when all is paid. */
  next: InstalmentState | null;
  /** Days the oldest unpaid instalment is past its due date (0 when none is). */
  days_overdue: number;
  instalments: InstalmentState[];
};

/**
 * What is paid, outstanding and due on a schedule, given what was paid in all. A cancelled booking owes nothing:
 * pass `cancelled` and every figure due is 0.
 */
export function dueSummary(
  schedule: Instalment[],
  paidPaise: number,
  today: string = todayInIndia(),
  cancelled = false,
): DueSummary {
  const total = schedule.reduce((sum, row) => sum + row.amount_paise, 0);
  const paid = Math.max(0, Math.round(paidPaise));
  let before = 0;
  const instalments = schedule.map((row) => {
    const paidHere = Math.max(0, Math.min(row.amount_paise, paid - before));
    before += row.amount_paise;
    const outstanding = cancelled ? 0 : row.amount_paise - paidHere;
    const overdue = outstanding > 0 ? Math.max(0, daysBetween(row.due_date, today)) : 0;
    return { ...row, paid_paise: paidHere, outstanding_paise: outstanding, days_overdue: overdue };
  });
  const outstanding = instalments.reduce((sum, row) => sum + row.outstanding_paise, 0);
  const dueNow = instalments
    .filter((row) => row.due_date <= today)
    .reduce((sum, row) => sum + row.outstanding_paise, 0);
  const next = instalments.find((row) => row.outstanding_paise > 0) ?? null;
  return {
    total_paise: total,
    paid_paise: paid,
    outstanding_paise: outstanding,
    due_now_paise: dueNow,
    next,
    days_overdue: next?.days_overdue ?? 0,
    instalments,
  };
}

/**
 * The most a payment may be right now: on a quoted booking exactly the booking amount (paying it confirms), on a
 * booking that takes payments what is left of the total, else nothing. No payment may exceed this.
 */
export function maxPayablePaise(
  status: BookingStatus,
  totalPaise: number | null,
  paidPaise: number,
  rules: PaymentRules = DEFAULT_PAYMENT_RULES,
): number {
  if (totalPaise === null || totalPaise <= 0 || !statusRules(status).payment) return 0;
  if (status === 'quoted') return Math.max(0, bookingAmountFor(totalPaise, rules) - paidPaise);
  return Math.max(0, totalPaise - paidPaise);
}

/** The exact amount the customer's next "Pay" button asks for: the next instalment's outstanding part. */
export function nextInstalmentPaise(
  status: BookingStatus,
  summary: DueSummary,
  rules: PaymentRules = DEFAULT_PAYMENT_RULES,
): number {
  const max = maxPayablePaise(status, summary.total_paise || null, summary.paid_paise, rules);
  return Math.min(max, summary.next?.outstanding_paise ?? 0);
}

/**
 * The date a cancellation's refund band is counted from: the earlier of the booking's first and current event
 * dates, so moving the event later never raises the refund (docs/decisions.md).
 */
export function refundBandDate(eventDate: string | null, originalEventDate: string | null): string | null {
  if (eventDate === null) return originalEventDate;
  if (originalEventDate === null) return eventDate;
  return originalEventDate < eventDate ? originalEventDate : eventDate;
}

/** A ledger row as the sums read it (`booking_ledger`, docs/decisions.md). */
export type LedgerEntry = { kind: 'charge' | 'payment' | 'refund' | 'adjustment'; amount_paise: number };

export type LedgerSums = {
  /** What the booking costs: charges and adjustments. */
  charged_paise: number;
  /** Money received. */
  paid_paise: number;
  /** Money owed back (refund rows), whether paid out yet or not. */
  refunded_paise: number;
  /** Received and not owed back. */
  held_paise: number;
  /** Still to pay: what it costs less what is held, never below 0. */
  due_paise: number;
};

/** Paid, refunded and due as sums over a booking's ledger: the one place these figures come from. */
export function ledgerSums(rows: readonly LedgerEntry[]): LedgerSums {
  const sum = (kinds: LedgerEntry['kind'][]) =>
    rows.filter((row) => kinds.includes(row.kind)).reduce((total, row) => total + row.amount_paise, 0);
  const charged = sum(['charge', 'adjustment']);
  const paid = sum(['payment']);
  const refunded = sum(['refund']);
  const held = paid - refunded;
  return {
    charged_paise: charged,
    paid_paise: paid,
    refunded_paise: refunded,
    held_paise: held,
    due_paise: Math.max(0, charged - held),
  };
}

/**
 * What a booking's schedule is drawn on: what its ledger charges (charges and adjustments) once it has a charge,
 * else the quoted total (a quoted booking, or one confirmed without a charge row yet). The ledger is the record of
 * what a booking costs (docs/decisions.md, "Payment schedule and refunds on real money").
 */
export function scheduleTotalPaise(finalAmountPaise: number | null, sums: LedgerSums): number {
  return sums.charged_paise > 0 ? sums.charged_paise : Math.max(0, finalAmountPaise ?? 0);
}

export type BookingDueInput = {
  status: BookingStatus;
  /** The quoted total in paise (null without a price). */
  finalAmountPaise: number | null;
  eventDate: string | null;
  /** India date the booking became confirmed (the server's `confirmationDates`); null while quoted. */
  confirmedOn: string | null;
  ledger: readonly LedgerEntry[];
  rules?: PaymentRules;
  today?: string;
};

/**
 * A booking's schedule and what is paid, outstanding and due on it today: `dueSummary(paymentSchedule(...),
 * ledgerSums(...).held_paise)`, the one composition every page, list and CSV shows, so My Bookings and the
 * admin's Receivables never disagree. A cancelled booking owes nothing.
 */
export function bookingDueSummary(input: BookingDueInput): DueSummary {
  const today = input.today ?? todayInIndia();
  const sums = ledgerSums(input.ledger);
  const schedule = paymentSchedule({
    totalPaise: scheduleTotalPaise(input.finalAmountPaise, sums),
    eventDate: input.eventDate,
    confirmedOn: input.confirmedOn,
    rules: input.rules,
    today,
  });
  return dueSummary(schedule, sums.held_paise, today, input.status === 'cancelled');
}

/**
 * The advance instalment when it is past its due date with something still unpaid, else null: the case in which
 * the business may release the event date (cancel as the customer's cancellation).
 */
export function overdueAdvance(summary: DueSummary): InstalmentState | null {
  const advance = summary.instalments.find((row) => row.kind === 'advance');
  return advance && advance.outstanding_paise > 0 && advance.days_overdue > 0 ? advance : null;
}
