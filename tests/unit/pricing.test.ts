import { describe, expect, it } from 'vitest';
import { DEFAULT_PRICING, isMetroCity, priceQuote } from '../../src/shared/pricing';

describe('priceQuote (architecture section 5)', () => {
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
    const q = priceQuote({ tier: 'premium', eventType: 'wedding', venueType: 'garden', city: ' mumbai ', guestCount: 250 });
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
