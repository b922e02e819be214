import type { Brand } from '../../shared/brand';
import { formatLongDate, INDIA_TIME_ZONE, isoDateInIndia } from '../../shared/dates';
import type { EventType } from '../../shared/domain';
import { formatInr } from '../../shared/money';
import { humanize } from '../../shared/domain';
import { subjectWithEventName } from './outbox';
import { render, type EmailMessage } from './templates';

type Row = [label: string, value: string];

/** What every project message says about the event. */
export type ProjectEvent = {
  eventName: string;
  eventType: EventType;
  /** `YYYY-MM-DD`, or null while the customer has not fixed a date. */
  eventDate: string | null;
  guestCount: number | null;
  venueName: string | null;
  city: string | null;
};

export type ProjectRecipient = { email: string; name: string; businessName: string };

const timeInIndia = new Intl.DateTimeFormat('en-IN', {
  timeZone: INDIA_TIME_ZONE,
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});

/** "March 5th, 2027, 6:30 pm IST": deadlines are shown in India time whatever the server's zone. */
export function formatIndiaDateTime(instant: Date): string {
  return `${formatLongDate(isoDateInIndia(instant))}, ${timeInIndia.format(instant)} IST`;
}

/** The event date as messages show it ('PPP', docs/product.md#screens), or a placeholder while it is not fixed. */
export function eventDateLabel(eventDate: string | null): string {
  return eventDate ? formatLongDate(eventDate) : 'a date to be confirmed';
}

export function eventRows(event: ProjectEvent): Row[] {
  const venue = [event.venueName, event.city].filter(Boolean).join(', ');
  return [
    ['Event', event.eventName],
    ['Event type', humanize(event.eventType)],
    ['Date', event.eventDate ? formatLongDate(event.eventDate) : 'To be confirmed'],
    ['Guests', event.guestCount ? event.guestCount.toLocaleString('en-IN') : 'To be confirmed'],
    ['Venue', venue || 'To be confirmed'],
  ];
}

/** The notification text of an invitation: "New project: {event name} on {date} — submit your quote". */
export function invitationMessage(event: Pick<ProjectEvent, 'eventName' | 'eventDate'>): string {
  return `New project: ${event.eventName} on ${eventDateLabel(event.eventDate)} — submit your quote`;
}

export function awardedMessage(
  event: Pick<ProjectEvent, 'eventName' | 'eventDate'>,
  amountRupees: number | null,
): string {
  const amount = amountRupees === null ? '' : ` at your quote of ${formatInr(amountRupees)}`;
  return `You won: ${event.eventName} on ${eventDateLabel(event.eventDate)} has been awarded to you${amount}`;
}

export function notSelectedMessage(event: Pick<ProjectEvent, 'eventName' | 'eventDate'>): string {
  return `Not selected: ${event.eventName} on ${eventDateLabel(event.eventDate)} was awarded to another supplier`;
}

export function unassignedMessage(event: Pick<ProjectEvent, 'eventName' | 'eventDate'>, invitees: number): string {
  return (
    `No supplier for ${event.eventName} on ${eventDateLabel(event.eventDate)}: no quotes from ${invitees} ` +
    `invited suppliers — invite or assign one by hand`
  );
}

export function cancelledMessage(event: Pick<ProjectEvent, 'eventName' | 'eventDate'>): string {
  return `Cancelled: ${event.eventName} on ${eventDateLabel(event.eventDate)} — the booking is closed, no award`;
}

/** The notification text when the event of a project moves: "Date changed: {event name} is now on {date} (was …)". */
export function dateChangedMessage(event: Pick<ProjectEvent, 'eventName' | 'eventDate'>, previousDate: string): string {
  return (
    `Date changed: ${event.eventName} is now on ${eventDateLabel(event.eventDate)} (was ` +
    `${formatLongDate(previousDate)})`
  );
}

/**
 * Where a supplier stands after a date change: invited to an open project whose quotes close at `quotesClose`
 * (null: the new date is too close, the project is awarded now), invited to one whose quotes are closed while an
 * admin awards it by hand (`awaiting_admin`), or the supplier the project was awarded to.
 */
export type DateChangeStanding =
  { role: 'invitee'; quotesClose: Date | null } | { role: 'awaiting_admin' } | { role: 'awarded' };

/** An invited or awarded supplier learns the event's new date, and what it means for the quotes or the job. */
export function projectDateChangedEmail(
  brand: Brand,
  to: ProjectRecipient,
  event: ProjectEvent,
  previousDate: string,
  standing: DateChangeStanding,
): EmailMessage {
  const newDate = eventDateLabel(event.eventDate);
  const what =
    standing.role === 'awarded'
      ? `${to.businessName} remains the supplier for this event. Please make sure you can serve it on ${newDate}, ` +
        `and call or WhatsApp us on ${brand.phone} at once if you cannot.`
      : standing.role === 'awaiting_admin'
        ? 'Quotes for this event are closed and our team is choosing its supplier; you will hear the outcome in a ' +
          'separate message.'
        : standing.quotesClose === null
          ? 'The new date is too close to keep quotes open, so quotes have closed and the project is awarded now by ' +
            'the usual rule; you will hear the outcome in a separate message.'
          : `Quotes now close on ${formatIndiaDateTime(standing.quotesClose)}; you can submit or revise your quote ` +
            `until then.`;
  const { text, html } = render({
    brand,
    preheader: `${event.eventName} is now on ${newDate}.`,
    heading: 'An event has a new date',
    greeting: `Dear ${to.name},`,
    intro: [`The date of ${event.eventName} has changed from ${formatLongDate(previousDate)} to ${newDate}.`, what],
    sections: [{ title: 'The event', rows: eventRows(event) }],
    closing: [`Questions about the event? Call or WhatsApp us on ${brand.phone}.`],
  });
  return {
    to: to.email,
    subject: subjectWithEventName(event.eventName, (name) => `Date changed: ${name} is now on ${newDate}`),
    text,
    html,
    template: 'project_date_changed',
  };
}

/** A supplier is invited to quote: the event, the quoting deadline (the auto-assign date) and how to quote. */
export function projectInvitationEmail(
  brand: Brand,
  to: ProjectRecipient,
  event: ProjectEvent,
  autoAssignDate: Date,
): EmailMessage {
  const deadline = formatIndiaDateTime(autoAssignDate);
  const { text, html } = render({
    brand,
    preheader: `Quote by ${deadline} for ${event.eventName}.`,
    heading: 'A new project is waiting for your quote',
    greeting: `Dear ${to.name},`,
    intro: [
      `${brand.name} has invited ${to.businessName} to quote for ${event.eventName}. Sign in to your Supplier ` +
        `Dashboard and use Submit Quote on the project; you can revise your quote until the deadline.`,
    ],
    sections: [
      { title: 'The event', rows: eventRows(event) },
      {
        title: 'How the project is awarded',
        bullets: [
          `Quotes close on ${deadline}; the project is then awarded automatically.`,
          'The lowest quote wins; on a tie, the supplier with the higher rating, then the earlier quote.',
        ],
      },
    ],
    closing: [`Questions about the event? Call or WhatsApp us on ${brand.phone}.`],
  });
  return {
    to: to.email,
    subject: subjectWithEventName(event.eventName, (eventName) => invitationMessage({ ...event, eventName })),
    text,
    html,
    template: 'project_invitation',
  };
}

/** The winner learns it won, with its amount when the award carried a quote. */
export function projectAwardedEmail(
  brand: Brand,
  to: ProjectRecipient,
  event: ProjectEvent,
  amountRupees: number | null,
): EmailMessage {
  const { text, html } = render({
    brand,
    preheader: `${event.eventName} has been awarded to ${to.businessName}.`,
    heading: 'Congratulations, the project is yours',
    greeting: `Dear ${to.name},`,
    intro: [
      `${event.eventName} has been awarded to ` +
        `${to.businessName}${amountRupees === null ? '' : ` at your quote of ${formatInr(amountRupees)}`}. Our ` +
        `event coordinator will call you shortly to confirm the menu, timings and logistics.`,
    ],
    sections: [{ title: 'The event', rows: eventRows(event) }],
    closing: [`Thank you for quoting. For anything urgent, call or WhatsApp us on ${brand.phone}.`],
  });
  return { to: to.email, subject: `You won: ${event.eventName}`, text, html, template: 'project_awarded' };
}

/** Every other invitee learns the project went elsewhere. */
export function projectNotSelectedEmail(brand: Brand, to: ProjectRecipient, event: ProjectEvent): EmailMessage {
  const { text, html } = render({
    brand,
    preheader: `${event.eventName} was awarded to another supplier.`,
    heading: 'An update on a project you were invited to',
    greeting: `Dear ${to.name},`,
    intro: [
      `Thank you for your interest in ${event.eventName} on ${eventDateLabel(event.eventDate)}. This time the ` +
        `project was awarded to another supplier. We will keep inviting ${to.businessName} to projects that match ` +
        `your services.`,
    ],
    sections: [],
    closing: [`Questions? Call or WhatsApp us on ${brand.phone}.`],
  });
  return { to: to.email, subject: `Not selected: ${event.eventName}`, text, html, template: 'project_not_selected' };
}

/** Invitees of a project that closed without an award because its booking was cancelled or completed. */
export function projectCancelledEmail(
  brand: Brand,
  to: ProjectRecipient,
  event: ProjectEvent,
  booking: 'cancelled' | 'completed' = 'cancelled',
): EmailMessage {
  // A booking marked completed closes its open project too: the event took place, it was not called off.
  const why = booking === 'completed' ? 'the event has taken place' : 'the booking is no longer going ahead';
  const { text, html } = render({
    brand,
    preheader: `${event.eventName} will not be awarded.`,
    heading: booking === 'completed' ? 'A project has been closed' : 'A project has been cancelled',
    greeting: `Dear ${to.name},`,
    intro: [
      `${event.eventName} on ${eventDateLabel(event.eventDate)} has been closed without an award because ${why}. ` +
        `No action is needed from you.`,
    ],
    sections: [],
    closing: [`Questions? Call or WhatsApp us on ${brand.phone}.`],
  });
  const subject = `${booking === 'completed' ? 'Closed' : 'Cancelled'}: ${event.eventName}`;
  return { to: to.email, subject, text, html, template: 'project_cancelled' };
}

/** Admins: the auto-assign found no quote and more than one invitee, so a person has to decide. */
export function projectUnassignedEmail(
  brand: Brand,
  to: { email: string; name: string },
  event: ProjectEvent,
  details: { projectId: string; bookingId: string; invitees: number },
): EmailMessage {
  const { text, html } = render({
    brand,
    preheader: `No supplier quoted for ${event.eventName}.`,
    heading: 'A project needs a supplier',
    greeting: `Dear ${to.name},`,
    intro: [
      `The auto-assign date of ${event.eventName} has passed without a single quote from the ${details.invitees} ` +
        `invited suppliers, so it was not awarded. Open the booking in the Admin Dashboard and invite suppliers ` +
        `again or call one directly.`,
    ],
    sections: [
      {
        title: 'The event',
        rows: [...eventRows(event), ['Booking', details.bookingId], ['Project', details.projectId]],
      },
    ],
    closing: [],
  });
  return { to: to.email, subject: `No supplier for ${event.eventName}`, text, html, template: 'project_unassigned' };
}

/** The awarded supplier's notification when the customer's event is cancelled. */
export function awardCancelledMessage(event: Pick<ProjectEvent, 'eventName' | 'eventDate'>): string {
  return (
    `Cancelled: ${event.eventName} on ${eventDateLabel(event.eventDate)} has been cancelled — the job you won ` +
    `will not go ahead`
  );
}

/** The awarded supplier learns the event it won is cancelled: no need to keep the date or buy anything for it. */
export function projectAwardCancelledEmail(brand: Brand, to: ProjectRecipient, event: ProjectEvent): EmailMessage {
  const { text, html } = render({
    brand,
    preheader: `${event.eventName} has been cancelled.`,
    heading: 'An event you won has been cancelled',
    greeting: `Dear ${to.name},`,
    intro: [
      `${event.eventName} on ${eventDateLabel(event.eventDate)}, awarded to ${to.businessName}, has been cancelled ` +
        `by the customer or our team. Please do not prepare or buy anything more for it; the date is yours again.`,
      `If you have already spent money on this event, reply or call us on ${brand.phone} and we will settle it with ` +
        `you.`,
    ],
    sections: [{ title: 'The event', rows: eventRows(event) }],
    closing: [`Questions? Call or WhatsApp us on ${brand.phone}.`],
  });
  return { to: to.email, subject: `Cancelled: ${event.eventName}`, text, html, template: 'project_award_cancelled' };
}
