import type { EventType, PricingTier, QuoteLineKind, VenueType } from './domain';
import { formatInr } from './money';

/**
 * Instant-quote pricing (docs/product.md#pricing). Pure and shared: the server prices, the client shows, and the
 * tests pin every default. Amounts are integer paise throughout.
 */
export type PricingRates = {
  tierRatePaise: Record<PricingTier, number>;
  eventTypeMultiplier: Record<EventType, number>;
  venueTypeMultiplier: Record<VenueType, number>;
  metroCities: readonly string[];
  metroMultiplier: number;
  /** Volume discounts, largest threshold first. */
  volumeDiscounts: readonly { minGuests: number; percent: number }[];
  gstPercent: number;
  validityDays: number;
};

export const DEFAULT_PRICING: PricingRates = {
  tierRatePaise: { basic: 650_00, premium: 1_100_00, luxury: 1_800_00 },
  eventTypeMultiplier: {
    wedding: 1.15,
    pre_wedding: 1.05,
    engagement: 1.05,
    gala: 1.2,
    corporate: 1.0,
    birthday: 0.95,
    anniversary: 1.0,
    baby_shower: 0.95,
    housewarming: 0.9,
    festival: 1.0,
    grazing: 0.85,
    private: 1.0,
    other: 1.0,
  },
  venueTypeMultiplier: { indoor: 1.0, banquet: 1.0, outdoor: 1.05, garden: 1.05, beach: 1.12 },
  metroCities: [
    'mumbai',
    'delhi',
    'new delhi',
    'bengaluru',
    'bangalore',
    'chennai',
    'kolkata',
    'hyderabad',
    'pune',
    'gurugram',
    'noida',
  ],
  metroMultiplier: 1.1,
  volumeDiscounts: [
    { minGuests: 700, percent: 10 },
    { minGuests: 300, percent: 5 },
  ],
  gstPercent: 18,
  validityDays: 7,
};

export const MIN_GUESTS = 1;
export const MAX_GUESTS = 10_000;

/**
 * What is said of a guest count that is not one (docs/product.md#pricing: a whole number from 1 to 10,000), word for
 * word the same from the API's schemas (schemas/quote.ts, schemas/bookings.ts) and from the forms that check it
 * before sending, which cannot wait for zod to load (/book's quote-fields.ts).
 */
export const GUEST_COUNT_MESSAGES = {
  required: 'Please enter the number of guests',
  number: 'Guest count must be a number',
  whole: 'Guest count must be a whole number',
  atLeast: `Guest count must be at least ${MIN_GUESTS}`,
  atMost: `Guest count can be at most ${MAX_GUESTS.toLocaleString('en-IN')}`,
} as const;

/** A menu add-on (docs/product.md#menus): a dish the package does not include, charged per guest. */
export type AddOnCharge = { description: string; perGuestPaise: number };
/** An add-on as priced: its per-guest price × every guest of the booking. */
export type PricedAddOn = AddOnCharge & { guests: number; amountPaise: number };

export type QuoteInput = {
  tier: PricingTier;
  eventType: EventType;
  venueType: VenueType;
  city: string;
  guestCount: number;
  /** The menu's add-ons; none on an instant quote before a menu is chosen. */
  addOns?: readonly AddOnCharge[];
};

export type QuoteBreakdown = {
  tier: PricingTier;
  guestCount: number;
  basePricePerPersonPaise: number;
  /** The package: per-person rate × guests. */
  packagePaise: number;
  addOns: PricedAddOn[];
  /** The add-ons' sum. */
  addOnsPaise: number;
  /** Package plus add-ons, before the volume discount. */
  grossPaise: number;
  discountPercent: number;
  discountPaise: number;
  /** A peak date's surcharge on the discounted amount (docs/product.md#calendar); absent on other dates. */
  surcharge?: PeakSurcharge & { amountPaise: number };
  subtotalPaise: number;
  gstPercent: number;
  gstPaise: number;
  finalAmountPaise: number;
};

export function isMetroCity(city: string, rates: PricingRates = DEFAULT_PRICING): boolean {
  return rates.metroCities.includes(city.trim().toLowerCase());
}

/**
 * `base_price_per_person` = tier rate × event × venue × metro, rounded to whole rupees; the volume discount comes
 * off the subtotal; GST is charged on the discounted subtotal, rounded to the paisa.
 */
export function priceQuote(input: QuoteInput, rates: PricingRates = DEFAULT_PRICING): QuoteBreakdown {
  checkGuestCount(input.guestCount);
  const multipliers = [
    rates.eventTypeMultiplier[input.eventType],
    rates.venueTypeMultiplier[input.venueType],
    isMetroCity(input.city, rates) ? rates.metroMultiplier : 1,
  ];
  return pricePackage(
    {
      tier: input.tier,
      guestCount: input.guestCount,
      basePricePerPersonPaise: perPersonPaise(rates.tierRatePaise[input.tier], multipliers),
      addOns: input.addOns ?? [],
    },
    rates,
  );
}

function checkGuestCount(guestCount: number): void {
  if (!Number.isInteger(guestCount) || guestCount < MIN_GUESTS || guestCount > MAX_GUESTS) {
    throw new RangeError(`guestCount must be an integer from ${MIN_GUESTS} to ${MAX_GUESTS}`);
  }
}

/** A package's price inputs once its per-person rate is fixed (a booking keeps the rate it was quoted at). */
export type PackagePriceInput = {
  tier: PricingTier;
  guestCount: number;
  basePricePerPersonPaise: number;
  addOns: readonly AddOnCharge[];
};

/**
 * The package at its per-person rate plus the menu's add-ons (docs/product.md#menus): each add-on is its price per
 * guest × every guest; the volume discount comes off package and add-ons together (both are charged per head);
 * GST is charged on the discounted subtotal, rounded to the paisa. `priceQuote` prices through this, and so does a
 * booking whose menu changes, at the rate and GST it was quoted at.
 */
export function pricePackage(
  input: PackagePriceInput,
  rates: Pick<PricingRates, 'volumeDiscounts' | 'gstPercent'> = DEFAULT_PRICING,
): QuoteBreakdown {
  checkGuestCount(input.guestCount);
  const packagePaise = input.basePricePerPersonPaise * input.guestCount;
  const addOns = pricedAddOns(input.addOns, input.guestCount);
  const addOnsPaise = addOns.reduce((sum, line) => sum + line.amountPaise, 0);
  const grossPaise = packagePaise + addOnsPaise;
  const discountPercent = rates.volumeDiscounts.find((d) => input.guestCount >= d.minGuests)?.percent ?? 0;
  const discountPaise = Math.round((grossPaise * discountPercent) / 100);
  const subtotalPaise = grossPaise - discountPaise;
  const gstPaise = gstOn(subtotalPaise, rates.gstPercent);
  return {
    tier: input.tier,
    guestCount: input.guestCount,
    basePricePerPersonPaise: input.basePricePerPersonPaise,
    packagePaise,
    addOns,
    addOnsPaise,
    grossPaise,
    discountPercent,
    discountPaise,
    subtotalPaise,
    gstPercent: rates.gstPercent,
    gstPaise,
    finalAmountPaise: subtotalPaise + gstPaise,
  };
}

/** A peak date's surcharge as the admin set it: a percent of the taxable amount and the reason the quote shows. */
export type PeakSurcharge = { percent: number; reason: string };

/**
 * A peak date's surcharge (docs/product.md#calendar): `percent` of the amount after the volume discount, rounded
 * half-up to the paisa, added to the taxable amount; GST is then charged on the higher amount. The quote shows it
 * as its own line with its reason. No surcharge (or 0%) leaves the price as it was.
 */
export function withPeakSurcharge(price: QuoteBreakdown, surcharge: PeakSurcharge | null): QuoteBreakdown {
  if (!surcharge || surcharge.percent <= 0) return price;
  const amountPaise = mulDivHalfUp(price.subtotalPaise, Math.round(surcharge.percent * 100), 100_00);
  const subtotalPaise = price.subtotalPaise + amountPaise;
  const gstPaise = gstOn(subtotalPaise, price.gstPercent);
  return {
    ...price,
    surcharge: { ...surcharge, amountPaise },
    subtotalPaise,
    gstPaise,
    finalAmountPaise: subtotalPaise + gstPaise,
  };
}

/** Each add-on × every guest, in integer paise. */
export function pricedAddOns(addOns: readonly AddOnCharge[], guests: number): PricedAddOn[] {
  return addOns.map((addOn) => ({ ...addOn, guests, amountPaise: Math.round(addOn.perGuestPaise) * guests }));
}

/** An add-on as every bill names it: "Live Jalebi Counter (add-on): ₹110.50 × 120 guests". */
export function addOnLineLabel(addOn: { description: string; perGuestPaise: number; guests: number }): string {
  return (
    `${addOn.description} (add-on): ${formatInr(paiseToRupees(addOn.perGuestPaise))} × ` +
    `${addOn.guests.toLocaleString('en-IN')} ${addOn.guests === 1 ? 'guest' : 'guests'}`
  );
}

/** A priced add-on as the API answers it, amounts in rupees (My Bookings, the admin's menu and quote). */
export type AddOnLineDto = { description: string; per_guest: number; guests: number; amount: number };

export function toAddOnLineDto(addOn: PricedAddOn): AddOnLineDto {
  return {
    description: addOn.description,
    per_guest: paiseToRupees(addOn.perGuestPaise),
    guests: addOn.guests,
    amount: paiseToRupees(addOn.amountPaise),
  };
}

/** The add-ons as lines of an admin's custom quote (kind `add_on`, quantity = guests), for `priceCustomQuote`. */
export function addOnQuoteLines(addOns: readonly AddOnCharge[], guests: number): CustomQuoteLine[] {
  return addOns.map((addOn) => ({
    kind: 'add_on',
    description: `${addOn.description} (add-on, per guest)`,
    unitPricePaise: Math.round(addOn.perGuestPaise),
    quantity: guests,
  }));
}

/**
 * A priced booking's parts as its GST documents list them (docs/gst.md#lines): the package (or each custom quote
 * line) and each menu add-on, with the amount the pricing functions charged for it before the discount. Discounts,
 * the peak surcharge and the subscriber's discount are percentages of the whole (or, for a custom quote, one
 * amount off it), so the documents share the taxable value out over these amounts.
 */
export type PricePart = { kind: 'package' | 'add_on' | 'line'; description: string; amountPaise: number };

export function packagePriceParts(price: QuoteBreakdown, packageLabel: string): PricePart[] {
  const guests = `${price.guestCount.toLocaleString('en-IN')} ${price.guestCount === 1 ? 'guest' : 'guests'}`;
  return [
    { kind: 'package', description: `${packageLabel}, ${guests}`, amountPaise: price.packagePaise },
    ...price.addOns.map((addOn) => ({
      kind: 'add_on' as const,
      description: `${addOn.description} (add-on): ${formatInr(paiseToRupees(addOn.perGuestPaise))} × ${guests}`,
      amountPaise: addOn.amountPaise,
    })),
  ];
}

export function customPriceParts(price: CustomQuoteBreakdown): PricePart[] {
  return price.lines
    .filter((line) => line.amountPaise > 0)
    .map((line) => ({
      kind: line.kind === 'add_on' ? ('add_on' as const) : ('line' as const),
      description:
        line.quantity === 1 ? line.description : `${line.description} × ${line.quantity.toLocaleString('en-IN')}`,
      amountPaise: line.amountPaise,
    }));
}

/** Multipliers are applied with four decimals of precision, in integers: no floating-point drift. */
const MULTIPLIER_SCALE = 10_000n;

/**
 * Rate × multipliers, rounded half-up to whole rupees, in exact integer arithmetic. Floating point would
 * misround real cases: 1,100 × 0.95 × 1.10 is exactly ₹1,149.50 but evaluates to 1,149.4999… as doubles, so a
 * premium birthday in Mumbai would be quoted ₹1,149 instead of ₹1,150.
 */
function perPersonPaise(ratePaise: number, multipliers: readonly number[]): number {
  let numerator = BigInt(Math.round(ratePaise));
  let denominator = 100n; // paise -> rupees
  for (const multiplier of multipliers) {
    numerator *= BigInt(Math.round(multiplier * Number(MULTIPLIER_SCALE)));
    denominator *= MULTIPLIER_SCALE;
  }
  const rupees = (numerator * 2n + denominator) / (denominator * 2n);
  return Number(rupees) * 100;
}

/** Paise to rupees for JSON (docs/api.md: rupees as numbers with at most two decimals). */
export function paiseToRupees(paise: number): number {
  return Math.round(paise) / 100;
}

export function rupeesToPaise(rupees: number): number {
  return Math.round(rupees * 100);
}

/** GST on a taxable amount at a percentage rate, rounded to the paisa. */
export function gstOn(taxablePaise: number, gstPercent: number): number {
  return Math.round((taxablePaise * gstPercent) / 100);
}

/** What a priced booking owes: the taxable amount, the GST rate and GST on it, and the final bill (GST included). */
export type TaxedAmount = { subtotalPaise: number; gstPercent: number; gstPaise: number; finalAmountPaise: number };

export type SubscriberPrice = TaxedAmount & {
  /** What came off the taxable amount: the quote's "Subscriber discount" line. */
  discountPaise: number;
  /** What came off the final bill (GST included): `percent` of it, to the paisa. */
  billDiscountPaise: number;
};

/** a × b / c rounded half-up, in integers (amounts and rates are non-negative). */
function mulDivHalfUp(a: number, b: number, c: number): number {
  const divisor = BigInt(Math.round(c));
  return Number((BigInt(Math.round(a)) * BigInt(Math.round(b)) * 2n + divisor) / (divisor * 2n));
}

/**
 * The subscriber's discount (docs/product.md#subscriptions; the terms promise a "5% instant discount on final
 * bill"): the final bill, GST included, falls by exactly `percent` of itself, rounded half-up to the paisa. Prices
 * include GST, so the lower bill is split back into its taxable value (bill × 100 / (100 + GST rate), to the paisa)
 * and the GST in it (the rest). That split is the one whose GST is the rate of the taxable value whenever such a
 * split of the bill exists; otherwise the GST is a paisa from it, because the bill is what the terms fix.
 */
export function subscriberPrice(price: TaxedAmount, percent: number): SubscriberPrice {
  const billDiscountPaise = mulDivHalfUp(price.finalAmountPaise, Math.round(percent * 100), 100_00);
  const finalAmountPaise = price.finalAmountPaise - billDiscountPaise;
  const rateBasisPoints = Math.round(price.gstPercent * 100);
  const subtotalPaise = mulDivHalfUp(finalAmountPaise, 100_00, 100_00 + rateBasisPoints);
  return {
    subtotalPaise,
    gstPercent: price.gstPercent,
    gstPaise: finalAmountPaise - subtotalPaise,
    finalAmountPaise,
    discountPaise: price.subtotalPaise - subtotalPaise,
    billDiscountPaise,
  };
}

/** One line of a custom quote: a per-person rate × guests, a fixed charge × 1, or an add-on × its quantity. */
export type CustomQuoteLine = { kind: QuoteLineKind; description: string; unitPricePaise: number; quantity: number };

export type CustomQuoteBreakdown = {
  lines: (CustomQuoteLine & { amountPaise: number })[];
  grossPaise: number;
  discountPaise: number;
  subtotalPaise: number;
  gstPercent: number;
  gstPaise: number;
  finalAmountPaise: number;
};

/**
 * An admin's custom quote (docs/decisions.md, "Custom quotes and prices"): each line is unit price × quantity, the
 * discount comes off their sum, and GST is charged on what remains at the rate from settings, rounded to the
 * paisa; the same rule as the instant quote's volume discount and GST. A discount above the lines' sum is a
 * RangeError (the input schema refuses it first).
 */
export function priceCustomQuote(
  lines: readonly CustomQuoteLine[],
  discountPaise: number,
  gstPercent: number,
): CustomQuoteBreakdown {
  const priced = lines.map((line) => ({ ...line, amountPaise: line.unitPricePaise * line.quantity }));
  const grossPaise = priced.reduce((sum, line) => sum + line.amountPaise, 0);
  if (!Number.isInteger(discountPaise) || discountPaise < 0 || discountPaise > grossPaise) {
    throw new RangeError('The discount must be between ₹0 and the sum of the lines');
  }
  const subtotalPaise = grossPaise - discountPaise;
  const gstPaise = gstOn(subtotalPaise, gstPercent);
  return {
    lines: priced,
    grossPaise,
    discountPaise,
    subtotalPaise,
    gstPercent,
    gstPaise,
    finalAmountPaise: subtotalPaise + gstPaise,
  };
}
