import { randomUUID } from 'node:crypto';
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import { addDays, todayInIndia } from '../../../shared/dates';
import type { Brand } from '../../../shared/brand';
import { DEFAULT_PRICING, type PricingRates, type QuoteBreakdown } from '../../../shared/pricing';
import {
  priceInstantQuote,
  toQuoteResult,
  withSubscriberDiscount,
  type SubscriberDiscount,
} from '../../../shared/quote-result';
import {
  instantQuoteInputSchema,
  type InstantQuoteInput,
  type InstantQuoteResult,
} from '../../../shared/schemas/quote';
import type { Executor } from '../../db/client';
import { insertRows } from '../../db/insert-rows';
import { reusableSelect, type ValueOf } from '../../db/reusable-statements';
import { bookingLedger, bookings, paymentOrders } from '../../db/schema';
import { settingValues } from '../../lib/settings';
import { idempotencyLock, rememberIdempotent, requestHash, storedAnswer } from '../../lib/idempotency';
import { quoteEmail } from '../../mail/templates';
import { enqueueEmail } from '../../mail/outbox';
import { recordAnalyticsEvent } from '../analytics/analytics.service';
import { auditBookingCreated, customerIdFor, tierPriceColumns } from '../bookings/bookings.service';
import type { Requester, ServiceDeps } from '../../context';
import { addOnsOf, followGuestCount, storedMenu } from '../menus/booking-menu.service';
import { PAYMENT_RULES_KEY, paymentRulesFrom } from '../payments/payment-rules.service';
import { assertRoomOn, OPERATIONS_RULES_KEY, operationsRulesFrom, readDay } from '../calendar/calendar.service';
import {
  markSubscriptionUsed,
  ownsEmail,
  quoteSubscriptions,
  subscriptionForQuote,
} from '../payments/subscriptions.service';
import { recordOptIn } from '../messages/consent';
import { quoteSentWhatsApp } from '../messages/whatsapp-messages';
import { enqueueWhatsApp } from '../messages/whatsapp-outbox';
import { announceLead } from '../notifications/leads';
import { expireOrdersOfOldPrice } from '../bookings/orders-of-old-price';
import { currentGstSettings, gstSettingsFrom, GST_SETTINGS_KEYS, packageGstPercent } from '../gst/gst-settings.service';

/**
 * The rates quotes are priced with: the defaults of docs/product.md#pricing, with the GST rate of the package as
 * sold today from the GST rate table (`packageGstPercent`), the one GST documents are issued at (docs/gst.md#settings;
 * without a saved table, the `gst_percent` setting's rate, docs/decisions.md "GST rate from settings").
 */
export async function currentPricingRates(deps: ServiceDeps): Promise<PricingRates> {
  const gst = await currentGstSettings(deps.db, deps.config.brand);
  return { ...DEFAULT_PRICING, gstPercent: packageGstPercent(gst, todayInIndia()) };
}

/**
 * What a quote reads from `settings`, in one statement: the rates it is priced at, the payment schedule its e-mail
 * states and the capacity rules its day is checked by (the instant quote and the staff-entered booking).
 */
export async function quotingSettings(db: Executor, brand: Brand) {
  const stored = await settingValues(db, [...GST_SETTINGS_KEYS, PAYMENT_RULES_KEY, OPERATIONS_RULES_KEY]);
  return {
    rates: { ...DEFAULT_PRICING, gstPercent: packageGstPercent(gstSettingsFrom(stored, brand), todayInIndia()) },
    paymentRules: paymentRulesFrom(stored.get(PAYMENT_RULES_KEY)),
    operations: operationsRulesFrom(stored.get(OPERATIONS_RULES_KEY)),
  };
}

/**
 * An instant quote (docs/api.md `POST /quotation/instant`, docs/product.md#booking-statuses): priced by the shared
 * `priceQuote` (with the date's peak surcharge, docs/product.md#calendar), valid 7 days from today in India, with the
 * subscriber's discount only for the owner of the e-mail (`subscriptionForQuote`, docs/product.md#subscriptions); the
 * answer's `subscription` tells the page whether to offer it. In one transaction it creates the booking (status
 * `quoted`, source `instant_quote`) or, for the same e-mail, event name and date with a quote still valid, updates that
 * booking instead (a payment order opened for its old price expires); records a `quotation` analytics event; and
 * queues the quote e-mail, with the payment schedule under the saved rules.
 *
 * With an idempotency key (docs/security.md, "Crash safety") the key and the answer are stored in the same
 * transaction: a retry with the same key and request gets the first answer and writes nothing; the same key with
 * another request is a 409.
 */
export async function createInstantQuote(
  deps: ServiceDeps,
  input: InstantQuoteInput,
  requester: Requester,
  options: { idempotencyKey?: string | undefined } = {},
): Promise<InstantQuoteResult> {
  const data = instantQuoteInputSchema.parse(input);
  const idempotencyKey = options.idempotencyKey;
  const hash = idempotencyKey ? requestHash(data) : '';
  const today = todayInIndia();
  const userId = customerIdFor(requester.user, data.client_email);
  // Only the owner of the address gets the subscriber's discount; typing it is not enough.
  const owner = ownsEmail(requester.user, data.client_email);

  const quotedFor = (price: QuoteBreakdown, subscriber: SubscriberDiscount | null, validUntil: string) => ({
    clientName: data.client_name,
    ...(data.client_phone && { clientPhone: data.client_phone }),
    eventType: data.event_type,
    venueType: data.venue_type,
    venueName: data.venue_name,
    city: data.location,
    guestCount: data.guest_count,
    pricingTier: data.tier,
    ...tierPriceColumns(price),
    subscriberDiscountPaise: subscriber?.amountPaise ?? null,
    validUntil,
  });
  const requirements = { venue_type: data.venue_type };

  // Quotes for one event are serialised, so a double-click updates one booking instead of creating two.
  const eventKey = `quote:${data.client_email}:${data.event_name.toLowerCase()}:${data.event_date}`;
  const eventLock = sql`pg_advisory_xact_lock(hashtext(${eventKey}))`;

  // Round trips are what a quote spends most of its time on. postgres.js pipelines the queries of one transaction
  // and the server runs them in the order sent, so the locks (one statement), the settings and the reads made under
  // the locks go out together, and the writes together after them. The locks are sent first, before any helper that
  // reads is called: a read sent ahead of them would answer from before the last holder committed (a retry's stored
  // answer, a double-click's open quote; docs/decisions.md, "Statements the instant quote builds").
  return deps.db.transaction(async (tx) => {
    const locked = tx
      .execute(
        idempotencyKey
          ? sql`select ${idempotencyLock(QUOTE_OPERATION, idempotencyKey)}, ${eventLock}`
          : sql`select ${eventLock}`,
      )
      .then();
    const settings = quotingSettings(tx, deps.config.brand);
    const [{ rates, paymentRules }, , replay, [existing], subscriptions, day] = await Promise.all([
      settings,
      locked,
      idempotencyKey ? storedAnswer<InstantQuoteResult>(tx, QUOTE_OPERATION, idempotencyKey, hash) : undefined,
      openQuoteFor(tx, {
        email: data.client_email,
        eventName: data.event_name.toLowerCase(),
        eventDate: data.event_date,
        today,
      }),
      quoteSubscriptions(tx, data.client_email),
      readDay(tx, data.event_date, { rules: settings.then((read) => read.operations) }),
    ]);
    if (replay) return replay;
    // A full or closed day is refused with the next free dates (docs/product.md#calendar).
    await assertRoomOn(tx, day, data.guest_count);
    // Quoting the same event again keeps its menu's add-ons on the bill (docs/product.md#menus).
    const menu = existing ? await storedMenu(tx, existing.id) : null;
    const addOns = menu ? addOnsOf(menu.items, menu.dishes) : [];
    const basePrice = priceInstantQuote(data, rates, { addOns, surcharge: day.rule.surcharge });

    // The subscriber discount applies once: to this booking if it already took it, else to the owner's quote.
    const membership = subscriptionForQuote(subscriptions, existing?.id ?? null, owner);
    const [price, subscriber] = withSubscriberDiscount(basePrice, membership.subscription);
    const validUntil = addDays(today, rates.validityDays);
    const quoted = quotedFor(price, subscriber, validUntil);
    // A new booking's id is made here, so the rows that hang off it go out with it instead of after it.
    const bookingId = existing?.id ?? randomUUID();
    const result = toQuoteResult(bookingId, price, validUntil, subscriber, membership.state);

    const bookingWritten: Promise<unknown> = existing
      ? tx
          .update(bookings)
          .set({
            ...quoted,
            // Quoting a visitor's quote again links it only to an account that proved it reads the address: an
            // unconfirmed one would take over a booking it cannot show it owns (docs/decisions.md, "Verified e-mail").
            ...(userId && owner && { userId }),
            requirements: sql`${bookings.requirements} || ${JSON.stringify(requirements)}::jsonb`,
            updatedAt: new Date(),
          })
          .where(eq(bookings.id, bookingId))
          .then()
      : insertRows(tx, bookings, [
          {
            ...quoted,
            id: bookingId,
            userId,
            clientEmail: data.client_email,
            eventName: data.event_name,
            eventDate: data.event_date,
            requirements,
            status: 'quoted',
            source: 'instant_quote',
          },
        ]);
    // The statements of one transaction run in the order they are sent, so the rows that reference the booking
    // (foreign keys) go out right behind its insert instead of waiting for its answer: one round trip for all.
    const facts = {
      id: bookingId,
      clientName: data.client_name,
      clientPhone: data.client_phone ?? null,
      eventName: data.event_name,
      eventDate: data.event_date,
    };
    const writes: unknown[] = [
      bookingWritten,
      recordAnalyticsEvent(tx, {
        kind: 'quotation',
        request: requester,
        city: data.location,
        eventType: data.event_type,
        bookingId,
      }),
      enqueueEmail(tx, quoteEmail(deps.config.brand, data, result, paymentRules, today), { bookingId }),
      // The message's insert checks the consent, so it goes out right behind the opt-in it may depend on.
      data.whatsapp_opt_in && data.client_phone && recordOptIn(tx, data.client_phone, 'quote'),
      enqueueWhatsApp(tx, quoteSentWhatsApp(facts, price.finalAmountPaise, validUntil)),
      subscriber && markSubscriptionUsed(tx, subscriber.subscriptionId, bookingId),
      idempotencyKey &&
        rememberIdempotent(tx, { operation: QUOTE_OPERATION, key: idempotencyKey, hash, response: result, bookingId }),
    ];
    if (existing) {
      // Quoting the same event for another guest count: a saved menu's guests by diet follow (docs/product.md#menus).
      writes.push(
        followGuestCount(tx, bookingId, data.guest_count),
        // A token order opened for the old price is not paid on the new one.
        expireOrdersOfOldPrice(tx, bookingId, { before: existing.finalAmountPaise, after: price.finalAmountPaise }),
      );
    } else {
      writes.push(
        auditBookingCreated(tx, bookingId, 'quoted', userId),
        announceLead(tx, {
          kind: 'booking',
          bookingId,
          clientName: data.client_name,
          eventName: data.event_name,
          eventDate: data.event_date,
          guestCount: data.guest_count,
          totalRupees: result.final_amount,
        }),
      );
    }
    await Promise.all(writes);
    return result;
  });
}

/**
 * The still-valid instant quote for the same e-mail, event name and date, locked for update: quoting that event again
 * updates it instead of creating a second booking. A quote the customer has paid towards (a paid order, money in its
 * ledger; the ₹99 subscription is not the booking's money) is theirs as it stands: anyone can send the quote form
 * with their e-mail, so such a quote is never re-priced from it, and the form makes a new quote instead. An order
 * still open is no payment yet: that quote is quoted again like any other, and its order for the old price expires
 * (`expireOrdersOfOldPrice`). Written once (`reusableSelect`): every quote makes this read.
 */
const openQuoteFor = reusableSelect(
  (db, value: ValueOf<{ email: string; eventName: string; eventDate: string; today: string }>) =>
    db
      .select({ id: bookings.id, finalAmountPaise: bookings.finalAmountPaise })
      .from(bookings)
      .where(
        and(
          sql`lower(${bookings.clientEmail}) = ${value('email')}`,
          sql`lower(${bookings.eventName}) = ${value('eventName')}`,
          eq(bookings.eventDate, value('eventDate')),
          eq(bookings.status, 'quoted'),
          eq(bookings.source, 'instant_quote'),
          gte(bookings.validUntil, value('today')),
          sql`not exists (select 1 from ${bookingLedger} where ${bookingLedger.bookingId} = ${bookings.id})`,
          sql`not exists (select 1 from ${paymentOrders} where ${paymentOrders.bookingId} = ${bookings.id}
            and ${paymentOrders.purpose} in ('token', 'instalment') and ${paymentOrders.status} = 'paid')`,
        ),
      )
      .orderBy(desc(bookings.updatedAt))
      .limit(1)
      .for('update'),
);

/** The key space of instant-quote idempotency keys. */
const QUOTE_OPERATION = 'quote.instant';
