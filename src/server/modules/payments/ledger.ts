import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ledgerSums, type LedgerSums } from '../../../shared/booking-rules';
import type { PaymentMethod } from '../../../shared/domain';
import type { Executor } from '../../db/client';
import { bookingLedger } from '../../db/schema';

/**
 * A booking's money ledger (docs/decisions.md, "Payment schedule and refunds on real money"): rows are only ever
 * added; the figures every page, e-mail and CSV shows are `ledgerSums` over them.
 */
export type LedgerRow = typeof bookingLedger.$inferSelect;

export async function ledgerRows(db: Executor, bookingIds: string[]): Promise<LedgerRow[]> {
  if (bookingIds.length === 0) return [];
  return db
    .select()
    .from(bookingLedger)
    .where(inArray(bookingLedger.bookingId, bookingIds))
    .orderBy(asc(bookingLedger.createdAt), asc(bookingLedger.id));
}

export function sumsOf(rows: readonly LedgerRow[]): LedgerSums {
  return ledgerSums(rows.map((row) => ({ kind: row.kind, amount_paise: row.amountPaise })));
}

/** The sums of one booking, read on the caller's transaction (after the booking row is locked). */
export async function bookingSums(db: Executor, bookingId: string): Promise<LedgerSums> {
  return sumsOf(await ledgerRows(db, [bookingId]));
}

export type PaymentEntry = {
  bookingId: string;
  amountPaise: number;
  method: PaymentMethod;
  reference?: string | null;
  paymentOrderId?: string | null;
  actorUserId: string | null;
  note: string;
};

/** Money received. An order is received once: a second row for the same order is refused by the index. */
export async function addPayment(tx: Executor, entry: PaymentEntry): Promise<LedgerRow | null> {
  const [row] = await tx
    .insert(bookingLedger)
    .values({
      bookingId: entry.bookingId,
      kind: 'payment',
      amountPaise: entry.amountPaise,
      method: entry.method,
      reference: entry.reference ?? null,
      paymentOrderId: entry.paymentOrderId ?? null,
      actorUserId: entry.actorUserId,
      note: entry.note,
    })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/** Money owed back, pointing at the `refunds` row an admin pays it out through. */
export async function addRefund(
  tx: Executor,
  entry: { bookingId: string; amountPaise: number; refundId: string; actorUserId: string | null; note: string },
): Promise<void> {
  if (entry.amountPaise <= 0) return;
  await tx.insert(bookingLedger).values({ kind: 'refund', ...entry });
}

/**
 * Takes back what a refund owed (`withdrawOwedBack`): each of its rows not yet reversed gets its reversal, the
 * same kind with the opposite amount and `reverses_id` set, so the ledger stays rows only ever added.
 */
export async function reverseRefundRows(
  tx: Executor,
  refundId: string,
  actorUserId: string | null,
  note: string,
): Promise<void> {
  const reversal = alias(bookingLedger, 'reversal');
  const open = await tx
    .select({ id: bookingLedger.id, bookingId: bookingLedger.bookingId, amountPaise: bookingLedger.amountPaise })
    .from(bookingLedger)
    .leftJoin(reversal, eq(reversal.reversesId, bookingLedger.id))
    .where(
      and(
        eq(bookingLedger.refundId, refundId),
        eq(bookingLedger.kind, 'refund'),
        isNull(bookingLedger.reversesId),
        isNull(reversal.id),
      ),
    );
  for (const row of open) {
    await tx.insert(bookingLedger).values({
      bookingId: row.bookingId,
      kind: 'refund',
      amountPaise: -row.amountPaise,
      refundId,
      reversesId: row.id,
      actorUserId,
      note,
    });
  }
}

/**
 * The booking's price changed (confirmed, re-priced, guests or add-ons changed, a subscriber's discount): its charge
 * rows follow the price with one row for the difference, and what the team's credit notes took off (the adjustment
 * rows) stays off, so it costs the price less what was credited (docs/gst.md#credit-note).
 */
export async function chargePrice(
  tx: Executor,
  bookingId: string,
  pricePaise: number,
  actorUserId: string | null,
  note: string,
): Promise<void> {
  await chargeTo(tx, bookingId, pricePaise, ['charge'], actorUserId, note);
}

/**
 * Brings what the booking costs in all (charges and adjustments) to `targetPaise` with one row for the difference:
 * what the business keeps when it is cancelled.
 */
export async function setCharge(
  tx: Executor,
  bookingId: string,
  targetPaise: number,
  actorUserId: string | null,
  note: string,
): Promise<void> {
  await chargeTo(tx, bookingId, targetPaise, ['charge', 'adjustment'], actorUserId, note);
}

async function chargeTo(
  tx: Executor,
  bookingId: string,
  targetPaise: number,
  kinds: readonly ('charge' | 'adjustment')[],
  actorUserId: string | null,
  note: string,
): Promise<void> {
  const [row] = await tx
    .select({ charged: sql<string>`coalesce(sum(${bookingLedger.amountPaise}), 0)` })
    .from(bookingLedger)
    .where(and(eq(bookingLedger.bookingId, bookingId), inArray(bookingLedger.kind, [...kinds])));
  const difference = targetPaise - Number(row?.charged ?? 0);
  if (difference === 0) return;
  await tx.insert(bookingLedger).values({ bookingId, kind: 'charge', amountPaise: difference, actorUserId, note });
}
