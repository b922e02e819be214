import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { canMoveBooking, enumWords } from '../../../shared/domain';
import { paiseToRupees } from '../../../shared/pricing';
import {
  adminPaymentsQuerySchema,
  createSubscriptionOrderInputSchema,
  createTokenOrderInputSchema,
  recordUtrInputSchema,
  SUBSCRIPTION_AMOUNT_PAISE,
  SUBSCRIPTION_REFUND_PAISE,
  subscriptionIdInputSchema,
  TOKEN_AMOUNT_PAISE,
  type AdminPaymentDto,
  type AdminPaymentsQuery,
  type CreateSubscriptionOrderInput,
  type PaymentOrderDto,
  type RecordUtrInput,
  type SubscriptionDto,
} from '../../../shared/schemas/account';
import type { Page } from '../../../shared/schemas/admin';
import { paymentStatusInputSchema, type PaymentStatusDto, type PaymentStatusInput } from '../../../shared/schemas/payments';
import { todayInIndia } from '../../../shared/dates';
import type { Executor } from '../../db/client';
import { bookings, paymentOrders, paymentWebhookEvents, subscriptions, users } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError, invalidCharacterIssue, ValidationError } from '../../lib/errors';
import { paymentReceiptEmail, subscriptionRefundedEmail } from '../../mail/account-templates';
import { enqueueEmail } from '../../mail/outbox';
import type { AuthUser } from '../auth/auth.service';
import { BOOKING_NOT_FOUND, ownedBy } from '../bookings/ownership';
import type { ServiceDeps } from '../../context';
import { verifyCashfreeWebhook } from './providers/cashfree';
import { paymentProviderFor } from './providers/index';
import { upiNote, upiPaymentUri } from './providers/upi';

type OrderRow = typeof paymentOrders.$inferSelect;
const OPEN: OrderRow['status'][] = ['created', 'pending'];

/**
 * The status of a payment order by the id customers see (spec section 7 `GET /api/payment/status/{order_id}`,
 * architecture section 5): `payment_status` is `PAID` when paid, else the stored status upper-cased; `purpose`
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
async function openWithProvider(deps: ServiceDeps, order: OrderRow, customerId: string): Promise<OrderRow> {
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
 * The ₹999 token against a booking (spec section 9; issue 6). The booking must be the customer's and `quoted`
 * with a quote that has not expired (an inquiry has no price to confirm yet). One open order per booking: asking
 * again returns the same order. A booking whose token is paid answers 409.
 */
export async function createTokenOrder(deps: ServiceDeps, user: AuthUser, input: { booking_id: string }): Promise<PaymentOrderDto> {
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
    if (orders.some((o) => o.status === 'paid')) throw new AppError('CONFLICT', 'The token for this booking is already paid');
    if (booking.status !== 'quoted') {
      throw new AppError('CONFLICT', `The token can be paid on a quoted booking; this booking is ${enumWords(booking.status)}`);
    }
    if (booking.validUntil && booking.validUntil < todayInIndia()) {
      throw new AppError('CONFLICT', `This quote expired on ${booking.validUntil}; please request a fresh quote`);
    }
    const open = orders.find((o) => OPEN.includes(o.status));
    if (open) return open;
    const [created] = await tx
      .insert(paymentOrders)
      .values({
        orderCode: newOrderCode('token'),
        purpose: 'token',
        bookingId: booking.id,
        userId: user.id,
        email: booking.clientEmail,
        phone: booking.clientPhone ?? user.phone,
        amountPaise: TOKEN_AMOUNT_PAISE,
        provider: paymentProviderFor(deps.config).name,
      })
      .returning();
    await writeAudit(tx, {
      actorUserId: user.id,
      action: 'payment.order_created',
      entityType: 'booking',
      entityId: booking.id,
      data: { order_id: created!.orderCode, amount_paise: TOKEN_AMOUNT_PAISE, purpose: 'token' },
    });
    return created!;
  });
  return toOrderDto(deps, await openWithProvider(deps, order, user.id));
}

/**
 * The ₹99 subscription (spec section 5 and 9): a signed-in customer, or a visitor with e-mail and phone. Creates
 * the order and a `pending` subscription; paid, it becomes `active`. An e-mail that already has an active
 * subscription answers 409; one with a pending order gets that order back. Any other signed-in role (an admin or
 * a supplier trying the page) buys as a visitor: the subscription is a customer's.
 */
export async function createSubscriptionOrder(
  deps: ServiceDeps,
  signedIn: AuthUser | null,
  input: CreateSubscriptionOrderInput,
): Promise<PaymentOrderDto> {
  const user = signedIn?.role === 'customer' ? signedIn : null;
  const data = createSubscriptionOrderInputSchema.parse(input ?? {});
  const email = user?.email.toLowerCase() ?? data.email;
  const phone = data.phone ?? user?.phone ?? null;
  if (!email || !phone) {
    throw new ValidationError([
      ...(!email ? [{ loc: ['body', 'email'], msg: 'Email is required', type: 'missing' }] : []),
      ...(!phone ? [{ loc: ['body', 'phone'], msg: 'Phone number is required', type: 'missing' }] : []),
    ]);
  }
  const order = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`subscription:${email}`}))`);
    const existing = await tx
      .select({ sub: subscriptions, order: paymentOrders })
      .from(subscriptions)
      .leftJoin(paymentOrders, eq(paymentOrders.id, subscriptions.paymentOrderId))
      .where(and(sql`lower(${subscriptions.email}) = ${email}`, inArray(subscriptions.status, ['pending', 'active'])));
    if (existing.some((row) => row.sub.status === 'active')) throw new AppError('CONFLICT', 'You already have an active subscription');
    const open = existing.find((row) => row.order && OPEN.includes(row.order.status))?.order;
    if (open) return open;
    const [created] = await tx
      .insert(paymentOrders)
      .values({
        orderCode: newOrderCode('subscription'),
        purpose: 'subscription',
        userId: user?.id ?? null,
        email,
        phone,
        amountPaise: SUBSCRIPTION_AMOUNT_PAISE,
        provider: paymentProviderFor(deps.config).name,
      })
      .returning();
    await tx.insert(subscriptions).values({ userId: user?.id ?? null, email, phone, paymentOrderId: created!.id, status: 'pending' });
    return created!;
  });
  return toOrderDto(deps, await openWithProvider(deps, order, user?.id ?? `guest-${createHash('sha256').update(email).digest('hex').slice(0, 16)}`));
}

export type PaidVia = { utr?: string; providerReference?: string; actorUserId: string | null; via: 'utr' | 'cashfree_webhook' };

/**
 * Marks an order paid, once: a guarded update from an open (or expired) status, so concurrent confirmations
 * (five webhook deliveries, an admin double-click) change it once. A paid token confirms its booking (when the
 * state machine allows) and a paid subscription becomes active; the receipt is queued in the same transaction.
 * Returns null when the order was already paid (or is not payable).
 */
export async function markOrderPaid(deps: ServiceDeps, tx: Executor, orderId: string, paid: PaidVia): Promise<OrderRow | null> {
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
    .where(and(eq(paymentOrders.id, orderId), inArray(paymentOrders.status, ['created', 'pending', 'expired'])))
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
      if (canMoveBooking(booking.status, 'confirmed')) {
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
          { orderCode: order.orderCode, purpose: 'token', amountPaise: order.amountPaise, reference: order.utr, paidAt: now },
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
      await writeAudit(tx, { actorUserId: paid.actorUserId, action: 'subscription.activated', entityType: 'subscription', entityId: sub.id, data: { order_id: order.orderCode } });
    }
    if (order.email) {
      await enqueueEmail(
        tx,
        paymentReceiptEmail(
          deps.config.brand,
          { email: order.email, name: 'Customer' },
          { orderCode: order.orderCode, purpose: 'subscription', amountPaise: order.amountPaise, reference: order.utr, paidAt: now },
          null,
        ),
      );
    }
  }
  return order;
}

/**
 * The admin confirms a UPI payment by its 12-digit UTR (architecture section 5): the order becomes paid (see
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
      if (!['created', 'pending', 'expired'].includes(order.status)) {
        throw new AppError('CONFLICT', `This payment is ${order.status} and cannot be marked paid`);
      }
      const [other] = await tx.select({ id: paymentOrders.id }).from(paymentOrders).where(eq(paymentOrders.utr, utr)).limit(1);
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
  return /^[0-9a-f-]{36}$/i.test(orderId) ? sql`${paymentOrders.id}::text = ${orderId.toLowerCase()}` : eq(paymentOrders.orderCode, orderId);
}

/** The admin's Payments view: pending (created or pending) or paid orders, newest first, a page at a time. */
export async function listPayments(deps: ServiceDeps, query: AdminPaymentsQuery = {}, extra?: SQL): Promise<Page<AdminPaymentDto>> {
  const { limit, offset, status } = adminPaymentsQuerySchema.parse(query);
  const where = and(
    status === 'pending' ? inArray(paymentOrders.status, OPEN) : status === 'paid' ? eq(paymentOrders.status, 'paid') : undefined,
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
    deps.db.select({ n: sql<number>`count(*)::int` }).from(paymentOrders).where(where),
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

export type WebhookOutcome = { status: number; body: Record<string, unknown> };

/**
 * `POST /api/payments/webhook/cashfree` (security research: signed, fresh, idempotent). The signature over
 * timestamp + raw body is checked in constant time, stale timestamps are refused, and every event id is stored
 * once: a replay or a concurrent duplicate finds it and changes nothing. A success event for an open order marks
 * it paid through `markOrderPaid` (amount checked against the order).
 */
export async function handleCashfreeWebhook(
  deps: ServiceDeps,
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
): Promise<WebhookOutcome> {
  const gateway = deps.config.payments.gateway;
  if (!gateway) return { status: 404, body: { detail: 'Not found' } };
  const header = (name: string) => {
    const value = headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const check = verifyCashfreeWebhook(gateway.webhookSecret, { timestamp: header('x-webhook-timestamp'), signature: header('x-webhook-signature') }, rawBody);
  if (check === 'stale') return { status: 401, body: { detail: 'Webhook timestamp is too old' } };
  if (check !== 'ok') return { status: 401, body: { detail: 'Invalid webhook signature' } };

  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody);
  } catch {
    return { status: 400, body: { detail: 'Malformed webhook body' } };
  }
  const event = webhookEvent(parsed);
  if (!event) return { status: 400, body: { detail: 'Malformed webhook body' } };
  const { orderCode, paymentId } = event;
  const eventId =
    header('x-idempotency-key') ??
    (paymentId !== undefined ? `${event.type ?? 'event'}:${paymentId}` : createHash('sha256').update(rawBody).digest('hex'));

  return deps.db.transaction(async (tx) => {
    const [stored] = await tx
      .insert(paymentWebhookEvents)
      .values({ provider: 'cashfree', eventId, orderCode, eventType: event.type })
      .onConflictDoNothing()
      .returning({ id: paymentWebhookEvents.id });
    if (!stored) return { status: 200, body: { received: true, duplicate: true } };
    if (!orderCode) return { status: 200, body: { received: true, ignored: 'no order' } };
    const [order] = await tx.select().from(paymentOrders).where(eq(paymentOrders.orderCode, orderCode)).limit(1).for('update');
    if (!order) return { status: 200, body: { received: true, ignored: 'unknown order' } };

    if (event.type === 'PAYMENT_SUCCESS_WEBHOOK' && event.paymentStatus === 'SUCCESS') {
      const amount = event.paymentAmount ?? event.orderAmount;
      if (amount === undefined || Math.round(amount * 100) !== order.amountPaise) {
        await writeAudit(tx, { actorUserId: null, action: 'payment.amount_mismatch', entityType: 'payment_order', entityId: order.id, data: { amount, event_id: eventId } });
        return { status: 200, body: { received: true, ignored: 'amount mismatch' } };
      }
      const paid = await markOrderPaid(deps, tx, order.id, {
        providerReference: paymentId === undefined ? undefined : String(paymentId),
        actorUserId: null,
        via: 'cashfree_webhook',
      });
      return { status: 200, body: { received: true, paid: paid !== null } };
    }
    if (event.type === 'PAYMENT_FAILED_WEBHOOK' && OPEN.includes(order.status)) {
      await tx.update(paymentOrders).set({ status: 'failed', updatedAt: new Date() }).where(eq(paymentOrders.id, order.id));
    }
    return { status: 200, body: { received: true } };
  });
}

type CashfreeEvent = {
  type: string | null;
  orderCode: string | null;
  orderAmount: number | undefined;
  paymentId: string | number | undefined;
  paymentStatus: string | undefined;
  paymentAmount: number | undefined;
};

/**
 * The fields of a webhook body the handler reads, each only if it has the type it must have; null for a body that
 * is not an object or holds text the database cannot store. Signed bodies come from the gateway, but a wrong shape
 * must still be a 400, not a failed query.
 */
function webhookEvent(body: unknown): CashfreeEvent | null {
  const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
  if (!isObject(body) || invalidCharacterIssue(body, 'body')) return null;
  const data = isObject(body.data) ? body.data : {};
  const order = isObject(data.order) ? data.order : {};
  const payment = isObject(data.payment) ? data.payment : {};
  const text = (value: unknown) => (typeof value === 'string' && value.length <= 200 ? value : undefined);
  const number = (value: unknown) => (typeof value === 'number' ? value : undefined);
  return {
    type: text(body.type) ?? null,
    orderCode: text(order.order_id) ?? null,
    orderAmount: number(order.order_amount),
    paymentId: typeof payment.cf_payment_id === 'number' ? payment.cf_payment_id : text(payment.cf_payment_id),
    paymentStatus: text(payment.payment_status),
    paymentAmount: number(payment.payment_amount),
  };
}

/** A subscription a quote may draw its discount from (see `subscriptionForQuote`). */
export type QuoteSubscription = Pick<typeof subscriptions.$inferSelect, 'id' | 'status' | 'discountPercent' | 'usedOnBookingId' | 'activatedAt'>;

/**
 * The e-mail's active and used subscriptions, locked for the quote's transaction (an active one may be used by it).
 * Read before the quote knows which booking it updates, so it goes out with the quote's other reads.
 */
export function quoteSubscriptions(tx: Executor, email: string): Promise<QuoteSubscription[]> {
  return tx
    .select({
      id: subscriptions.id,
      status: subscriptions.status,
      discountPercent: subscriptions.discountPercent,
      usedOnBookingId: subscriptions.usedOnBookingId,
      activatedAt: subscriptions.activatedAt,
    })
    .from(subscriptions)
    .where(and(sql`lower(${subscriptions.email}) = ${email.toLowerCase()}`, inArray(subscriptions.status, ['active', 'used'])))
    .for('update');
}

/**
 * The subscriber's one-time 5% discount (spec section 9) for a quote, from `quoteSubscriptions`: the one already
 * used on this same booking (a re-quote keeps it), else the earliest activated active one.
 */
export function subscriptionForQuote(candidates: QuoteSubscription[], bookingId: string | null): { id: string; percent: number } | null {
  const keptByBooking = bookingId ? candidates.find((sub) => sub.status === 'used' && sub.usedOnBookingId === bookingId) : undefined;
  const earliestActive = candidates
    .filter((sub) => sub.status === 'active')
    .sort((a, b) => (a.activatedAt?.getTime() ?? Infinity) - (b.activatedAt?.getTime() ?? Infinity))[0];
  const sub = keptByBooking ?? earliestActive;
  return sub ? { id: sub.id, percent: sub.discountPercent } : null;
}

export async function markSubscriptionUsed(tx: Executor, subscriptionId: string, bookingId: string): Promise<void> {
  const [sub] = await tx
    .update(subscriptions)
    .set({ status: 'used', usedOnBookingId: bookingId, updatedAt: new Date() })
    .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.status, 'active')))
    .returning({ id: subscriptions.id });
  if (sub) {
    await writeAudit(tx, { actorUserId: null, action: 'subscription.used', entityType: 'subscription', entityId: sub.id, data: { booking_id: bookingId } });
  }
}

function toSubscriptionDto(row: typeof subscriptions.$inferSelect): SubscriptionDto {
  return {
    id: row.id,
    email: row.email,
    status: row.status,
    discount_percent: row.discountPercent,
    used_on_booking_id: row.usedOnBookingId,
    activated_at: row.activatedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

export async function listSubscriptions(deps: ServiceDeps): Promise<SubscriptionDto[]> {
  const rows = await deps.db.select().from(subscriptions).orderBy(desc(subscriptions.createdAt)).limit(200);
  return rows.map(toSubscriptionDto);
}

/**
 * The refund note of spec section 9 as an admin action: 50% of ₹99 (₹49.50) when the services cannot be
 * provided. Only a paid subscription (active or used) can be refunded, once.
 */
export async function refundSubscription(deps: ServiceDeps, input: { id: string }, adminId: string): Promise<SubscriptionDto & { refund_amount: number }> {
  const { id } = subscriptionIdInputSchema.parse(input);
  return deps.db.transaction(async (tx) => {
    const [sub] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).limit(1).for('update');
    if (!sub) throw new AppError('NOT_FOUND', 'Subscription not found');
    if (sub.status !== 'active' && sub.status !== 'used') {
      throw new AppError('CONFLICT', sub.status === 'refunded' ? 'This subscription is already refunded' : `A ${sub.status} subscription cannot be refunded`);
    }
    const [row] = await tx.update(subscriptions).set({ status: 'refunded', updatedAt: new Date() }).where(eq(subscriptions.id, id)).returning();
    await writeAudit(tx, {
      actorUserId: adminId,
      action: 'subscription.refunded',
      entityType: 'subscription',
      entityId: id,
      data: { refund_paise: SUBSCRIPTION_REFUND_PAISE, from: sub.status },
    });
    const [user] = sub.userId ? await tx.select({ name: users.fullName }).from(users).where(eq(users.id, sub.userId)) : [];
    await enqueueEmail(tx, subscriptionRefundedEmail(deps.config.brand, { email: sub.email, name: user?.name ?? 'Customer' }, SUBSCRIPTION_REFUND_PAISE));
    return { ...toSubscriptionDto(row!), refund_amount: paiseToRupees(SUBSCRIPTION_REFUND_PAISE) };
  });
}
