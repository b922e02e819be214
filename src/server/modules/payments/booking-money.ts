import { and, eq, inArray, min, sql } from 'drizzle-orm';
import { bookingDueSummary, type DueSummary, type LedgerSums, type PaymentRules } from '../../../shared/booking-rules';
import { isoDateInIndia, todayInIndia } from '../../../shared/dates';
import type { Executor } from '../../db/client';
import { auditLog, type bookings } from '../../db/schema';
import { ledgerRows, sumsOf, type LedgerRow } from './ledger';
import { currentPaymentRules } from './payment-rules.service';

/*
 * A booking's money as every view reads it (docs/decisions.md, "Payment schedule and refunds on real money"): its
 * ledger rows, the day it was confirmed and the schedule's figures from the shared `bookingDueSummary`.
 */

type BookingRow = typeof bookings.$inferSelect;

/**
 * The India date each booking became confirmed: the first audit row that moved it to `confirmed`
 * (`booking.status_changed` with `to: 'confirmed'`). Every way of confirming writes one (the paid booking amount,
 * an admin's status move), which the ledger's first charge does not (an admin's move writes no charge). A
 * booking with none (quoted, or never confirmed) is absent from the map; the schedule then counts from today.
 */
export async function confirmationDates(db: Executor, bookingIds: readonly string[]): Promise<Map<string, string>> {
  if (bookingIds.length === 0) return new Map();
  const rows = await db
    .select({ bookingId: auditLog.entityId, at: min(auditLog.createdAt) })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entityType, 'booking'),
        eq(auditLog.action, 'booking.status_changed'),
        sql`${auditLog.data}->>'to' = 'confirmed'`,
        inArray(auditLog.entityId, [...bookingIds]),
      ),
    )
    .groupBy(auditLog.entityId);
  return new Map(rows.flatMap((row) => (row.at ? [[row.bookingId, isoDateInIndia(new Date(row.at))]] : [])));
}

export type BookingMoney = {
  booking: BookingRow;
  ledger: LedgerRow[];
  sums: LedgerSums;
  confirmedOn: string | null;
  summary: DueSummary;
};

/**
 * The schedule's figures of each booking today, read on `db` (the caller's transaction when it has locked the
 * rows): `bookingDueSummary` over its ledger, its confirmation date and the current payment rules.
 */
export async function bookingMoney(
  db: Executor,
  rows: readonly BookingRow[],
  options: { today?: string; rules?: PaymentRules } = {},
): Promise<BookingMoney[]> {
  const ids = rows.map((row) => row.id);
  const [ledger, confirmed, rules] = await Promise.all([
    ledgerRows(db, ids),
    confirmationDates(db, ids),
    options.rules ?? currentPaymentRules(db),
  ]);
  const today = options.today ?? todayInIndia();
  const byBooking = new Map<string, LedgerRow[]>();
  for (const entry of ledger) {
    const list = byBooking.get(entry.bookingId);
    if (list) list.push(entry);
    else byBooking.set(entry.bookingId, [entry]);
  }
  return rows.map((booking) => {
    const entries = byBooking.get(booking.id) ?? [];
    const confirmedOn = confirmed.get(booking.id) ?? null;
    return {
      booking,
      ledger: entries,
      sums: sumsOf(entries),
      confirmedOn,
      summary: bookingDueSummary({
        status: booking.status,
        finalAmountPaise: booking.finalAmountPaise,
        eventDate: booking.eventDate,
        confirmedOn,
        ledger: entries.map((entry) => ({ kind: entry.kind, amount_paise: entry.amountPaise })),
        rules,
        today,
      }),
    };
  });
}
