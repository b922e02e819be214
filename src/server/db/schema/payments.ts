import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  CANCELLED_BY,
  INSTALMENT_KINDS,
  LEDGER_KINDS,
  PAYMENT_METHODS,
  PAYMENT_PURPOSES,
  PAYMENT_REMINDER_STAGES,
  PAYMENT_STATUSES,
  REFUND_STATUSES,
  SUBSCRIPTION_STATUSES,
} from '../../../shared/domain';
import { bookings } from './bookings';
import { createdAt, id, oneOf, updatedAt } from './helpers';
import { emailOutbox } from './system';
import { users } from './users';

/** Token payments (₹999) and subscriptions (₹99) alike (docs/product.md#subscriptions, "Payments and subscription"). */
export const paymentOrders = pgTable(
  'payment_orders',
  {
    id: id(),
    /** The order id customers and providers see (e.g. in a UPI note); unguessable. */
    orderCode: text('order_code').notNull(),
    purpose: text('purpose', { enum: PAYMENT_PURPOSES }).notNull(),
    /** Which instalment of the schedule an `instalment` order pays; null otherwise. */
    instalment: text('instalment', { enum: INSTALMENT_KINDS }),
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
    // One open order per booking (token or instalment): a double-click or two tabs reuse it instead of a second one.
    uniqueIndex('payment_orders_open_booking_key')
      .on(t.bookingId)
      .where(sql`purpose IN ('token', 'instalment') AND status IN ('created', 'pending')`),
    index('payment_orders_status_created_idx').on(t.status, t.createdAt),
    check('payment_orders_purpose_check', oneOf('purpose', PAYMENT_PURPOSES)),
    check('payment_orders_status_check', oneOf('status', PAYMENT_STATUSES)),
    check('payment_orders_instalment_check', sql`instalment IS NULL OR ${oneOf('instalment', INSTALMENT_KINDS)}`),
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

/** Refunds owed after a cancellation: computed by `src/shared/refund-policy.ts`, paid by an admin. */
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
    // More than one per booking: money that arrives after a cancellation is owed back with its own refund.
    index('refunds_booking_idx').on(t.bookingId),
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

/**
 * A booking's money, one row per event, never edited (a correction is a new row that reverses an earlier one;
 * an UPDATE is refused by a trigger). Paid, refunded and due are sums over it (`modules/payments/ledger.ts`):
 * - `charge`: what the booking costs; the charges add up to the current total (a re-price adds the difference;
 *   a cancellation brings them down to what the business keeps).
 * - `payment`: money received (method and reference say how); one row per paid order at most.
 * - `refund`: money owed back to the customer (paid out through the `refunds` row it points to).
 * - `adjustment`: a change to what is owed that is not a re-price (counts with the charges).
 * A correction repeats the kind of the row it corrects with the opposite amount and `reverses_id` set.
 */
export const bookingLedger = pgTable(
  'booking_ledger',
  {
    id: id(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    /** Paise; negative only on a charge or adjustment that lowers the price, or on a reversal. */
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    method: text('method', { enum: PAYMENT_METHODS }),
    reference: text('reference'),
    paymentOrderId: uuid('payment_order_id').references(() => paymentOrders.id, { onDelete: 'set null' }),
    refundId: uuid('refund_id').references(() => refunds.id, { onDelete: 'set null' }),
    reversesId: uuid('reverses_id'),
    note: text('note'),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('booking_ledger_booking_idx').on(t.bookingId, t.createdAt),
    index('booking_ledger_kind_created_idx').on(t.kind, t.createdAt),
    // An order's money is received once, whatever delivers it (webhook, UTR, a retry).
    uniqueIndex('booking_ledger_order_payment_key')
      .on(t.paymentOrderId)
      .where(sql`kind = 'payment' AND reverses_id IS NULL`),
    // A row is reversed at most once.
    uniqueIndex('booking_ledger_reverses_key').on(t.reversesId),
    check('booking_ledger_kind_check', oneOf('kind', LEDGER_KINDS)),
    check('booking_ledger_method_check', sql`method IS NULL OR ${oneOf('method', PAYMENT_METHODS)}`),
    check(
      'booking_ledger_amount_check',
      sql`amount_paise <> 0 AND (kind IN ('charge', 'adjustment') OR reverses_id IS NOT NULL OR amount_paise > 0)`,
    ),
  ],
);

/**
 * Payment reminders sent (docs/decisions.md, "Payment reminders"), one row each, written in the transaction that
 * queues the e-mail. The automatic ones are unique on booking, instalment, due date and stage, so each is sent once
 * whatever the number of instances, sweeps and restarts; a changed due date is a new key, so the new date gets its
 * own reminders. `manual` rows (an admin's reminder) stay outside the key and never use up an automatic one.
 */
export const paymentReminders = pgTable(
  'payment_reminders',
  {
    id: id(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    instalment: text('instalment', { enum: INSTALMENT_KINDS }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    stage: text('stage', { enum: PAYMENT_REMINDER_STAGES }).notNull(),
    /** What the reminder asked for: the instalment's outstanding part then (paise). */
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    emailId: uuid('email_id').references(() => emailOutbox.id, { onDelete: 'set null' }),
    /** The admin who sent a manual reminder; null for the automatic ones. */
    sentBy: uuid('sent_by').references(() => users.id, { onDelete: 'set null' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_reminders_once_key')
      .on(t.bookingId, t.instalment, t.dueDate, t.stage)
      .where(sql`stage <> 'manual'`),
    index('payment_reminders_booking_idx').on(t.bookingId, t.sentAt),
    check('payment_reminders_instalment_check', oneOf('instalment', INSTALMENT_KINDS)),
    check('payment_reminders_stage_check', oneOf('stage', PAYMENT_REMINDER_STAGES)),
    check('payment_reminders_amount_check', sql`amount_paise > 0`),
  ],
);
