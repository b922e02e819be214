import type { BookingStatus } from '../../../shared/domain';
import {
  bookingInquiryInputSchema,
  type BookingInquiryInput,
  type BookingInquiryResult,
} from '../../../shared/schemas/bookings';
import type { Executor } from '../../db/client';
import { auditLog, bookings, type BookingRequirements } from '../../db/schema';
import { inquiryAcknowledgementEmail } from '../../mail/templates';
import { enqueueEmail } from '../../mail/outbox';
import type { Requester } from '../../trpc/context';
import type { ServiceDeps } from '../deps';

export const INQUIRY_RECEIVED_MESSAGE =
  'Thank you! Your inquiry has been received. We will contact you soon with a customized quote.';

/**
 * The account a public booking belongs to: the signed-in customer, when the booking is in that customer's own
 * e-mail. Anyone else's booking stays anonymous, so nobody can attach bookings to an account by typing its e-mail.
 */
export function customerIdFor(user: Requester['user'], clientEmail: string): string | null {
  if (!user || user.role !== 'customer') return null;
  return user.email.toLowerCase() === clientEmail.toLowerCase() ? user.id : null;
}

/** The first entry of a booking's history, as every later status move is written (architecture section 5). */
export async function auditBookingCreated(
  tx: Executor,
  bookingId: string,
  status: BookingStatus,
  actorUserId: string | null,
): Promise<void> {
  await tx.insert(auditLog).values({
    actorUserId,
    action: 'booking.status_changed',
    entityType: 'booking',
    entityId: bookingId,
    data: { from: null, to: status },
  });
}

/** Keeps the keys that carry a value: the stored requirements never hold nulls or empty strings. */
function compact<T extends Record<string, unknown>>(value: T): { [K in keyof T]?: Exclude<T[K], null> } {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null && v !== undefined && v !== '')) as {
    [K in keyof T]?: Exclude<T[K], null>;
  };
}

/**
 * A service inquiry from the landing page (spec section 3 "Booking/inquiry payload", issue 3): a booking with
 * status `inquiry` and source `inquiry`, and the acknowledgement e-mail queued in the same transaction.
 * A guest count of 0 means "not known yet" (the form sends 0 when it cannot read a number, spec section 5).
 */
export async function createInquiry(
  deps: ServiceDeps,
  input: BookingInquiryInput,
  requester: Requester,
): Promise<BookingInquiryResult> {
  const data = bookingInquiryInputSchema.parse(input);
  const userId = customerIdFor(requester.user, data.client_email);
  const requirements: BookingRequirements = compact(data.requirements);

  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(bookings)
      .values({
        userId,
        clientName: data.client_name,
        clientEmail: data.client_email,
        clientPhone: data.client_phone,
        eventType: data.event_type,
        eventName: data.event_name,
        eventDate: data.event_date,
        eventTime: data.event_time,
        venueName: data.venue_name,
        venueAddress: data.venue_address,
        guestCount: data.requirements.guest_count > 0 ? data.requirements.guest_count : null,
        requirements,
        status: 'inquiry',
        source: 'inquiry',
      })
      .returning({ id: bookings.id });
    const id = row!.id;
    await auditBookingCreated(tx, id, 'inquiry', userId);
    await enqueueEmail(tx, inquiryAcknowledgementEmail(deps.config.brand, data, id));
    return { id, status: 'inquiry', message: INQUIRY_RECEIVED_MESSAGE };
  });
}
