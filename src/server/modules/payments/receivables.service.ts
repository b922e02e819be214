import { and, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { instalmentLabel, overdueAdvance, type InstalmentState } from '../../../shared/booking-rules';
import { toCsv } from '../../../shared/csv';
import { addDays, formatLongDate, todayInIndia } from '../../../shared/dates';
import { canMoveBooking, enumWords } from '../../../shared/domain';
import { paiseToRupees } from '../../../shared/pricing';
import {
  receivablesCsvQuerySchema,
  receivablesQuerySchema,
  releaseDateInputSchema,
  type ReceivableDto,
  type ReceivablesCsvQuery,
  type ReceivablesPageDto,
  type ReceivablesQuery,
  type ReceivableStatus,
  type ReleaseDateInput,
  type ReleaseDateResult,
} from '../../../shared/schemas/money';
import { phoneSearchDigits } from '../../../shared/schemas/common';
import { bookingLedger, bookings } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { containsPattern } from '../../lib/search';
import { quoteReference } from '../../mail/templates';
import type { ServiceDeps } from '../../context';
import { applyCancellation, refundFor, toRefundPreviewDto } from '../bookings/cancellation';
import { BOOKING_NOT_FOUND } from '../bookings/ownership';
import { bookingsMoney, type BookingMoneyRow } from './booking-money';

/*
 * Receivables (docs/product.md#money): one row per booking that owes the payment schedule, with the figures of
 * the shared `bookingMoney` over its ledger, so this view, My Bookings and the CSV file agree to the paisa.
 */

type Filters = {
  q?: string;
  status?: ReceivableStatus;
  overdue: boolean;
  due_within_days?: number;
};

const OWING: ReceivableStatus[] = ['confirmed', 'in_progress', 'completed'];

const paymentOfBooking = sql`${bookingLedger.bookingId} = ${bookings.id} and ${bookingLedger.kind} = 'payment'`;

/** The booking holds at least one payment in its ledger. */
export const holdsPayment = sql`exists (select 1 from ${bookingLedger} where ${paymentOfBooking})`;

/** Confirmed, in progress and completed bookings, and quoted ones that already hold a payment. */
function inScope(status: ReceivableStatus | undefined): SQL {
  const quotedWithMoney = and(eq(bookings.status, 'quoted'), holdsPayment)!;
  if (status === 'quoted') return quotedWithMoney;
  if (status) return eq(bookings.status, status);
  return or(inArray(bookings.status, OWING), quotedWithMoney)!;
}

/**
 * `q` matches client name, e-mail or phone (a phone typed as people write it too, as the Customers search does),
 * event name, or the start of the booking reference.
 */
function search(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const pattern = containsPattern(q);
  const phoneDigits = phoneSearchDigits(q);
  return or(
    ilike(bookings.clientName, pattern),
    ilike(bookings.clientEmail, pattern),
    ilike(bookings.clientPhone, pattern),
    // A number typed with spaces, dashes or a 0 or +91 in front finds the stored +91 number.
    phoneDigits ? ilike(bookings.clientPhone, containsPattern(phoneDigits)) : undefined,
    ilike(bookings.eventName, pattern),
    /^[0-9a-f]{1,8}$/i.test(q) ? sql`${bookings.id}::text like ${`${q.toLowerCase()}%`}` : undefined,
  );
}

function compareNullLast(a: string | null | undefined, b: string | null | undefined): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  return a < b ? -1 : 1;
}

/**
 * Every booking the filters match with its figures today, most days overdue first, then the nearest next due
 * date, then the nearest event.
 */
async function matchingReceivables(deps: ServiceDeps, filters: Filters, today: string): Promise<BookingMoneyRow[]> {
  const rows = await deps.db
    .select()
    .from(bookings)
    .where(and(inScope(filters.status), search(filters.q)));
  const horizon = filters.due_within_days === undefined ? null : addDays(today, filters.due_within_days);
  return (await bookingsMoney(deps.db, rows, { today }))
    .filter(({ summary }) => !filters.overdue || summary.days_overdue > 0)
    .filter(({ summary }) => horizon === null || (summary.next !== null && summary.next.due_date <= horizon))
    .sort(
      (a, b) =>
        b.summary.days_overdue - a.summary.days_overdue ||
        compareNullLast(a.summary.next?.due_date, b.summary.next?.due_date) ||
        compareNullLast(a.booking.eventDate, b.booking.eventDate) ||
        a.booking.id.localeCompare(b.booking.id),
    );
}

function nextDue(next: InstalmentState | null): ReceivableDto['next_due'] {
  if (!next) return null;
  return {
    instalment: next.kind,
    label: instalmentLabel(next),
    due_date: next.due_date,
    amount: paiseToRupees(next.outstanding_paise),
  };
}

/** One row of Receivables; `release` carries the refund a release would give, by the customer-cancellation terms. */
function toReceivableDto({ booking, confirmedOn, sums, summary }: BookingMoneyRow, today: string): ReceivableDto {
  const advance = overdueAdvance(summary);
  const releasable = advance !== null && canMoveBooking(booking.status, 'cancelled');
  return {
    booking_id: booking.id,
    reference: quoteReference(booking.id),
    event_name: booking.eventName,
    client_name: booking.clientName,
    client_email: booking.clientEmail,
    client_phone: booking.clientPhone,
    event_date: booking.eventDate,
    status: booking.status as ReceivableStatus,
    confirmed_on: confirmedOn,
    total: paiseToRupees(summary.total_paise),
    paid: paiseToRupees(summary.paid_paise),
    due_now: paiseToRupees(summary.due_now_paise),
    outstanding: paiseToRupees(summary.outstanding_paise),
    next_due: nextDue(summary.next),
    days_overdue: summary.days_overdue,
    release: releasable
      ? {
          advance_due_date: advance.due_date,
          refund: toRefundPreviewDto(refundFor(booking, sums, 'customer', today)),
        }
      : null,
  };
}

/**
 * The admin's Receivables (docs/product.md#money): a page of bookings with their schedule figures, and the
 * totals over every booking the filters match (not just the page), summed in paise from the same figures.
 */
export async function listReceivables(deps: ServiceDeps, query: ReceivablesQuery = {}): Promise<ReceivablesPageDto> {
  const { limit, offset, ...filters } = receivablesQuerySchema.parse(query);
  const today = todayInIndia();
  const matching = await matchingReceivables(deps, filters, today);
  const sum = (pick: (money: BookingMoneyRow) => number) => paiseToRupees(matching.reduce((s, m) => s + pick(m), 0));
  return {
    items: matching.slice(offset, offset + limit).map((money) => toReceivableDto(money, today)),
    total: matching.length,
    totals: {
      bookings: matching.length,
      overdue_bookings: matching.filter((m) => m.summary.days_overdue > 0).length,
      total: sum((m) => m.summary.total_paise),
      paid: sum((m) => m.summary.paid_paise),
      due_now: sum((m) => m.summary.due_now_paise),
      outstanding: sum((m) => m.summary.outstanding_paise),
    },
    as_of: today,
  };
}

/** The columns of the Receivables CSV, in order. */
const RECEIVABLES_CSV_COLUMNS = [
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
] as const;

/**
 * Receivables as a CSV file (docs/api.md): every booking the filters match, in the list's order, with the list's
 * figures; written by the shared CSV rule (formula triggers neutralised, BOM, CRLF).
 */
export async function receivablesCsv(
  deps: ServiceDeps,
  query: ReceivablesCsvQuery = {},
): Promise<{ fileName: string; csv: string }> {
  const filters = receivablesCsvQuerySchema.parse(query);
  const today = todayInIndia();
  const rows = (await matchingReceivables(deps, filters, today)).map((money) => {
    const row = toReceivableDto(money, today);
    return {
      reference: row.reference,
      event_name: row.event_name,
      client_name: row.client_name,
      client_email: row.client_email,
      client_phone: row.client_phone,
      event_date: row.event_date,
      status: enumWords(row.status),
      confirmed_on: row.confirmed_on,
      total: row.total,
      paid: row.paid,
      due_now: row.due_now,
      next_due_date: row.next_due?.due_date ?? null,
      next_instalment: row.next_due?.label ?? null,
      next_amount: row.next_due?.amount ?? null,
      days_overdue: row.days_overdue,
      outstanding: row.outstanding,
    } satisfies Record<(typeof RECEIVABLES_CSV_COLUMNS)[number], unknown>;
  });
  return { fileName: `receivables-${today}.csv`, csv: toCsv(rows, { columns: RECEIVABLES_CSV_COLUMNS }) };
}

/** Why a booking's date cannot be released, in the admin's words. */
function notReleasable(money: BookingMoneyRow): AppError {
  const { booking, summary } = money;
  if (!canMoveBooking(booking.status, 'cancelled')) {
    return new AppError('CONFLICT', `This booking is ${enumWords(booking.status)}; its date can no longer be released`);
  }
  // Its own part: what a price rise added to it after its due date never releases the date.
  const advance = summary.instalments.find((row) => row.kind === 'advance' && !row.added);
  if (!advance || advance.outstanding_paise === 0) {
    return new AppError('CONFLICT', 'The advance of this booking is paid; its date cannot be released');
  }
  return new AppError(
    'CONFLICT',
    `The advance of this booking is due on ${formatLongDate(advance.due_date)} ` +
      'and is not overdue; its date cannot be released yet',
  );
}

/**
 * "Release the date" (docs/product.md#money): a booking whose advance is overdue is cancelled as the customer's
 * cancellation, through the one cancellation path (`applyCancellation`, refund by the terms on what the ledger
 * holds), and audited with the overdue advance. 409 when the advance is not overdue or the booking cannot be
 * cancelled; 404 for an unknown booking.
 */
export async function releaseBookingDate(
  deps: ServiceDeps,
  input: ReleaseDateInput,
  adminId: string,
): Promise<ReleaseDateResult> {
  const { id } = releaseDateInputSchema.parse(input);
  const { refund, eventName } = await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(bookings).where(eq(bookings.id, id)).limit(1).for('update');
    if (!row) throw new AppError('NOT_FOUND', BOOKING_NOT_FOUND);
    const [money] = await bookingsMoney(tx, [row]);
    const advance = overdueAdvance(money!.summary);
    if (!advance || !canMoveBooking(row.status, 'cancelled')) throw notReleasable(money!);
    const cancelled = await applyCancellation(deps, tx, row, 'customer', adminId, {
      kind: 'advance_overdue',
      advanceDueDate: advance.due_date,
    });
    await writeAudit(tx, {
      actorUserId: adminId,
      action: 'booking.date_released',
      entityType: 'booking',
      entityId: row.id,
      data: {
        advance_due_date: advance.due_date,
        days_overdue: advance.days_overdue,
        advance_outstanding_paise: advance.outstanding_paise,
        held_paise: money!.summary.paid_paise,
        refund_paise: cancelled.refund.refund_amount_paise,
      },
    });
    return { refund: cancelled.refund, eventName: row.eventName };
  });
  return {
    message: `Date released: ${eventName} is cancelled`,
    booking_id: id,
    refund: toRefundPreviewDto(refund),
  };
}
