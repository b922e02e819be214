import { and, asc, eq, gte } from 'drizzle-orm';
import { isErasedCustomer } from '../../../shared/schemas/admin';
import {
  bookingMessagesInputSchema,
  sendBookingMessageInputSchema,
  type BookingMessageDto,
  type BookingMessagesInput,
  type SendBookingMessageInput,
} from '../../../shared/schemas/messages';
import type { Transaction } from '../../db/client';
import { bookings, emailOutbox, projectInvitations, projects, suppliers, whatsappOutbox } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { AppError, ValidationError } from '../../lib/errors';
import { bookingMessageEmail } from '../../mail/operations-templates';
import { cleanSubject, enqueueEmail } from '../../mail/outbox';
import type { ServiceDeps } from '../../context';
import { BOOKING_NOT_FOUND } from '../bookings/ownership';
import { projectEventOf } from '../projects/projects.service';

/** A thread shows at most this many messages of each channel. */
const MAX_PER_CHANNEL = 200;

const iso = (value: Date | null) => (value ? value.toISOString() : null);

function emailMessageDto(m: typeof emailOutbox.$inferSelect): BookingMessageDto {
  return {
    id: m.id,
    channel: 'email',
    template: m.template,
    to: m.toAddress,
    summary: m.subject,
    status: m.status,
    error: m.status === 'failed' ? m.lastError : null,
    created_at: m.createdAt.toISOString(),
    sent_at: iso(m.sentAt),
    delivered_at: null,
    read_at: null,
  };
}

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
    ...emails.map(emailMessageDto),
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

/** An identical message to the same person about the same booking within this time is a repeat, not a new one. */
export const REPEAT_MESSAGE_WINDOW_MS = 10 * 60 * 1000;

export const SUPPLIER_NOT_ON_BOOKING = 'That supplier is not invited to a project of this booking';
export const CUSTOMER_ERASED = "This customer's details were erased; there is no one to write to";

/** A supplier invited to any project of the booking (open, awarded or closed), as a message addresses it. */
async function invitedSupplier(
  tx: Transaction,
  bookingId: string,
  supplierId: string,
): Promise<{ id: string; email: string; name: string } | null> {
  const [row] = await tx
    .select({ id: suppliers.id, email: suppliers.email, name: suppliers.name })
    .from(projectInvitations)
    .innerJoin(projects, eq(projects.id, projectInvitations.projectId))
    .innerJoin(suppliers, eq(suppliers.id, projectInvitations.supplierId))
    .where(and(eq(projects.bookingId, bookingId), eq(projectInvitations.supplierId, supplierId)))
    .limit(1);
  return row ?? null;
}

/**
 * `admin.messages.send` / `POST /api/admin/bookings/:id/messages` (docs/product.md#message-thread): an admin's own
 * e-mail about the booking, to its customer or to a supplier invited to one of its projects. It is queued with an
 * audit row in one transaction and joins the thread at once. The booking row is locked, so the same message sent
 * twice at once (a double click, a retried request) queues once: an identical message to the same address within
 * REPEAT_MESSAGE_WINDOW_MS is refused with 409. 404 for an unknown booking; 422 for a supplier not on the booking or
 * a customer whose details were erased.
 */
export async function sendBookingMessage(
  deps: ServiceDeps,
  input: SendBookingMessageInput,
  adminId: string,
  now: Date = new Date(),
): Promise<BookingMessageDto> {
  const message = sendBookingMessageInputSchema.parse(input);
  return deps.db.transaction(async (tx) => {
    const [booking] = await tx
      .select()
      .from(bookings)
      .where(eq(bookings.id, message.booking_id))
      .limit(1)
      .for('update');
    if (!booking) throw new AppError('NOT_FOUND', BOOKING_NOT_FOUND);
    let recipient: { email: string; name: string };
    if (message.to === 'supplier') {
      const supplier = await invitedSupplier(tx, booking.id, message.supplier_id!);
      if (!supplier) {
        throw new ValidationError([
          { loc: ['body', 'supplier_id'], msg: SUPPLIER_NOT_ON_BOOKING, type: 'value_error' },
        ]);
      }
      recipient = supplier;
    } else {
      if (isErasedCustomer({ email: booking.clientEmail })) {
        throw new ValidationError([{ loc: ['body', 'to'], msg: CUSTOMER_ERASED, type: 'value_error' }]);
      }
      recipient = { email: booking.clientEmail, name: booking.clientName };
    }
    const email = bookingMessageEmail(deps.config.brand, recipient, projectEventOf(booking), booking.id, message);
    const [repeat] = await tx
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.bookingId, booking.id),
          eq(emailOutbox.template, email.template),
          eq(emailOutbox.toAddress, email.to),
          eq(emailOutbox.subject, cleanSubject(email.subject)),
          eq(emailOutbox.textBody, email.text),
          gte(emailOutbox.createdAt, new Date(now.getTime() - REPEAT_MESSAGE_WINDOW_MS)),
        ),
      )
      .limit(1);
    if (repeat) throw new AppError('CONFLICT', `This message was already sent to ${email.to} a few minutes ago`);
    const id = await enqueueEmail(tx, email, { bookingId: booking.id });
    // A message to the customer is a line of their booking's timeline; one to a supplier is recorded against the
    // supplier, so the customer never reads of it.
    await writeAudit(
      tx,
      message.to === 'customer'
        ? {
            actorUserId: adminId,
            action: 'booking.message_sent',
            entityType: 'booking',
            entityId: booking.id,
            data: { email_id: id },
          }
        : {
            actorUserId: adminId,
            action: 'supplier.message_sent',
            entityType: 'supplier',
            entityId: message.supplier_id!,
            data: { booking_id: booking.id, email_id: id },
          },
    );
    const [row] = await tx.select().from(emailOutbox).where(eq(emailOutbox.id, id)).limit(1);
    return emailMessageDto(row!);
  });
}
