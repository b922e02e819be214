import type { PaymentRules } from '../../shared/booking-rules';
import type { Brand } from '../../shared/brand';
import type { AutomaticReminderStage, RefundStatus } from '../../shared/domain';
import { formatLongDate } from '../../shared/dates';
import { formatInr, formatSignedInr } from '../../shared/money';
import { paiseToRupees } from '../../shared/pricing';
import { DEPOSIT_PERCENT, type RefundComputation } from '../../shared/refund-policy';
import { subjectWithEventName } from './outbox';
import { paymentTermsSection, quoteReference, render, type EmailMessage, type EmailSection } from './templates';

/** Customer-account messages: payment receipts and reminders, cancellations, date changes, subscription refunds. */
type Recipient = { email: string; name: string };
const rupees = (paise: number) => formatInr(paiseToRupees(paise));

/** Where a booking's account stands after a payment, for the receipt (figures from `bookingMoney`). */
export type AccountAfterPayment = {
  paidPaise: number;
  outstandingPaise: number;
  next: { label: string; amountPaise: number; dueDate: string } | null;
  /** The booking's schedule: each instalment, what is left of it and its due date. */
  instalments: { label: string; amountPaise: number; outstandingPaise: number; dueDate: string }[];
  /** The schedule's numbers the booking is asked by, for the terms the receipt repeats. */
  rules: PaymentRules;
};

/** One instalment on a receipt: paid, partly paid (what is left) or still to pay, with its due date. */
function instalmentLine(row: AccountAfterPayment['instalments'][number]): string {
  if (row.outstandingPaise <= 0) return `${rupees(row.amountPaise)}, paid`;
  const due = formatLongDate(row.dueDate);
  return row.outstandingPaise < row.amountPaise
    ? `${rupees(row.outstandingPaise)} of ${rupees(row.amountPaise)} to pay by ${due}`
    : `${rupees(row.amountPaise)} by ${due}`;
}

/**
 * What became of a booking payment: whether it confirmed the booking, and what of it is owed back to the customer
 * (all of it on a cancelled booking or a date that filled while they paid; what is over the booking's total).
 */
export type ReceiptOutcome = {
  confirmed: boolean;
  owedBack: { reason: 'cancelled' | 'date_full' | 'over_total'; amountPaise: number } | null;
};

const REFUND_TIME = 'Refunds are processed within 10–15 business days.';

/** The receipt's opening line for a booking payment, saying what the payment did. */
function bookingPaymentIntro(amountPaise: number, purpose: 'token' | 'instalment', outcome?: ReceiptOutcome): string {
  const received = `Thank you: we have received your payment of ${rupees(amountPaise)}.`;
  const owed = outcome?.owedBack;
  if (owed?.reason === 'cancelled') {
    return `${received} Your booking is cancelled, so all of it will be refunded to you. ${REFUND_TIME}`;
  }
  if (owed?.reason === 'date_full') {
    return (
      `${received} Your event date was fully booked before the payment reached us, so your booking is not ` +
      `confirmed and all of it will be refunded to you. ${REFUND_TIME}`
    );
  }
  if (owed && owed.amountPaise >= amountPaise) {
    return `${received} Your booking did not need it, so all of it will be refunded to you. ${REFUND_TIME}`;
  }
  const rest = owed
    ? ` ${rupees(owed.amountPaise)} of it is more than your booking costs and will be refunded to you. ${REFUND_TIME}`
    : '';
  if (purpose === 'token' && (outcome === undefined || outcome.confirmed)) {
    return (
      'Thank you: we have received your booking token and your booking is now confirmed. The token is adjusted ' +
      `against your final bill. Our team will contact you within 2 hours.${rest}`
    );
  }
  return `Thank you: we have received your payment of ${rupees(amountPaise)} towards your booking.${rest}`;
}

export function paymentReceiptEmail(
  brand: Brand,
  to: Recipient,
  payment: {
    /** The order paid; null for a payment the team recorded by hand (bank transfer, cash, cheque). */
    orderCode: string | null;
    purpose: 'token' | 'instalment' | 'subscription';
    /** What the payment was for, e.g. "Advance" (instalments and recorded payments). */
    label?: string;
    amountPaise: number;
    reference: string | null;
    paidAt: Date;
    /**
     * The GST document issued for it and attached: a booking payment's receipt voucher, also downloadable from My
     * Bookings (docs/gst.md#receipt-voucher); the subscription's tax invoice (docs/gst.md#subscription).
     */
    gstDocument?: { title: string; number: string } | null;
    /** What the booking payment did; without it, a token is taken to have confirmed the booking. */
    outcome?: ReceiptOutcome;
  },
  booking: { id: string; eventName: string; eventDate: string | null } | null,
  account?: AccountAfterPayment,
): EmailMessage {
  const what =
    payment.purpose === 'token'
      ? 'booking token'
      : payment.purpose === 'subscription'
        ? 'subscription'
        : (payment.label ?? 'payment').toLowerCase();
  // The amount leads the subject once: "Payment received: ₹99 subscription (SUB-…)".
  const subject =
    `Payment received: ${rupees(payment.amountPaise)} ` +
    `${what}${payment.orderCode ? ` (${payment.orderCode})` : ''}`;
  const intro =
    payment.purpose === 'subscription'
      ? 'Thank you for subscribing. Your one-time 5% instant discount comes off the final bill of the quote you ' +
        'subscribed from (or your next quote) while you are signed in with this e-mail address, confirmed; My ' +
        'Bookings shows the new total.'
      : bookingPaymentIntro(payment.amountPaise, payment.purpose, payment.outcome);
  const rows: [string, string][] = [
    ...(payment.orderCode ? ([['Order id', payment.orderCode]] as [string, string][]) : []),
    ...(booking
      ? ([
          ['Booking reference', quoteReference(booking.id)],
          ['Event', booking.eventName],
        ] as [string, string][])
      : []),
    ...(booking?.eventDate ? ([['Event date', formatLongDate(booking.eventDate)]] as [string, string][]) : []),
    ...(payment.label && payment.purpose !== 'subscription' ? ([['For', payment.label]] as [string, string][]) : []),
    ...(payment.reference ? ([['Payment reference', payment.reference]] as [string, string][]) : []),
    ...(payment.gstDocument ? ([[payment.gstDocument.title, payment.gstDocument.number]] as [string, string][]) : []),
    ...(payment.outcome?.owedBack
      ? ([['To be refunded to you', rupees(payment.outcome.owedBack.amountPaise)]] as [string, string][])
      : []),
    ['Amount paid', rupees(payment.amountPaise)],
  ];
  const sections: EmailSection[] = [{ title: 'Receipt', rows, emphasisLast: true }];
  if (account) {
    sections.push({
      title: 'Your payment schedule',
      rows: account.instalments.map((row): [string, string] => [row.label, instalmentLine(row)]),
    });
    sections.push({
      title: 'Your booking account',
      rows: [
        ['Paid so far', rupees(account.paidPaise)],
        ['Still to pay', rupees(account.outstandingPaise)],
        ...(account.next
          ? ([
              [
                `Next: ${account.next.label}`,
                `${rupees(account.next.amountPaise)} by ${formatLongDate(account.next.dueDate)}`,
              ],
            ] as [string, string][])
          : []),
      ],
      emphasisLast: false,
    });
    sections.push(paymentTermsSection(account.rules));
  }
  const body = render({
    brand,
    preheader: `We have received your payment of ${rupees(payment.amountPaise)}.`,
    heading: 'Payment received',
    greeting: `Dear ${to.name},`,
    intro: [intro],
    sections,
    closing: [
      ...(account?.next ? ['You can pay the next instalment from My Bookings whenever you are ready.'] : []),
      ...(payment.gstDocument
        ? [
            `Your GST ${payment.gstDocument.title.toLowerCase()} ${payment.gstDocument.number} is attached (PDF)` +
              (booking ? '; you can also download it from the booking in My Bookings.' : '.'),
          ]
        : []),
      'Keep this e-mail as your receipt.',
    ],
  });
  return { to: to.email, subject, ...body, template: 'payment_receipt' };
}

/** One instalment a reminder asks for, with the booking's figures beside it (all from `bookingMoney`). */
export type ReminderContent = {
  /** e.g. "Advance". */
  label: string;
  /** What is still to pay of this instalment (paise). */
  amountPaise: number;
  dueDate: string;
  /** Where the due date stands today: ahead, today or past. */
  timing: AutomaticReminderStage;
  totalPaise: number;
  paidPaise: number;
  outstandingPaise: number;
};

/**
 * A payment reminder (docs/product.md#payments): the instalment, its amount and due date, what was paid so far, and
 * the link to the booking in My Bookings, where it is paid by UPI (or the gateway when one is configured).
 */
export function paymentReminderEmail(
  brand: Brand,
  to: Recipient,
  booking: { id: string; eventName: string; eventDate: string | null },
  reminder: ReminderContent,
  links: { bookingUrl: string; gateway: boolean },
): EmailMessage {
  const amount = rupees(reminder.amountPaise);
  const what = reminder.label.toLowerCase();
  const day = formatLongDate(reminder.dueDate);
  const reference = quoteReference(booking.id);
  const when =
    reminder.timing === 'before' ? `due on ${day}` : reminder.timing === 'due' ? 'due today' : `overdue since ${day}`;
  const intro =
    reminder.timing === 'before'
      ? `A friendly reminder: the ${what} of ${amount} for ${booking.eventName} is due on ${day}.`
      : reminder.timing === 'due'
        ? `A friendly reminder: the ${what} of ${amount} for ${booking.eventName} is due today, ${day}.`
        : `The ${what} of ${amount} for ${booking.eventName} was due on ${day} and is now overdue. Please pay it at ` +
          `your earliest convenience.`;
  const body = render({
    brand,
    preheader: `${reminder.label} of ${amount} ${when}.`,
    heading: reminder.timing === 'overdue' ? 'Payment overdue' : 'Payment reminder',
    greeting: `Dear ${to.name},`,
    intro: [intro],
    action: { label: 'Pay from My Bookings', url: links.bookingUrl },
    sections: [
      {
        title: 'Payment due',
        rows: [
          ['Booking reference', reference],
          ['Event', booking.eventName],
          ...(booking.eventDate ? ([['Event date', formatLongDate(booking.eventDate)]] as [string, string][]) : []),
          ['Instalment', reminder.label],
          ['Due date', day],
          ['Amount due', amount],
        ],
        emphasisLast: true,
      },
      {
        title: 'Your booking account',
        rows: [
          ['Booking total', rupees(reminder.totalPaise)],
          ['Paid so far', rupees(reminder.paidPaise)],
          ['Still to pay in all', rupees(reminder.outstandingPaise)],
        ],
      },
    ],
    closing: [
      `Open your booking in My Bookings to pay by UPI${links.gateway ? ' or online through our payment gateway' : ''}.`,
      'If you have paid in the last few hours, thank you, and please ignore this reminder.',
    ],
  });
  return {
    to: to.email,
    subject: `Payment reminder: ${amount} ${what} ${when} (${reference})`,
    ...body,
    template: 'payment_reminder',
  };
}

/** Why a booking was cancelled when the customer did not ask: the advance was not paid by its due date. */
export type CancellationReason = { kind: 'advance_overdue'; advanceDueDate: string };

/**
 * A cancellation's money and dates as My Bookings shows them afterwards (docs/product.md#refunds), every figure from
 * the cancellation service: the terms' computation (`refundFor`) and the booking's ledger sums once the refund is
 * recorded.
 */
export type CancellationFigures = {
  /** The terms applied: band, days before the date the band counts from, deposit kept, refund. */
  refund: RefundComputation;
  /** Everything received on the booking ("Paid so far"). */
  paidPaise: number;
  /** Owed back before the cancellation (e.g. after a guest cut): paid less what the terms were applied to. */
  owedBackBeforePaise: number;
  /** Of what the terms were applied to, the share beyond the deposit the band does not refund. */
  bandKeptPaise: number;
  /** Paid less everything owed back ("Kept under the cancellation terms"). */
  keptPaise: number;
  /** The state of the cancellation's refund; null when nothing is refunded. */
  refundStatus: RefundStatus | null;
  /**
   * The date the band is counted from (`refundBandDate`); `original` when it is the first date of a booking moved
   * later. Null for a booking without a date, which counts as far away.
   */
  bandDate: { date: string; original: boolean } | null;
};

function cancellationIntro(eventName: string, refund: RefundComputation, reason?: CancellationReason): string {
  if (reason?.kind === 'advance_overdue') {
    return (
      `The advance for ${eventName} was due on ${formatLongDate(reason.advanceDueDate)} and has not been paid, ` +
      `so we have cancelled the booking and released the date. The cancellation terms apply as for a cancellation ` +
      `by you.`
    );
  }
  return refund.cancelled_by === 'company'
    ? `We are sorry: we have had to cancel your booking for ${eventName}. You receive a full refund of what you ` +
        `paid, deposit included.`
    : `As you asked, your booking for ${eventName} has been cancelled.`;
}

/** How many days before the event the cancellation came, from the date the terms count from. */
function daysBeforeText(days: number, bandDate: CancellationFigures['bandDate']): string {
  if (bandDate === null) return 'No event date yet, so it counts as far away';
  return bandDate.original ? `${days}, counted from the original date, ${formatLongDate(bandDate.date)}` : String(days);
}

/** What was paid, what the terms keep (the deposit, the band's share) and the refund with its state. */
function cancellationMoneyRows(figures: CancellationFigures): [string, string][] {
  const { refund } = figures;
  const deduction = (label: string, paise: number): [string, string][] =>
    paise > 0 ? [[label, formatSignedInr(paiseToRupees(-paise))]] : [];
  const state = figures.refundStatus === null ? '' : ` (${figures.refundStatus})`;
  return [
    ['Paid so far', rupees(figures.paidPaise)],
    ...deduction('Owed back before the cancellation', figures.owedBackBeforePaise),
    ...deduction(`Deposit kept (${DEPOSIT_PERCENT}%, non-refundable)`, refund.deposit_held_paise),
    ...deduction(`Kept beyond the deposit (${refund.refund_percent}% of it refunded)`, figures.bandKeptPaise),
    ...(figures.keptPaise > 0
      ? ([['Kept under the cancellation terms', rupees(figures.keptPaise)]] as [string, string][])
      : []),
    ['Refund to you', `${rupees(refund.refund_amount_paise)}${state}`],
  ];
}

export function bookingCancelledEmail(
  brand: Brand,
  to: Recipient,
  booking: { id: string; eventName: string; eventDate: string | null },
  figures: CancellationFigures,
  reason?: CancellationReason,
): EmailMessage {
  const { refund, bandDate } = figures;
  const days = Math.max(refund.days_before, 0);
  // After a date change to a later day the band counts from the first date (docs/product.md#refunds): said once
  // in words, where the customer's terms apply.
  const countedFrom =
    bandDate?.original && refund.cancelled_by === 'customer'
      ? [
          `As the date of your event was changed, the refund is counted from the original date, ` +
            `${formatLongDate(bandDate.date)}, the earlier of the two: the booking was cancelled ` +
            `${days > 0 ? `${days} ${days === 1 ? 'day' : 'days'} before it` : 'once it had passed'}.`,
        ]
      : [];
  const body = render({
    brand,
    preheader: `Your booking ${quoteReference(booking.id)} has been cancelled.`,
    heading: 'Booking cancelled',
    greeting: `Dear ${to.name},`,
    intro: [cancellationIntro(booking.eventName, refund, reason), ...countedFrom],
    sections: [
      {
        title: 'Cancellation',
        rows: [
          ['Booking reference', quoteReference(booking.id)],
          ...(booking.eventDate ? ([['Event date', formatLongDate(booking.eventDate)]] as [string, string][]) : []),
          ['Days before the event', daysBeforeText(days, bandDate)],
          ['Terms', refund.band_label],
        ],
      },
      { title: 'Refund', rows: cancellationMoneyRows(figures), emphasisLast: true },
    ],
    closing: refund.refund_amount_paise > 0 ? [REFUND_TIME] : [],
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

export function subscriptionRefundedEmail(
  brand: Brand,
  to: Recipient,
  refundPaise: number,
  creditNote: { number: string } | null = null,
): EmailMessage {
  const body = render({
    brand,
    preheader: `${rupees(refundPaise)} of your subscription is being refunded.`,
    heading: 'Subscription refund',
    greeting: `Dear ${to.name},`,
    intro: [
      `We could not provide the services of your subscription, so we are refunding 50% of it, ` +
        `${rupees(refundPaise)}, within 3 working days.`,
    ],
    sections: [],
    closing: creditNote
      ? [
          `The GST credit note ${creditNote.number} for the refund, against your subscription's tax invoice, ` +
            'is attached (PDF).',
        ]
      : [],
  });
  return { to: to.email, subject: 'Your subscription refund', ...body, template: 'subscription_refunded' };
}

const REPRICED_BECAUSE = {
  repriced: (event: string) => `As agreed with our team, the price of ${event} has changed.`,
  menu: (event: string) => `The menu of ${event} was changed and its add-ons change the price.`,
  subscriber: (event: string) => `Your subscriber discount is now applied to ${event}.`,
};

/** A booking that goes ahead has a new price (more guests, a menu change, the final count): what it means now. */
export function bookingRepricedEmail(
  brand: Brand,
  to: Recipient,
  booking: { id: string; eventName: string; eventDate: string | null },
  figures: {
    previousTotalPaise: number;
    totalPaise: number;
    paidPaise: number;
    outstandingPaise: number;
    /** Owed back because what was paid is now more than the new total. */
    refundPaise: number;
    /** A quote whose new total's booking amount was already paid: the new price confirmed the date. */
    confirmed?: boolean;
  },
  /**
   * Why: the team re-priced it, the menu's add-ons changed (docs/product.md#menus), or the subscriber discount came
   * to it (docs/product.md#subscriptions).
   */
  cause: 'repriced' | 'menu' | 'subscriber' = 'repriced',
): EmailMessage {
  const body = render({
    brand,
    preheader: `The total of your booking ${quoteReference(booking.id)} is now ${rupees(figures.totalPaise)}.`,
    heading: 'Your booking has a new price',
    greeting: `Dear ${to.name},`,
    intro: [
      `${REPRICED_BECAUSE[cause](booking.eventName)} Your payment schedule follows the new total; My Bookings ` +
        'shows what is due and when.',
      ...(figures.confirmed
        ? ['What you have paid covers the booking amount of the new total, so your date is now confirmed.']
        : []),
    ],
    sections: [
      {
        title: 'Your booking account',
        rows: [
          ['Booking reference', quoteReference(booking.id)],
          ...(booking.eventDate ? ([['Event date', formatLongDate(booking.eventDate)]] as [string, string][]) : []),
          ['Previous total', rupees(figures.previousTotalPaise)],
          ['New total (incl. GST)', rupees(figures.totalPaise)],
          ['Paid so far', rupees(figures.paidPaise)],
          ...(figures.refundPaise > 0
            ? ([['To be refunded to you', rupees(figures.refundPaise)]] as [string, string][])
            : []),
          ['Still to pay', rupees(figures.outstandingPaise)],
        ],
        emphasisLast: true,
      },
    ],
    closing: [
      figures.refundPaise > 0
        ? 'The refund will be paid to your original payment method within 10 to 15 business days.'
        : 'You can pay from My Bookings by UPI whenever you are ready.',
    ],
  });
  return {
    to: to.email,
    subject: subjectWithEventName(
      booking.eventName,
      (name) => `New total for ${name}: ${rupees(figures.totalPaise)} (${quoteReference(booking.id)})`,
    ),
    ...body,
    template: 'booking_repriced',
  };
}
