import { z } from 'zod';
import { EVENT_TYPES, PRICING_TIERS, type PricingTier, VENUE_TYPES } from '../domain';
import { GUEST_COUNT_MESSAGES, MAX_GUESTS, MIN_GUESTS } from '../pricing';
import { EVENT_NAME_MAX_LENGTH, LOCATION_MAX_LENGTH, QUOTE_DEFAULTS, VENUE_NAME_MAX_LENGTH } from '../quote-limits';
import {
  emailSchema,
  eventDateSchema,
  nameSchema,
  optionalPhoneSchema,
  optionalTextSchema,
  whatsappOptInSchema,
} from './common';

export { EVENT_NAME_MAX_LENGTH, LOCATION_MAX_LENGTH };

export const eventTypeSchema = z.enum(EVENT_TYPES, { error: 'Choose a valid event type' });
export const venueTypeSchema = z.enum(VENUE_TYPES, { error: 'Choose a valid venue type' });
export const pricingTierSchema = z.enum(PRICING_TIERS, { error: 'Choose a valid package: basic, premium or luxury' });

/** Guests of an instant quote: a whole number from 1 to 10,000 (docs/product.md#pricing). */
export const quoteGuestCountSchema = z
  .number({
    error: (issue) => (issue.input === undefined ? GUEST_COUNT_MESSAGES.required : GUEST_COUNT_MESSAGES.number),
  })
  .int(GUEST_COUNT_MESSAGES.whole)
  .min(MIN_GUESTS, GUEST_COUNT_MESSAGES.atLeast)
  .max(MAX_GUESTS, GUEST_COUNT_MESSAGES.atMost);

/**
 * The instant-quote payload (docs/api.md `POST /quotation/instant`), shared by REST and tRPC. `client_phone`
 * is optional: the spec's REST payload has none, the app's own form collects it. Event type, venue type, city and
 * event name left out take the product's sending defaults (`QUOTE_DEFAULTS`); given, they must be valid.
 */
export const instantQuoteInputSchema = z.object({
  event_type: eventTypeSchema.default(QUOTE_DEFAULTS.event_type),
  event_date: eventDateSchema,
  guest_count: quoteGuestCountSchema,
  venue_type: venueTypeSchema.default(QUOTE_DEFAULTS.venue_type),
  tier: pricingTierSchema,
  location: nameSchema('Venue location', LOCATION_MAX_LENGTH).default(QUOTE_DEFAULTS.location),
  client_email: emailSchema,
  client_name: nameSchema('Full name'),
  event_name: nameSchema('Event name', EVENT_NAME_MAX_LENGTH).default(QUOTE_DEFAULTS.event_name),
  client_phone: optionalPhoneSchema,
  /**
   * The venue's own name as the visitor typed it (docs/product.md#screens "Venue Name"); optional, as in the spec's
   * payload.
   */
  venue_name: optionalTextSchema('Venue name', VENUE_NAME_MAX_LENGTH),
  /** Updates on WhatsApp to `client_phone` (docs/product.md#whatsapp). */
  whatsapp_opt_in: whatsappOptInSchema,
});
/**
 * A quote request as the app's own form sends it: every field the defaults would fill is given. The wire accepts
 * them left out too (`z.input<typeof instantQuoteInputSchema>`).
 */
export type InstantQuoteInput = z.input<typeof instantQuoteInputSchema> &
  Pick<InstantQuoteData, keyof typeof QUOTE_DEFAULTS>;
export type InstantQuoteData = z.output<typeof instantQuoteInputSchema>;

/**
 * A client's idempotency key (REST `Idempotency-Key` header, tRPC `idempotency_key`): 1 to 255 visible ASCII
 * characters; a random UUID per quote request is the usual choice (docs/security.md, "Crash safety").
 */
export const idempotencyKeySchema = z
  .string({ error: 'Idempotency key must be text' })
  .regex(/^[\x21-\x7e]{1,255}$/, 'Idempotency key must be 1 to 255 visible ASCII characters, such as a UUID');

/** The tRPC input of `quote.instant`: the quote, and optionally the key that makes retrying it safe. */
export const instantQuoteProcedureInputSchema = instantQuoteInputSchema.extend({
  idempotency_key: idempotencyKeySchema.optional(),
});

/** One line of the quote the UI can show as it is; discounts are negative. */
export type QuoteLine = {
  key: 'base' | 'add_on' | 'discount' | 'surcharge' | 'subscriber_discount' | 'subtotal' | 'gst' | 'total';
  label: string;
  amount: number;
};

/**
 * The ₹99 subscription as it concerns a quote (docs/product.md#subscriptions), so the page knows whether to offer it:
 * - `none`: the quote's e-mail has no paid, unused subscription; the page offers one.
 * - `applied`: the subscriber's discount is in this quote.
 * - `sign_in`: the quote's e-mail has a paid subscription, but its discount goes only to the owner of the address:
 *   it applies once they are signed in with that address, confirmed.
 * - `kept`: the signed-in owner's subscription is kept for the quote it was bought from.
 */
export const QUOTE_SUBSCRIPTION_STATES = ['none', 'applied', 'sign_in', 'kept'] as const;
export type QuoteSubscriptionState = (typeof QUOTE_SUBSCRIPTION_STATES)[number];

/**
 * The instant-quote answer. The spec reads tier, subtotal, gst_amount, final_amount, guest_count and
 * base_price_per_person; the rest is this product's. Amounts in rupees, dates `YYYY-MM-DD`.
 */
export type InstantQuoteResult = {
  quote_id: string;
  tier: PricingTier;
  guest_count: number;
  base_price_per_person: number;
  gross_amount: number;
  discount_percent: number;
  discount_amount: number;
  subtotal: number;
  gst_percent: number;
  gst_amount: number;
  final_amount: number;
  valid_until: string;
  breakdown: QuoteLine[];
  /** Present only when the event date is a peak date with a surcharge (docs/product.md#calendar); rupees. */
  surcharge?: { percent: number; reason: string; amount: number };
  /** Present only when the subscriber's one-time 5% discount was applied to this quote; rupees. */
  subscriber_discount?: { percent: number; amount: number };
  /** Absent only in answers stored before it existed (an idempotent replay), which count as `none`. */
  subscription?: QuoteSubscriptionState;
};
