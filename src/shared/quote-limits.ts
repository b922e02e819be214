/**
 * Lengths the quote form enforces as it is typed and the instant-quote schema checks (schemas/quote.ts). Kept
 * apart from the schema so the form can use them without loading zod before its first submit.
 */
export const EVENT_NAME_MAX_LENGTH = 150;
export const LOCATION_MAX_LENGTH = 100;
/** The same limit as a booking's venue name (schemas/bookings.ts). */
export const VENUE_NAME_MAX_LENGTH = 200;
