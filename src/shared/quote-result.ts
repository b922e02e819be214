import { humanize } from './domain';
import { formatInr } from './money';
import {
  addOnLineLabel,
  DEFAULT_PRICING,
  paiseToRupees,
  priceQuote,
  subscriberPrice,
  withPeakSurcharge,
  type PeakSurcharge,
  type AddOnCharge,
  type PricingRates,
  type QuoteBreakdown,
} from './pricing';
import type { InstantQuoteInput, InstantQuoteResult, QuoteLine, QuoteSubscriptionState } from './schemas/quote';

/*
 * An instant quote as `quote.instant` and `POST /api/quotation/instant` answer it: priced by `priceQuote`, shown
 * line by line in rupees. The server builds its answer here, and the client's tests build the answers they mock
 * here too, so the two cannot drift apart.
 */

/** The subscriber's discount on one quote. */
export type SubscriberDiscount = { subscriptionId: string; percent: number; amountPaise: number };

/**
 * The list price of a quote request, before any subscriber discount: the shared `priceQuote` with the menu's add-ons
 * (docs/product.md#menus), and the event date's peak surcharge when it has one (docs/product.md#calendar).
 */
export function priceInstantQuote(
  input: InstantQuoteInput,
  rates: PricingRates = DEFAULT_PRICING,
  { addOns = [], surcharge = null }: { addOns?: readonly AddOnCharge[]; surcharge?: PeakSurcharge | null } = {},
): QuoteBreakdown {
  return withPeakSurcharge(
    priceQuote(
      {
        tier: input.tier,
        eventType: input.event_type,
        venueType: input.venue_type,
        city: input.location,
        guestCount: input.guest_count,
        addOns,
      },
      rates,
    ),
    surcharge,
  );
}

/**
 * The subscriber's one-time discount (docs/product.md#subscriptions) on an instant quote, by the shared
 * `subscriberPrice`: the final bill falls by the subscription's percent of itself, to the paisa; the taxable amount
 * (`subtotalPaise`, after the volume discount) and GST are the lower bill split back, and the quote's
 * "Subscriber discount" line is what came off the taxable amount.
 */
export function withSubscriberDiscount(
  price: QuoteBreakdown,
  subscription: { id: string; percent: number } | null,
): [QuoteBreakdown, SubscriberDiscount | null] {
  if (!subscription) return [price, null];
  const discounted = subscriberPrice(price, subscription.percent);
  return [
    {
      ...price,
      subtotalPaise: discounted.subtotalPaise,
      gstPaise: discounted.gstPaise,
      finalAmountPaise: discounted.finalAmountPaise,
    },
    { subscriptionId: subscription.id, percent: subscription.percent, amountPaise: discounted.discountPaise },
  ];
}

/** The quote as the UI, the PDF and the menu show it, line by line, in rupees. */
export function quoteLines(price: QuoteBreakdown, subscriber: SubscriberDiscount | null): QuoteLine[] {
  const perPerson = paiseToRupees(price.basePricePerPersonPaise);
  const guests = `${price.guestCount.toLocaleString('en-IN')} ${price.guestCount === 1 ? 'guest' : 'guests'}`;
  return [
    {
      key: 'base',
      label: `${humanize(price.tier)} package: ${formatInr(perPerson)} × ${guests}`,
      amount: paiseToRupees(price.packagePaise),
    },
    ...price.addOns.map(
      (addOn) =>
        ({
          key: 'add_on',
          label: addOnLineLabel(addOn),
          amount: paiseToRupees(addOn.amountPaise),
        }) as const,
    ),
    ...(price.discountPaise > 0
      ? [
          {
            key: 'discount',
            label: `Volume discount (${price.discountPercent}%)`,
            amount: -paiseToRupees(price.discountPaise),
          } as const,
        ]
      : []),
    ...(price.surcharge
      ? [
          {
            key: 'surcharge',
            label: `Peak date surcharge (${price.surcharge.percent}%): ${price.surcharge.reason}`,
            amount: paiseToRupees(price.surcharge.amountPaise),
          } as const,
        ]
      : []),
    ...(subscriber
      ? [
          {
            key: 'subscriber_discount',
            label: `Subscriber discount (${subscriber.percent}%)`,
            amount: -paiseToRupees(subscriber.amountPaise),
          } as const,
        ]
      : []),
    { key: 'subtotal', label: 'Base amount', amount: paiseToRupees(price.subtotalPaise) },
    { key: 'gst', label: `GST (${price.gstPercent}%)`, amount: paiseToRupees(price.gstPaise) },
    { key: 'total', label: 'Total amount', amount: paiseToRupees(price.finalAmountPaise) },
  ];
}

export function toQuoteResult(
  quoteId: string,
  price: QuoteBreakdown,
  validUntil: string,
  subscriber: SubscriberDiscount | null = null,
  subscription: QuoteSubscriptionState = subscriber ? 'applied' : 'none',
): InstantQuoteResult {
  return {
    quote_id: quoteId,
    tier: price.tier,
    guest_count: price.guestCount,
    base_price_per_person: paiseToRupees(price.basePricePerPersonPaise),
    gross_amount: paiseToRupees(price.grossPaise),
    discount_percent: price.discountPercent,
    discount_amount: paiseToRupees(price.discountPaise),
    ...(price.surcharge && {
      surcharge: {
        percent: price.surcharge.percent,
        reason: price.surcharge.reason,
        amount: paiseToRupees(price.surcharge.amountPaise),
      },
    }),
    subtotal: paiseToRupees(price.subtotalPaise),
    gst_percent: price.gstPercent,
    gst_amount: paiseToRupees(price.gstPaise),
    final_amount: paiseToRupees(price.finalAmountPaise),
    valid_until: validUntil,
    breakdown: quoteLines(price, subscriber),
    ...(subscriber && {
      subscriber_discount: { percent: subscriber.percent, amount: paiseToRupees(subscriber.amountPaise) },
    }),
    subscription,
  };
}
