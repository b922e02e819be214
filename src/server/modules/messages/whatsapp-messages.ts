import { formatLongDate } from '../../../shared/dates';
import { formatInr } from '../../../shared/money';
import { paiseToRupees } from '../../../shared/pricing';
import { formatIndiaDateTime } from '../../mail/project-templates';
import type { WhatsAppMessage } from './whatsapp-outbox';

/** The parts of a booking a WhatsApp message to its customer reads. */
type BookingFacts = {
  id: string;
  clientName: string;
  clientPhone: string | null;
  eventName: string;
  eventDate: string | null;
};

const date = (value: string | null) => (value ? formatLongDate(value) : 'a date to be confirmed');
const rupees = (paise: number) => formatInr(paiseToRupees(paise));
const customer = (b: BookingFacts) => ({ to: b.clientPhone, bookingId: b.id });

/** The customer's instant or custom quote is ready (template `quote_sent`). */
export function quoteSentWhatsApp(b: BookingFacts, totalPaise: number, validUntil: string): WhatsAppMessage {
  return {
    ...customer(b),
    template: 'quote_sent',
    params: [b.clientName, b.eventName, rupees(totalPaise), formatLongDate(validUntil)],
  };
}

/** A payment of the schedule falls due (template `payment_due`), sent with the e-mailed reminder. */
export function paymentDueWhatsApp(b: BookingFacts, amountPaise: number, dueDate: string): WhatsAppMessage {
  return {
    ...customer(b),
    template: 'payment_due',
    params: [b.clientName, rupees(amountPaise), b.eventName, formatLongDate(dueDate)],
  };
}

/** A payment was received against the booking (template `payment_received`). */
export function paymentReceivedWhatsApp(b: BookingFacts, amountPaise: number): WhatsAppMessage {
  return { ...customer(b), template: 'payment_received', params: [b.clientName, rupees(amountPaise), b.eventName] };
}

/** The booking is confirmed (template `booking_confirmed`). */
export function bookingConfirmedWhatsApp(b: BookingFacts): WhatsAppMessage {
  return { ...customer(b), template: 'booking_confirmed', params: [b.clientName, b.eventName, date(b.eventDate)] };
}

/** The event is near (template `event_reminder`). */
export function eventReminderWhatsApp(b: BookingFacts): WhatsAppMessage {
  return { ...customer(b), template: 'event_reminder', params: [b.clientName, b.eventName, date(b.eventDate)] };
}

/** A supplier is invited to quote (template `supplier_invited`). */
export function supplierInvitedWhatsApp(
  supplier: { phone: string | null; businessName: string },
  event: { bookingId: string; eventName: string; eventDate: string | null; guestCount: number | null },
  quotesClose: Date,
): WhatsAppMessage {
  return {
    to: supplier.phone,
    bookingId: event.bookingId,
    template: 'supplier_invited',
    params: [
      supplier.businessName,
      event.eventName,
      date(event.eventDate),
      event.guestCount ? event.guestCount.toLocaleString('en-IN') : 'to be confirmed',
      formatIndiaDateTime(quotesClose),
    ],
  };
}
