import { z } from 'zod';
import type { InstalmentKind } from '../booking-rules';
import { addDays, todayInIndia } from '../dates';
import type { BookingStatus, PaymentMethod } from '../domain';
import { daysBetween } from '../refund-policy';
import type { RefundPreviewDto } from './account';
import {
  flagParamSchema,
  listQuerySchema,
  optionalDateParamSchema,
  optionalIntParamSchema,
  uuidSchema,
} from './common';

/*
 * The admin's money views (docs/product.md#money): Receivables, what each booking owes by the payment schedule,
 * and Collections, the money received and refunds paid out over a range of days. Both read the booking ledger.
 */

// ---------------------------------------------------------------------------------------------------------------
// Receivables

/** The bookings Receivables lists: those that owe the schedule, and quoted ones that already hold money. */
export const RECEIVABLE_STATUSES = [
  'quoted',
  'confirmed',
  'in_progress',
  'completed',
] as const satisfies readonly BookingStatus[];
export type ReceivableStatus = (typeof RECEIVABLE_STATUSES)[number];

/** The filters of the Receivables list and its CSV file. */
const receivablesFilterFields = {
  status: z.enum(RECEIVABLE_STATUSES, { error: `Status must be one of: ${RECEIVABLE_STATUSES.join(', ')}` }).optional(),
  /** Only bookings with an instalment past its due date. */
  overdue: flagParamSchema('Overdue'),
  /** Only bookings whose next instalment falls due within this many days from today (overdue ones included). */
  due_within_days: optionalIntParamSchema('Due within days', 0, 365),
};

/**
 * The Receivables list: most days overdue first, then the nearest next due date; 20 a page by default, up to
 * 100; `q` searches client name, e-mail and phone, event name and the booking reference.
 */
export const receivablesQuerySchema = listQuerySchema(20, 100).extend(receivablesFilterFields);
export type ReceivablesQuery = z.input<typeof receivablesQuerySchema>;

/** The Receivables CSV: the same filters, every matching booking. */
export const receivablesCsvQuerySchema = receivablesQuerySchema.omit({ limit: true, offset: true });
export type ReceivablesCsvQuery = z.input<typeof receivablesCsvQuerySchema>;

/** The next instalment with something unpaid: its label (`INSTALMENT_LABELS`), due date and unpaid part. */
export type NextDueDto = { instalment: InstalmentKind; label: string; due_date: string; amount: number };

/** One booking's money by the schedule (`bookingMoney`), in rupees. */
export type ReceivableDto = {
  booking_id: string;
  reference: string;
  event_name: string;
  client_name: string;
  client_email: string;
  client_phone: string | null;
  event_date: string | null;
  status: ReceivableStatus;
  /** India date the booking became confirmed; null while quoted. */
  confirmed_on: string | null;
  total: number;
  /** Received and not owed back (the ledger's held sum). */
  paid: number;
  /** Of the outstanding amount, what is due today or earlier. */
  due_now: number;
  outstanding: number;
  next_due: NextDueDto | null;
  days_overdue: number;
  /** Set while the advance is overdue: releasing the date cancels as the customer's cancellation, refunding this. */
  release: { advance_due_date: string; refund: RefundPreviewDto } | null;
};

/** Sums over every booking the filters match, not just the page shown. */
export type ReceivablesTotalsDto = {
  bookings: number;
  overdue_bookings: number;
  total: number;
  paid: number;
  due_now: number;
  outstanding: number;
};

export type ReceivablesPageDto = {
  items: ReceivableDto[];
  total: number;
  totals: ReceivablesTotalsDto;
  /** The India date the figures were computed for. */
  as_of: string;
};

export const releaseDateInputSchema = z.object({ id: uuidSchema });
export type ReleaseDateInput = z.input<typeof releaseDateInputSchema>;

export type ReleaseDateResult = { message: string; booking_id: string; refund: RefundPreviewDto };

// ---------------------------------------------------------------------------------------------------------------
// Collections

/** The longest range Collections reads at once: a year, leap day included. */
export const COLLECTIONS_MAX_DAYS = 366;

const collectionsRangeFields = { from: optionalDateParamSchema('From'), to: optionalDateParamSchema('To') };

/**
 * The range as asked, with the defaults filled in: no dates is this month so far (India); a missing `to` is today
 * (or `from` when that is later), a missing `from` the first day of `to`'s month. `from` after `to`, or a range
 * longer than `COLLECTIONS_MAX_DAYS`, is a problem at `to`.
 */
function resolveRange<T extends { from?: string; to?: string }>(
  value: T,
  ctx: z.RefinementCtx,
): Omit<T, 'from' | 'to'> & { from: string; to: string } {
  const today = todayInIndia();
  const to = value.to ?? (value.from && value.from > today ? value.from : today);
  const from = value.from ?? `${to.slice(0, 8)}01`;
  if (from > to) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'To must be on or after From' });
  } else if (daysBetween(from, to) + 1 > COLLECTIONS_MAX_DAYS) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: `A range can be at most ${COLLECTIONS_MAX_DAYS} days` });
  }
  return { ...value, from, to };
}

/** Collections over a range of India dates, with the ledger rows behind it 50 a page (up to 200). */
export const collectionsQuerySchema = listQuerySchema(50, 200)
  .omit({ q: true })
  .extend(collectionsRangeFields)
  .transform(resolveRange);
export type CollectionsQuery = z.input<typeof collectionsQuerySchema>;

/** The Collections CSV: every ledger row of the range. */
export const collectionsCsvQuerySchema = z.object(collectionsRangeFields).transform(resolveRange);
export type CollectionsCsvQuery = z.input<typeof collectionsCsvQuerySchema>;

/** Money received by method (rupees), with payments whose method was not recorded apart. */
export type CollectionsFiguresDto = {
  by_method: Record<PaymentMethod, number>;
  method_not_recorded: number;
  received: number;
  refunds_paid: number;
  /** Received less refunds paid out. */
  net: number;
};

export type CollectionsDayDto = CollectionsFiguresDto & { date: string };

/** One ledger row that moved money: a payment on the day it was recorded, a refund on the day it was paid out. */
export type CollectionEntryDto = {
  id: string;
  /** The India date it counts on. */
  date: string;
  at: string;
  kind: 'payment' | 'refund';
  method: PaymentMethod | null;
  amount: number;
  /** The payment's UTR or other reference; for a refund, the reference recorded when it was paid out. */
  reference: string | null;
  booking_id: string;
  booking_reference: string;
  event_name: string;
  client_name: string;
  note: string | null;
};

export type CollectionsDto = {
  from: string;
  to: string;
  /** Days with money moved, oldest first. */
  days: CollectionsDayDto[];
  totals: CollectionsFiguresDto;
  /** The ledger rows of the range, oldest first, one page of them. */
  entries: CollectionEntryDto[];
  total_entries: number;
};

/** The first and last day of the month a date falls in (the client's "this month" and "last month"). */
export function monthOf(isoDate: string): { from: string; to: string } {
  const from = `${isoDate.slice(0, 8)}01`;
  const nextMonth = addDays(from, 32);
  return { from, to: addDays(`${nextMonth.slice(0, 8)}01`, -1) };
}
