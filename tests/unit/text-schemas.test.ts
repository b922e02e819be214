import { describe, expect, it } from 'vitest';
import { recordBookingPaymentFieldsSchema, markRefundPaidFieldsSchema } from '../../src/shared/schemas/account';
import { pageViewInputSchema } from '../../src/shared/schemas/analytics';
import { bookingInquiryInputSchema } from '../../src/shared/schemas/bookings';
import {
  nameSchema,
  optionalPhoneSchema,
  optionalTextSchema,
  phoneSchema,
  phoneSearchDigits,
  requiredTextSchema,
} from '../../src/shared/schemas/common';
import {
  bookingGstDetailsInputSchema,
  gstBusinessInputSchema,
  gstRateInputSchema,
  issueCreditNoteFieldsSchema,
} from '../../src/shared/schemas/gst';
import { servicesSchema } from '../../src/shared/schemas/suppliers';
import { optionalPortfolioLinkSchema, rejectionReasonSchema } from '../../src/shared/schemas/vendor';

/**
 * Unicode's bidirectional controls (docs/security.md, "Hostile input"): the marks, the embeddings and overrides, the
 * isolates. Invisible, they show a name reversed or reordered wherever it is printed.
 */
const BIDI_CONTROLS = [
  '\u061c',
  '\u200e',
  '\u200f',
  '\u202a',
  '\u202b',
  '\u202c',
  '\u202d',
  '\u202e',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
];
const hex = (char: string) => `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/** Text people really write: other scripts, the joiners Indic scripts and emoji need, apostrophes, accents. */
const LEGITIMATE = [
  'श्री गणेश कैटरर्स',
  'क्‌ष and क्‍ष', // Devanagari with the zero-width non-joiner and joiner
  'ശ്രീ കൃഷ്ണ', // Malayalam chillu forms use the joiners too
  'অন্নপূর্ণা',
  'அன்னபூர்ணா',
  'علی خان', // an Urdu name: right-to-left letters are fine, only the invisible controls are not
  "Riya's 30th 🎉 👩🏽‍🍳",
  "D'Souza & Sons",
  'José Müller–Ñúñez',
];

const message = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error!.issues.map((issue) => issue.message);

describe('text fields refuse bidirectional controls', () => {
  it.each(BIDI_CONTROLS.map((char) => [hex(char), char]))('a name with %s is refused at the field', (_code, char) => {
    const result = nameSchema('Full name').safeParse(`Asha${char} Rao`);
    expect(message(result)).toEqual(['Full name contains hidden text-direction characters; please type it in again']);
  });

  it('every single- and multi-line helper refuses them, with the same message', () => {
    const spoof = 'no peanuts\u202e stun aep';
    expect(message(nameSchema('Event name', 150).safeParse(spoof))).toEqual([
      'Event name contains hidden text-direction characters; please type it in again',
    ]);
    expect(message(requiredTextSchema('Business address', 500).safeParse(`12 MG Road\n\u2067Indore`))).toEqual([
      'Business address contains hidden text-direction characters; please type it in again',
    ]);
    expect(message(optionalTextSchema('Special requests', 2000).safeParse(`Jain food\n${spoof}`))).toEqual([
      'Special requests contains hidden text-direction characters; please type it in again',
    ]);
  });

  it.each(LEGITIMATE)('keeps %s as typed', (text) => {
    expect(nameSchema('Full name').parse(` ${text} `)).toBe(text);
    expect(requiredTextSchema('Description', 500).parse(`${text}\n${text}`)).toBe(`${text}\n${text}`);
    expect(optionalTextSchema('Notes', 500).parse(text)).toBe(text);
  });

  it('an inquiry names each field that holds one', () => {
    const result = bookingInquiryInputSchema.safeParse({
      client_name: 'Farhan\u202e Qureshi',
      client_email: 'farhan@example.in',
      client_phone: '9827055555',
      event_type: 'corporate',
      event_name: 'Lunch',
      requirements: { guest_count: 50, special_requests: 'Nuts \u2066allowed\u2069' },
    });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issue.path)).toEqual([
      ['client_name'],
      ['requirements', 'special_requests'],
    ]);
  });

  it('text fields that do not use the common helpers follow the same rule', () => {
    const business = {
      legal_name: 'Annapurna Caterers LLP',
      trade_name: 'Annapurna',
      address: '12 MG Road, Indore',
      state_code: '23',
      package_sac: '996334',
    };
    expect(gstBusinessInputSchema.safeParse(business).success).toBe(true);
    for (const key of ['legal_name', 'trade_name', 'address'] as const) {
      const result = gstBusinessInputSchema.safeParse({ ...business, [key]: `${business[key]}\u202e` });
      expect(
        result.error?.issues.map((issue) => issue.path),
        key,
      ).toEqual([[key]]);
    }
    const rate = {
      sac: '996334',
      description: 'Outdoor catering',
      service_kind: 'catering',
      rate_percent: 18,
      itc: true,
      effective_from: '2025-04-01',
    };
    expect(gstRateInputSchema.safeParse(rate).success).toBe(true);
    expect(gstRateInputSchema.safeParse({ ...rate, description: 'Outdoor\u202d catering' }).success).toBe(false);
    expect(message(issueCreditNoteFieldsSchema.safeParse({ amount: 100, reason: 'Fewer \u200fguests' }))).toEqual([
      'Reason contains hidden text-direction characters; please type it in again',
    ]);
    for (const key of ['company_name', 'billing_address'] as const) {
      const result = bookingGstDetailsInputSchema.safeParse({ [key]: 'Narmada\u202b Tech' });
      expect(
        result.error?.issues.map((issue) => issue.path),
        key,
      ).toEqual([[key]]);
    }
    expect(message(rejectionReasonSchema.safeParse('Incomplete \u2068address'))).toEqual([
      'The reason contains hidden text-direction characters; please type it in again',
    ]);
    expect(servicesSchema.parse(['Chaat', 'Tandoor'])).toEqual(['Chaat', 'Tandoor']);
    expect(servicesSchema.safeParse(['Chaat', 'Tan\u202edoor']).success).toBe(false);
    expect(servicesSchema.safeParse('Chaat, Tan\u202edoor').success).toBe(false);
    expect(markRefundPaidFieldsSchema.safeParse({ reference: 'NEFT\u202e1234' }).success).toBe(false);
    const payment = { amount: 500, method: 'cash', reference: 'R-12' };
    expect(recordBookingPaymentFieldsSchema.safeParse(payment).success).toBe(true);
    expect(recordBookingPaymentFieldsSchema.safeParse({ ...payment, reference: 'R-\u202e12' }).success).toBe(false);
    expect(recordBookingPaymentFieldsSchema.safeParse({ ...payment, note: 'Paid \u200eby Asha' }).success).toBe(false);
    expect(optionalPortfolioLinkSchema.safeParse('https://example.in/\u202egpj.exe').success).toBe(false);
    expect(pageViewInputSchema.safeParse({ path: '/book\u202e' }).success).toBe(false);
  });
});

describe('phone numbers', () => {
  it.each([
    ['0091 98765 43210', '+919876543210'],
    ['0091-98765-43210', '+919876543210'],
    ['(0091) 6123 456 789', '+916123456789'],
    ['00 91 98765 43210', '+919876543210'],
    // A number copied from a phone's contacts or a chat comes wrapped in direction marks; only its digits are kept.
    ['\u202a+91 98765 43210\u202c', '+919876543210'],
    ['\u2066098765 43210\u2069', '+919876543210'],
  ])('%s is stored as %s, like +91 and 0', (raw, stored) => {
    expect(phoneSchema.parse(raw)).toBe(stored);
    expect(optionalPhoneSchema.parse(raw)).toBe(stored);
    expect(phoneSchema.parse(`+91 ${stored.slice(3)}`)).toBe(stored);
  });

  it.each(['0044 7911 123456', '001 415 555 0100', '0091 5876543210', '0091 98765 4321', '+0091 98765 43210'])(
    'refuses %s',
    (raw) => {
      expect(message(phoneSchema.safeParse(raw))).toEqual(['Enter a valid 10-digit Indian mobile number']);
    },
  );

  it('a search written with 0091 finds the same number', () => {
    expect(phoneSearchDigits('0091 98260 12457')).toBe('9826012457');
    expect(phoneSearchDigits('+91 98260 12457')).toBe('9826012457');
  });
});
