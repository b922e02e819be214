import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { addDays, todayInIndia } from '../../src/shared/dates';
import {
  EMPTY_INQUIRY,
  INCOMPLETE_EVENT_DATE,
  parseGuestCount,
  validateInquiry,
} from '../../src/client/pages/landing/inquiry';
import { ServicesSection } from '../../src/client/pages/landing/services-section';
import { recordedCalls, server, TrpcTestError, trpcHandler } from './msw';
import { renderWithProviders } from './render';

const CREATED = { id: '5f1d7a9e-1111-4c2b-9d7e-000000000001', status: 'inquiry', message: 'Thank you!' };

function answerInquiry(resolver: () => unknown = () => CREATED) {
  server.use(trpcHandler('bookings.createInquiry', resolver));
}

/** Only the services section: the dialog is what is under test, and the whole landing page is slow to query. */
async function openInquiry(serviceName: string) {
  const app = renderWithProviders(<ServicesSection />);
  await app.user.click(await screen.findByRole('button', { name: `Request a custom quote for ${serviceName}` }));
  const dialog = await screen.findByRole('dialog', { name: serviceName });
  return { ...app, dialog: within(dialog) };
}

/** Types a whole value at once (one input event), which keeps these dialog-heavy tests fast. */
async function fill(user: UserEvent, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

/** The inquiry dialog with its required fields filled in, so a test can vary only the field it is about. */
async function openFilledInquiry(serviceName: string) {
  const opened = await openInquiry(serviceName);
  const { user, dialog } = opened;
  await fill(user, dialog.getByLabelText(/^Full Name/), 'Meera Joshi');
  await fill(user, dialog.getByLabelText(/^Email/), 'meera@example.in');
  await fill(user, dialog.getByLabelText(/^Phone/), '98930 11223');
  await fill(user, dialog.getByLabelText(/^Guest Count/), '40');
  return opened;
}

function inquiryCalls() {
  return recordedCalls('bookings.createInquiry');
}

describe('service inquiry modal', () => {
  it('opens from a service card, titled with the service, with every field labelled', async () => {
    const { dialog } = await openInquiry('Wedding Catering');

    expect(dialog.getByText('Request a custom quote')).toBeInTheDocument();
    for (const label of [
      'Email',
      'Phone',
      'Guest Count',
      'Event Date',
      'Company Name',
      'Budget Range',
      'Catering Style',
      'Event Duration',
      'Special Requests',
    ]) {
      expect(dialog.getByLabelText(new RegExp(`^${label}`))).toBeInTheDocument();
    }
    expect(dialog.getByLabelText(/^Event Date/)).toHaveAttribute('min', todayInIndia());
  });

  it('checks name, email, phone and guest count before sending anything', async () => {
    answerInquiry();
    const { user, dialog } = await openInquiry('Wedding Catering');

    await user.click(dialog.getByRole('button', { name: 'Submit Inquiry' }));

    expect(dialog.getByText('Full name is required')).toBeInTheDocument();
    expect(dialog.getByText('Email is required')).toBeInTheDocument();
    expect(dialog.getByText('Phone number is required')).toBeInTheDocument();
    expect(dialog.getByText('Please enter the number of guests')).toBeInTheDocument();
    expect(dialog.getByLabelText(/^Full Name/)).toHaveFocus();
    expect(dialog.getByLabelText(/^Full Name/)).toHaveAttribute('aria-invalid', 'true');

    await fill(user, dialog.getByLabelText(/^Full Name/), 'Meera Joshi');
    await fill(user, dialog.getByLabelText(/^Email/), 'not-an-email');
    await fill(user, dialog.getByLabelText(/^Phone/), '12345');
    await user.click(dialog.getByRole('button', { name: 'Submit Inquiry' }));

    expect(dialog.queryByText('Full name is required')).not.toBeInTheDocument();
    expect(dialog.getByText('Enter a valid email address')).toBeInTheDocument();
    expect(dialog.getByText('Enter a valid 10-digit Indian mobile number')).toBeInTheDocument();
    expect(dialog.getByLabelText(/^Email/)).toHaveFocus();
    expect(inquiryCalls()).toHaveLength(0);
  });

  it('keeps a date begun but not finished from going as no date: the field asks for the whole of it', async () => {
    answerInquiry();
    const { user, dialog } = await openFilledInquiry('Private Parties');
    // A browser's date field with only a day and month typed: its value is empty and its validity says bad input.
    const date = dialog.getByLabelText(/^Event Date/) as HTMLInputElement;
    Object.defineProperty(date, 'validity', { configurable: true, value: { ...date.validity, badInput: true } });

    await user.click(dialog.getByRole('button', { name: 'Submit Inquiry' }));

    expect(date).toHaveAttribute('aria-invalid', 'true');
    expect(date).toHaveAccessibleDescription(INCOMPLETE_EVENT_DATE);
    expect(date).toHaveFocus();
    expect(inquiryCalls()).toHaveLength(0);
  });

  it('refuses a date that is not a real one, such as a five-digit year', () => {
    const values = { ...EMPTY_INQUIRY, name: 'Meera Joshi', email: 'meera@example.in', phone: '98930 11223' };
    const filled = { ...values, guestCount: '40' };
    expect(validateInquiry({ ...filled, eventDate: '20267-05-12' })).toEqual({ eventDate: INCOMPLETE_EVENT_DATE });
    expect(validateInquiry({ ...filled, eventDate: '2027-02-30' })).toEqual({ eventDate: INCOMPLETE_EVENT_DATE });
    expect(validateInquiry({ ...filled, eventDate: addDays(todayInIndia(), 30) })).toEqual({});
    expect(validateInquiry({ ...filled, eventDate: '' })).toEqual({});
  });

  it('refuses an event date in the past', async () => {
    answerInquiry();
    const { user, dialog } = await openFilledInquiry('Private Parties');
    fireEvent.change(dialog.getByLabelText(/^Event Date/), { target: { value: addDays(todayInIndia(), -1) } });

    await user.click(dialog.getByRole('button', { name: 'Submit Inquiry' }));

    expect(dialog.getByText('Event date cannot be in the past')).toBeInTheDocument();
    expect(inquiryCalls()).toHaveLength(0);
  });

  it('sends the spec payload, names the event after the service and company, then thanks, closes and resets', async () => {
    answerInquiry();
    const { user, dialog } = await openInquiry('Corporate Events');
    const eventDate = addDays(todayInIndia(), 45);

    await fill(user, dialog.getByLabelText(/^Full Name/), '  Meera Joshi ');
    await fill(user, dialog.getByLabelText(/^Email/), 'meera@narmada.example');
    await fill(user, dialog.getByLabelText(/^Phone/), '+91 98930 11223');
    await fill(user, dialog.getByLabelText(/^Guest Count/), '1,200');
    fireEvent.change(dialog.getByLabelText(/^Event Date/), { target: { value: eventDate } });
    await fill(user, dialog.getByLabelText(/^Event Time/), '7:30 PM');
    await fill(user, dialog.getByLabelText(/^Venue Name/), ' Sayaji Hotel ');
    await fill(user, dialog.getByLabelText(/^Venue Address/), 'H/1, Scheme 54, Vijay Nagar, Indore');
    await fill(user, dialog.getByLabelText(/^Company Name/), 'Narmada Tech');
    await user.selectOptions(dialog.getByLabelText(/^Budget Range/), '₹5,00,000 – ₹10,00,000');
    await user.selectOptions(dialog.getByLabelText(/^Catering Style/), 'Live counters');
    await user.selectOptions(dialog.getByLabelText(/^Event Duration/), 'Full day');
    await fill(user, dialog.getByLabelText(/^Special Requests/), 'Jain counter for 80 guests');
    await user.click(dialog.getByRole('button', { name: 'Submit Inquiry' }));

    expect(
      await screen.findByText(
        'Corporate Events inquiry submitted successfully! We will contact you soon with a customized quote.',
      ),
    ).toBeInTheDocument();
    expect(inquiryCalls()).toHaveLength(1);
    expect(inquiryCalls()[0]!.input).toEqual({
      client_name: 'Meera Joshi',
      client_email: 'meera@narmada.example',
      client_phone: '+91 98930 11223',
      event_type: 'corporate',
      event_name: 'Corporate Events - Narmada Tech',
      event_date: eventDate,
      event_time: '7:30 PM',
      venue_name: 'Sayaji Hotel',
      venue_address: 'H/1, Scheme 54, Vijay Nagar, Indore',
      whatsapp_opt_in: false,
      requirements: {
        guest_count: 1200,
        event_duration: 'Full day',
        catering_style: 'Live counters',
        special_requests: 'Jain counter for 80 guests',
        budget_range: '₹5,00,000 – ₹10,00,000',
        company_name: 'Narmada Tech',
        decoration_required: true,
        entertainment_required: false,
        photography_required: false,
      },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Request a custom quote for Corporate Events' }));
    const again = within(await screen.findByRole('dialog', { name: 'Corporate Events' }));
    expect(again.getByLabelText(/^Full Name/)).toHaveValue('');
    expect(again.getByLabelText(/^Company Name/)).toHaveValue('');
    expect(again.getByLabelText(/^Budget Range/)).toHaveValue('');
  });

  it('sends an unreadable guest count as 0, no date as null, and the bare service title without a company', async () => {
    answerInquiry();
    const { user, dialog } = await openInquiry('Wedding Catering');

    await fill(user, dialog.getByLabelText(/^Full Name/), 'Meera Joshi');
    await fill(user, dialog.getByLabelText(/^Email/), 'meera@example.in');
    await fill(user, dialog.getByLabelText(/^Phone/), '9893011223');
    await fill(user, dialog.getByLabelText(/^Guest Count/), 'about a hundred');
    await user.click(dialog.getByRole('button', { name: 'Submit Inquiry' }));

    await screen.findByText(/^Wedding Catering inquiry submitted successfully!/);
    const input = inquiryCalls()[0]!.input as {
      event_name: string;
      event_date: unknown;
      requirements: Record<string, unknown>;
    };
    expect(input.event_name).toBe('Wedding Catering');
    expect(input.event_date).toBeNull();
    expect(input).toMatchObject({ event_time: null, venue_name: null, venue_address: null });
    expect(input.requirements).toMatchObject({
      guest_count: 0,
      company_name: '',
      budget_range: '',
      decoration_required: true,
    });
  });

  it('asks for WhatsApp updates under the phone, unticked, sends the choice and clears it after sending', async () => {
    answerInquiry();
    const { user, dialog } = await openInquiry('Wedding Catering');
    const optIn = dialog.getByRole('checkbox', { name: 'Send me updates on WhatsApp at this number' });
    expect(optIn).not.toBeChecked();
    // Right under the phone, as on /book: the next control after the phone field.
    const controls = dialog.getAllByRole('textbox').concat(dialog.getAllByRole('checkbox'));
    const phone = dialog.getByLabelText(/^Phone/);
    const after = controls
      .filter((el) => phone.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING)
      .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
    expect(after[0]).toBe(optIn);

    await fill(user, dialog.getByLabelText(/^Full Name/), 'Meera Joshi');
    await fill(user, dialog.getByLabelText(/^Email/), 'meera@example.in');
    await fill(user, phone, '98930 11223');
    await fill(user, dialog.getByLabelText(/^Guest Count/), '150');
    await user.click(optIn);
    expect(optIn).toBeChecked();
    await user.click(dialog.getByRole('button', { name: 'Submit Inquiry' }));

    await screen.findByText(/^Wedding Catering inquiry submitted successfully!/);
    expect(inquiryCalls()[0]!.input).toMatchObject({ client_phone: '98930 11223', whatsapp_opt_in: true });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Request a custom quote for Wedding Catering' }));
    const again = within(await screen.findByRole('dialog', { name: 'Wedding Catering' }));
    expect(again.getByRole('checkbox', { name: 'Send me updates on WhatsApp at this number' })).not.toBeChecked();
  });

  it('keeps the dialog and what was typed when the server refuses, showing its detail', async () => {
    answerInquiry(() => {
      throw new TrpcTestError('BAD_REQUEST', 'Guest count can be at most 10,000');
    });
    const { user, dialog } = await openInquiry('Gala Dinners');
    await fill(user, dialog.getByLabelText(/^Full Name/), 'Meera Joshi');
    await fill(user, dialog.getByLabelText(/^Email/), 'meera@example.in');
    await fill(user, dialog.getByLabelText(/^Phone/), '9893011223');
    await fill(user, dialog.getByLabelText(/^Guest Count/), '20000');

    await user.click(dialog.getByRole('button', { name: 'Submit Inquiry' }));

    expect(await screen.findByText('Guest count can be at most 10,000')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Gala Dinners' })).toBeInTheDocument();
    expect(dialog.getByLabelText(/^Full Name/)).toHaveValue('Meera Joshi');
  });

  it('says which inquiry failed when the server gives no detail', async () => {
    answerInquiry(
      () => new HttpResponse('<html>Bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }),
    );
    const { user, dialog } = await openInquiry('Grazing Tables');
    await fill(user, dialog.getByLabelText(/^Full Name/), 'Meera Joshi');
    await fill(user, dialog.getByLabelText(/^Email/), 'meera@example.in');
    await fill(user, dialog.getByLabelText(/^Phone/), '9893011223');
    await fill(user, dialog.getByLabelText(/^Guest Count/), '60');

    await user.click(dialog.getByRole('button', { name: 'Submit Inquiry' }));

    expect(await screen.findByText('Failed to submit Grazing Tables inquiry')).toBeInTheDocument();
  });

  it('Cancel closes the dialog without sending and keeps what was typed', async () => {
    const { user, dialog } = await openInquiry('Wedding Catering');
    await fill(user, dialog.getByLabelText(/^Full Name/), 'Meera Joshi');

    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Request a custom quote for Wedding Catering' }));

    expect(within(await screen.findByRole('dialog')).getByLabelText(/^Full Name/)).toHaveValue('Meera Joshi');
    expect(inquiryCalls()).toHaveLength(0);
  });
});

describe('parseGuestCount', () => {
  it.each([
    ['150', 150],
    [' 1,200 ', 1200],
    ['150 guests', 150],
    ['12.7', 12],
    ['about a hundred', 0],
    ['', 0],
    ['-5', 0],
  ])('reads %j as %i', (raw, expected) => {
    expect(parseGuestCount(raw)).toBe(expected);
  });
});
