import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { bookingAmountFor, statusRules } from '../../../shared/booking-rules';
import { todayInIndia } from '../../../shared/dates';
import { canMoveBooking, enumWords } from '../../../shared/domain';
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
  type PaymentStatusDto,
  type PaymentStatusInput,
} from '../../../shared/schemas/payments';
import type { Executor } from '../../db/client';
import { bookings, paymentOrders, refunds, subscriptions } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import { paymentReceiptEmail } from '../../mail/account-templates';
import { enqueueEmail } from '../../mail/outbox';
import type { AuthUser } from '../auth/auth.service';
import { BOOKING_NOT_FOUND, ownedBy } from '../bookings/ownership';
import type { ServiceDeps } from '../../context';
import { addPayment, addRefund, setCharge } from './ledger';
import { currentPaymentRules } from './payment-rules.service';
import { paymentProviderFor } from './providers/index';
import { upiNote, upiPaymentUri } from './providers/upi';
import { applyPaidSubscription } from './subscriptions.service';

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
 * says whether it is the booking token or the subscription; an unknown order is a 404.
 */
export async function getPaymentStatus(deps: ServiceDeps, input: PaymentStatusInput): Promise<PaymentStatusDto> {
  const { order_id } = paymentStatusInputSchema.parse(input);
  const [order] = await deps.db
    .select({
      orderCode: paymentOrders.orderCode,
      purpose: paymentOrders.purpose,
      status: paymentOrders.status,
      amountPaise: paymentOrders.amountPaise,
    })
    .from(paymentOrders)
    .where(eq(paymentOrders.orderCode, order_id))
    .limit(1);
  if (!order) throw new AppError('NOT_FOUND', 'Payment order not found');
  const isPaid = order.status === 'paid';
  return {
    order_id: order.orderCode,
    purpose: order.purpose,
    is_paid: isPaid,
    payment_status: isPaid ? 'PAID' : order.status.toUpperCase(),
    amount: paiseToRupees(order.amountPaise),
  };
}

/** An unguessable order code customers can read out: `TKN-` or `SUB-` and 20 hex digits (80 random bits). */
export function newOrderCode(purpose: 'token' | 'subscription'): string {
  return `${purpose === 'token' ? 'TKN' : 'SUB'}-${randomBytes(10).toString('hex').toUpperCase()}`;
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
    note: upiNote(order.orderCode, order.purpose),
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
    const [booking] = await tx
      .select()
      .from(bookings)
      .where(and(eq(bookings.id, booking_id), ownedBy(user)))
      .limit(1)
      .for('update');
    if (!booking) throw new AppError('NOT_FOUND', BOOKING_NOT_FOUND);
    const orders = await tx
      .select()
      .from(paymentOrders)
      .where(and(eq(paymentOrders.bookingId, booking.id), eq(paymentOrders.purpose, 'token')));
    if (orders.some((o) => o.status === 'paid'))
      throw new AppError('CONFLICT', 'The token for this booking is already paid');
    if (booking.status !== 'quoted' || !statusRules(booking.status).payment) {
      throw new AppError(
        'CONFLICT',
        `The token can be paid on a quoted booking; this booking is ${enumWords(booking.status)}`,
      );
    }
    if (booking.validUntil && booking.validUntil < todayInIndia()) {
      throw new AppError('CONFLICT', `This quote expired on ${booking.validUntil}; please request a fresh quote`);
    }
    if (booking.finalAmountPaise === null || booking.finalAmountPaise <= 0) {
      throw new AppError('CONFLICT', 'This booking has no price yet; we will send you a quote first');
    }
    const amountPaise = bookingAmountFor(booking.finalAmountPaise, await currentPaymentRules(tx));
    const open = orders.find((o) => OPEN.includes(o.status));
    if (open && open.amountPaise === amountPaise) return open;
    if (open) {
      // The price or the schedule changed since this order was opened: it no longer asks for the right amount.
      await tx
        .update(paymentOrders)
        .set({ status: 'expired', updatedAt: new Date() })
        .where(eq(paymentOrders.id, open.id));
    }
    const [created] = await tx
      .insert(paymentOrders)
      .values({
        orderCode: newOrderCode('token'),
        purpose: 'token',
        bookingId: booking.id,
        userId: user.id,
        email: booking.clientEmail,
        phone: booking.clientPhone ?? user.phone,
        amountPaise,
        provider: paymentProviderFor(deps.config).name,
      })
      .returning();
    await writeAudit(tx, {
      actorUserId: user.id,
      action: 'payment.order_created',
      entityType: 'booking',
      entityId: booking.id,
      data: { order_id: created!.orderCode, amount_paise: amountPaise, purpose: 'token' },
    });
    return created!;
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
 * Returns null when the order was already paid (or is not payable).
 */
export async function markOrderPaid(
  deps: ServiceDeps,
  tx: Executor,
  orderId: string,
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
    .where(and(eq(paymentOrders.id, orderId), inArray(paymentOrders.status, PAYABLE)))
    .returning();
  if (!order) return null;
  await writeAudit(tx, {
    actorUserId: paid.actorUserId,
    action: 'payment.paid',
    entityType: 'payment_order',
    entityId: order.id,
    data: { order_id: order.orderCode, via: paid.via, utr: paid.utr ?? null, amount_paise: order.amountPaise },
  });

  if (order.purpose === 'token' && order.bookingId) {
    const [booking] = await tx.select().from(bookings).where(eq(bookings.id, order.bookingId)).limit(1).for('update');
    if (booking) {
      await writeAudit(tx, {
        actorUserId: paid.actorUserId,
        action: 'booking.token_paid',
        entityType: 'booking',
        entityId: booking.id,
        data: { order_id: order.orderCode, amount_paise: order.amountPaise, via: paid.via },
      });
      await addPayment(tx, {
        bookingId: booking.id,
        amountPaise: order.amountPaise,
        method: paid.via === 'utr' ? 'upi' : 'gateway',
        reference: paid.utr ?? paid.providerReference ?? null,
        paymentOrderId: order.id,
        actorUserId: paid.actorUserId,
        note: `Order ${order.orderCode}`,
      });
      if (booking.status === 'cancelled') await oweBackInFull(tx, booking, order, paid.actorUserId);
      if (
        canMoveBooking(booking.status, 'confirmed') &&
        booking.finalAmountPaise !== null &&
        booking.finalAmountPaise > 0
      ) {
        await setCharge(tx, booking.id, booking.finalAmountPaise, paid.actorUserId, 'Booking total');
        await tx.update(bookings).set({ status: 'confirmed', updatedAt: now }).where(eq(bookings.id, booking.id));
        await writeAudit(tx, {
          actorUserId: paid.actorUserId,
          action: 'booking.status_changed',
          entityType: 'booking',
          entityId: booking.id,
          data: { from: booking.status, to: 'confirmed', via: 'token_payment', order_id: order.orderCode },
        });
      }
      await enqueueEmail(
        tx,
        paymentReceiptEmail(
          deps.config.brand,
          { email: booking.clientEmail, name: booking.clientName },
          {
            orderCode: order.orderCode,
            purpose: 'token',
            amountPaise: order.amountPaise,
            reference: order.utr,
            paidAt: now,
          },
          { id: booking.id, eventName: booking.eventName, eventDate: booking.eventDate },
        ),
      );
    }
  } else if (order.purpose === 'subscription') {
    const [sub] = await tx
      .update(subscriptions)
      .set({ status: 'active', activatedAt: now, updatedAt: now })
      .where(and(eq(subscriptions.paymentOrderId, order.id), eq(subscriptions.status, 'pending')))
      .returning();
    if (sub) {
      await writeAudit(tx, {
        actorUserId: paid.actorUserId,
        action: 'subscription.activated',
        entityType: 'subscription',
        entityId: sub.id,
        data: { order_id: order.orderCode },
      });
    }
    await applyPaidSubscription(tx, order, paid.actorUserId);
    if (order.email) {
      await enqueueEmail(
        tx,
        paymentReceiptEmail(
          deps.config.brand,
          { email: order.email, name: 'Customer' },
          {
            orderCode: order.orderCode,
            purpose: 'subscription',
            amountPaise: order.amountPaise,
            reference: order.utr,
            paidAt: now,
          },
          null,
        ),
      );
    }
  }
  return order;
}

/**
 * Money that arrives for a cancelled booking (a late UPI payment recorded by the admin, a gateway webhook for an
 * order the cancellation expired) is owed back in full, whoever cancelled: a refund row the admin pays out, and
 * the ledger's refund row beside it (docs/decisions.md, "Payment schedule and refunds on real money").
 */
async function oweBackInFull(
  tx: Executor,
  booking: typeof bookings.$inferSelect,
  order: OrderRow,
  actorUserId: string | null,
): Promise<void> {
  const [owed] = await tx
    .insert(refunds)
    .values({
      bookingId: booking.id,
      amountPaise: order.amountPaise,
      cancelledBy: booking.cancelledBy ?? 'company',
      policy: {
        reason: 'paid_after_cancellation',
        order_id: order.orderCode,
        refund_percent: 100,
        refund_amount_paise: order.amountPaise,
      },
    })
    .returning({ id: refunds.id });
  await addRefund(tx, {
    bookingId: booking.id,
    amountPaise: order.amountPaise,
    refundId: owed!.id,
    actorUserId,
    note: `Paid after cancellation: order ${order.orderCode}`,
  });
  await writeAudit(tx, {
    actorUserId,
    action: 'booking.refund_owed',
    entityType: 'booking',
    entityId: booking.id,
    data: { order_id: order.orderCode, amount_paise: order.amountPaise, reason: 'paid_after_cancellation' },
  });
}

/**
 * The admin confirms a UPI payment by its 12-digit UTR (docs/product.md#payments): the order becomes paid (see
 * `markOrderPaid`). Unknown order 404; already paid 409; a UTR already recorded on another order 409.
 */
export async function recordUtr(deps: ServiceDeps, input: RecordUtrInput, adminId: string): Promise<AdminPaymentDto> {
  const { order_id, utr } = recordUtrInputSchema.parse(input);
  const utrTaken = new AppError('CONFLICT', 'This UTR is already recorded against another payment');
  try {
    await deps.db.transaction(async (tx) => {
      const [order] = await tx.select().from(paymentOrders).where(orderKey(order_id)).limit(1).for('update');
      if (!order) throw new AppError('NOT_FOUND', 'Payment order not found');
      if (order.status === 'paid') throw new AppError('CONFLICT', 'This payment is already marked paid');
      if (!PAYABLE.includes(order.status)) {
        throw new AppError('CONFLICT', `This payment is ${order.status} and cannot be marked paid`);
      }
      const [other] = await tx
        .select({ id: paymentOrders.id })
        .from(paymentOrders)
        .where(eq(paymentOrders.utr, utr))
        .limit(1);
      if (other) throw utrTaken;
      const updated = await markOrderPaid(deps, tx, order.id, { utr, actorUserId: adminId, via: 'utr' });
      if (!updated) throw new AppError('CONFLICT', 'This payment is already marked paid');
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw utrTaken;
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
