import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  bookingAmountFor,
  bookingCostPaise,
  INSTALMENT_LABELS,
  instalmentLabel,
  maxPayablePaise,
  paymentRulesToDto,
  statusRules,
} from '../../../shared/booking-rules';
import { formatLongDate, todayInIndia } from '../../../shared/dates';
import {
  bookingHasPrice,
  canMoveBooking,
  enumWords,
  type InstalmentKind,
  type PaymentMethod,
  type PaymentPurpose,
} from '../../../shared/domain';
import { paiseToRupees } from '../../../shared/pricing';
import {
  adminPaymentsQuerySchema,
  createTokenOrderInputSchema,
  recordUtrInputSchema,
  type AdminPaymentDto,
  type AdminPaymentsQuery,
  type PaymentOrderDto,
  type RecordUtrInput,
} from '../../../shared/schemas/account';
import type { Page } from '../../../shared/schemas/admin';
import {
  paymentStatusInputSchema,
  type OrderSettlement,
  type PaymentStatusDto,
  type PaymentStatusInput,
} from '../../../shared/schemas/payments';
import type { Executor } from '../../db/client';
import { bookingLedger, bookings, paymentOrders, refunds, subscriptions } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import { paymentReceiptEmail, type ReceiptOutcome } from '../../mail/account-templates';
import { enqueueEmail } from '../../mail/outbox';
import type { AuthUser } from '../auth/auth.service';
import { ownedBooking } from '../bookings/ownership';
import type { ServiceDeps } from '../../context';
import { addPayment, addRefund, bookingSums, chargePrice, ledgerRows, reverseRefundRows } from './ledger';
import { moneyOfBooking } from './booking-money';
import { bookingPaymentRules, currentPaymentRules } from './payment-rules.service';
import { issueReceiptVoucher, requireGstDetailsForPayment, type GstDocumentRow } from '../gst/gst-documents.service';
import { issueSubscriptionInvoice } from '../gst/subscription-documents';
import { paymentProviderFor } from './providers/index';
import { upiNote, upiPaymentUri } from './providers/upi';
import { applyPaidSubscription, subscriberName } from './subscriptions.service';
import { assertDayHasRoom } from '../calendar/calendar.service';
import { bookingConfirmedWhatsApp, paymentReceivedWhatsApp } from '../messages/whatsapp-messages';
import { enqueueWhatsApp } from '../messages/whatsapp-outbox';
import { expireOpenBookingOrders } from '../bookings/orders-of-old-price';

/**
 * Payment orders against a booking, the admin's record of a payment, and the Payments view
 * (docs/decisions.md, "Payment schedule and refunds on real money"). Subscriptions have their own service; the
 * gateway's webhook is `payments-webhook.service.ts`.
 */

export type OrderRow = typeof paymentOrders.$inferSelect;
/**
 * Statuses money can still arrive on: open, expired by a cancellation (owed back then), or failed (a failed attempt
 * followed by a successful one on the same order is paid).
 */
const PAYABLE: OrderRow['status'][] = ['created', 'pending', 'expired', 'failed'];
/** An order still waiting for its money. */
export const OPEN: OrderRow['status'][] = ['created', 'pending'];

/**
 * The status of a payment order by the id customers see (docs/api.md `GET /api/payment/status/{order_id}`,
 * docs/product.md#subscriptions): `payment_status` is `PAID` when paid, else the stored status upper-cased; `purpose`
 * says whether it is the booking token or the subscription; an unknown order is a 404. A booking's order names its
 * booking, and says when the booking needs nothing more from it (`settledOtherwise`), so the result page does not
 * leave a customer whose money the team recorded waiting on an expired order.
 */
export async function getPaymentStatus(deps: ServiceDeps, input: PaymentStatusInput): Promise<PaymentStatusDto> {
  const { order_id } = paymentStatusInputSchema.parse(input);
  const [order] = await deps.db.select().from(paymentOrders).where(eq(paymentOrders.orderCode, order_id)).limit(1);
  if (!order) throw new AppError('NOT_FOUND', 'Payment order not found');
  const isPaid = order.status === 'paid';
  // The ₹99 order bought from a quote is the person's, not the booking's (docs/product.md#subscriptions).
  const bookingId = order.purpose === 'subscription' ? null : order.bookingId;
  return {
    order_id: order.orderCode,
    purpose: order.purpose,
    is_paid: isPaid,
    payment_status: isPaid ? 'PAID' : order.status.toUpperCase(),
    amount: paiseToRupees(order.amountPaise),
    booking_id: bookingId,
    settled:
      order.purpose === 'subscription'
        ? await subscriptionSettlement(deps.db, order)
        : bookingId === null
          ? null
          : await orderSettlement(deps.db, order, bookingId),
  };
}

/** A paid ₹99 order whose subscription an admin has since refunded (docs/product.md#subscriptions). */
async function subscriptionSettlement(db: Executor, order: OrderRow): Promise<OrderSettlement | null> {
  if (order.status !== 'paid') return null;
  const [sub] = await db
    .select({ status: subscriptions.status })
    .from(subscriptions)
    .where(eq(subscriptions.paymentOrderId, order.id))
    .limit(1);
  return sub?.status === 'refunded' ? 'subscription_refunded' : null;
}

/**
 * What the result page needs to know beyond the order's own status (docs/product.md#payments): an order of a
 * cancelled booking, paid or not, is `booking_cancelled` (its open orders expired at the cancellation and nothing
 * is due on it, so the page neither waits for the money nor calls the booking confirmed); otherwise an unpaid order
 * may have been settled another way (`settledOtherwise`), and a paid one is just paid.
 */
async function orderSettlement(db: Executor, order: OrderRow, bookingId: string): Promise<OrderSettlement | null> {
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId)).limit(1);
  if (!booking) return null;
  if (booking.status === 'cancelled') return 'booking_cancelled';
  return order.status === 'paid' ? null : settledOtherwise(db, order, booking);
}

/**
 * Whether an unpaid order's booking needs nothing more from it: the instalment it asked for has nothing outstanding
 * on the booking's schedule (`bookingMoney`), because the team recorded the money by hand (which expires the open
 * order, docs/product.md#payments), another order paid it, or a lower price left nothing of it. A booking that takes
 * no payments answers null, as does an order whose instalment is still owed.
 */
async function settledOtherwise(db: Executor, order: OrderRow, booking: BookingRow): Promise<OrderSettlement | null> {
  if (!statusRules(booking.status).payment || !bookingHasPrice(booking.finalAmountPaise)) return null;
  const ledger = await ledgerRows(db, [booking.id]);
  const { summary } = moneyOfBooking(booking, ledger, await currentPaymentRules(db));
  const kind = order.instalment ?? 'booking_amount';
  if (summary.instalments.some((row) => row.kind === kind && row.outstanding_paise > 0)) return null;
  // Who brought in the money that settled it: the last payment since the order was opened (the ledger is oldest
  // first); the team's payments are those without an order (`recordBookingPayment`).
  const last = ledger.filter((row) => row.kind === 'payment' && row.createdAt >= order.createdAt).at(-1);
  return last && last.paymentOrderId === null ? 'recorded_by_team' : 'paid_otherwise';
}

const ORDER_PREFIX: Record<PaymentPurpose, string> = { token: 'TKN', instalment: 'PAY', subscription: 'SUB' };

/** An unguessable order code customers can read out: `TKN-`, `PAY-` or `SUB-` and 20 hex digits (80 random bits). */
export function newOrderCode(purpose: PaymentPurpose): string {
  return `${ORDER_PREFIX[purpose]}-${randomBytes(10).toString('hex').toUpperCase()}`;
}

/** The payment page of an order: UPI link (always) and the gateway's checkout URL when there is one. */
export function toOrderDto(deps: ServiceDeps, order: OrderRow): PaymentOrderDto {
  const { brand } = deps.config;
  return {
    order_id: order.orderCode,
    amount: paiseToRupees(order.amountPaise),
    purpose: order.purpose,
    status: order.status,
    provider: order.provider,
    upi_uri: upiPaymentUri(brand, order),
    payee: { upi_id: brand.upiId, name: brand.legalName },
    note: upiNote(order.orderCode, order),
    redirect_url: order.checkoutUrl,
    result_path: `/payment/success?order_id=${encodeURIComponent(order.orderCode)}`,
  };
}

/** Asks the gateway (if any) for a checkout once the order row is committed; a gateway failure fails the order. */
export async function openWithProvider(deps: ServiceDeps, order: OrderRow, customerId: string): Promise<OrderRow> {
  const provider = paymentProviderFor(deps.config);
  if (provider.name === 'upi' || order.checkoutUrl) return order;
  try {
    const checkout = await provider.createOrder({
      orderCode: order.orderCode,
      amountPaise: order.amountPaise,
      purpose: order.purpose,
      instalment: order.instalment,
      email: order.email,
      phone: order.phone,
      customerId,
    });
    const [updated] = await deps.db
      .update(paymentOrders)
      .set({ ...checkout, status: 'pending', updatedAt: new Date() })
      .where(eq(paymentOrders.id, order.id))
      .returning();
    return updated ?? order;
  } catch (error) {
    // The UPI page still works for this order: it stays open, just without a gateway checkout.
    if (error instanceof AppError) return order;
    throw error;
  }
}

/**
 * The booking amount against a booking (docs/decisions.md, "Payment schedule and refunds on real money"): the
 * configured amount, or the whole total when that is less. The booking must be the customer's, `quoted`, priced
 * and its quote not expired (an inquiry has no price to confirm yet). One open order per booking: asking again
 * returns the same order. A booking whose booking amount is paid answers 409.
 */
export async function createTokenOrder(
  deps: ServiceDeps,
  user: AuthUser,
  input: { booking_id: string },
): Promise<PaymentOrderDto> {
  const { booking_id } = createTokenOrderInputSchema.parse(input);
  const order = await deps.db.transaction(async (tx) => {
    const booking = await ownedBooking(tx, user, booking_id, true);
    const orders = await tx
      .select()
      .from(paymentOrders)
      .where(and(eq(paymentOrders.bookingId, booking.id), eq(paymentOrders.purpose, 'token')));
    // A quote whose token order was paid after it expired may still have part of its booking amount to pay: what
    // is left decides (below), not the paid order.
    if (booking.status !== 'quoted' && orders.some((o) => o.status === 'paid'))
      throw new AppError('CONFLICT', 'The token for this booking is already paid');
    if (booking.status !== 'quoted' || !statusRules(booking.status).payment) {
      throw new AppError(
        'CONFLICT',
        `The token can be paid on a quoted booking; this booking is ${enumWords(booking.status)}`,
      );
    }
    if (booking.validUntil && booking.validUntil < todayInIndia()) {
      throw new AppError(
        'CONFLICT',
        `This quote expired on ${formatLongDate(booking.validUntil)}; please request a fresh quote`,
      );
    }
    if (booking.finalAmountPaise === null || booking.finalAmountPaise <= 0) {
      throw new AppError('CONFLICT', 'This booking has no price yet; we will send you a quote first');
    }
    await requireGstDetailsForPayment(deps, tx, booking);
    // Nobody pays for a day that is already full or closed (docs/product.md#calendar).
    await assertDayHasRoom(tx, {
      date: booking.eventDate,
      guests: booking.guestCount,
      excludeBookingId: booking.id,
      lock: false,
    });
    // What is left of the booking amount (all of it, unless the team recorded part of it by hand).
    const rules = bookingPaymentRules(booking, await currentPaymentRules(tx));
    const sums = await bookingSums(tx, booking.id);
    const cost = bookingCostPaise(booking.finalAmountPaise, sums.credited_paise);
    const amountPaise = maxPayablePaise(booking.status, cost, sums.held_paise, rules);
    if (amountPaise <= 0) throw new AppError('CONFLICT', 'The token for this booking is already paid');
    return openBookingOrder(deps, tx, booking, user, orders, {
      purpose: 'token',
      instalment: 'booking_amount',
      amountPaise,
    });
  });
  return toOrderDto(deps, await openWithProvider(deps, order, user.id));
}

type BookingRow = typeof bookings.$inferSelect;

/**
 * Reuses the booking's open order when it asks for the same amount; otherwise expires it (the price, the schedule
 * or the rules changed since) and opens a new one. The partial unique index keeps one open order per booking.
 */
async function openBookingOrder(
  deps: ServiceDeps,
  tx: Executor,
  booking: BookingRow,
  user: AuthUser,
  orders: OrderRow[],
  want: { purpose: 'token' | 'instalment'; instalment: InstalmentKind; amountPaise: number },
): Promise<OrderRow> {
  const open = orders.find((o) => OPEN.includes(o.status));
  if (open && open.purpose === want.purpose && open.amountPaise === want.amountPaise) return open;
  if (open) {
    await tx
      .update(paymentOrders)
      .set({ status: 'expired', updatedAt: new Date() })
      .where(eq(paymentOrders.id, open.id));
  }
  const [created] = await tx
    .insert(paymentOrders)
    .values({
      orderCode: newOrderCode(want.purpose),
      purpose: want.purpose,
      instalment: want.instalment,
      bookingId: booking.id,
      userId: user.id,
      email: booking.clientEmail,
      phone: booking.clientPhone ?? user.phone,
      amountPaise: want.amountPaise,
      provider: paymentProviderFor(deps.config).name,
    })
    .returning();
  await writeAudit(tx, {
    actorUserId: user.id,
    action: 'payment.order_created',
    entityType: 'booking',
    entityId: booking.id,
    data: {
      order_id: created!.orderCode,
      amount_paise: want.amountPaise,
      purpose: want.purpose,
      instalment: want.instalment,
    },
  });
  return created!;
}

/**
 * The next instalment of a confirmed (or running) booking, paid from My Bookings (docs/product.md#payments): the
 * order asks for exactly that instalment's outstanding part (`bookingMoney(...).pay_now_paise`), which may be paid
 * before its due date. A quoted booking pays its booking amount (`createTokenOrder`); an inquiry, a cancelled
 * booking or one with nothing left to pay answers 409.
 */
export async function createInstalmentOrder(
  deps: ServiceDeps,
  user: AuthUser,
  input: { booking_id: string },
): Promise<PaymentOrderDto> {
  const { booking_id } = createTokenOrderInputSchema.parse(input);
  const order = await deps.db.transaction(async (tx) => {
    const booking = await ownedBooking(tx, user, booking_id, true);
    if (booking.status === 'quoted') {
      throw new AppError('CONFLICT', 'Pay the booking amount first: it confirms your booking');
    }
    if (!statusRules(booking.status).payment || !bookingHasPrice(booking.finalAmountPaise)) {
      throw new AppError('CONFLICT', `Payments are not taken on this booking; it is ${enumWords(booking.status)}`);
    }
    await requireGstDetailsForPayment(deps, tx, booking);
    const money = moneyOfBooking(booking, await ledgerRows(tx, [booking.id]), await currentPaymentRules(tx)).summary;
    if (money.pay_now_paise <= 0 || !money.next) {
      throw new AppError('CONFLICT', 'Nothing is left to pay on this booking');
    }
    const orders = await tx
      .select()
      .from(paymentOrders)
      .where(and(eq(paymentOrders.bookingId, booking.id), inArray(paymentOrders.status, OPEN)));
    return openBookingOrder(deps, tx, booking, user, orders, {
      purpose: 'instalment',
      instalment: money.next.kind,
      amountPaise: money.pay_now_paise,
    });
  });
  return toOrderDto(deps, await openWithProvider(deps, order, user.id));
}

export type PaidVia = {
  utr?: string;
  providerReference?: string;
  actorUserId: string | null;
  via: 'utr' | 'cashfree_webhook';
};

/**
 * Marks an order paid, once: a guarded update from an open (or expired) status, so concurrent confirmations
 * (five webhook deliveries, an admin double-click) change it once. A paid token confirms its booking (when the
 * state machine allows) and a paid subscription becomes active; the receipt is queued in the same transaction.
 * `locked` is the order as read under its lock (`lockOrderForPayment`): its status says whether the order still
 * stood when its money came (open) or had been replaced (expired: the price, the sums or the rules it was worked out
 * from changed, docs/product.md#payments). Returns null when the order was already paid (or is not payable).
 */
export async function markOrderPaid(
  deps: ServiceDeps,
  tx: Executor,
  locked: OrderRow,
  paid: PaidVia,
): Promise<OrderRow | null> {
  const now = new Date();
  const [order] = await tx
    .update(paymentOrders)
    .set({
      status: 'paid',
      paidAt: now,
      updatedAt: now,
      ...(paid.utr && { utr: paid.utr }),
      ...(paid.providerReference && { providerReference: paid.providerReference }),
    })
    .where(and(eq(paymentOrders.id, locked.id), inArray(paymentOrders.status, PAYABLE)))
    .returning();
  if (!order) return null;
  await writeAudit(tx, {
    actorUserId: paid.actorUserId,
    action: 'payment.paid',
    entityType: 'payment_order',
    entityId: order.id,
    data: { order_id: order.orderCode, via: paid.via, utr: paid.utr ?? null, amount_paise: order.amountPaise },
  });

  if ((order.purpose === 'token' || order.purpose === 'instalment') && order.bookingId) {
    await receiveBookingPayment(deps, tx, order.bookingId, {
      amountPaise: order.amountPaise,
      method: paid.via === 'utr' ? 'upi' : 'gateway',
      reference: paid.utr ?? paid.providerReference ?? null,
      order,
      orderWasOpen: OPEN.includes(locked.status),
      label: INSTALMENT_LABELS[order.instalment ?? 'booking_amount'],
      actorUserId: paid.actorUserId,
      via: paid.via,
      paidAt: now,
    });
  } else if (order.purpose === 'subscription') {
    const [sub] = await tx
      .update(subscriptions)
      .set({ status: 'active', activatedAt: now, updatedAt: now })
      .where(and(eq(subscriptions.paymentOrderId, order.id), eq(subscriptions.status, 'pending')))
      .returning();
    const name = await subscriberName(tx, order);
    let invoice: GstDocumentRow | null = null;
    if (sub) {
      await writeAudit(tx, {
        actorUserId: paid.actorUserId,
        action: 'subscription.activated',
        entityType: 'subscription',
        entityId: sub.id,
        data: { order_id: order.orderCode },
      });
      invoice = await issueSubscriptionInvoice(deps, tx, sub, {
        orderCode: order.orderCode,
        amountPaise: order.amountPaise,
        buyer: { name, email: sub.email },
        actorUserId: paid.actorUserId,
      });
    }
    await applyPaidSubscription(deps, tx, order, paid.actorUserId);
    if (order.email) {
      await enqueueEmail(
        tx,
        paymentReceiptEmail(
          deps.config.brand,
          { email: order.email, name: name ?? 'Customer' },
          {
            orderCode: order.orderCode,
            purpose: 'subscription',
            amountPaise: order.amountPaise,
            reference: order.utr,
            paidAt: now,
            gstDocument: invoice ? { title: 'Tax invoice', number: invoice.number } : null,
          },
          null,
        ),
        // The subscription's tax invoice goes with the receipt as its PDF (docs/gst.md#subscription).
        { attachments: invoice ? [{ kind: 'gst_document', id: invoice.id }] : [] },
      );
    }
  }
  return order;
}

/**
 * A gateway payment for a booking's order that was already paid (by UPI with its UTR, or by another gateway
 * payment): the customer paid twice, and the money is real. It is received on the booking as any payment without an
 * order (`receiveBookingPayment`: owed back whole on a cancelled booking, what is over the total otherwise), noted
 * with the order and the gateway's payment id, and audited. The same payment id as the order's is no new money.
 * Subscription orders are audited for the team to refund. Returns whether the money was taken into the ledger.
 */
export async function receiveRepeatPayment(
  deps: ServiceDeps,
  tx: Executor,
  order: OrderRow,
  providerReference: string | null,
): Promise<boolean> {
  if (order.status !== 'paid') return false;
  if (providerReference !== null && providerReference === order.providerReference) return false;
  if (providerReference !== null && order.bookingId) {
    // A later delivery of a repeat payment already received (the order row is locked by the caller).
    const [seen] = await tx
      .select({ id: bookingLedger.id })
      .from(bookingLedger)
      .where(
        and(
          eq(bookingLedger.bookingId, order.bookingId),
          eq(bookingLedger.kind, 'payment'),
          eq(bookingLedger.method, 'gateway'),
          eq(bookingLedger.reference, providerReference),
        ),
      )
      .limit(1);
    if (seen) return false;
  }
  await writeAudit(tx, {
    actorUserId: null,
    action: 'payment.paid_again',
    entityType: 'payment_order',
    entityId: order.id,
    data: { order_id: order.orderCode, provider_reference: providerReference, amount_paise: order.amountPaise },
  });
  if (order.purpose === 'subscription' || !order.bookingId) return false;
  const label = INSTALMENT_LABELS[order.instalment ?? 'booking_amount'];
  return receiveBookingPayment(deps, tx, order.bookingId, {
    amountPaise: order.amountPaise,
    method: 'gateway',
    reference: providerReference,
    order: null,
    label,
    note: `${label}: order ${order.orderCode} paid again${providerReference ? ` (payment ${providerReference})` : ''}`,
    actorUserId: null,
    via: 'cashfree_webhook',
    paidAt: new Date(),
  });
}

export type BookingPayment = {
  amountPaise: number;
  method: PaymentMethod;
  reference: string | null;
  /** The order it pays; null for a payment the team recorded by hand. */
  order: OrderRow | null;
  /**
   * Whether that order was still open when paid. An open token order asks for what is left of the booking amount, so
   * paying it confirms the quote; one that had expired was worked out from an older price or older sums, and its
   * money counts for what it is.
   */
  orderWasOpen?: boolean;
  /** What it was for, e.g. "Advance" (the receipt says so). */
  label: string;
  /** The ledger row's note; by default the label and the order. */
  note?: string;
  actorUserId: string | null;
  via: PaidVia['via'] | 'recorded';
  paidAt: Date;
};

/**
 * Money received against a booking, whatever brought it (a paid order, a UTR, a payment the team recorded): a
 * ledger payment row (once per order), then the booking's rules (docs/decisions.md, "Payment schedule and refunds
 * on real money"): on a cancelled booking all of it is owed back; a token order paid while it was open, or money
 * that brings what the booking holds to its booking amount, confirms a quoted booking and charges its total; on a
 * booking that goes ahead, whatever exceeds its total is owed back. The booking's other open orders expire. The
 * receipt, with what is still to pay, is queued in the same transaction. Returns false when the order's money was
 * already received.
 */
export async function receiveBookingPayment(
  deps: ServiceDeps,
  tx: Executor,
  bookingId: string,
  payment: BookingPayment,
): Promise<boolean> {
  const [locked] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).limit(1).for('update');
  if (!locked) return false;
  const row = await addPayment(tx, {
    bookingId,
    amountPaise: payment.amountPaise,
    method: payment.method,
    reference: payment.reference,
    paymentOrderId: payment.order?.id ?? null,
    actorUserId: payment.actorUserId,
    note: payment.note ?? (payment.order ? `${payment.label}: order ${payment.order.orderCode}` : payment.label),
  });
  if (!row) return false;
  // Every other order of the booking asks for an amount worked out before this money: paying it as well would take
  // the same instalment twice. The next Pay opens an order for what is left (docs/product.md#payments).
  await expireOpenBookingOrders(tx, bookingId);
  const booking = await keepPaymentRules(tx, locked);
  const orderCode = payment.order?.orderCode ?? null;
  await writeAudit(tx, {
    actorUserId: payment.actorUserId,
    action: payment.order?.purpose === 'token' ? 'booking.token_paid' : 'booking.payment_received',
    entityType: 'booking',
    entityId: booking.id,
    data: {
      order_id: orderCode,
      amount_paise: payment.amountPaise,
      via: payment.via,
      method: payment.method,
      reference: payment.reference,
      for: payment.label,
    },
  });
  // An advance gets its receipt voucher in the same transaction (docs/gst.md#receipt-voucher); its timeline line
  // follows the payment's.
  const voucher = await issueReceiptVoucher(deps, tx, booking, {
    ledgerId: row.id,
    amountPaise: payment.amountPaise,
    label: payment.label,
    actorUserId: payment.actorUserId,
  });

  const rules = await currentPaymentRules(tx);
  let current = booking;
  // What the receipt tells the customer became of this money.
  let owedBack: ReceiptOutcome['owedBack'] = null;
  if (booking.status === 'cancelled') {
    await oweBack(tx, booking, payment.amountPaise, 'paid_after_cancellation', orderCode, payment.actorUserId);
    owedBack = { reason: 'cancelled', amountPaise: payment.amountPaise };
  } else {
    const held = (await bookingSums(tx, booking.id)).held_paise;
    const coversBookingAmount =
      (payment.order?.purpose === 'token' && payment.orderWasOpen === true) ||
      (bookingHasPrice(booking.finalAmountPaise) &&
        held >= bookingAmountFor(booking.finalAmountPaise!, bookingPaymentRules(booking, rules)));
    if (
      canMoveBooking(booking.status, 'confirmed') &&
      bookingHasPrice(booking.finalAmountPaise) &&
      coversBookingAmount
    ) {
      const full = payment.via === 'cashfree_webhook' ? await dayFullRefusal(tx, booking) : null;
      if (full) {
        // The gateway's money for a day that filled while the customer paid: it cannot be refused, so the booking
        // stays quoted and all of it is owed back (docs/product.md#calendar).
        await oweBack(tx, booking, payment.amountPaise, 'date_full', orderCode, payment.actorUserId);
        owedBack = { reason: 'date_full', amountPaise: payment.amountPaise };
      } else {
        current = await confirmBooking(tx, booking, payment.actorUserId, { via: payment.via, order_id: orderCode });
      }
    }
    if (current.status !== 'quoted') {
      const over = Math.min(payment.amountPaise, await oweBackOverTotal(tx, current, payment.actorUserId, orderCode));
      if (over > 0) owedBack = { reason: 'over_total', amountPaise: over };
    }
  }

  const scheduleRules = bookingPaymentRules(current, rules);
  const { sums, summary: money } = moneyOfBooking(current, await ledgerRows(tx, [booking.id]), rules);
  await enqueueEmail(
    tx,
    paymentReceiptEmail(
      deps.config.brand,
      { email: booking.clientEmail, name: booking.clientName },
      {
        orderCode,
        purpose: payment.order?.purpose === 'token' ? 'token' : 'instalment',
        label: payment.label,
        amountPaise: payment.amountPaise,
        reference: payment.reference,
        paidAt: payment.paidAt,
        gstDocument: voucher ? { title: 'Receipt voucher', number: voucher.number } : null,
        outcome: { confirmed: booking.status !== 'confirmed' && current.status === 'confirmed', owedBack },
      },
      { id: booking.id, eventName: booking.eventName, eventDate: booking.eventDate },
      current.status === 'cancelled'
        ? undefined
        : {
            paidPaise: sums.held_paise,
            outstandingPaise: money.outstanding_paise,
            next: money.next
              ? {
                  label: instalmentLabel(money.next),
                  amountPaise: money.next.outstanding_paise,
                  dueDate: money.next.due_date,
                }
              : null,
            instalments: money.instalments.map((row) => ({
              label: instalmentLabel(row),
              amountPaise: row.amount_paise,
              outstandingPaise: row.outstanding_paise,
              dueDate: row.due_date,
            })),
            rules: scheduleRules,
          },
    ),
    // The receipt voucher goes with the receipt as its PDF (docs/gst.md#receipt-voucher).
    { bookingId: booking.id, attachments: voucher ? [{ kind: 'gst_document', id: voucher.id }] : [] },
  );
  await enqueueWhatsApp(tx, paymentReceivedWhatsApp(booking, payment.amountPaise));
  return true;
}

/**
 * The payment rules the booking's money is taken under stay with it from its first payment (docs/product.md#payments,
 * "Settings"): what it was asked for, and its schedule once confirmed, do not move when the admin changes the rules.
 */
async function keepPaymentRules(tx: Executor, booking: BookingRow): Promise<BookingRow> {
  if (booking.paymentRules !== null) return booking;
  const [row] = await tx
    .update(bookings)
    .set({ paymentRules: paymentRulesToDto(await currentPaymentRules(tx)) })
    .where(eq(bookings.id, booking.id))
    .returning();
  return row!;
}

/**
 * Whether a quote already holds the booking amount of its total: money recorded towards a higher price that was then
 * lowered (an admin's new quote, menu add-ons taken off). Such a quote is confirmed by it, as a payment reaching the
 * booking amount confirms one (docs/product.md#payments).
 */
export async function holdsBookingAmount(tx: Executor, booking: BookingRow): Promise<boolean> {
  if (booking.status !== 'quoted' || !bookingHasPrice(booking.finalAmountPaise)) return false;
  const held = (await bookingSums(tx, booking.id)).held_paise;
  const rules = bookingPaymentRules(booking, await currentPaymentRules(tx));
  return held > 0 && held >= bookingAmountFor(booking.finalAmountPaise!, rules);
}

/** The 409 a confirmation of this booking would meet on its day, or null when the day has room (the day is locked). */
export async function dayFullRefusal(tx: Executor, booking: BookingRow): Promise<AppError | null> {
  try {
    await assertDayHasRoom(tx, {
      date: booking.eventDate,
      guests: booking.guestCount,
      excludeBookingId: booking.id,
      lock: true,
    });
    return null;
  } catch (error) {
    if (error instanceof AppError && error.code === 'DATE_UNAVAILABLE') return error;
    throw error;
  }
}

/**
 * A quoted booking becomes confirmed: its total is charged in the ledger and the day is kept (`confirmed_at`), from
 * which the advance falls due. Confirmation is where the day's capacity is enforced (docs/product.md#calendar): the
 * date is locked and a full or closed day refuses with 409 and the next free dates, whoever confirms.
 */
export async function confirmBooking(
  tx: Executor,
  booking: BookingRow,
  actorUserId: string | null,
  data: Record<string, unknown>,
): Promise<BookingRow> {
  await assertDayHasRoom(tx, {
    date: booking.eventDate,
    guests: booking.guestCount,
    excludeBookingId: booking.id,
    lock: true,
  });
  const now = new Date();
  await chargePrice(tx, booking.id, booking.finalAmountPaise ?? 0, actorUserId, 'Booking total');
  // A token is asked of a quote only: a booking confirmed another way (the team, a lowered price) is paid through
  // its instalments, and money still arriving on the token order is received as late money (docs/product.md#payments).
  await expireOpenBookingOrders(tx, booking.id, { purposes: ['token'], now });
  // The schedule keeps the rules of its first payment, or else of its confirmation (docs/product.md#payments).
  const paymentRules = booking.paymentRules ?? paymentRulesToDto(await currentPaymentRules(tx));
  const [row] = await tx
    .update(bookings)
    .set({ status: 'confirmed', confirmedAt: booking.confirmedAt ?? now, paymentRules, updatedAt: now })
    .where(eq(bookings.id, booking.id))
    .returning();
  await writeAudit(tx, {
    actorUserId,
    action: 'booking.status_changed',
    entityType: 'booking',
    entityId: booking.id,
    data: { from: booking.status, to: 'confirmed', ...data },
  });
  await enqueueWhatsApp(tx, bookingConfirmedWhatsApp(row!));
  return row!;
}

/**
 * What a booking that goes ahead holds over what it is charged is owed back: a payment over its total, or a price
 * lowered after money was received. When it is charged more than it holds instead (a price raised again), what is
 * still waiting to be given back for being over the total is kept towards the new total first
 * (`withdrawOwedBack`), so the customer is never asked to pay money the business owes them. Returns the amount
 * owed back (0 when nothing is).
 */
export async function oweBackOverTotal(
  tx: Executor,
  booking: BookingRow,
  actorUserId: string | null,
  orderCode: string | null = null,
): Promise<number> {
  const sums = await bookingSums(tx, booking.id);
  const excess = sums.held_paise - sums.charged_paise;
  if (excess > 0) await oweBack(tx, booking, excess, 'paid_over_total', orderCode, actorUserId);
  if (excess < 0) await withdrawOwedBack(tx, booking.id, -excess, actorUserId);
  return Math.max(0, excess);
}

/**
 * Up to `shortfallPaise` of the refunds owed for money over the total and not yet paid out, newest first, is kept
 * towards what the booking now costs (docs/product.md#payments). The ledger keeps its rule that a correction
 * reverses a whole row: each such refund's rows are reversed and what is still owed back, if anything, is owed
 * again on the same refund, whose amount becomes that; a refund with nothing left is removed from the list to pay
 * out. Audited. The refunds are locked, so an admin marking one paid at the same moment either pays it first (it is
 * then left alone) or finds it changed.
 */
async function withdrawOwedBack(
  tx: Executor,
  bookingId: string,
  shortfallPaise: number,
  actorUserId: string | null,
): Promise<void> {
  const owed = await tx
    .select()
    .from(refunds)
    .where(
      and(
        eq(refunds.bookingId, bookingId),
        eq(refunds.status, 'due'),
        sql`${refunds.policy}->>'reason' = 'paid_over_total'`,
      ),
    )
    .orderBy(desc(refunds.createdAt), desc(refunds.id))
    .for('update');
  let shortfall = shortfallPaise;
  for (const refund of owed) {
    if (shortfall <= 0) break;
    const kept = Math.min(refund.amountPaise, shortfall);
    const left = refund.amountPaise - kept;
    await reverseRefundRows(tx, refund.id, actorUserId, 'Kept towards the new total');
    if (left > 0) {
      await addRefund(tx, {
        bookingId,
        amountPaise: left,
        refundId: refund.id,
        actorUserId,
        note: 'Still over the total',
      });
      await tx
        .update(refunds)
        .set({ amountPaise: left, policy: { ...refund.policy, refund_amount_paise: left }, updatedAt: new Date() })
        .where(eq(refunds.id, refund.id));
    } else {
      await tx.delete(refunds).where(eq(refunds.id, refund.id));
    }
    await writeAudit(tx, {
      actorUserId,
      action: 'booking.refund_withdrawn',
      entityType: 'booking',
      entityId: bookingId,
      data: { refund_id: refund.id, kept_paise: kept, still_owed_paise: left },
    });
    shortfall -= kept;
  }
}

/**
 * Money the business must give back (docs/decisions.md, "Payment schedule and refunds on real money"): all of what
 * arrives for a cancelled booking (a late UPI payment, a gateway webhook for an order the cancellation expired),
 * whoever cancelled, or what exceeds a booking's total. A refund row the admin pays out, and the ledger's refund row
 * beside it.
 */
async function oweBack(
  tx: Executor,
  booking: BookingRow,
  amountPaise: number,
  reason: 'paid_after_cancellation' | 'paid_over_total' | 'date_full',
  orderCode: string | null,
  actorUserId: string | null,
): Promise<void> {
  const [owed] = await tx
    .insert(refunds)
    .values({
      bookingId: booking.id,
      amountPaise,
      cancelledBy: booking.cancelledBy ?? 'company',
      policy: { reason, order_id: orderCode, refund_percent: 100, refund_amount_paise: amountPaise },
    })
    .returning({ id: refunds.id });
  await addRefund(tx, {
    bookingId: booking.id,
    amountPaise,
    refundId: owed!.id,
    actorUserId,
    note:
      reason === 'paid_after_cancellation'
        ? `Paid after cancellation${orderCode ? `: order ${orderCode}` : ''}`
        : reason === 'date_full'
          ? `Paid for a date that was full${orderCode ? `: order ${orderCode}` : ''}`
          : `Paid over the total${orderCode ? `: order ${orderCode}` : ''}`,
  });
  await writeAudit(tx, {
    actorUserId,
    action: 'booking.refund_owed',
    entityType: 'booking',
    entityId: booking.id,
    data: { order_id: orderCode, amount_paise: amountPaise, reason },
  });
}

/**
 * A UTR names one bank transfer, so it is recorded once across orders and payments recorded by hand
 * (docs/product.md#payments). Holds the UTR's lock to the end of the transaction, so two recordings of one UTR at
 * once (an order's and a booking's) are taken one after the other, then refuses one already recorded (409).
 */
export async function claimUtr(tx: Executor, utr: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`upi-utr:${utr}`}))`);
  const [onOrder] = await tx
    .select({ id: paymentOrders.id })
    .from(paymentOrders)
    .where(eq(paymentOrders.utr, utr))
    .limit(1);
  const [onLedger] = await tx
    .select({ id: bookingLedger.id })
    .from(bookingLedger)
    .where(and(eq(bookingLedger.method, 'upi'), eq(bookingLedger.reference, utr)))
    .limit(1);
  if (onOrder || onLedger) throw UTR_TAKEN();
}

/**
 * Locks an order that money is arriving for, and before it the order's booking. Every path that changes a booking's
 * money takes the booking's row first and its orders after it (recording a payment, cancelling, opening an order,
 * receiving the money itself); taking the order first here would deadlock against them when both arrive at once
 * (docs/decisions.md, "One lock order for a booking's money"). An order's booking never changes, so reading it before
 * the locks is safe.
 */
export async function lockOrderForPayment(tx: Executor, where: SQL): Promise<OrderRow | undefined> {
  const [found] = await tx.select({ bookingId: paymentOrders.bookingId }).from(paymentOrders).where(where).limit(1);
  if (!found) return undefined;
  if (found.bookingId) {
    await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, found.bookingId)).for('update');
  }
  const [order] = await tx.select().from(paymentOrders).where(where).limit(1).for('update');
  return order;
}

/**
 * The refusal of a UTR already recorded, as `claimUtr` and a unique index's violation give it; `field` names the form
 * field it refuses (docs/api.md, "Errors").
 */
export const UTR_TAKEN = () =>
  new AppError('CONFLICT', 'This UTR is already recorded against another payment', { field: 'utr' });

/**
 * The admin confirms a UPI payment by its 12-digit UTR (docs/product.md#payments): the order becomes paid (see
 * `markOrderPaid`). Unknown order 404; already paid 409; a UTR already recorded on an order or a payment 409.
 */
export async function recordUtr(deps: ServiceDeps, input: RecordUtrInput, adminId: string): Promise<AdminPaymentDto> {
  const { order_id, utr } = recordUtrInputSchema.parse(input);
  try {
    await deps.db.transaction(async (tx) => {
      const order = await lockOrderForPayment(tx, orderKey(order_id));
      if (!order) throw new AppError('NOT_FOUND', 'Payment order not found');
      if (order.status === 'paid') throw new AppError('CONFLICT', 'This payment is already marked paid');
      if (!PAYABLE.includes(order.status)) {
        throw new AppError('CONFLICT', `This payment is ${order.status} and cannot be marked paid`);
      }
      await claimUtr(tx, utr);
      const updated = await markOrderPaid(deps, tx, order, { utr, actorUserId: adminId, via: 'utr' });
      if (!updated) throw new AppError('CONFLICT', 'This payment is already marked paid');
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw UTR_TAKEN();
    throw error;
  }
  const page = await listPayments(deps, { status: 'all', limit: 1 }, orderKey(order_id));
  return page.items[0]!;
}

/** The admin's payment orders by the code customers see, or by the row id. */
function orderKey(orderId: string): SQL {
  return /^[0-9a-f-]{36}$/i.test(orderId)
    ? sql`${paymentOrders.id}::text = ${orderId.toLowerCase()}`
    : eq(paymentOrders.orderCode, orderId);
}

/** The admin's Payments view: pending (created or pending) or paid orders, newest first, a page at a time. */
export async function listPayments(
  deps: ServiceDeps,
  query: AdminPaymentsQuery = {},
  extra?: SQL,
): Promise<Page<AdminPaymentDto>> {
  const { limit, offset, status } = adminPaymentsQuerySchema.parse(query);
  const where = and(
    status === 'pending'
      ? inArray(paymentOrders.status, OPEN)
      : status === 'paid'
        ? eq(paymentOrders.status, 'paid')
        : undefined,
    extra,
  );
  const [rows, [count]] = await Promise.all([
    deps.db
      .select({ order: paymentOrders, eventName: bookings.eventName, clientName: bookings.clientName })
      .from(paymentOrders)
      .leftJoin(bookings, eq(bookings.id, paymentOrders.bookingId))
      .where(where)
      .orderBy(desc(paymentOrders.createdAt), desc(paymentOrders.id))
      .limit(limit)
      .offset(offset),
    deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(paymentOrders)
      .where(where),
  ]);
  return {
    items: rows.map(({ order, eventName, clientName }) => ({
      id: order.id,
      order_id: order.orderCode,
      purpose: order.purpose,
      amount: paiseToRupees(order.amountPaise),
      status: order.status,
      provider: order.provider,
      utr: order.utr,
      email: order.email,
      phone: order.phone,
      booking_id: order.bookingId,
      event_name: eventName,
      client_name: clientName,
      paid_at: order.paidAt?.toISOString() ?? null,
      created_at: order.createdAt.toISOString(),
    })),
    total: Number(count?.n ?? 0),
  };
}
