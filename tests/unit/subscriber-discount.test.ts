import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SUBSCRIBER_DISCOUNT_PERCENT, subscriberDiscountRefusal } from '../../src/shared/booking-rules';
import { addDays } from '../../src/shared/dates';
import { EVENT_TYPES, PRICING_TIERS, VENUE_TYPES } from '../../src/shared/domain';
import {
  DEFAULT_PRICING,
  gstOn,
  MAX_GUESTS,
  MIN_GUESTS,
  paiseToRupees,
  priceCustomQuote,
  priceQuote,
  subscriberPrice,
} from '../../src/shared/pricing';
import { toQuoteResult, withSubscriberDiscount } from '../../src/shared/quote-result';

/** The terms: "5% instant discount on final bill", to the paisa (half-up). */
const fivePercentOf = (paise: number) => Math.floor((paise * SUBSCRIBER_DISCOUNT_PERCENT * 2 + 100) / 200);

const quoteInput = fc.record({
  tier: fc.constantFrom(...PRICING_TIERS),
  eventType: fc.constantFrom(...EVENT_TYPES),
  venueType: fc.constantFrom(...VENUE_TYPES),
  city: fc.constantFrom('Mumbai', 'Indore', 'Bengaluru', 'Bhopal'),
  guestCount: fc.integer({ min: MIN_GUESTS, max: MAX_GUESTS }),
});
/** The settings' GST rate: a percentage with at most two decimals (docs/decisions.md, "GST rate from settings"). */
const gstPercent = fc.oneof(
  fc.constant(18),
  fc.integer({ min: 0, max: 100_00 }).map((basisPoints) => basisPoints / 100),
);

describe('subscriberPrice: 5% of the final bill (docs/product.md#subscriptions)', () => {
  it('takes exactly 5% of the final bill off every random instant quote, and the quote still adds up', () => {
    fc.assert(
      fc.property(quoteInput, gstPercent, (input, rate) => {
        const list = priceQuote(input, { ...DEFAULT_PRICING, gstPercent: rate });
        const [price, subscriber] = withSubscriberDiscount(list, { id: 'sub', percent: SUBSCRIBER_DISCOUNT_PERCENT });
        // The bill the terms promise, to the paisa.
        expect(list.finalAmountPaise - price.finalAmountPaise).toBe(fivePercentOf(list.finalAmountPaise));
        // Taxable amount + GST = total; GST is the rate of the taxable amount (a paisa at most when no split of
        // that bill has it exactly); the discount line is what came off the taxable amount.
        expect(price.subtotalPaise + price.gstPaise).toBe(price.finalAmountPaise);
        expect(Math.abs(price.gstPaise - gstOn(price.subtotalPaise, rate))).toBeLessThanOrEqual(1);
        expect(subscriber!.amountPaise).toBe(list.subtotalPaise - price.subtotalPaise);
        expect(subscriber!.amountPaise).toBeGreaterThanOrEqual(0);
        // The lines the page, the e-mail and the PDF show add up to the total.
        const result = toQuoteResult('q', price, '2027-01-01', subscriber);
        const byKey = Object.fromEntries(result.breakdown.map((line) => [line.key, line.amount]));
        const cents = (rupees: number | undefined) => Math.round((rupees ?? 0) * 100);
        expect(cents(byKey.base) + cents(byKey.discount) + cents(byKey.subscriber_discount)).toBe(
          cents(byKey.subtotal),
        );
        expect(cents(byKey.subtotal) + cents(byKey.gst)).toBe(cents(byKey.total));
        expect(result.final_amount).toBe(paiseToRupees(price.finalAmountPaise));
        expect(result.subscription).toBe('applied');
      }),
      { numRuns: 2000 },
    );
  });

  it('takes exactly 5% of the final bill off random custom quotes too', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 1_00_00_000_00 }), { minLength: 1, maxLength: 5 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        gstPercent,
        (amounts, discountShare, rate) => {
          const lines = amounts.map((unitPricePaise) => ({
            kind: 'fixed' as const,
            description: 'Line',
            unitPricePaise,
            quantity: 1,
          }));
          const gross = amounts.reduce((sum, amount) => sum + amount, 0);
          const list = priceCustomQuote(lines, Math.floor(gross * discountShare), rate);
          const price = subscriberPrice(list, SUBSCRIBER_DISCOUNT_PERCENT);
          expect(price.billDiscountPaise).toBe(fivePercentOf(list.finalAmountPaise));
          expect(price.finalAmountPaise).toBe(list.finalAmountPaise - price.billDiscountPaise);
          expect(price.subtotalPaise + price.gstPaise).toBe(price.finalAmountPaise);
          expect(Math.abs(price.gstPaise - gstOn(price.subtotalPaise, rate))).toBeLessThanOrEqual(1);
          expect(price.discountPaise).toBe(list.subtotalPaise - price.subtotalPaise);
        },
      ),
    );
  });

  it('gives the worked example of the docs: ₹76,700 less 5% is ₹72,865', () => {
    const list = priceQuote({
      tier: 'basic',
      eventType: 'corporate',
      venueType: 'indoor',
      city: 'Indore',
      guestCount: 100,
    });
    const price = subscriberPrice(list, 5);
    expect(price).toEqual({
      subtotalPaise: 61_750_00,
      gstPercent: 18,
      gstPaise: 11_115_00,
      finalAmountPaise: 72_865_00,
      discountPaise: 3_250_00,
      billDiscountPaise: 3_835_00,
    });
  });

  it('rounds half a paisa up, and keeps GST the rate of the taxable amount when a split gives it exactly', () => {
    // ₹1,000.10 × 5% = ₹50.005 → ₹50.01 off.
    const price = subscriberPrice(
      { subtotalPaise: 847_54, gstPercent: 18, gstPaise: 152_56, finalAmountPaise: 1000_10 },
      5,
    );
    expect(price.billDiscountPaise).toBe(50_01);
    expect(price.finalAmountPaise).toBe(950_09);
    expect(price.gstPaise).toBe(gstOn(price.subtotalPaise, 18));
  });
});

describe('subscriberDiscountRefusal (docs/product.md#subscriptions)', () => {
  const today = '2027-01-10';
  const quote = {
    status: 'quoted' as const,
    validUntil: addDays(today, 3),
    subtotalPaise: 100_00,
    gstPaise: 18_00,
    gstPercent: 18,
    finalAmountPaise: 118_00,
    subscriberDiscountPaise: null,
  };

  it('lets a valid, unpaid, undiscounted quote take the discount at purchase and at payment', () => {
    expect(subscriberDiscountRefusal(quote, 'purchase', today)).toBeNull();
    expect(subscriberDiscountRefusal(quote, 'payment', today)).toBeNull();
  });

  it('lets a booking confirmed meanwhile take it only when the ₹99 is paid, not be bought from', () => {
    const confirmed = { ...quote, status: 'confirmed' as const };
    expect(subscriberDiscountRefusal(confirmed, 'payment', today)).toBeNull();
    expect(subscriberDiscountRefusal(confirmed, 'purchase', today)).toMatch(/not yet paid; this booking is confirmed/);
  });

  it('refuses an expired quote, a discounted one, one without a price and any other status', () => {
    expect(subscriberDiscountRefusal({ ...quote, validUntil: addDays(today, -1) }, 'payment', today)).toBe(
      'This quote expired on January 9th, 2027; please request a fresh quote',
    );
    expect(subscriberDiscountRefusal({ ...quote, subscriberDiscountPaise: 5_00 }, 'payment', today)).toMatch(
      /already has/,
    );
    expect(subscriberDiscountRefusal({ ...quote, subtotalPaise: null }, 'payment', today)).toMatch(/no price/);
    for (const status of ['inquiry', 'in_progress', 'completed', 'cancelled'] as const) {
      expect(subscriberDiscountRefusal({ ...quote, status }, 'payment', today)).not.toBeNull();
    }
  });
});
