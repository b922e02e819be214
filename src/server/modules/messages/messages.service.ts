import { asc, eq } from 'drizzle-orm';
import {
  bookingMessagesInputSchema,
  type BookingMessageDto,
  type BookingMessagesInput,
} from '../../../shared/schemas/messages';
import { bookings, emailOutbox, whatsappOutbox } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { ServiceDeps } from '../../context';
import { BOOKING_NOT_FOUND } from '../bookings/ownership';

/** A thread shows at most this many messages of each channel. */
const MAX_PER_CHANNEL = 200;

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/**
 * `admin.messages.forBooking` / `GET /api/admin/bookings/:id/messages` (docs/product.md#message-thread): every e-mail
 * and WhatsApp message queued about the booking, oldest first, with its channel, recipient and how far it got
 * (queued, sent, delivered, read, failed, or skipped for an opted-out number). 404 for an unknown booking.
 */
export async function bookingMessages(deps: ServiceDeps, input: BookingMessagesInput): Promise<BookingMessageDto[]> {
  const { booking_id: bookingId } = bookingMessagesInputSchema.parse(input);
  const [booking] = await deps.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, bookingId)).limit(1);
  if (!booking) throw new AppError('NOT_FOUND', BOOKING_NOT_FOUND);
  const [emails, whatsapps] = await Promise.all([
    deps.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.bookingId, bookingId))
      .orderBy(asc(emailOutbox.createdAt), asc(emailOutbox.id))
      .limit(MAX_PER_CHANNEL),
    deps.db
      .select()
      .from(whatsappOutbox)
      .where(eq(whatsappOutbox.bookingId, bookingId))
      .orderBy(asc(whatsappOutbox.createdAt), asc(whatsappOutbox.id))
      .limit(MAX_PER_CHANNEL),
  ]);
  const thread: BookingMessageDto[] = [
    ...emails.map((m) => ({
      id: m.id,
      channel: 'email' as const,
      template: m.template,
      to: m.toAddress,
      summary: m.subject,
      status: m.status,
      error: m.status === 'failed' ? m.lastError : null,
      created_at: m.createdAt.toISOString(),
      sent_at: iso(m.sentAt),
      delivered_at: null,
      read_at: null,
    })),
    ...whatsapps.map((m) => ({
      id: m.id,
      channel: 'whatsapp' as const,
      template: m.template,
      to: m.toPhone,
      summary: m.preview,
      status: m.status,
      error: m.status === 'failed' || m.status === 'skipped' ? m.lastError : null,
      created_at: m.createdAt.toISOString(),
      sent_at: iso(m.sentAt),
      delivered_at: iso(m.deliveredAt),
      read_at: iso(m.readAt),
    })),
  ];
  return thread.sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
}
