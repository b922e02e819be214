import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ANALYTICS_KINDS, DEVICE_CLASSES, EMAIL_STATUSES } from '../../../shared/domain';
import { createdAt, id, oneOf, updatedAt } from './helpers';
import { users } from './users';

/** Page views, quotations and vendor registrations (architecture section 5, "Analytics and privacy"). */
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
    check('analytics_events_kind_check', oneOf('kind', ANALYTICS_KINDS)),
  ],
);

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
    status: text('status', { enum: EMAIL_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sendAfter: timestamp('send_after', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('email_outbox_pending_idx').on(t.status, t.sendAfter),
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
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_entity_idx').on(t.entityType, t.entityId, t.createdAt)],
);

/** Admin-editable settings (pricing rates, GST rate, business identity overrides), one JSON value per key. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});

