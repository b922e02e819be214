import { formatLongDate, todayInIndia } from '../../../shared/dates';
import type { PricingTier } from '../../../shared/domain';
import { formatInr } from '../../../shared/money';
import type { CustomerBookingDto } from '../../../shared/schemas/account';

/** The event date as the spec writes it ("March 5th, 2027"), or a note when it is not fixed yet. */
export function eventDateLabel(date: string | null): string {
  return date ? formatLongDate(date) : 'Date not fixed';
}

export function guestsLabel(count: number | null): string {
  if (count === null) return 'Guests not given';
  return `${count.toLocaleString('en-IN')} ${count === 1 ? 'guest' : 'guests'}`;
}

const PACKAGE_LABELS: Record<PricingTier, string> = { basic: 'Basic', premium: 'Premium', luxury: 'Luxury' };

export function packageLabel(tier: PricingTier | null): string {
  return tier ? `${PACKAGE_LABELS[tier]} package` : 'Package not chosen';
}

/** The booking's total, or why there is none (an inquiry is priced by the team). */
export function totalLabel(booking: Pick<CustomerBookingDto, 'total'>): string {
  return booking.total === null ? 'Quote on request' : formatInr(booking.total);
}

/** What the customer should do or expect next, by status: the one line under each booking. */
export function nextStepText(booking: CustomerBookingDto): string {
  switch (booking.status) {
    case 'inquiry':
      return 'Our team is preparing your quote and will call you shortly.';
    case 'quoted':
      if (booking.payment.token_paid) return 'Token received. Our team is confirming your booking.';
      if (booking.can_pay_token && booking.payment.token_left < booking.payment.token_amount)
        return (
          `Pay the ${formatInr(booking.payment.token_left)} left of the ` +
          `${formatInr(booking.payment.token_amount)} token to confirm your date.`
        );
      if (booking.can_pay_token)
        return `Pay the ${formatInr(booking.payment.token_amount)} token to confirm your date.`;
      return booking.valid_until
        ? `This quote expired on ${formatLongDate(booking.valid_until)}. Ask us for a fresh quote.`
        : 'Contact us to confirm this quote.';
    case 'confirmed': {
      const next = booking.schedule.pay_now;
      if (next) {
        const overdue = booking.schedule.instalments.find((row) => row.kind === next.kind)?.days_overdue ?? 0;
        const when =
          overdue > 0
            ? `was due on ${formatLongDate(next.due_date)}`
            : next.due_date <= todayInIndia()
              ? 'is due now'
              : `is due by ${formatLongDate(next.due_date)}`;
        return `Your booking is confirmed. The ${next.label.toLowerCase()} of ${formatInr(next.amount)} ${when}.`;
      }
      return 'Your booking is confirmed. Your event coordinator will plan the menu and timings with you.';
    }
    case 'in_progress':
      return 'Your event is under way.';
    case 'completed':
      return 'This event is complete. Thank you for celebrating with us!';
    case 'cancelled':
      if (booking.refund && booking.refund.amount > 0) {
        const { due, paid } = booking.refund;
        if (due === 0) return `Cancelled. Your refund of ${formatInr(paid)} has been paid.`;
        return (
          `Cancelled. A refund of ${formatInr(due)} will be ` +
          'paid to your original payment method within 10 to 15 business days.' +
          (paid > 0 ? ` ${formatInr(paid)} has already been paid back.` : '')
        );
      }
      return booking.cancelled_by === 'company' ? 'Cancelled by us.' : 'Cancelled.';
  }
}
