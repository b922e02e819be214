import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { CANCELLED_BY, PAYMENT_PURPOSES, PAYMENT_STATUSES, REFUND_STATUSES, SUBSCRIPTION_STATUSES } from '../../../shared/domain';
import { bookings } from './bookings';
import { createdAt, id, oneOf, updatedAt } from './helpers';
import { users } from './users';

/** Token payments (₹999) and subscriptions (₹99) alike (architecture section 5, "Payments and subscription"). */
export const paymentOrders = pgTable(
  'payment_orders',
  {
    id: id(),
    /** The order id customers and providers see (e.g. in a UPI note); unguessable. */
    orderCode: text('order_code').notNull(),
    purpose: text('purpose', { enum: PAYMENT_PURPOSES }).notNull(),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email'),
    phone: text('phone'),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('created'),
    provider: text('provider').notNull(),
    providerReference: text('provider_reference'),
    /** The gateway's hosted checkout page for this order (gateway provider only). */
    checkoutUrl: text('checkout_url'),
    utr: text('utr'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payment_orders_order_code_key').on(t.orderCode),
    uniqueIndex('payment_orders_utr_key').on(t.utr),
    index('payment_orders_booking_idx').on(t.bookingId),
    // One open token order per booking: a double-click or two tabs reuse it instead of creating a second one.
    uniqueIndex('payment_orders_open_token_key')
      .on(t.bookingId)
      .where(sql`purpose = 'token' AND status IN ('created', 'pending')`),
    index('payment_orders_status_created_idx').on(t.status, t.createdAt),
    check('payment_orders_purpose_check', oneOf('purpose', PAYMENT_PURPOSES)),
    check('payment_orders_status_check', oneOf('status', PAYMENT_STATUSES)),
    check('payment_orders_amount_check', sql`amount_paise > 0`),
  ],
);

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: id(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    phone: text('phone'),
    paymentOrderId: uuid('payment_order_id').references(() => paymentOrders.id, { onDelete: 'set null' }),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull().default('pending'),
    discountPercent: integer('discount_percent').notNull().default(5),
    usedOnBookingId: uuid('used_on_booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('subscriptions_email_idx').on(sql`lower(${t.email})`),
    check('subscriptions_status_check', oneOf('status', SUBSCRIPTION_STATUSES)),
  ],
);

/** Refunds owed after a cancellation (issue 6): computed by `src/shared/refund-policy.ts`, paid by an admin. */
export const refunds = pgTable(
  'refunds',
  {
    id: id(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    cancelledBy: text('cancelled_by', { enum: CANCELLED_BY }).notNull(),
    /** The refund computation as shown to the customer (days before, band, percent, basis). */
    policy: jsonb('policy').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: REFUND_STATUSES }).notNull().default('due'),
    reference: text('reference'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('refunds_booking_key').on(t.bookingId),
    index('refunds_status_created_idx').on(t.status, t.createdAt),
    check('refunds_status_check', oneOf('status', REFUND_STATUSES)),
    check('refunds_cancelled_by_check', oneOf('cancelled_by', CANCELLED_BY)),
    check('refunds_amount_check', sql`amount_paise >= 0`),
  ],
);

/** Every gateway webhook event processed, by the provider's event id: a replay finds its row and changes nothing. */
export const paymentWebhookEvents = pgTable(
  'payment_webhook_events',
  {
    id: id(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    orderCode: text('order_code'),
    eventType: text('event_type'),
    receivedAt: createdAt(),
  },
  (t) => [uniqueIndex('payment_webhook_events_provider_event_key').on(t.provider, t.eventId)],
);
