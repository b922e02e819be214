/**
 * The product's closed vocabularies (spec section 3 and 4). Stored as text with CHECK constraints so a new value
 * is a one-line migration, never an enum ALTER (architecture section 4).
 */
export const ROLES = ['admin', 'supplier', 'customer'] as const;
export type Role = (typeof ROLES)[number];

export const EVENT_TYPES = [
  'wedding',
  'pre_wedding',
  'corporate',
  'birthday',
  'anniversary',
  'engagement',
  'baby_shower',
  'housewarming',
  'festival',
  'gala',
  'grazing',
  'private',
  'other',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const VENUE_TYPES = ['indoor', 'outdoor', 'banquet', 'garden', 'beach'] as const;
export type VenueType = (typeof VENUE_TYPES)[number];

export const PRICING_TIERS = ['basic', 'premium', 'luxury'] as const;
export type PricingTier = (typeof PRICING_TIERS)[number];

export const BOOKING_STATUSES = ['inquiry', 'quoted', 'confirmed', 'in_progress', 'completed', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const BOOKING_SOURCES = ['instant_quote', 'inquiry', 'admin'] as const;
export type BookingSource = (typeof BOOKING_SOURCES)[number];

export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

export const PROJECT_STATUSES = ['open', 'awarded', 'unassigned', 'cancelled'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

export const PAYMENT_PURPOSES = ['token', 'subscription'] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];

export const PAYMENT_STATUSES = ['created', 'pending', 'paid', 'failed', 'expired', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const SUBSCRIPTION_STATUSES = ['pending', 'active', 'used', 'refunded', 'cancelled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** Who cancelled a booking: the customer's refund follows the terms, the company's is 100% (spec section 9). */
export const CANCELLED_BY = ['customer', 'company'] as const;
export type CancelledBy = (typeof CANCELLED_BY)[number];

export const REFUND_STATUSES = ['due', 'paid'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

export const ANALYTICS_KINDS = ['page_view', 'quotation', 'vendor_registration'] as const;
export type AnalyticsKind = (typeof ANALYTICS_KINDS)[number];

export const DEVICE_CLASSES = ['mobile', 'desktop', 'tablet'] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

export const EMAIL_STATUSES = ['pending', 'sent', 'failed'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

/** Allowed booking moves (architecture section 5); the service enforces them and the UI enables buttons by them. */
export const BOOKING_TRANSITIONS: Readonly<Record<BookingStatus, readonly BookingStatus[]>> = {
  inquiry: ['quoted', 'confirmed', 'cancelled'],
  quoted: ['confirmed', 'cancelled'],
  confirmed: ['in_progress', 'cancelled'],
  in_progress: ['completed'],
  completed: [],
  cancelled: [],
};

export function canMoveBooking(from: BookingStatus, to: BookingStatus): boolean {
  return BOOKING_TRANSITIONS[from].includes(to);
}

/** Where each role lands after signing in (spec section 4 "Session"). */
export function homePathForRole(role: string): string {
  if (role === 'admin') return '/admin';
  if (role === 'supplier') return '/supplier';
  return '/';
}

/** "in_progress" -> "in progress": an enum value as lower-case words, for the middle of a sentence or a badge. */
export function enumWords(value: string): string {
  return value.replace(/_/g, ' ');
}

/** "pre_wedding" -> "Pre wedding", "premium" -> "Premium": an enum value as words starting a sentence. */
export function humanize(value: EventType | VenueType | PricingTier | string): string {
  const words = enumWords(value);
  return words.charAt(0).toUpperCase() + words.slice(1);
}
