import { describe, expect, it } from 'vitest';
import {
  checkQuoteForm,
  guestCountProblem,
  hasDateAndGuests,
  initialQuoteValues,
  parseGuestCount,
  QUOTE_MESSAGES,
  type QuoteFormValues,
  typedGuestCount,
} from '../../src/client/pages/book/quote-form';
import {
  quoteReference,
  subscriptionUpiUri,
  subscriptionWhatsappMessage,
  whatsappLink,
} from '../../src/client/pages/book/subscription';
import { upiPaymentUri } from '../../src/client/pages/book/upi';
import { DEFAULT_BRAND } from '../../src/shared/brand';
import { addDays, todayInIndia } from '../../src/shared/dates';
import { quoteGuestCountSchema, type InstantQuoteResult } from '../../src/shared/schemas/quote';

// Relative to the real today: the shared schema checks "not in the past" against the clock too.
const TODAY = todayInIndia();

function filled(overrides: Partial<QuoteFormValues> = {}): QuoteFormValues {
  return {
    ...initialQuoteValues(null),
    client_name: 'Meera Iyer',
    client_email: 'meera@example.in',
    client_phone: '9893011223',
    event_type: 'wedding',
    event_name: 'Meera & Kabir Reception',
    location: 'Indore',
    guest_count: '150',
    event_date: addDays(TODAY, 28),
    ...overrides,
  };
}

describe('upiPaymentUri (NPCI linking spec; research 5.4)', () => {
  it('builds pa, pn, am with two decimals, cu=INR and tn, encoding spaces as %20 and keeping the @', () => {
    expect(
      upiPaymentUri({
        payeeVpa: 'annapurnaevents@upi',
        payeeName: 'Annapurna Hospitality Private Limited',
        amountRupees: 99,
        note: 'Subscription 3F2A9C1E',
      }),
    ).toBe(
      'upi://pay?pa=annapurnaevents@upi&pn=Annapurna%20Hospitality%20Private%20Limited' +
        '&am=99.00&cu=INR&tn=Subscription%203F2A9C1E',
    );
  });

  it('encodes reserved characters in the name and note, never writes + for a space', () => {
    const uri = upiPaymentUri({
      payeeVpa: ' shop.name-1@okhdfc ',
      payeeName: 'Rao & Sons',
      amountRupees: 49.5,
      note: 'a+b=c #1',
    });
    expect(uri).toBe('upi://pay?pa=shop.name-1@okhdfc&pn=Rao%20%26%20Sons&am=49.50&cu=INR&tn=a%2Bb%3Dc%20%231');
    expect(uri).not.toContain('%40');
  });

  it('keeps the note short and leaves it out when empty', () => {
    const long = upiPaymentUri({ payeeVpa: 'a@upi', payeeName: 'A', amountRupees: 1, note: 'x'.repeat(80) });
    expect(new URL(long.replace('upi://', 'https://')).searchParams.get('tn')).toHaveLength(50);
    expect(upiPaymentUri({ payeeVpa: 'a@upi', payeeName: 'A', amountRupees: 1, note: '  ' })).toBe(
      'upi://pay?pa=a@upi&pn=A&am=1.00&cu=INR',
    );
  });

  it("pays the ₹99 subscription to the brand's UPI ID, naming the quote by its short reference", () => {
    expect(quoteReference('3f2a9c1e-7b4d-4e2a-9c8b-1d2e3f4a5b6c')).toBe('3F2A9C1E');
    expect(subscriptionUpiUri(DEFAULT_BRAND, '3f2a9c1e-7b4d-4e2a-9c8b-1d2e3f4a5b6c')).toBe(
      'upi://pay?pa=annapurnaevents@upi&pn=Annapurna%20Hospitality%20Private%20Limited' +
        '&am=99.00&cu=INR&tn=Subscription%203F2A9C1E',
    );
  });
});

describe('checkQuoteForm (docs/product.md#screens)', () => {
  it.each<[string, Partial<QuoteFormValues>, string, keyof QuoteFormValues]>([
    ['no name', { client_name: ' ' }, QUOTE_MESSAGES.nameAndEmail, 'client_name'],
    ['no email', { client_email: '' }, QUOTE_MESSAGES.nameAndEmail, 'client_email'],
    ['no phone', { client_phone: '' }, QUOTE_MESSAGES.phone, 'client_phone'],
    ['no event type', { event_type: '' }, QUOTE_MESSAGES.eventType, 'event_type'],
    ['no event name', { event_name: '  ' }, QUOTE_MESSAGES.eventName, 'event_name'],
    ['no event date', { event_date: '' }, QUOTE_MESSAGES.eventDate, 'event_date'],
    ['no guest count', { guest_count: '' }, QUOTE_MESSAGES.guests, 'guest_count'],
    ['zero guests', { guest_count: '0' }, 'Guest count must be at least 1', 'guest_count'],
    ['minus five guests', { guest_count: '-5' }, 'Guest count must be at least 1', 'guest_count'],
    ['a fractional guest count', { guest_count: '150.7' }, 'Guest count must be a whole number', 'guest_count'],
    ['10,001 guests', { guest_count: '10001' }, 'Guest count can be at most 10,000', 'guest_count'],
    ['no city', { location: ' ' }, QUOTE_MESSAGES.city, 'location'],
    ['a past date', { event_date: addDays(TODAY, -1) }, QUOTE_MESSAGES.pastDate, 'event_date'],
  ])('%s', (_case, overrides, message, field) => {
    expect(checkQuoteForm(filled(overrides), 'basic', TODAY)).toEqual({ ok: false, field, message });
  });

  it('reports the first problem in the spec order when several fields are missing', () => {
    const empty = initialQuoteValues(null);
    expect(checkQuoteForm(empty, 'basic', TODAY)).toMatchObject({ message: QUOTE_MESSAGES.nameAndEmail });
    expect(checkQuoteForm({ ...empty, client_name: 'A', client_email: 'a@b.in' }, 'basic', TODAY)).toMatchObject({
      message: QUOTE_MESSAGES.phone,
    });
    const contact = { ...empty, client_name: 'A', client_email: 'a@b.in', client_phone: '9893011223' };
    expect(checkQuoteForm(contact, 'basic', TODAY)).toMatchObject({ message: QUOTE_MESSAGES.eventType });
    expect(checkQuoteForm({ ...contact, event_type: 'birthday' }, 'basic', TODAY)).toMatchObject({
      message: QUOTE_MESSAGES.eventName,
    });
    const named = { ...contact, event_type: 'birthday', event_name: 'Aarav turns 5' } as const;
    expect(checkQuoteForm(named, 'basic', TODAY)).toMatchObject({ message: QUOTE_MESSAGES.eventDate });
    expect(checkQuoteForm({ ...named, event_date: '2020-01-01' }, 'basic', TODAY)).toMatchObject({
      message: QUOTE_MESSAGES.guests,
    });
    expect(checkQuoteForm({ ...named, event_date: '2020-01-01', guest_count: '40' }, 'basic', TODAY)).toMatchObject({
      message: QUOTE_MESSAGES.city,
    });
  });

  it('accepts today in India and fills only the venue type default, never the API defaults for required fields', () => {
    expect(checkQuoteForm(filled({ event_date: TODAY, guest_count: ' 75 ' }), 'luxury', TODAY)).toEqual({
      ok: true,
      input: {
        event_type: 'wedding',
        event_date: TODAY,
        guest_count: 75,
        venue_type: 'outdoor',
        tier: 'luxury',
        location: 'Indore',
        client_email: 'meera@example.in',
        client_name: 'Meera Iyer',
        event_name: 'Meera & Kabir Reception',
        client_phone: '9893011223',
        whatsapp_opt_in: false,
      },
    });
  });

  it("applies the shared schema's rules before sending", () => {
    expect(checkQuoteForm(filled({ client_phone: '12345' }), 'basic', TODAY)).toEqual({
      ok: false,
      field: 'client_phone',
      message: 'Enter a valid 10-digit Indian mobile number',
    });
    expect(checkQuoteForm(filled({ guest_count: '10001' }), 'basic', TODAY)).toMatchObject({
      ok: false,
      field: 'guest_count',
    });
  });

  it('parses guest counts as whole numbers, and a fraction as none rather than cut to one', () => {
    expect(parseGuestCount(' 150 ')).toBe(150);
    expect(parseGuestCount('150.9')).toBeNull();
    expect(parseGuestCount('')).toBeNull();
    expect(parseGuestCount('-4')).toBeNull();
    expect(parseGuestCount('abc')).toBeNull();
  });

  it('says of a typed guest count what the API says of the number', () => {
    for (const typed of ['150.7', '10.5', '0', '-5', '10001']) {
      const api = quoteGuestCountSchema.safeParse(Number(typed));
      expect(api.success).toBe(false);
      expect(guestCountProblem(typed), typed).toBe(api.error?.issues[0]?.message);
    }
    expect(guestCountProblem('150')).toBeNull();
    expect(quoteGuestCountSchema.safeParse(150).success).toBe(true);
    // Only plain digits are a number: what Number() would also read is not a guest count anyone typed.
    for (const typed of ['1e3', '0x10', '1_000']) {
      expect(typedGuestCount(typed)).toBe(typed);
      expect(guestCountProblem(typed), typed).toBe('Guest count must be a number');
    }
    expect(typedGuestCount(' 150.7 ')).toBe(150.7);
  });

  it('enables the button only with a date and a guest count', () => {
    expect(hasDateAndGuests(filled())).toBe(true);
    expect(hasDateAndGuests(filled({ event_date: '' }))).toBe(false);
    expect(hasDateAndGuests(filled({ guest_count: ' ' }))).toBe(false);
  });

  it('preselects only known event types', () => {
    expect(initialQuoteValues('wedding').event_type).toBe('wedding');
    expect(initialQuoteValues('pre_wedding').event_type).toBe('pre_wedding');
    expect(initialQuoteValues('Wedding').event_type).toBe('');
    expect(initialQuoteValues(null).event_type).toBe('');
  });
});

describe('the WhatsApp message (research 5.5)', () => {
  const quote = {
    quote_id: '3f2a9c1e-7b4d-4e2a-9c8b-1d2e3f4a5b6c',
    tier: 'premium',
    guest_count: 1200,
    final_amount: 1234567.5,
    gst_percent: 18,
  } as InstantQuoteResult;
  const input = {
    event_type: 'corporate',
    event_date: '2027-03-05',
    guest_count: 1200,
    venue_type: 'banquet',
    tier: 'premium',
    location: 'Indore',
    client_email: 'a@b.in',
    client_name: 'Asha Rao',
    event_name: 'Leadership Summit',
    client_phone: '+91 98930 11223',
  } as const;

  it('names the quote, the event and the payment, and says the screenshot is attached', () => {
    const message = subscriptionWhatsappMessage(DEFAULT_BRAND, { input, venueName: '', quote });
    expect(message.split('\n')).toEqual([
      'Hello Annapurna Events, I would like to confirm my ₹99 subscription for this quote.',
      '',
      'Quote reference: 3F2A9C1E',
      'Quote ID: 3f2a9c1e-7b4d-4e2a-9c8b-1d2e3f4a5b6c',
      'Event: Leadership Summit (Corporate Event)',
      'Date: March 5th, 2027',
      'Guests: 1,200',
      'Venue: Indore',
      'Package: Premium',
      'Total: ₹12,34,567.50 (incl. 18% GST)',
      'Name: Asha Rao',
      'Phone: +91 98930 11223',
      '',
      'I have paid ₹99 to annapurnaevents@upi. The payment screenshot is attached.',
    ]);
  });

  it('links to wa.me with digits only and the message encoded', () => {
    expect(whatsappLink('+91 98260-12345', 'Hi there\nQuote: ₹99 & more')).toBe(
      'https://wa.me/919826012345?text=Hi%20there%0AQuote%3A%20%E2%82%B999%20%26%20more',
    );
  });
});
