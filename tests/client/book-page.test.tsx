import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import QRCode from 'qrcode';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QR_OPTIONS } from '../../src/client/components/qr-code-image';
import { openExternalPage } from '../../src/client/lib/external-navigation';
import { QUOTE_DEFAULTS } from '../../src/client/pages/book/quote-form';
import { quoteReference } from '../../src/client/pages/book/subscription';
import { SUBSCRIPTION_ORDER_FAILED } from '../../src/client/pages/book/subscription-offer';
import { DEFAULT_BRAND } from '../../src/shared/brand';
import { addDays, formatLongDate, todayInIndia } from '../../src/shared/dates';
import type { EventType, PricingTier, VenueType } from '../../src/shared/domain';
import { formatInr } from '../../src/shared/money';
import { isMetroCity } from '../../src/shared/pricing';
import type { PaymentOrderDto } from '../../src/shared/schemas/account';
import type { InstantQuoteInput, InstantQuoteResult } from '../../src/shared/schemas/quote';
import { userFor } from './fixtures';
import { priceInstantQuote, toQuoteResult, withSubscriberDiscount } from '../../src/shared/quote-result';
import { QUOTE_ID, quoteFor } from './quote-fixture';
import { recordedCalls, server, trpcHandler, TrpcTestError } from './msw';
import { renderApp } from './render';

// jsdom cannot leave the page: the gateway redirect is observed here instead.
vi.mock('../../src/client/lib/external-navigation', () => ({ openExternalPage: vi.fn(() => true) }));

type User = ReturnType<typeof renderApp>['user'];

const EVENT_DATE = addDays(todayInIndia(), 45);

function answerQuotes(answer: (input: InstantQuoteInput) => InstantQuoteResult = quoteFor) {
  const resolver = vi.fn(({ input }: { input: unknown }) => answer(input as InstantQuoteInput));
  server.use(trpcHandler('quote.instant', resolver));
  return resolver;
}

function toasts() {
  return within(screen.getByRole('region', { name: /Notifications/ }));
}

function getQuoteButton() {
  return screen.getByRole('button', { name: 'Get Instant Quote' });
}

function field(label: RegExp) {
  return screen.getByLabelText(label);
}

/** DD/MM/YYYY, as the en-IN date input takes it. */
function typedDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${day}/${month}/${year}`;
}

async function openBook(path = '/book', token?: string) {
  const view = renderApp({ path, token });
  // The page is its own lazily loaded chunk; the first import in a run takes a moment.
  await screen.findByRole('heading', { name: 'Event Details' });
  return view;
}

/** Enters text as a paste: the page re-renders per change, and keystroke-by-keystroke typing adds nothing here. */
async function enter(user: User, element: HTMLElement, text: string) {
  await user.click(element);
  await user.paste(text);
}

/** Selects the whole text and pastes over it, as a person replacing a date does. */
async function replaceText(user: User, input: HTMLInputElement, text: string) {
  await user.click(input);
  input.setSelectionRange(0, input.value.length);
  await user.paste(text);
}

async function chooseDate(user: User, isoDate: string) {
  await enter(user, field(/^Event Date/), typedDate(isoDate));
  await user.tab();
  await screen.findByText(formatLongDate(isoDate));
}

type Details = {
  name?: string;
  email?: string;
  phone?: string;
  guests?: string;
  date?: string;
  eventType?: EventType;
  eventName?: string;
  venueType?: VenueType;
  venueName?: string;
  city?: string;
  tier?: PricingTier;
};

async function fillDetails(user: User, details: Details) {
  if (details.tier) await user.click(screen.getByRole('radio', { name: new RegExp(`^${details.tier}$`, 'i') }));
  if (details.name) await enter(user, field(/^Full Name/), details.name);
  if (details.email) await enter(user, field(/^Email Address/), details.email);
  if (details.phone) await enter(user, field(/^Phone Number/), details.phone);
  if (details.eventType) await user.selectOptions(field(/^Event Type/), details.eventType);
  if (details.eventName) await enter(user, field(/^Event Name/), details.eventName);
  if (details.guests) await enter(user, field(/^Expected Guest Count/), details.guests);
  if (details.venueType) await user.selectOptions(field(/^Venue Type/), details.venueType);
  if (details.venueName) await enter(user, field(/^Venue Name/), details.venueName);
  if (details.city) await enter(user, field(/^Venue Location\/City/), details.city);
  if (details.date) await chooseDate(user, details.date);
}

const VISITOR: Details = {
  name: 'Meera Iyer',
  email: 'meera@example.in',
  phone: '98930 11223',
  guests: '320',
  date: EVENT_DATE,
  eventName: 'Meera & Kabir Reception',
  venueType: 'garden',
  venueName: 'Sayaji Lawns',
  city: 'Mumbai',
  tier: 'premium',
};

async function getQuote(
  path = '/book?eventType=wedding',
  details: Details = VISITOR,
  token?: string,
  answer?: (input: InstantQuoteInput) => InstantQuoteResult,
) {
  const resolver = answerQuotes(answer);
  const view = await openBook(path, token);
  await fillDetails(view.user, details);
  await view.user.click(getQuoteButton());
  await screen.findByRole('heading', { name: 'Your Instant Quote is Ready!' });
  const input = recordedCalls('quote.instant')[0]?.input as InstantQuoteInput;
  return { ...view, resolver, input, quote: quoteFor(input) };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('/book: page and package chooser', () => {
  it('has a Back to Home link and a heading inviting the visitor to book', async () => {
    await openBook();
    expect(screen.getByRole('heading', { level: 1, name: /Book Your Event/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(document.title).toBe('Book Your Event · Annapurna Events'));
  });

  it('offers Basic, Premium (Most Popular) and Luxury as a radio group with rates and contents', async () => {
    const { user } = await openBook();
    const group = screen.getByRole('radiogroup', { name: 'Choose your package' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((radio) => radio.getAttribute('value'))).toEqual(['basic', 'premium', 'luxury']);
    expect(screen.getByRole('radio', { name: 'Basic' })).toBeChecked();
    // Named by the package alone, described by its tagline and rate.
    expect(screen.getByRole('radio', { name: 'Premium' })).toHaveAccessibleDescription(
      /^A spread your guests will talk about\s*₹1,100\s*per guest/,
    );
    expect(screen.getByText('Most Popular')).toBeInTheDocument();
    for (const rate of ['₹650', '₹1,100', '₹1,800']) expect(within(group).getByText(rate)).toBeInTheDocument();
    for (const item of [
      'Indian multi-cuisine menu',
      'Quality ingredients and hygiene',
      'Premium multi-cuisine spread',
      'Live counters',
      'Designer decoration',
      'Dedicated event coordinator',
    ]) {
      expect(within(group).getByText(item)).toBeInTheDocument();
    }

    await user.click(screen.getByText('Gourmet menu'));
    expect(screen.getByRole('radio', { name: 'Luxury' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Basic' })).not.toBeChecked();
  });

  it('labels every field, marks the required ones and lists all event and venue types', async () => {
    await openBook();
    for (const label of [
      /^Full Name/,
      /^Email Address/,
      /^Phone Number/,
      /^Event Type/,
      /^Event Name/,
      /^Expected Guest Count/,
      /^Venue Location\/City/,
    ]) {
      expect(field(label)).toBeRequired();
    }
    expect(field(/^Event Date/)).toBeRequired();
    expect(field(/^Venue Type/)).not.toBeRequired();
    expect(field(/^Venue Name/)).not.toBeRequired();
    expect(field(/^Email Address/)).toHaveAttribute('type', 'email');
    expect(field(/^Expected Guest Count/)).toHaveAttribute('type', 'number');
    for (const name of ['Your Information', 'Event Requirements', 'Venue & Date']) {
      expect(screen.getByRole('group', { name })).toBeInTheDocument();
    }
    const eventTypes = within(field(/^Event Type/))
      .getAllByRole('option')
      .slice(1);
    expect(eventTypes).toHaveLength(13);
    expect(eventTypes.map((option) => option.getAttribute('value'))).toContain('baby_shower');
    expect(within(field(/^Event Type/)).getByRole('option', { name: 'Baby Shower' })).toBeInTheDocument();
    const venues = within(field(/^Venue Type/))
      .getAllByRole('option')
      .slice(1);
    expect(venues.map((option) => option.getAttribute('value'))).toEqual([
      'indoor',
      'outdoor',
      'banquet',
      'garden',
      'beach',
    ]);
  });

  it('preselects the event type from ?eventType=wedding, with a wedding example name', async () => {
    await openBook('/book?eventType=wedding');
    expect(field(/^Event Type/)).toHaveValue('wedding');
    expect(field(/^Event Name/)).toHaveAttribute('placeholder', expect.stringMatching(/Wedding/));
  });

  it('ignores an unknown eventType', async () => {
    await openBook('/book?eventType=yacht-party');
    expect(field(/^Event Type/)).toHaveValue('');
  });

  it('disables past days in the calendar (India time) and starts at today', async () => {
    const { user } = await openBook();
    await user.click(screen.getByRole('button', { name: 'Open calendar' }));
    const today = todayInIndia();
    const yesterday = addDays(today, -1);
    const todayCell = document.querySelector(`[data-part="table-cell-trigger"][data-value="${today}"]`);
    expect(todayCell).toHaveAttribute('data-selectable');
    const yesterdayCell = document.querySelector(`[data-part="table-cell-trigger"][data-value="${yesterday}"]`);
    // Yesterday may fall in the previous month, outside the grid; when shown, it cannot be chosen.
    if (yesterdayCell) expect(yesterdayCell).toHaveAttribute('aria-disabled', 'true');

    await user.click(document.querySelector(`[data-part="table-cell-trigger"][data-value="${today}"]`)!);
    expect(await screen.findByText(formatLongDate(today))).toBeInTheDocument();
  });
});

describe('/book: a typed event date is kept as typed', () => {
  it.each([
    ['31/02/2027', '31/02/2027 is not a date: February 2027 has no day 31.'],
    ['01/01/2020', /^January 1st, 2020 is not available: choose .+ or later\.$/],
  ])('keeps %s with a message at the field and sends nothing until it is fixed', async (text, message) => {
    const resolver = answerQuotes();
    const { user } = await openBook('/book?eventType=wedding');
    await fillDetails(user, { ...VISITOR, date: undefined });
    // A date accepted first, then replaced by the typed one: the old date must not be sent either.
    await chooseDate(user, EVENT_DATE);
    await replaceText(user, field(/^Event Date/) as HTMLInputElement, text);
    await user.tab();
    expect(field(/^Event Date/)).toHaveValue(text);
    expect(field(/^Event Date/)).toHaveAccessibleDescription(message);
    expect(field(/^Event Date/)).toHaveAttribute('aria-invalid', 'true');

    await user.click(getQuoteButton());
    expect(await toasts().findByText(message)).toBeInTheDocument();
    expect(field(/^Event Date/)).toHaveFocus();
    expect(field(/^Event Date/)).toHaveValue(text);
    expect(resolver).not.toHaveBeenCalled();

    await replaceText(user, field(/^Event Date/) as HTMLInputElement, typedDate(EVENT_DATE));
    await user.keyboard('{Enter}');
    expect(await screen.findByText(formatLongDate(EVENT_DATE))).toBeInTheDocument();
    await user.click(getQuoteButton());
    await screen.findByRole('heading', { name: 'Your Instant Quote is Ready!' });
    expect((recordedCalls('quote.instant')[0]?.input as InstantQuoteInput).event_date).toBe(EVENT_DATE);
  });
});

describe('/book: get-quote button and validation (docs/product.md#pricing)', () => {
  it('is disabled until both an event date and a guest count are given', async () => {
    const { user } = await openBook();
    expect(getQuoteButton()).toBeDisabled();
    await enter(user, field(/^Expected Guest Count/), '120');
    expect(getQuoteButton()).toBeDisabled();
    await chooseDate(user, EVENT_DATE);
    expect(getQuoteButton()).toBeEnabled();
    await user.clear(field(/^Expected Guest Count/));
    expect(getQuoteButton()).toBeDisabled();
  });

  it('checks name and email, phone, event type and name, the guest count and the city, one toast each, and sends nothing', async () => {
    const resolver = answerQuotes();
    const { user } = await openBook();
    await fillDetails(user, { date: EVENT_DATE, guests: '0' });

    await user.click(getQuoteButton());
    expect(await toasts().findByText('Please fill in your name and email')).toBeInTheDocument();
    expect(field(/^Full Name/)).toHaveFocus();
    expect(field(/^Full Name/)).toHaveAttribute('aria-invalid', 'true');

    await enter(user, field(/^Full Name/), 'Meera Iyer');
    await user.click(getQuoteButton());
    await waitFor(() => expect(field(/^Email Address/)).toHaveFocus());
    expect(toasts().getAllByText('Please fill in your name and email').length).toBeGreaterThanOrEqual(1);

    await enter(user, field(/^Email Address/), 'meera@example.in');
    await user.click(getQuoteButton());
    expect(await toasts().findByText('Please enter your phone number')).toBeInTheDocument();
    expect(field(/^Phone Number/)).toHaveFocus();

    await enter(user, field(/^Phone Number/), '9893011223');
    await user.click(getQuoteButton());
    expect(await toasts().findByText('Please select an event type')).toBeInTheDocument();
    expect(field(/^Event Type/)).toHaveFocus();

    await user.selectOptions(field(/^Event Type/), 'birthday');
    await user.click(getQuoteButton());
    expect(await toasts().findByText('Please enter an event name')).toBeInTheDocument();
    expect(field(/^Event Name/)).toHaveFocus();
    // One toast names what the form still needs: the problems fixed before it are gone, not piled up.
    for (const fixed of ['Please select an event type', 'Please enter your phone number'])
      expect(toasts().queryByText(fixed)).not.toBeInTheDocument();

    await enter(user, field(/^Event Name/), 'Aarav turns 5');
    await user.click(getQuoteButton());
    expect(await toasts().findByText('Guest count must be at least 1')).toBeInTheDocument();
    expect(field(/^Expected Guest Count/)).toHaveFocus();
    expect(field(/^Expected Guest Count/)).toHaveAccessibleDescription('Guest count must be at least 1');

    await user.clear(field(/^Expected Guest Count/));
    await user.type(field(/^Expected Guest Count/), '-5');
    await user.click(getQuoteButton());
    expect(await screen.findByText('Guest count must be at least 1')).toBeInTheDocument();

    await user.clear(field(/^Expected Guest Count/));
    await user.type(field(/^Expected Guest Count/), '40');
    await user.click(getQuoteButton());
    expect(await toasts().findByText('Please enter the venue city')).toBeInTheDocument();
    expect(field(/^Venue Location\/City/)).toHaveFocus();

    expect(resolver).not.toHaveBeenCalled();
    expect(recordedCalls('quote.instant')).toEqual([]);
  });

  it("refuses a fractional guest count at the field, in the API's words, instead of sending it cut to a whole number", async () => {
    const resolver = answerQuotes();
    const { user } = await openBook();
    await fillDetails(user, { ...VISITOR, eventType: 'wedding', guests: undefined });
    await user.type(field(/^Expected Guest Count/), '150.7');
    expect(field(/^Expected Guest Count/)).toHaveValue(150.7);

    await user.click(getQuoteButton());
    // The message the API answers a fractional count with (schemas/quote.ts).
    expect(await toasts().findByText('Guest count must be a whole number')).toBeInTheDocument();
    const guests = field(/^Expected Guest Count/);
    expect(guests).toHaveFocus();
    expect(guests).toHaveAttribute('aria-invalid', 'true');
    expect(guests).toHaveAccessibleDescription('Guest count must be a whole number');
    expect(resolver).not.toHaveBeenCalled();
    expect(recordedCalls('quote.instant')).toEqual([]);

    // A whole number clears the message and is sent as typed.
    await user.clear(guests);
    await user.type(guests, '150');
    expect(guests).not.toHaveAttribute('aria-invalid', 'true');
    await user.click(getQuoteButton());
    await screen.findByRole('heading', { name: 'Your Instant Quote is Ready!' });
    expect(recordedCalls('quote.instant')).toEqual([
      expect.objectContaining({ input: expect.objectContaining({ guest_count: 150 }) as unknown }),
    ]);
  });

  it('refuses what the server would refuse (a malformed email) without sending', async () => {
    const resolver = answerQuotes();
    const { user } = await openBook();
    await fillDetails(user, { ...VISITOR, eventType: 'wedding', email: 'meera-at-example.in' });
    await user.click(getQuoteButton());
    expect(await toasts().findByText('Enter a valid email address')).toBeInTheDocument();
    expect(field(/^Email Address/)).toHaveFocus();
    expect(resolver).not.toHaveBeenCalled();
  });

  it('sends what the visitor chose, the venue type default for an empty venue type, and the guest count as an integer', async () => {
    const { input } = await getQuote('/book', {
      name: ' Meera Iyer ',
      email: 'meera@example.in',
      phone: '9893011223',
      eventType: 'birthday',
      eventName: 'Aarav turns 5',
      city: 'Indore',
      guests: '150',
      date: EVENT_DATE,
    });
    expect(input).toEqual({
      event_type: 'birthday',
      venue_type: QUOTE_DEFAULTS.venue_type,
      location: 'Indore',
      event_name: 'Aarav turns 5',
      tier: 'basic',
      guest_count: 150,
      event_date: EVENT_DATE,
      client_name: 'Meera Iyer',
      client_email: 'meera@example.in',
      client_phone: '9893011223',
      // The WhatsApp opt-in is shown beside the phone, unticked (docs/product.md#whatsapp).
      whatsapp_opt_in: false,
      idempotency_key: expect.stringMatching(UUID) as string,
    });
    // The API's documented defaults stay for other callers; this page never reaches them.
    expect(QUOTE_DEFAULTS).toEqual({
      event_type: 'other',
      venue_type: 'outdoor',
      location: 'Mumbai',
      event_name: 'Your Event',
    });
    expect(Number.isInteger(input.guest_count)).toBe(true);
  });

  it("sends the visitor's choices: package, event type from the link, venue type and city", async () => {
    const { input } = await getQuote();
    expect(input).toEqual({
      event_type: 'wedding',
      venue_type: 'garden',
      location: 'Mumbai',
      event_name: 'Meera & Kabir Reception',
      tier: 'premium',
      guest_count: 320,
      event_date: EVENT_DATE,
      client_name: 'Meera Iyer',
      client_email: 'meera@example.in',
      client_phone: '98930 11223',
      venue_name: 'Sayaji Lawns',
      whatsapp_opt_in: false,
      idempotency_key: expect.stringMatching(UUID) as string,
    });
    expect(recordedCalls('quote.instant')).toHaveLength(1);
  });

  it('retries a quote whose answer never came with the same idempotency key, and a new quote with a new one', async () => {
    let dropConnection = true;
    const resolver = answerQuotes();
    server.use(
      trpcHandler('quote.instant', (args) => {
        if (!dropConnection) return resolver(args);
        dropConnection = false;
        return HttpResponse.error();
      }),
    );
    const { user } = await openBook('/book?eventType=wedding');
    await fillDetails(user, VISITOR);
    await user.click(getQuoteButton());
    expect(await toasts().findByText('Failed to generate quote. Please try again.')).toBeInTheDocument();
    await user.click(getQuoteButton());
    await screen.findByRole('heading', { name: 'Your Instant Quote is Ready!' });

    await user.click(screen.getByRole('button', { name: '← Modify Details' }));
    await user.click(getQuoteButton());
    await screen.findByRole('heading', { name: 'Your Instant Quote is Ready!' });

    const keys = recordedCalls('quote.instant').map(
      (call) => (call.input as { idempotency_key: string }).idempotency_key,
    );
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(UUID);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).toMatch(UUID);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('disables the button while the quote is being prepared', async () => {
    let answer: (value: unknown) => void = () => {};
    server.use(trpcHandler('quote.instant', () => new Promise((resolve) => (answer = resolve))));
    const { user } = await openBook('/book?eventType=wedding');
    await fillDetails(user, VISITOR);
    await user.click(getQuoteButton());
    const busy = await screen.findByRole('button', { name: /Preparing your quote/ });
    expect(busy).toBeDisabled();
    await user.click(busy);
    answer(quoteFor(recordedCalls('quote.instant')[0]!.input as InstantQuoteInput));
    await screen.findByRole('heading', { name: 'Your Instant Quote is Ready!' });
    expect(recordedCalls('quote.instant')).toHaveLength(1);
  });
});

describe('/book: the quote', () => {
  it('shows the amounts in rupees with Indian grouping, the tier badge and the details', async () => {
    const scroll = vi.spyOn(Element.prototype, 'scrollIntoView');
    const { quote } = await getQuote();
    // Premium wedding in a Mumbai garden for 320 guests: ₹1,461 a head, 5% volume discount.
    expect(quote.base_price_per_person).toBe(1461);
    expect(formatInr(quote.subtotal)).toBe('₹4,44,144');
    expect(formatInr(quote.gst_amount)).toBe('₹79,945.92');
    expect(formatInr(quote.final_amount)).toBe('₹5,24,089.92');

    const card = screen.getByRole('article', { name: 'Your Instant Quote is Ready!' });
    const amount = (label: string) => within(card).getAllByText(label, { selector: 'dt' })[0]!.nextElementSibling;
    expect(amount('Base Amount')).toHaveTextContent('₹4,44,144');
    expect(amount('GST (18%)')).toHaveTextContent('₹79,945.92');
    expect(amount('Total Amount')).toHaveTextContent('₹5,24,089.92');
    expect(within(card).getByText('PREMIUM PACKAGE')).toBeInTheDocument();

    const detail = (label: string) => within(card).getByText(label, { selector: 'dt' }).parentElement;
    expect(detail('Package')).toHaveTextContent('Premium');
    expect(detail('Guest Count')).toHaveTextContent('320');
    expect(detail('Per Person Rate')).toHaveTextContent('₹1,461');
    expect(detail('Valid Until')).toHaveTextContent('7 Days');
    expect(detail('Valid Until')).toHaveTextContent(formatLongDate(quote.valid_until));
    expect(within(card).getByText('Volume discount (5%)')).toBeInTheDocument();
    expect(within(card).getByText('−₹23,376')).toBeInTheDocument();
    expect(within(card).getByText(`Quote reference ${quoteReference(QUOTE_ID)}`)).toBeInTheDocument();

    expect(await toasts().findByText('Your instant quote is ready! Check your email.')).toBeInTheDocument();
    await waitFor(() => expect(scroll).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' }));
    expect(screen.getByRole('heading', { name: 'Your Instant Quote is Ready!' })).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Get Instant Quote' })).not.toBeInTheDocument();
  });

  it("shows the server's detail when the quote fails, and keeps the form", async () => {
    server.use(
      trpcHandler('quote.instant', () => {
        throw new TrpcTestError('BAD_REQUEST', 'Event date cannot be in the past');
      }),
    );
    const { user } = await openBook('/book?eventType=wedding');
    await fillDetails(user, VISITOR);
    await user.click(getQuoteButton());
    expect(await toasts().findByText('Event date cannot be in the past')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your Instant Quote is Ready!' })).not.toBeInTheDocument();
    expect(getQuoteButton()).toBeEnabled();
    expect(field(/^Full Name/)).toHaveValue('Meera Iyer');
  });

  it("falls back to 'Failed to generate quote. Please try again.' without a server detail", async () => {
    server.use(
      trpcHandler(
        'quote.instant',
        () =>
          new HttpResponse('<html><body>502 Bad Gateway</body></html>', {
            status: 502,
            headers: { 'content-type': 'text/html' },
          }),
      ),
    );
    const { user } = await openBook();
    await fillDetails(user, { ...VISITOR, eventType: 'wedding' });
    await user.click(getQuoteButton());
    expect(await toasts().findByText('Failed to generate quote. Please try again.')).toBeInTheDocument();
    expect(screen.queryByText(/Unexpected token|JSON/)).not.toBeInTheDocument();
  });

  it('← Modify Details hides the quote and brings the form back with its values', async () => {
    const { user } = await getQuote();
    await user.click(screen.getByRole('button', { name: '← Modify Details' }));

    expect(screen.queryByRole('heading', { name: 'Your Instant Quote is Ready!' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Subscribe for Just ₹99!' })).not.toBeInTheDocument();
    expect(getQuoteButton()).toBeEnabled();
    expect(screen.getByRole('heading', { name: 'Choose Your Package' })).toHaveFocus();
    expect(screen.getByRole('radio', { name: 'Premium' })).toBeChecked();
    expect(field(/^Full Name/)).toHaveValue('Meera Iyer');
    expect(field(/^Email Address/)).toHaveValue('meera@example.in');
    expect(field(/^Event Type/)).toHaveValue('wedding');
    expect(field(/^Expected Guest Count/)).toHaveValue(320);
    expect(field(/^Venue Name/)).toHaveValue('Sayaji Lawns');
    expect(field(/^Event Date/)).toHaveValue(typedDate(EVENT_DATE));

    await user.click(screen.getByRole('radio', { name: 'Luxury' }));
    await user.click(getQuoteButton());
    const card = await screen.findByRole('article', { name: 'Your Instant Quote is Ready!' });
    expect(within(card).getByText('LUXURY PACKAGE')).toBeInTheDocument();
    expect(recordedCalls('quote.instant').map((call) => (call.input as InstantQuoteInput).tier)).toEqual([
      'premium',
      'luxury',
    ]);
  });
});

describe('/book: following the quote in My Bookings (docs/product.md#quotes)', () => {
  const seeIt = { name: 'See it in My Bookings' };
  const signInToFollow = { name: 'Sign in to follow it' };
  /** `bookings.mineDetail` as the server answers it for a booking in the account; the page reads only that it is. */
  const inAccount = () => ({ id: QUOTE_ID, status: 'quoted' });

  it('links a signed-in customer who quoted in their own address to the quote in My Bookings', async () => {
    server.use(
      trpcHandler('auth.me', () => userFor('customer')),
      trpcHandler('bookings.mineDetail', inAccount),
    );
    await getQuote(undefined, { ...VISITOR, email: 'Customer@Example.in' }, 'token-for-customer');

    const card = screen.getByRole('article', { name: 'Your Instant Quote is Ready!' });
    expect(await within(card).findByRole('link', seeIt)).toHaveAttribute('href', `/bookings/${QUOTE_ID}`);
    expect(recordedCalls('bookings.mineDetail').map((call) => call.input)).toEqual([{ id: QUOTE_ID }]);
    expect(screen.queryByRole('link', signInToFollow)).not.toBeInTheDocument();
  });

  it('offers no link when the quote is not in the account: an unconfirmed account and a visitor’s quote', async () => {
    server.use(
      trpcHandler('auth.me', () => ({ ...userFor('customer'), email_verified: false })),
      trpcHandler('bookings.mineDetail', () => {
        throw new TrpcTestError('NOT_FOUND', 'Booking not found');
      }),
    );
    await getQuote(undefined, { ...VISITOR, email: userFor('customer').email }, 'token-for-customer');
    await waitFor(() => expect(recordedCalls('bookings.mineDetail')).toHaveLength(1));
    expect(screen.queryByRole('link', seeIt)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', signInToFollow)).not.toBeInTheDocument();
  });

  it('offers nothing to a customer who quoted in another address, whose account the quote is not in', async () => {
    server.use(trpcHandler('auth.me', () => userFor('customer')));
    await getQuote(undefined, VISITOR, 'token-for-customer');
    expect(screen.queryByRole('link', seeIt)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', signInToFollow)).not.toBeInTheDocument();
    expect(recordedCalls('bookings.mineDetail')).toEqual([]);
  });

  it('asks a visitor to sign in with the address to follow it, since a confirmed account sees it', async () => {
    const { user, currentUrl } = await getQuote();
    expect(screen.queryByRole('link', seeIt)).not.toBeInTheDocument();
    const card = screen.getByRole('article', { name: 'Your Instant Quote is Ready!' });
    await user.click(within(card).getByRole('link', signInToFollow));
    expect(currentUrl()).toBe('/login?next=%2Fbookings');
    expect(recordedCalls('bookings.mineDetail')).toEqual([]);
  });
});

describe('/book: the draft kept for the tab', () => {
  it('brings back what was typed after a reload, and Start over empties the form and forgets it', async () => {
    const first = await openBook();
    await fillDetails(first.user, { ...VISITOR, eventType: 'corporate', date: undefined });
    await enter(first.user, field(/^Event Date/), typedDate(EVENT_DATE));
    await first.user.tab();
    await screen.findByText(formatLongDate(EVENT_DATE));
    first.unmount();

    const { user } = await openBook();
    expect(field(/^Full Name/)).toHaveValue('Meera Iyer');
    expect(field(/^Phone Number/)).toHaveValue('98930 11223');
    expect(field(/^Event Type/)).toHaveValue('corporate');
    expect(field(/^Event Name/)).toHaveValue('Meera & Kabir Reception');
    expect(field(/^Expected Guest Count/)).toHaveValue(320);
    expect(field(/^Venue Name/)).toHaveValue('Sayaji Lawns');
    expect(field(/^Venue Location\/City/)).toHaveValue('Mumbai');
    expect(field(/^Event Date/)).toHaveValue(typedDate(EVENT_DATE));
    expect(screen.getByRole('radio', { name: 'Premium' })).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Start over' }));
    expect(field(/^Full Name/)).toHaveValue('');
    expect(field(/^Event Date/)).toHaveValue('');
    expect(screen.getByRole('radio', { name: 'Basic' })).toBeChecked();
    expect(screen.queryByRole('button', { name: 'Start over' })).not.toBeInTheDocument();
    expect(window.sessionStorage.getItem('book-draft')).toBeNull();
  });

  it('shows the last quote again after a reload or Back from the payment page, without asking for a new one', async () => {
    const first = await getQuote();
    first.unmount();

    await renderApp({ path: '/book' });
    const card = await screen.findByRole('article', { name: 'Your Instant Quote is Ready!' });
    expect(within(card).getByText('PREMIUM PACKAGE')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Subscribe for Just ₹99!' })).toBeInTheDocument();
    expect(recordedCalls('quote.instant')).toHaveLength(1);
  });

  it('a service link after a quote asks for a new one: the typed details stay, the old quote does not come back', async () => {
    const first = await getQuote();
    first.unmount();

    // Following a link makes a new history entry, which /book has not marked.
    window.history.pushState(null, '', '/book?eventType=corporate');
    await openBook('/book?eventType=corporate');
    expect(field(/^Full Name/)).toHaveValue('Meera Iyer');
    expect(field(/^Event Type/)).toHaveValue('corporate');
    expect(screen.queryByRole('heading', { name: 'Your Instant Quote is Ready!' })).not.toBeInTheDocument();
  });

  it('a reload of a page opened from a service link shows its quote again', async () => {
    window.history.pushState(null, '', '/book?eventType=wedding');
    const first = await getQuote();
    first.unmount();

    await renderApp({ path: '/book?eventType=wedding' });
    expect(await screen.findByRole('article', { name: 'Your Instant Quote is Ready!' })).toBeInTheDocument();
    expect(recordedCalls('quote.instant')).toHaveLength(1);
  });

  it('opens empty in a new tab and ignores a draft it cannot read', async () => {
    window.sessionStorage.setItem('book-draft', '{"values":{"client_name":5},"tier":"gold"}');
    await openBook();
    expect(field(/^Full Name/)).toHaveValue('');
    expect(window.sessionStorage.getItem('book-draft')).toBeNull();
  });
});

describe('/book: the ₹99 subscription offer', () => {
  it('lists the eight benefits, the total value, the five steps, the payee and the refund note', async () => {
    await getQuote();
    const offer = screen.getByRole('region', { name: 'Subscribe for Just ₹99!' });
    for (const benefit of [
      'Priority booking',
      '5% instant discount on final bill',
      'Free menu tasting session',
      'Dedicated event coordinator',
      'Complimentary decor consultation',
      '24/7 support till event day',
      'Flexible date changes (1 time)',
      'Loyalty rewards for future events',
    ]) {
      expect(within(offer).getByText(benefit)).toBeInTheDocument();
    }
    // Each benefit says what it is: the discount the product applies, the terms' one date change, services on request.
    expect(within(offer).getByText(/5% off this quote's total, GST included, once/)).toBeInTheDocument();
    expect(
      within(offer).getByText(/one date change the terms allow every booking: asked at least 14 days ahead/),
    ).toBeInTheDocument();
    expect(within(offer).getByText('Total Value: ₹2,500+')).toBeInTheDocument();
    const steps = within(offer).getByRole('heading', { name: 'How to subscribe' }).nextElementSibling as HTMLElement;
    expect(within(steps).getAllByRole('listitem')).toHaveLength(5);
    expect(within(offer).getByText(DEFAULT_BRAND.legalName)).toBeInTheDocument();
    expect(within(offer).getByRole('link', { name: DEFAULT_BRAND.phone })).toHaveAttribute('href', 'tel:+919826012345');
    expect(
      within(offer).getByText(/50% of the subscription \(₹49\.50\) is refunded within 3 working days/),
    ).toBeInTheDocument();
  });

  it('draws a real UPI QR for ₹99 to the brand UPI ID, and links the same payment for phones', async () => {
    await getQuote();
    const reference = quoteReference(QUOTE_ID);
    const expected =
      `upi://pay?pa=${DEFAULT_BRAND.upiId}&pn=Annapurna%20Hospitality%20Private%20Limited` +
      `&am=99.00&cu=INR&tn=Subscription%20${reference}`;

    const qr = await screen.findByRole('img', { name: /UPI QR code to pay ₹99/ });
    expect(qr).toHaveAttribute('data-qr-value', expected);
    const svg = await QRCode.toString(expected, QR_OPTIONS);
    expect(qr).toHaveAttribute('src', `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
    expect(screen.getByRole('link', { name: 'Pay with UPI app' })).toHaveAttribute('href', expected);
  });

  it('copies the UPI ID and confirms it', async () => {
    const { user } = await getQuote();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    await user.click(screen.getByRole('button', { name: `Copy UPI ID ${DEFAULT_BRAND.upiId}` }));
    expect(writeText).toHaveBeenCalledWith(DEFAULT_BRAND.upiId);
    expect(await toasts().findByText('UPI ID copied to clipboard!')).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe(DEFAULT_BRAND.upiId);
  });

  it('falls back to the older copy command when the clipboard API refuses, and says so when that fails too', async () => {
    const { user } = await getQuote();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('Denied', 'NotAllowedError'));
    const execCommand = vi.fn(() => true);
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    const copy = screen.getByRole('button', { name: `Copy UPI ID ${DEFAULT_BRAND.upiId}` });

    await user.click(copy);
    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(await toasts().findByText('UPI ID copied to clipboard!')).toBeInTheDocument();

    execCommand.mockReturnValue(false);
    await user.click(copy);
    expect(await toasts().findByText(/Could not copy automatically/)).toBeInTheDocument();
    Reflect.deleteProperty(document, 'execCommand');
  });

  it('prefills the WhatsApp message with the quote, event, date, guests, package and total', async () => {
    const { quote } = await getQuote();
    const link = screen.getByRole('link', { name: 'Send Payment Screenshot on WhatsApp' });
    const href = link.getAttribute('href')!;
    expect(href.startsWith(`https://wa.me/${DEFAULT_BRAND.whatsappNumber}?text=`)).toBe(true);
    expect(href).toContain(encodeURIComponent(QUOTE_ID));
    expect(href).toContain(encodeURIComponent(formatInr(quote.final_amount)));
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));

    const message = new URL(href).searchParams.get('text')!;
    expect(message).toContain(`Quote ID: ${QUOTE_ID}`);
    expect(message).toContain(`Quote reference: ${quoteReference(QUOTE_ID)}`);
    expect(message).toContain('Event: Meera & Kabir Reception (Wedding)');
    expect(message).toContain(`Date: ${formatLongDate(EVENT_DATE)}`);
    expect(message).toContain('Guests: 320');
    expect(message).toContain('Venue: Sayaji Lawns, Mumbai');
    expect(message).toContain('Package: Premium');
    expect(message).toContain('Total: ₹5,24,089.92');
    expect(message).toMatch(/confirm my ₹99 subscription/);
    expect(message).toMatch(/payment screenshot is attached/);
    expect(isMetroCity('Mumbai')).toBe(true);
  });
});

describe('/book: the offer is not made to a subscriber (docs/product.md#subscriptions)', () => {
  const offerHeading = { name: 'Subscribe for Just ₹99!' };

  it('shows the subscriber price instead of the offer when the discount is in the quote', async () => {
    const discounted = (input: InstantQuoteInput) => {
      const [price, subscriber] = withSubscriberDiscount(priceInstantQuote(input), { id: 'sub', percent: 5 });
      return toQuoteResult(QUOTE_ID, price, addDays(todayInIndia(), 7), subscriber);
    };
    const { input } = await getQuote(undefined, undefined, undefined, discounted);
    expect(screen.queryByRole('heading', offerHeading)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay ₹99 now' })).not.toBeInTheDocument();
    const note = screen.getByRole('region', { name: 'Subscriber price' });
    expect(note).toHaveTextContent("Your ₹99 subscription's one-time 5% discount is in this quote.");
    const quote = discounted(input);
    expect(screen.getAllByText(formatInr(quote.final_amount)).length).toBeGreaterThan(0);
    expect(screen.getByText('Subscriber discount (5%)')).toBeInTheDocument();
  });

  it('tells a visitor quoting in a subscriber’s address that the price applies once they sign in with it', async () => {
    const { currentUrl, user } = await getQuote(undefined, undefined, undefined, (input) => ({
      ...quoteFor(input),
      subscription: 'sign_in',
    }));
    expect(screen.queryByRole('heading', offerHeading)).not.toBeInTheDocument();
    const note = screen.getByRole('region', { name: 'Subscriber price applies once you sign in with that address' });
    expect(note).toHaveTextContent('meera@example.in has a ₹99 subscription');
    await user.click(within(note).getByRole('link', { name: 'Sign in' }));
    expect(currentUrl()).toBe('/login?next=%2Fbookings');
  });

  it('asks a signed-in customer who has not confirmed the address to confirm it', async () => {
    server.use(
      trpcHandler('auth.me', () => ({ ...userFor('customer'), email_verified: false })),
      // Quoted while signed in, in the account's own address: the quote is in the account.
      trpcHandler('bookings.mineDetail', () => ({ id: QUOTE_ID, status: 'quoted' })),
    );
    await getQuote(undefined, { ...VISITOR, email: userFor('customer').email }, 'token-for-customer', (input) => ({
      ...quoteFor(input),
      subscription: 'sign_in',
    }));
    expect(screen.queryByRole('heading', offerHeading)).not.toBeInTheDocument();
    expect(
      screen.getByRole('region', { name: 'Subscriber price applies once you confirm your e-mail address' }),
    ).toHaveTextContent('open the confirmation link we sent you');
  });

  it('says a subscription is kept for the quote it was bought from', async () => {
    await getQuote(undefined, undefined, undefined, (input) => ({ ...quoteFor(input), subscription: 'kept' }));
    expect(screen.queryByRole('heading', offerHeading)).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Subscriber price' })).toHaveTextContent(
      'kept for the quote you subscribed from',
    );
  });
});

const SUBSCRIPTION_ORDER: PaymentOrderDto = {
  order_id: 'SUB-0A1B2C3D4E5F60718293',
  amount: 99,
  purpose: 'subscription',
  status: 'created',
  provider: 'upi',
  upi_uri:
    `upi://pay?pa=${DEFAULT_BRAND.upiId}&pn=Annapurna%20Hospitality%20Private%20Limited&am=99.00&cu=INR` +
    '&tn=Subscription%20SUB-0A1B2C3D4E5F60718293&tr=SUB-0A1B2C3D4E5F60718293',
  payee: { upi_id: DEFAULT_BRAND.upiId, name: DEFAULT_BRAND.legalName },
  note: 'Subscription SUB-0A1B2C3D4E5F60718293',
  redirect_url: null,
  result_path: '/payment/success?order_id=SUB-0A1B2C3D4E5F60718293',
};

describe('/book: paying the ₹99 subscription by order', () => {
  it('makes an order with the quote’s e-mail and phone, then shows its own QR, the order id and the status link', async () => {
    server.use(trpcHandler('payments.createSubscriptionOrder', () => SUBSCRIPTION_ORDER));
    const { user, currentUrl } = await getQuote();
    const offer = within(screen.getByRole('region', { name: 'Subscribe for Just ₹99!' }));
    expect(offer.queryByRole('link', { name: 'I have paid — check status' })).not.toBeInTheDocument();

    await user.click(offer.getByRole('button', { name: 'Pay ₹99 now' }));

    expect(await offer.findByText(SUBSCRIPTION_ORDER.order_id)).toBeInTheDocument();
    expect(recordedCalls('payments.createSubscriptionOrder').map((call) => call.input)).toEqual([
      { email: 'meera@example.in', phone: '98930 11223', booking_id: QUOTE_ID },
    ]);
    expect(offer.queryByRole('button', { name: 'Pay ₹99 now' })).not.toBeInTheDocument();
    expect(offer.getByText('meera@example.in')).toBeInTheDocument();
    const qr = await offer.findByRole('img', {
      name:
        `UPI QR code to pay ₹99 to ${DEFAULT_BRAND.legalName} (${DEFAULT_BRAND.upiId}) ` +
        `for order ${SUBSCRIPTION_ORDER.order_id}`,
    });
    expect(qr).toHaveAttribute('data-qr-value', SUBSCRIPTION_ORDER.upi_uri);
    expect(offer.getByRole('link', { name: 'Pay with UPI app' })).toHaveAttribute('href', SUBSCRIPTION_ORDER.upi_uri);
    const message = new URL(
      offer.getByRole('link', { name: 'Send Payment Screenshot on WhatsApp' }).getAttribute('href')!,
    ).searchParams.get('text')!;
    expect(message).toContain(`Order ID: ${SUBSCRIPTION_ORDER.order_id}`);
    expect(message).toContain(`Quote ID: ${QUOTE_ID}`);

    server.use(
      trpcHandler('payments.status', () => ({
        order_id: SUBSCRIPTION_ORDER.order_id,
        purpose: 'subscription',
        is_paid: false,
        payment_status: 'CREATED',
        amount: 99,
      })),
    );
    const status = offer.getByRole('link', { name: 'I have paid — check status' });
    expect(status).toHaveAttribute('href', SUBSCRIPTION_ORDER.result_path);
    await user.click(status);
    expect(await screen.findByRole('heading', { name: 'Payment Pending' })).toBeInTheDocument();
    expect(currentUrl()).toBe(SUBSCRIPTION_ORDER.result_path);
  });

  it('sends only the phone for a signed-in customer, whose subscription is in the account’s e-mail', async () => {
    server.use(
      trpcHandler('auth.me', () => userFor('customer')),
      trpcHandler('payments.createSubscriptionOrder', () => SUBSCRIPTION_ORDER),
    );
    const { user } = await getQuote(undefined, undefined, 'token-for-customer');
    await user.click(screen.getByRole('button', { name: 'Pay ₹99 now' }));

    expect(await screen.findByText(SUBSCRIPTION_ORDER.order_id)).toBeInTheDocument();
    expect(recordedCalls('payments.createSubscriptionOrder')[0]?.input).toEqual({
      phone: '98930 11223',
      booking_id: QUOTE_ID,
    });
    expect(screen.getByText(userFor('customer').email)).toBeInTheDocument();
  });

  it('goes to the gateway’s checkout when the order has one', async () => {
    const redirect = 'https://sandbox.cashfree.com/pg/view/sessions/abc123';
    vi.mocked(openExternalPage).mockClear();
    server.use(
      trpcHandler('payments.createSubscriptionOrder', () => ({
        ...SUBSCRIPTION_ORDER,
        provider: 'cashfree',
        status: 'pending',
        redirect_url: redirect,
      })),
    );
    const { user } = await getQuote();
    await user.click(screen.getByRole('button', { name: 'Pay ₹99 now' }));

    await waitFor(() => expect(openExternalPage).toHaveBeenCalledWith(redirect));
    expect(screen.getByRole('button', { name: /Opening the payment page/ })).toBeDisabled();
    expect(screen.queryByText(SUBSCRIPTION_ORDER.order_id)).not.toBeInTheDocument();
  });

  it('shows the server’s reason in a toast, and a fallback when there is none', async () => {
    let answer: () => unknown = () => {
      throw new TrpcTestError('CONFLICT', 'You already have an active subscription');
    };
    server.use(trpcHandler('payments.createSubscriptionOrder', () => answer()));
    const { user } = await getQuote();
    const pay = screen.getByRole('button', { name: 'Pay ₹99 now' });

    await user.click(pay);
    expect(await toasts().findByText('You already have an active subscription')).toBeInTheDocument();
    expect(pay).toBeEnabled();

    answer = () => new HttpResponse('<html>Bad gateway</html>', { status: 502 });
    await user.click(pay);
    expect(await toasts().findByText(SUBSCRIPTION_ORDER_FAILED)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /UPI QR code to pay ₹99/ })).toHaveAttribute(
      'data-qr-value',
      expect.stringContaining(`tn=Subscription%20${quoteReference(QUOTE_ID)}`),
    );
  });

  it('follows only https addresses out of the app', async () => {
    const { openExternalPage: real } = await vi.importActual<{ openExternalPage: typeof openExternalPage }>(
      '../../src/client/lib/external-navigation',
    );
    expect(real('javascript:alert(1)')).toBe(false);
    expect(real('http://payments.example.in/checkout')).toBe(false);
    expect(real('not a url')).toBe(false);
  });
});
