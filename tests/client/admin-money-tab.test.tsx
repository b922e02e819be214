import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays, todayInIndia } from '../../src/shared/dates';
import type {
  CollectionsDto,
  ReceivableDto,
  ReceivablesPageDto,
  ReleaseDateResult,
} from '../../src/shared/schemas/money';
import type { RefundPreviewDto } from '../../src/shared/schemas/account';
import { adminHandlers, openAdmin, toasts, uuid } from './admin-fixtures';
import { recordedCalls, server, TEST_ORIGIN, TrpcTestError } from './msw';
import { renderApp } from './render';

const TODAY = todayInIndia();

const REFUND: RefundPreviewDto = {
  days_before: 55,
  band: 'over_30_days',
  band_label: 'More than 30 days before the event: 75% of the amount beyond the deposit',
  cancelled_by: 'customer',
  total: 100000,
  deposit: 25000,
  amount_paid: 999,
  deposit_held: 999,
  refundable_base: 0,
  refund_percent: 75,
  refund_amount: 0,
  policy_refund_on_total: 56250,
};

function receivable(n: number, overrides: Partial<ReceivableDto> = {}): ReceivableDto {
  return {
    booking_id: uuid('b', n),
    reference: `B000000${n}`,
    event_name: `Event ${n}`,
    client_name: `Client ${n}`,
    client_email: `client${n}@example.in`,
    client_phone: '+919826012345',
    event_date: addDays(TODAY, 55),
    status: 'confirmed',
    confirmed_on: addDays(TODAY, -2),
    total: 100000,
    paid: 999,
    due_now: 0,
    outstanding: 99001,
    next_due: { instalment: 'advance', label: 'Advance', due_date: addDays(TODAY, 5), amount: 24001 },
    days_overdue: 0,
    release: null,
    ...overrides,
  };
}

const OVERDUE = receivable(1, {
  due_now: 24001,
  next_due: { instalment: 'advance', label: 'Advance', due_date: addDays(TODAY, -5), amount: 24001 },
  days_overdue: 5,
  release: { advance_due_date: addDays(TODAY, -5), refund: REFUND },
});
const ON_TIME = receivable(2);

function receivablesPage(items: ReceivableDto[], total = items.length): ReceivablesPageDto {
  return {
    items,
    total,
    totals: { bookings: total, overdue_bookings: 1, total: 200000, paid: 1998, due_now: 24001, outstanding: 198002 },
    as_of: TODAY,
  };
}

const ZERO = { upi: 0, gateway: 0, bank_transfer: 0, cash: 0, cheque: 0 };
const COLLECTIONS: CollectionsDto = {
  from: `${TODAY.slice(0, 8)}01`,
  to: TODAY,
  days: [
    {
      date: `${TODAY.slice(0, 8)}01`,
      by_method: { ...ZERO, upi: 999, bank_transfer: 20000 },
      method_not_recorded: 0,
      received: 20999,
      refunds_paid: 2500,
      net: 18499,
    },
  ],
  totals: {
    by_method: { ...ZERO, upi: 999, bank_transfer: 20000 },
    method_not_recorded: 0,
    received: 20999,
    refunds_paid: 2500,
    net: 18499,
  },
  entries: [
    {
      id: uuid('q', 1),
      date: `${TODAY.slice(0, 8)}01`,
      at: `${TODAY.slice(0, 8)}01T06:00:00.000Z`,
      kind: 'payment',
      method: 'bank_transfer',
      amount: 20000,
      reference: 'NEFT-88',
      booking_id: uuid('b', 1),
      booking_reference: 'B0000001',
      event_name: 'Event 1',
      client_name: 'Client 1',
      note: null,
    },
  ],
  total_entries: 1,
};

const MONEY = {
  'admin.receivables.list': () => receivablesPage([OVERDUE, ON_TIME]),
  'admin.collections.list': () => COLLECTIONS,
};

async function openMoney(path = '/admin?tab=money', overrides: Parameters<typeof adminHandlers>[0] = {}) {
  server.use(...adminHandlers({ ...MONEY, ...overrides }));
  const view = renderApp({ path, token: 'token-for-admin' });
  await screen.findByRole('heading', { level: 1, name: /Admin Dashboard/ });
  await screen.findByRole('table', { name: 'Receivables' });
  return view;
}

const rowOf = (text: string) =>
  within(
    within(screen.getByRole('table', { name: 'Receivables' }))
      .getByText(text)
      .closest('tr')!,
  );

describe('Money tab: Receivables', () => {
  it('reads its filters from the address, shows the figures, the totals and the overdue rows', async () => {
    await openMoney('/admin?tab=money&overdue=1&q=sharma&status=confirmed');
    expect(screen.getByRole('tab', { name: /Money/ })).toHaveAttribute('aria-selected', 'true');
    expect(recordedCalls('admin.receivables.list')[0]?.input).toEqual({
      status: 'confirmed',
      overdue: true,
      q: 'sharma',
      limit: 20,
      offset: 0,
    });
    expect(screen.getByLabelText('Search receivables')).toHaveValue('sharma');
    expect(screen.getByLabelText('Show')).toHaveValue('overdue');
    expect(screen.getByLabelText('Status')).toHaveValue('confirmed');

    expect(
      within(screen.getByRole('table', { name: 'Receivables' }))
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Booking', 'Client', 'Total', 'Paid', 'Due now', 'Next due', 'Outstanding', 'Actions']);
    const overdue = rowOf('Event 1');
    expect(overdue.getByText('5 days overdue')).toBeInTheDocument();
    expect(overdue.getByText('Advance: ₹24,001')).toBeInTheDocument();
    expect(overdue.getAllByText('₹24,001')).toHaveLength(1);
    expect(overdue.getByRole('button', { name: 'Release the date of Event 1' })).toBeInTheDocument();
    const onTime = rowOf('Event 2');
    expect(onTime.queryByText(/overdue/)).not.toBeInTheDocument();
    expect(onTime.queryByRole('button', { name: /Release the date/ })).not.toBeInTheDocument();

    const totals = within(screen.getByRole('group', { name: 'Receivables totals' }));
    expect(totals.getByText('Due now').nextElementSibling).toHaveTextContent('₹24,001');
    expect(totals.getByText('1 booking overdue')).toBeInTheDocument();
    expect(totals.getByText('Outstanding').nextElementSibling).toHaveTextContent('₹1,98,002');
  });

  it('puts a changed filter in the address and asks the server again from the first page', async () => {
    const { user, currentUrl } = await openMoney('/admin?tab=money&page=2');
    expect(recordedCalls('admin.receivables.list')[0]?.input).toEqual({ limit: 20, offset: 20 });

    await user.selectOptions(screen.getByLabelText('Show'), 'Due within 7 days');
    await waitFor(() =>
      expect(recordedCalls('admin.receivables.list').at(-1)?.input).toEqual({
        due_within_days: 7,
        limit: 20,
        offset: 0,
      }),
    );
    expect(currentUrl()).toBe('/admin?tab=money&due_within=7');

    await user.type(screen.getByLabelText('Search receivables'), 'Joshi');
    await waitFor(() => expect(currentUrl()).toBe('/admin?tab=money&due_within=7&q=Joshi'));
    await waitFor(() =>
      expect(recordedCalls('admin.receivables.list').at(-1)?.input).toEqual({
        due_within_days: 7,
        q: 'Joshi',
        limit: 20,
        offset: 0,
      }),
    );

    await user.click(screen.getByRole('tab', { name: /Reports/ }));
    expect(currentUrl()).toBe('/admin?tab=reports');
  });

  it('releases the date after showing the refund it gives, then reloads', async () => {
    const release = vi.fn((): ReleaseDateResult => ({
      message: 'Date released',
      booking_id: OVERDUE.booking_id,
      refund: REFUND,
    }));
    const { user } = await openMoney('/admin?tab=money', { 'admin.receivables.releaseDate': release });
    await user.click(rowOf('Event 1').getByRole('button', { name: 'Release the date of Event 1' }));

    const dialog = within(await screen.findByRole('alertdialog', { name: 'Release the date?' }));
    expect(dialog.getByText(/is 5 days overdue/)).toBeInTheDocument();
    expect(dialog.getByText('Refund to the customer').nextElementSibling).toHaveTextContent('₹0');
    expect(dialog.getByText(REFUND.band_label)).toBeInTheDocument();
    const before = recordedCalls('admin.receivables.list').length;

    await user.click(dialog.getByRole('button', { name: 'Release the date' }));
    expect(await toasts().findByText('Date released: the booking is cancelled')).toBeInTheDocument();
    expect(recordedCalls('admin.receivables.releaseDate')[0]?.input).toEqual({ id: OVERDUE.booking_id });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await waitFor(() => expect(recordedCalls('admin.receivables.list').length).toBeGreaterThan(before));
  });

  it('shows the server’s refusal when the advance is no longer overdue', async () => {
    const { user } = await openMoney('/admin?tab=money', {
      'admin.receivables.releaseDate': () => {
        throw new TrpcTestError('CONFLICT', 'The advance of this booking is paid; its date cannot be released');
      },
    });
    await user.click(rowOf('Event 1').getByRole('button', { name: 'Release the date of Event 1' }));
    const dialog = within(await screen.findByRole('alertdialog', { name: 'Release the date?' }));
    await user.click(dialog.getByRole('button', { name: 'Release the date' }));
    expect(
      await toasts().findByText('The advance of this booking is paid; its date cannot be released'),
    ).toBeInTheDocument();
  });
});

describe('Money tab: downloads', () => {
  let saved: { name: string; blob: Blob }[];
  beforeEach(() => {
    saved = [];
    let lastBlob: Blob | null = null;
    URL.createObjectURL = vi.fn((blob: Blob) => {
      lastBlob = blob;
      return 'blob:money';
    });
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, blob: lastBlob! });
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('downloads the Receivables CSV of the filters shown, with the admin’s token', async () => {
    let asked: { url: string; authorization: string | null } | null = null;
    server.use(
      http.get(`${TEST_ORIGIN}/api/admin/receivables.csv`, ({ request }) => {
        asked = { url: request.url, authorization: request.headers.get('authorization') };
        return new HttpResponse('\uFEFF"reference"\r\n"B0000001"', {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': `attachment; filename="receivables-${TODAY}.csv"`,
          },
        });
      }),
    );
    const { user } = await openMoney('/admin?tab=money&overdue=1&q=sharma');
    await user.click(screen.getByRole('button', { name: 'Download CSV of Receivables' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe(`receivables-${TODAY}.csv`);
    expect(await saved[0]!.blob.text()).toContain('B0000001');
    const url = new URL(asked!.url);
    expect(Object.fromEntries(url.searchParams)).toEqual({ overdue: 'true', q: 'sharma' });
    expect(asked!.authorization).toBe('Bearer token-for-admin');
  });

  it('says why when a download is refused', async () => {
    server.use(
      http.get(`${TEST_ORIGIN}/api/admin/collections.csv`, () =>
        HttpResponse.json({ detail: 'A range can be at most 366 days' }, { status: 422 }),
      ),
    );
    const { user } = await openMoney();
    await screen.findByRole('table', { name: 'Collections by day' });
    await user.click(screen.getByRole('button', { name: 'Download CSV of Collections' }));
    expect(await toasts().findByText('A range can be at most 366 days')).toBeInTheDocument();
    expect(saved).toEqual([]);
  });
});

describe('Money tab: Collections', () => {
  it('shows this month by day and method with totals and the ledger rows; a chosen range goes to the address', async () => {
    const { user, currentUrl } = await openMoney();
    const byDay = within(await screen.findByRole('table', { name: 'Collections by day' }));
    expect(recordedCalls('admin.collections.list')[0]?.input).toEqual({ limit: 50, offset: 0 });
    expect(byDay.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Date',
      'UPI',
      'Bank transfer',
      'Received',
      'Refunds paid',
      'Net',
    ]);
    const total = within(byDay.getByText('Total').closest('tr')!);
    expect(total.getByText('₹20,999')).toBeInTheDocument();
    expect(total.getByText('−₹2,500')).toBeInTheDocument();
    expect(total.getByText('₹18,499')).toBeInTheDocument();
    const entries = within(screen.getByRole('table', { name: 'Ledger rows' }));
    expect(entries.getByText('Bank transfer')).toBeInTheDocument();
    expect(entries.getByText('NEFT-88')).toBeInTheDocument();
    expect(screen.getByLabelText('From')).toHaveValue(COLLECTIONS.from);

    await user.click(screen.getByRole('button', { name: 'Last month' }));
    await waitFor(() => expect(currentUrl()).toMatch(/^\/admin\?tab=money&from=\d{4}-\d{2}-01&to=\d{4}-\d{2}-\d{2}$/));
    const asked = recordedCalls('admin.collections.list').at(-1)?.input as { from: string; to: string };
    expect(asked.from < COLLECTIONS.from && asked.to < COLLECTIONS.from).toBe(true);
    expect(addDays(asked.to, 1)).toBe(COLLECTIONS.from);
  });
});

describe('Money tab: on the dashboard', () => {
  it('opens from the tab strip', async () => {
    const { user, currentUrl } = await openAdmin(MONEY);
    await user.click(screen.getByRole('tab', { name: /Money/ }));
    expect(await screen.findByRole('table', { name: 'Receivables' })).toBeInTheDocument();
    expect(currentUrl()).toBe('/admin?tab=money');
  });
});
