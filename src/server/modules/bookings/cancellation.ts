import { eq } from 'drizzle-orm';
import { addDays, todayInIndia } from '../../../shared/dates';
import type { CancelledBy, RefundStatus } from '../../../shared/domain';
import { paiseToRupees } from '../../../shared/pricing';
import { formatInr } from '../../../shared/money';
import { bookingCostPaise, refundBandDate, type LedgerSums } from '../../../shared/booking-rules';
import { computeRefund, type RefundComputation } from '../../../shared/refund-policy';
import type { RefundPreviewDto } from '../../../shared/schemas/account';
import type { Transaction } from '../../db/client';
import { bookings, refunds } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { bookingCancelledEmail, type CancellationFigures, type CancellationReason } from '../../mail/account-templates';
import { enqueueEmail } from '../../mail/outbox';
import type { ServiceDeps } from '../../context';
import { documentCancellation } from '../gst/gst-documents.service';
import { addRefund, bookingSums, setCharge } from '../payments/ledger';
import { announceProjectChange } from '../projects/award.service';
import { expireOpenBookingOrders } from './orders-of-old-price';

type BookingRow = typeof bookings.$inferSelect;

/**
 * The terms applied to a booking today; a booking without a date counts as far away (the best band). A moved
 * booking counts its band from the earlier of its first and its current date, so a date change never raises what
 * a cancellation refunds (docs/decisions.md, "Payment schedule and refunds on real money").
 */
export function refundFor(
  booking: BookingRow,
  sums: Pick<LedgerSums, 'held_paise' | 'credited_paise'>,
  cancelledBy: CancelledBy,
  today = todayInIndia(),
): RefundComputation {
  return computeRefund({
    eventDate: refundBandDate(booking.eventDate, booking.originalEventDate) ?? addDays(today, 365),
    // What it costs: a credit note the team issued lowers the total the bands share out.
    totalPaise: bookingCostPaise(booking.finalAmountPaise, sums.credited_paise),
    paidPaise: sums.held_paise,
    cancelledBy,
    today,
  });
}

export function toRefundPreviewDto(r: RefundComputation): RefundPreviewDto {
  const rupees = (p: number | null) => (p === null ? null : paiseToRupees(p));
  return {
    days_before: r.days_before,
    band: r.band,
    band_label: r.band_label,
    cancelled_by: r.cancelled_by,
    total: rupees(r.total_paise),
    deposit: rupees(r.deposit_paise),
    amount_paid: paiseToRupees(r.amount_paid_paise),
    deposit_held: paiseToRupees(r.deposit_held_paise),
    refundable_base: paiseToRupees(r.refundable_base_paise),
    refund_percent: r.refund_percent,
    refund_amount: paiseToRupees(r.refund_amount_paise),
    policy_refund_on_total: rupees(r.policy_refund_on_total_paise),
  };
}

/**
 * The e-mail's figures, as My Bookings shows the cancelled booking (docs/product.md#refunds): "Paid so far" and
 * "Kept under the cancellation terms" (paid less everything owed back) from the ledger once the refund is recorded,
 * the deposit and the band's share from the terms' computation, and the date the band counted from.
 */
function cancellationFigures(
  booking: BookingRow,
  refund: RefundComputation,
  before: LedgerSums,
  after: LedgerSums,
  refundStatus: RefundStatus | null,
): CancellationFigures {
  const bandDate = refundBandDate(booking.eventDate, booking.originalEventDate);
  return {
    refund,
    paidPaise: after.paid_paise,
    owedBackBeforePaise: before.refunded_paise,
    bandKeptPaise: refund.refundable_base_paise - refund.refund_amount_paise,
    keptPaise: after.held_paise,
    refundStatus,
    bandDate: bandDate === null ? null : { date: bandDate, original: bandDate !== booking.eventDate },
  };
}

/**
 * Cancels a locked booking (the caller checked the state machine): status, who and when, open payment orders
 * expired, the refund due recorded (when anything is refundable), the audit row and the e-mail, all on `tx`.
 * `reason` is set when the customer did not ask (the admin released the date of an overdue advance): the audit
 * row and the e-mail say why.
 */
export async function applyCancellation(
  deps: ServiceDeps,
  tx: Transaction,
  booking: BookingRow,
  cancelledBy: CancelledBy,
  actorUserId: string | null,
  reason?: CancellationReason,
): Promise<{ row: BookingRow; refund: RefundComputation }> {
  const sums = await bookingSums(tx, booking.id);
  const refund = refundFor(booking, sums, cancelledBy);
  const now = new Date();
  const [row] = await tx
    .update(bookings)
    .set({ status: 'cancelled', cancelledBy, cancelledAt: now, updatedAt: now })
    .where(eq(bookings.id, booking.id))
    .returning();
  // The booking's open token and instalment orders expire: money that still arrives on one is owed back in full.
  await expireOpenBookingOrders(tx, booking.id, { now });
  let owed: { id: string; status: RefundStatus } | undefined;
  if (refund.refund_amount_paise > 0) {
    [owed] = await tx
      .insert(refunds)
      .values({ bookingId: booking.id, amountPaise: refund.refund_amount_paise, cancelledBy, policy: { ...refund } })
      .returning({ id: refunds.id, status: refunds.status });
    await addRefund(tx, {
      bookingId: booking.id,
      amountPaise: refund.refund_amount_paise,
      refundId: owed!.id,
      actorUserId,
      note: 'Refund on cancellation',
    });
  }
  // What the business keeps is what the booking now costs: nothing more is due on it.
  // The ledger row is the change of the charge (the price less what is kept); its note says where it ends.
  const keptPaise = refund.amount_paid_paise - refund.refund_amount_paise;
  await setCharge(
    tx,
    booking.id,
    keptPaise,
    actorUserId,
    `Cancelled: the charge becomes the ${formatInr(paiseToRupees(keptPaise))} kept`,
  );
  // The GST side of what was kept: a credit note against an invoice, or the invoice for a kept amount.
  await documentCancellation(deps, tx, row!, actorUserId);
  await writeAudit(tx, {
    actorUserId,
    action: 'booking.status_changed',
    entityType: 'booking',
    entityId: booking.id,
    data: {
      from: booking.status,
      to: 'cancelled',
      cancelled_by: cancelledBy,
      refund_paise: refund.refund_amount_paise,
      days_before: refund.days_before,
      ...(reason && { reason: reason.kind }),
    },
  });
  await enqueueEmail(
    tx,
    bookingCancelledEmail(
      deps.config.brand,
      { email: booking.clientEmail, name: booking.clientName },
      booking,
      cancellationFigures(booking, refund, sums, await bookingSums(tx, booking.id), owed?.status ?? null),
      reason,
    ),
    { bookingId: booking.id },
  );
  // Suppliers stop quoting on a cancelled event now, not at the project's auto-assign date, and the supplier who
  // won it is told the job is off.
  await announceProjectChange(deps, tx, row!, { kind: 'cancelled' }, actorUserId, now);
  return { row: row!, refund };
}
