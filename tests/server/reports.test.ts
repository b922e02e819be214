import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/server/db/seed-demo';
import { analyticsEvents, auditLog, bookings, suppliers } from '../../src/server/db/schema';
import { addDays, todayInIndia } from '../../src/shared/dates';
import { bearer, tokenFor, vendorPayload } from './helpers/admin-fixtures';
import { makeBooking } from './helpers/projects';
import { makeUser } from './helpers/fixtures';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let adminToken: string;

const IPAD =
  'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, ' +
  'like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0';

let quotedId: string;
let registeredVendorId: string;

beforeAll(async () => {
  t = await createTestApp();
  // Realistic data: the demo seed (bookings in every status, vendors in every state, ~150 analytics events)...
  const seeded = await seedDemo(t.deps);
  expect(seeded.seeded).toBe(true);
  const admin = await makeUser(t.deps, { role: 'admin' });
  adminToken = await tokenFor(t.deps, admin.id);

  // ...plus what visitors do through the API: a quote, quoted again from another device, and a vendor application.
  const quote = {
    event_type: 'gala',
    event_date: addDays(todayInIndia(), 40),
    guest_count: 200,
    venue_type: 'banquet',
    tier: 'luxury',
    location: '  indore ',
    client_email: 'report.client@example.in',
    client_name: 'Report Client',
    event_name: 'Report Gala',
  };
  const first = await t.app.inject({
    method: 'POST',
    url: '/api/quotation/instant',
    payload: quote,
    headers: { 'user-agent': FIREFOX },
  });
  quotedId = first.json().quote_id;
  const again = await t.app.inject({
    method: 'POST',
    url: '/api/quotation/instant',
    payload: { ...quote, guest_count: 220 },
    headers: { 'user-agent': IPAD, 'x-forwarded-for': '203.0.113.77' },
  });
  expect(again.json().quote_id).toBe(quotedId);
  const vendor = await t.app.inject({
    method: 'POST',
    url: '/api/vendor/register',
    payload: vendorPayload({ location: 'INDORE', business_name: 'Report Vendor Decor' }),
    headers: { 'user-agent': IPAD },
  });
  registeredVendorId = vendor.json().supplier_id;
  // A booking without a city (an inquiry) and one in a city with odd spacing and case.
  await makeBooking(t.deps, { city: null, status: 'inquiry', source: 'inquiry', eventType: 'birthday' });
  await makeBooking(t.deps, { city: 'new  DELHI', eventType: 'corporate' });
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(adminToken) });
const admin = () => t.caller({ token: adminToken }).admin.reports;

/** PostgreSQL's initcap for the plain city names used here: first letter of each word upper-case, the rest lower. */
const cityKey = (city: string | null) => {
  const trimmed = (city ?? '').trim();
  if (!trimmed) return 'Not specified';
  return trimmed.toLowerCase().replace(/(^|[^a-z0-9])([a-z])/g, (_m, sep: string, c: string) => sep + c.toUpperCase());
};

const tally = <T>(items: T[], key: (item: T) => string) =>
  items.reduce<Record<string, number>>((acc, item) => ({ ...acc, [key(item)]: (acc[key(item)] ?? 0) + 1 }), {});

describe('GET /api/admin/reports/summary', () => {
  it('counts analytics by kind and device, and pending vendors, as the rows say', async () => {
    const events = await t.deps.db
      .select({ kind: analyticsEvents.kind, device: analyticsEvents.device })
      .from(analyticsEvents);
    const vendors = await t.deps.db.select({ status: suppliers.approvalStatus }).from(suppliers);
    const byKind = tally(events, (e) => e.kind);
    const byDevice = tally(events, (e) => e.device ?? 'unknown');
    const expected = {
      analytics: {
        total_page_views: byKind.page_view ?? 0,
        total_quotations: byKind.quotation ?? 0,
        total_vendor_registrations: byKind.vendor_registration ?? 0,
        device_breakdown: {
          mobile: byDevice.mobile ?? 0,
          desktop: byDevice.desktop ?? 0,
          tablet: byDevice.tablet ?? 0,
        },
      },
      pending_vendors: vendors.filter((v) => v.status === 'pending').length,
    };
    expect(expected.analytics.total_page_views).toBeGreaterThan(100);
    expect(expected.analytics.device_breakdown.tablet).toBeGreaterThan(0);
    expect(expected.pending_vendors).toBe(4); // three seeded, one registered above

    const res = await get('/api/admin/reports/summary');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(expected);
    expect(await admin().summary()).toEqual(expected);
  });
});

describe('GET /api/admin/reports/customers', () => {
  it('answers one row per booking, newest first, with the latest quotation analytics or null', async () => {
    const all = await t.deps.db.select().from(bookings);
    const quotations = await t.deps.db.select().from(analyticsEvents).where(eq(analyticsEvents.kind, 'quotation'));
    const res = await get('/api/admin/reports/customers');
    expect(res.statusCode).toBe(200);
    const rows = res.json() as { booking_id: string; analytics: unknown; created_at: string }[];
    expect(rows).toHaveLength(all.length);
    expect(res.headers['x-total-count']).toBe(String(all.length));
    expect(rows.map((r) => r.created_at)).toEqual(
      rows
        .map((r) => r.created_at)
        .sort()
        .reverse(),
    );

    for (const row of rows) {
      const booking = all.find((b) => b.id === row.booking_id)!;
      const latest = quotations
        .filter((q) => q.bookingId === booking.id)
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
      expect(row).toEqual({
        booking_id: booking.id,
        customer_name: booking.clientName,
        email: booking.clientEmail,
        phone: booking.clientPhone,
        event_type: booking.eventType,
        guest_count: booking.guestCount,
        pricing_tier: booking.pricingTier,
        event_date: booking.eventDate,
        created_at: booking.createdAt.toISOString(),
        analytics: latest ? { ip_address: latest.ipAddress, browser: latest.browser, device: latest.device } : null,
      });
    }
    // The re-quoted booking carries the second visit (iPad), not the first (Firefox on Windows).
    expect(rows.find((r) => r.booking_id === quotedId)!.analytics).toEqual({
      ip_address: '127.0.0.1',
      browser: 'Safari',
      device: 'tablet',
    });
    expect(rows.filter((r) => r.analytics === null).length).toBeGreaterThan(3);
  });

  it('pages with limit and offset (at most 500 a page)', async () => {
    const all = (await get('/api/admin/reports/customers')).json() as { booking_id: string }[];
    const page = (await get('/api/admin/reports/customers?limit=4&offset=3')).json() as { booking_id: string }[];
    expect(page.map((r) => r.booking_id)).toEqual(all.slice(3, 7).map((r) => r.booking_id));
    expect((await get('/api/admin/reports/customers?limit=501')).statusCode).toBe(422);
    const trpc = await admin().customers({ limit: 4, offset: 3 });
    expect(trpc.items.map((r) => r.booking_id)).toEqual(page.map((r) => r.booking_id));
    expect(trpc.total).toBe(all.length);
  });
});

describe('GET /api/admin/reports/vendors', () => {
  it('answers one row per supplier with its registration analytics, null for admin-added suppliers', async () => {
    const all = await t.deps.db.select().from(suppliers);
    const registrations = await t.deps.db
      .select()
      .from(analyticsEvents)
      .where(eq(analyticsEvents.kind, 'vendor_registration'));
    const res = await get('/api/admin/reports/vendors');
    expect(res.statusCode).toBe(200);
    const rows = res.json() as { supplier_id: string; analytics: unknown; created_at: string }[];
    expect(rows).toHaveLength(all.length);
    expect(rows.map((r) => r.created_at)).toEqual(
      rows
        .map((r) => r.created_at)
        .sort()
        .reverse(),
    );
    for (const row of rows) {
      const s = all.find((x) => x.id === row.supplier_id)!;
      const event = registrations.find((e) => e.supplierId === s.id);
      expect(row).toEqual({
        supplier_id: s.id,
        business_name: s.businessName,
        contact_person: s.name,
        email: s.email,
        location: s.location,
        experience_years: s.experienceYears,
        approval_status: s.approvalStatus,
        created_at: s.createdAt.toISOString(),
        analytics: event ? { ip_address: event.ipAddress, browser: event.browser, device: event.device } : null,
      });
    }
    expect(rows[0]).toMatchObject({
      supplier_id: registeredVendorId,
      analytics: { browser: 'Safari', device: 'tablet' },
    });
    const adminAdded = all.filter((s) => s.userId === null).map((s) => s.id);
    expect(adminAdded.length).toBeGreaterThan(0);
    expect(rows.filter((r) => adminAdded.includes(r.supplier_id)).every((r) => r.analytics === null)).toBe(true);
    expect((await admin().vendors()).items).toEqual(rows);
  });
});

describe('GET /api/admin/reports/city-wise', () => {
  it('counts bookings per city and active, approved suppliers per location, grouping letter case and spaces', async () => {
    const allBookings = await t.deps.db.select({ city: bookings.city }).from(bookings);
    const live = await t.deps.db.select().from(suppliers);
    const bookingCounts = tally(allBookings, (b) => cityKey(b.city));
    const vendorCounts = tally(
      live.filter((s) => s.isActive && s.approvalStatus === 'approved'),
      (s) => cityKey(s.location),
    );
    const cities = new Set([...Object.keys(bookingCounts), ...Object.keys(vendorCounts)]);
    const expected = Object.fromEntries(
      [...cities].map((c) => [c, { bookings: bookingCounts[c] ?? 0, vendors: vendorCounts[c] ?? 0 }]),
    );

    const res = await get('/api/admin/reports/city-wise');
    expect(res.statusCode).toBe(200);
    const body = res.json() as Record<string, { bookings: number; vendors: number }>;
    expect(body).toEqual(expected);
    expect(body.Indore!.bookings).toBe(bookingCounts.Indore);
    expect(Object.keys(body)).not.toContain('indore');
    expect(body['New  Delhi']).toEqual({ bookings: 1, vendors: 0 });
    expect(body['Not specified']!.bookings).toBeGreaterThan(0);
    // Busiest first; the columns add up to the stat cards.
    const order = Object.values(body).map((v) => v.bookings);
    expect(order).toEqual([...order].sort((a, b) => b - a));
    const stats = (await get('/api/dashboard/stats')).json();
    expect(Object.values(body).reduce((n, v) => n + v.bookings, 0)).toBe(stats.total_bookings);
    expect(Object.values(body).reduce((n, v) => n + v.vendors, 0)).toBe(stats.active_suppliers);
    expect(await admin().cityWise()).toEqual(body);
  });
});

describe('GET /api/admin/reports/event-type-wise', () => {
  it('counts bookings per event type', async () => {
    const all = await t.deps.db.select({ type: bookings.eventType }).from(bookings);
    const res = await get('/api/admin/reports/event-type-wise');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(tally(all, (b) => b.type));
    const counts = Object.values(res.json() as Record<string, number>);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(await admin().eventTypeWise()).toEqual(res.json());
  });
});

describe('GET /api/admin/reports/weekly', () => {
  it('answers 12 weeks (Monday, India time) of quotes sent and bookings confirmed', async () => {
    const istDate = (d: Date) => new Date(d.getTime() + 330 * 60_000).toISOString().slice(0, 10);
    const mondayOf = (date: string) => addDays(date, -((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7));
    const quotes = await t.deps.db
      .select({ at: analyticsEvents.createdAt })
      .from(analyticsEvents)
      .where(eq(analyticsEvents.kind, 'quotation'));
    const moves = await t.deps.db
      .select({ at: auditLog.createdAt, data: auditLog.data, action: auditLog.action })
      .from(auditLog);
    const confirmations = moves.filter((m) => m.action === 'booking.status_changed' && m.data.to === 'confirmed');

    const res = await get('/api/admin/reports/weekly');
    expect(res.statusCode).toBe(200);
    const weeks = res.json() as { week_start: string; quotes: number; bookings: number }[];
    expect(weeks).toHaveLength(12);
    expect(weeks[11]!.week_start).toBe(mondayOf(todayInIndia()));
    for (const [i, week] of weeks.entries()) {
      expect(new Date(`${week.week_start}T00:00:00Z`).getUTCDay()).toBe(1);
      if (i > 0) expect(week.week_start).toBe(addDays(weeks[i - 1]!.week_start, 7));
      expect(week.quotes, week.week_start).toBe(
        quotes.filter((q) => mondayOf(istDate(q.at)) === week.week_start).length,
      );
      expect(week.bookings, week.week_start).toBe(
        confirmations.filter((c) => mondayOf(istDate(c.at)) === week.week_start).length,
      );
    }
    expect(weeks.reduce((n, w) => n + w.quotes, 0)).toBeGreaterThan(5);
    expect(weeks.reduce((n, w) => n + w.bookings, 0)).toBeGreaterThan(3);
    expect(await admin().weekly()).toEqual(weeks);
  });
});

describe('the reports move with the business', () => {
  it('an approval and a new quote show up in the numbers at once', async () => {
    const before = (await get('/api/admin/reports/summary')).json();
    const statsBefore = (await get('/api/dashboard/stats')).json();
    const approve = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/vendors/${registeredVendorId}/approve`,
      headers: bearer(adminToken),
    });
    expect(approve.statusCode).toBe(200);
    const after = (await get('/api/admin/reports/summary')).json();
    expect(after.pending_vendors).toBe(before.pending_vendors - 1);
    const statsAfter = (await get('/api/dashboard/stats')).json();
    expect(statsAfter.active_suppliers).toBe(statsBefore.active_suppliers + 1);
    expect((await get('/api/admin/reports/city-wise')).json().Indore.vendors).toBeGreaterThan(0);
  });
});
