import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AdminPaymentDto, AdminRefundDto, SubscriptionDto } from '../../src/shared/schemas/account';
import { openAdmin, openTab, page, toasts, uuid } from './admin-fixtures';
import { http, HttpResponse } from 'msw';
import { recordedCalls, server, TEST_ORIGIN, TrpcTestError } from './msw';

type User = Awaited<ReturnType<typeof openAdmin>>['user'];

function order(n: number, overrides: Partial<AdminPaymentDto> = {}): AdminPaymentDto {
  return {
    id: uuid('p', 100 + n),
    order_id: `TKN-${String(n).padStart(20, '0')}`,
    purpose: 'token',
    amount: 999,
    status: 'created',
    provider: 'upi',
    utr: null,
    email: `client${n}@example.in`,
    phone: '+919826012345',
    booking_id: uuid('b', n),
    event_name: `Event ${n}`,
    client_name: `Client ${n}`,
    paid_at: null,
    created_at: '2026-03-05T13:00:00.000Z',
    ...overrides,
  };
}

const ADVANCE_ORDER = order(4, {
  order_id: 'PAY-00000000000000000004',
  purpose: 'instalment',
  amount: 73636,
});

const SUBSCRIPTION_ORDER = order(2, {
  order_id: 'SUB-00000000000000000002',
  purpose: 'subscription',
  amount: 99,
  status: 'pending',
  email: 'visitor@example.in',
  phone: '+916263014587',
  booking_id: null,
  event_name: null,
  client_name: null,
});

function refund(n: number, overrides: Partial<AdminRefundDto> = {}): AdminRefundDto {
  return {
    id: uuid('q', 200 + n),
    booking_id: uuid('b', n),
    reference: `B000000${n}`,
    event_name: `Event ${n}`,
    client_name: `Client ${n}`,
    client_email: `client${n}@example.in`,
    amount: 18750.5,
    cancelled_by: 'customer',
    status: 'due',
    policy: { band_label: 'More than 30 days before the event: 75% of the amount beyond the deposit' },
    payment_reference: null,
    paid_at: null,
    created_at: '2026-03-06T04:30:00.000Z',
    ...overrides,
  };
}

function subscription(n: number, overrides: Partial<SubscriptionDto> = {}): SubscriptionDto {
  return {
    id: uuid('c', 300 + n),
    email: `member${n}@example.in`,
    status: 'active',
    discount_percent: 5,
    used_on_booking_id: null,
    activated_at: '2026-03-01T06:00:00.000Z',
    created_at: '2026-03-01T05:55:00.000Z',
    gst_documents: [],
    ...overrides,
  };
}

function table(name: string) {
  return within(screen.getByRole('table', { name }));
}

function rowOf(name: string, text: string) {
  return within(table(name).getByText(text).closest('tr')!);
}

async function openPayments(overrides: Parameters<typeof openAdmin>[0] = {}) {
  const view = await openAdmin({
    'admin.payments.list': () => page([order(1), SUBSCRIPTION_ORDER]),
    'admin.refunds.list': () =>
      page([
        refund(1),
        refund(2, { cancelled_by: 'company', amount: 999 }),
        refund(3, {
          cancelled_by: 'company',
          amount: 1_000,
          policy: { reason: 'paid_over_total', refund_percent: 100 },
        }),
      ]),
    'admin.subscriptions.list': () => [
      subscription(1),
      subscription(2, { status: 'used', used_on_booking_id: '3f2a9c1e-7b4d-4e2a-9c8b-1d2e3f4a5b6c' }),
      subscription(3, { status: 'pending', activated_at: null }),
      subscription(4, {
        status: 'refunded',
        gst_documents: [
          { id: uuid('v', 901), kind: 'tax_invoice', title: 'Tax Invoice', number: 'INV/26-27/00007' },
          { id: uuid('v', 902), kind: 'credit_note', title: 'Credit Note', number: 'CN/26-27/00003' },
        ],
      }),
    ],
    ...overrides,
  });
  await openTab(view.user, /Payments/);
  return view;
}

async function openSection(user: User, name: string) {
  await user.click(screen.getByRole('tab', { name }));
}

describe('Payments tab: payment orders', () => {
  it('lists the orders awaiting payment by default, with purpose, amount, customer, booking, status and UTR', async () => {
    await openPayments();
    expect(screen.getByRole('tab', { name: 'Payment orders' })).toHaveAttribute('aria-selected', 'true');
    await screen.findByRole('table', { name: 'Payment orders' });
    expect(recordedCalls('admin.payments.list')[0]?.input).toEqual({ status: 'pending', limit: 20, offset: 0 });
    expect(screen.getByLabelText('Show')).toHaveValue('pending');

    expect(
      table('Payment orders')
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Order ID', 'Purpose', 'Amount', 'Customer', 'Booking', 'Created', 'Status', 'UTR', 'Actions']);
    const token = rowOf('Payment orders', order(1).order_id);
    expect(token.getByText('Token')).toBeInTheDocument();
    expect(token.getByText('₹999')).toBeInTheDocument();
    expect(token.getByText('Client 1')).toBeInTheDocument();
    expect(token.getByText('client1@example.in')).toBeInTheDocument();
    expect(token.getByText('Event 1')).toBeInTheDocument();
    expect(token.getByText('5 Mar 2026, 6:30 pm IST')).toBeInTheDocument();
    expect(token.getByText('created')).toBeInTheDocument();
    expect(token.getByText('—')).toBeInTheDocument();

    const sub = rowOf('Payment orders', SUBSCRIPTION_ORDER.order_id);
    expect(sub.getByText('Subscription')).toBeInTheDocument();
    expect(sub.getByText('₹99')).toBeInTheDocument();
    expect(sub.getByText('visitor@example.in')).toBeInTheDocument();
    expect(sub.getByText('+916263014587')).toBeInTheDocument();
    expect(sub.getByText('No booking')).toBeInTheDocument();
    expect(sub.getByRole('button', { name: `Record UTR for ${SUBSCRIPTION_ORDER.order_id}` })).toBeInTheDocument();
  });

  it('names an advance or balance order an instalment, and says what recording its UTR does', async () => {
    const { user } = await openPayments({ 'admin.payments.list': () => page([ADVANCE_ORDER]) });
    await screen.findByText(ADVANCE_ORDER.order_id);
    const row = rowOf('Payment orders', ADVANCE_ORDER.order_id);
    expect(row.getByText('Instalment')).toBeInTheDocument();
    expect(row.getByText('₹73,636')).toBeInTheDocument();
    await user.click(row.getByRole('button', { name: `Record UTR for ${ADVANCE_ORDER.order_id}` }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Record UTR' }));
    expect(dialog.getByText('Instalment')).toBeInTheDocument();
    expect(dialog.getByText(/the booking’s schedule counts it/)).toBeInTheDocument();
    expect(dialog.queryByText(/subscription/i)).not.toBeInTheDocument();
  });

  it('asks the server again when the filter or the page changes', async () => {
    const list = vi.fn(({ input }: { input: unknown }) => {
      const { status, offset } = input as { status: string; offset: number };
      if (status === 'pending') return page([order(1)]);
      const paid = order(3, { status: 'paid', utr: '412345678901', paid_at: '2026-03-05T14:00:00.000Z' });
      return page(offset === 0 ? [paid] : [order(23, { status: 'paid', utr: '412345678923' })], 21);
    });
    const { user } = await openPayments({ 'admin.payments.list': list });
    await screen.findByRole('table', { name: 'Payment orders' });

    await user.selectOptions(screen.getByLabelText('Show'), 'paid');
    const paid = await screen.findByText('412345678901');
    expect(recordedCalls('admin.payments.list').at(-1)?.input).toEqual({ status: 'paid', limit: 20, offset: 0 });
    const row = within(paid.closest('tr')!);
    expect(row.getByText('paid')).toBeInTheDocument();
    expect(row.queryByRole('button', { name: /Record UTR/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByText('412345678923')).toBeInTheDocument();
    expect(recordedCalls('admin.payments.list').at(-1)?.input).toEqual({ status: 'paid', limit: 20, offset: 20 });
    expect(screen.getByText('Showing 21–21 of 21')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Show'), 'all');
    await waitFor(() =>
      expect(recordedCalls('admin.payments.list').at(-1)?.input).toEqual({ status: 'all', limit: 20, offset: 0 }),
    );
  });

  it('refuses a UTR that is not 12 digits, with the shared schema’s message', async () => {
    const { user } = await openPayments();
    await user.click(await screen.findByRole('button', { name: `Record UTR for ${order(1).order_id}` }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Record UTR' }));
    expect(dialog.getByText(order(1).order_id)).toBeInTheDocument();
    expect(dialog.getByText('₹999')).toBeInTheDocument();

    await user.type(dialog.getByLabelText(/^UTR/), '4123 4567');
    await user.click(dialog.getByRole('button', { name: 'Record payment' }));
    expect(dialog.getByText('The UTR is the 12-digit reference of the UPI payment')).toBeInTheDocument();
    expect(dialog.getByLabelText(/^UTR/)).toHaveFocus();
    expect(recordedCalls('admin.payments.recordUtr')).toEqual([]);
  });

  it('records a UTR: toast, dialog closed, and the payments, bookings and stats reload', async () => {
    const record = vi.fn(() => order(1, { status: 'paid', utr: '412345678901', paid_at: '2026-03-05T14:00:00.000Z' }));
    const { user } = await openPayments({ 'admin.payments.recordUtr': record });
    await user.click(await screen.findByRole('button', { name: `Record UTR for ${order(1).order_id}` }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Record UTR' }));
    const before = {
      payments: recordedCalls('admin.payments.list').length,
      stats: recordedCalls('admin.stats').length,
      bookings: recordedCalls('admin.bookings.list').length,
    };

    await user.type(dialog.getByLabelText(/^UTR/), ' 412345678901 ');
    await user.click(dialog.getByRole('button', { name: 'Record payment' }));

    expect(await toasts().findByText('Payment recorded')).toBeInTheDocument();
    expect(recordedCalls('admin.payments.recordUtr')[0]?.input).toEqual({
      order_id: order(1).order_id,
      utr: '412345678901',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Record UTR' })).not.toBeInTheDocument());
    await waitFor(() => {
      expect(recordedCalls('admin.payments.list').length).toBeGreaterThan(before.payments);
      expect(recordedCalls('admin.stats').length).toBeGreaterThan(before.stats);
      expect(recordedCalls('admin.bookings.list').length).toBeGreaterThan(before.bookings);
    });
  });

  it('shows the server’s reason when the UTR is refused, and keeps the dialog open', async () => {
    const { user } = await openPayments({
      'admin.payments.recordUtr': () => {
        throw new TrpcTestError('CONFLICT', 'This payment is already marked paid');
      },
    });
    await user.click(await screen.findByRole('button', { name: `Record UTR for ${order(1).order_id}` }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Record UTR' }));
    await user.type(dialog.getByLabelText(/^UTR/), '412345678901');
    await user.click(dialog.getByRole('button', { name: 'Record payment' }));

    expect(await toasts().findByText('This payment is already marked paid')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Record UTR' })).toBeInTheDocument();
  });

  it('shows a UTR already recorded at the UTR field', async () => {
    const { user } = await openPayments({
      'admin.payments.recordUtr': () => {
        throw new TrpcTestError('CONFLICT', 'This UTR is already recorded against another payment', { field: 'utr' });
      },
    });
    await user.click(await screen.findByRole('button', { name: `Record UTR for ${order(1).order_id}` }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Record UTR' }));
    const utr = dialog.getByLabelText(/^UTR/);
    await user.type(utr, '412345678901');
    await user.click(dialog.getByRole('button', { name: 'Record payment' }));

    expect(await dialog.findByText('This UTR is already recorded against another payment')).toBeInTheDocument();
    expect(utr).toHaveAttribute('aria-invalid', 'true');
    expect(utr).toHaveFocus();
  });

  it('says so when nothing is waiting, and offers Try again when the list fails', async () => {
    let fail = true;
    const { user } = await openPayments({
      'admin.payments.list': () => {
        if (fail) throw new TrpcTestError('INTERNAL_SERVER_ERROR', 'Internal server error');
        return page([]);
      },
    });
    expect(await screen.findByText('The payment orders could not be loaded.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No payments waiting')).toBeInTheDocument();
  });
});

describe('Payments tab: refunds', () => {
  it('lists the refunds due with reference, event, client, amount and why; the filter asks again', async () => {
    const { user } = await openPayments();
    await openSection(user, 'Refunds');
    await screen.findByRole('table', { name: 'Refunds' });
    expect(recordedCalls('admin.refunds.list')[0]?.input).toEqual({ status: 'due', limit: 20, offset: 0 });

    expect(
      table('Refunds')
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Reference', 'Event', 'Client', 'Amount', 'Reason', 'Status', 'Created / Paid', 'Actions']);
    const first = rowOf('Refunds', 'B0000001');
    expect(first.getByText('Event 1')).toBeInTheDocument();
    expect(first.getByText('client1@example.in')).toBeInTheDocument();
    expect(first.getByText('₹18,750.50')).toBeInTheDocument();
    expect(first.getByText('Cancelled by the customer')).toBeInTheDocument();
    expect(first.getByText('due')).toBeInTheDocument();
    expect(rowOf('Refunds', 'B0000002').getByText('Cancelled by the company')).toBeInTheDocument();
    // Money over what the booking costs (a credit note after it was paid) is owed back without any cancellation.
    expect(rowOf('Refunds', 'B0000003').getByText('Paid over the total')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Show'), 'paid');
    await waitFor(() =>
      expect(recordedCalls('admin.refunds.list').at(-1)?.input).toEqual({ status: 'paid', limit: 20, offset: 0 }),
    );
  });

  it('marks a refund paid with an optional payment reference', async () => {
    const markPaid = vi.fn(() => refund(1, { status: 'paid', paid_at: '2026-03-07T05:00:00.000Z' }));
    const { user } = await openPayments({ 'admin.refunds.markPaid': markPaid });
    await openSection(user, 'Refunds');
    await user.click(await screen.findByRole('button', { name: 'Mark paid: refund B0000001' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Mark refund paid' }));
    expect(dialog.getByText('₹18,750.50')).toBeInTheDocument();
    expect(dialog.getByText(/More than 30 days before the event/)).toBeInTheDocument();

    await user.type(dialog.getByLabelText(/^Payment reference/), 'NEFT N123456789');
    // Both clicks of a double-click land before the dialog can show it is busy: the refund is marked once.
    const confirm = dialog.getByRole('button', { name: 'Mark paid' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    expect(await toasts().findByText('Refund marked paid')).toBeInTheDocument();
    expect(recordedCalls('admin.refunds.markPaid').map((call) => call.input)).toEqual([
      { id: refund(1).id, reference: 'NEFT N123456789' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Mark refund paid' })).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Mark paid: refund B0000002' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Mark refund paid' }));
    await user.click(dialog.getByRole('button', { name: 'Mark paid' }));
    await waitFor(() => expect(recordedCalls('admin.refunds.markPaid')[1]?.input).toEqual({ id: refund(2).id }));
  });

  it('shows the server’s reason when marking paid fails, and the list as it is now', async () => {
    const { user } = await openPayments({
      'admin.refunds.markPaid': () => {
        throw new TrpcTestError('CONFLICT', 'This refund is already marked paid');
      },
    });
    await openSection(user, 'Refunds');
    await user.click(await screen.findByRole('button', { name: 'Mark paid: refund B0000001' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Mark refund paid' }));
    const reads = recordedCalls('admin.refunds.list').length;
    await user.click(dialog.getByRole('button', { name: 'Mark paid' }));
    expect(await toasts().findByText('This refund is already marked paid')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Mark refund paid' })).not.toBeInTheDocument());
    await waitFor(() => expect(recordedCalls('admin.refunds.list').length).toBeGreaterThan(reads));
  });
});

describe('Payments tab: subscriptions', () => {
  it('lists subscribers; only paid ones can be refunded', async () => {
    const { user } = await openPayments();
    await openSection(user, 'Subscriptions');
    await screen.findByRole('table', { name: 'Subscriptions' });
    expect(
      table('Subscriptions')
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['E-mail', 'Status', 'Discount', 'Used on booking', 'Activated', 'GST documents', 'Actions']);
    const active = rowOf('Subscriptions', 'member1@example.in');
    expect(active.getByText('active')).toBeInTheDocument();
    expect(active.getByText('5%')).toBeInTheDocument();
    expect(active.getByText('Not yet')).toBeInTheDocument();
    expect(active.getByText('1 Mar 2026, 11:30 am IST')).toBeInTheDocument();
    expect(rowOf('Subscriptions', 'member2@example.in').getByText('3F2A9C1E')).toBeInTheDocument();
    expect(rowOf('Subscriptions', 'member3@example.in').getByText('Not paid')).toBeInTheDocument();

    expect(screen.getByRole('button', { name: 'Refund ₹49.50 to member1@example.in' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refund ₹49.50 to member2@example.in' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Refund ₹49.50 to member3@example.in' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Refund ₹49.50 to member4@example.in' })).not.toBeInTheDocument();
  });

  it("lists each subscription's GST documents and downloads one from the admin's door", async () => {
    const pdfRequests: string[] = [];
    URL.createObjectURL = vi.fn(() => 'blob:gst');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    server.use(
      http.get(`${TEST_ORIGIN}/api/admin/gst/documents/:id/pdf`, ({ request }) => {
        pdfRequests.push(new URL(request.url).pathname);
        return new HttpResponse(new Uint8Array([37, 80, 68, 70]), {
          headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="CN.pdf"' },
        });
      }),
    );
    const { user } = await openPayments();
    await openSection(user, 'Subscriptions');
    await screen.findByRole('table', { name: 'Subscriptions' });
    expect(rowOf('Subscriptions', 'member1@example.in').getByText('None')).toBeInTheDocument();
    const refunded = rowOf('Subscriptions', 'member4@example.in');
    expect(refunded.getByRole('button', { name: 'Download tax invoice INV/26-27/00007 (PDF)' })).toBeInTheDocument();
    await user.click(refunded.getByRole('button', { name: 'Download credit note CN/26-27/00003 (PDF)' }));
    await waitFor(() => expect(pdfRequests).toEqual([`/api/admin/gst/documents/${uuid('v', 902)}/pdf`]));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    click.mockRestore();
  });

  it('refunds ₹49.50 after a confirmation that states the rule', async () => {
    const refund = vi.fn(() => ({ ...subscription(1, { status: 'refunded' }), refund_amount: 49.5 }));
    const { user } = await openPayments({ 'admin.subscriptions.refund': refund });
    await openSection(user, 'Subscriptions');
    await user.click(await screen.findByRole('button', { name: 'Refund ₹49.50 to member1@example.in' }));
    let confirm = within(await screen.findByRole('alertdialog', { name: 'Refund ₹49.50?' }));
    expect(
      confirm.getByText(/50% of the ₹99 subscription \(₹49\.50\) is refunded within 3 working days/),
    ).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(refund).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Refund ₹49.50 to member1@example.in' }));
    confirm = within(await screen.findByRole('alertdialog', { name: 'Refund ₹49.50?' }));
    const before = recordedCalls('admin.subscriptions.list').length;
    await user.click(confirm.getByRole('button', { name: 'Refund ₹49.50' }));
    expect(await toasts().findByText(/Subscription refunded/)).toBeInTheDocument();
    expect(recordedCalls('admin.subscriptions.refund')[0]?.input).toEqual({ id: subscription(1).id });
    await waitFor(() => expect(recordedCalls('admin.subscriptions.list').length).toBeGreaterThan(before));
  });

  it('shows the server’s reason when the refund is refused', async () => {
    const { user } = await openPayments({
      'admin.subscriptions.refund': () => {
        throw new TrpcTestError('CONFLICT', 'This subscription is already refunded');
      },
    });
    await openSection(user, 'Subscriptions');
    await user.click(await screen.findByRole('button', { name: 'Refund ₹49.50 to member1@example.in' }));
    const confirm = within(await screen.findByRole('alertdialog', { name: 'Refund ₹49.50?' }));
    await user.click(confirm.getByRole('button', { name: 'Refund ₹49.50' }));
    expect(await toasts().findByText('This subscription is already refunded')).toBeInTheDocument();
  });

  it('says so when there are no subscribers', async () => {
    const { user } = await openPayments({ 'admin.subscriptions.list': () => [] });
    await openSection(user, 'Subscriptions');
    expect(await screen.findByText('No subscriptions yet')).toBeInTheDocument();
  });
});
