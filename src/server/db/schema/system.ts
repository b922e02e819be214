import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ANALYTICS_KINDS, DEVICE_CLASSES, EMAIL_STATUSES } from '../../../shared/domain';
import { bookings } from './bookings';
import { createdAt, id, oneOf, updatedAt } from './helpers';
import { users } from './users';

/** Page views, quotations and vendor registrations (docs/product.md#vendors, "Analytics and privacy"). */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: id(),
    kind: text('kind', { enum: ANALYTICS_KINDS }).notNull(),
    path: text('path'),
    /** Raw IP, truncated by the retention job after 90 days. */
    ipAddress: text('ip_address'),
    browser: text('browser'),
    device: text('device', { enum: DEVICE_CLASSES }),
    city: text('city'),
    eventType: text('event_type'),
    bookingId: uuid('booking_id'),
    supplierId: uuid('supplier_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('analytics_events_kind_created_idx').on(t.kind, t.createdAt),
    index('analytics_events_booking_idx').on(t.bookingId),
    index('analytics_events_supplier_idx').on(t.supplierId),
    // The IP retention job reads only the events that still hold an IP (the last 90 days).
    index('analytics_events_ip_created_idx')
      .on(t.createdAt)
      .where(sql`ip_address is not null`),
    check('analytics_events_kind_check', oneOf('kind', ANALYTICS_KINDS)),
    check('analytics_events_device_check', sql`device IS NULL OR ${oneOf('device', DEVICE_CLASSES)}`),
  ],
);

/** A file an outbox message carries, by what it is; the mail worker makes it when it sends the message. */
export type MailAttachmentRef = { kind: 'gst_document'; id: string };

/** Transactional outbox: rows are written in the same transaction as the change they announce. */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: id(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    template: text('template').notNull(),
    /** The booking the message is about, for its message thread (docs/product.md#message-thread); null otherwise. */
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    /** Files sent with the message, named here and made when it is sent (a GST document's PDF). */
    attachments: jsonb('attachments').$type<MailAttachmentRef[]>().notNull().default([]),
    status: text('status', { enum: EMAIL_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sendAfter: timestamp('send_after', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('email_outbox_pending_idx').on(t.status, t.sendAfter),
    index('email_outbox_booking_idx').on(t.bookingId, t.createdAt),
    check('email_outbox_status_check', oneOf('status', EMAIL_STATUSES)),
  ],
);

/** Who changed what, when (booking status moves, approvals, payments). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: uuid('entity_id').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    // The time of the row itself, not of its transaction's start: the rows one change writes keep the order they
    // were written in, which a booking's timeline shows.
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entityType, t.entityId, t.createdAt),
    // The Analytics tab's "bookings confirmed per week" reads status changes by date.
    index('audit_log_status_changes_idx')
      .on(t.createdAt)
      .where(sql`action = 'booking.status_changed'`),
  ],
);

/** Admin-editable settings (pricing rates, GST rate, business identity overrides), one JSON value per key. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});

/**
 * `Idempotency-Key`s of writes a client may retry (instant quotes): written in the transaction of the write they
 * guard, so a key is stored exactly when its write committed. A retry with the same key and body gets `response`
 * again; the same key with another body is refused (docs/security.md, "Crash safety").
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** The kind of write the key belongs to (`quote.instant`), so two flows never share a key space. */
    operation: text('operation').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of the parsed request, to tell a retry from a different request under the same key. */
    requestHash: text('request_hash').notNull(),
    /** The first answer, sent again to every retry. */
    response: jsonb('response').$type<Record<string, unknown>>().notNull(),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'idempotency_keys_pkey', columns: [t.operation, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
    index('idempotency_keys_booking_idx').on(t.bookingId),
  ],
);
