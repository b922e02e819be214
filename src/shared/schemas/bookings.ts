import { z } from 'zod';
import type { BookingStatus } from '../domain';
import { GUEST_COUNT_MESSAGES, MAX_GUESTS } from '../pricing';
import {
  emailSchema,
  eventDateSchema,
  nameSchema,
  optionalTextSchema,
  phoneSchema,
  whatsappOptInSchema,
} from './common';
import { eventTypeSchema } from './quote';

/** The `detail` of a 404 for a booking that does not exist or that the caller may not see. */
export const BOOKING_NOT_FOUND = 'Booking not found';

export const INQUIRY_EVENT_NAME_MAX_LENGTH = 200;

/**
 * A booking's free-form requirements as stored in its `requirements` JSON. The guest count is not one of them: it
 * is the booking's own `guest_count` column, the one place it is kept; answers that show it inside `requirements`
 * build it from that column.
 */
export type BookingRequirements = {
  event_duration?: string;
  venue_type?: string;
  catering_style?: string;
  dietary_restrictions?: string[];
  special_requests?: string;
  budget_range?: string;
  company_name?: string;
  decoration_required?: boolean;
  entertainment_required?: boolean;
  photography_required?: boolean;
};

/** An inquiry's guest count: the form sends 0 when it cannot read a number (docs/product.md#pricing "Inquiry form"). */
const inquiryGuestCountSchema = z
  .number({
    error: (issue) => (issue.input === undefined ? GUEST_COUNT_MESSAGES.required : GUEST_COUNT_MESSAGES.number),
  })
  .int(GUEST_COUNT_MESSAGES.whole)
  .min(0, 'Guest count cannot be negative')
  .max(MAX_GUESTS, GUEST_COUNT_MESSAGES.atMost);

/** `requirements` of the booking/inquiry payload (docs/product.md#quotes), with the spec's defaults (section 9). */
export const inquiryRequirementsSchema = z.object(
  {
    guest_count: inquiryGuestCountSchema,
    event_duration: optionalTextSchema('Event duration', 50),
    catering_style: optionalTextSchema('Catering style', 100),
    special_requests: optionalTextSchema('Special requests', 2000),
    budget_range: optionalTextSchema('Budget range', 100),
    company_name: optionalTextSchema('Company name', 150),
    decoration_required: z.boolean({ error: 'Must be true or false' }).default(true),
    entertainment_required: z.boolean({ error: 'Must be true or false' }).default(false),
    photography_required: z.boolean({ error: 'Must be true or false' }).default(false),
  },
  { error: 'Requirements are required' },
);

/**
 * The booking/inquiry payload (docs/product.md#pricing) posted by the service inquiry modal to `POST /api/bookings`.
 * Name, e-mail, phone and guest count are required (docs/product.md#pricing "Inquiry form"); the date may be open.
 */
export const bookingInquiryInputSchema = z.object({
  client_name: nameSchema('Full name'),
  client_email: emailSchema,
  client_phone: phoneSchema,
  event_type: eventTypeSchema,
  event_name: nameSchema('Event name', INQUIRY_EVENT_NAME_MAX_LENGTH),
  event_date: z
    .string({ error: 'Enter the event date as YYYY-MM-DD' })
    .trim()
    .nullish()
    .transform((value) => value || null)
    .pipe(eventDateSchema.nullable()),
  event_time: optionalTextSchema('Event time', 50),
  venue_name: optionalTextSchema('Venue name', 200),
  venue_address: optionalTextSchema('Venue address', 500),
  requirements: inquiryRequirementsSchema,
  /** Updates on WhatsApp to `client_phone` (docs/product.md#whatsapp). */
  whatsapp_opt_in: whatsappOptInSchema,
});
export type BookingInquiryInput = z.input<typeof bookingInquiryInputSchema>;
export type BookingInquiryData = z.output<typeof bookingInquiryInputSchema>;

/** `POST /api/bookings` answers 201 with this. */
export type BookingInquiryResult = { id: string; status: BookingStatus; message: string };
