import { createHash } from 'node:crypto';
import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import {
  SUBSCRIBER_DISCOUNT_PERCENT,
  SUBSCRIPTION_AMOUNT_PAISE,
  SUBSCRIPTION_REFUND_PAISE,
  subscriberDiscountRefusal,
} from '../../../shared/booking-rules';
import { todayInIndia } from '../../../shared/dates';
import { paiseToRupees, subscriberPrice } from '../../../shared/pricing';
import {
  createSubscriptionOrderInputSchema,
  subscriptionIdInputSchema,
  type CreateSubscriptionOrderInput,
  type PaymentOrderDto,
  type SubscriptionDto,
} from '../../../shared/schemas/account';
import type { QuoteSubscriptionState } from '../../../shared/schemas/quote';
import type { Executor } from '../../db/client';
import { reusableSelect, type ValueOf } from '../../db/reusable-statements';
import { bookings, paymentOrders, subscriptions, users } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { AppError, ValidationError } from '../../lib/errors';
import { subscriptionRefundedEmail } from '../../mail/account-templates';
import { enqueueEmail } from '../../mail/outbox';
import type { AuthUser } from '../auth/auth.service';
import { BOOKING_NOT_FOUND } from '../bookings/ownership';
import type { ServiceDeps } from '../../context';
import { chargePrice } from './ledger';
import {
  confirmBooking,
  dayFullRefusal,
  holdsBookingAmount,
  newOrderCode,
  OPEN,
  openWithProvider,
  toOrderDto,
  type OrderRow,
} from './payment-orders.service';
import { settleRepricing } from './repricing';
import { issueSubscriptionCreditNote, subscriptionsDocuments } from '../gst/subscription-documents';
import { paymentProviderFor } from './providers/index';

type BookingRow = typeof bookings.$inferSelect;
type SubscriptionRow = typeof subscriptions.$inferSelect;

/**
 * Whether a signed-in user owns `email` for the subscriber's discount (docs/product.md#subscriptions): a customer
 * signed in with that address, confirmed (docs/decisions.md, "Verified e-mail"). Typing an address proves nothing.
 */
export function ownsEmail(user: Pick<AuthUser, 'role' | 'email' | 'emailVerified'> | null, email: string): boolean {
  return (
    user !== null && user.role === 'customer' && user.emailVerified && user.email.toLowerCase() === email.toLowerCase()
  );
}

/**
 * The ₹99 subscription (docs/product.md#subscriptions): a signed-in customer, or a visitor with e-mail and phone.
 * Creates the order and a `pending` subscription; paid, it becomes `active`. An e-mail that already has an active
 * subscription answers 409; one with a pending order gets that order back. Any other signed-in role (an admin or a
 * supplier trying the page) buys as a visitor: the subscription is a customer's. Bought from a quote (`booking_id`),
 * the order names that booking, which must be in the subscription's e-mail (for a signed-in customer, not another
 * account's: else 404 like a missing id) and a quote that can still take the discount (409 saying why); paid, it
 * discounts that booking (`applyPaidSubscription`).
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
    const bookingId = data.booking_id ? await quoteToSubscribeFrom(tx, data.booking_id, email, user) : null;
    const existing = await tx
      .select({ sub: subscriptions, order: paymentOrders })
      .from(subscriptions)
      .leftJoin(paymentOrders, eq(paymentOrders.id, subscriptions.paymentOrderId))
      .where(and(sql`lower(${subscriptions.email}) = ${email}`, inArray(subscriptions.status, ['pending', 'active'])));
    if (existing.some((row) => row.sub.status === 'active'))
      throw new AppError('CONFLICT', 'You already have an active subscription');
    const open = existing.find((row) => row.order && OPEN.includes(row.order.status))?.order;
    if (open && bookingId && open.bookingId !== bookingId) {
      // Still unpaid: the order now stands for the quote it was last asked from.
      const [moved] = await tx
        .update(paymentOrders)
        .set({ bookingId, updatedAt: new Date() })
        .where(eq(paymentOrders.id, open.id))
        .returning();
      return moved!;
    }
    if (open) return open;
    const [created] = await tx
      .insert(paymentOrders)
      .values({
        orderCode: newOrderCode('subscription'),
        purpose: 'subscription',
        bookingId,
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

/**
 * The quote a subscription is bought from (`createSubscriptionOrder`): in the subscription's e-mail and, for a
 * signed-in customer, not linked to another account (anything else answers like a missing id); a quote not yet
 * accepted, still valid and without the discount (`subscriberDiscountRefusal`, 409 saying why).
 */
async function quoteToSubscribeFrom(
  tx: Executor,
  bookingId: string,
  email: string,
  user: AuthUser | null,
): Promise<string> {
  const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).limit(1);
  const foreign =
    !booking ||
    booking.clientEmail.toLowerCase() !== email ||
    (user !== null && booking.userId !== null && booking.userId !== user.id);
  if (foreign) throw new AppError('NOT_FOUND', BOOKING_NOT_FOUND);
  const refusal = subscriberDiscountRefusal(booking, 'purchase');
  if (refusal) throw new AppError('CONFLICT', refusal);
  return booking.id;
}

/** A subscription a quote may draw its discount from (see `subscriptionForQuote`). */
export type QuoteSubscription = Pick<
  SubscriptionRow,
  'id' | 'status' | 'discountPercent' | 'usedOnBookingId' | 'activatedAt'
> & {
  /** The booking it was bought from (its order names it), if any. */
  boughtFor: string | null;
  /** Whether that booking can still take the discount: then the subscription waits for it. */
  boughtForOpen: boolean;
};

/** The active and used subscriptions of an address, locked: every quote makes this read (`reusableSelect`). */
const subscriptionsOf = reusableSelect((db, value: ValueOf<{ address: string }>) =>
  db
    .select({
      id: subscriptions.id,
      status: subscriptions.status,
      discountPercent: subscriptions.discountPercent,
      usedOnBookingId: subscriptions.usedOnBookingId,
      activatedAt: subscriptions.activatedAt,
      paymentOrderId: subscriptions.paymentOrderId,
    })
    .from(subscriptions)
    .where(
      and(sql`lower(${subscriptions.email}) = ${value('address')}`, inArray(subscriptions.status, ['active', 'used'])),
    )
    .for('update'),
);

/**
 * The e-mail's active and used subscriptions, locked for the quote's transaction (an active one may be used by it),
 * with the booking each was bought from. Read before the quote knows which booking it updates, so it goes out with
 * the quote's other reads.
 */
export async function quoteSubscriptions(tx: Executor, email: string): Promise<QuoteSubscription[]> {
  const address = email.toLowerCase();
  // Every quote makes this read and few addresses have a subscription, so the bookings they were bought from are
  // read only when there is one: building a wider statement costs each quote more than the second read costs them.
  const subs = await subscriptionsOf(tx, { address });
  const orderIds = subs.flatMap((sub) => (sub.paymentOrderId ? [sub.paymentOrderId] : []));
  const boughtFrom =
    orderIds.length === 0
      ? []
      : await tx
          .select({
            orderId: paymentOrders.id,
            id: bookings.id,
            clientEmail: bookings.clientEmail,
            status: bookings.status,
            validUntil: bookings.validUntil,
            subtotalPaise: bookings.subtotalPaise,
            gstPaise: bookings.gstPaise,
            gstPercent: bookings.gstPercent,
            finalAmountPaise: bookings.finalAmountPaise,
            subscriberDiscountPaise: bookings.subscriberDiscountPaise,
          })
          .from(paymentOrders)
          .innerJoin(bookings, eq(bookings.id, paymentOrders.bookingId))
          .where(inArray(paymentOrders.id, orderIds));
  const today = todayInIndia();
  return subs.map(({ paymentOrderId, ...sub }) => {
    const booking = boughtFrom.find((row) => row.orderId === paymentOrderId);
    return {
      ...sub,
      boughtFor: booking?.id ?? null,
      boughtForOpen:
        booking !== undefined &&
        booking.clientEmail.toLowerCase() === address &&
        subscriberDiscountRefusal(booking, 'payment', today) === null,
    };
  });
}

/**
 * The subscriber's one-time discount (docs/product.md#subscriptions) for a quote, from `quoteSubscriptions`, and what
 * the page is told about the subscription. The discount already used on this same booking stays with it (a re-quote
 * keeps it). Otherwise only the owner of the e-mail (`ownsEmail`) gets one: the active subscription bought from this
 * booking, else the earliest one not waiting for another booking that can still take it. Anyone else quoting in an
 * e-mail with an active subscription gets the list price and `sign_in`.
 */
export function subscriptionForQuote(
  candidates: QuoteSubscription[],
  bookingId: string | null,
  owner: boolean,
): { subscription: { id: string; percent: number } | null; state: QuoteSubscriptionState } {
  const pick = (sub: QuoteSubscription) => ({
    subscription: { id: sub.id, percent: sub.discountPercent },
    state: 'applied' as const,
  });
  const kept = bookingId
    ? candidates.find((sub) => sub.status === 'used' && sub.usedOnBookingId === bookingId)
    : undefined;
  if (kept) return pick(kept);
  const active = candidates
    .filter((sub) => sub.status === 'active')
    .sort((a, b) => (a.activatedAt?.getTime() ?? Infinity) - (b.activatedAt?.getTime() ?? Infinity));
  if (active.length === 0) return { subscription: null, state: 'none' };
  if (!owner) return { subscription: null, state: 'sign_in' };
  const mine =
    (bookingId ? active.find((sub) => sub.boughtFor === bookingId) : undefined) ??
    active.find((sub) => !sub.boughtForOpen);
  return mine ? pick(mine) : { subscription: null, state: 'kept' };
}

/** An active subscription becomes `used` on a booking, once: false when it was no longer active. */
export async function markSubscriptionUsed(tx: Executor, subscriptionId: string, bookingId: string): Promise<boolean> {
  const [sub] = await tx
    .update(subscriptions)
    .set({ status: 'used', usedOnBookingId: bookingId, updatedAt: new Date() })
    .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.status, 'active')))
    .returning({ id: subscriptions.id });
  if (!sub) return false;
  await writeAudit(tx, {
    actorUserId: null,
    action: 'subscription.used',
    entityType: 'subscription',
    entityId: sub.id,
    data: { booking_id: bookingId },
  });
  return true;
}

/**
 * Gives a stored booking the subscriber's discount (docs/product.md#subscriptions) when it can still take it: in the
 * subscription's e-mail, not another account's, and `subscriberDiscountRefusal` has nothing against it. The booking
 * is re-priced by the shared `subscriberPrice` (taxable amount, GST and total together), the subscription becomes
 * `used` on it and the change is audited. A part-paid quote whose lower price the money already held covers is
 * confirmed by it, as a payment reaching the booking amount confirms one; on a day that has filled since, it keeps
 * its price and the subscription waits for the owner's next quote. A confirmed booking's charge follows the new
 * price, with its documents, anything paid over it owed back and an e-mail (`settleRepricing`). False when nothing
 * was given.
 */
async function discountStoredBooking(
  deps: ServiceDeps,
  tx: Executor,
  sub: Pick<SubscriptionRow, 'id' | 'email' | 'discountPercent'>,
  bookingId: string,
  ownerId: string,
  actorUserId: string | null,
): Promise<boolean> {
  const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).limit(1).for('update');
  if (!booking || booking.clientEmail.toLowerCase() !== sub.email.toLowerCase()) return false;
  if (booking.userId !== null && booking.userId !== ownerId) return false;
  if (subscriberDiscountRefusal(booking, 'payment') !== null) return false;
  const price = subscriberPrice(
    {
      subtotalPaise: booking.subtotalPaise!,
      gstPercent: booking.gstPercent!,
      gstPaise: booking.gstPaise!,
      finalAmountPaise: booking.finalAmountPaise!,
    },
    sub.discountPercent,
  );
  const confirming = await holdsBookingAmount(tx, { ...booking, finalAmountPaise: price.finalAmountPaise });
  if (confirming && (await dayFullRefusal(tx, booking))) return false;
  if (!(await markSubscriptionUsed(tx, sub.id, booking.id))) return false;
  const [row] = await tx
    .update(bookings)
    .set({
      subtotalPaise: price.subtotalPaise,
      gstPaise: price.gstPaise,
      finalAmountPaise: price.finalAmountPaise,
      subscriberDiscountPaise: price.discountPaise,
      updatedAt: new Date(),
    })
    .where(eq(bookings.id, booking.id))
    .returning();
  const reason = `Subscriber discount (${sub.discountPercent}%)`;
  await writeAudit(tx, {
    actorUserId,
    action: 'booking.subscriber_discount',
    entityType: 'booking',
    entityId: booking.id,
    data: {
      subscription_id: sub.id,
      percent: sub.discountPercent,
      previous_final_amount_paise: booking.finalAmountPaise,
      final_amount_paise: price.finalAmountPaise,
      bill_discount_paise: price.billDiscountPaise,
      taxable_discount_paise: price.discountPaise,
    },
  });
  let current = row!;
  if (confirming) {
    // Confirming charges the new total.
    current = await confirmBooking(tx, current, actorUserId, { via: 'subscriber_discount' });
  } else if (current.status === 'confirmed') {
    await chargePrice(tx, current.id, price.finalAmountPaise, actorUserId, reason);
  }
  if (current.status === 'confirmed') {
    await settleRepricing(deps, tx, current, {
      previousTotalPaise: booking.finalAmountPaise!,
      reason,
      cause: 'subscriber',
      confirmed: confirming,
      actorUserId,
    });
  }
  return true;
}

/**
 * A paid ₹99 order that was bought from a quote gives that booking its discount at once when the buyer is known to
 * own the e-mail: the order was made by a customer signed in with that address, confirmed
 * (docs/product.md#subscriptions). A visitor's subscription stays active, waiting for the owner to claim the booking
 * (`claimSubscriberDiscounts`); a booking that can no longer take the discount leaves it for the owner's next quote.
 */
export async function applyPaidSubscription(
  deps: ServiceDeps,
  tx: Executor,
  order: Pick<OrderRow, 'id' | 'bookingId' | 'userId'>,
  actorUserId: string | null,
): Promise<void> {
  if (!order.bookingId || !order.userId) return;
  const [row] = await tx
    .select({ sub: subscriptions, owner: users })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, order.userId))
    .where(and(eq(subscriptions.paymentOrderId, order.id), eq(subscriptions.status, 'active')))
    .limit(1);
  if (!row) return;
  const owner = { ...row.owner, emailVerified: row.owner.emailVerifiedAt !== null };
  if (!ownsEmail(owner, row.sub.email)) return;
  await discountStoredBooking(deps, tx, row.sub, order.bookingId, owner.id, actorUserId);
}

/**
 * The name the ₹99 receipt greets (docs/product.md#subscriptions): the account that made the order, else the name
 * typed on the quote it was bought from (a quote in the order's e-mail); null when the order names no one.
 */
export async function subscriberName(
  tx: Executor,
  order: Pick<OrderRow, 'userId' | 'bookingId' | 'email'>,
): Promise<string | null> {
  const [user] = order.userId
    ? await tx.select({ name: users.fullName }).from(users).where(eq(users.id, order.userId)).limit(1)
    : [];
  if (user?.name.trim()) return user.name.trim();
  const [booking] =
    order.bookingId && order.email
      ? await tx
          .select({ name: bookings.clientName, email: bookings.clientEmail })
          .from(bookings)
          .where(eq(bookings.id, order.bookingId))
          .limit(1)
      : [];
  const sameEmail = booking?.email.toLowerCase() === order.email?.toLowerCase();
  return booking && sameEmail && booking.name.trim() ? booking.name.trim() : null;
}

/**
 * The owner of an address claims what was bought in it while signed out (docs/product.md#subscriptions): every
 * active subscription in the e-mail that was bought from a quote gives that booking its discount, if it can still
 * take it. Runs when the owner confirms the address and when they open My Bookings; one small read when there is
 * nothing to claim.
 */
export async function claimSubscriberDiscounts(
  deps: ServiceDeps,
  db: Executor,
  owner: { id: string; email: string },
): Promise<void> {
  const waiting = await db
    .select({ sub: subscriptions, bookingId: paymentOrders.bookingId })
    .from(subscriptions)
    .innerJoin(paymentOrders, eq(paymentOrders.id, subscriptions.paymentOrderId))
    .where(
      and(
        sql`lower(${subscriptions.email}) = ${owner.email.toLowerCase()}`,
        eq(subscriptions.status, 'active'),
        isNotNull(paymentOrders.bookingId),
      ),
    );
  for (const { sub, bookingId } of waiting) {
    await db.transaction((tx) => discountStoredBooking(deps, tx, sub, bookingId!, owner.id, owner.id));
  }
}

/**
 * The percent of the subscriber discount a booking took (docs/product.md#subscriptions): its subscription's, else
 * the product's; an admin's re-price keeps it.
 */
export async function subscriberPercentOf(tx: Executor, booking: Pick<BookingRow, 'id'>): Promise<number> {
  const [sub] = await tx
    .select({ percent: subscriptions.discountPercent })
    .from(subscriptions)
    .where(eq(subscriptions.usedOnBookingId, booking.id))
    .limit(1);
  return sub?.percent ?? SUBSCRIBER_DISCOUNT_PERCENT;
}

function toSubscriptionDto(
  row: typeof subscriptions.$inferSelect,
  documents: Map<string, SubscriptionDto['gst_documents']>,
): SubscriptionDto {
  return {
    id: row.id,
    email: row.email,
    status: row.status,
    discount_percent: row.discountPercent,
    used_on_booking_id: row.usedOnBookingId,
    activated_at: row.activatedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    gst_documents: documents.get(row.id) ?? [],
  };
}

export async function listSubscriptions(deps: ServiceDeps): Promise<SubscriptionDto[]> {
  const rows = await deps.db.select().from(subscriptions).orderBy(desc(subscriptions.createdAt)).limit(200);
  const documents = await subscriptionsDocuments(
    deps.db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toSubscriptionDto(row, documents));
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
    const creditNote = await issueSubscriptionCreditNote(deps, tx, row!, SUBSCRIPTION_REFUND_PAISE, adminId);
    const [user] = sub.userId
      ? await tx.select({ name: users.fullName }).from(users).where(eq(users.id, sub.userId))
      : [];
    await enqueueEmail(
      tx,
      subscriptionRefundedEmail(
        deps.config.brand,
        { email: sub.email, name: user?.name ?? 'Customer' },
        SUBSCRIPTION_REFUND_PAISE,
        creditNote,
      ),
      // The refund's credit note goes with the e-mail as its PDF (docs/gst.md#subscription).
      { attachments: creditNote ? [{ kind: 'gst_document', id: creditNote.id }] : [] },
    );
    return {
      ...toSubscriptionDto(row!, await subscriptionsDocuments(tx, [id])),
      refund_amount: paiseToRupees(SUBSCRIPTION_REFUND_PAISE),
    };
  });
}
