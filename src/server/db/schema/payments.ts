import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { PAYMENT_PURPOSES, PAYMENT_STATUSES, SUBSCRIPTION_STATUSES } from '../../../shared/domain';
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
    utr: text('utr'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payment_orders_order_code_key').on(t.orderCode),
    uniqueIndex('payment_orders_utr_key').on(t.utr),
    index('payment_orders_booking_idx').on(t.bookingId),
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
