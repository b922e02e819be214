import { z } from 'zod';
import { type EMAIL_STATUSES, type WHATSAPP_STATUSES } from '../domain';
import { BOOKING_NOT_FOUND } from './bookings';

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
