import { DEFAULT_GST_RATES } from '../../src/shared/gst';
import type { BookingGstDto } from '../../src/shared/schemas/gst';
import { screen, within } from '@testing-library/react';
import type { HttpHandler } from 'msw';
import { bookingMoney, DEFAULT_PAYMENT_RULES, paymentRulesToDto, toScheduleDto } from '../../src/shared/booking-rules';
import { addDays, todayInIndia } from '../../src/shared/dates';
import type { BookingStatus, EventType } from '../../src/shared/domain';
import type { AdminBookingDto, CustomerDto, DashboardStatsDto, Page } from '../../src/shared/schemas/admin';
import type { BookingAccountDto } from '../../src/shared/schemas/payments';
import type { ProjectDetailDto } from '../../src/shared/schemas/projects';
import type {
  CityWiseReportDto,
  CustomerReportRowDto,
  EventTypeWiseReportDto,
  ReportsSummaryDto,
  VendorReportRowDto,
  WeeklyTrendPointDto,
} from '../../src/shared/schemas/reports';
import type { SupplierDto, SupplierProjectDto } from '../../src/shared/schemas/suppliers';
import type { PendingVendorDto } from '../../src/shared/schemas/vendor';
import { userFor } from './fixtures';
import { bookingMenu } from './menu-fixtures';
import { server, trpcHandler, type TrpcResolver } from './msw';
import { renderApp } from './render';

const KIND_DIGIT = { b: 'b', s: '5', c: 'c', v: 'e', p: 'a', q: 'f' } as const;

/**
 * A deterministic UUID per kind and number, readable in failures: booking 3 is
 * 00000000-0000-4000-8000-b00000000003.
 */
export function uuid(kind: keyof typeof KIND_DIGIT, n: number): string {
  return `00000000-0000-4000-8000-${KIND_DIGIT[kind]}${String(n).padStart(11, '0')}`;
}

export const EVENT_DATE = addDays(todayInIndia(), 40);

export function booking(n: number, overrides: Partial<AdminBookingDto> = {}): AdminBookingDto {
  return {
    id: uuid('b', n),
    event_name: `Event ${n}`,
    event_type: 'wedding' as EventType,
    client_name: `Client ${n}`,
    client_email: `client${n}@example.in`,
    client_phone: '+919826012345',
    event_date: EVENT_DATE,
    original_event_date: null,
    event_time: null,
    requirements: { guest_count: 100 + n },
    status: 'inquiry' as BookingStatus,
    venue_name: null,
    venue_address: null,
    city: 'Indore',
    notes: null,
    pricing_tier: 'premium',
    final_amount: 250000,
    gst_percent: 18,
    quotation: null,
    source: 'instant_quote',
    created_at: '2026-01-10T10:00:00.000Z',
    updated_at: '2026-01-10T10:00:00.000Z',
    ...overrides,
  };
}

export function supplier(n: number, overrides: Partial<SupplierDto> = {}): SupplierDto {
  return {
    id: uuid('s', n),
    name: `Owner ${n}`,
    business_name: `Supplier ${n} Caterers`,
    email: `supplier${n}@example.in`,
    phone: '+919826000000',
    location: 'Indore',
    services: ['Wedding catering', 'Live counters'],
    is_verified: true,
    is_active: true,
    approval_status: 'approved',
    rating: 4.5,
    total_projects: 3,
    awarded_projects: 1,
    created_at: '2026-01-01T10:00:00.000Z',
    ...overrides,
  };
}

export function customer(n: number, overrides: Partial<CustomerDto> = {}): CustomerDto {
  return {
    id: uuid('c', n),
    full_name: `Customer ${n}`,
    email: `customer${n}@example.in`,
    phone: '+919425078316',
    city: 'Bhopal',
    created_at: '2026-02-14T09:00:00.000Z',
    is_active: true,
    ...overrides,
  };
}

export function pendingVendor(n: number, overrides: Partial<PendingVendorDto> = {}): PendingVendorDto {
  return {
    id: uuid('v', n),
    business_name: `Vendor ${n} Tent House`,
    contact_person: `Contact ${n}`,
    email: `vendor${n}@example.in`,
    phone: '+916263014587',
    location: 'Indore',
    experience_years: 5,
    business_address: '88, Annapurna Road, Indore',
    services_offered: 'Tents, stages and lighting',
    gst_number: null,
    portfolio_link: null,
    created_at: '2026-03-01T10:00:00.000Z',
    email_verified: true,
    ...overrides,
  };
}

export function page<T>(items: T[], total = items.length): Page<T> {
  return { items, total };
}

export const STATS: DashboardStatsDto = {
  total_bookings: 1234,
  pending_bookings: 7,
  active_suppliers: 5,
  total_revenue: 1234567.5,
};

export const SUMMARY: ReportsSummaryDto = {
  analytics: {
    total_page_views: 15320,
    total_quotations: 87,
    total_vendor_registrations: 12,
    device_breakdown: { mobile: 60, desktop: 30, tablet: 10 },
  },
  pending_vendors: 2,
};

export function customerRow(n: number, overrides: Partial<CustomerReportRowDto> = {}): CustomerReportRowDto {
  return {
    booking_id: uuid('b', n),
    customer_name: `Client ${n}`,
    email: `client${n}@example.in`,
    phone: '+919826012345',
    event_type: 'baby_shower',
    guest_count: 150,
    pricing_tier: 'luxury',
    event_date: EVENT_DATE,
    created_at: '2026-01-10T10:00:00.000Z',
    analytics: { ip_address: '203.0.113.7', browser: 'Chrome', device: 'mobile' },
    ...overrides,
  };
}

export function vendorRow(n: number, overrides: Partial<VendorReportRowDto> = {}): VendorReportRowDto {
  return {
    supplier_id: uuid('s', n),
    business_name: `Supplier ${n} Caterers`,
    contact_person: `Owner ${n}`,
    email: `supplier${n}@example.in`,
    location: 'Indore',
    experience_years: 8,
    approval_status: 'approved',
    created_at: '2026-01-01T10:00:00.000Z',
    analytics: null,
    ...overrides,
  };
}

export const CITY_WISE: CityWiseReportDto = {
  Indore: { bookings: 10, vendors: 3 },
  'Not specified': { bookings: 2, vendors: 0 },
};
export const EVENT_TYPES: EventTypeWiseReportDto = { baby_shower: 4, wedding: 9 };
export const WEEKLY: WeeklyTrendPointDto[] = Array.from({ length: 12 }, (_, i) => ({
  week_start: addDays('2026-01-05', i * 7),
  quotes: i + 1,
  bookings: i % 3,
}));

export function project(overrides: Partial<ProjectDetailDto> = {}): ProjectDetailDto {
  return {
    id: uuid('p', 1),
    booking_id: uuid('b', 1),
    status: 'open',
    auto_assign_date: '2027-03-05T13:00:00.000Z',
    seconds_until_auto_assign: 90_061,
    server_time: new Date().toISOString(),
    awaiting_admin_since: null,
    created_at: '2026-03-01T10:00:00.000Z',
    awarded_at: null,
    awarded_supplier_id: null,
    awarded_quote_id: null,
    booking: {
      event_name: 'Event 1',
      event_type: 'wedding',
      event_date: EVENT_DATE,
      client_name: 'Client 1',
      status: 'inquiry',
      guest_count: 101,
      final_amount: 250000,
    },
    suppliers: [
      {
        supplier_id: uuid('s', 2),
        business_name: 'Supplier 2 Caterers',
        name: 'Owner 2',
        location: 'Indore',
        rating: 4.2,
        is_active: true,
        approval_status: 'approved',
        invited_at: '2026-03-01T10:00:00.000Z',
        quote: {
          id: uuid('q', 2),
          amount: 185000,
          notes: 'Includes live chaat counter',
          items: [],
          submitted_at: '2026-03-02T05:30:00.000Z',
          flag: null,
          budget: 210000,
        },
        is_winner: false,
      },
      {
        supplier_id: uuid('s', 1),
        business_name: 'Supplier 1 Caterers',
        name: 'Owner 1',
        location: 'Indore',
        rating: 4.8,
        is_active: true,
        approval_status: 'approved',
        invited_at: '2026-03-01T10:00:00.000Z',
        quote: {
          id: uuid('q', 1),
          amount: 199000.5,
          notes: null,
          items: [],
          submitted_at: '2026-03-02T07:00:00.000Z',
          flag: null,
          budget: 210000,
        },
        is_winner: false,
      },
      {
        supplier_id: uuid('s', 3),
        business_name: 'Supplier 3 Caterers',
        name: 'Owner 3',
        location: null,
        rating: 3.9,
        is_active: true,
        approval_status: 'approved',
        invited_at: '2026-03-01T10:00:00.000Z',
        quote: null,
        is_winner: false,
      },
    ],
    quote_count: 2,
    lowest_amount: 185000,
    ...overrides,
  };
}

export function supplierProject(overrides: Partial<SupplierProjectDto> = {}): SupplierProjectDto {
  return {
    id: uuid('p', 1),
    booking_id: uuid('b', 1),
    status: 'awarded',
    auto_assign_date: '2026-03-03T10:00:00.000Z',
    awaiting_admin_since: null,
    invited_at: '2026-03-01T10:00:00.000Z',
    is_awarded: true,
    booking_details: {
      event_name: 'Sharma Sangeet',
      client_name: 'Priya Sharma',
      event_type: 'wedding',
      event_date: EVENT_DATE,
      venue_name: null,
      estimated_budget: 250000,
      requirements: { guest_count: 200, special_requests: null },
    },
    quote: { id: uuid('q', 1), quoted_amount: 185000, notes: 'Veg menu', submitted_at: '2026-03-02T05:30:00.000Z' },
    ...overrides,
  };
}

/**
 * A confirmed ₹1,85,000 booking with its booking amount paid, the schedule derived by the shared rule the server
 * uses (`bookingMoney`).
 */
export function bookingAccount(bookingId: string, paid = 999): BookingAccountDto {
  const total = 185_000;
  const confirmedOn = addDays(todayInIndia(), -3);
  const money = bookingMoney({
    status: 'confirmed',
    totalPaise: total * 100,
    creditedPaise: 0,
    eventDate: addDays(todayInIndia(), 60),
    confirmedOn,
    heldPaise: paid * 100,
  });
  return {
    booking_id: bookingId,
    status: 'confirmed',
    total,
    credited: 0,
    confirmed_on: confirmedOn,
    paid,
    refunded: 0,
    owed_back: 0,
    held: paid,
    can_record_up_to: total - paid,
    schedule: toScheduleDto(money),
    ledger: [
      {
        id: uuid('q', 91),
        kind: 'charge',
        amount: total,
        method: null,
        reference: null,
        note: 'Booking total',
        created_at: '2026-11-22T05:30:00.000Z',
      },
      {
        id: uuid('q', 92),
        kind: 'payment',
        amount: paid,
        method: 'upi',
        reference: '412345678901',
        note: 'Booking amount',
        created_at: '2026-11-22T05:20:00.000Z',
      },
    ],
  };
}

/** What the dashboard's load answers unless a test says otherwise (docs/api.md's calls, as tRPC procedures). */
export function adminDefaults(): Record<string, TrpcResolver> {
  return {
    'auth.me': () => userFor('admin'),
    'auth.secondFactorStatus': () => ({ enabled: false, recovery_codes_left: 0, available: true, required: false }),
    'admin.stats': () => STATS,
    'admin.bookings.list': () => page([booking(1), booking(2, { status: 'confirmed', event_type: 'baby_shower' })], 2),
    'admin.suppliers.list': () =>
      page([supplier(1), supplier(2, { is_verified: false, services: [], location: null })]),
    'admin.customers.list': () => page([customer(1)]),
    'admin.vendors.pending': () => page([pendingVendor(1)]),
    'admin.reports.summary': () => SUMMARY,
    'admin.reports.customers': () =>
      page([customerRow(1), customerRow(2, { analytics: null, phone: null, pricing_tier: null })]),
    'admin.reports.vendors': () =>
      page([
        vendorRow(1),
        vendorRow(2, {
          approval_status: 'pending',
          analytics: { ip_address: '198.51.100.4', browser: 'Firefox', device: 'desktop' },
        }),
      ]),
    'admin.reports.cityWise': () => CITY_WISE,
    'admin.reports.eventTypeWise': () => EVENT_TYPES,
    'admin.reports.weekly': () => WEEKLY,
    'admin.bookings.get': ({ input }) => booking(Number((input as { id: string }).id.slice(-11)), {}),
    'admin.projects.forBooking': () => null,
    'admin.payments.bookingAccount': ({ input }) => bookingAccount((input as { id: string }).id),
    'admin.messages.forBooking': () => [],
    'admin.notifications.list': () => [],
    'admin.settings.paymentRules': () => ({
      rules: paymentRulesToDto(DEFAULT_PAYMENT_RULES),
      defaults: paymentRulesToDto(DEFAULT_PAYMENT_RULES),
    }),
    'admin.settings.operationsRules': () => ({ rules: OPERATIONS_DEFAULTS, defaults: OPERATIONS_DEFAULTS }),
    'admin.calendar.days': () => [],
    'admin.calendar.events': ({ input }) => emptyCalendar(input as { from: string; to: string }),
    'admin.calendar.feed': () => ({ active: false, created_at: null, url: null }),
    'admin.gst.settings': () => GST_SETTINGS,
    'admin.gst.booking': () => bookingGst(),
    // Booking Details' Menu section: no menu chosen yet.
    'admin.menus.bookingMenu': ({ input }) => bookingMenu((input as { id: string }).id),
    'admin.gst.summary': ({ input }) => gstSummary((input as { month: string }).month),
  };
}

/** The capacity and bid numbers as a new installation ships them (docs/product.md#calendar): no daily limit. */
export const OPERATIONS_DEFAULTS = {
  max_events_per_day: null,
  max_guests_per_day: null,
  supplier_budget_percent: 70,
  bid_floor_percent: 40,
};

/** A calendar range with no events, every day open under no limits. */
export function emptyCalendar({ from, to }: { from: string; to: string }) {
  const days = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    days.push({
      date,
      status: date < todayInIndia() ? ('past' as const) : ('available' as const),
      reason: date < todayInIndia() ? 'This date has passed' : null,
      events: 0,
      guests: 0,
      max_events: null,
      max_guests: null,
      surcharge: null,
    });
  }
  return { from, to, events: [], days };
}

/** The GST settings at their defaults (docs/gst.md#settings). */
export const GST_SETTINGS = {
  business: {
    legal_name: 'Annapurna Hospitality Private Limited',
    trade_name: 'Annapurna Events',
    address: '12, Race Course Road, Indore, Madhya Pradesh 452003',
    state_code: '23',
    gstin: null,
    fssai: null,
    package_sac: '996334',
  },
  rates: DEFAULT_GST_RATES.map((rate) => ({ ...rate })),
  defaults: {
    business: {
      legal_name: 'Annapurna Hospitality Private Limited',
      trade_name: 'Annapurna Events',
      address: '12, Race Course Road, Indore, Madhya Pradesh 452003',
      state_code: '23',
      gstin: null,
      fssai: null,
      package_sac: '996334',
    },
    rates: DEFAULT_GST_RATES.map((rate) => ({ ...rate })),
  },
};

/** A booking's GST answer with no documents yet (docs/gst.md#recipient). */
export function bookingGst(overrides: Partial<BookingGstDto> = {}): BookingGstDto {
  return {
    details: {
      company_name: null,
      gstin: null,
      billing_address: null,
      venue_state_code: '23',
      venue_state_named: false,
      editable: true,
    },
    documents: [],
    invoice: { can_issue: false, reason: 'The booking is not confirmed yet', due_by: null },
    ...overrides,
  };
}

/** A month with no GST documents. */
export function gstSummary(month: string) {
  return {
    month,
    from: `${month}-01`,
    to: `${month}-30`,
    supplies_by_rate: [],
    documents: (['receipt_voucher', 'tax_invoice', 'refund_voucher', 'credit_note', 'debit_note'] as const).map(
      (kind) => ({
        kind,
        title: kind,
        count: 0,
        taxable_value: 0,
        cgst: 0,
        sgst: 0,
        igst: 0,
        total: 0,
      }),
    ),
    advances_received: 0,
    advances_adjusted: 0,
    net_tax: { cgst: 0, sgst: 0, igst: 0 },
    tables: [],
  };
}

export function adminHandlers(overrides: Record<string, TrpcResolver> = {}): HttpHandler[] {
  return Object.entries({ ...adminDefaults(), ...overrides }).map(([path, resolver]) => trpcHandler(path, resolver));
}

/**
 * Renders the whole app at /admin (or `path`, a link with a tab and its state in the query string), signed in as an
 * admin, and waits for the first load to end.
 */
export async function openAdmin(overrides: Record<string, TrpcResolver> = {}, path = '/admin') {
  server.use(...adminHandlers(overrides));
  const view = renderApp({ path, token: 'token-for-admin' });
  await screen.findByRole('heading', { level: 1, name: /Admin Dashboard/ });
  return view;
}

export async function openTab(user: ReturnType<typeof renderApp>['user'], name: RegExp | string) {
  await user.click(screen.getByRole('tab', { name }));
}

/**
 * The toast outlet. `hidden: true` because an open modal dialog marks the rest of the page aria-hidden, the outlet
 * included (reported: the toaster should sit outside the app root, marked as a live region).
 */
export function toasts() {
  return within(screen.getByRole('region', { name: /Notifications/, hidden: true }));
}

/** A resolver that waits until the test lets it answer. */
export function heldResolver<T>(value: T) {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  return { resolver: async () => (await gate, value), release: () => release() };
}
