import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { addDays, formatLongDate, todayInIndia } from '../../src/shared/dates';
import type { CalendarEventDto, CalendarEventsQuery } from '../../src/shared/schemas/calendar';
import { emptyCalendar, openAdmin, openTab, toasts, uuid } from './admin-fixtures';
import { CalendarRunSheet } from '../../src/client/pages/admin/calendar-run-sheet';
import { recordedCalls, server, TrpcTestError, trpcHandler } from './msw';
import { renderWithProviders } from './render';

const TODAY = todayInIndia();
const MONTH = TODAY.slice(0, 7);
/** Two days of this month, so the month view shows them whatever today is. */
const BUSY = `${MONTH}-12`;
const CLOSED = `${MONTH}-20`;

function calendarEvent(n: number, overrides: Partial<CalendarEventDto> = {}): CalendarEventDto {
  return {
    booking_id: uuid('b', n),
    event_date: BUSY,
    event_time: '7 PM',
    event_name: `Event ${n}`,
    event_type: 'wedding',
    status: 'confirmed',
    guest_count: 100,
    client_name: `Client ${n}`,
    client_phone: '+91-9876543210',
    venue: 'Lalbagh Palace, Indore',
    supplier: null,
    notes: null,
    source: 'website',
    diet: null,
    ...overrides,
  };
}

const EVENTS: CalendarEventDto[] = [
  calendarEvent(1, {
    event_name: 'Sharma Sangeet',
    event_time: '7 PM',
    guest_count: 250,
    supplier: 'Supplier 1 Caterers',
    diet: { veg: 180, jain: 50, non_veg: 20, needs_review: false },
  }),
  calendarEvent(2, {
    event_name: 'Mehta Haldi',
    event_time: '10:30 AM',
    guest_count: 80,
    status: 'quoted',
    event_type: 'pre_wedding',
    client_name: 'Anita Mehta',
    source: 'phone',
    notes: 'Jain food for 20',
  }),
  calendarEvent(3, { event_name: 'Infotech Offsite', event_date: CLOSED, event_type: 'corporate', guest_count: 40 }),
];

/** The calendar answer the server gives for a range and filters: the fixture events, a closed day and a full day. */
function calendarAnswer(input: unknown) {
  const query = input as CalendarEventsQuery;
  const base = emptyCalendar(query);
  const events = EVENTS.filter(
    (event) =>
      event.event_date >= query.from &&
      event.event_date <= query.to &&
      (!query.status || event.status === query.status) &&
      (!query.event_type || event.event_type === query.event_type),
  );
  const days = base.days.map((day) =>
    day.date === CLOSED && day.status !== 'past'
      ? { ...day, status: 'closed' as const, reason: 'Closed: Diwali', events: 1, guests: 40 }
      : day.date === BUSY && day.status !== 'past'
        ? {
            ...day,
            status: 'full' as const,
            reason: 'Fully booked: 1 of 1 events',
            events: 1,
            guests: 250,
            max_events: 1,
            surcharge: { percent: 10, reason: 'Muhurat' },
          }
        : day,
  );
  return { ...base, events, days };
}

async function openCalendar(overrides: Parameters<typeof openAdmin>[0] = {}) {
  const view = await openAdmin({ 'admin.calendar.events': ({ input }) => calendarAnswer(input), ...overrides });
  await openTab(view.user, /Calendar/);
  await screen.findByRole('grid', { name: /^Events in / });
  return view;
}

/** "December 2026" for 2026-12-05. */
function monthName(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** The same day a month before (every day a grid starts a month with exists a month earlier but 29–31). */
function monthBefore(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), last));
  return target.toISOString().slice(0, 10);
}

function dayButton(date: string): HTMLElement {
  return screen.getByRole('button', { name: new RegExp(`^\\w+day, ${formatLongDate(date)}`) });
}

/** The texts drawn in a day cell (its day number, marks, event names, counts), which screen readers skip. */
function shownTexts(button: HTMLElement): string[] {
  return [...button.querySelectorAll('[aria-hidden="true"] *')]
    .filter((element) => element.children.length === 0 && element.textContent!.trim() !== '')
    .map((element) => element.textContent!.trim());
}

/** Whether every word and number of `text` starts a word of `name` ("12" in "December 12th", "2" in "2 events"). */
function namesAll(name: string, text: string): boolean {
  const words = text.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  return words.every((word) => new RegExp(`(^|[^\\p{L}\\p{N}])${word}`, 'iu').test(name));
}

describe('Calendar tab', () => {
  it('shows the month as a labelled grid with events, closed and full days marked, and moves by keyboard', async () => {
    const { user } = await openCalendar();
    const grid = screen.getByRole('grid');
    const headers = within(grid).getAllByRole('columnheader');
    const weekdays = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
    expect(headers).toHaveLength(7);
    // Each header holds text, not just a label: the whole name for screen readers, the short one drawn.
    headers.forEach((cell, i) => {
      expect(cell).not.toHaveAttribute('aria-label');
      expect(cell).toHaveAccessibleName(weekdays[i]);
      expect(within(cell).getByText(weekdays[i]!)).toBeInTheDocument();
      expect(within(cell).getByText(weekdays[i]!.slice(0, 3))).toHaveAttribute('aria-hidden', 'true');
    });
    const [call] = recordedCalls('admin.calendar.events');
    const input = call!.input as CalendarEventsQuery;
    // Whole weeks around the month, Monday first.
    expect(new Date(`${input.from}T00:00:00Z`).getUTCDay()).toBe(1);
    expect(input.from <= `${MONTH}-01` && input.to >= `${MONTH}-28`).toBe(true);

    expect(within(grid).getByText('Sharma Sangeet')).toBeInTheDocument();
    expect(within(grid).getByText('Infotech Offsite')).toBeInTheDocument();
    const today = screen.getByRole('button', { current: 'date' });
    expect(today).toHaveAccessibleName(new RegExp(formatLongDate(TODAY)));
    if (CLOSED >= TODAY) {
      expect(dayButton(CLOSED)).toHaveAccessibleName(/1 event: Infotech Offsite, 40 guests, Closed: Diwali/);
      expect(within(grid).getByText('Closed: Diwali')).toBeInTheDocument();
    }
    if (BUSY >= TODAY) {
      expect(dayButton(BUSY)).toHaveAccessibleName(
        /2 events: Sharma Sangeet, Mehta Haldi, 330 guests, Fully booked: 1 of 1 events, Peak \+10%: Muhurat/,
      );
    }

    // One day is in the tab order; arrows move it.
    const start = screen.getAllByRole('button').filter((b) => b.dataset.date && b.tabIndex === 0);
    expect(start).toHaveLength(1);
    start[0]!.focus();
    const from = start[0]!.dataset.date!;
    // Towards the grid's end when a week and a day fit before it, else towards its start (the tab stop is today,
    // which may sit in the grid's last row).
    if (addDays(from, 8) <= input.to) {
      await user.keyboard('{ArrowRight}');
      expect(document.activeElement).toHaveAttribute('data-date', addDays(from, 1));
      await user.keyboard('{ArrowDown}');
      expect(document.activeElement).toHaveAttribute('data-date', addDays(from, 8));
      await user.keyboard('{ArrowUp}{ArrowLeft}');
    } else {
      await user.keyboard('{ArrowLeft}');
      expect(document.activeElement).toHaveAttribute('data-date', addDays(from, -1));
      await user.keyboard('{ArrowUp}');
      expect(document.activeElement).toHaveAttribute('data-date', addDays(from, -8));
      await user.keyboard('{ArrowDown}{ArrowRight}');
    }
    expect(document.activeElement).toHaveAttribute('data-date', from);
  });

  it('names each day with the words its cell shows, so what a person sees is what voice control hears', async () => {
    // A busy day: three events named in the cell, the rest counted.
    const PACKED = `${MONTH}-05`;
    const packed = [1, 2, 3, 4, 5].map((n) =>
      calendarEvent(20 + n, { event_date: PACKED, event_name: `Packed ${n}`, guest_count: 10 }),
    );
    await openCalendar({
      'admin.calendar.events': ({ input }) => {
        const answer = calendarAnswer(input);
        return { ...answer, events: [...answer.events, ...packed] };
      },
    });
    // Each day button's accessible name, as Testing Library computes it.
    const names = new Map<HTMLElement, string>();
    within(screen.getByRole('grid')).getAllByRole('button', {
      name: (name, element) => {
        if (element instanceof HTMLElement && element.dataset.date) names.set(element, name);
        return true;
      },
    });
    expect(names.size).toBeGreaterThanOrEqual(28);
    for (const [button, name] of names) {
      expect(button).not.toHaveAttribute('aria-label');
      const shown = shownTexts(button);
      // The day number at least; on busy days the event count, names and guests too.
      expect(shown).toContain(String(Number(button.dataset.date!.slice(8, 10))));
      for (const text of shown) expect({ name, text, named: namesAll(name, text) }).toMatchObject({ named: true });
    }
    const day = dayButton(PACKED);
    expect(day).toHaveAccessibleName(/, 5 events: Packed 1, Packed 2, Packed 3 and 2 more, 50 guests/);
    expect(shownTexts(day)).toEqual(expect.arrayContaining(['5', 'Packed 1', 'Packed 3', '+2 more', '50 guests']));
  });

  it('moves past the grid’s edge into the next month, and a month at a time with Page Up and Page Down', async () => {
    const { user } = await openCalendar();
    const first = recordedCalls('admin.calendar.events')[0]!.input as CalendarEventsQuery;
    // The grid's last day, then one step on: the month after is shown with the day after focused.
    dayButton(first.to).focus();
    await user.keyboard('{ArrowRight}');
    const next = addDays(first.to, 1);
    await waitFor(() => expect(document.activeElement).toHaveAttribute('data-date', next));
    expect(screen.getByRole('grid')).toHaveAccessibleName(`Events in ${monthName(next)}`);
    expect(document.activeElement).toHaveAttribute('tabindex', '0');

    // Page Up: the same day a month before, in that month's grid.
    await user.keyboard('{PageUp}');
    const back = monthBefore(next);
    await waitFor(() => expect(document.activeElement).toHaveAttribute('data-date', back));
    expect(screen.getByRole('grid')).toHaveAccessibleName(`Events in ${monthName(back)}`);
    // Page Down brings it back.
    await user.keyboard('{PageDown}');
    await waitFor(() => expect(document.activeElement).toHaveAttribute('data-date', next));
  });

  it('opens a day’s run sheet from the keyboard, its events in time order with contact, venue and supplier', async () => {
    const { user } = await openCalendar();
    dayButton(BUSY).focus();
    await user.keyboard('{Enter}');
    const sheet = await screen.findByRole('region', { name: new RegExp(`Run sheet: \\w+, ${formatLongDate(BUSY)}`) });
    expect(within(sheet).getByRole('heading', { level: 2 })).toHaveFocus();
    const list = await within(sheet).findByRole('list', { name: `Events on ${formatLongDate(BUSY)}` });
    const items = within(list).getAllByRole('listitem');
    // Each event's heading is one level under the sheet's.
    expect(items.map((item) => within(item).getByRole('heading', { level: 3 }).textContent)).toEqual([
      '10:30 AM · Mehta Haldi',
      '7 PM · Sharma Sangeet',
    ]);
    expect(items[0]).toHaveTextContent('80 guests');
    expect(items[0]).toHaveTextContent('No supplier awarded yet');
    expect(items[0]).toHaveTextContent('Anita Mehta');
    expect(items[0]).toHaveTextContent('Phone');
    expect(items[0]).toHaveTextContent('Jain food for 20');
    expect(within(items[0]!).getByRole('link', { name: '+91-9876543210' })).toHaveAttribute(
      'href',
      'tel:+91-9876543210',
    );
    expect(items[1]).toHaveTextContent('Supplier 1 Caterers');
    expect(items[1]).toHaveTextContent('Lalbagh Palace, Indore');
    // The diet split where the customer chose a menu; said plainly where they have not.
    expect(items[1]).toHaveTextContent('DietVeg guests 180 · Jain guests 50 · Non-veg guests 20');
    expect(items[0]).toHaveTextContent('DietNo menu chosen yet');
    expect(
      within(sheet).getByText(
        'By diet, over 1 of 2 events with a menu: Veg guests 180 · Jain guests 50 · Non-veg guests 20',
      ),
    ).toBeInTheDocument();
    const sheetCall = recordedCalls('admin.calendar.events').at(-1)!.input as CalendarEventsQuery;
    expect(sheetCall).toMatchObject({ from: BUSY, to: BUSY });

    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    await user.click(within(sheet).getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    await user.click(within(sheet).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('region', { name: /Run sheet/ })).not.toBeInTheDocument();
  });

  it('adds up the day’s diet split when every event has a menu, and flags a split awaiting the customer', async () => {
    const day = addDays(TODAY, 9);
    const events = [
      calendarEvent(11, {
        event_date: day,
        event_name: 'Jain Wedding Lunch',
        guest_count: 1200,
        diet: { veg: 200, jain: 1000, non_veg: 0, needs_review: false },
      }),
      calendarEvent(12, {
        event_date: day,
        event_name: 'Rao Reception',
        guest_count: 320,
        diet: { veg: 120, jain: 0, non_veg: 200, needs_review: true },
      }),
    ];
    server.use(
      trpcHandler('admin.calendar.events', ({ input }) => ({
        ...emptyCalendar(input as CalendarEventsQuery),
        events,
      })),
    );
    renderWithProviders(<CalendarRunSheet date={day} onClose={() => {}} />);
    const list = await screen.findByRole('list', { name: `Events on ${formatLongDate(day)}` });
    const [lunch, reception] = within(list).getAllByRole('listitem');
    expect(lunch).toHaveTextContent('DietVeg guests 200 · Jain guests 1,000 · Non-veg guests 0');
    expect(lunch).not.toHaveTextContent('yet to confirm');
    expect(reception).toHaveTextContent('DietVeg guests 120 · Jain guests 0 · Non-veg guests 200');
    expect(reception).toHaveTextContent(
      'The guest count changed after the menu was saved; the customer has yet to confirm this split.',
    );
    expect(
      screen.getByText(
        'By diet, over every event with a menu: Veg guests 320 · Jain guests 1,000 · Non-veg guests 200',
      ),
    ).toBeInTheDocument();
  });

  it('filters by status and event type, switches to the week view and steps weeks and months', async () => {
    const { user } = await openCalendar();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Quoted');
    await waitFor(() =>
      expect(recordedCalls('admin.calendar.events').at(-1)!.input).toMatchObject({ status: 'quoted' }),
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Event type' }), 'Corporate Event');
    await waitFor(() =>
      expect(recordedCalls('admin.calendar.events').at(-1)!.input).toMatchObject({
        status: 'quoted',
        event_type: 'corporate',
      }),
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), '');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Event type' }), '');

    dayButton(BUSY).focus();
    await user.click(screen.getByRole('button', { name: 'Week' }));
    expect(screen.getByRole('button', { name: 'Week' })).toHaveAttribute('aria-pressed', 'true');
    const week = await screen.findByRole('list', { name: 'Days of the week' });
    expect(within(week).getAllByRole('heading', { level: 3 })).toHaveLength(7);
    await waitFor(() => expect(within(week).getByText(/Sharma Sangeet/)).toBeInTheDocument());
    expect(within(week).getByText('Supplier 1 Caterers')).toBeInTheDocument();
    expect(within(week).getByText('250 guests', { exact: false })).toBeInTheDocument();
    const weekCall = recordedCalls('admin.calendar.events').at(-1)!.input as CalendarEventsQuery;
    expect(addDays(weekCall.from, 6)).toBe(weekCall.to);

    await user.click(screen.getByRole('button', { name: 'Next week' }));
    await waitFor(() =>
      expect(recordedCalls('admin.calendar.events').at(-1)!.input).toMatchObject({ from: addDays(weekCall.from, 7) }),
    );
    await user.click(within(week).getAllByRole('button', { name: /^Run sheet for / })[0]!);
    expect(await screen.findByRole('region', { name: /Run sheet/ })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Month' }));
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    await screen.findByRole('grid');
    await user.click(screen.getByRole('button', { name: 'Today' }));
    expect(screen.getByRole('button', { current: 'date' })).toBeInTheDocument();
  });

  it('says so when the calendar cannot load, and tries again', async () => {
    let fail = true;
    const view = await openAdmin({
      'admin.calendar.events': ({ input }) => {
        if (fail) throw new TrpcTestError('INTERNAL_SERVER_ERROR', 'down');
        return calendarAnswer(input);
      },
    });
    await openTab(view.user, /Calendar/);
    expect(await screen.findByText('Failed to load the calendar')).toBeInTheDocument();
    fail = false;
    await view.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('grid')).toBeInTheDocument();
  });
});

/** The address's query string as an object. */
function addressQuery(view: { currentUrl(): string }): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(view.currentUrl().split('?')[1] ?? ''));
}

/** `YYYY-MM` of the month `months` after this one. */
function monthAhead(months: number): string {
  const [year, month] = [Number(MONTH.slice(0, 4)), Number(MONTH.slice(5, 7))];
  return new Date(Date.UTC(year, month - 1 + months, 1)).toISOString().slice(0, 7);
}

/** The Monday of the week holding `date`. */
function mondayOf(date: string): string {
  return addDays(date, -((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7));
}

function openCalendarAt(query: string) {
  return openAdmin({ 'admin.calendar.events': ({ input }) => calendarAnswer(input) }, `/admin?tab=calendar&${query}`);
}

describe('Calendar tab: its view, month or week and filters in the address', () => {
  it('opens the month, the week and the filters a link names, asking the server for those alone', async () => {
    const month = await openCalendarAt('month=2027-03&status=quoted&event_type=pre_wedding');
    expect(await screen.findByRole('grid', { name: 'Events in March 2027' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Month' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('quoted');
    expect(screen.getByRole('combobox', { name: 'Event type' })).toHaveValue('pre_wedding');
    // Whole weeks around March 2027 (Monday 1 March to Sunday 4 April), and never the current month first.
    expect(recordedCalls('admin.calendar.events').map((call) => call.input)).toEqual([
      { from: '2027-03-01', to: '2027-04-04', status: 'quoted', event_type: 'pre_wedding' },
    ]);
    month.unmount();

    // A week is named by any of its days.
    await openCalendarAt('view=week&week=2027-03-10');
    expect(await screen.findByRole('list', { name: 'Days of the week' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Week' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('heading', { name: `Week of ${formatLongDate('2027-03-08')}` })).toBeInTheDocument();
    expect(recordedCalls('admin.calendar.events').at(-1)!.input).toEqual({
      from: '2027-03-08',
      to: '2027-03-14',
      status: '',
      event_type: '',
    });
  });

  it('writes what the admin chooses into the address, leaving the defaults out and Back to leave the dashboard', async () => {
    const view = await openCalendar();
    const { user } = view;
    expect(view.currentUrl()).toBe('/admin?tab=calendar');
    const entries = view.history.length;

    await user.click(screen.getByRole('button', { name: 'Next month' }));
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    const later = monthAhead(2);
    expect(addressQuery(view)).toEqual({ tab: 'calendar', month: later });
    expect(await screen.findByRole('grid', { name: `Events in ${monthName(`${later}-01`)}` })).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Quoted');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Event type' }), 'Corporate Event');
    expect(addressQuery(view)).toEqual({ tab: 'calendar', month: later, status: 'quoted', event_type: 'corporate' });

    // The week of the month's first day, the month left behind.
    await user.click(screen.getByRole('button', { name: 'Week' }));
    const week = mondayOf(`${later}-01`);
    expect(addressQuery(view)).toEqual({
      tab: 'calendar',
      view: 'week',
      week,
      status: 'quoted',
      event_type: 'corporate',
    });
    await waitFor(() =>
      expect(recordedCalls('admin.calendar.events').at(-1)!.input).toEqual({
        from: week,
        to: addDays(week, 6),
        status: 'quoted',
        event_type: 'corporate',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Next week' }));
    expect(addressQuery(view)).toMatchObject({ view: 'week', week: addDays(week, 7) });

    // This week and this month are the defaults: the address drops them, then the filters.
    await user.click(screen.getByRole('button', { name: 'Today' }));
    expect(addressQuery(view)).toEqual({ tab: 'calendar', view: 'week', status: 'quoted', event_type: 'corporate' });
    await user.click(screen.getByRole('button', { name: 'Month' }));
    expect(addressQuery(view)).toEqual({ tab: 'calendar', status: 'quoted', event_type: 'corporate' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'All but cancelled');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Event type' }), 'All event types');
    expect(view.currentUrl()).toBe('/admin?tab=calendar');
    // Each change replaced the history entry, as the tab and the lists' filters do.
    expect(view.history).toHaveLength(entries);
  });

  it('keeps an open run sheet’s day in the address, opens the one a link names and drops it on closing', async () => {
    const view = await openCalendar();
    const { user } = view;
    dayButton(BUSY).focus();
    await user.keyboard('{Enter}');
    const sheetName = new RegExp(`Run sheet: \\w+, ${formatLongDate(BUSY)}`);
    expect(await screen.findByRole('region', { name: sheetName })).toBeInTheDocument();
    expect(addressQuery(view)).toEqual({ tab: 'calendar', day: BUSY });
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('region', { name: /Run sheet/ })).not.toBeInTheDocument();
    expect(view.currentUrl()).toBe('/admin?tab=calendar');
    view.unmount();

    const linked = await openCalendarAt(`day=${BUSY}`);
    const sheet = await screen.findByRole('region', { name: sheetName });
    expect(await within(sheet).findByRole('list', { name: `Events on ${formatLongDate(BUSY)}` })).toBeInTheDocument();
    linked.unmount();

    // A day that is no date opens nothing.
    await openCalendarAt('day=2027-02-30');
    expect(await screen.findByRole('grid')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Run sheet/ })).not.toBeInTheDocument();
  });

  it('reads a view, month, week, status or event type it does not know as the default', async () => {
    const month = await openCalendarAt('view=year&month=2026-13&week=2027-03-10&status=lost&event_type=party');
    expect(await screen.findByRole('grid', { name: `Events in ${monthName(TODAY)}` })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Month' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Event type' })).toHaveValue('');
    const [call] = recordedCalls('admin.calendar.events');
    expect(call!.input).toMatchObject({ status: '', event_type: '' });
    expect((call!.input as CalendarEventsQuery).from <= TODAY && TODAY <= (call!.input as CalendarEventsQuery).to).toBe(
      true,
    );
    month.unmount();

    for (const query of ['month=1999-12', 'month=2027-3', 'month=March']) {
      const again = await openCalendarAt(query);
      expect(await screen.findByRole('grid', { name: `Events in ${monthName(TODAY)}` })).toBeInTheDocument();
      again.unmount();
    }

    // A week that is no date (30 February) is this week; a month means nothing to the week view.
    await openCalendarAt('view=week&week=2027-02-30&month=2027-03');
    expect(await screen.findByRole('list', { name: 'Days of the week' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: `Week of ${formatLongDate(mondayOf(TODAY))}` })).toBeInTheDocument();
  });
});

describe('Calendar tab: the phone calendar feed', () => {
  it('makes the secret URL, shows it once with a copy button, and revokes it after a confirmation', async () => {
    const url = 'https://example.test/api/calendar/feed/abc123.ics';
    let state = { active: false, created_at: null as string | null, url: null as string | null };
    const { user } = await openCalendar({
      'admin.calendar.feed': () => state,
      'admin.calendar.createFeed': () => {
        state = { active: true, created_at: '2026-11-20T05:30:00.000Z', url: null };
        return { ...state, url };
      },
      'admin.calendar.revokeFeed': () => {
        state = { active: false, created_at: null, url: null };
        return state;
      },
    });
    const card = screen.getByRole('region', { name: 'Phone calendar feed' });
    expect(await within(card).findByText('You have no calendar feed.')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Make a feed URL' }));
    const field = await within(card).findByRole('textbox', { name: /Your feed URL/ });
    expect(field).toHaveValue(url);
    expect(await toasts().findByText('Calendar feed URL made')).toBeInTheDocument();
    expect(within(card).getByText(/Your feed is live, made/)).toBeInTheDocument();

    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(within(card).getByRole('button', { name: 'Copy URL' }));
    expect(writeText).toHaveBeenCalledWith(url);
    expect(await toasts().findByText('Feed URL copied')).toBeInTheDocument();

    // A new URL asks first: the old one stops working.
    await user.click(within(card).getByRole('button', { name: 'Make a new feed URL' }));
    const replace = await screen.findByRole('alertdialog', { name: 'Make a new feed URL?' });
    await user.click(within(replace).getByRole('button', { name: 'Cancel' }));
    expect(recordedCalls('admin.calendar.createFeed')).toHaveLength(1);

    await user.click(within(card).getByRole('button', { name: 'Revoke feed' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Revoke the calendar feed?' });
    await user.click(within(confirm).getByRole('button', { name: 'Revoke feed' }));
    expect(await toasts().findByText('Calendar feed revoked')).toBeInTheDocument();
    expect(recordedCalls('admin.calendar.revokeFeed')).toHaveLength(1);
    await waitFor(() => expect(within(card).queryByRole('textbox')).not.toBeInTheDocument());
    expect(within(card).getByText('You have no calendar feed.')).toBeInTheDocument();
  });

  it('keeps the one-time URL when the card is replaced while it is made, and after leaving the tab', async () => {
    const url = 'https://example.test/api/calendar/feed/remount.ics';
    let state = { active: false, created_at: null as string | null, url: null as string | null };
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const { user } = await openCalendar({
      'admin.calendar.feed': () => state,
      'admin.calendar.createFeed': async () => {
        await answered;
        state = { active: true, created_at: '2026-11-20T05:30:00.000Z', url: null };
        return { ...state, url };
      },
    });
    const card = () => screen.getByRole('region', { name: 'Phone calendar feed' });
    await within(card()).findByText('You have no calendar feed.');
    await user.click(within(card()).getByRole('button', { name: 'Make a feed URL' }));

    // The card goes away before the answer (the tab is left), and a new one is made when the admin returns.
    await openTab(user, /Bookings/);
    // The tab's content leaves once the switch has rendered, which a busy machine may take a moment to do.
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Phone calendar feed' })).not.toBeInTheDocument());
    answer();
    expect(await toasts().findByText('Calendar feed URL made')).toBeInTheDocument();
    await openTab(user, /Calendar/);
    expect(await within(card()).findByRole('textbox', { name: /Your feed URL/ })).toHaveValue(url);

    await openTab(user, /Bookings/);
    await openTab(user, /Calendar/);
    expect(await within(card()).findByRole('textbox', { name: /Your feed URL/ })).toHaveValue(url);
    expect(recordedCalls('admin.calendar.createFeed')).toHaveLength(1);
  });

  it('toasts the server’s detail when the feed cannot be made', async () => {
    const { user } = await openCalendar({
      'admin.calendar.createFeed': () => {
        throw new TrpcTestError('TOO_MANY_REQUESTS', 'Too many requests, try again in a minute');
      },
    });
    const card = screen.getByRole('region', { name: 'Phone calendar feed' });
    await user.click(await within(card).findByRole('button', { name: 'Make a feed URL' }));
    expect(await toasts().findByText('Too many requests, try again in a minute')).toBeInTheDocument();
    expect(within(card).queryByRole('textbox')).not.toBeInTheDocument();
  });
});

describe('Settings tab: capacity and dates', () => {
  async function openSettings(overrides: Parameters<typeof openAdmin>[0] = {}) {
    const view = await openAdmin(overrides);
    await openTab(view.user, /Settings/);
    await screen.findByRole('form', { name: 'Daily capacity' });
    return view;
  }

  it('checks the daily limits at their fields and saves them with the bid numbers unchanged', async () => {
    const rules = {
      max_events_per_day: null,
      max_guests_per_day: null,
      supplier_budget_percent: 65,
      bid_floor_percent: 35,
    };
    const { user } = await openSettings({
      'admin.settings.operationsRules': () => ({ rules, defaults: rules }),
      'admin.settings.updateOperationsRules': ({ input }) => ({ rules: input, defaults: rules }),
    });
    const form = screen.getByRole('form', { name: 'Daily capacity' });
    const events = within(form).getByRole('textbox', { name: 'Maximum events per day' });
    const guests = within(form).getByRole('textbox', { name: 'Maximum guests per day' });
    expect(events).toHaveValue('');
    await user.type(events, '2.5');
    await user.type(guests, '0');
    await user.click(within(form).getByRole('button', { name: 'Save capacity' }));
    expect(await within(form).findByText('Events per day must be a whole number')).toBeInTheDocument();
    // 0 would refuse every date of the year.
    expect(within(form).getByText('Guests per day must be at least 1, or empty for no limit')).toBeInTheDocument();
    expect(events).toHaveFocus();
    expect(recordedCalls('admin.settings.updateOperationsRules')).toHaveLength(0);

    await user.clear(events);
    await user.type(events, '3');
    await user.clear(guests);
    await user.type(guests, '1200');
    await user.click(within(form).getByRole('button', { name: 'Save capacity' }));
    expect(await toasts().findByText('Daily capacity saved')).toBeInTheDocument();
    expect(recordedCalls('admin.settings.updateOperationsRules')[0]!.input).toEqual({
      max_events_per_day: 3,
      max_guests_per_day: 1200,
      supplier_budget_percent: 65,
      bid_floor_percent: 35,
    });
  });

  it('names the events that stay booked when a date with bookings is closed', async () => {
    const { user } = await openSettings({
      'admin.calendar.days': () => [],
      'admin.calendar.events': ({ input }) => calendarAnswer(input),
    });
    await user.click(await screen.findByRole('button', { name: 'Add a date' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a date' });
    await user.type(within(dialog).getByLabelText(/^Date/, { selector: 'input' }), BUSY);
    expect(within(dialog).queryByRole('status')).not.toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Closed: reason' }), 'Kitchen deep clean');
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      '2 events already booked on this date stay booked: Sharma Sangeet, Mehta Haldi. ' +
        'Closing it stops new bookings only.',
    );
    expect(recordedCalls('admin.calendar.events').at(-1)?.input).toMatchObject({ from: BUSY, to: BUSY });
  });

  it('adds a date with a surcharge (its reason required), edits it and removes it after a confirmation', async () => {
    const date = addDays(TODAY, 30);
    type Day = {
      date: string;
      max_events: number | null;
      max_guests: number | null;
      closed_reason: string | null;
      surcharge_percent: number | null;
      surcharge_reason: string | null;
    };
    let days: Day[] = [];
    const { user } = await openSettings({
      'admin.calendar.days': () => days,
      'admin.calendar.saveDay': ({ input }) => {
        const day = input as Day;
        days = [day];
        return { day };
      },
      'admin.calendar.removeDay': ({ input }) => {
        days = [];
        return { date: (input as { date: string }).date, removed: true };
      },
    });
    expect(await screen.findByText('No dates with their own settings')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add a date' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a date' });
    await user.click(within(dialog).getByRole('button', { name: 'Save date' }));
    expect(await within(dialog).findByText('Date must be written YYYY-MM-DD')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText(/^Date/, { selector: 'input' }), date);
    await user.type(within(dialog).getByRole('textbox', { name: 'Maximum events on this date' }), '5');
    await user.type(within(dialog).getByRole('textbox', { name: 'Peak surcharge (%)' }), '12.5');
    await user.click(within(dialog).getByRole('button', { name: 'Save date' }));
    expect(
      await within(dialog).findByText('Give the reason the quote will show for the surcharge'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Surcharge reason' })).toHaveFocus();
    await user.type(within(dialog).getByRole('textbox', { name: 'Surcharge reason' }), 'Akshaya Tritiya');
    await user.click(within(dialog).getByRole('button', { name: 'Save date' }));
    expect(await toasts().findByText(`Settings for ${formatLongDate(date)} saved`)).toBeInTheDocument();
    expect(recordedCalls('admin.calendar.saveDay')[0]!.input).toEqual({
      date,
      max_events: 5,
      max_guests: null,
      closed_reason: null,
      surcharge_percent: 12.5,
      surcharge_reason: 'Akshaya Tritiya',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const table = await screen.findByRole('table', { name: 'Dates with their own settings' });
    const row = within(table).getByRole('row', { name: new RegExp(formatLongDate(date)) });
    expect(row).toHaveTextContent('5 events');
    expect(row).toHaveTextContent('12.5%: Akshaya Tritiya');

    // Closing the date: a blackout with its reason.
    await user.click(within(row).getByRole('button', { name: `Edit ${formatLongDate(date)}` }));
    const edit = await screen.findByRole('dialog', { name: `Settings for ${formatLongDate(date)}` });
    expect(within(edit).getByRole('textbox', { name: 'Surcharge reason' })).toHaveValue('Akshaya Tritiya');
    await user.type(within(edit).getByRole('textbox', { name: 'Closed: reason' }), 'Kitchen maintenance');
    await user.click(within(edit).getByRole('button', { name: 'Save date' }));
    await waitFor(() => expect(recordedCalls('admin.calendar.saveDay')).toHaveLength(2));
    expect(recordedCalls('admin.calendar.saveDay')[1]!.input).toMatchObject({ closed_reason: 'Kitchen maintenance' });
    expect(await screen.findByText('Kitchen maintenance')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: `Remove ${formatLongDate(date)}` }));
    const confirm = await screen.findByRole('alertdialog', { name: `Remove ${formatLongDate(date)}?` });
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(await toasts().findByText(`${formatLongDate(date)} follows the ordinary day again`)).toBeInTheDocument();
    expect(await screen.findByText('No dates with their own settings')).toBeInTheDocument();
  });
});
