import {
  bookingMoney,
  type BookingMoney,
  type CostStep,
  type LedgerSums,
  type PaymentRules,
} from '../../../shared/booking-rules';
import { isoDateInIndia, todayInIndia } from '../../../shared/dates';
import type { Executor } from '../../db/client';
import type { bookings } from '../../db/schema';
import { ledgerRows, sumsOf, type LedgerRow } from './ledger';
import { bookingPaymentRules, currentPaymentRules } from './payment-rules.service';

/*
 * Bookings' money as every list reads it (docs/decisions.md, "Instalments and payments recorded by hand"): each
 * booking's ledger rows and the figures of the shared `bookingMoney` over them, its confirmation day
 * (`bookings.confirmed_at`) and the payment rules it was confirmed under (`bookingPaymentRules`).
 */

type BookingRow = typeof bookings.$inferSelect;

export type BookingMoneyRow = {
  booking: BookingRow;
  ledger: LedgerRow[];
  sums: LedgerSums;
  confirmedOn: string | null;
  summary: BookingMoney;
};

/** The schedule's figures of each booking today, read on `db` (the caller's transaction when it locked the rows). */
export async function bookingsMoney(
  db: Executor,
  rows: readonly BookingRow[],
  options: { today?: string; rules?: PaymentRules } = {},
): Promise<BookingMoneyRow[]> {
  const [ledger, rules] = await Promise.all([
    ledgerRows(
      db,
      rows.map((row) => row.id),
    ),
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
    return { booking, ledger: entries, ...moneyOfBooking(booking, entries, rules, today) };
  });
}

/**
 * One booking's figures from its ledger rows: the one way every service calls `bookingMoney`, with the booking's
 * own payment rules (`bookingPaymentRules` over the current ones), its cost day by day (`costHistory`) and its date
 * change.
 */
export function moneyOfBooking(
  booking: BookingRow,
  ledger: readonly LedgerRow[],
  currentRules: PaymentRules,
  today: string = todayInIndia(),
): Omit<BookingMoneyRow, 'booking' | 'ledger'> {
  const sums = sumsOf(ledger);
  const confirmedOn = booking.confirmedAt ? isoDateInIndia(booking.confirmedAt) : null;
  return {
    sums,
    confirmedOn,
    summary: bookingMoney({
      status: booking.status,
      totalPaise: booking.finalAmountPaise,
      creditedPaise: sums.credited_paise,
      eventDate: booking.eventDate,
      confirmedOn,
      heldPaise: sums.held_paise,
      rules: bookingPaymentRules(booking, currentRules),
      today,
      costHistory: costHistory(ledger),
      dateChange:
        booking.dateChangedAt && booking.originalEventDate
          ? { fromEventDate: booking.originalEventDate, on: isoDateInIndia(booking.dateChangedAt) }
          : null,
    }),
  };
}

/**
 * What a booking cost at the end of each India day on which its charges or credit notes moved, oldest first: the
 * schedule owes what a price rise added from the day of the rise (docs/product.md#money-added-after-a-due-date).
 */
export function costHistory(ledger: readonly LedgerRow[]): CostStep[] {
  const moves = ledger
    .filter((row) => row.kind === 'charge' || row.kind === 'adjustment')
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const steps: CostStep[] = [];
  let cost = 0;
  for (const row of moves) {
    cost += row.amountPaise;
    const on = isoDateInIndia(row.createdAt);
    const last = steps.at(-1);
    if (last?.on === on) last.cost_paise = cost;
    else steps.push({ on, cost_paise: cost });
  }
  return steps;
}
