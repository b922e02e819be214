import { z } from 'zod';
import type { DayAvailability } from '../calendar';
import { isIsoDate } from '../dates';
import { daysBetween } from '../refund-policy';
import { BOOKING_STATUSES, EVENT_TYPES, STAFF_BOOKING_SOURCES, type BookingStatus, type EventType } from '../domain';
import { MAX_GUESTS } from '../pricing';
import { EVENT_NAME_MAX_LENGTH, LOCATION_MAX_LENGTH, VENUE_NAME_MAX_LENGTH } from '../quote-limits';
import { emailSchema, eventDateSchema, nameSchema, optionalTextSchema, phoneSchema, uuidSchema } from './common';
import { eventTypeSchema, pricingTierSchema, quoteGuestCountSchema, venueTypeSchema } from './quote';

/** A calendar month, `YYYY-MM`. */
export const monthSchema = z
  .string({ error: 'Month must be written YYYY-MM' })
  .trim()
  .refine((value) => /^\d{4}-\d{2}$/.test(value) && isIsoDate(`${value}-01`), 'Month must be written YYYY-MM');

/** Any real date `YYYY-MM-DD` (past dates included: the calendar shows them). */
export const calendarDateSchema = z
  .string({ error: 'Date must be written YYYY-MM-DD' })
  .trim()
  .refine(isIsoDate, 'Date must be written YYYY-MM-DD');

/** A guest count as a query parameter (REST text or tRPC number); absent or empty means "any event". */
const guestsParamSchema = z
  .union([z.number(), z.literal('').transform(() => undefined), z.string().trim().regex(/^\d+$/).transform(Number)], {
    error: 'Guests must be a whole number',
  })
  .nullish()
  .pipe(
    z
      .number()
      .int('Guests must be a whole number')
      .min(0, 'Guests cannot be negative')
      .max(MAX_GUESTS, `Guests can be at most ${MAX_GUESTS.toLocaleString('en-IN')}`)
      .nullish(),
  )
  .transform((value) => value ?? 0);

/** `GET /api/calendar/availability?month=&guests=` / `calendar.availability`: one month, as the pickers show it. */
export const availabilityQuerySchema = z.object({ month: monthSchema, guests: guestsParamSchema });
export type AvailabilityQuery = z.input<typeof availabilityQuerySchema>;
export type AvailabilityDto = { month: string; today: string; days: DayAvailability[] };

/**
 * A limit the admin types: a whole number, or empty for "no limit". A date's own limit may be 0 (no more bookings
 * that day); the everyday limit may not, since 0 would refuse every date of the year.
 */
function limitSchema(label: string, max: number, min: 0 | 1 = 0) {
  return z
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(min, min === 0 ? `${label} cannot be negative` : `${label} must be at least 1, or empty for no limit`)
    .max(max, `${label} can be at most ${max.toLocaleString('en-IN')}`)
    .nullable();
}

/** A percent with at most two decimals, more than 0 and at most `max`. */
function percentSchema(label: string, max: number) {
  return z
    .number({ error: `${label} must be a percent` })
    .gt(0, `${label} must be more than 0%`)
    .max(max, `${label} can be at most ${max}%`)
    .refine((value) => Number(value.toFixed(2)) === value, `${label} can have at most two decimals`);
}

/**
 * The Settings tab's capacity and bid numbers (docs/product.md#calendar, #supplier-bids): the ordinary day's limits
 * (null for none) and the supplier budget's share of the taxable amount and the floor share of that budget.
 */
export const operationsRulesInputSchema = z.strictObject({
  max_events_per_day: limitSchema('Events per day', 1000, 1),
  max_guests_per_day: limitSchema('Guests per day', 1_000_000, 1),
  supplier_budget_percent: percentSchema('Supplier budget', 100),
  bid_floor_percent: percentSchema('Bid floor', 100),
});
export type OperationsRulesInput = z.input<typeof operationsRulesInputSchema>;
export type OperationsRulesDto = z.output<typeof operationsRulesInputSchema>;
export type OperationsRulesSettingsDto = { rules: OperationsRulesDto; defaults: OperationsRulesDto };

/** One date's own settings (docs/product.md#calendar): limits, a blackout with its reason, a peak surcharge. */
export const calendarDayInputSchema = z
  .strictObject({
    date: calendarDateSchema,
    max_events: limitSchema('Events on this date', 1000),
    max_guests: limitSchema('Guests on this date', 1_000_000),
    closed_reason: optionalTextSchema('Reason for closing', 200),
    surcharge_percent: percentSchema('Surcharge', 100).nullable(),
    surcharge_reason: optionalTextSchema('Reason for the surcharge', 200),
  })
  .superRefine((value, ctx) => {
    if (value.surcharge_percent !== null && !value.surcharge_reason) {
      ctx.addIssue({
        code: 'custom',
        path: ['surcharge_reason'],
        message: 'Give the reason the quote will show for the surcharge',
      });
    }
  });
export type CalendarDayInput = z.input<typeof calendarDayInputSchema>;
export type CalendarDayDto = z.output<typeof calendarDayInputSchema>;

export const calendarDateInputSchema = z.object({ date: calendarDateSchema });

/** The dates with their own settings, from a date on (today by default). */
export const calendarDaysQuerySchema = z.object({
  from: calendarDateSchema.nullish().transform((value) => value || undefined),
});

/** The admin calendar's range (a month or a week view), at most 62 days, with its filters. */
export const calendarEventsQuerySchema = z
  .object({
    from: calendarDateSchema,
    to: calendarDateSchema,
    status: z
      .enum(BOOKING_STATUSES, { error: 'Choose a valid status' })
      .or(z.literal(''))
      .nullish()
      .transform((value) => value || undefined),
    event_type: z
      .enum(EVENT_TYPES, { error: 'Choose a valid event type' })
      .or(z.literal(''))
      .nullish()
      .transform((value) => value || undefined),
  })
  .refine((value) => value.from <= value.to, { path: ['to'], message: 'The range must end on or after its start' })
  .refine((value) => !isIsoDate(value.from) || !isIsoDate(value.to) || daysBetween(value.from, value.to) <= 62, {
    path: ['to'],
    message: 'Show at most 62 days at once',
  });
export type CalendarEventsQuery = z.input<typeof calendarEventsQuerySchema>;

/** One event on the admin calendar. */
export type CalendarEventDto = {
  booking_id: string;
  event_date: string;
  event_time: string | null;
  event_name: string;
  event_type: EventType;
  status: BookingStatus;
  guest_count: number | null;
  client_name: string;
  client_phone: string | null;
  venue: string | null;
  /** The awarded supplier's business name; null until a project is awarded. */
  supplier: string | null;
  notes: string | null;
  source: string;
  /**
   * How the guests eat, from the customer's saved menu (docs/product.md#menus); null until a menu is chosen.
   * `needs_review`: the guest count changed after it was saved, so the split was re-made and awaits the customer.
   */
  diet: { veg: number; jain: number; non_veg: number; needs_review: boolean } | null;
};

export type CalendarDaySummaryDto = {
  date: string;
  status: DayAvailability['status'];
  reason: string | null;
  events: number;
  guests: number;
  max_events: number | null;
  max_guests: number | null;
  surcharge: DayAvailability['surcharge'];
};

export type CalendarEventsDto = { from: string; to: string; events: CalendarEventDto[]; days: CalendarDaySummaryDto[] };

/** A feed's state for its admin: whether one is live and since when; the URL is shown once, when it is made. */
export type CalendarFeedDto = { active: boolean; created_at: string | null; url: string | null };

// --- Bookings taken by staff ------------------------------------------------------------------------------------

export const staffBookingSourceSchema = z.enum(STAFF_BOOKING_SOURCES, {
  error: 'Choose where the booking came from: phone, walk-in, WhatsApp or referral',
});

/**
 * A booking the team takes by phone, at the counter, on WhatsApp or by referral (docs/product.md#staff-bookings):
 * the customer (an existing one by id, or a new one by name, e-mail and phone), the event as the site asks for it,
 * and the pricing: the package price (as /book quotes it) or `custom` (an inquiry the admin then prices line by
 * line).
 */
export const staffBookingInputSchema = z.strictObject({
  customer_id: uuidSchema.nullish().transform((value) => value ?? null),
  client_name: nameSchema('Full name'),
  client_email: emailSchema,
  client_phone: phoneSchema,
  source: staffBookingSourceSchema,
  event_type: eventTypeSchema,
  event_name: nameSchema('Event name', EVENT_NAME_MAX_LENGTH),
  event_date: eventDateSchema,
  event_time: optionalTextSchema('Event time', 50),
  guest_count: quoteGuestCountSchema,
  venue_type: venueTypeSchema,
  venue_name: optionalTextSchema('Venue name', VENUE_NAME_MAX_LENGTH),
  location: nameSchema('Venue location', LOCATION_MAX_LENGTH),
  venue_address: optionalTextSchema('Venue address', 500),
  notes: optionalTextSchema('Notes', 2000),
  pricing: z.enum(['package', 'custom'], { error: 'Choose package pricing or a custom quote' }),
  tier: pricingTierSchema,
});
export type StaffBookingInput = z.input<typeof staffBookingInputSchema>;

/** The admin edits an event's details (docs/product.md#staff-bookings); only the fields sent change. */
export const eventDetailsFieldsSchema = z
  .strictObject({
    guest_count: quoteGuestCountSchema.optional(),
    venue_name: optionalTextSchema('Venue name', VENUE_NAME_MAX_LENGTH).optional(),
    venue_address: optionalTextSchema('Venue address', 500).optional(),
    event_time: optionalTextSchema('Event time', 50).optional(),
    notes: optionalTextSchema('Notes', 2000).optional(),
  })
  .refine((value) => Object.values(value).some((v) => v !== undefined), 'Change at least one detail');
export const eventDetailsInputSchema = z.intersection(z.object({ id: uuidSchema }), eventDetailsFieldsSchema);
export type EventDetailsInput = z.input<typeof eventDetailsInputSchema>;
