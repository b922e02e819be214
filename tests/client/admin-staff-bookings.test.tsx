import { screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { EventDateField } from '../../src/client/components/event-date-field';
import { addDays, formatLongDate, todayInIndia } from '../../src/shared/dates';
import { booking, customer, EVENT_DATE, openAdmin, page, toasts } from './admin-fixtures';
import { recordedCalls, server, trpcHandler, TrpcTestError } from './msw';
import { renderWithProviders } from './render';

type User = ReturnType<typeof userEvent.setup>;

function typedDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${day}/${month}/${year}`;
}

async function findDialog(name: string) {
  return within(await screen.findByRole('dialog', { name }));
}

async function type(user: User, element: HTMLElement, text: string) {
  await user.click(element);
  await user.type(element, text);
}

describe('New booking (docs/product.md#staff-bookings)', () => {
  it('takes a phone booking for an existing customer, offers the next free dates on a full day, and lists it', async () => {
    const full = addDays(todayInIndia(), 30);
    const free = [addDays(full, 1), addDays(full, 2), addDays(full, 5)];
    const created = booking(9, { event_name: 'Mehta Sangeet', client_name: 'Customer 3', source: 'phone' });
    let listed = [booking(1)];
    const { user } = await openAdmin({
      'admin.bookings.list': () => page(listed),
      'admin.customers.list': ({ input }) =>
        (input as { q?: string }).q ? page([customer(3, { phone: '+919425078316' })]) : page([]),
      'admin.bookings.create': ({ input }) => {
        if ((input as { event_date: string }).event_date === full) {
          throw new TrpcTestError('CONFLICT', 'Fully booked: 3 of 3 events', { next_free_dates: free });
        }
        listed = [created, ...listed];
        return {
          message: 'Booking quoted for Customer 3; the quote was e-mailed to customer3@example.in',
          booking: created,
        };
      },
    });

    await user.click(await screen.findByRole('button', { name: 'New booking' }));
    const dialog = await findDialog('New booking');
    await type(user, dialog.getByLabelText(/^Find an existing customer/), '94250');
    await user.click(await dialog.findByRole('button', { name: /Customer 3 · \+919425078316/ }));
    expect(dialog.getByLabelText(/^Full Name/)).toHaveValue('Customer 3');
    expect(dialog.getByLabelText(/^Email Address/)).toHaveValue('customer3@example.in');
    expect(dialog.getByRole('status')).toHaveTextContent('Existing customer: Customer 3');

    await user.selectOptions(dialog.getByLabelText(/^Source/), 'Phone');
    await user.selectOptions(dialog.getByLabelText(/^Event Type/), 'wedding');
    await type(user, dialog.getByLabelText(/^Event Name/), 'Mehta Sangeet');
    await type(user, dialog.getByLabelText(/^Expected Guest Count/), '150');
    await user.selectOptions(dialog.getByLabelText(/^Venue Type/), 'indoor');
    // The venue's city is the event's: the customer's home city (Bhopal) is not filled in for it.
    expect(dialog.getByLabelText(/^Venue Location\/City/)).toHaveValue('');
    await type(user, dialog.getByLabelText(/^Venue Location\/City/), 'Indore');
    // The live package price, from the shared rule, before GST.
    expect(await dialog.findByText('Package price')).toBeInTheDocument();
    expect(dialog.getByText('Before GST')).toBeInTheDocument();

    await type(user, dialog.getByLabelText(/^Event Date/), typedDate(full));
    await user.tab();
    await user.click(dialog.getByRole('button', { name: 'Save booking' }));

    const offered = within(await dialog.findByRole('group', { name: 'Next free dates' }));
    expect(dialog.getByLabelText(/^Event Date/)).toHaveAccessibleDescription('Fully booked: 3 of 3 events');
    expect(offered.getAllByRole('button').map((b) => b.textContent)).toEqual(free.map(formatLongDate));
    await user.click(offered.getByRole('button', { name: formatLongDate(free[0]!) }));
    await user.click(dialog.getByRole('button', { name: 'Save booking' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New booking' })).toBeNull());
    expect(await toasts().findByText(/Booking quoted for Customer 3/)).toBeInTheDocument();
    expect(await screen.findByText('Mehta Sangeet')).toBeInTheDocument();
    const sent = recordedCalls('admin.bookings.create').map((call) => call.input);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatchObject({
      customer_id: customer(3).id,
      client_name: 'Customer 3',
      source: 'phone',
      event_type: 'wedding',
      event_date: free[0],
      guest_count: 150,
      location: 'Indore',
      pricing: 'package',
      tier: 'basic',
    });
  });

  it('shows the shared schema’s messages at the fields and sends nothing', async () => {
    const { user } = await openAdmin({ 'admin.bookings.list': () => page([booking(1)]) });
    await user.click(await screen.findByRole('button', { name: 'New booking' }));
    const dialog = await findDialog('New booking');
    await type(user, dialog.getByLabelText(/^Email Address/), 'not-an-email');
    // A fractional guest count is refused in the API's words, not cut to 150 nor called "not a number".
    await type(user, dialog.getByLabelText(/^Expected Guest Count/), '150.7');
    await user.click(dialog.getByRole('button', { name: 'Save booking' }));
    expect(dialog.getByLabelText(/^Full Name/)).toHaveAttribute('aria-invalid', 'true');
    expect(dialog.getByLabelText(/^Full Name/)).toHaveFocus();
    expect(dialog.getByLabelText(/^Email Address/)).toHaveAttribute('aria-invalid', 'true');
    expect(dialog.getByLabelText(/^Expected Guest Count/)).toHaveAttribute('aria-invalid', 'true');
    expect(dialog.getByLabelText(/^Expected Guest Count/)).toHaveAccessibleDescription(
      'Guest count must be a whole number',
    );
    expect(recordedCalls('admin.bookings.create')).toHaveLength(0);
  });
});

describe('Edit details (docs/product.md#staff-bookings)', () => {
  it('saves only what changed and shows the re-derived total; a day without room is shown at the guests', async () => {
    let current = booking(1, { status: 'confirmed', final_amount: 120_000, venue_name: 'Radisson Blu' });
    const { user } = await openAdmin({
      'admin.bookings.list': () => page([current]),
      'admin.bookings.get': () => current,
      'admin.bookings.updateDetails': ({ input }) => {
        const changes = input as { guest_count?: number; event_time?: string };
        if (changes.guest_count === 500) throw new TrpcTestError('CONFLICT', 'Room for 100 more guests on this day');
        current = {
          ...current,
          requirements: { ...current.requirements, guest_count: changes.guest_count ?? 101 },
          event_time: changes.event_time ?? null,
          final_amount: 180_000,
          updated_at: '2026-11-26T03:00:00.000Z',
        };
        return { message: 'Event 1 updated; the customer told', booking: current };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'View Event 1' }));
    const dialog = await findDialog('Booking Details');
    await user.click(await dialog.findByRole('button', { name: 'Edit details' }));

    const guests = dialog.getByLabelText(/^Guest Count/);
    await user.clear(guests);
    await user.type(guests, '500');
    await user.click(dialog.getByRole('button', { name: 'Save details' }));
    await waitFor(() => expect(guests).toHaveAccessibleDescription('Room for 100 more guests on this day'));
    expect(guests).toHaveAttribute('aria-invalid', 'true');

    // A fractional count is refused at the field in the API's words, and not sent.
    await user.clear(guests);
    await user.type(guests, '150.7');
    await user.click(dialog.getByRole('button', { name: 'Save details' }));
    expect(guests).toHaveAccessibleDescription('Guest count must be a whole number');
    expect(guests).toHaveAttribute('aria-invalid', 'true');
    expect(recordedCalls('admin.bookings.updateDetails')).toHaveLength(1);

    await user.clear(guests);
    await user.type(guests, '150');
    await type(user, dialog.getByLabelText(/^Event Time/), '7:30 PM');
    await user.click(dialog.getByRole('button', { name: 'Save details' }));

    expect(await dialog.findByText('Details saved')).toBeInTheDocument();
    expect(dialog.getByText(/Quoted total now ₹1,80,000/)).toBeInTheDocument();
    expect(await toasts().findByText('Event 1 updated; the customer told')).toBeInTheDocument();
    expect(recordedCalls('admin.bookings.updateDetails').at(-1)?.input).toEqual({
      id: current.id,
      guest_count: 150,
      event_time: '7:30 PM',
    });
  });
});

function DateField({ guests }: { guests: number }) {
  const [value, setValue] = useState('');
  return <EventDateField value={value} onValueChange={setValue} min={todayInIndia()} availability={{ guests }} />;
}

describe('The event date picker with availability (docs/product.md#calendar)', () => {
  it('asks for the month on screen only and marks full and closed days with their reason', async () => {
    const month = EVENT_DATE.slice(0, 7);
    const fullDay = `${month}-15`;
    const closedDay = `${month}-16`;
    server.use(
      trpcHandler('calendar.availability', ({ input }) => {
        const asked = (input as { month: string }).month;
        return {
          month: asked,
          today: todayInIndia(),
          days: [
            { date: fullDay, status: 'full', reason: 'Fully booked: 3 of 3 events', surcharge: null },
            { date: closedDay, status: 'closed', reason: 'Closed: Diwali', surcharge: null },
          ].filter((day) => day.date.startsWith(asked)),
        };
      }),
    );
    const { user } = renderWithProviders(<DateField guests={120} />);
    expect(recordedCalls('calendar.availability')).toHaveLength(0);
    await type(user, screen.getByLabelText(/^Event Date/), typedDate(`${month}-10`));
    await user.tab();
    await user.click(await screen.findByRole('button', { name: 'Open calendar' }));

    const full = await waitFor(() => {
      const cell = document.querySelector<HTMLElement>(`[data-part="table-cell-trigger"][data-value="${fullDay}"]`);
      expect(cell).toHaveAttribute('title', 'Fully booked: 3 of 3 events');
      return cell!;
    });
    expect(full).toHaveAttribute('aria-disabled', 'true');
    expect(full.getAttribute('aria-label')).toMatch(/^Not available\. .*Fully booked: 3 of 3 events$/);
    const closed = document.querySelector(`[data-part="table-cell-trigger"][data-value="${closedDay}"]`);
    expect(closed).toHaveAttribute('title', 'Closed: Diwali');
    expect(recordedCalls('calendar.availability').map((call) => call.input)).toEqual([{ month, guests: 120 }]);
  });
});
