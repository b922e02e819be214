import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  BOOKING_SOURCES,
  BOOKING_STATUSES,
  CANCELLED_BY,
  EVENT_TYPES,
  PRICING_TIERS,
  VENUE_TYPES,
  type QuoteLineKind,
} from '../../../shared/domain';
import type { BookingRequirements } from '../../../shared/schemas/bookings';
import type { PaymentRulesDto } from '../../../shared/schemas/payments';
import { createdAt, id, oneOf, updatedAt } from './helpers';
import { users } from './users';

/** An admin's custom quote as priced (docs/decisions.md, "Custom quotes and prices"); amounts in paise. */
export type StoredQuotation = {
  items: { kind: QuoteLineKind; description: string; unit_price_paise: number; quantity: number }[];
  discount_paise: number;
  discount_reason: string | null;
  notes: string | null;
  quoted_by: string;
  quoted_at: string;
};

/** Money is integer paise (docs/architecture.md). */
const paise = (name: string) => bigint(name, { mode: 'number' });

export const bookings = pgTable(
  'bookings',
  {
    id: id(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    clientName: text('client_name').notNull(),
    clientEmail: text('client_email').notNull(),
    clientPhone: text('client_phone'),
    eventType: text('event_type', { enum: EVENT_TYPES }).notNull().default('other'),
    eventName: text('event_name').notNull(),
    eventDate: date('event_date', { mode: 'string' }),
    eventTime: text('event_time'),
    venueName: text('venue_name'),
    venueAddress: text('venue_address'),
    venueType: text('venue_type', { enum: VENUE_TYPES }),
    city: text('city'),
    guestCount: integer('guest_count'),
    requirements: jsonb('requirements').$type<BookingRequirements>().notNull().default({}),
    pricingTier: text('pricing_tier', { enum: PRICING_TIERS }),
    basePricePerPersonPaise: paise('base_price_per_person_paise'),
    discountPaise: paise('discount_paise'),
    subtotalPaise: paise('subtotal_paise'),
    gstPaise: paise('gst_paise'),
    finalAmountPaise: paise('final_amount_paise'),
    /** The GST rate the stored amounts were priced at (the settings' rate at quoting time); null with no price. */
    gstPercent: numeric('gst_percent', { precision: 5, scale: 2, mode: 'number' }),
    /** The admin's custom quote behind the amounts; null for instant quotes. */
    quotation: jsonb('quotation').$type<StoredQuotation>(),
    validUntil: date('valid_until', { mode: 'string' }),
    status: text('status', { enum: BOOKING_STATUSES }).notNull().default('inquiry'),
    source: text('source', { enum: BOOKING_SOURCES }).notNull(),
    notes: text('notes'),
    /** A peak date's surcharge on the taxable amount (docs/product.md#calendar); null when the date has none. */
    surchargePaise: paise('surcharge_paise'),
    surchargePercent: numeric('surcharge_percent', { precision: 5, scale: 2, mode: 'number' }),
    surchargeReason: text('surcharge_reason'),
    /** The 5% subscriber discount taken off the taxable amount; null when none was applied. */
    subscriberDiscountPaise: paise('subscriber_discount_paise'),
    /** Who cancelled: the customer (refund by the terms) or the company (100% incl. deposit). */
    cancelledBy: text('cancelled_by', { enum: CANCELLED_BY }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Set by the one allowed date change (docs/product.md#date-changes); the first event date is kept beside it. */
    dateChangedAt: timestamp('date_changed_at', { withTimezone: true }),
    /** When the booking amount confirmed it: the payment schedule's advance is counted from this day (India). */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /**
     * The payment rules the booking's money is taken under (docs/product.md#payments, "Settings"), kept from its first
     * payment or its confirmation, so its schedule keeps them when the admin changes the rules later. Null for a
     * booking that has neither, which follows the rules as they stand.
     */
    paymentRules: jsonb('payment_rules').$type<PaymentRulesDto>(),
    originalEventDate: date('original_event_date', { mode: 'string' }),
    /** GST details (docs/gst.md#recipient): a business customer's company name and GSTIN, checked with its checksum. */
    customerCompanyName: text('customer_company_name'),
    customerGstin: text('customer_gstin'),
    /** The customer's billing address for GST documents; the venue's address stands in when it is not given. */
    billingAddress: text('billing_address'),
    /** GST state code of the venue, when named; otherwise the city's state (`venueStateOf`, src/shared/gst.ts). */
    venueStateCode: text('venue_state_code'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('bookings_created_idx').on(t.createdAt),
    index('bookings_status_created_idx').on(t.status, t.createdAt),
    index('bookings_client_email_idx').on(sql`lower(${t.clientEmail})`),
    // A day's load (what its committed bookings take, docs/product.md#calendar) is read from this index alone: every
    // quote and booking checks its day, and reading each of the day's rows from the table cost most of that check.
    index('bookings_event_day_idx').on(t.eventDate, t.status, t.guestCount, t.id),
    index('bookings_user_idx').on(t.userId),
    check('bookings_status_check', oneOf('status', BOOKING_STATUSES)),
    check('bookings_source_check', oneOf('source', BOOKING_SOURCES)),
    check('bookings_event_type_check', oneOf('event_type', EVENT_TYPES)),
    check('bookings_venue_type_check', sql`venue_type IS NULL OR ${oneOf('venue_type', VENUE_TYPES)}`),
    check('bookings_pricing_tier_check', sql`pricing_tier IS NULL OR ${oneOf('pricing_tier', PRICING_TIERS)}`),
    check('bookings_cancelled_by_check', sql`cancelled_by IS NULL OR ${oneOf('cancelled_by', CANCELLED_BY)}`),
    check('bookings_guest_count_check', sql`guest_count IS NULL OR guest_count BETWEEN 0 AND 10000`),
    check('bookings_venue_state_code_check', sql`venue_state_code IS NULL OR venue_state_code ~ '^[0-9]{2}$'`),
  ],
);

/** A peak surcharge is a percentage above 0 and at most 100. */
const surchargeInRange = sql`surcharge_percent > 0 AND surcharge_percent <= 100`;

/**
 * A calendar day that differs from the defaults (docs/product.md#calendar): its own limits (a muhurat date with more
 * crew, a quiet day with fewer), closed with a reason (a blackout), or priced with a peak surcharge and its reason.
 */
export const calendarDays = pgTable(
  'calendar_days',
  {
    date: date('date', { mode: 'string' }).primaryKey(),
    maxEvents: integer('max_events'),
    maxGuests: integer('max_guests'),
    closedReason: text('closed_reason'),
    surchargePercent: numeric('surcharge_percent', { precision: 5, scale: 2, mode: 'number' }),
    surchargeReason: text('surcharge_reason'),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  () => [
    check('calendar_days_max_events_check', sql`max_events IS NULL OR max_events BETWEEN 0 AND 1000`),
    check('calendar_days_max_guests_check', sql`max_guests IS NULL OR max_guests BETWEEN 0 AND 1000000`),
    check(
      'calendar_days_surcharge_check',
      sql`surcharge_percent IS NULL OR (${surchargeInRange} AND surcharge_reason IS NOT NULL)`,
    ),
  ],
);

/**
 * An admin's iCalendar feed (docs/product.md#calendar): a secret URL for phone calendars. Only the SHA-256 of the
 * secret is kept; revoking sets `revoked_at`, and a new feed replaces the old one.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('calendar_feeds_token_hash_key').on(t.tokenHash),
    uniqueIndex('calendar_feeds_one_live_per_user')
      .on(t.userId)
      .where(sql`revoked_at IS NULL`),
  ],
);
