import { and, eq, sql } from 'drizzle-orm';
import { bookingCostPaise, paymentTowardsLabel, maxPayablePaise, toScheduleDto } from '../../../shared/booking-rules';
import { formatLongDate, isoDateInIndia } from '../../../shared/dates';
import { enumWords } from '../../../shared/domain';
import { formatInr } from '../../../shared/money';
import { paiseToRupees, rupeesToPaise } from '../../../shared/pricing';
import {
  PAYMENT_METHOD_REFERENCE_LABELS,
  PAYMENT_METHOD_WORDS,
  recordBookingPaymentInputSchema,
  type RecordBookingPaymentInput,
} from '../../../shared/schemas/account';
import { bookingIdInputSchema } from '../../../shared/schemas/admin';
import type { BookingAccountDto } from '../../../shared/schemas/payments';
import type { ServiceDeps } from '../../context';
import type { Executor } from '../../db/client';
import { bookingLedger, bookings, refunds } from '../../db/schema';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import { BOOKING_NOT_FOUND } from '../bookings/ownership';
import { bookingsMoney, moneyOfBooking } from './booking-money';
import { ledgerRows } from './ledger';
import { claimUtr, receiveBookingPayment, UTR_TAKEN } from './payment-orders.service';
import { requireGstDetailsForPayment } from '../gst/gst-documents.service';
import { bookingPaymentRules, currentPaymentRules } from './payment-rules.service';

/**
 * A booking's money as the admin reads it: the ledger row by row, its sums and the payment schedule
 * (docs/decisions.md, "Payment schedule and refunds on real money"), the figures My Bookings shows from the same
 * rules.
 */
export async function bookingAccount(deps: ServiceDeps, input: { id: string }): Promise<BookingAccountDto> {
  const { id } = bookingIdInputSchema.parse(input);
  return accountOf(deps.db, id);
}

async function accountOf(db: Executor, id: string): Promise<BookingAccountDto> {
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, id)).limit(1);
  if (!booking) throw new AppError('NOT_FOUND', BOOKING_NOT_FOUND);
  const rules = await currentPaymentRules(db);
  const { ledger: rows, sums, summary: money } = (await bookingsMoney(db, [booking], { rules }))[0]!;
  const [due] = await db
    .select({ paise: sql<string>`coalesce(sum(${refunds.amountPaise}), 0)` })
    .from(refunds)
    .where(and(eq(refunds.bookingId, booking.id), eq(refunds.status, 'due')));
  return {
    booking_id: booking.id,
    status: booking.status,
    total: booking.finalAmountPaise === null ? null : paiseToRupees(booking.finalAmountPaise),
    credited: paiseToRupees(sums.credited_paise),
    confirmed_on: booking.confirmedAt ? isoDateInIndia(booking.confirmedAt) : null,
    paid: paiseToRupees(sums.paid_paise),
    refunded: paiseToRupees(sums.refunded_paise),
    owed_back: paiseToRupees(Number(due?.paise ?? 0)),
    held: paiseToRupees(sums.held_paise),
    /** The most the team may record now (the booking amount while quoted, what is left afterwards). */
    can_record_up_to: paiseToRupees(
      maxPayablePaise(
        booking.status,
        bookingCostPaise(booking.finalAmountPaise, sums.credited_paise),
        sums.held_paise,
        bookingPaymentRules(booking, rules),
      ),
    ),
    schedule: toScheduleDto(money),
    ledger: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      amount: paiseToRupees(row.amountPaise),
      method: row.method,
      reference: row.reference,
      note: row.note,
      created_at: row.createdAt.toISOString(),
    })),
  };
}

/**
 * The team records money received against a booking by hand (docs/product.md#payments): UPI with its UTR, a bank
 * transfer, cash or a cheque, with its reference; the whole of what is due or a part of it. It may not exceed what
 * the booking can take now (`maxPayablePaise`: what is left of the booking amount while quoted, of the total
 * afterwards); an inquiry or a cancelled booking takes none. Money that covers the booking amount confirms a quoted
 * booking. The booking's open order is expired, so the customer's next "Pay" asks for what is left. A UTR already
 * recorded (on an order or a booking) is a 409.
 */
export async function recordBookingPayment(
  deps: ServiceDeps,
  input: RecordBookingPaymentInput,
  adminId: string,
): Promise<BookingAccountDto & { message: string }> {
  const data = recordBookingPaymentInputSchema.parse(input);
  const amountPaise = rupeesToPaise(data.amount);
  try {
    await deps.db.transaction(async (tx) => {
      const [booking] = await tx.select().from(bookings).where(eq(bookings.id, data.id)).limit(1).for('update');
      if (!booking) throw new AppError('NOT_FOUND', BOOKING_NOT_FOUND);
      await requireGstDetailsForPayment(deps, tx, booking);
      const currentRules = await currentPaymentRules(tx);
      const money = moneyOfBooking(booking, await ledgerRows(tx, [booking.id]), currentRules);
      const { held_paise: held, credited_paise: credited } = money.sums;
      const rules = bookingPaymentRules(booking, currentRules);
      const max = maxPayablePaise(booking.status, bookingCostPaise(booking.finalAmountPaise, credited), held, rules);
      if (max <= 0) {
        throw new AppError(
          'CONFLICT',
          booking.status === 'inquiry' || booking.status === 'cancelled'
            ? `Payments are not taken on this booking; it is ${enumWords(booking.status)}`
            : 'Nothing is left to pay on this booking',
        );
      }
      if (amountPaise > max) {
        throw new AppError(
          'CONFLICT',
          `At most ${formatInr(paiseToRupees(max))} can be recorded on this ` +
            `booking now${booking.status === 'quoted' ? ' (the booking amount)' : ''}`,
          { field: 'amount' },
        );
      }
      if (data.method === 'upi') {
        await claimUtr(tx, data.reference);
      } else {
        // A cheque number, cash receipt or bank reference recorded twice on one booking is the same money twice
        // (a second click, two people recording one cheque); the booking's row lock orders two at once.
        const [same] = await tx
          .select({ amountPaise: bookingLedger.amountPaise, createdAt: bookingLedger.createdAt })
          .from(bookingLedger)
          .where(
            and(
              eq(bookingLedger.bookingId, booking.id),
              eq(bookingLedger.kind, 'payment'),
              eq(bookingLedger.method, data.method),
              sql`lower(${bookingLedger.reference}) = lower(${data.reference})`,
            ),
          )
          .limit(1);
        if (same) {
          throw new AppError(
            'CONFLICT',
            `${PAYMENT_METHOD_REFERENCE_LABELS[data.method]} ${data.reference} is already recorded on this booking ` +
              `(${formatInr(paiseToRupees(same.amountPaise))} on ${formatLongDate(isoDateInIndia(same.createdAt))})`,
            { field: 'reference' },
          );
        }
      }
      // The receipt names the instalments the money goes to; the team's note stays in the ledger.
      const label = paymentTowardsLabel(money.summary.instalments, amountPaise);
      await receiveBookingPayment(deps, tx, booking.id, {
        amountPaise,
        method: data.method,
        reference: data.reference,
        order: null,
        label,
        note: `${label} by ${PAYMENT_METHOD_WORDS[data.method]}${data.note ? `: ${data.note}` : ''}`,
        actorUserId: adminId,
        via: 'recorded',
        paidAt: new Date(),
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw UTR_TAKEN();
    throw error;
  }
  return { message: `Payment of ${formatInr(data.amount)} recorded`, ...(await accountOf(deps.db, data.id)) };
}
