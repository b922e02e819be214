import { bookingMoney, type BookingMoney, type LedgerSums, type PaymentRules } from '../../../shared/booking-rules';
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
    const sums = sumsOf(entries);
    const confirmedOn = booking.confirmedAt ? isoDateInIndia(booking.confirmedAt) : null;
    return {
      booking,
      ledger: entries,
      sums,
      confirmedOn,
      summary: bookingMoney({
        status: booking.status,
        totalPaise: booking.finalAmountPaise,
        creditedPaise: sums.credited_paise,
        eventDate: booking.eventDate,
        confirmedOn,
        heldPaise: sums.held_paise,
        rules: bookingPaymentRules(booking, rules),
        today,
      }),
    };
  });
}
