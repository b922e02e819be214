import { describe, expect, it } from 'vitest';
import { EVENT_TYPES, PRICING_TIERS, VENUE_TYPES } from '../../src/shared/domain';
import { DEFAULT_PRICING, isMetroCity, paiseToRupees, priceQuote } from '../../src/shared/pricing';

describe('priceQuote (docs/product.md#pricing)', () => {
  it('prices a basic indoor party of 100 in a non-metro city at the base rate', () => {
    const q = priceQuote({ tier: 'basic', eventType: 'private', venueType: 'indoor', city: 'Indore', guestCount: 100 });
    expect(q.basePricePerPersonPaise).toBe(650_00);
    expect(q.discountPercent).toBe(0);
    expect(q.subtotalPaise).toBe(65_000_00);
    expect(q.gstPaise).toBe(11_700_00);
    expect(q.finalAmountPaise).toBe(76_700_00);
  });

  it('multiplies tier, event, venue and metro, rounding the per-person rate to whole rupees', () => {
    // 1100 × 1.15 × 1.05 × 1.10 = 1461.0375 → ₹1,461
    const q = priceQuote({
      tier: 'premium',
      eventType: 'wedding',
      venueType: 'garden',
      city: ' mumbai ',
      guestCount: 250,
    });
    expect(q.basePricePerPersonPaise).toBe(1_461_00);
    expect(q.subtotalPaise).toBe(1_461_00 * 250);
    expect(q.gstPaise).toBe(Math.round(1_461_00 * 250 * 0.18));
  });

  it.each([
    [299, 0],
    [300, 5],
    [699, 5],
    [700, 10],
    [10_000, 10],
  ])('applies the volume discount for %i guests: %i%%', (guests, percent) => {
    const q = priceQuote({ tier: 'luxury', eventType: 'gala', venueType: 'beach', city: 'Goa', guestCount: guests });
    expect(q.discountPercent).toBe(percent);
    expect(q.subtotalPaise).toBe(q.grossPaise - Math.round((q.grossPaise * percent) / 100));
    expect(q.finalAmountPaise).toBe(q.subtotalPaise + q.gstPaise);
  });

  it.each([0, -1, 1.5, 10_001, Number.NaN])('refuses %s guests', (guests) => {
    expect(() =>
      priceQuote({ tier: 'basic', eventType: 'other', venueType: 'indoor', city: 'Indore', guestCount: guests }),
    ).toThrow(RangeError);
  });

  it('knows the metro cities case-insensitively', () => {
    expect(isMetroCity('Bengaluru')).toBe(true);
    expect(isMetroCity('NEW DELHI')).toBe(true);
    expect(isMetroCity('Indore')).toBe(false);
    expect(DEFAULT_PRICING.gstPercent).toBe(18);
  });
});

/**
 * The defaults of docs/product.md#pricing, written out again here so that any change to the rate table is a
 * visible test change, and every combination priced against the formula in exact integer arithmetic.
 */
describe('priceQuote over every tier × event type × venue type × metro/non-metro', () => {
  const TIER_RUPEES = { basic: 650, premium: 1100, luxury: 1800 } as const;
  // Multipliers in hundredths, as the architecture lists them.
  const EVENT = {
    wedding: 115,
    pre_wedding: 105,
    engagement: 105,
    gala: 120,
    corporate: 100,
    birthday: 95,
    anniversary: 100,
    baby_shower: 95,
    housewarming: 90,
    festival: 100,
    grazing: 85,
    private: 100,
    other: 100,
  } as const;
  const VENUE = { indoor: 100, banquet: 100, outdoor: 105, garden: 105, beach: 112 } as const;
  const CITIES = [
    ['Indore', 100],
    ['Mumbai', 110],
  ] as const;

  /** rupees × e × v × m (each in hundredths), rounded half-up to whole rupees, without floating point. */
  const expectedPerPersonRupees = (rupees: number, e: number, v: number, m: number) => {
    const scaled = BigInt(rupees) * BigInt(e) * BigInt(v) * BigInt(m); // rupees × 10^6
    return Number((scaled + 500_000n) / 1_000_000n);
  };

  const cases = PRICING_TIERS.flatMap((tier) =>
    EVENT_TYPES.flatMap((eventType) =>
      VENUE_TYPES.flatMap((venueType) => CITIES.map(([city, metro]) => ({ tier, eventType, venueType, city, metro }))),
    ),
  );

  it('covers all 390 combinations and every vocabulary value', () => {
    expect(cases).toHaveLength(3 * 13 * 5 * 2);
    expect(Object.keys(EVENT).sort()).toEqual([...EVENT_TYPES].sort());
    expect(Object.keys(VENUE).sort()).toEqual([...VENUE_TYPES].sort());
    expect(Object.keys(TIER_RUPEES).sort()).toEqual([...PRICING_TIERS].sort());
  });

  it.each(cases)('$tier $eventType $venueType $city', ({ tier, eventType, venueType, city, metro }) => {
    const guests = 120;
    const q = priceQuote({ tier, eventType, venueType, city, guestCount: guests });
    const perPerson = expectedPerPersonRupees(TIER_RUPEES[tier], EVENT[eventType], VENUE[venueType], metro);
    expect(q.basePricePerPersonPaise).toBe(perPerson * 100);
    expect(q.grossPaise).toBe(perPerson * 100 * guests);
    expect(q.discountPercent).toBe(0);
    expect(q.subtotalPaise).toBe(q.grossPaise);
    // 18% of the subtotal, rounded half-up to the paisa, in integers.
    expect(q.gstPaise).toBe(Math.floor((q.subtotalPaise * 18 + 50) / 100));
    expect(q.finalAmountPaise).toBe(q.subtotalPaise + q.gstPaise);
  });
});

describe('priceQuote rounding', () => {
  it.each([
    ['birthday', 'indoor'],
    ['birthday', 'banquet'],
    ['baby_shower', 'indoor'],
    ['baby_shower', 'banquet'],
  ] as const)(
    'rounds an exact half rupee up: premium %s %s in a metro is ₹1,150, not ₹1,149',
    (eventType, venueType) => {
      // 1,100 × 0.95 × 1.10 = 1,149.50 exactly; as doubles it is 1,149.4999…, which Math.round takes down.
      const q = priceQuote({ tier: 'premium', eventType, venueType, city: 'Pune', guestCount: 10 });
      expect(q.basePricePerPersonPaise).toBe(1_150_00);
    },
  );

  it('rounds the per-person rate to whole rupees, down below the half', () => {
    // 650 × 1.05 × 1.12 × 1.10 = 840.84 → ₹841; 650 × 0.85 × 1.05 = 580.125 → ₹580.
    expect(
      priceQuote({ tier: 'basic', eventType: 'pre_wedding', venueType: 'beach', city: 'Chennai', guestCount: 1 })
        .basePricePerPersonPaise,
    ).toBe(841_00);
    expect(
      priceQuote({ tier: 'basic', eventType: 'grazing', venueType: 'outdoor', city: 'Indore', guestCount: 1 })
        .basePricePerPersonPaise,
    ).toBe(580_00);
  });

  it('rounds GST to the paisa, half up, after the volume discount', () => {
    // ₹683 × 305 = ₹2,08,315; 5% off = ₹1,97,899.25; 18% = ₹35,621.865 → ₹35,621.87.
    const q = priceQuote({
      tier: 'basic',
      eventType: 'pre_wedding',
      venueType: 'indoor',
      city: 'Indore',
      guestCount: 305,
    });
    expect(q.basePricePerPersonPaise).toBe(683_00);
    expect(q.grossPaise).toBe(20_831_500);
    expect(q.discountPaise).toBe(1_041_575);
    expect(q.subtotalPaise).toBe(19_789_925);
    expect(q.gstPaise).toBe(3_562_187);
    expect(q.finalAmountPaise).toBe(23_352_112);
    expect(paiseToRupees(q.finalAmountPaise)).toBe(233_521.12);
  });

  it('charges GST at exactly 18% of the discounted subtotal at every volume boundary', () => {
    for (const guests of [1, 299, 300, 699, 700, 10_000]) {
      const q = priceQuote({
        tier: 'premium',
        eventType: 'corporate',
        venueType: 'indoor',
        city: 'Indore',
        guestCount: guests,
      });
      expect(q.gstPaise * 100).toBeGreaterThanOrEqual(q.subtotalPaise * 18 - 50);
      expect(q.gstPaise * 100).toBeLessThan(q.subtotalPaise * 18 + 50);
      expect(Number.isInteger(q.gstPaise)).toBe(true);
    }
  });
});
