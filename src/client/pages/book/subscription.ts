import {
  SUBSCRIBER_DISCOUNT_PERCENT,
  SUBSCRIPTION_AMOUNT_PAISE,
  SUBSCRIPTION_REFUND_PAISE,
} from '../../../shared/booking-rules';
import type { Brand } from '../../../shared/brand';
import type { CreateSubscriptionOrderInput } from '../../../shared/schemas/account';
import { formatLongDate } from '../../../shared/dates';
import { formatInr } from '../../../shared/money';
import { DATE_CHANGE_MIN_DAYS_AHEAD, DATE_CHANGE_WINDOW_MONTHS } from '../../../shared/refund-policy';
import type { InstantQuoteInput, InstantQuoteResult } from '../../../shared/schemas/quote';
import { EVENT_TYPE_LABELS, packageName } from './booking-options';
import { upiPaymentUri } from './upi';

/**
 * docs/product.md#refunds: the subscription costs ₹99; half of it (₹49.50) is refunded if services cannot be provided.
 */
export const SUBSCRIPTION_FEE_RUPEES = SUBSCRIPTION_AMOUNT_PAISE / 100;
export const SUBSCRIPTION_REFUND_RUPEES = SUBSCRIPTION_REFUND_PAISE / 100;

/**
 * docs/product.md#screens: the eight subscriber benefits, named as the product description fixes them, each with what
 * it is in fact (docs/product.md#subscriptions): the discount is applied by the product; the date change is the one
 * every booking may make under the terms; the rest are services our team gives a subscriber on request.
 */
export const SUBSCRIPTION_BENEFITS = [
  { name: 'Priority booking', promise: 'Our team takes up your requests and your date first.' },
  {
    name: '5% instant discount on final bill',
    promise:
      `${SUBSCRIBER_DISCOUNT_PERCENT}% off this quote's total, GST included, once: ` +
      `applied when your ₹99 is confirmed and you are signed in with this quote's e-mail address.`,
  },
  { name: 'Free menu tasting session', promise: 'A tasting of your menu before the event, booked with our team.' },
  { name: 'Dedicated event coordinator', promise: 'One person from our team looks after your event throughout.' },
  { name: 'Complimentary decor consultation', promise: 'A free session with our decor team to plan your setup.' },
  { name: '24/7 support till event day', promise: 'Call or WhatsApp us at any hour until your event.' },
  {
    name: 'Flexible date changes (1 time)',
    promise:
      `The one date change the terms allow every booking: asked at least ${DATE_CHANGE_MIN_DAYS_AHEAD} ` +
      `days ahead, to a date within ${DATE_CHANGE_WINDOW_MONTHS} months of the original.`,
  },
  { name: 'Loyalty rewards for future events', promise: 'Member offers from our team when you book with us again.' },
] as const;

/**
 * The reference customers read out on the phone: the first block of the quote id, upper-cased, as the quote
 * e-mail prints it.
 */
export function quoteReference(quoteId: string): string {
  return quoteId.slice(0, 8).toUpperCase();
}

/** The ₹99 payment as a UPI link for the QR and the "Pay with UPI app" button; the note names the quote. */
export function subscriptionUpiUri(brand: Brand, quoteId: string): string {
  return upiPaymentUri({
    payeeVpa: brand.upiId,
    payeeName: brand.legalName,
    amountRupees: SUBSCRIPTION_FEE_RUPEES,
    note: `Subscription ${quoteReference(quoteId)}`,
  });
}

export type QuotedEvent = {
  input: InstantQuoteInput;
  /** Not part of the quote payload; named in the message when the visitor gave it. */
  venueName: string;
  quote: InstantQuoteResult;
};

/**
 * What `payments.createSubscriptionOrder` needs from the quote: a visitor gives the e-mail and phone they quoted
 * with; a signed-in customer subscribes in the account's e-mail (the server's rule), so only the phone is passed
 * on. The quote goes with it, so the subscription discounts this quote (docs/product.md#subscriptions).
 */
export function subscriptionOrderInput(
  { input, quote }: Pick<QuotedEvent, 'input' | 'quote'>,
  signedInCustomer: boolean,
): CreateSubscriptionOrderInput {
  const phone = input.client_phone?.trim() || undefined;
  const email = signedInCustomer ? undefined : input.client_email.trim();
  return { ...(email ? { email } : {}), ...(phone ? { phone } : {}), booking_id: quote.quote_id };
}

/**
 * The prefilled WhatsApp message: which quote, which event, and that the payment screenshot is attached; with the
 * order id once the visitor has started a payment order, so the team can record it against that order.
 */
export function subscriptionWhatsappMessage(
  brand: Brand,
  { input, venueName, quote }: QuotedEvent,
  orderId?: string,
): string {
  const venue = [venueName.trim(), input.location].filter(Boolean).join(', ');
  return [
    `Hello ${brand.name}, I would like to confirm my ₹${SUBSCRIPTION_FEE_RUPEES} subscription for this quote.`,
    '',
    `Quote reference: ${quoteReference(quote.quote_id)}`,
    `Quote ID: ${quote.quote_id}`,
    ...(orderId ? [`Order ID: ${orderId}`] : []),
    `Event: ${input.event_name} (${EVENT_TYPE_LABELS[input.event_type]})`,
    `Date: ${formatLongDate(input.event_date)}`,
    `Guests: ${quote.guest_count.toLocaleString('en-IN')}`,
    `Venue: ${venue}`,
    `Package: ${packageName(quote.tier)}`,
    `Total: ${formatInr(quote.final_amount)} (incl. ${quote.gst_percent}% GST)`,
    `Name: ${input.client_name}`,
    ...(input.client_phone ? [`Phone: ${input.client_phone}`] : []),
    '',
    `I have paid ₹${SUBSCRIPTION_FEE_RUPEES} to ${brand.upiId}. The payment screenshot is attached.`,
  ].join('\n');
}

/** Research (ecosystem 5.5): `https://wa.me/<digits>?text=<encoded message>`, digits without '+' or spaces. */
export function whatsappLink(number: string, message: string): string {
  return `https://wa.me/${number.replace(/\D/g, '')}?text=${encodeURIComponent(message)}`;
}
