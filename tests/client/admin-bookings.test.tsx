import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { addDays, formatLongDate, todayInIndia } from '../../src/shared/dates';
import { BOOKING_TRANSITIONS } from '../../src/shared/domain';
import { formatInr } from '../../src/shared/money';
import { computeRefund } from '../../src/shared/refund-policy';
import type { RefundPreviewDto } from '../../src/shared/schemas/account';
import { describeDetail } from '../../src/client/pages/admin/admin-format';
import { countdownText } from '../../src/client/pages/admin/booking-project-panel';
import { BOOKING_STATUS_PALETTE } from '../../src/client/pages/admin/status-badges';
import {
  booking,
  bookingAccount,
  EVENT_DATE,
  openAdmin,
  page,
  project,
  supplier,
  toasts,
  uuid,
} from './admin-fixtures';
import { raisedAfterAdvance } from './fixtures';
import { recordedCalls, TrpcTestError, type TrpcResolver } from './msw';

const NO_SUPPLIERS = 'No suppliers available. Please add suppliers first or approve pending vendor registrations.';

function recentTable() {
  return within(screen.getByRole('table', { name: 'Recent Bookings' }));
}

function rowOf(table: ReturnType<typeof recentTable>, text: string) {
  return within(table.getByText(text).closest('tr')!);
}

async function findDialog(name: string) {
  return within(await screen.findByRole('dialog', { name }));
}

/** What the server's `refundFor` gives for an admin's (the company's) cancellation, in the DTO's rupees. */
function companyRefund(total: number, paid: number): RefundPreviewDto {
  const r = computeRefund({
    eventDate: EVENT_DATE,
    totalPaise: total * 100,
    paidPaise: paid * 100,
    cancelledBy: 'company',
  });
  const rupees = (paise: number | null) => (paise === null ? null : paise / 100);
  return {
    days_before: r.days_before,
    band: r.band,
    band_label: r.band_label,
    cancelled_by: r.cancelled_by,
    total: rupees(r.total_paise),
    deposit: rupees(r.deposit_paise),
    amount_paid: r.amount_paid_paise / 100,
    deposit_held: r.deposit_held_paise / 100,
    refundable_base: r.refundable_base_paise / 100,
    refund_percent: r.refund_percent,
    refund_amount: r.refund_amount_paise / 100,
    policy_refund_on_total: rupees(r.policy_refund_on_total_paise),
  };
}

/** The dashboard with one booking in Recent Bookings and its Booking Details dialog open. */
async function openBookingDetails(shown: ReturnType<typeof booking>, handlers: Record<string, TrpcResolver> = {}) {
  const view = await openAdmin({
    'admin.bookings.list': () => page([shown]),
    'admin.bookings.get': () => shown,
    ...handlers,
  });
  await view.user.click(screen.getByRole('button', { name: `View ${shown.event_name}` }));
  return { ...view, dialog: await findDialog('Booking Details') };
}

describe('Bookings tab: Recent Bookings', () => {
  it('lists the first 10 with the spec’s columns and status badges', async () => {
    const items = Array.from({ length: 10 }, (_, i) => {
      const status = (['inquiry', 'quoted', 'confirmed', 'in_progress', 'completed', 'cancelled'] as const)[i % 6];
      // In progress on the event day, completed after it (docs/product.md#booking-statuses).
      const eventDate =
        status === 'in_progress' ? todayInIndia() : status === 'completed' ? addDays(todayInIndia(), -3) : EVENT_DATE;
      return booking(i + 1, { status, event_date: eventDate });
    });
    items[1] = booking(2, {
      status: 'quoted',
      event_type: 'baby_shower',
      event_date: null,
      requirements: { guest_count: 1 },
    });
    await openAdmin({ 'admin.bookings.list': () => page(items, 57) });

    const table = recentTable();
    expect(table.getAllByRole('row')).toHaveLength(11);
    expect(table.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Event Details',
      'Client',
      'Date & Guests',
      'Status',
      'Actions',
    ]);
    const first = rowOf(table, 'Event 1');
    expect(first.getByText('Wedding')).toBeInTheDocument();
    expect(first.getByText('Client 1')).toBeInTheDocument();
    expect(first.getByText('client1@example.in')).toBeInTheDocument();
    expect(first.getByText(formatLongDate(EVENT_DATE))).toBeInTheDocument();
    expect(first.getByText('101 guests')).toBeInTheDocument();
    expect(first.getByText('inquiry')).toBeInTheDocument();
    const second = rowOf(table, 'Event 2');
    expect(second.getByText('Baby Shower')).toBeInTheDocument();
    expect(second.getByText('Date not fixed')).toBeInTheDocument();
    expect(second.getByText('1 guest')).toBeInTheDocument();
    expect(rowOf(table, 'Event 4').getByText('in progress')).toBeInTheDocument();
    expect(screen.getByText('The latest 10 of 57, newest first')).toBeInTheDocument();
    // A completed or cancelled booking cannot be put out to suppliers.
    expect(rowOf(table, 'Event 5').getByRole('button', { name: 'Assign Supplier to Event 5' })).toBeDisabled();
    expect(first.getByRole('button', { name: 'Assign Supplier to Event 1' })).toBeEnabled();
  });

  it('colours the statuses as the spec says', () => {
    expect(BOOKING_STATUS_PALETTE).toEqual({
      inquiry: 'yellow',
      quoted: 'blue',
      confirmed: 'green',
      in_progress: 'purple',
      completed: 'gray',
      cancelled: 'red',
    });
  });

  it('says so when there are no bookings', async () => {
    await openAdmin({ 'admin.bookings.list': () => page([], 0) });
    expect(screen.getByText('No bookings yet')).toBeInTheDocument();
  });

  it('toasts a load failure and offers to try again', async () => {
    let fail = true;
    const { user } = await openAdmin({
      'admin.bookings.list': () => {
        if (fail) throw new TrpcTestError('INTERNAL_SERVER_ERROR', 'Internal server error');
        return page([booking(1)]);
      },
    });
    expect(await toasts().findByText('Failed to load dashboard data')).toBeInTheDocument();
    expect(screen.getByText('The bookings could not be loaded.')).toBeInTheDocument();

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Recent Bookings' })).toBeInTheDocument();
  });
});

describe('Bookings tab: View all', () => {
  it('pages and searches on the server', async () => {
    const { user } = await openAdmin({
      'admin.bookings.list': ({ input }) => {
        const { limit, offset = 0 } = input as { limit: number; offset?: number };
        return limit === 10
          ? page([booking(1)], 45)
          : page(
              Array.from({ length: 20 }, (_, i) => booking(offset + i + 1)),
              45,
            );
      },
    });

    await user.click(screen.getByRole('button', { name: 'View all' }));
    expect(await screen.findByRole('heading', { name: 'All Bookings' })).toBeInTheDocument();
    await waitFor(() => expect(recordedCalls('admin.bookings.list').at(-1)?.input).toEqual({ limit: 20, offset: 0 }));
    expect(await screen.findByText('Showing 1–20 of 45')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Next/ }));
    await waitFor(() => expect(recordedCalls('admin.bookings.list').at(-1)?.input).toEqual({ limit: 20, offset: 20 }));
    expect(await screen.findByText('Showing 21–40 of 45')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Search bookings'), 'Sharma');
    await waitFor(() =>
      expect(recordedCalls('admin.bookings.list').at(-1)?.input).toEqual({ limit: 20, offset: 0, q: 'Sharma' }),
    );

    await user.selectOptions(screen.getByLabelText('Status'), 'confirmed');
    await waitFor(() =>
      expect(recordedCalls('admin.bookings.list').at(-1)?.input).toEqual({
        limit: 20,
        offset: 0,
        q: 'Sharma',
        status: 'confirmed',
      }),
    );

    await user.click(screen.getByRole('button', { name: 'Recent bookings' }));
    expect(await screen.findByRole('heading', { name: 'Recent Bookings' })).toBeInTheDocument();
  });
});

describe('Booking Details', () => {
  const detailed = booking(1, {
    status: 'quoted',
    venue_name: 'Radisson Blu',
    venue_address: 'Ring Road, Indore',
    notes: 'Jain food for 20 guests',
  });

  it('shows the booking and closes with Escape, giving focus back to View', async () => {
    const { user } = await openAdmin({
      'admin.bookings.list': () => page([detailed, booking(2)]),
      'admin.bookings.get': () => detailed,
    });

    const view = rowOf(recentTable(), 'Event 1').getByRole('button', { name: 'View Event 1' });
    await user.click(view);
    const dialog = await findDialog('Booking Details');
    for (const text of [
      'Event 1',
      'Wedding',
      'Client 1',
      'client1@example.in',
      '+919826012345',
      formatLongDate(EVENT_DATE),
      '101 guests',
      'quoted',
      'Radisson Blu, Ring Road, Indore',
      'Jain food for 20 guests',
    ]) {
      expect(dialog.getAllByText(text, { exact: false }).length, text).toBeGreaterThan(0);
    }
    expect(dialog.getByText('Not sent to suppliers yet', { exact: false })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(view).toHaveFocus());
  });

  it("links to the booking's event order, which opens in place of the dashboard", async () => {
    const { user, currentPath, dialog } = await openBookingDetails(detailed);
    const link = dialog.getByRole('link', { name: 'Event order' });
    expect(link).toHaveAttribute('href', `/admin/event-orders/${detailed.id}`);
    await user.click(link);
    await waitFor(() => expect(currentPath()).toBe(`/admin/event-orders/${detailed.id}`));
  });

  it('counts the auto-assign down from the moment the answer arrived, never up from an earlier render', async () => {
    // The panel mounts, then its answer comes 3 s later: the countdown starts at the server's figure, not above it.
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { user } = await openAdmin({ 'admin.projects.forBooking': async () => (await gate, project()) });
    await user.click(screen.getByRole('button', { name: 'View Event 1' }));
    const dialog = await findDialog('Booking Details');
    const mounted = Date.now();
    await waitFor(() => expect(Date.now() - mounted).toBeGreaterThanOrEqual(3000));
    release();
    const timer = await dialog.findByRole('timer');
    expect(timer.textContent).toMatch(/^1d 01h 01m 0[01]s$/);
  });

  it('says when the customer has moved the event date', async () => {
    const moved = booking(1, { original_event_date: addDays(EVENT_DATE, -20) });
    const { dialog } = await openBookingDetails(moved);
    expect(
      dialog.getByText(`(moved from ${formatLongDate(addDays(EVENT_DATE, -20))})`, { exact: false }),
    ).toBeInTheDocument();
  });

  it('leaves out venue and notes when the booking has none', async () => {
    const { user } = await openAdmin();
    await user.click(screen.getByRole('button', { name: 'View Event 1' }));
    const dialog = await findDialog('Booking Details');
    expect(dialog.queryByText('Venue')).not.toBeInTheDocument();
    expect(dialog.queryByText('Notes')).not.toBeInTheDocument();
  });

  it('offers only the state machine’s moves and changes the status', async () => {
    const setStatus = vi.fn(({ input }: { input: unknown }) => ({
      message: 'Booking marked confirmed',
      booking: { ...detailed, status: (input as { status: string }).status },
    }));
    const { user, dialog } = await openBookingDetails(detailed, {
      'admin.bookings.setStatus': setStatus,
    });

    const select = dialog.getByLabelText('Change status');
    const offered = within(select)
      .getAllByRole('option')
      .map((option) => (option as HTMLOptionElement).value)
      .filter(Boolean);
    expect(offered).toEqual([...BOOKING_TRANSITIONS.quoted]);
    expect(dialog.getByRole('button', { name: 'Update status' })).toBeDisabled();

    const statsBefore = recordedCalls('admin.stats').length;
    await user.selectOptions(select, 'confirmed');
    await user.click(dialog.getByRole('button', { name: 'Update status' }));
    expect(await toasts().findByText('Booking marked confirmed')).toBeInTheDocument();
    expect(recordedCalls('admin.bookings.setStatus')[0]?.input).toEqual({ id: detailed.id, status: 'confirmed' });
    await waitFor(() => expect(recordedCalls('admin.stats').length).toBeGreaterThan(statsBefore));
  });

  it('tells a refund still owed from one paid out, and shows what credit notes took off', async () => {
    const confirmed = { ...detailed, status: 'confirmed' as const };
    const { dialog } = await openBookingDetails(confirmed, {
      'admin.payments.bookingAccount': () => ({
        ...bookingAccount(confirmed.id, 30_000),
        credited: 2_500,
        refunded: 5_000,
        owed_back: 1_200,
      }),
    });
    expect(await dialog.findByText('Owed back')).toHaveTextContent(`Owed back ${formatInr(1_200)}`);
    expect(dialog.getByText('Refunded')).toHaveTextContent(`Refunded ${formatInr(3_800)}`);
    expect(dialog.getByText('Credit notes')).toHaveTextContent(`Credit notes −${formatInr(2_500)}`);
  });

  it('lists what a price rise added after the advance was due as a row of its own', async () => {
    const confirmed = { ...detailed, status: 'confirmed' as const };
    const keyWarning = vi.spyOn(console, 'error');
    const { dialog } = await openBookingDetails(confirmed, {
      'admin.payments.bookingAccount': () => ({
        ...bookingAccount(confirmed.id, 25_000),
        total: 1_50_000,
        schedule: raisedAfterAdvance().schedule,
      }),
    });
    const schedule = within(await dialog.findByRole('list', { name: 'Payment schedule' }));
    expect(schedule.getAllByRole('listitem').map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^Booking amount.*Paid$/),
      expect.stringMatching(/^AdvanceDue.*Paid$/),
      expect.stringMatching(/^Advance \(increase\).*₹12,500₹12,500 due$/),
      expect.stringMatching(/^Balance.*₹1,12,500₹1,12,500 due$/),
    ]);
    expect(keyWarning.mock.calls.filter((call) => String(call[0]).includes('same key'))).toEqual([]);
    keyWarning.mockRestore();
  });

  it('shows the schedule and records a payment the customer made by bank transfer', async () => {
    const confirmed = { ...detailed, status: 'confirmed' as const };
    // The server's account before and after the payment is recorded.
    let paid = 999;
    const record = vi.fn(() => {
      paid += 45_251;
      return { ...bookingAccount(confirmed.id, paid), message: 'Payment of ₹45,251 recorded' };
    });
    const { user, dialog } = await openBookingDetails(confirmed, {
      'admin.payments.bookingAccount': () => bookingAccount(confirmed.id, paid),
      'admin.payments.recordBookingPayment': record,
      'admin.payments.sendReminder': () => ({
        message: 'Payment reminder sent',
        booking_id: confirmed.id,
        instalment: 'advance',
        label: 'Advance',
        amount: 45_251,
        due_date: addDays(todayInIndia(), 4),
        timing: 'before',
        sent_to: confirmed.client_email,
        sent_at: new Date().toISOString(),
      }),
    });
    const schedule = within(await dialog.findByRole('list', { name: 'Payment schedule' }));
    expect(schedule.getAllByRole('listitem').map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^Booking amount.*₹999Paid$/),
      expect.stringMatching(/^Advance.*₹45,251₹45,251 due$/),
      expect.stringMatching(/^Balance.*₹1,38,750₹1,38,750 due$/),
    ]);
    await user.click(dialog.getByRole('button', { name: 'Send payment reminder' }));
    expect(
      await toasts().findByText(`Advance reminder (₹45,251) sent to ${confirmed.client_email}`),
    ).toBeInTheDocument();
    expect(recordedCalls('admin.payments.sendReminder')[0]?.input).toEqual({ id: confirmed.id });

    const form = within(dialog.getByRole('form', { name: 'Record a payment' }));
    await user.click(form.getByRole('button', { name: 'Record payment' }));
    expect(await form.findByText('Amount is required')).toBeInTheDocument();
    expect(record).not.toHaveBeenCalled();

    await user.type(form.getByLabelText('Amount (₹)'), '45,251');
    await user.selectOptions(form.getByLabelText('Method'), 'bank_transfer');
    await user.type(form.getByLabelText('Bank transfer reference'), 'NEFT-HDFC-1182');
    await user.click(form.getByRole('button', { name: 'Record payment' }));
    expect(await toasts().findByText('Payment of ₹45,251 recorded')).toBeInTheDocument();
    expect(recordedCalls('admin.payments.recordBookingPayment')[0]?.input).toEqual({
      id: confirmed.id,
      amount: 45_251,
      method: 'bank_transfer',
      reference: 'NEFT-HDFC-1182',
    });
    expect(await schedule.findByText('₹45,251', { selector: 'p' })).toBeInTheDocument();
    expect(schedule.getAllByText('Paid')).toHaveLength(2);
  });

  it('record a payment: every field to fix at once, each message gone once fixed, a refused UTR at its field', async () => {
    const confirmed = { ...detailed, status: 'confirmed' as const };
    let calls = 0;
    const record = vi.fn(() => {
      calls += 1;
      if (calls === 1) {
        throw new TrpcTestError('CONFLICT', 'This UTR is already recorded against another payment', { field: 'utr' });
      }
      return { ...bookingAccount(confirmed.id, 999 + 5000), message: 'Payment of ₹5,000 recorded' };
    });
    const { user, dialog } = await openBookingDetails(confirmed, {
      'admin.payments.bookingAccount': () => bookingAccount(confirmed.id, 999),
      'admin.payments.recordBookingPayment': record,
    });
    const form = within(await dialog.findByRole('form', { name: 'Record a payment' }));
    const amount = form.getByLabelText('Amount (₹)');
    const utr = form.getByLabelText('UTR (12 digits)');

    await user.type(amount, '5,000 rs');
    await user.type(utr, '12345');
    await user.click(form.getByRole('button', { name: 'Record payment' }));
    expect(await form.findByText('Amount must be a number')).toBeInTheDocument();
    expect(form.getByText('The UTR is the 12-digit reference of the UPI payment')).toBeInTheDocument();
    expect(amount).toHaveFocus();

    // Typed as people write it, the amount is taken; its message goes at once, the UTR's stays until it is fixed.
    await user.clear(amount);
    await user.type(amount, '₹5,000');
    expect(form.queryByText('Amount must be a number')).not.toBeInTheDocument();
    expect(form.getByText('The UTR is the 12-digit reference of the UPI payment')).toBeInTheDocument();
    await user.type(utr, '6789012');
    expect(form.queryByText('The UTR is the 12-digit reference of the UPI payment')).not.toBeInTheDocument();

    await user.click(form.getByRole('button', { name: 'Record payment' }));
    expect(await form.findByText('This UTR is already recorded against another payment')).toBeInTheDocument();
    expect(utr).toHaveFocus();
    expect(utr).toHaveAttribute('aria-invalid', 'true');
    expect(recordedCalls('admin.payments.recordBookingPayment')[0]?.input).toEqual({
      id: confirmed.id,
      amount: 5000,
      method: 'upi',
      reference: '123456789012',
    });
  });

  it('asks before cancelling a booking', async () => {
    const setStatus = vi.fn(() => ({
      message: 'Booking marked cancelled',
      booking: { ...detailed, status: 'cancelled' },
    }));
    const { user, dialog } = await openBookingDetails(detailed, {
      'admin.bookings.setStatus': setStatus,
    });
    await user.selectOptions(dialog.getByLabelText('Change status'), 'cancelled');
    await user.click(dialog.getByRole('button', { name: 'Update status' }));

    const confirm = within(await screen.findByRole('alertdialog', { name: 'Cancel this booking?' }));
    // The way out keeps the booking, and says so: "Cancel" would stand beside "Cancel booking".
    expect(confirm.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: 'Keep booking' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(setStatus).not.toHaveBeenCalled();

    await user.click(dialog.getByRole('button', { name: 'Update status' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel booking' }));
    expect(await toasts().findByText('Booking marked cancelled')).toBeInTheDocument();
    expect(setStatus).toHaveBeenCalledTimes(1);
  });

  it('states what the booking holds and the refund owed before an admin cancels', async () => {
    const confirmed = booking(1, { status: 'confirmed', final_amount: 185_000 });
    const { user, dialog } = await openBookingDetails(confirmed, {
      'admin.bookings.get': () => ({ ...confirmed, cancellation_refund: companyRefund(185_000, 46_250) }),
    });
    await user.selectOptions(dialog.getByLabelText('Change status'), 'cancelled');
    await user.click(dialog.getByRole('button', { name: 'Update status' }));

    const confirm = within(await screen.findByRole('alertdialog', { name: 'Cancel this booking?' }));
    expect(
      await confirm.findByText(
        'Cancelled by us: 100% refund including the deposit. ' +
          `The booking holds ${formatInr(46_250)} (what was paid less anything already owed back); ` +
          `refund owed ${formatInr(46_250)}.`,
        { exact: false },
      ),
    ).toBeInTheDocument();
  });

  it('does not call what the booking holds "paid so far" after a guest cut left money owed back', async () => {
    // ₹54,516 paid, ₹13,629 already owed back after fewer guests: the booking holds ₹40,887.
    const confirmed = booking(1, { status: 'confirmed', final_amount: 163_548 });
    const { user, dialog } = await openBookingDetails(confirmed, {
      'admin.bookings.get': () => ({ ...confirmed, cancellation_refund: companyRefund(163_548, 40_887) }),
    });
    await user.selectOptions(dialog.getByLabelText('Change status'), 'cancelled');
    await user.click(dialog.getByRole('button', { name: 'Update status' }));

    const confirm = within(await screen.findByRole('alertdialog', { name: 'Cancel this booking?' }));
    expect(
      await confirm.findByText(
        `The booking holds ${formatInr(40_887)} (what was paid less anything already owed back); ` +
          `refund owed ${formatInr(40_887)}.`,
        { exact: false },
      ),
    ).toBeInTheDocument();
    expect(confirm.queryByText(/Paid so far/)).not.toBeInTheDocument();
  });

  it('says no further refund is owed when an admin cancels a booking that holds nothing', async () => {
    const quoted = booking(1, { status: 'quoted' });
    const { user, dialog } = await openBookingDetails(quoted, {
      'admin.bookings.get': () => ({ ...quoted, cancellation_refund: companyRefund(250_000, 0) }),
    });
    await user.selectOptions(dialog.getByLabelText('Change status'), 'cancelled');
    await user.click(dialog.getByRole('button', { name: 'Update status' }));

    const confirm = within(await screen.findByRole('alertdialog', { name: 'Cancel this booking?' }));
    expect(
      await confirm.findByText('Nothing is held on this booking, so no further refund is owed.', { exact: false }),
    ).toBeInTheDocument();
  });

  it('disables in progress before the event day and says which day', async () => {
    const confirmed = booking(1, { status: 'confirmed' });
    const { dialog } = await openBookingDetails(confirmed);
    const option = (value: string) =>
      within(dialog.getByLabelText('Change status'))
        .getAllByRole('option')
        .find((o) => (o as HTMLOptionElement).value === value) as HTMLOptionElement;
    expect(option('in_progress').disabled).toBe(true);
    expect(option('in_progress').textContent).toBe(
      `In progress (only on the event day, ${formatLongDate(EVENT_DATE)})`,
    );
    expect(option('cancelled').disabled).toBe(false);
  });

  it('offers in progress on the event day', async () => {
    const today = booking(1, { status: 'confirmed', event_date: todayInIndia() });
    const { dialog } = await openBookingDetails(today);
    const select = dialog.getByLabelText('Change status');
    const inProgress = within(select)
      .getAllByRole('option')
      .find((o) => (o as HTMLOptionElement).value === 'in_progress') as HTMLOptionElement;
    expect(inProgress.disabled).toBe(false);
    expect(inProgress.textContent).toBe('In progress');
  });

  it('says a completed booking cannot change status', async () => {
    const done = booking(1, { status: 'completed', event_date: addDays(todayInIndia(), -3) });
    const { dialog } = await openBookingDetails(done);
    expect(dialog.getByText('A completed booking cannot change status.')).toBeInTheDocument();
    expect(dialog.queryByLabelText('Change status')).not.toBeInTheDocument();
  });

  it('shows invited suppliers’ quotes side by side with the countdown, and awards by hand', async () => {
    const award = vi.fn(() => ({
      project_id: uuid('p', 1),
      status: 'awarded',
      rule: 'manual',
      supplier_id: uuid('s', 1),
      quote_id: uuid('q', 1),
      amount: 199000.5,
      awarded_at: new Date().toISOString(),
    }));
    const { user } = await openAdmin({ 'admin.projects.forBooking': () => project(), 'admin.projects.award': award });
    await user.click(screen.getByRole('button', { name: 'View Event 1' }));
    const dialog = await findDialog('Booking Details');

    const cheapest = within(await dialog.findByRole('article', { name: 'Supplier 2 Caterers' }));
    expect(cheapest.getByText('₹1,85,000')).toBeInTheDocument();
    expect(cheapest.getByText('Includes live chaat counter')).toBeInTheDocument();
    expect(cheapest.getByText('Lowest')).toBeInTheDocument();
    expect(cheapest.getByText('Rating 4.2 / 5.0')).toBeInTheDocument();
    expect(cheapest.getByText(/^Submitted 2 Mar 2026, 11:00 am IST$/i)).toBeInTheDocument();
    const second = within(dialog.getByRole('article', { name: 'Supplier 1 Caterers' }));
    expect(second.getByText('₹1,99,000.50')).toBeInTheDocument();
    expect(
      within(dialog.getByRole('article', { name: 'Supplier 3 Caterers' })).getByText('No quote yet'),
    ).toBeInTheDocument();
    expect(dialog.getByText('3 suppliers invited · 2 quotes · lowest ₹1,85,000')).toBeInTheDocument();
    expect(dialog.getByRole('timer')).toHaveTextContent(/^1d 01h 01m 0[01]s$/);
    expect(dialog.queryByText('Awaiting your decision')).not.toBeInTheDocument();

    // Each supplier's button names whom it awards.
    await user.click(dialog.getByRole('button', { name: 'Award Supplier 1 Caterers' }));
    const confirm = within(await screen.findByRole('alertdialog', { name: 'Award this project?' }));
    expect(confirm.getByText(/Supplier 1 Caterers wins at ₹1,99,000.50/)).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: 'Award project' }));
    expect(await toasts().findByText('Project awarded to Supplier 1 Caterers')).toBeInTheDocument();
    expect(award).toHaveBeenCalledTimes(1);
    expect(recordedCalls('admin.projects.award')[0]?.input).toEqual({
      project_id: uuid('p', 1),
      supplier_id: uuid('s', 1),
    });
  });

  it('closes the quotes early after a confirmation and names the winner the rule chose', async () => {
    const closeQuotes = vi.fn(() => ({
      project_id: uuid('p', 1),
      status: 'awarded',
      rule: 'lowest_quote',
      supplier_id: uuid('s', 2),
      quote_id: uuid('q', 2),
      amount: 185000,
      awarded_at: new Date().toISOString(),
    }));
    const { user } = await openAdmin({
      'admin.projects.forBooking': () => project(),
      'admin.projects.closeQuotes': closeQuotes,
    });
    await user.click(screen.getByRole('button', { name: 'View Event 1' }));
    const dialog = await findDialog('Booking Details');

    await user.click(await dialog.findByRole('button', { name: 'Close quotes and award now' }));
    const confirm = within(await screen.findByRole('alertdialog', { name: 'Close the quotes now?' }));
    expect(confirm.getByText(/the lowest quote wins \(ties go to the higher rating\)/)).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: 'Close and award' }));
    expect(await toasts().findByText('Project awarded to Supplier 2 Caterers')).toBeInTheDocument();
    expect(recordedCalls('admin.projects.closeQuotes').map((call) => call.input)).toEqual([
      { project_id: uuid('p', 1) },
    ]);
  });

  it('says the lowest quote is flagged and must be awarded by hand when closing the quotes awards nobody', async () => {
    let parkedAt: string | null = null;
    const closeQuotes = vi.fn(() => {
      parkedAt = new Date().toISOString();
      return {
        project_id: uuid('p', 1),
        status: 'open',
        rule: 'flagged_bid',
        supplier_id: null,
        quote_id: uuid('q', 2),
        amount: 185000,
        awarded_at: null,
      };
    });
    // Once closed, the project's answer says it waits for an admin.
    const forBooking = vi.fn(() => project({ awaiting_admin_since: parkedAt }));
    const { user } = await openAdmin({
      'admin.projects.forBooking': forBooking,
      'admin.projects.closeQuotes': closeQuotes,
    });
    await user.click(screen.getByRole('button', { name: 'View Event 1' }));
    const dialog = await findDialog('Booking Details');

    await user.click(await dialog.findByRole('button', { name: 'Close quotes and award now' }));
    const confirm = within(await screen.findByRole('alertdialog', { name: 'Close the quotes now?' }));
    const readsBefore = forBooking.mock.calls.length;
    await user.click(confirm.getByRole('button', { name: 'Close and award' }));
    expect(
      await toasts().findByText(
        `Quotes closed. The lowest quote (${formatInr(185_000)} from Supplier 2 Caterers) is flagged, below the ` +
          'floor or over the supplier budget, so nobody was awarded: award the project by hand.',
      ),
    ).toBeInTheDocument();
    expect(toasts().queryByText(/the project is unassigned/)).not.toBeInTheDocument();
    // The panel reads the project again and no longer offers to close quotes that are already closed.
    await waitFor(() => expect(forBooking.mock.calls.length).toBeGreaterThan(readsBefore));
    expect(
      await dialog.findByText(/The lowest quote is flagged \(below the floor or over the supplier budget\)/),
    ).toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Close quotes and award now' })).not.toBeInTheDocument();
    expect(dialog.getByText('Awaiting your decision')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Award Supplier 2 Caterers' })).toBeInTheDocument();
  });

  it('badges a project waiting for the admin’s decision with the flagged quote, instead of the countdown', async () => {
    const waiting = project({ awaiting_admin_since: '2027-03-05T13:00:30.000Z', seconds_until_auto_assign: 0 });
    waiting.suppliers = waiting.suppliers.map((supplier) =>
      supplier.quote && supplier.business_name === 'Supplier 2 Caterers'
        ? { ...supplier, quote: { ...supplier.quote, flag: 'below_floor', budget: 500_000 } }
        : supplier,
    );
    const { user } = await openAdmin({ 'admin.projects.forBooking': () => waiting });
    await user.click(screen.getByRole('button', { name: 'View Event 1' }));
    const dialog = await findDialog('Booking Details');

    expect(await dialog.findByText('Awaiting your decision')).toBeInTheDocument();
    expect(
      dialog.getByText(
        `Quotes closed. The lowest quote (${formatInr(185_000)} from Supplier 2 Caterers) is below the floor of the ` +
          `${formatInr(500_000)} supplier budget, so the auto-assign left it to you: award a supplier by hand.`,
      ),
    ).toBeInTheDocument();
    expect(dialog.getByText('Waiting since 5 Mar 2027, 6:30 pm IST')).toBeInTheDocument();
    expect(dialog.queryByRole('timer')).not.toBeInTheDocument();
    expect(dialog.queryByText('Auto-assign is due now')).not.toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Close quotes and award now' })).not.toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Award Supplier 2 Caterers' })).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Award Supplier 1 Caterers' })).toBeInTheDocument();
  });

  it('names no flagged quote when the lowest one it could award is not flagged', async () => {
    const { user } = await openAdmin({
      'admin.projects.forBooking': () => project({ awaiting_admin_since: '2027-03-05T13:00:30.000Z' }),
    });
    await user.click(screen.getByRole('button', { name: 'View Event 1' }));
    const dialog = await findDialog('Booking Details');
    expect(await dialog.findByText('Awaiting your decision')).toBeInTheDocument();
    expect(
      dialog.getByText(/^Quotes closed\. The lowest quote is flagged \(below the floor or over the supplier budget\)/),
    ).toBeInTheDocument();
  });

  it('marks a flagged quote with the budget it was judged against', async () => {
    const flagged = project();
    flagged.suppliers = flagged.suppliers.map((supplier) =>
      supplier.quote && supplier.business_name === 'Supplier 2 Caterers'
        ? { ...supplier, quote: { ...supplier.quote, flag: 'below_floor', budget: 500_000 } }
        : supplier,
    );
    const { user } = await openAdmin({ 'admin.projects.forBooking': () => flagged });
    await user.click(screen.getByRole('button', { name: 'View Event 1' }));
    const dialog = await findDialog('Booking Details');
    expect(await dialog.findByText(`Below the floor of the ${formatInr(500_000)} budget`)).toBeInTheDocument();
    expect(dialog.getAllByText(/Below the floor|Over the/)).toHaveLength(1);
  });

  it('counts down in days, hours, minutes and seconds', () => {
    expect(countdownText(90_061)).toBe('1d 01h 01m 01s');
    expect(countdownText(59)).toBe('00h 00m 59s');
    expect(countdownText(-5)).toBe('00h 00m 00s');
  });
});

describe('Assign Supplier to Event', () => {
  const roster = page([
    supplier(1),
    supplier(2, { location: null }),
    supplier(3, { is_active: false }),
    supplier(4, { approval_status: 'pending', is_active: false }),
  ]);

  async function openAssign(overrides: Parameters<typeof openAdmin>[0] = {}) {
    const view = await openAdmin({ 'admin.suppliers.list': () => roster, ...overrides });
    await view.user.click(rowOf(recentTable(), 'Event 1').getByRole('button', { name: 'Assign Supplier to Event 1' }));
    const dialog = await findDialog('Assign Supplier to Event');
    return { ...view, dialog };
  }

  it('offers only active, approved suppliers and keeps Assign disabled until one is chosen', async () => {
    const assign = vi.fn(() => ({
      project_id: uuid('p', 1),
      booking_id: uuid('b', 1),
      auto_assign_date: '2027-03-05T13:00:00.000Z',
      invited: [uuid('s', 2)],
      already_invited: [],
    }));
    const { user, dialog } = await openAssign({ 'admin.projects.assign': assign });

    const select = await dialog.findByLabelText(/^Select Supplier/);
    const labels = within(select)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(labels).toEqual([
      'Choose a supplier',
      'Supplier 1 Caterers - Owner 1 (Indore)',
      'Supplier 2 Caterers - Owner 2',
    ]);
    const button = dialog.getByRole('button', { name: 'Assign' });
    expect(button).toBeDisabled();

    const statsBefore = recordedCalls('admin.stats').length;
    await user.selectOptions(select, uuid('s', 2));
    expect(button).toBeEnabled();
    await user.click(button);

    expect(await toasts().findByText('Supplier assigned successfully!')).toBeInTheDocument();
    expect(recordedCalls('admin.projects.assign')[0]?.input).toEqual({
      booking_id: uuid('b', 1),
      supplier_ids: [uuid('s', 2)],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(recordedCalls('admin.stats').length).toBeGreaterThan(statsBefore));
  });

  it('says when no supplier can be assigned', async () => {
    const { dialog } = await openAssign({ 'admin.suppliers.list': () => page([supplier(3, { is_active: false })]) });
    expect(await dialog.findByText(NO_SUPPLIERS)).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Assign' })).toBeDisabled();
  });

  it("falls back to 'Please select a supplier' when the form is sent without a choice", async () => {
    const { dialog } = await openAssign();
    await dialog.findByLabelText(/^Select Supplier/);
    fireEvent.submit(dialog.getByRole('form', { name: 'Assign supplier' }));
    expect(await toasts().findByText('Please select a supplier')).toBeInTheDocument();
    expect(recordedCalls('admin.projects.assign')).toEqual([]);
  });

  it('marks suppliers already invited to the open project', async () => {
    const { dialog } = await openAssign({ 'admin.projects.forBooking': () => project() });
    const select = await dialog.findByLabelText(/^Select Supplier/);
    await waitFor(() =>
      expect(within(select).getByRole('option', { name: /Supplier 1 Caterers.*already invited/ })).toBeDisabled(),
    );
  });

  it('shows the server’s detail when the assignment is refused', async () => {
    const detail = 'Only active, approved suppliers can be assigned: Supplier 1 Caterers (inactive)';
    const { user, dialog } = await openAssign({
      'admin.projects.assign': () => {
        throw new TrpcTestError('CONFLICT', detail);
      },
    });
    await user.selectOptions(await dialog.findByLabelText(/^Select Supplier/), uuid('s', 1));
    await user.click(dialog.getByRole('button', { name: 'Assign' }));
    expect(await toasts().findByText(detail)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Assign Supplier to Event' })).toBeInTheDocument();
  });

  it('joins a validation list with commas', async () => {
    const { user, dialog } = await openAssign({
      'admin.projects.assign': () =>
        HttpResponse.json(
          [
            {
              error: {
                message: 'Invalid id',
                code: -32600,
                data: {
                  code: 'BAD_REQUEST',
                  httpStatus: 422,
                  path: 'admin.projects.assign',
                  issues: [
                    { loc: ['input', 'supplier_ids', 0], msg: 'Invalid id', type: 'invalid_format' },
                    { loc: ['input', 'booking_id'], type: 'missing' },
                  ],
                },
              },
            },
          ],
          { status: 422 },
        ),
    });
    await user.selectOptions(await dialog.findByLabelText(/^Select Supplier/), uuid('s', 1));
    await user.click(dialog.getByRole('button', { name: 'Assign' }));
    expect(await toasts().findByText('Invalid id, input.booking_id missing')).toBeInTheDocument();
  });

  it("says 'Failed to assign supplier' when the server cannot be reached", async () => {
    const { user, dialog } = await openAssign({ 'admin.projects.assign': () => HttpResponse.error() });
    await user.selectOptions(await dialog.findByLabelText(/^Select Supplier/), uuid('s', 1));
    await user.click(dialog.getByRole('button', { name: 'Assign' }));
    expect(await toasts().findByText('Failed to assign supplier')).toBeInTheDocument();
  });

  it('opens on top of Booking Details and returns to it', async () => {
    const { user } = await openAdmin({ 'admin.suppliers.list': () => roster });
    await user.click(screen.getByRole('button', { name: 'View Event 1' }));
    const details = await findDialog('Booking Details');
    await user.click(details.getByRole('button', { name: 'Assign Supplier' }));
    await findDialog('Assign Supplier to Event');
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Assign Supplier to Event' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('dialog', { name: 'Booking Details' })).toBeInTheDocument();
  });
});

describe('describeDetail (docs/product.md#screens)', () => {
  it('shows a string, joins a list, and writes an object as JSON', () => {
    expect(describeDetail('Booking not found')).toBe('Booking not found');
    expect(describeDetail([{ msg: 'a' }, { loc: ['query', 'booking_id'], type: 'missing' }, 'c'])).toBe(
      'a, query.booking_id missing, c',
    );
    expect(describeDetail({ reason: 'x' })).toBe('{"reason":"x"}');
    expect(describeDetail(undefined)).toBeNull();
    expect(describeDetail([])).toBeNull();
  });
});

describe('Booking Details: writing a message', () => {
  const sent = (to: string) => ({
    id: '00000000-0000-4000-8000-0d0000000001',
    channel: 'email',
    template: 'booking_message',
    to,
    summary: 'Tasting on Saturday',
    status: 'pending',
    error: null,
    created_at: new Date().toISOString(),
    sent_at: null,
    delivered_at: null,
    read_at: null,
  });

  async function openWriter(resolvers: Record<string, TrpcResolver>) {
    const opened = await openAdmin({ 'admin.projects.forBooking': () => project(), ...resolvers });
    await opened.user.click(screen.getByRole('button', { name: 'View Event 1' }));
    const dialog = await findDialog('Booking Details');
    await opened.user.click(await dialog.findByRole('button', { name: 'Write a message' }));
    const form = within(dialog.getByRole('form', { name: 'Write a message' }));
    return { ...opened, dialog, form };
  }

  it('e-mails a supplier of the project: typed, checked, sent, and the thread is read again', async () => {
    const thread = vi.fn(() => []);
    const { user, form } = await openWriter({
      'admin.messages.forBooking': thread,
      'admin.messages.send': () => sent('owner2@example.in'),
    });
    const to = form.getByLabelText(/^To/);
    expect(within(to).getByRole('option', { name: 'Customer: Client 1 (client1@example.in)' })).toBeInTheDocument();
    await within(to).findByRole('option', { name: 'Supplier: Supplier 2 Caterers (Owner 2)' });

    // Nothing chosen or typed: each field says what it needs, and nothing is sent.
    await user.click(form.getByRole('button', { name: 'Send e-mail' }));
    expect(await form.findByText('Choose who the message is for: customer or supplier')).toBeInTheDocument();
    expect(form.getByText('Subject is required')).toBeInTheDocument();
    expect(form.getByText('Message is required')).toBeInTheDocument();
    expect(to).toHaveFocus();
    expect(recordedCalls('admin.messages.send')).toEqual([]);

    await user.selectOptions(to, `supplier:${uuid('s', 2)}`);
    await user.type(form.getByRole('textbox', { name: /^Subject/ }), 'Tasting on Saturday');
    await user.type(form.getByRole('textbox', { name: /^Message/ }), 'Please bring the Jain menu.{Enter}Thanks');
    const readsBefore = thread.mock.calls.length;
    await user.click(form.getByRole('button', { name: 'Send e-mail' }));
    expect(await toasts().findByText('Message sent to owner2@example.in')).toBeInTheDocument();
    expect(recordedCalls('admin.messages.send').map((call) => call.input)).toEqual([
      {
        booking_id: uuid('b', 1),
        to: 'supplier',
        supplier_id: uuid('s', 2),
        subject: 'Tasting on Saturday',
        body: 'Please bring the Jain menu.\nThanks',
      },
    ]);
    await waitFor(() => expect(thread.mock.calls.length).toBeGreaterThan(readsBefore));
    expect(screen.queryByRole('form', { name: 'Write a message' })).not.toBeInTheDocument();
  });

  it("shows the server's refusal at the field it names, and keeps what was typed", async () => {
    const { user, form } = await openWriter({
      'admin.messages.send': () => {
        throw new TrpcTestError('BAD_REQUEST', 'That supplier is not invited to a project of this booking', {
          httpStatus: 422,
          issues: [
            {
              loc: ['body', 'supplier_id'],
              msg: 'That supplier is not invited to a project of this booking',
              type: 'value_error',
            },
          ],
        });
      },
    });
    const to = form.getByLabelText(/^To/);
    await within(to).findByRole('option', { name: /Supplier 2 Caterers/ });
    await user.selectOptions(to, `supplier:${uuid('s', 2)}`);
    await user.type(form.getByRole('textbox', { name: /^Subject/ }), 'Tasting');
    await user.type(form.getByRole('textbox', { name: /^Message/ }), 'See you at 4 pm.');
    await user.click(form.getByRole('button', { name: 'Send e-mail' }));
    expect(await form.findByText('That supplier is not invited to a project of this booking')).toBeInTheDocument();
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(form.getByRole('textbox', { name: /^Message/ })).toHaveValue('See you at 4 pm.');
  });
});
