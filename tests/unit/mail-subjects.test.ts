import { describe, expect, it } from 'vitest';
import { bookingRepricedEmail } from '../../src/server/mail/account-templates';
import { cleanSubject, SUBJECT_MAX_LENGTH } from '../../src/server/mail/outbox';
import { projectDateChangedEmail, projectInvitationEmail } from '../../src/server/mail/project-templates';
import { quotationEmail, quoteEmail } from '../../src/server/mail/templates';
import { DEFAULT_PAYMENT_RULES } from '../../src/shared/booking-rules';
import { DEFAULT_BRAND } from '../../src/shared/brand';
import { EVENT_NAME_MAX_LENGTH } from '../../src/shared/quote-limits';
import type { QuotationDto } from '../../src/shared/schemas/quotation';
import { instantQuoteInputSchema, type InstantQuoteResult } from '../../src/shared/schemas/quote';

/** A name as long as the quote form takes, in Hindi and English with emoji (one of them a joined sequence). */
const LONG_NAME =
  'शादी 💍 Sharma–Verma wedding reception with sangeet, mehendi, haldi and a grand dinner at the Lalbagh ' +
  'Palace lawns, Indore, Madhya Pradesh, India. 👩🏽‍🍳';
const COOK = '👩🏽‍🍳';
const TODAY = '2099-01-01';
const BOOKING_ID = 'c0ffee00-0000-4000-8000-000000000000';

/** The subject as `enqueueEmail` stores it. */
const stored = (mail: { subject: string }) => cleanSubject(mail.subject);
const length = (text: string) => Array.from(text).length;

const quoteInput = (eventName: string) =>
  instantQuoteInputSchema.parse({
    event_type: 'wedding',
    event_date: '2099-03-05',
    guest_count: 300,
    venue_type: 'garden',
    tier: 'premium',
    location: 'Indore',
    client_email: 'asha@example.in',
    client_name: 'Asha',
    event_name: eventName,
  });

const result: InstantQuoteResult = {
  quote_id: 'a1b2c3d4-0000-4000-8000-000000000000',
  tier: 'premium',
  guest_count: 300,
  base_price_per_person: 2000,
  gross_amount: 600000,
  discount_percent: 0,
  discount_amount: 0,
  subtotal: 508475,
  gst_percent: 18,
  gst_amount: 91525,
  final_amount: 600000,
  valid_until: '2099-01-08',
  breakdown: [{ key: 'total', label: 'Total amount', amount: 600000 }],
};

const quotation: QuotationDto = {
  quoted_amount: 6_00_000,
  notes: null,
  items: [{ kind: 'fixed', description: 'Wedding dinner', unit_price: 6_00_000, quantity: 1, amount: 6_00_000 }],
  gross_amount: 6_00_000,
  discount: 0,
  discount_reason: null,
  subscriber_discount: 0,
  subtotal: 6_00_000,
  gst_percent: 0,
  gst_amount: 0,
  quoted_at: '2099-01-01T05:30:00.000Z',
};

const quotationData = (eventName: string) => ({
  bookingId: BOOKING_ID,
  clientName: 'Asha',
  clientEmail: 'asha@example.in',
  eventName,
  eventType: 'wedding',
  eventDate: '2099-03-05',
  guestCount: 300,
  venue: null,
  validUntil: '2099-01-08',
  quotation,
});

const repriced = (eventName: string) =>
  bookingRepricedEmail(
    DEFAULT_BRAND,
    { email: 'asha@example.in', name: 'Asha' },
    { id: BOOKING_ID, eventName, eventDate: '2099-03-05' },
    {
      previousTotalPaise: 5_00_000_00,
      totalPaise: 6_00_000_00,
      paidPaise: 0,
      outstandingPaise: 6_00_000_00,
      refundPaise: 0,
    },
  );

const supplier = { email: 'kitchen@example.in', name: 'Ravi', businessName: 'Ravi Caterers' };
const projectEvent = (eventName: string) => ({
  eventName,
  eventType: 'wedding' as const,
  eventDate: '2099-03-05',
  guestCount: 300,
  venueName: null,
  city: 'Indore',
});

/** Every template whose subject puts figures or a reference after the event's name, with that subject's tail. */
const SUBJECTS: [template: string, subject: (eventName: string) => string, tail: string][] = [
  [
    'instant quote',
    (name) => quoteEmail(DEFAULT_BRAND, quoteInput(name), result, DEFAULT_PAYMENT_RULES, TODAY).subject,
    ': ₹6,00,000',
  ],
  [
    'custom quote',
    (name) => quotationEmail(DEFAULT_BRAND, quotationData(name), DEFAULT_PAYMENT_RULES, TODAY).subject,
    ': ₹6,00,000',
  ],
  ['new total', (name) => repriced(name).subject, ': ₹6,00,000 (C0FFEE00)'],
  [
    'date changed',
    (name) =>
      projectDateChangedEmail(DEFAULT_BRAND, supplier, projectEvent(name), '2099-02-01', { role: 'awarded' }).subject,
    ' is now on March 5th, 2099',
  ],
  [
    'invitation',
    (name) =>
      projectInvitationEmail(DEFAULT_BRAND, supplier, projectEvent(name), new Date('2099-02-01T12:30:00Z')).subject,
    ' on March 5th, 2099 — submit your quote',
  ],
];

describe('e-mail subjects around a long event name', () => {
  it('takes the longest event name the quote form allows', () => {
    expect(length(LONG_NAME)).toBe(EVENT_NAME_MAX_LENGTH);
  });

  it.each(SUBJECTS)(
    'the %s subject keeps its amount, date or reference whole and shortens the name',
    (_, subject, tail) => {
      const line = stored({ subject: subject(LONG_NAME) });
      expect(line.endsWith(`…${tail}`)).toBe(true);
      expect(length(line)).toBeLessThanOrEqual(SUBJECT_MAX_LENGTH);
      expect(line).toContain('शादी 💍 Sharma–Verma wedding reception');
    },
  );

  it.each(SUBJECTS)('the %s subject quotes a short name as it is', (_, subject, tail) => {
    expect(stored({ subject: subject(`Sangeet ${COOK}`) }).endsWith(`Sangeet ${COOK}${tail}`)).toBe(true);
  });

  it('shortens a name between the characters a reader sees, never inside an emoji sequence', () => {
    const line = stored({ subject: repriced(COOK.repeat(40)).subject });
    const name = line.slice('New total for '.length, line.indexOf('…'));
    expect(name.length).toBeGreaterThan(0);
    expect(name).toBe(COOK.repeat(name.length / COOK.length));
    expect(line.endsWith('…: ₹6,00,000 (C0FFEE00)')).toBe(true);
  });
});

describe('cleanSubject', () => {
  it('keeps the zero-width joiners of emoji and Indic scripts', () => {
    expect(cleanSubject(`Dinner by our ${COOK} and क्‍ष`)).toBe(`Dinner by our ${COOK} and क्‍ष`);
    expect(cleanSubject('मेह\u200cन्दी')).toBe('मेह\u200cन्दी');
  });

  it('still removes line breaks, controls, bidi overrides and isolates, marks and zero-width spaces', () => {
    expect(
      cleanSubject('Party\r\nBcc: x@example.in\u2028\u202eniw\u202c \u2066a\u2069\u200e\u200b\ufeffb\u0000c'),
    ).toBe('Party Bcc: x@example.in niw ab c');
  });

  it('cuts a long subject at a character a reader sees, with "…"', () => {
    const line = cleanSubject(`Event details updated: ${COOK.repeat(40)}`);
    expect(length(line)).toBeLessThanOrEqual(SUBJECT_MAX_LENGTH);
    expect(line).toBe(
      `Event details updated: ${COOK.repeat((line.length - 'Event details updated: …'.length) / COOK.length)}…`,
    );
  });
});
