import type { Brand } from '../../shared/brand';
import { formatLongDate } from '../../shared/dates';
import type { BidFlag } from '../../shared/domain';
import { formatInr } from '../../shared/money';
import { paiseToRupees } from '../../shared/pricing';
import { eventDateLabel, eventRows, type ProjectEvent, type ProjectRecipient } from './project-templates';
import { quoteReference, render, type EmailMessage } from './templates';

/*
 * Messages of the calendar, staff bookings and fair bids (docs/product.md#calendar, #staff-bookings,
 * #supplier-bids).
 */

type Row = [label: string, value: string];
const rupees = (paise: number) => formatInr(paiseToRupees(paise));

const FLAG_WORDS: Record<BidFlag, string> = {
  below_floor: 'below the floor',
  over_budget: 'above the supplier budget',
};

/** What the auto-assign found: the bid that would have won, and why it was not awarded. */
export type FlaggedBid = {
  businessName: string;
  amountPaise: number;
  flag: BidFlag;
  budgetPaise: number | null;
  floorPaise: number | null;
};

export function bidsNeedDecisionMessage(event: Pick<ProjectEvent, 'eventName' | 'eventDate'>, bid: FlaggedBid): string {
  return (
    `Award by hand: ${event.eventName} on ${eventDateLabel(event.eventDate)} — the lowest bid ` +
    `(${rupees(bid.amountPaise)} from ${bid.businessName}) is ${FLAG_WORDS[bid.flag]}`
  );
}

/** An admin is asked to award a project whose winning bid was flagged, instead of the auto-assign taking it. */
export function bidsNeedDecisionEmail(
  brand: Brand,
  to: { email: string; name: string },
  event: ProjectEvent,
  bid: FlaggedBid,
  ids: { projectId: string; bookingId: string },
): EmailMessage {
  const { text, html } = render({
    brand,
    preheader: `The lowest bid for ${event.eventName} is ${FLAG_WORDS[bid.flag]}.`,
    heading: 'A project needs your decision',
    greeting: `Dear ${to.name},`,
    intro: [
      `The auto-assign date of ${event.eventName} has passed, but the lowest bid is ${FLAG_WORDS[bid.flag]}, so it ` +
        `was not awarded automatically. Open the booking in the Admin Dashboard, check the bids and award the ` +
        `project by hand; quotes stay closed meanwhile.`,
    ],
    sections: [
      {
        title: 'The lowest bid',
        rows: [
          ['Supplier', bid.businessName],
          ['Bid', rupees(bid.amountPaise)],
          ...(bid.budgetPaise === null ? [] : ([['Supplier budget', rupees(bid.budgetPaise)]] as Row[])),
          ...(bid.floorPaise === null ? [] : ([['Floor', rupees(bid.floorPaise)]] as Row[])),
        ],
      },
      { title: 'The event', rows: [...eventRows(event), ['Booking', ids.bookingId], ['Project', ids.projectId]] },
    ],
    closing: [],
  });
  return { to: to.email, subject: `Award by hand: ${event.eventName}`, text, html, template: 'project_bids_flagged' };
}

/** One changed detail of an event, as people read it. */
export type DetailChange = { label: string; from: string; to: string };

export function eventDetailsChangedMessage(
  event: Pick<ProjectEvent, 'eventName' | 'eventDate'>,
  changes: readonly DetailChange[],
): string {
  return `Details changed: ${event.eventName} on ${eventDateLabel(event.eventDate)} — ${changes
    .map((c) => `${c.label.toLowerCase()} now ${c.to}`)
    .join('; ')}`;
}

/** An invited or awarded supplier learns what changed about the event. */
export function projectDetailsChangedEmail(
  brand: Brand,
  to: ProjectRecipient,
  event: ProjectEvent,
  changes: readonly DetailChange[],
  role: 'invitee' | 'awarded',
): EmailMessage {
  const { text, html } = render({
    brand,
    preheader: `The details of ${event.eventName} have changed.`,
    heading: 'An event has new details',
    greeting: `Dear ${to.name},`,
    intro: [
      `The details of ${event.eventName} on ${eventDateLabel(event.eventDate)} have changed.`,
      role === 'awarded'
        ? `${to.businessName} remains the supplier for this event; please plan for the new details and call or ` +
          `WhatsApp us on ${brand.phone} at once if you cannot serve them.`
        : 'If your quote depends on them, you can revise it until quotes close.',
    ],
    sections: [
      { title: 'What changed', rows: changes.map((c) => [c.label, `${c.to} (was ${c.from})`] as Row) },
      { title: 'The event', rows: eventRows(event) },
    ],
    closing: [],
  });
  return {
    to: to.email,
    subject: `Details changed: ${event.eventName}`,
    text,
    html,
    template: 'project_details_changed',
  };
}

/** The customer learns what the team changed about the event, and the price and what is left to pay. */
export function eventDetailsChangedEmail(
  brand: Brand,
  to: { email: string; name: string },
  booking: { id: string; eventName: string; eventDate: string | null },
  changes: readonly DetailChange[],
  figures: {
    previousTotalPaise: number | null;
    totalPaise: number | null;
    paidPaise: number;
    outstandingPaise: number;
    refundPaise: number;
  },
): EmailMessage {
  const priceRows: Row[] =
    figures.totalPaise === null
      ? []
      : [
          ...(figures.previousTotalPaise !== null && figures.previousTotalPaise !== figures.totalPaise
            ? ([['Previous total', rupees(figures.previousTotalPaise)]] as Row[])
            : []),
          ['Total (incl. GST)', rupees(figures.totalPaise)],
          ['Paid so far', rupees(figures.paidPaise)],
          ...(figures.refundPaise > 0 ? ([['To be refunded to you', rupees(figures.refundPaise)]] as Row[]) : []),
          ['Still to pay', rupees(figures.outstandingPaise)],
        ];
  const { text, html } = render({
    brand,
    preheader: `We have updated ${booking.eventName} as agreed.`,
    heading: 'Your event details were updated',
    greeting: `Dear ${to.name},`,
    intro: [
      `As agreed with our team, we have updated the details of ` +
        `${booking.eventName}${booking.eventDate ? ` on ${formatLongDate(booking.eventDate)}` : ''}. My Bookings ` +
        `shows the booking as it is now.`,
    ],
    sections: [
      {
        title: 'What changed',
        rows: [
          ['Booking reference', quoteReference(booking.id)],
          ...changes.map((c) => [c.label, `${c.to} (was ${c.from})`] as Row),
        ],
      },
      ...(priceRows.length > 0 ? [{ title: 'Your booking account', rows: priceRows, emphasisLast: true }] : []),
    ],
    closing: [`Anything not right? Call or WhatsApp us on ${brand.phone}.`],
  });
  return {
    to: to.email,
    subject: `Event details updated: ${booking.eventName}`,
    text,
    html,
    template: 'event_details_changed',
  };
}

/**
 * An admin's own message about a booking (docs/product.md#message-thread), to its customer or to a supplier of its
 * project: the admin's subject and words, as typed (paragraphs and line breaks kept, nothing read as HTML), then what
 * the message is about, so the reader never has to guess which event it means.
 */
export function bookingMessageEmail(
  brand: Brand,
  to: { email: string; name: string },
  event: ProjectEvent,
  bookingId: string,
  message: { subject: string; body: string },
): EmailMessage {
  const paragraphs = message.body
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  const { text, html } = render({
    brand,
    preheader: paragraphs[0]!.slice(0, 120),
    heading: message.subject,
    greeting: `Dear ${to.name},`,
    intro: paragraphs,
    sections: [{ title: 'About', rows: [...eventRows(event), ['Reference', quoteReference(bookingId)]] }],
    closing: [`To answer, reply to this e-mail or write to ${brand.email}; call or WhatsApp us on ${brand.phone}.`],
  });
  return { to: to.email, subject: message.subject, text, html, template: 'booking_message' };
}
