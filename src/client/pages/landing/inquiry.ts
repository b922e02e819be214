import { z } from 'zod';
import { isIsoDate, todayInIndia } from '../../../shared/dates';
import type { BookingInquiryInput } from '../../../shared/schemas/bookings';
import { emailSchema, nameSchema, phoneSchema } from '../../../shared/schemas/common';
import type { Service } from './services';

export type InquiryValues = {
  name: string;
  email: string;
  phone: string;
  guestCount: string;
  eventDate: string;
  eventTime: string;
  venueName: string;
  venueAddress: string;
  companyName: string;
  budgetRange: string;
  cateringStyle: string;
  eventDuration: string;
  specialRequests: string;
  /** The "updates on WhatsApp" box under the phone (docs/product.md#whatsapp), unticked until ticked. */
  whatsappOptIn: boolean;
};

/** The typed fields (every value but the WhatsApp box). */
export type InquiryField = Exclude<keyof InquiryValues, 'whatsappOptIn'>;

export const EMPTY_INQUIRY: InquiryValues = {
  name: '',
  email: '',
  phone: '',
  guestCount: '',
  eventDate: '',
  eventTime: '',
  venueName: '',
  venueAddress: '',
  companyName: '',
  budgetRange: '',
  cateringStyle: '',
  eventDuration: '',
  specialRequests: '',
  whatsappOptIn: false,
};

/** Budget ranges in rupees, Indian digit grouping; sent as the label the customer chose. */
export const BUDGET_RANGES = [
  'Under ₹50,000',
  '₹50,000 – ₹1,00,000',
  '₹1,00,000 – ₹2,50,000',
  '₹2,50,000 – ₹5,00,000',
  '₹5,00,000 – ₹10,00,000',
  'Above ₹10,00,000',
] as const;

export const CATERING_STYLES = [
  'Buffet',
  'Plated sit-down dinner',
  'Live counters',
  'Family-style (served at the table)',
  'Cocktail & canapés',
  'Grazing table',
] as const;

export const EVENT_DURATIONS = ['Up to 3 hours', '3–5 hours', '5–8 hours', 'Full day', 'Multiple days'] as const;

/**
 * What the date field says of a date begun but not finished (the browser then reports no value at all) or not a real
 * one (a five-digit year): sending the inquiry without it would lose what the visitor typed.
 */
export const INCOMPLETE_EVENT_DATE = 'Enter the whole date (day, month and a four-digit year), or leave it empty';

/**
 * docs/product.md#pricing "Inquiry form": name, e-mail, phone and guest count are required; the shared schemas give the
 * same checks and messages the server uses. The date is optional but, when given, a whole, real date, not in the past
 * (India time).
 */
const inquiryFormSchema = z.object({
  name: nameSchema('Full name'),
  email: emailSchema,
  phone: phoneSchema,
  guestCount: z.string().trim().min(1, 'Please enter the number of guests'),
  eventDate: z
    .string()
    .refine((value) => value === '' || isIsoDate(value), INCOMPLETE_EVENT_DATE)
    .refine((value) => !isIsoDate(value) || value >= todayInIndia(), 'Event date cannot be in the past'),
});

/** The first problem with each field, in the form's order; empty when the inquiry can be sent. */
export function validateInquiry(values: InquiryValues): Partial<Record<InquiryField, string>> {
  const parsed = inquiryFormSchema.safeParse(values);
  const errors: Partial<Record<InquiryField, string>> = {};
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as InquiryField;
    if (!(field in errors)) errors[field] = issue.message;
  }
  return errors;
}

/**
 * docs/product.md#pricing: the guest count is sent as an integer, 0 when it cannot be read. Digit grouping ("1,200") is
 * understood; a negative number is not a guest count, so it counts as unreadable too.
 */
export function parseGuestCount(raw: string): number {
  const parsed = Number.parseInt(raw.replace(/[,\s]/g, ''), 10);
  return Number.isNaN(parsed) || parsed < 0 ? 0 : parsed;
}

/** docs/product.md#quotes: the service title, plus ' - ' and the company name when one is given. */
export function inquiryEventName(service: Pick<Service, 'name'>, companyName: string): string {
  const company = companyName.trim();
  return company ? `${service.name} - ${company}` : service.name;
}

/** docs/product.md#quotes "Booking/inquiry payload", with the inquiry defaults of section 9. */
export function buildInquiryPayload(service: Pick<Service, 'id' | 'name'>, values: InquiryValues): BookingInquiryInput {
  return {
    client_name: values.name.trim(),
    client_email: values.email.trim(),
    client_phone: values.phone.trim(),
    event_type: service.id,
    event_name: inquiryEventName(service, values.companyName),
    event_date: values.eventDate || null,
    event_time: values.eventTime.trim() || null,
    venue_name: values.venueName.trim() || null,
    venue_address: values.venueAddress.trim() || null,
    whatsapp_opt_in: values.whatsappOptIn,
    requirements: {
      guest_count: parseGuestCount(values.guestCount),
      event_duration: values.eventDuration,
      catering_style: values.cateringStyle,
      special_requests: values.specialRequests.trim(),
      budget_range: values.budgetRange,
      company_name: values.companyName.trim(),
      decoration_required: true,
      entertainment_required: false,
      photography_required: false,
    },
  };
}

/** The earliest date the date picker offers: today in India. */
export function earliestEventDate(): string {
  return todayInIndia();
}
