import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  bookingAmountFor,
  bookingCostPaise,
  INSTALMENT_LABELS,
  maxPayablePaise,
  quoteExpired,
  statusRules,
  toScheduleDto,
  type PaymentRules,
} from '../../../shared/booking-rules';
import { formatLongDate, todayInIndia } from '../../../shared/dates';
import { canMoveBooking, enumWords, humanize, INSTALMENT_KINDS } from '../../../shared/domain';
import { GST_DOCUMENT_KINDS, GST_DOCUMENT_META } from '../../../shared/gst';
import { paiseToRupees, pricedAddOns, toAddOnLineDto } from '../../../shared/pricing';
import { canChangeDate, checkDateChange } from '../../../shared/refund-policy';
import {
  accountBookingIdSchema,
  adminRefundsQuerySchema,
  changeDateInputSchema,
  markRefundPaidInputSchema,
  type AdminRefundDto,
  type AdminRefundsQuery,
  type ChangeDateInput,
  type CustomerBookingDetailDto,
  type CustomerBookingDto,
  type MarkRefundPaidInput,
  type RefundPreviewDto,
  type TimelineEntry,
} from '../../../shared/schemas/account';
import type { Page } from '../../../shared/schemas/admin';
import { auditLog, bookings, paymentOrders, refunds } from '../../db/schema';
import { writeAudit, type BookingAuditAction } from '../../lib/audit';
import { AppError, ValidationError } from '../../lib/errors';
import { bookingDateChangedEmail } from '../../mail/account-templates';
import { quoteReference } from '../../mail/templates';
import { enqueueEmail } from '../../mail/outbox';
import type { AuthUser } from '../auth/auth.service';
import { documentRefundPaid } from '../gst/gst-documents.service';
import type { ServiceDeps } from '../../context';
import { moneyOfBooking } from '../payments/booking-money';
import { ledgerRows, type LedgerRow } from '../payments/ledger';
import { assertDayHasRoom } from '../calendar/calendar.service';
import { OCCUPYING_STATUSES } from '../../../shared/calendar';
import { announceProjectChange } from '../projects/award.service';
import { claimSubscriberDiscounts } from '../payments/subscriptions.service';
import { bookingPaymentRules, currentPaymentRules } from '../payments/payment-rules.service';
import { toQuotationDto } from './bookings.service';
import { applyCancellation, refundFor, toRefundPreviewDto } from './cancellation';
import { linkBookingsOfVerifiedEmail } from '../auth/email-verification.service';
import { ownedBooking, ownedBy } from './ownership';
import { addOnsOf, packageQuoteLines, storedMenu } from '../menus/booking-menu.service';

type BookingRow = typeof bookings.$inferSelect;
type OrderRow = typeof paymentOrders.$inferSelect;
type RefundRow = typeof refunds.$inferSelect;
type BookingRefund = { amountPaise: number; paidPaise: number; status: RefundRow['status'] };

function toCustomerDto(
  row: BookingRow,
  orders: OrderRow[],
  ledger: LedgerRow[],
  refund: BookingRefund | undefined,
  today: string,
  currentRules: PaymentRules,
): CustomerBookingDto {
  const rules = bookingPaymentRules(row, currentRules);
  const { sums, summary: money } = moneyOfBooking(row, ledger, currentRules, today);
  const paid = sums.paid_paise;
  const open = orders.find(
    (o) => (o.purpose === 'token' || o.purpose === 'instalment') && (o.status === 'created' || o.status === 'pending'),
  );
  const canCancel = canMoveBooking(row.status, 'cancelled');
  const alreadyChanged = row.dateChangedAt !== null;
  // What is left of a quote's booking amount: the team may have recorded part of it by hand.
  const tokenLeft = maxPayablePaise(
    row.status,
    bookingCostPaise(row.finalAmountPaise, sums.credited_paise),
    sums.held_paise,
    rules,
  );
  const rupees = (p: number | null) => (p === null ? null : paiseToRupees(p));
  return {
    id: row.id,
    reference: quoteReference(row.id),
    status: row.status,
    event_name: row.eventName,
    event_type: row.eventType,
    event_date: row.eventDate,
    event_time: row.eventTime,
    venue_name: row.venueName,
    city: row.city,
    guest_count: row.guestCount,
    package: row.pricingTier,
    subtotal: rupees(row.subtotalPaise),
    gst_amount: rupees(row.gstPaise),
    subscriber_discount: rupees(row.subscriberDiscountPaise),
    total: rupees(row.finalAmountPaise),
    credit_notes:
      sums.credited_paise > 0 && row.finalAmountPaise !== null
        ? {
            credited: paiseToRupees(sums.credited_paise),
            total_after: paiseToRupees(bookingCostPaise(row.finalAmountPaise, sums.credited_paise)!),
          }
        : null,
    valid_until: row.validUntil,
    created_at: row.createdAt.toISOString(),
    payment: {
      token_amount: paiseToRupees(bookingAmountFor(row.finalAmountPaise ?? rules.booking_amount_paise, rules)),
      amount_paid: paiseToRupees(paid),
      refunded: paiseToRupees(sums.refunded_paise),
      token_paid: row.status === 'quoted' ? row.finalAmountPaise !== null && tokenLeft === 0 && paid > 0 : paid > 0,
      token_left: row.status === 'quoted' ? paiseToRupees(tokenLeft) : 0,
      open_order_id: open?.orderCode ?? null,
    },
    schedule: toScheduleDto(money),
    can_pay_instalment: row.status !== 'quoted' && money.pay_now_paise > 0,
    can_pay_token:
      row.status === 'quoted' &&
      row.finalAmountPaise !== null &&
      row.finalAmountPaise > 0 &&
      tokenLeft > 0 &&
      !(row.validUntil && row.validUntil < today),
    can_cancel: canCancel,
    can_change_date:
      statusRules(row.status).dateChange &&
      !quoteExpired(row, today) &&
      canChangeDate(row.eventDate, alreadyChanged, today),
    date_changed: alreadyChanged,
    cancelled_by: row.cancelledBy,
    refund_preview: canCancel ? toRefundPreviewDto(refundFor(row, sums, 'customer', today)) : null,
    refund: refund
      ? {
          amount: paiseToRupees(refund.amountPaise),
          paid: paiseToRupees(refund.paidPaise),
          due: paiseToRupees(refund.amountPaise - refund.paidPaise),
          status: refund.status,
        }
      : null,
  };
}

/**
 * Quotes made in a verified account's e-mail while signed out (after it confirmed the address) are linked to it on
 * the next read of My Bookings, so later reads, the admin's views and the customer's own list agree; a subscription
 * bought in the address from one of them gives it its discount (docs/product.md#subscriptions). An account that has
 * not confirmed its address links and claims nothing: reading must never hand it someone else's booking for good.
 */
async function linkBookingsByEmail(deps: ServiceDeps, user: AuthUser): Promise<void> {
  if (!user.emailVerified) return;
  await linkBookingsOfVerifiedEmail(deps.db, user);
  await claimSubscriberDiscounts(deps, deps.db, user);
}

async function ordersAndRefunds(deps: ServiceDeps, ids: string[]) {
  if (ids.length === 0) return { orders: [] as OrderRow[], refundRows: [] as RefundRow[], ledger: [] as LedgerRow[] };
  const [orders, refundRows, ledger] = await Promise.all([
    deps.db
      .select()
      .from(paymentOrders)
      .where(inArray(paymentOrders.bookingId, ids))
      .orderBy(asc(paymentOrders.createdAt)),
    deps.db.select().from(refunds).where(inArray(refunds.bookingId, ids)).orderBy(asc(refunds.createdAt)),
    ledgerRows(deps.db, ids),
  ]);
  return { orders, refundRows, ledger };
}

/**
 * A booking's refunds as one: their sum, of it what is already paid out, and `paid` only once every one of them is
 * (the rest is due).
 */
function refundOf(rows: RefundRow[]): BookingRefund | undefined {
  if (rows.length === 0) return undefined;
  const sum = (list: RefundRow[]) => list.reduce((total, r) => total + r.amountPaise, 0);
  return {
    amountPaise: sum(rows),
    paidPaise: sum(rows.filter((r) => r.status === 'paid')),
    status: rows.every((r) => r.status === 'paid') ? 'paid' : 'due',
  };
}

/** My Bookings: the customer's bookings and quotes, newest first, with flags and the refund preview. */
export async function myBookings(deps: ServiceDeps, user: AuthUser): Promise<CustomerBookingDto[]> {
  await linkBookingsByEmail(deps, user);
  const rows = await deps.db
    .select()
    .from(bookings)
    .where(ownedBy(user))
    .orderBy(desc(bookings.createdAt), desc(bookings.id))
    .limit(200);
  const [{ orders, refundRows, ledger }, rules] = await Promise.all([
    ordersAndRefunds(
      deps,
      rows.map((r) => r.id),
    ),
    currentPaymentRules(deps.db),
  ]);
  const today = todayInIndia();
  return rows.map((row) =>
    toCustomerDto(
      row,
      orders.filter((o) => o.bookingId === row.id),
      ledger.filter((l) => l.bookingId === row.id),
      refundOf(refundRows.filter((r) => r.bookingId === row.id)),
      today,
      rules,
    ),
  );
}

/**
 * The timeline's line for each thing recorded against a booking; a status change, an instalment's order and a GST
 * document are worded from what the row records (`timelineLabel`).
 */
const ACTION_LABELS: Record<BookingAuditAction, string> = {
  'booking.status_changed': 'Status changed',
  'booking.quoted': 'Custom quote prepared',
  'booking.taken_by_staff': 'Booked with our team',
  'booking.details_changed': 'Event details updated',
  'booking.date_changed': 'Event date changed',
  'booking.date_released': 'Date released: advance not paid',
  'booking.menu_changed': 'Menu changed',
  'booking.gst_details_changed': 'GST details updated',
  'booking.subscriber_discount': 'Subscriber discount applied',
  'booking.token_paid': 'Token payment received',
  'booking.payment_received': 'Payment received',
  'booking.payment_reminder_sent': 'Payment reminder sent',
  'booking.event_reminder_sent': 'Event reminder sent',
  'booking.message_sent': 'Message from our team e-mailed to you',
  'booking.refund_owed': 'Refund due',
  'booking.refund_withdrawn': 'Refund kept towards the new total',
  'booking.refund_paid': 'Refund paid',
  'payment.order_created': 'Token payment started',
  'gst.document_issued': 'GST document issued',
};

/**
 * A line of the booking's timeline in the customer's words. A row recorded under a name this version does not know
 * (an older release's) reads as its words rather than its key.
 */
export function timelineLabel(action: string, data: Record<string, unknown>): string {
  if (action === 'booking.status_changed') {
    const to = String(data.to ?? '');
    if (data.from === null || data.from === undefined) return to === 'quoted' ? 'Quote created' : 'Inquiry received';
    if (to === 'cancelled') return data.cancelled_by === 'company' ? 'Cancelled by us' : 'Cancelled';
    return `Status: ${enumWords(to)}`;
  }
  // An advance or balance order is named by its instalment, not as the token (docs/product.md#payments).
  const instalment = INSTALMENT_KINDS.find((kind) => kind === data.instalment);
  if (action === 'payment.order_created' && data.purpose === 'instalment' && instalment) {
    return `${INSTALMENT_LABELS[instalment]} payment started`;
  }
  if (action === 'gst.document_issued') {
    const kind = GST_DOCUMENT_KINDS.find((known) => known === data.kind);
    if (kind && typeof data.number === 'string') return `${GST_DOCUMENT_META[kind].short} ${data.number} issued`;
  }
  if (Object.hasOwn(ACTION_LABELS, action)) return ACTION_LABELS[action as BookingAuditAction];
  const verb = action.slice(action.indexOf('.') + 1);
  return humanize(verb);
}

/** Booking detail with its status timeline from `audit_log` (oldest first) and its payments. */
export async function myBookingDetail(
  deps: ServiceDeps,
  user: AuthUser,
  input: { id: string },
): Promise<CustomerBookingDetailDto> {
  const { id } = accountBookingIdSchema.parse(input);
  const row = await ownedBooking(deps.db, user, id);
  const [{ orders, refundRows, ledger }, audit, rules, menu] = await Promise.all([
    ordersAndRefunds(deps, [id]),
    deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'booking'), eq(auditLog.entityId, id)))
      .orderBy(asc(auditLog.createdAt), asc(auditLog.id)),
    currentPaymentRules(deps.db),
    storedMenu(deps.db, id),
  ]);
  // The add-ons as the quote PDF and the price count them: each its price per guest × the booking's guests.
  const addOns = row.guestCount ? pricedAddOns(addOnsOf(menu.items, menu.dishes), row.guestCount) : [];
  // The quote e-mail's lines, which the PDF prints too (docs/product.md#pricing).
  const quoteLines = await packageQuoteLines(deps.db, row, menu);
  const timeline: TimelineEntry[] = audit.map((a) => ({
    at: a.createdAt.toISOString(),
    action: a.action,
    label: timelineLabel(a.action, a.data),
    from: typeof a.data.from === 'string' ? a.data.from : null,
    to: typeof a.data.to === 'string' ? a.data.to : null,
  }));
  return {
    ...toCustomerDto(row, orders, ledger, refundOf(refundRows), todayInIndia(), rules),
    venue_address: row.venueAddress,
    original_event_date: row.originalEventDate,
    quotation: toQuotationDto(row),
    add_ons: addOns.map(toAddOnLineDto),
    quote_lines: quoteLines,
    timeline,
    payments: orders.map((o) => ({
      order_id: o.orderCode,
      purpose: o.purpose,
      instalment: o.instalment,
      amount: paiseToRupees(o.amountPaise),
      status: o.status,
      paid_at: o.paidAt?.toISOString() ?? null,
    })),
    recorded_payments: ledger
      .filter((entry) => entry.kind === 'payment' && entry.paymentOrderId === null && entry.reversesId === null)
      .map((entry) => ({
        amount: paiseToRupees(entry.amountPaise),
        method: entry.method,
        reference: entry.reference,
        received_at: entry.createdAt.toISOString(),
      })),
  };
}

/**
 * What cancelling now would refund, by the terms (the figure the confirm dialog shows); 409 if it cannot be cancelled.
 */
export async function refundPreview(
  deps: ServiceDeps,
  user: AuthUser,
  input: { id: string },
): Promise<RefundPreviewDto> {
  const { id } = accountBookingIdSchema.parse(input);
  const detail = await myBookingDetail(deps, user, { id });
  if (!detail.refund_preview) throw notCancellable(detail.status);
  return detail.refund_preview;
}

function notCancellable(status: string): AppError {
  return new AppError(
    'BOOKING_STATUS_NOT_ALLOWED',
    `This booking is ${enumWords(status)} and can no longer be cancelled`,
  );
}

/** The customer cancels: state machine checked, refund by the terms recorded, audit and e-mail. */
export async function cancelMyBooking(
  deps: ServiceDeps,
  user: AuthUser,
  input: { id: string },
): Promise<{ message: string; booking: CustomerBookingDto; refund: RefundPreviewDto }> {
  const { id } = accountBookingIdSchema.parse(input);
  const refund = await deps.db.transaction(async (tx) => {
    const row = await ownedBooking(tx, user, id, true);
    if (!canMoveBooking(row.status, 'cancelled')) throw notCancellable(row.status);
    return (await applyCancellation(deps, tx, row, 'customer', user.id)).refund;
  });
  const booking = (await myBookings(deps, user)).find((b) => b.id === id)!;
  return { message: 'Booking cancelled', booking, refund: toRefundPreviewDto(refund) };
}

/**
 * The one date change (docs/product.md#date-changes, `checkDateChange`); refusals quote the rule. In the same
 * transaction the booking's suppliers follow the new date (`announceProjectChange`): the open project's auto-assign
 * date comes forward to 24 hours before the new event day at the latest (or the project is awarded now when that
 * has passed), and every invited and awarded supplier is told. Due dates need nothing: they are derived from the
 * event date whenever they are read (`paymentSchedule`).
 */
export async function changeMyBookingDate(
  deps: ServiceDeps,
  user: AuthUser,
  input: ChangeDateInput,
  now: Date = new Date(),
): Promise<{ message: string; booking: CustomerBookingDto }> {
  const { id, new_date } = changeDateInputSchema.parse(input);
  await deps.db.transaction(async (tx) => {
    const row = await ownedBooking(tx, user, id, true);
    if (!statusRules(row.status).dateChange) {
      throw new AppError(
        'BOOKING_STATUS_NOT_ALLOWED',
        `This booking is ${enumWords(row.status)}; its date can no longer be changed`,
      );
    }
    if (quoteExpired(row, todayInIndia(now))) {
      throw new AppError(
        'CONFLICT',
        `This quote expired on ${formatLongDate(row.validUntil!)}; please request a fresh quote for the new date`,
      );
    }
    const check = checkDateChange({
      eventDate: row.eventDate,
      originalEventDate: row.originalEventDate,
      alreadyChanged: row.dateChangedAt !== null,
      newDate: new_date,
      today: todayInIndia(now),
    });
    if (!check.ok) {
      if (check.field === 'new_date')
        throw new ValidationError([{ loc: ['body', 'new_date'], msg: check.reason, type: 'value_error' }]);
      throw new AppError('CONFLICT', check.reason);
    }
    // The new day must have room (docs/product.md#calendar); a booking that holds a day locks the new one.
    await assertDayHasRoom(tx, {
      date: new_date,
      guests: row.guestCount,
      excludeBookingId: row.id,
      lock: OCCUPYING_STATUSES.includes(row.status),
    });
    const [changed] = await tx
      .update(bookings)
      .set({
        eventDate: new_date,
        originalEventDate: row.originalEventDate ?? row.eventDate,
        dateChangedAt: now,
        updatedAt: now,
      })
      .where(eq(bookings.id, id))
      .returning();
    await writeAudit(tx, {
      actorUserId: user.id,
      action: 'booking.date_changed',
      entityType: 'booking',
      entityId: id,
      data: { from: row.eventDate, to: new_date },
    });
    await enqueueEmail(
      tx,
      bookingDateChangedEmail(
        deps.config.brand,
        { email: row.clientEmail, name: row.clientName },
        row,
        row.eventDate!,
        new_date,
      ),
      { bookingId: id },
    );
    await announceProjectChange(deps, tx, changed!, { kind: 'date', previousDate: row.eventDate! }, user.id, now);
  });
  const booking = (await myBookings(deps, user)).find((b) => b.id === id)!;
  return { message: 'Event date changed', booking };
}

/** The admin's refunds (due by default), oldest due first so nothing waits. */
export async function listRefunds(
  deps: ServiceDeps,
  query: AdminRefundsQuery = {},
  extra?: SQL,
): Promise<Page<AdminRefundDto>> {
  const { limit, offset, status } = adminRefundsQuerySchema.parse(query);
  const where = and(status === 'all' ? undefined : eq(refunds.status, status), extra);
  const [rows, [count]] = await Promise.all([
    deps.db
      .select({ refund: refunds, booking: bookings })
      .from(refunds)
      .innerJoin(bookings, eq(bookings.id, refunds.bookingId))
      .where(where)
      .orderBy(asc(refunds.createdAt), asc(refunds.id))
      .limit(limit)
      .offset(offset),
    deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(refunds)
      .where(where),
  ]);
  return {
    items: rows.map(({ refund, booking }) => ({
      id: refund.id,
      booking_id: booking.id,
      reference: quoteReference(booking.id),
      event_name: booking.eventName,
      client_name: booking.clientName,
      client_email: booking.clientEmail,
      amount: paiseToRupees(refund.amountPaise),
      cancelled_by: refund.cancelledBy,
      status: refund.status,
      policy: refund.policy,
      payment_reference: refund.reference,
      paid_at: refund.paidAt?.toISOString() ?? null,
      created_at: refund.createdAt.toISOString(),
    })),
    total: Number(count?.n ?? 0),
  };
}

/** The admin marks a refund paid (once; 409 the second time), with an optional bank reference; audited. */
export async function markRefundPaid(
  deps: ServiceDeps,
  input: MarkRefundPaidInput,
  adminId: string,
): Promise<AdminRefundDto> {
  const { id, reference } = markRefundPaidInputSchema.parse(input);
  await deps.db.transaction(async (tx) => {
    const [refund] = await tx.select().from(refunds).where(eq(refunds.id, id)).limit(1).for('update');
    if (!refund) throw new AppError('NOT_FOUND', 'Refund not found');
    if (refund.status === 'paid') throw new AppError('CONFLICT', 'This refund is already marked paid');
    await tx
      .update(refunds)
      .set({ status: 'paid', paidAt: new Date(), reference: reference ?? null, updatedAt: new Date() })
      .where(eq(refunds.id, id));
    // An advance given back without a supply gets its refund voucher (docs/gst.md#refund-voucher).
    await documentRefundPaid(deps, tx, refund, adminId);
    await writeAudit(tx, {
      actorUserId: adminId,
      action: 'booking.refund_paid',
      entityType: 'booking',
      entityId: refund.bookingId,
      data: { refund_id: id, amount_paise: refund.amountPaise, reference: reference ?? null },
    });
  });
  const page = await listRefunds(deps, { status: 'all', limit: 1 }, eq(refunds.id, id));
  return page.items[0]!;
}
