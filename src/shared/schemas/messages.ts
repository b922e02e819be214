import { z } from 'zod';
import { type EMAIL_STATUSES, type WHATSAPP_STATUSES } from '../domain';
import { BOOKING_NOT_FOUND } from './bookings';
import { nameSchema, requiredTextSchema } from './common';

/** The two channels a booking's messages go out on (docs/product.md#message-thread). */
export const MESSAGE_CHANNELS = ['email', 'whatsapp'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/** Every status a message of either channel can be in. */
export const MESSAGE_STATUSES = ['pending', 'sent', 'delivered', 'read', 'failed', 'skipped'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];
// Both channels' statuses are in the list (a compile-time check).
({}) as (typeof EMAIL_STATUSES)[number] | (typeof WHATSAPP_STATUSES)[number] satisfies MessageStatus;

/** One message of a booking's thread: what went out, to whom, on which channel, and how far it got. */
export type BookingMessageDto = {
  id: string;
  channel: MessageChannel;
  /** The template's name (`quote`, `booking_cancelled`, `payment_due`…). */
  template: string;
  to: string;
  /** E-mail: the subject. WhatsApp: the text as the recipient reads it. */
  summary: string;
  status: MessageStatus;
  error: string | null;
  created_at: string;
  sent_at: string | null;
  delivered_at: string | null;
  read_at: string | null;
};

export const bookingMessagesInputSchema = z.object({ booking_id: z.uuid({ error: BOOKING_NOT_FOUND }) });
export type BookingMessagesInput = z.infer<typeof bookingMessagesInputSchema>;

/** Who an admin can write to from a booking (docs/product.md#message-thread). */
export const MESSAGE_RECIPIENTS = ['customer', 'supplier'] as const;
export type MessageRecipient = (typeof MESSAGE_RECIPIENTS)[number];

/** The longest message an admin can write: a letter, not a document (those go as attachments from a mail program). */
export const MESSAGE_BODY_MAX_LENGTH = 4000;
/** A subject fits the e-mail subject line the outbox keeps (SUBJECT_MAX_LENGTH). */
export const MESSAGE_SUBJECT_MAX_LENGTH = 120;

const bookingMessageShape = {
  to: z.enum(MESSAGE_RECIPIENTS, { error: 'Choose who the message is for: customer or supplier' }),
  supplier_id: z.uuid({ error: 'Choose a supplier of this booking' }).nullish(),
  subject: nameSchema('Subject', MESSAGE_SUBJECT_MAX_LENGTH),
  body: requiredTextSchema('Message', MESSAGE_BODY_MAX_LENGTH),
};

/** A supplier is named exactly when the message is for a supplier. */
function recipientRule(value: { to: MessageRecipient; supplier_id?: string | null }, ctx: z.RefinementCtx): void {
  if (value.to === 'supplier' && !value.supplier_id) {
    ctx.addIssue({ code: 'custom', path: ['supplier_id'], message: 'Choose a supplier of this booking' });
  }
  if (value.to === 'customer' && value.supplier_id) {
    ctx.addIssue({ code: 'custom', path: ['supplier_id'], message: 'A message to the customer names no supplier' });
  }
}

/**
 * An admin's message about a booking (the REST body): to the customer, or to a supplier invited to one of its
 * projects (`supplier_id`, required then and refused otherwise). Plain text; line breaks are kept.
 */
export const bookingMessageFieldsSchema = z.object(bookingMessageShape).superRefine(recipientRule);
export type BookingMessageFields = z.input<typeof bookingMessageFieldsSchema>;

/** The same message with its booking (tRPC). */
export const sendBookingMessageInputSchema = z
  .object({ booking_id: z.uuid({ error: BOOKING_NOT_FOUND }), ...bookingMessageShape })
  .superRefine(recipientRule);
export type SendBookingMessageInput = z.input<typeof sendBookingMessageInputSchema>;
