import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { WHATSAPP_CONSENT_SOURCES, WHATSAPP_STATUSES, WHATSAPP_TEMPLATES } from '../../../shared/domain';
import { bookings } from './bookings';
import { createdAt, id, oneOf, updatedAt } from './helpers';

/**
 * WhatsApp consent per phone number (E.164), with when it was given and withdrawn (docs/product.md#whatsapp). A
 * number opted out is never messaged until it opts in again.
 */
export const whatsappConsents = pgTable(
  'whatsapp_consents',
  {
    phone: text('phone').primaryKey(),
    optedInAt: timestamp('opted_in_at', { withTimezone: true }),
    optedInSource: text('opted_in_source', { enum: WHATSAPP_CONSENT_SOURCES }),
    optedOutAt: timestamp('opted_out_at', { withTimezone: true }),
    optedOutSource: text('opted_out_source', { enum: WHATSAPP_CONSENT_SOURCES }),
    updatedAt: updatedAt(),
  },
  () => [
    check('whatsapp_consents_in_source_check', oneOf('opted_in_source', WHATSAPP_CONSENT_SOURCES)),
    check('whatsapp_consents_out_source_check', oneOf('opted_out_source', WHATSAPP_CONSENT_SOURCES)),
  ],
);

/**
 * Transactional outbox of WhatsApp template messages, written in the transaction of the change they announce and
 * sent by the WhatsApp worker, as `email_outbox` is by the mail worker. The provider's message id ties the signed
 * status webhook back to the row.
 */
export const whatsappOutbox = pgTable(
  'whatsapp_outbox',
  {
    id: id(),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    toPhone: text('to_phone').notNull(),
    template: text('template', { enum: WHATSAPP_TEMPLATES }).notNull(),
    /** The template's body parameters, in order, and the text as it reads with them (for the message thread). */
    params: jsonb('params').$type<string[]>().notNull().default([]),
    preview: text('preview').notNull(),
    status: text('status', { enum: WHATSAPP_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sendAfter: timestamp('send_after', { withTimezone: true }).notNull().defaultNow(),
    providerMessageId: text('provider_message_id'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    readAt: timestamp('read_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('whatsapp_outbox_pending_idx').on(t.status, t.sendAfter),
    index('whatsapp_outbox_booking_idx').on(t.bookingId, t.createdAt),
    uniqueIndex('whatsapp_outbox_provider_message_key')
      .on(t.providerMessageId)
      .where(sql`provider_message_id is not null`),
    check('whatsapp_outbox_status_check', oneOf('status', WHATSAPP_STATUSES)),
    check('whatsapp_outbox_template_check', oneOf('template', WHATSAPP_TEMPLATES)),
  ],
);

/**
 * Every webhook event already applied, by a key made of what identifies it (a status: message id, status and time;
 * an inbound message: its id). A provider retry or a replayed request finds its key here and changes nothing.
 */
export const whatsappWebhookEvents = pgTable('whatsapp_webhook_events', {
  eventKey: text('event_key').primaryKey(),
  receivedAt: createdAt(),
});

/**
 * One row per event reminder sent (docs/decisions.md, "Event reminders"): the key is the booking and the event date
 * it announced, so a booking is reminded once per date however many sweeps run, in one instance or many, and a new
 * date makes a new reminder due. The row is written in the transaction that queues the message.
 */
export const eventReminders = pgTable(
  'event_reminders',
  {
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    eventDate: date('event_date', { mode: 'string' }).notNull(),
    whatsappId: uuid('whatsapp_id').references(() => whatsappOutbox.id, { onDelete: 'set null' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'event_reminders_pkey', columns: [t.bookingId, t.eventDate] })],
);
