import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SupplierNotificationDto, SupplierProjectDto } from '../../src/shared/schemas/projects';
import { PLAIN_AMOUNT_MESSAGE } from '../../src/shared/schemas/projects';
import { eventTypeBadgeText, eventTypePalette } from '../../src/client/components/event-type-badge';
import { addDays, todayInIndia } from '../../src/shared/dates';
import { userFor } from './fixtures';
import { recordedCalls, server, trpcHandler, TrpcTestError } from './msw';
import { renderApp } from './render';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function uuid(n: number): string {
  return `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
}

function project(
  n: number,
  overrides: Partial<SupplierProjectDto> = {},
  details: Partial<SupplierProjectDto['booking_details']> = {},
): SupplierProjectDto {
  return {
    id: uuid(100 + n),
    booking_id: uuid(200 + n),
    auto_assign_date: new Date(Date.now() + 2 * DAY).toISOString(),
    status: 'open',
    outcome: 'open',
    my_quote: null,
    ...overrides,
    booking_details: {
      event_name: `Event ${n}`,
      client_name: `Client ${n}`,
      event_type: 'wedding',
      event_date: '2027-03-05',
      venue_name: 'Sayaji Banquets',
      estimated_budget: 100_000,
      requirements: { guest_count: 250, special_requests: null },
      ...details,
    },
  };
}

function notification(
  n: number,
  projectId: string | null,
  overrides: Partial<SupplierNotificationDto> = {},
): SupplierNotificationDto {
  return {
    id: uuid(300 + n),
    kind: 'project_invitation',
    message: `New project ${n} — submit your quote`,
    project_id: projectId,
    read: false,
    created_at: new Date(Date.now() - 2 * HOUR).toISOString(),
    ...overrides,
  };
}

type Data = { notifications: SupplierNotificationDto[]; projects: SupplierProjectDto[] };

/** Answers the dashboard's two lists from `data`, which a test may change between loads. */
function serve(data: Data) {
  server.use(
    trpcHandler('auth.me', () => userFor('supplier')),
    trpcHandler('supplier.notifications.list', () => data.notifications),
    trpcHandler('supplier.projects.list', () => data.projects),
  );
}

function openDashboard() {
  return renderApp({ path: '/supplier', token: 'token-for-supplier' });
}

/** The toast outlet; `hidden` because an open dialog marks everything outside it aria-hidden. */
function toasts() {
  return within(screen.getByRole('region', { name: 'Notifications (Alt+T)', hidden: true }));
}

function card(eventName: string) {
  return within(screen.getByRole('article', { name: eventName }));
}

/** The value of a stat card, found by its label. */
function stat(label: string): string {
  const cards = within(screen.getByRole('region', { name: 'Your numbers' }));
  return cards.getByText(label).closest('dl')?.querySelector('dd')?.textContent ?? '';
}

/** Waits for the dashboard; the route's code is loaded lazily, which can take a while on a busy machine. */
async function loaded() {
  await screen.findByRole('heading', { name: 'Available Projects' });
}

describe('/supplier', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows 'Loading Supplier Dashboard...' under the header until both lists arrive", async () => {
    server.use(
      trpcHandler('auth.me', () => userFor('supplier')),
      trpcHandler('supplier.notifications.list', () => []),
      trpcHandler('supplier.projects.list', () => new Promise(() => {})),
    );
    openDashboard();

    expect(await screen.findByText('Loading Supplier Dashboard...', {})).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Supplier Dashboard', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Manage your quotes and project opportunities')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Account' })).toHaveAttribute('href', '/account');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Supplier Dashboard · Annapurna Events'));
    // Both lists go out together on load (docs/api.md).
    await waitFor(() => expect(recordedCalls('supplier.projects.list')).toHaveLength(1));
    expect(recordedCalls('supplier.notifications.list')).toHaveLength(1);
    expect(recordedCalls('supplier.projects.list')[0]?.authorization).toBe('Bearer token-for-supplier');
  });

  it('with nothing yet: zero cards, no notifications card, and an empty project list', async () => {
    serve({ notifications: [], projects: [] });
    openDashboard();
    await loaded();

    expect(stat('Active Projects')).toContain('0');
    expect(stat('New Notifications')).toContain('0');
    expect(stat('Estimated Revenue')).toContain('₹0');
    expect(stat('Response Rate')).toContain('85%');
    expect(screen.queryByRole('heading', { name: 'New Project Notifications' })).not.toBeInTheDocument();
    expect(screen.getByText('No projects yet')).toBeInTheDocument();
    expect(screen.queryByText('Loading Supplier Dashboard...')).not.toBeInTheDocument();
  });

  it('shows the cards, the notifications and every field of each project', async () => {
    const wedding = project(
      1,
      {
        my_quote: { amount: 245_000.5, notes: 'Includes two live counters', submitted_at: '2026-11-20T09:30:00.000Z' },
      },
      {
        event_name: 'Priya & Karan Wedding Reception',
        client_name: 'Priya Sharma',
        event_type: 'wedding',
        estimated_budget: 1_044_211.5,
        requirements: { guest_count: 450, special_requests: 'Separate Jain counter' },
      },
    );
    const preWedding = project(
      2,
      {},
      {
        event_name: 'Sangeet Night',
        client_name: 'Neha Jain',
        event_type: 'pre_wedding',
        venue_name: null,
        event_date: '2027-01-09',
        estimated_budget: null,
        requirements: { guest_count: 120, special_requests: null },
      },
    );
    const won = project(
      3,
      { status: 'awarded', outcome: 'won' },
      {
        event_name: 'Annual Day Dinner',
        event_type: 'corporate',
        event_date: addDays(todayInIndia(), 30),
        estimated_budget: 394_592,
      },
    );
    const lost = project(
      4,
      { status: 'awarded', outcome: 'not_selected' },
      { event_name: 'Gala Evening', event_type: 'gala' },
    );
    serve({
      notifications: [
        notification(1, wedding.id, { message: 'New project: Priya & Karan Wedding Reception — submit your quote' }),
        notification(2, preWedding.id),
        notification(3, won.id, { kind: 'project_awarded', message: 'You won Annual Day Dinner', read: true }),
      ],
      projects: [won, lost, preWedding, wedding],
    });
    openDashboard();
    await loaded();

    // The two open projects and the won job a month ahead.
    expect(stat('Active Projects')).toContain('3');
    expect(stat('New Notifications')).toContain('2');
    // Active projects' budgets (₹10,44,211.50 + ₹3,94,592), shown in whole rupees; the unpriced one and the lost one
    // are not added.
    expect(stat('Estimated Revenue')).toContain('₹14,38,804');
    expect(stat('Response Rate')).toContain('85%');

    const notifications = within(screen.getByRole('region', { name: 'New Project Notifications' }));
    expect(
      notifications.getByText('New project: Priya & Karan Wedding Reception — submit your quote'),
    ).toBeInTheDocument();
    expect(notifications.getAllByText(/^Project ID:/)).toHaveLength(3);
    // The whole id, as the API and the team's screens name the project.
    expect(notifications.getByText(wedding.id)).toBeInTheDocument();
    // The wedding already has this supplier's quote, so its notification offers a revision.
    expect(notifications.getAllByRole('button', { name: 'Submit Quote' })).toHaveLength(1);
    expect(notifications.getAllByRole('button', { name: 'Revise Quote' })).toHaveLength(1);
    expect(notifications.getAllByRole('button', { name: 'Mark as read' })).toHaveLength(2);
    expect(notifications.getByRole('button', { name: 'View project' })).toBeInTheDocument();
    // Every row's buttons share their names; each is described by its own notification's message.
    expect(notifications.getByRole('button', { name: 'Revise Quote' })).toHaveAccessibleDescription(
      'New project: Priya & Karan Wedding Reception — submit your quote',
    );

    const weddingCard = card('Priya & Karan Wedding Reception');
    expect(weddingCard.getByText('WEDDING')).toBeInTheDocument();
    expect(weddingCard.getByText('Client: Priya Sharma')).toBeInTheDocument();
    expect(weddingCard.getByText('March 5th, 2027')).toBeInTheDocument();
    expect(weddingCard.getByText('450')).toBeInTheDocument();
    expect(weddingCard.getByText('Sayaji Banquets')).toBeInTheDocument();
    expect(weddingCard.getByText('₹10,44,211.50')).toBeInTheDocument();
    expect(weddingCard.getByText('Special Requirements')).toBeInTheDocument();
    expect(weddingCard.getByText('Separate Jain counter')).toBeInTheDocument();
    expect(weddingCard.getByText(/Auto-assign in:/)).toBeInTheDocument();
    expect(weddingCard.getByText('Your quote')).toBeInTheDocument();
    expect(weddingCard.getByText('₹2,45,000.50')).toBeInTheDocument();
    expect(weddingCard.getByText('Includes two live counters')).toBeInTheDocument();
    expect(weddingCard.getByRole('button', { name: 'Revise Quote' })).toBeInTheDocument();
    expect(weddingCard.queryByRole('button', { name: 'Submit Quote' })).not.toBeInTheDocument();

    const sangeet = card('Sangeet Night');
    expect(sangeet.getByText('PRE WEDDING')).toBeInTheDocument();
    expect(sangeet.getByText('TBD')).toBeInTheDocument();
    expect(sangeet.getByText('To be confirmed')).toBeInTheDocument();
    expect(sangeet.getByText('January 9th, 2027')).toBeInTheDocument();
    expect(sangeet.queryByText('Special Requirements')).not.toBeInTheDocument();
    expect(sangeet.getByRole('button', { name: 'Submit Quote' })).toHaveAccessibleDescription('Sangeet Night');

    const wonCard = card('Annual Day Dinner');
    expect(wonCard.getByText('Won')).toBeInTheDocument();
    expect(wonCard.getByText('CORPORATE')).toBeInTheDocument();
    expect(wonCard.queryByRole('button', { name: /Quote/ })).not.toBeInTheDocument();
    expect(wonCard.queryByText(/Auto-assign in:/)).not.toBeInTheDocument();

    const lostCard = card('Gala Evening');
    expect(lostCard.getByText('Not selected')).toBeInTheDocument();
    expect(lostCard.queryByRole('button', { name: /Quote/ })).not.toBeInTheDocument();

    // Open projects first, the closest deadline first; closed ones after.
    const order = screen.getAllByRole('article').map((article) => within(article).getByRole('heading').textContent);
    expect(order.slice(2)).toEqual(['Annual Day Dinner', 'Gala Evening']);
  });

  it('keeps a won job among the active projects until its event day has passed', async () => {
    const today = todayInIndia();
    const budget = { estimated_budget: 100_000 };
    const won = { status: 'awarded', outcome: 'won' } as const;
    serve({
      notifications: [],
      // Newest first, as the server lists them.
      projects: [
        project(1, { status: 'cancelled', outcome: 'cancelled' }, { ...budget, event_name: 'Cancelled Party' }),
        project(2, won, { ...budget, event_name: 'Wedding Next Month', event_date: addDays(today, 30) }),
        project(3, {}, { ...budget, event_name: 'Open Dinner', event_date: addDays(today, 40) }),
        project(4, { status: 'awarded', outcome: 'not_selected' }, { ...budget, event_name: 'Lost Gala' }),
        project(5, won, { ...budget, event_name: 'Reception Today', event_date: today }),
        project(6, won, { ...budget, event_name: 'Last Week Lunch', event_date: addDays(today, -7) }),
      ],
    });
    openDashboard();
    await loaded();

    // The open dinner and the two won jobs still ahead (today's included); the lunch is done.
    expect(stat('Active Projects')).toContain('3');
    expect(stat('Estimated Revenue')).toContain('₹3,00,000');
    expect(card('Wedding Next Month').getByText('Won')).toBeInTheDocument();
    // Active work first (quotes wanted, then the jobs won, soonest first), then the rest in the server's order.
    const order = screen.getAllByRole('article').map((article) => within(article).getByRole('heading').textContent);
    expect(order).toEqual([
      'Open Dinner',
      'Reception Today',
      'Wedding Next Month',
      'Cancelled Party',
      'Lost Gala',
      'Last Week Lunch',
    ]);
  });

  it('colours the five service types and shows every other type grey, underscores as spaces', async () => {
    const types = ['wedding', 'corporate', 'gala', 'grazing', 'private', 'baby_shower', 'other'] as const;
    serve({
      notifications: [],
      projects: types.map((type, index) => project(index + 1, {}, { event_type: type, event_name: `Type ${type}` })),
    });
    openDashboard();
    await loaded();

    for (const type of types) expect(card(`Type ${type}`).getByText(eventTypeBadgeText(type))).toBeInTheDocument();
    expect(eventTypeBadgeText('baby_shower')).toBe('BABY SHOWER');
    const servicePalettes = types.slice(0, 5).map(eventTypePalette);
    expect(new Set(servicePalettes).size).toBe(5);
    expect(servicePalettes).not.toContain('gray');
    expect(eventTypePalette('baby_shower')).toBe('gray');
    expect(eventTypePalette('other')).toBe('gray');
  });

  it('counts down to the auto-assign date, ticking each minute', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date', 'setInterval', 'clearInterval'] });
    const deadline = new Date(Date.now() + DAY + 4 * HOUR + 12 * MINUTE + 30_000);
    serve({
      notifications: [],
      projects: [project(1, { auto_assign_date: deadline.toISOString() }, { event_name: 'Countdown Dinner' })],
    });
    openDashboard();
    await loaded();

    const countdown = card('Countdown Dinner');
    expect(countdown.getByText('1 day 4 h 12 min')).toBeInTheDocument();
    expect(countdown.getByText(/IST$/)).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(MINUTE));
    expect(await countdown.findByText('1 day 4 h 11 min')).toBeInTheDocument();
  });

  it('Submit Quote on a notification opens the dialog for that project', async () => {
    const first = project(1, {}, { event_name: 'Priya & Karan Wedding Reception', client_name: 'Priya Sharma' });
    const second = project(
      2,
      {},
      {
        event_name: 'Narmada Tech Annual Day',
        client_name: 'Rahul Verma',
        event_type: 'corporate',
        estimated_budget: 394_592,
        event_date: '2026-12-13',
        requirements: { guest_count: 320, special_requests: null },
      },
    );
    serve({
      notifications: [
        notification(1, second.id, { message: 'New project: Narmada Tech Annual Day' }),
        notification(2, first.id),
      ],
      projects: [first, second],
    });
    const { user } = openDashboard();
    await loaded();

    const notifications = within(screen.getByRole('region', { name: 'New Project Notifications' }));
    const item = notifications.getByText('New project: Narmada Tech Annual Day').closest('li')!;
    await user.click(within(item).getByRole('button', { name: 'Submit Quote' }));

    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByRole('heading', { name: 'Submit Quote' })).toBeInTheDocument();
    expect(dialog.getByText('Narmada Tech Annual Day')).toBeInTheDocument();
    expect(dialog.getByText('Rahul Verma')).toBeInTheDocument();
    expect(dialog.getByText('December 13th, 2026')).toBeInTheDocument();
    expect(dialog.getByText('320')).toBeInTheDocument();
    expect(dialog.getByText('₹3,94,592')).toBeInTheDocument();
    expect(dialog.getByLabelText(/^Your Quote Amount/)).toBeRequired();
    expect(dialog.getByLabelText('Additional Notes & Terms').tagName).toBe('TEXTAREA');
    expect(dialog.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("requires an amount ('Please fill in all required fields', nothing sent), then submits and reloads", async () => {
    const target = project(1, {}, { event_name: 'Priya & Karan Wedding Reception' });
    const data: Data = { notifications: [notification(1, target.id)], projects: [target] };
    serve(data);
    const submitQuote = vi.fn(({ input }: { input: unknown }) => {
      const sent = input as { booking_id: string; quoted_amount: number; notes: string };
      data.projects = [
        {
          ...target,
          my_quote: { amount: sent.quoted_amount, notes: sent.notes, submitted_at: new Date().toISOString() },
        },
      ];
      return {
        id: uuid(900),
        project_id: target.id,
        booking_id: target.booking_id,
        amount: sent.quoted_amount,
        notes: sent.notes,
        submitted_at: new Date().toISOString(),
        revised: false,
      };
    });
    server.use(trpcHandler('supplier.quotes.submit', submitQuote));
    const { user } = openDashboard();
    await loaded();

    await user.click(card('Priya & Karan Wedding Reception').getByRole('button', { name: 'Submit Quote' }));
    let dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'Submit Quote' }));

    expect(await toasts().findByText('Please fill in all required fields')).toBeInTheDocument();
    expect(dialog.getByLabelText(/^Your Quote Amount/)).toHaveAttribute('aria-invalid', 'true');
    expect(submitQuote).not.toHaveBeenCalled();

    await user.type(dialog.getByLabelText(/^Your Quote Amount/), '245000.555');
    await user.click(dialog.getByRole('button', { name: 'Submit Quote' }));
    expect(await toasts().findByText('Quote amount can have at most two decimals (paise)')).toBeInTheDocument();
    expect(submitQuote).not.toHaveBeenCalled();

    // A number field takes 1e3, which reads as ₹1,000: the amount must be the digits typed.
    await user.clear(dialog.getByLabelText(/^Your Quote Amount/));
    await user.type(dialog.getByLabelText(/^Your Quote Amount/), '1e3');
    await user.click(dialog.getByRole('button', { name: 'Submit Quote' }));
    expect(await toasts().findByText(PLAIN_AMOUNT_MESSAGE)).toBeInTheDocument();
    expect(submitQuote).not.toHaveBeenCalled();

    const listsBefore = recordedCalls('supplier.projects.list').length;
    const notificationsBefore = recordedCalls('supplier.notifications.list').length;
    await user.clear(dialog.getByLabelText(/^Your Quote Amount/));
    await user.type(dialog.getByLabelText(/^Your Quote Amount/), '245000.50');
    await user.type(dialog.getByLabelText('Additional Notes & Terms'), '  Two live counters, GST extra  ');
    await user.click(dialog.getByRole('button', { name: 'Submit Quote' }));

    expect(await toasts().findByText('Quote submitted successfully!')).toBeInTheDocument();
    expect(recordedCalls('supplier.quotes.submit')[0]?.input).toEqual({
      booking_id: target.booking_id,
      quoted_amount: 245000.5,
      notes: 'Two live counters, GST extra',
      items: [],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(recordedCalls('supplier.projects.list').length).toBeGreaterThan(listsBefore));
    expect(recordedCalls('supplier.notifications.list').length).toBeGreaterThan(notificationsBefore);
    expect(await card('Priya & Karan Wedding Reception').findByText('₹2,45,000.50')).toBeInTheDocument();

    // Revising starts from the quote on file; the form of the last opening is gone.
    await user.click(card('Priya & Karan Wedding Reception').getByRole('button', { name: 'Revise Quote' }));
    dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByLabelText(/^Your Quote Amount/)).toHaveValue(245000.5);
    expect(dialog.getByLabelText('Additional Notes & Terms')).toHaveValue('Two live counters, GST extra');
  });

  it("says 'Failed to submit quote' with the server's reason, and keeps the dialog open to correct it", async () => {
    const target = project(1, {}, { event_name: 'Sharma Dinner' });
    serve({ notifications: [], projects: [target] });
    server.use(
      trpcHandler('supplier.quotes.submit', () => {
        throw new TrpcTestError('BAD_REQUEST', 'Quote amount must be at most ₹10,00,00,000');
      }),
    );
    const { user } = openDashboard();
    await loaded();

    await user.click(card('Sharma Dinner').getByRole('button', { name: 'Submit Quote' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.type(dialog.getByLabelText(/^Your Quote Amount/), '180000');
    await user.click(dialog.getByRole('button', { name: 'Submit Quote' }));

    expect(await toasts().findByText('Failed to submit quote')).toBeInTheDocument();
    expect(toasts().getByText('Quote amount must be at most ₹10,00,00,000')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(dialog.getByLabelText(/^Your Quote Amount/)).toHaveValue(180000);
  });

  it('closes the dialog on the cards as they are now when the project closed before the quote arrived', async () => {
    const target = project(1, {}, { event_name: 'Closed Dinner' });
    const data: Data = { notifications: [], projects: [target] };
    serve(data);
    server.use(
      trpcHandler('supplier.quotes.submit', () => {
        // Awarded to another partner a moment ago.
        data.projects = [{ ...target, status: 'awarded', outcome: 'not_selected' }];
        throw new TrpcTestError('CONFLICT', 'This project is closed; quotes are no longer accepted');
      }),
    );
    const { user } = openDashboard();
    await loaded();

    await user.click(card('Closed Dinner').getByRole('button', { name: 'Submit Quote' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.type(dialog.getByLabelText(/^Your Quote Amount/), '180000');
    const listsBefore = recordedCalls('supplier.projects.list').length;
    await user.click(dialog.getByRole('button', { name: 'Submit Quote' }));

    expect(await toasts().findByText('Failed to submit quote')).toBeInTheDocument();
    expect(toasts().getByText('This project is closed; quotes are no longer accepted')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(recordedCalls('supplier.projects.list').length).toBeGreaterThan(listsBefore);
    expect(await card('Closed Dinner').findByText('Not selected')).toBeInTheDocument();
    expect(card('Closed Dinner').queryByRole('button', { name: /Quote/ })).not.toBeInTheDocument();
  });

  it('disables Submit Quote with the reason when a reload shows the project closed while the dialog is open', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date', 'setInterval', 'clearInterval'] });
    const target = project(1, {}, { event_name: 'Awarded Meanwhile' });
    const data: Data = { notifications: [], projects: [target] };
    serve(data);
    const submitQuote = vi.fn(() => {
      throw new TrpcTestError('CONFLICT', 'This project is closed; quotes are no longer accepted');
    });
    server.use(trpcHandler('supplier.quotes.submit', submitQuote));
    const { user } = openDashboard();
    await loaded();

    await user.click(card('Awarded Meanwhile').getByRole('button', { name: 'Submit Quote' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.type(dialog.getByLabelText(/^Your Quote Amount/), '180000');
    expect(dialog.getByRole('button', { name: 'Submit Quote' })).toBeEnabled();

    data.projects = [{ ...target, status: 'awarded', outcome: 'not_selected' }];
    act(() => vi.advanceTimersByTime(MINUTE));

    const reason =
      'This project is closed; quotes are no longer accepted. Another partner was selected for this event. ' +
      'Thank you for quoting.';
    expect(await dialog.findByText(reason)).toBeInTheDocument();
    const submit = dialog.getByRole('button', { name: 'Submit Quote' });
    expect(submit).toBeDisabled();
    expect(submit).toHaveAccessibleDescription(`Quotes are closed ${reason}`);
    // Enter in the amount sends nothing either.
    await user.type(dialog.getByLabelText(/^Your Quote Amount/), '{Enter}');
    expect(submitQuote).not.toHaveBeenCalled();
    // Cancel still closes it.
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('disables Submit Quote once the auto-assign date passes while the dialog is open', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date', 'setInterval', 'clearInterval'] });
    const deadline = new Date(Date.now() + 30_000).toISOString();
    serve({ notifications: [], projects: [project(1, { auto_assign_date: deadline }, { event_name: 'Last Call' })] });
    const { user } = openDashboard();
    await loaded();

    await user.click(card('Last Call').getByRole('button', { name: 'Submit Quote' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByRole('button', { name: 'Submit Quote' })).toBeEnabled();

    act(() => vi.advanceTimersByTime(MINUTE));

    expect(await dialog.findByText('Quoting has closed; the award is being made.')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Submit Quote' })).toBeDisabled();
  });

  it('marks a notification read, and all of them, updating the New Notifications card', async () => {
    const target = project(1);
    serve({
      notifications: [notification(1, target.id), notification(2, target.id), notification(3, target.id)],
      projects: [target],
    });
    const markRead = vi.fn(({ input }: { input: unknown }) => ({
      id: (input as { notification_id: string }).notification_id,
      read: true,
    }));
    const markAllRead = vi.fn(() => ({ updated: 2 }));
    server.use(
      trpcHandler('supplier.notifications.markRead', markRead),
      trpcHandler('supplier.notifications.markAllRead', markAllRead),
    );
    const { user } = openDashboard();
    await loaded();
    expect(stat('New Notifications')).toContain('3');

    const notifications = within(screen.getByRole('region', { name: 'New Project Notifications' }));
    await user.click(notifications.getAllByRole('button', { name: 'Mark as read' })[0]!);
    await waitFor(() => expect(stat('New Notifications')).toContain('2'));
    expect(recordedCalls('supplier.notifications.markRead')[0]?.input).toEqual({ notification_id: uuid(301) });
    expect(notifications.getAllByRole('button', { name: 'Mark as read' })).toHaveLength(2);

    await user.click(notifications.getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(stat('New Notifications')).toContain('0'));
    expect(markAllRead).toHaveBeenCalledTimes(1);
    expect(notifications.queryByRole('button', { name: 'Mark as read' })).not.toBeInTheDocument();
    expect(notifications.queryByRole('button', { name: 'Mark all read' })).not.toBeInTheDocument();
    // Read notifications stay listed, so the card and its Submit Quote remain.
    expect(notifications.getAllByRole('button', { name: 'Submit Quote' })).toHaveLength(3);
  });

  it("says 'Failed to load supplier data' when the lists cannot be loaded, and can try again", async () => {
    let fail = true;
    server.use(
      trpcHandler('auth.me', () => userFor('supplier')),
      trpcHandler('supplier.notifications.list', () => {
        if (fail) throw new TrpcTestError('INTERNAL_SERVER_ERROR', 'Internal server error');
        return [];
      }),
      trpcHandler('supplier.projects.list', () => []),
    );
    const { user } = openDashboard();

    expect(await toasts().findByText('Failed to load supplier data', {})).toBeInTheDocument();
    expect(screen.queryByText('Loading Supplier Dashboard...')).not.toBeInTheDocument();

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await loaded();
    expect(screen.getByText('No projects yet')).toBeInTheDocument();
  });

  it('sends a signed-out visitor to /login', async () => {
    const { currentPath } = renderApp({ path: '/supplier' });
    await waitFor(() => expect(currentPath()).toBe('/login'));
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
  });

  it('tells an admin the dashboard is for suppliers and loads nothing', async () => {
    server.use(trpcHandler('auth.me', () => userFor('admin')));
    renderApp({ path: '/supplier', token: 'token-for-admin' });

    expect(await screen.findByText(/This dashboard is for approved supplier partners/, {})).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/admin');
    expect(recordedCalls('supplier.projects.list')).toEqual([]);
  });

  it('Logout removes the token and opens /login', async () => {
    serve({ notifications: [], projects: [] });
    server.use(trpcHandler('auth.logout', () => ({ ok: true })));
    const { user, currentPath } = openDashboard();
    await loaded();

    await user.click(screen.getByRole('button', { name: 'Logout' }));

    await waitFor(() => expect(currentPath()).toBe('/login'));
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(await toasts().findByText('Logged out successfully')).toBeInTheDocument();
  });
});
