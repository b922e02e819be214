/**
 * The product's closed vocabularies (docs/product.md#screens). Stored as text with CHECK constraints so a new value
 * is a one-line migration, never an enum ALTER (docs/architecture.md).
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

/**
 * Where a booking came from: the site's forms, or the team taking it by phone, at the counter, on WhatsApp, by
 * referral.
 */
export const STAFF_BOOKING_SOURCES = ['phone', 'walk_in', 'whatsapp', 'referral'] as const;
export type StaffBookingSource = (typeof STAFF_BOOKING_SOURCES)[number];
export const BOOKING_SOURCES = ['instant_quote', 'inquiry', 'admin', ...STAFF_BOOKING_SOURCES] as const;
export type BookingSource = (typeof BOOKING_SOURCES)[number];

/** A supplier bid the admin must look at before it can win (docs/product.md#supplier-bids). */
export const BID_FLAGS = ['below_floor', 'over_budget'] as const;
export type BidFlag = (typeof BID_FLAGS)[number];

export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

export const PROJECT_STATUSES = ['open', 'awarded', 'unassigned', 'cancelled'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

/** The booking amount (token), a later instalment of a booking (advance or balance), or the ₹99 subscription. */
export const PAYMENT_PURPOSES = ['token', 'instalment', 'subscription'] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];

/** The payment schedule's instalments, in the order they fall due (docs/product.md#payments). */
export const INSTALMENT_KINDS = ['booking_amount', 'advance', 'balance'] as const;
export type InstalmentKind = (typeof INSTALMENT_KINDS)[number];

/**
 * A payment reminder's place against its instalment's due date (docs/product.md#payments): three days before, on the
 * day, a day late; `manual` is one an admin sends by hand.
 */
export const PAYMENT_REMINDER_STAGES = ['before', 'due', 'overdue', 'manual'] as const;
export type PaymentReminderStage = (typeof PAYMENT_REMINDER_STAGES)[number];
/** The stages the reminder job sends by itself, each once per instalment and due date. */
export type AutomaticReminderStage = Exclude<PaymentReminderStage, 'manual'>;

export const PAYMENT_STATUSES = ['created', 'pending', 'paid', 'failed', 'expired', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const SUBSCRIPTION_STATUSES = ['pending', 'active', 'used', 'refunded', 'cancelled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/**
 * Who cancelled a booking: the customer's refund follows the terms, the company's is 100% (docs/product.md#refunds).
 */
export const CANCELLED_BY = ['customer', 'company'] as const;
export type CancelledBy = (typeof CANCELLED_BY)[number];

/**
 * Rows of a booking's money ledger (docs/decisions.md, "Payment schedule and refunds on real money"): what the
 * booking costs (charge), money received (payment), money owed back (refund) and corrections (adjustment).
 */
export const LEDGER_KINDS = ['charge', 'payment', 'refund', 'adjustment'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** How money reached the business (a UPI UTR, a gateway payment, a bank transfer, cash, a cheque). */
export const PAYMENT_METHODS = ['upi', 'gateway', 'bank_transfer', 'cash', 'cheque'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Each method as the admin's money views and their CSV files name it. */
export const PAYMENT_METHOD_LABELS: Readonly<Record<PaymentMethod, string>> = {
  upi: 'UPI',
  gateway: 'Payment gateway',
  bank_transfer: 'Bank transfer',
  cash: 'Cash',
  cheque: 'Cheque',
};

export const REFUND_STATUSES = ['due', 'paid'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

export const ANALYTICS_KINDS = ['page_view', 'quotation', 'vendor_registration'] as const;
export type AnalyticsKind = (typeof ANALYTICS_KINDS)[number];

export const DEVICE_CLASSES = ['mobile', 'desktop', 'tablet'] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

export const EMAIL_STATUSES = ['pending', 'sent', 'failed'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

/**
 * A WhatsApp message's life (docs/product.md#whatsapp): queued, handed to the provider, then the provider's own
 * statuses from its signed webhook; `skipped` when the person opted out before it went.
 */
export const WHATSAPP_STATUSES = ['pending', 'sent', 'delivered', 'read', 'failed', 'skipped'] as const;
export type WhatsAppStatus = (typeof WHATSAPP_STATUSES)[number];

/** The approved WhatsApp templates the business sends (docs/product.md#whatsapp). */
export const WHATSAPP_TEMPLATES = [
  'quote_sent',
  'payment_due',
  'payment_received',
  'booking_confirmed',
  'supplier_invited',
  'event_reminder',
] as const;
export type WhatsAppTemplate = (typeof WHATSAPP_TEMPLATES)[number];

/** Where a WhatsApp opt-in or opt-out came from. */
export const WHATSAPP_CONSENT_SOURCES = ['quote', 'inquiry', 'vendor_registration', 'reply'] as const;
export type WhatsAppConsentSource = (typeof WHATSAPP_CONSENT_SOURCES)[number];

/**
 * Allowed booking moves (docs/product.md#booking-statuses); the service enforces them and the UI enables buttons by
 * them.
 */
export const BOOKING_TRANSITIONS: Readonly<Record<BookingStatus, readonly BookingStatus[]>> = {
  inquiry: ['quoted', 'confirmed', 'cancelled'],
  quoted: ['confirmed', 'cancelled'],
  confirmed: ['in_progress', 'completed', 'cancelled'],
  in_progress: ['completed'],
  completed: [],
  cancelled: [],
};

export function canMoveBooking(from: BookingStatus, to: BookingStatus): boolean {
  return BOOKING_TRANSITIONS[from].includes(to);
}

/**
 * The statuses a booking may only hold with a price: a quote the customer can accept, and everything after it
 * (docs/decisions.md, "Custom quotes and prices").
 */
export const PRICED_STATUSES: readonly BookingStatus[] = ['quoted', 'confirmed', 'in_progress', 'completed'];

/** Whether a booking has a price: a final amount (paise or rupees) above zero. */
export function bookingHasPrice(finalAmount: number | null | undefined): boolean {
  return typeof finalAmount === 'number' && Number.isFinite(finalAmount) && finalAmount > 0;
}

/** Whether a booking with this final amount may be in (or move to) `status`. */
export function statusAllowsPrice(status: BookingStatus, finalAmount: number | null | undefined): boolean {
  return !PRICED_STATUSES.includes(status) || bookingHasPrice(finalAmount);
}

/** The lines of an admin's custom quote (docs/decisions.md, "Custom quotes and prices"). */
export const QUOTE_LINE_KINDS = ['per_person', 'fixed', 'add_on'] as const;
export type QuoteLineKind = (typeof QUOTE_LINE_KINDS)[number];

/** The statuses an admin may price (or re-price) with a custom quote; a confirmed booking's price is agreed. */
export const QUOTABLE_STATUSES: readonly BookingStatus[] = ['inquiry', 'quoted'];

/**
 * Statuses whose agreed price the admin may change (more guests, a menu change, the final count after the event):
 * the status stays, the ledger's charge follows the new total and the schedule re-derives what is due
 * (docs/decisions.md, "Instalments and payments recorded by hand").
 */
export const REPRICEABLE_STATUSES: readonly BookingStatus[] = ['confirmed', 'in_progress', 'completed'];

/** Where each role lands after signing in (docs/product.md#accounts "Session"). */
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

/**
 * Where the event is, in one line: the venue's name, its address and the city, the city left out when the address
 * already names it ("Rajwada Palace, AB Road, Indore 452010", not "…, Indore 452010, Indore"). Empty when none is
 * known.
 */
export function venueLine(venue: { name: string | null; address: string | null; city: string | null }): string {
  const { name, address, city } = venue;
  const escaped = city?.trim().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const named = Boolean(escaped && address && new RegExp(`(^|\\P{L})${escaped}(\\P{L}|$)`, 'iu').test(address));
  return [name, address, named ? null : city]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(', ');
}
