import { createHash } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { SUBSCRIPTION_AMOUNT_PAISE, SUBSCRIPTION_REFUND_PAISE } from '../../../shared/booking-rules';
import { paiseToRupees } from '../../../shared/pricing';
import {
  createSubscriptionOrderInputSchema,
  subscriptionIdInputSchema,
  type CreateSubscriptionOrderInput,
  type PaymentOrderDto,
  type SubscriptionDto,
} from '../../../shared/schemas/account';
import type { Executor } from '../../db/client';
import { paymentOrders, subscriptions, users } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { AppError, ValidationError } from '../../lib/errors';
import { subscriptionRefundedEmail } from '../../mail/account-templates';
import { enqueueEmail } from '../../mail/outbox';
import type { AuthUser } from '../auth/auth.service';
import type { ServiceDeps } from '../../context';
import { newOrderCode, OPEN, openWithProvider, toOrderDto } from './payment-orders.service';
import { paymentProviderFor } from './providers/index';

/**
 * The ₹99 subscription (docs/product.md#subscriptions): a signed-in customer, or a visitor with e-mail and phone. Creates
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
    if (existing.some((row) => row.sub.status === 'active'))
      throw new AppError('CONFLICT', 'You already have an active subscription');
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
    await tx
      .insert(subscriptions)
      .values({ userId: user?.id ?? null, email, phone, paymentOrderId: created!.id, status: 'pending' });
    return created!;
  });
  return toOrderDto(
    deps,
    await openWithProvider(
      deps,
      order,
      user?.id ?? `guest-${createHash('sha256').update(email).digest('hex').slice(0, 16)}`,
    ),
  );
}

/** A subscription a quote may draw its discount from (see `subscriptionForQuote`). */
export type QuoteSubscription = Pick<
  typeof subscriptions.$inferSelect,
  'id' | 'status' | 'discountPercent' | 'usedOnBookingId' | 'activatedAt'
>;

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
    .where(
      and(
        sql`lower(${subscriptions.email}) = ${email.toLowerCase()}`,
        inArray(subscriptions.status, ['active', 'used']),
      ),
    )
    .for('update');
}

/**
 * The subscriber's one-time 5% discount (docs/product.md#subscriptions) for a quote, from `quoteSubscriptions`: the one already
 * used on this same booking (a re-quote keeps it), else the earliest activated active one.
 */
export function subscriptionForQuote(
  candidates: QuoteSubscription[],
  bookingId: string | null,
): { id: string; percent: number } | null {
  const keptByBooking = bookingId
    ? candidates.find((sub) => sub.status === 'used' && sub.usedOnBookingId === bookingId)
    : undefined;
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
    await writeAudit(tx, {
      actorUserId: null,
      action: 'subscription.used',
      entityType: 'subscription',
      entityId: sub.id,
      data: { booking_id: bookingId },
    });
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
 * The refund note of docs/product.md#refunds as an admin action: 50% of ₹99 (₹49.50) when the services cannot be
 * provided. Only a paid subscription (active or used) can be refunded, once.
 */
export async function refundSubscription(
  deps: ServiceDeps,
  input: { id: string },
  adminId: string,
): Promise<SubscriptionDto & { refund_amount: number }> {
  const { id } = subscriptionIdInputSchema.parse(input);
  return deps.db.transaction(async (tx) => {
    const [sub] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).limit(1).for('update');
    if (!sub) throw new AppError('NOT_FOUND', 'Subscription not found');
    if (sub.status !== 'active' && sub.status !== 'used') {
      throw new AppError(
        'CONFLICT',
        sub.status === 'refunded'
          ? 'This subscription is already refunded'
          : `A ${sub.status} subscription cannot be refunded`,
      );
    }
    const [row] = await tx
      .update(subscriptions)
      .set({ status: 'refunded', updatedAt: new Date() })
      .where(eq(subscriptions.id, id))
      .returning();
    await writeAudit(tx, {
      actorUserId: adminId,
      action: 'subscription.refunded',
      entityType: 'subscription',
      entityId: id,
      data: { refund_paise: SUBSCRIPTION_REFUND_PAISE, from: sub.status },
    });
    const [user] = sub.userId
      ? await tx.select({ name: users.fullName }).from(users).where(eq(users.id, sub.userId))
      : [];
    await enqueueEmail(
      tx,
      subscriptionRefundedEmail(
        deps.config.brand,
        { email: sub.email, name: user?.name ?? 'Customer' },
        SUBSCRIPTION_REFUND_PAISE,
      ),
    );
    return { ...toSubscriptionDto(row!), refund_amount: paiseToRupees(SUBSCRIPTION_REFUND_PAISE) };
  });
}
