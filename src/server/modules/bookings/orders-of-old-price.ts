import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { paymentOrders } from '../../db/schema';

/**
 * A booking whose price changes (the same event quoted again, the team's new price, a new guest count) expires its
 * open token and instalment orders: each asks for an amount worked out from the old price, and a customer paying
 * from a page left open would pay it on the new one. The next Pay opens an order for the new price
 * (`createTokenOrder`, `createInstalmentOrder`); money that still arrives on an expired order is received as late
 * money always is (docs/product.md#payments). A ₹99 order bought from the quote stays open: the subscription is the
 * person's (docs/product.md#subscriptions). Nothing is sent when the price is the same, so a quote sent twice leaves
 * the customer's payment page as it was.
 */
export async function expireOrdersOfOldPrice(
  tx: Executor,
  bookingId: string,
  price: { before: number | null; after: number | null },
  now: Date = new Date(),
): Promise<void> {
  if (price.before === price.after) return;
  await expireOpenBookingOrders(tx, bookingId, { now });
}

/**
 * Expires a booking's open token and instalment orders (a new price, a cancellation, money received), or only those of
 * `purposes` (a confirmation: its token orders); its ₹99 order stays open, the subscription being the person's
 * (docs/product.md#subscriptions).
 */
export async function expireOpenBookingOrders(
  tx: Executor,
  bookingId: string,
  { purposes = ['token', 'instalment'], now = new Date() }: { purposes?: ('token' | 'instalment')[]; now?: Date } = {},
): Promise<void> {
  await tx
    .update(paymentOrders)
    .set({ status: 'expired', updatedAt: now })
    .where(
      and(
        eq(paymentOrders.bookingId, bookingId),
        inArray(paymentOrders.purpose, purposes),
        inArray(paymentOrders.status, ['created', 'pending']),
      ),
    );
}
