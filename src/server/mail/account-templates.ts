import type { Brand } from '../../shared/brand';
import { formatLongDate } from '../../shared/dates';
import { formatInr } from '../../shared/money';
import { paiseToRupees } from '../../shared/pricing';
import type { RefundComputation } from '../../shared/refund-policy';
import { quoteReference, render, type EmailMessage } from './templates';

/** Customer-account messages: payment receipts, cancellations, date changes, subscription refunds. */
type Recipient = { email: string; name: string };
const rupees = (paise: number) => formatInr(paiseToRupees(paise));

export function paymentReceiptEmail(
  brand: Brand,
  to: Recipient,
  payment: {
    orderCode: string;
    purpose: 'token' | 'subscription';
    amountPaise: number;
    reference: string | null;
    paidAt: Date;
  },
  booking: { id: string; eventName: string; eventDate: string | null } | null,
): EmailMessage {
  const what = payment.purpose === 'token' ? 'booking token' : '₹99 subscription';
  const subject = `Payment received: ${rupees(payment.amountPaise)} ${what} (${payment.orderCode})`;
  const body = render({
    brand,
    preheader: `We have received your payment of ${rupees(payment.amountPaise)}.`,
    heading: 'Payment received',
    greeting: `Dear ${to.name},`,
    intro: [
      payment.purpose === 'token'
        ? 'Thank you: we have received your booking token and your booking is now confirmed. The token is adjusted against your final bill. Our team will contact you within 2 hours.'
        : 'Thank you for subscribing. Your 5% instant discount applies to the final bill of your next booking.',
    ],
    sections: [
      {
        title: 'Receipt',
        rows: [
          ['Order id', payment.orderCode],
          ...(booking
            ? ([
                ['Booking reference', quoteReference(booking.id)],
                ['Event', booking.eventName],
              ] as [string, string][])
            : []),
          ...(booking?.eventDate ? ([['Event date', formatLongDate(booking.eventDate)]] as [string, string][]) : []),
          ...(payment.reference ? ([['Payment reference', payment.reference]] as [string, string][]) : []),
          ['Amount paid', rupees(payment.amountPaise)],
        ],
        emphasisLast: true,
      },
    ],
    closing: ['Keep this e-mail as your receipt.'],
  });
  return { to: to.email, subject, ...body, template: 'payment_receipt' };
}

/** Why a booking was cancelled when the customer did not ask: the advance was not paid by its due date. */
export type CancellationReason = { kind: 'advance_overdue'; advanceDueDate: string };

function cancellationIntro(eventName: string, refund: RefundComputation, reason?: CancellationReason): string {
  if (reason?.kind === 'advance_overdue') {
    return `The advance for ${eventName} was due on ${formatLongDate(reason.advanceDueDate)} and has not been paid, so we have cancelled the booking and released the date. The cancellation terms apply as for a cancellation by you.`;
  }
  return refund.cancelled_by === 'company'
    ? `We are sorry: we have had to cancel your booking for ${eventName}. You receive a full refund of what you paid, deposit included.`
    : `As you asked, your booking for ${eventName} has been cancelled.`;
}

export function bookingCancelledEmail(
  brand: Brand,
  to: Recipient,
  booking: { id: string; eventName: string; eventDate: string | null },
  refund: RefundComputation,
  reason?: CancellationReason,
): EmailMessage {
  const body = render({
    brand,
    preheader: `Your booking ${quoteReference(booking.id)} has been cancelled.`,
    heading: 'Booking cancelled',
    greeting: `Dear ${to.name},`,
    intro: [cancellationIntro(booking.eventName, refund, reason)],
    sections: [
      {
        title: 'Refund',
        rows: [
          ['Booking reference', quoteReference(booking.id)],
          ['Days before the event', String(Math.max(refund.days_before, 0))],
          ['Policy', refund.band_label],
          ['Amount paid', rupees(refund.amount_paid_paise)],
          ['Refund due', rupees(refund.refund_amount_paise)],
        ],
        emphasisLast: true,
      },
    ],
    closing: refund.refund_amount_paise > 0 ? ['Refunds are processed within 10–15 business days.'] : [],
  });
  return { to: to.email, subject: `Booking cancelled: ${booking.eventName}`, ...body, template: 'booking_cancelled' };
}

export function bookingDateChangedEmail(
  brand: Brand,
  to: Recipient,
  booking: { id: string; eventName: string },
  from: string,
  toDate: string,
): EmailMessage {
  const body = render({
    brand,
    preheader: `Your event is now on ${formatLongDate(toDate)}.`,
    heading: 'Event date changed',
    greeting: `Dear ${to.name},`,
    intro: [`The date of ${booking.eventName} has been changed. This was the one date change your booking allows.`],
    sections: [
      {
        title: 'New date',
        rows: [
          ['Booking reference', quoteReference(booking.id)],
          ['Previous date', formatLongDate(from)],
          ['New date', formatLongDate(toDate)],
        ],
      },
    ],
    closing: [],
  });
  return {
    to: to.email,
    subject: `Event date changed: ${booking.eventName}`,
    ...body,
    template: 'booking_date_changed',
  };
}

export function subscriptionRefundedEmail(brand: Brand, to: Recipient, refundPaise: number): EmailMessage {
  const body = render({
    brand,
    preheader: `${rupees(refundPaise)} of your subscription is being refunded.`,
    heading: 'Subscription refund',
    greeting: `Dear ${to.name},`,
    intro: [
      `We could not provide the services of your subscription, so we are refunding 50% of it, ${rupees(refundPaise)}, within 3 working days.`,
    ],
    sections: [],
    closing: [],
  });
  return { to: to.email, subject: 'Your subscription refund', ...body, template: 'subscription_refunded' };
}
