import { addDays, todayInIndia } from '../../src/shared/dates';
import { paiseToRupees, priceQuote } from '../../src/shared/pricing';
import type { InstantQuoteInput, InstantQuoteResult, QuoteLine } from '../../src/shared/schemas/quote';

export const QUOTE_ID = '3f2a9c1e-7b4d-4e2a-9c8b-1d2e3f4a5b6c';

/** What the server answers for an input: the shared pricing function, shaped as `quote.instant` returns it. */
export function quoteFor(input: InstantQuoteInput): InstantQuoteResult {
  const price = priceQuote({
    tier: input.tier,
    eventType: input.event_type,
    venueType: input.venue_type,
    city: input.location,
    guestCount: input.guest_count,
  });
  const lines: QuoteLine[] = [
    { key: 'base', label: `Package: ${price.guestCount} guests`, amount: paiseToRupees(price.grossPaise) },
    ...(price.discountPaise > 0
      ? [{ key: 'discount', label: `Volume discount (${price.discountPercent}%)`, amount: -paiseToRupees(price.discountPaise) } as const]
      : []),
    { key: 'subtotal', label: 'Base amount', amount: paiseToRupees(price.subtotalPaise) },
    { key: 'gst', label: 'GST (18%)', amount: paiseToRupees(price.gstPaise) },
    { key: 'total', label: 'Total amount', amount: paiseToRupees(price.finalAmountPaise) },
  ];
  return {
    quote_id: QUOTE_ID,
    tier: price.tier,
    guest_count: price.guestCount,
    base_price_per_person: paiseToRupees(price.basePricePerPersonPaise),
    gross_amount: paiseToRupees(price.grossPaise),
    discount_percent: price.discountPercent,
    discount_amount: paiseToRupees(price.discountPaise),
    subtotal: paiseToRupees(price.subtotalPaise),
    gst_percent: price.gstPercent,
    gst_amount: paiseToRupees(price.gstPaise),
    final_amount: paiseToRupees(price.finalAmountPaise),
    valid_until: addDays(todayInIndia(), 7),
    breakdown: lines,
  };
}

