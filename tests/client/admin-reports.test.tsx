import { screen, waitFor, within } from '@testing-library/react';
import Papa from 'papaparse';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { todayInIndia } from '../../src/shared/dates';
import { customerRow, heldResolver, openAdmin, openTab, page, SUMMARY, toasts, vendorRow } from './admin-fixtures';
import { recordedCalls } from './msw';

type Download = { name: string; blob: Blob };
let downloads: Download[] = [];

beforeEach(() => {
  downloads = [];
  let lastBlob: Blob | null = null;
  // jsdom has no object URLs and cannot download; record what would have been saved.
  URL.createObjectURL = vi.fn((blob: Blob) => {
    lastBlob = blob;
    return 'blob:report';
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push({ name: this.download, blob: lastBlob! });
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

async function readCsv(blob: Blob): Promise<{ bom: boolean; rows: string[][] }> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
  return {
    bom: text.startsWith('\uFEFF'),
    rows: Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { newline: '\r\n' }).data,
  };
}

function tableOf(name: string) {
  return within(screen.getByRole('table', { name }));
}

describe('Reports tab', () => {
  it('shows the customer report, with N/A where analytics are missing', async () => {
    const { user } = await openAdmin();
    await openTab(user, /Reports/);
    const table = tableOf('Customer Reports');
    expect(table.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Name',
      'Email',
      'Phone',
      'Event Type',
      'Guests',
      'Package',
      'IP Address',
      'Browser',
      'Device',
    ]);
    const first = within(table.getByText('Client 1').closest('tr')!);
    for (const text of [
      'client1@example.in',
      '+919826012345',
      'Baby Shower',
      '150',
      'Luxury',
      '203.0.113.7',
      'Chrome',
      'mobile',
    ]) {
      expect(first.getByText(text), text).toBeInTheDocument();
    }
    const second = within(table.getByText('Client 2').closest('tr')!);
    expect(second.getAllByText('N/A')).toHaveLength(5);
  });

  it('shows the vendor report with experience in yrs and the approval badge', async () => {
    const { user } = await openAdmin();
    await openTab(user, /Reports/);
    const table = tableOf('Vendor Reports');
    expect(table.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Business Name',
      'Contact',
      'Email',
      'Location',
      'Experience',
      'Status',
      'IP Address',
      'Browser',
      'Device',
    ]);
    const first = within(table.getByText('Supplier 1 Caterers').closest('tr')!);
    expect(first.getByText('8 yrs')).toBeInTheDocument();
    expect(first.getByText('approved')).toBeInTheDocument();
    expect(first.getAllByText('N/A')).toHaveLength(3);
    const second = within(table.getByText('Supplier 2 Caterers').closest('tr')!);
    expect(second.getByText('pending')).toBeInTheDocument();
    expect(second.getByText('Firefox')).toBeInTheDocument();
  });

  it('shows loading, then empty reports', async () => {
    const held = heldResolver(page([]));
    const { user } = await openAdmin({
      'admin.reports.customers': held.resolver,
      'admin.reports.vendors': () => page([]),
    });
    await openTab(user, /Reports/);
    expect(screen.getByRole('status', { name: 'Loading customer reports' })).toBeInTheDocument();
    held.release();
    expect(await screen.findByText('No customer data yet')).toBeInTheDocument();
    expect(screen.getByText('No vendor data yet')).toBeInTheDocument();
  });

  it("says 'No data to export' when a report is empty, and saves nothing", async () => {
    const { user } = await openAdmin({ 'admin.reports.customers': () => page([]) });
    await openTab(user, /Reports/);
    await user.click(screen.getByRole('button', { name: 'Export CSV of Customer Reports' }));
    expect(await toasts().findByText('No data to export')).toBeInTheDocument();
    expect(downloads).toEqual([]);
  });

  it('exports the customer report as a CSV file named after the report and today’s date', async () => {
    const formula = customerRow(1, { customer_name: '=HYPERLINK("x")' });
    const quoted = customerRow(2, { customer_name: 'प्रिया, "Pia"' });
    const { user } = await openAdmin({ 'admin.reports.customers': () => page([formula, quoted]) });
    await openTab(user, /Reports/);
    await user.click(screen.getByRole('button', { name: 'Export CSV of Customer Reports' }));

    expect(await toasts().findByText('Report exported successfully!')).toBeInTheDocument();
    expect(downloads).toHaveLength(1);
    expect(downloads[0]!.name).toBe(`customer-reports-${todayInIndia()}.csv`);
    expect(downloads[0]!.blob.type).toBe('text/csv;charset=utf-8');
    const { bom, rows } = await readCsv(downloads[0]!.blob);
    expect(bom).toBe(true);
    expect(rows[0]).toEqual([
      'booking_id',
      'customer_name',
      'email',
      'phone',
      'event_type',
      'guest_count',
      'pricing_tier',
      'event_date',
      'created_at',
    ]);
    expect(rows[1]?.[1]).toBe('\'=HYPERLINK("x")');
    expect(rows[2]?.[1]).toBe('प्रिया, "Pia"');
    expect(rows).toHaveLength(3);
  });

  it('exports every row of a report larger than one page', async () => {
    const { user } = await openAdmin({
      'admin.reports.vendors': ({ input }) => {
        const { offset } = input as { offset: number };
        return offset === 0
          ? page(
              Array.from({ length: 500 }, (_, i) => vendorRow(i + 1)),
              503,
            )
          : page([vendorRow(501), vendorRow(502), vendorRow(503)], 503);
      },
    });
    await openTab(user, /Reports/);
    expect(await screen.findByText('503 rows; the first 500 are shown, Export CSV has all')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Export CSV of Vendor Reports' }));

    expect(await toasts().findByText('Report exported successfully!')).toBeInTheDocument();
    expect(recordedCalls('admin.reports.vendors').at(-1)?.input).toEqual({ limit: 500, offset: 500 });
    expect(downloads[0]!.name).toBe(`vendor-reports-${todayInIndia()}.csv`);
    const { rows } = await readCsv(downloads[0]!.blob);
    expect(rows).toHaveLength(504);
    expect(rows[0]).not.toContain('analytics');
  });
});

describe('Analytics tab', () => {
  beforeEach(() => {
    // jsdom lays nothing out, so recharts measures its container as 0 × 0 and says so; the browser test draws it.
    const warn = console.warn.bind(console);
    vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
      if (typeof args[0] === 'string' && args[0].startsWith('The width(0) and height(0) of chart')) return;
      warn(...args);
    });
  });

  it('shows the four cards, cities, event-type tiles, device usage and the weekly chart', async () => {
    const { user } = await openAdmin();
    await openTab(user, /Analytics/);

    const cards = within(screen.getByRole('region', { name: 'Visitor numbers' }));
    expect(cards.getByText('Total Page Views').closest('.chakra-stat__root')).toHaveTextContent('15,320');
    expect(cards.getByText('Total Quotations').closest('.chakra-stat__root')).toHaveTextContent('87');
    expect(cards.getByText('Vendor Registrations').closest('.chakra-stat__root')).toHaveTextContent('12');
    expect(cards.getByText('Pending Approvals').closest('.chakra-stat__root')).toHaveTextContent('2');

    const cities = within(screen.getByRole('list', { name: 'Cities' }));
    expect(cities.getByText('Indore').closest('li')).toHaveTextContent('10 bookings3 vendors');
    expect(cities.getByText('Not specified').closest('li')).toHaveTextContent('2 bookings0 vendors');

    const tiles = within(screen.getByRole('list', { name: 'Event types' }));
    expect(tiles.getByText('BABY SHOWER').closest('li')).toHaveTextContent('4');
    expect(tiles.getByText('WEDDING').closest('li')).toHaveTextContent('9');

    const devices = within(screen.getByRole('region', { name: 'Device Usage' }));
    expect(devices.getByText('mobile').closest('div')?.parentElement).toHaveTextContent('60 (60%)');
    expect(devices.getByText('tablet').closest('div')?.parentElement).toHaveTextContent('10 (10%)');

    // The chart loads lazily; its numbers are also in a table for screen readers.
    const trend = within(await screen.findByRole('table', { name: 'Quotes and bookings per week' }));
    expect(trend.getAllByRole('row')).toHaveLength(13);
    expect(trend.getByText('5 Jan')).toBeInTheDocument();
    expect(screen.getByTestId('weekly-trend-chart')).toBeInTheDocument();
    expect(recordedCalls('admin.reports.weekly')).toHaveLength(1);
  });

  it('hides device usage when no device was recorded', async () => {
    const { user } = await openAdmin({
      'admin.reports.summary': () => ({
        ...SUMMARY,
        analytics: { ...SUMMARY.analytics, device_breakdown: { mobile: 0, desktop: 0, tablet: 0 } },
      }),
    });
    await openTab(user, /Analytics/);
    await waitFor(() => expect(screen.getByRole('region', { name: 'Visitor numbers' })).toHaveTextContent('15,320'));
    expect(screen.queryByRole('region', { name: 'Device Usage' })).not.toBeInTheDocument();
  });

  it('shows empty city and event-type sections', async () => {
    const { user } = await openAdmin({
      'admin.reports.cityWise': () => ({}),
      'admin.reports.eventTypeWise': () => ({}),
    });
    await openTab(user, /Analytics/);
    expect(await screen.findByText('No city data yet')).toBeInTheDocument();
    expect(screen.getByText('No bookings yet')).toBeInTheDocument();
  });
});
