import { EVENT_TYPES, type EventType, type PricingTier, VENUE_TYPES, type VenueType } from '../../../shared/domain';
import { DEFAULT_PRICING, paiseToRupees } from '../../../shared/pricing';

/** docs/product.md#screens: the thirteen event types, as people read them. */
export const EVENT_TYPE_LABELS: Readonly<Record<EventType, string>> = {
  wedding: 'Wedding',
  pre_wedding: 'Pre-Wedding (Haldi, Mehendi, Sangeet)',
  corporate: 'Corporate Event',
  birthday: 'Birthday Party',
  anniversary: 'Anniversary',
  engagement: 'Engagement',
  baby_shower: 'Baby Shower',
  housewarming: 'Housewarming',
  festival: 'Festival Celebration',
  gala: 'Gala Dinner',
  grazing: 'Grazing Table',
  private: 'Private Party',
  other: 'Other',
};

/** A fitting example for the Event Name field, so `?eventType=wedding` reads like a wedding booking. */
const EVENT_NAME_EXAMPLES: Readonly<Record<EventType, string>> = {
  wedding: "e.g. Priya & Arjun's Wedding",
  pre_wedding: "e.g. Priya's Sangeet Night",
  corporate: 'e.g. Annual Leadership Summit',
  birthday: "e.g. Aarav's 30th Birthday",
  anniversary: "e.g. Sharma Family's Silver Jubilee",
  engagement: "e.g. Neha & Rohan's Engagement",
  baby_shower: "e.g. Ananya's Godh Bharai",
  housewarming: 'e.g. Griha Pravesh Puja',
  festival: 'e.g. Diwali Get-together',
  gala: 'e.g. Founders Award Night',
  grazing: 'e.g. Sunday Brunch Grazing Table',
  private: 'e.g. Rooftop Dinner with Friends',
  other: 'e.g. Family Get-together',
};

export function eventNameExample(eventType: EventType | ''): string {
  return EVENT_NAME_EXAMPLES[eventType || 'other'];
}

export const EVENT_TYPE_OPTIONS = EVENT_TYPES.map((value) => ({ value, label: EVENT_TYPE_LABELS[value] }));

/** docs/product.md#screens: venue types. */
export const VENUE_TYPE_LABELS: Readonly<Record<VenueType, string>> = {
  indoor: 'Indoor',
  outdoor: 'Outdoor',
  banquet: 'Banquet Hall',
  garden: 'Garden',
  beach: 'Beach',
};

export const VENUE_TYPE_OPTIONS = VENUE_TYPES.map((value) => ({ value, label: VENUE_TYPE_LABELS[value] }));

export function isEventType(value: string | null): value is EventType {
  return value !== null && (EVENT_TYPES as readonly string[]).includes(value);
}

export type PackageOption = {
  tier: PricingTier;
  name: string;
  tagline: string;
  /** The tier's base rate per guest in rupees, before the event, venue and city adjustments. */
  ratePerGuest: number;
  /** docs/product.md#screens "Package contents". */
  features: readonly string[];
  mostPopular: boolean;
};

/** docs/product.md#screens: Basic, Premium (Most Popular) and Luxury, with their contents. */
export const PACKAGES: readonly PackageOption[] = [
  {
    tier: 'basic',
    name: 'Basic',
    tagline: 'Wholesome food, served well',
    ratePerGuest: paiseToRupees(DEFAULT_PRICING.tierRatePaise.basic),
    features: [
      'Indian multi-cuisine menu',
      'Professional service staff',
      'Essential setup and tableware',
      'Quality ingredients and hygiene',
    ],
    mostPopular: false,
  },
  {
    tier: 'premium',
    name: 'Premium',
    tagline: 'A spread your guests will talk about',
    ratePerGuest: paiseToRupees(DEFAULT_PRICING.tierRatePaise.premium),
    features: ['Premium multi-cuisine spread', 'Decoration', 'Experienced team', 'Live counters', 'Premium tableware'],
    mostPopular: true,
  },
  {
    tier: 'luxury',
    name: 'Luxury',
    tagline: 'Fine dining, styled to the last detail',
    ratePerGuest: paiseToRupees(DEFAULT_PRICING.tierRatePaise.luxury),
    features: [
      'Gourmet menu',
      'Designer decoration',
      'VIP hospitality staff',
      'Interactive food stations',
      'Fine dining presentation',
      'Dedicated event coordinator',
    ],
    mostPopular: false,
  },
];

export function packageName(tier: PricingTier): string {
  return PACKAGES.find((option) => option.tier === tier)?.name ?? tier;
}
