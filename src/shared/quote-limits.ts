/**
 * What the instant quote takes when a caller leaves these fields out (docs/product.md#quotes): the product's sending
 * defaults. /book requires event type, event name and city, so only the venue type's default is sent from it.
 */
export const QUOTE_DEFAULTS = {
  event_type: 'other',
  venue_type: 'outdoor',
  location: 'Mumbai',
  event_name: 'Your Event',
} as const;

/**
 * Lengths the quote form enforces as it is typed and the instant-quote schema checks (schemas/quote.ts). This file
 * is kept apart from the schema so the form can use it without loading zod before its first submit.
 */
export const EVENT_NAME_MAX_LENGTH = 150;
export const LOCATION_MAX_LENGTH = 100;
/** The same limit as a booking's venue name (schemas/bookings.ts). */
export const VENUE_NAME_MAX_LENGTH = 200;
