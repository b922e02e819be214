import { type EventType, type PricingTier, type VenueType } from '../../../shared/domain';
import { isIsoDate } from '../../../shared/dates';
import { GUEST_COUNT_MESSAGES, MAX_GUESTS, MIN_GUESTS } from '../../../shared/pricing';
import { deferredModule } from '../../lib/deferred-module';
import { isEventType } from './booking-options';

/*
 * The quote form's state and the spec's own checks, without zod: the page renders and checks the required fields
 * with this module alone, and loads the shared schema (quote-form.ts) after its first render.
 */

/** docs/product.md#quotes "Booking form state (quote page)": the fields this page collects, as typed. */
export type QuoteFormValues = {
  client_name: string;
  client_email: string;
  client_phone: string;
  event_type: EventType | '';
  event_name: string;
  guest_count: string;
  venue_type: VenueType | '';
  venue_name: string;
  location: string;
  /** `YYYY-MM-DD`, or '' while no date is chosen. */
  event_date: string;
  /** Updates on WhatsApp at the phone number (docs/product.md#whatsapp); unticked until the visitor ticks it. */
  whatsapp_opt_in: boolean;
};

export type QuoteField = keyof QuoteFormValues;

/** docs/product.md#pricing: the pricing tier starts as basic. */
export const DEFAULT_TIER: PricingTier = 'basic';

export { QUOTE_DEFAULTS } from '../../../shared/quote-limits';

/** docs/product.md#quotes: the quote form's messages, word for word. */
export const QUOTE_MESSAGES = {
  nameAndEmail: 'Please fill in your name and email',
  phone: 'Please enter your phone number',
  eventDate: 'Please select an event date',
  // The guest count's, the API's own words (GUEST_COUNT_MESSAGES).
  guests: GUEST_COUNT_MESSAGES.required,
  guestsNumber: GUEST_COUNT_MESSAGES.number,
  guestsWhole: GUEST_COUNT_MESSAGES.whole,
  guestsAtLeast: GUEST_COUNT_MESSAGES.atLeast,
  guestsAtMost: GUEST_COUNT_MESSAGES.atMost,
  eventType: 'Please select an event type',
  eventName: 'Please enter an event name',
  city: 'Please enter the venue city',
  pastDate: 'Event date cannot be in the past',
  success: 'Your instant quote is ready! Check your email.',
  failure: 'Failed to generate quote. Please try again.',
} as const;

/**
 * The form as it opens; `?eventType=<id>` (docs/product.md#screens) preselects the event type when it is a known one.
 */
export function initialQuoteValues(eventTypeParam: string | null): QuoteFormValues {
  return {
    client_name: '',
    client_email: '',
    client_phone: '',
    event_type: isEventType(eventTypeParam) ? eventTypeParam : '',
    event_name: '',
    guest_count: '',
    venue_type: '',
    venue_name: '',
    location: '',
    event_date: '',
    whatsapp_opt_in: false,
  };
}

/** docs/product.md#screens: the get-quote button stays disabled until a date and a guest count are given. */
export function hasDateAndGuests(values: QuoteFormValues): boolean {
  return values.event_date !== '' && values.guest_count.trim() !== '';
}

/**
 * A guest count as the shared schema reads it: the number typed in plain digits (a sign and a decimal part allowed),
 * or the text when it is not one, which the schema refuses as not a number (so are `1e3` and `0x10`, which `Number`
 * would read). A fraction stays a fraction, for the schema to refuse as not a whole number.
 */
export function typedGuestCount(raw: string): number | string {
  const typed = raw.trim();
  return /^[+-]?\d+(?:\.\d+)?$/.test(typed) ? Number(typed) : typed;
}

/**
 * A guest count as typed, as the whole number that is sent (docs/product.md#pricing), or null when there is none: a
 * fraction (150.7) is not a guest count, and is refused rather than cut to 150 (`guestCountProblem`).
 */
export function parseGuestCount(raw: string): number | null {
  const value = typedGuestCount(raw);
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null;
}

/**
 * What is wrong with a typed guest count, or null, in the API's order and words (`quoteGuestCountSchema`): an empty
 * field is asked for (docs/product.md#screens's words), a fraction is not a whole number, and a count of 0 or below
 * or above the limit says so rather than asking again for a number that was given.
 */
export function guestCountProblem(raw: string): string | null {
  const value = typedGuestCount(raw);
  if (value === '') return QUOTE_MESSAGES.guests;
  if (typeof value !== 'number') return QUOTE_MESSAGES.guestsNumber;
  if (!Number.isInteger(value)) return QUOTE_MESSAGES.guestsWhole;
  if (value < MIN_GUESTS) return QUOTE_MESSAGES.guestsAtLeast;
  if (value > MAX_GUESTS) return QUOTE_MESSAGES.guestsAtMost;
  return null;
}

export type QuoteFormProblem = { ok: false; field: QuoteField; message: string };

const blank = (value: string) => value.trim() === '';

/**
 * docs/product.md#pricing, in its order: name and email, phone, event date, guest count, then "not in the past"; the
 * fields docs/product.md#screens marks required come with the others of their section (event type and name after the
 * phone, the city after the guest count), so the API's defaults for them are never reached from this page. The
 * first failure as one message for one toast, or null when the checks pass (the shared schema comes next).
 */
export function firstSpecProblem(
  values: QuoteFormValues,
  today: string,
  typedDateProblem?: string,
): QuoteFormProblem | null {
  if (blank(values.client_name)) return { ok: false, field: 'client_name', message: QUOTE_MESSAGES.nameAndEmail };
  if (blank(values.client_email)) return { ok: false, field: 'client_email', message: QUOTE_MESSAGES.nameAndEmail };
  if (blank(values.client_phone)) return { ok: false, field: 'client_phone', message: QUOTE_MESSAGES.phone };
  if (values.event_type === '') return { ok: false, field: 'event_type', message: QUOTE_MESSAGES.eventType };
  if (blank(values.event_name)) return { ok: false, field: 'event_name', message: QUOTE_MESSAGES.eventName };
  if (typedDateProblem) return { ok: false, field: 'event_date', message: typedDateProblem };
  if (!isIsoDate(values.event_date)) return { ok: false, field: 'event_date', message: QUOTE_MESSAGES.eventDate };
  const guests = guestCountProblem(values.guest_count);
  if (guests) return { ok: false, field: 'guest_count', message: guests };
  if (blank(values.location)) return { ok: false, field: 'location', message: QUOTE_MESSAGES.city };
  if (values.event_date < today) return { ok: false, field: 'event_date', message: QUOTE_MESSAGES.pastDate };
  return null;
}

/** The shared schema's check (quote-form.ts, with zod), loaded once: after the first render, or by a submit. */
export const quoteValidator = deferredModule(() => import('./quote-form'));
