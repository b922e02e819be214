import { addDays, formatLongDate, todayInIndia } from './dates';
import {
  BOOKING_STATUSES,
  canMoveBooking,
  enumWords,
  INSTALMENT_KINDS,
  type AutomaticReminderStage,
  type BookingStatus,
  type InstalmentKind,
} from './domain';
import { paiseToRupees, rupeesToPaise } from './pricing';
import { daysBetween, DEPOSIT_PERCENT } from './refund-policy';
import type { PaymentScheduleDto } from './schemas/account';
import type { PaymentRulesDto } from './schemas/payments';

/**
 * What each booking status allows, the business's amounts and the payment schedule, in one place
 * (docs/decisions.md, "Payment schedule and refunds on real money"). Pure: the server enforces these, the pages,
 * e-mails and PDFs render their figures from them, and the admin's Settings change only the schedule's numbers.
 */

/** The ₹99 subscription and its 50% refund when the services cannot be provided (docs/product.md#subscriptions). */
export const SUBSCRIPTION_AMOUNT_PAISE = 99_00;
export const SUBSCRIPTION_REFUND_PAISE = 49_50;
export const SUBSCRIBER_DISCOUNT_PERCENT = 5;

/** The figures of a booking that decide whether the subscriber's discount can still be given to it. */
export type DiscountableBooking = {
  status: BookingStatus;
  validUntil: string | null;
  subtotalPaise: number | null;
  gstPaise: number | null;
  gstPercent: number | null;
  finalAmountPaise: number | null;
  subscriberDiscountPaise: number | null;
};

/**
 * Why a booking cannot take the subscriber's one-time discount, or null when it can (docs/product.md#subscriptions).
 * It needs a price and no discount yet. At `purchase` (the ₹99 bought from the quote) it must be a quote not yet
 * accepted and still valid; at `payment` (the ₹99 confirmed, or the owner claiming it later) a booking confirmed in
 * the meantime qualifies too: it is re-priced and its charge follows.
 */
export function subscriberDiscountRefusal(
  booking: DiscountableBooking,
  moment: 'purchase' | 'payment',
  today: string = todayInIndia(),
): string | null {
  const priced =
    booking.subtotalPaise !== null &&
    booking.gstPaise !== null &&
    booking.gstPercent !== null &&
    booking.finalAmountPaise !== null &&
    booking.finalAmountPaise > 0;
  if (!priced) return 'This booking has no price yet; the subscriber discount applies to a quote';
  if (booking.subscriberDiscountPaise !== null) return 'This booking already has the subscriber discount';
  if (booking.status === 'confirmed' && moment === 'payment') return null;
  if (booking.status !== 'quoted') {
    return (
      'The subscriber discount applies to a quote that is not yet paid; ' +
      `this booking is ${enumWords(booking.status)}`
    );
  }
  if (booking.validUntil !== null && booking.validUntil < today) {
    return `This quote expired on ${formatLongDate(booking.validUntil)}; please request a fresh quote`;
  }
  return null;
}

/**
 * A quote past its validity (India dates): it is no offer any more, so its date is not moved (that would use up the
 * booking's one change on it) and nothing is paid on it until the customer asks for a fresh quote.
 */
export function quoteExpired(booking: { status: BookingStatus; validUntil: string | null }, today: string): boolean {
  return booking.status === 'quoted' && booking.validUntil !== null && booking.validUntil < today;
}

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

/** Why a status move is refused by the calendar: `detail` for the 409, `hint` for the admin's status list. */
export type StatusDateRefusal = { detail: string; hint: string };

/**
 * The statuses tied to the event day (docs/product.md#booking-statuses): a booking is marked in progress only on
 * its event day and completed only on or after it, both in India time. Answers why a move to `to` is refused
 * today, or null when the date allows it (every other status is free of the calendar). A booking without an event
 * date has no event day, so it can be marked neither.
 */
export function statusDateRefusal(
  to: BookingStatus,
  eventDate: string | null,
  today: string = todayInIndia(),
): StatusDateRefusal | null {
  if (to !== 'in_progress' && to !== 'completed') return null;
  const marked = to === 'in_progress' ? 'in progress' : 'completed';
  if (eventDate === null) {
    return {
      detail:
        `This booking has no event date yet: it can be marked ${marked} ` +
        `only ${to === 'in_progress' ? 'on' : 'on or after'} its event day`,
      hint: 'no event date yet',
    };
  }
  const day = formatLongDate(eventDate);
  if (to === 'in_progress') {
    if (eventDate === today) return null;
    return {
      detail: `A booking can be marked in progress only on its event day (${day})`,
      hint: `only on the event day, ${day}`,
    };
  }
  if (eventDate <= today) return null;
  return {
    detail: `A booking can be marked completed only on or after its event day (${day})`,
    hint: `from the event day, ${day}`,
  };
}

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

/** The schedule's numbers as JSON carries them (the booking amount in rupees, like every amount). */
export function paymentRulesToDto(rules: PaymentRules): PaymentRulesDto {
  return {
    booking_amount: paiseToRupees(rules.booking_amount_paise),
    advance_percent: rules.advance_percent,
    advance_due_days_after_confirmation: rules.advance_due_days_after_confirmation,
    advance_immediate_within_days: rules.advance_immediate_within_days,
    balance_due_days_before_event: rules.balance_due_days_before_event,
  };
}

/** The schedule's numbers from their JSON form (a checked `paymentRulesInputSchema` value). */
export function paymentRulesFromDto(dto: PaymentRulesDto): PaymentRules {
  return {
    booking_amount_paise: rupeesToPaise(dto.booking_amount),
    advance_percent: dto.advance_percent,
    advance_due_days_after_confirmation: dto.advance_due_days_after_confirmation,
    advance_immediate_within_days: dto.advance_immediate_within_days,
    balance_due_days_before_event: dto.balance_due_days_before_event,
  };
}

/** The default booking amount, for the texts the product description fixes ("token amount of ₹999"). */
export const TOKEN_AMOUNT_PAISE = DEFAULT_PAYMENT_RULES.booking_amount_paise;

export type { InstalmentKind };

export const INSTALMENT_LABELS: Readonly<Record<InstalmentKind, string>> = {
  booking_amount: 'Booking amount',
  advance: 'Advance',
  balance: 'Balance',
};

/** An instalment's name as pages, e-mails and CSVs show it: "Advance", or "Advance (increase)" for an added part. */
export function instalmentLabel(row: { kind: InstalmentKind; added?: true }): string {
  return row.added ? `${INSTALMENT_LABELS[row.kind]} (increase)` : INSTALMENT_LABELS[row.kind];
}

export type Instalment = {
  kind: InstalmentKind;
  /** This instalment's own amount in paise. */
  amount_paise: number;
  /** What has been paid in all once this instalment is in (paise). */
  cumulative_paise: number;
  /** `YYYY-MM-DD`; the booking amount is due on the day it is asked for (today while quoted). */
  due_date: string;
  /**
   * Set on the part of an instalment that a price rise added after the instalment's own due date had passed: it is
   * due on the day it was added (docs/product.md#money-added-after-a-due-date).
   */
  added?: true;
};

/** What the booking cost from the India day `on` (its charges less its credit notes, in paise). */
export type CostStep = { on: string; cost_paise: number };

export type ScheduleInput = {
  /** The booking total (final amount incl. GST) in paise. */
  totalPaise: number;
  /** `YYYY-MM-DD` of the event; null when not set (then nothing is due before it). */
  eventDate: string | null;
  /** India date the booking was confirmed; null while quoted (the schedule is then shown as if confirmed today). */
  confirmedOn: string | null;
  rules?: PaymentRules;
  today?: string;
  /**
   * What the booking cost day by day since it was confirmed (`costHistory`), oldest first. Without it every part of
   * the total is taken as owed since confirmation, as on a quote.
   */
  costHistory?: readonly CostStep[];
  /** The customer's date change: the event date before it and the India day it was made; null or absent if none. */
  dateChange?: DateChange | null;
};

/** A change of the event date: the date it moved from, and the India day it was made. */
export type DateChange = { fromEventDate: string; on: string };

/** The booking amount for a total: the configured amount, or the whole total when that is less. */
export function bookingAmountFor(totalPaise: number, rules: PaymentRules = DEFAULT_PAYMENT_RULES): number {
  return Math.max(0, Math.min(rules.booking_amount_paise, totalPaise));
}

/**
 * The instalments of a booking (zero-amount ones left out): booking amount now; advance up to `advance_percent`
 * of the total, due `advance_due_days_after_confirmation` days after confirmation or at once when the event is
 * within `advance_immediate_within_days`; the balance `balance_due_days_before_event` days before the event, at
 * once when that day has passed. No instalment falls due after a later one. With a cost history, what a price
 * rise added to an instalment after its due date had passed is due on the day of the rise (`addedParts`); after a
 * date change, a due date the change brought forward is not before the day of the change (`afterDateChange`).
 */
export function paymentSchedule(input: ScheduleInput): Instalment[] {
  const rules = input.rules ?? DEFAULT_PAYMENT_RULES;
  const today = input.today ?? todayInIndia();
  const total = Math.max(0, Math.round(input.totalPaise));
  const confirmedOn = input.confirmedOn ?? today;
  const dueFor = (eventDate: string | null) => eventDueDates(eventDate, confirmedOn, rules);
  const { advance, balance } = input.dateChange
    ? afterDateChange(dueFor(input.eventDate), dueFor(input.dateChange.fromEventDate), input.dateChange.on)
    : dueFor(input.eventDate);

  const deadlines: Deadline[] = [
    { kind: 'booking_amount', due_date: input.confirmedOn ?? today },
    { kind: 'advance', due_date: advance },
    { kind: 'balance', due_date: balance },
  ];
  const history = (input.costHistory ?? []).filter((step) => step.on <= today);
  if (history.length === 0) {
    return rowsFrom(
      deadlines.map((deadline) => ({ ...deadline, cumulative_paise: paidBy(deadline.kind, total, rules) })),
    );
  }
  return rowsFrom(addedParts(deadlines, [...history, { on: today, cost_paise: total }], total, rules));
}

type EventDueDates = { advance: string; balance: string };

/** The advance's and the balance's due dates for an event date (`paymentSchedule`). */
function eventDueDates(eventDate: string | null, confirmedOn: string, rules: PaymentRules): EventDueDates {
  const eventClose = eventDate !== null && daysBetween(confirmedOn, eventDate) <= rules.advance_immediate_within_days;
  const balanceDue =
    eventDate === null ? null : laterOf(confirmedOn, addDays(eventDate, -rules.balance_due_days_before_event));
  let advanceDue = eventClose ? confirmedOn : addDays(confirmedOn, rules.advance_due_days_after_confirmation);
  if (balanceDue !== null && balanceDue < advanceDue) advanceDue = balanceDue;
  // A booking without an event date owes its balance on the advance's day: nothing is left undated.
  return { advance: advanceDue, balance: balanceDue ?? advanceDue };
}

/**
 * Due dates after the event moved (docs/product.md#money-added-after-a-due-date): a date the move brought forward
 * falls no earlier than the day of the move, unless it had already passed under the old date, when it stays as it
 * was. Moving the event later moves its due dates later as before. Each date only grows with the new and the old
 * date, so the instalments stay in order.
 */
function afterDateChange(moved: EventDueDates, before: EventDueDates, on: string): EventDueDates {
  const due = (now: string, was: string) => laterOf(now, was < on ? was : on);
  return { advance: due(moved.advance, before.advance), balance: due(moved.balance, before.balance) };
}

type Deadline = { kind: InstalmentKind; due_date: string };
type Target = Deadline & { cumulative_paise: number; added?: true };

/** What must have been paid in all once an instalment of this kind is in, on a booking costing `total`. */
function paidBy(kind: InstalmentKind, total: number, rules: PaymentRules): number {
  if (kind === 'balance') return total;
  const bookingAmount = bookingAmountFor(total, rules);
  const advance = Math.round((total * rules.advance_percent) / 100);
  return kind === 'booking_amount' ? bookingAmount : Math.min(total, Math.max(bookingAmount, advance));
}

/**
 * Each instalment owes its share of what the booking has cost without a break since its due date; what a later
 * price rise added to its share is owed from the day of the rise, as a part of its own (docs/product.md#money-added-
 * after-a-due-date). Money owed since day `d` is the least the booking cost on any day from `d` to today, so a price
 * lowered and raised again counts as added when it went back up, and no part is owed from before it existed.
 */
function addedParts(deadlines: Deadline[], history: CostStep[], total: number, rules: PaymentRules): Target[] {
  const owedSince = (day: string): number => {
    const inForce = history.findLast((step) => step.on <= day) ?? history[0]!;
    const later = history.filter((step) => step.on > day).map((step) => step.cost_paise);
    return Math.max(0, Math.min(total, inForce.cost_paise, ...later));
  };
  return deadlines.flatMap((deadline) => {
    const own = { ...deadline, cumulative_paise: paidBy(deadline.kind, owedSince(deadline.due_date), rules) };
    const rises = history
      .filter((step) => step.on > deadline.due_date)
      .map((step) => ({
        kind: deadline.kind,
        due_date: step.on,
        cumulative_paise: paidBy(deadline.kind, owedSince(step.on), rules),
        added: true as const,
      }));
    return [own, ...rises];
  });
}

/**
 * The instalments from what must be paid by each date: in date order (the instalment's own part before a part
 * added the same day), each owing what its date adds to the most owed by an earlier one; nothing is left owing
 * nothing, and parts of one instalment added on one day are one part.
 */
function rowsFrom(targets: Target[]): Instalment[] {
  const order = (target: Target) => INSTALMENT_KINDS.indexOf(target.kind);
  const sorted = targets
    .map((target, index) => ({ target, index }))
    .sort(
      (a, b) =>
        a.target.due_date.localeCompare(b.target.due_date) ||
        Number(a.target.added ?? false) - Number(b.target.added ?? false) ||
        order(a.target) - order(b.target) ||
        a.index - b.index,
    );
  const rows: Instalment[] = [];
  let owed = 0;
  for (const { target } of sorted) {
    if (target.cumulative_paise <= owed) continue;
    const amount = target.cumulative_paise - owed;
    owed = target.cumulative_paise;
    const last = rows.at(-1);
    if (last && last.kind === target.kind && last.due_date === target.due_date && last.added === target.added) {
      last.amount_paise += amount;
      last.cumulative_paise = owed;
      continue;
    }
    rows.push({
      kind: target.kind,
      amount_paise: amount,
      cumulative_paise: owed,
      due_date: target.due_date,
      ...(target.added ? { added: true as const } : {}),
    });
  }
  return rows;
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
 * What a payment of `amountPaise` is for, in the customer's words: the instalments with something outstanding it
 * reaches, in order ("Advance", "Advance and balance"); "Payment" when it reaches none.
 */
export function paymentTowardsLabel(instalments: readonly InstalmentState[], amountPaise: number): string {
  const words: string[] = [];
  let left = amountPaise;
  for (const row of instalments) {
    if (left <= 0) break;
    if (row.outstanding_paise <= 0) continue;
    const label = instalmentLabel(row);
    const word = words.length === 0 ? label : label.toLowerCase();
    if (!words.includes(word)) words.push(word);
    left -= row.outstanding_paise;
  }
  if (words.length === 0) return 'Payment';
  return words.length === 1 ? words[0]! : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

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
  /** What the team's credit notes took off its price (the adjustment rows, docs/gst.md#credit-note). */
  credited_paise: number;
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
    credited_paise: 0 - sum(['adjustment']),
    paid_paise: paid,
    refunded_paise: refunded,
    held_paise: held,
    due_paise: Math.max(0, charged - held),
  };
}

/**
 * What a booking costs: its price less what the team's credit notes took off it (docs/gst.md#credit-note). The
 * schedule, what may be paid and a cancellation's refund are all over this; the price stays the quote's.
 */
export function bookingCostPaise(pricePaise: number | null, creditedPaise: number): number | null {
  return pricePaise === null ? null : pricePaise - creditedPaise;
}

export type BookingMoneyInput = {
  status: BookingStatus;
  /** The booking's price in paise (`bookings.final_amount_paise`); null while it has no price. */
  totalPaise: number | null;
  /** What credit notes took off the price (`ledgerSums(...).credited_paise`). */
  creditedPaise: number;
  eventDate: string | null;
  /** India date the booking was confirmed (`bookings.confirmed_at`); null while quoted. */
  confirmedOn: string | null;
  /** Received and not owed back (`ledgerSums(...).held_paise`). */
  heldPaise: number;
  rules?: PaymentRules;
  today?: string;
  /** What the booking cost day by day (`ScheduleInput.costHistory`); the server reads it from the ledger. */
  costHistory?: readonly CostStep[];
  /** The customer's date change, if any (`ScheduleInput.dateChange`). */
  dateChange?: DateChange | null;
};

export type BookingMoney = DueSummary & {
  /** What the customer's "Pay" button asks for now: the next instalment's outstanding part (0: nothing to pay). */
  pay_now_paise: number;
};

/**
 * A booking's schedule and what is due on it, from its status, cost, dates and ledger: the one function My
 * Bookings, the admin's Receivables, the reminders and the payment orders all read. A booking without a price has
 * no schedule, nor has a cancelled one: it owes nothing.
 */
export function bookingMoney(input: BookingMoneyInput): BookingMoney {
  const rules = input.rules ?? DEFAULT_PAYMENT_RULES;
  const today = input.today ?? todayInIndia();
  const cost = bookingCostPaise(input.totalPaise, input.creditedPaise);
  // A cancelled booking owes nothing: its schedule is gone, what was paid and the refund tell its money.
  const schedule =
    cost === null || cost <= 0 || input.status === 'cancelled'
      ? []
      : paymentSchedule({
          totalPaise: cost,
          eventDate: input.eventDate,
          confirmedOn: input.confirmedOn,
          rules,
          today,
          costHistory: input.costHistory,
          dateChange: input.dateChange,
        });
  const summary = dueSummary(schedule, input.heldPaise, today, input.status === 'cancelled');
  return { ...summary, pay_now_paise: nextInstalmentPaise(input.status, summary, rules) };
}

/**
 * Statuses whose instalments are reminded (docs/decisions.md, "Payment reminders"): a booking that went ahead. A
 * quote asks for its booking amount itself (it is "due" every day until accepted) and a cancelled booking owes
 * nothing.
 */
export const REMINDER_STATUSES: readonly BookingStatus[] = ['confirmed', 'in_progress', 'completed'];

/** The first reminder goes out this many days before the instalment's due date. */
export const REMINDER_DAYS_BEFORE = 3;
/** A reminder whose day passed with no sweep (the server was down) is still sent up to this many days late. */
export const REMINDER_CATCH_UP_DAYS = 2;
/** Reminders are sent from this hour of the India day, so they arrive in the morning, not just after midnight. */
export const REMINDER_SEND_FROM_HOUR = 9;

/** Where a due date stands against today, in a reminder's words: still ahead, today, or past. */
export function reminderTiming(dueDate: string, today: string): AutomaticReminderStage {
  if (dueDate === today) return 'due';
  return dueDate > today ? 'before' : 'overdue';
}

/**
 * The reminder an instalment is due for today, if any (docs/product.md#payments): `before` 3 days ahead of its due
 * date, `due` on the day, `overdue` the day after; only while something of it is outstanding. A stage whose day
 * was missed is sent up to `REMINDER_CATCH_UP_DAYS` later (so a due date set 2 days ahead gets its `before` at
 * once), never a `before` on the due day nor an `overdue` for a date long gone.
 */
export function reminderStageOn(row: InstalmentState, today: string): AutomaticReminderStage | null {
  if (row.outstanding_paise <= 0) return null;
  const daysLeft = daysBetween(today, row.due_date);
  if (daysLeft === 0) return 'due';
  if (daysLeft > 0) {
    return daysLeft <= REMINDER_DAYS_BEFORE && daysLeft >= REMINDER_DAYS_BEFORE - REMINDER_CATCH_UP_DAYS
      ? 'before'
      : null;
  }
  return -daysLeft <= 1 + REMINDER_CATCH_UP_DAYS ? 'overdue' : null;
}

export type DueReminder = { instalment: InstalmentState; stage: AutomaticReminderStage };

/**
 * The automatic reminders a booking is due for today, from `bookingMoney`'s figures: one per instalment with
 * something outstanding whose stage falls today, on a booking that went ahead (`REMINDER_STATUSES`).
 */
export function dueReminders(status: BookingStatus, money: BookingMoney, today: string): DueReminder[] {
  if (!REMINDER_STATUSES.includes(status)) return [];
  return money.instalments.flatMap((instalment) => {
    const stage = reminderStageOn(instalment, today);
    return stage ? [{ instalment, stage }] : [];
  });
}

/**
 * Statuses whose event is reminded (docs/product.md#event-reminders): a booking that went ahead and whose event has
 * not happened. A quote or inquiry is not yet an event, and a cancelled booking has none.
 */
export const EVENT_REMINDER_STATUSES: readonly BookingStatus[] = ['confirmed', 'in_progress'];

/** Default of `EVENT_REMINDER_DAYS_BEFORE`: the reminder goes out this many India days before the event. */
export const EVENT_REMINDER_DEFAULT_DAYS_BEFORE = 2;

/**
 * Whether a booking's event reminder is due on an India day (docs/decisions.md, "Event reminders"): from
 * `daysBefore` days before the event until the day before it, on a booking that went ahead. A booking confirmed
 * (or moved) inside that window is reminded at once; on the event day itself, or after, nothing goes.
 */
export function eventReminderDue(
  status: BookingStatus,
  eventDate: string | null,
  today: string,
  daysBefore: number,
): boolean {
  if (!EVENT_REMINDER_STATUSES.includes(status) || eventDate === null) return false;
  const daysLeft = daysBetween(today, eventDate);
  return daysLeft >= 1 && daysLeft <= daysBefore;
}

/** The schedule in rupees, as My Bookings and the admin show it. */
export function toScheduleDto(money: BookingMoney): PaymentScheduleDto {
  return {
    instalments: money.instalments.map((row) => ({
      kind: row.kind,
      label: instalmentLabel(row),
      amount: paiseToRupees(row.amount_paise),
      due_date: row.due_date,
      paid: paiseToRupees(row.paid_paise),
      outstanding: paiseToRupees(row.outstanding_paise),
      days_overdue: row.days_overdue,
    })),
    outstanding: paiseToRupees(money.outstanding_paise),
    due_now: paiseToRupees(money.due_now_paise),
    pay_now:
      money.pay_now_paise > 0 && money.next
        ? {
            kind: money.next.kind,
            label: instalmentLabel(money.next),
            amount: paiseToRupees(money.pay_now_paise),
            due_date: money.next.due_date,
          }
        : null,
  };
}

/**
 * The advance instalment when it is past its due date with something still unpaid, else null: the case in which
 * the business may release the event date (cancel as the customer's cancellation). What a price rise added to the
 * advance after its due date does not count: a customer who paid the advance on time keeps the date.
 */
export function overdueAdvance(summary: DueSummary): InstalmentState | null {
  const advance = summary.instalments.find((row) => row.kind === 'advance' && !row.added);
  return advance && advance.outstanding_paise > 0 && advance.days_overdue > 0 ? advance : null;
}
