import { and, asc, desc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { addDays, todayInIndia } from '../../../shared/dates';
import type { BookingStatus } from '../../../shared/domain';
import { paiseToRupees } from '../../../shared/pricing';
import type { DashboardStatsDto, Page } from '../../../shared/schemas/admin';
import {
  reportQuerySchema,
  type CityWiseReportDto,
  type CustomerReportRowDto,
  type EventTypeWiseReportDto,
  type ReportQuery,
  type ReportsSummaryDto,
  type VendorReportRowDto,
  type VisitorAnalyticsDto,
  type WeeklyTrendPointDto,
} from '../../../shared/schemas/reports';
import { analyticsEvents, auditLog, bookings, suppliers } from '../../db/schema';
import type { ServiceDeps } from '../deps';

/** Architecture section 5 "Dashboard stats". */
const PENDING_STATUSES: BookingStatus[] = ['inquiry', 'quoted'];
const REVENUE_STATUSES: BookingStatus[] = ['confirmed', 'in_progress', 'completed'];

const liveSupplier = and(eq(suppliers.isActive, true), eq(suppliers.approvalStatus, 'approved'));

/**
 * The four stat cards (spec section 3 "Dashboard stats", architecture section 5): all bookings; inquiry + quoted;
 * active and approved suppliers; the final amounts of confirmed, in-progress and completed bookings, in rupees.
 * Two aggregate queries; no rows leave the database.
 */
export async function dashboardStats(deps: ServiceDeps): Promise<DashboardStatsDto> {
  const [[b], [s]] = await Promise.all([
    deps.db
      .select({
        total: sql<number>`count(*)::int`,
        pending: sql<number>`(count(*) filter (where ${inArray(bookings.status, PENDING_STATUSES)}))::int`,
        revenuePaise: sql<string>`coalesce(sum(${bookings.finalAmountPaise}) filter (where ${inArray(bookings.status, REVENUE_STATUSES)}), 0)::text`,
      })
      .from(bookings),
    deps.db.select({ active: sql<number>`count(*)::int` }).from(suppliers).where(liveSupplier),
  ]);
  return {
    total_bookings: Number(b?.total ?? 0),
    pending_bookings: Number(b?.pending ?? 0),
    active_suppliers: Number(s?.active ?? 0),
    total_revenue: paiseToRupees(Number(b?.revenuePaise ?? 0)),
  };
}

/**
 * The Analytics tab's cards (spec section 3 "Reports summary"): counts of each analytics kind, the device mix of
 * every recorded event (a visitor's page views and quotes alike), and vendors awaiting approval.
 */
export async function reportsSummary(deps: ServiceDeps): Promise<ReportsSummaryDto> {
  const count = (condition: SQL) => sql<number>`(count(*) filter (where ${condition}))::int`;
  const [[a], [p]] = await Promise.all([
    deps.db
      .select({
        pageViews: count(eq(analyticsEvents.kind, 'page_view')),
        quotations: count(eq(analyticsEvents.kind, 'quotation')),
        registrations: count(eq(analyticsEvents.kind, 'vendor_registration')),
        mobile: count(eq(analyticsEvents.device, 'mobile')),
        desktop: count(eq(analyticsEvents.device, 'desktop')),
        tablet: count(eq(analyticsEvents.device, 'tablet')),
      })
      .from(analyticsEvents),
    deps.db.select({ n: sql<number>`count(*)::int` }).from(suppliers).where(eq(suppliers.approvalStatus, 'pending')),
  ]);
  return {
    analytics: {
      total_page_views: Number(a?.pageViews ?? 0),
      total_quotations: Number(a?.quotations ?? 0),
      total_vendor_registrations: Number(a?.registrations ?? 0),
      device_breakdown: { mobile: Number(a?.mobile ?? 0), desktop: Number(a?.desktop ?? 0), tablet: Number(a?.tablet ?? 0) },
    },
    pending_vendors: Number(p?.n ?? 0),
  };
}

const visitorFields = {
  eventId: analyticsEvents.id,
  ipAddress: analyticsEvents.ipAddress,
  browser: analyticsEvents.browser,
  device: analyticsEvents.device,
};

function toVisitor(row: { eventId: string | null; ipAddress: string | null; browser: string | null; device: VisitorAnalyticsDto['device'] }) {
  return row.eventId ? { ip_address: row.ipAddress, browser: row.browser, device: row.device } : null;
}

/**
 * Customer Reports (spec section 3 "Customer report row"): one row per booking, newest first, with the visitor
 * data of its latest quotation (joined by booking id; null for inquiries and admin-made bookings). A page of at
 * most 500 rows.
 */
export async function customerReport(deps: ServiceDeps, query: ReportQuery = {}): Promise<Page<CustomerReportRowDto>> {
  const { limit, offset } = reportQuerySchema.parse(query);
  const quotation = deps.db
    .select(visitorFields)
    .from(analyticsEvents)
    .where(and(eq(analyticsEvents.bookingId, bookings.id), eq(analyticsEvents.kind, 'quotation')))
    .orderBy(desc(analyticsEvents.createdAt))
    .limit(1)
    .as('quotation');
  const [rows, [count]] = await Promise.all([
    deps.db
      .select({
        id: bookings.id,
        clientName: bookings.clientName,
        clientEmail: bookings.clientEmail,
        clientPhone: bookings.clientPhone,
        eventType: bookings.eventType,
        guestCount: bookings.guestCount,
        requirements: bookings.requirements,
        pricingTier: bookings.pricingTier,
        eventDate: bookings.eventDate,
        createdAt: bookings.createdAt,
        visitor: { eventId: quotation.eventId, ipAddress: quotation.ipAddress, browser: quotation.browser, device: quotation.device },
      })
      .from(bookings)
      .leftJoinLateral(quotation, sql`true`)
      .orderBy(desc(bookings.createdAt), desc(bookings.id))
      .limit(limit)
      .offset(offset),
    deps.db.select({ n: sql<number>`count(*)::int` }).from(bookings),
  ]);
  return {
    items: rows.map((r) => ({
      booking_id: r.id,
      customer_name: r.clientName,
      email: r.clientEmail,
      phone: r.clientPhone,
      event_type: r.eventType,
      guest_count: r.guestCount ?? (r.requirements.guest_count || null),
      pricing_tier: r.pricingTier,
      event_date: r.eventDate,
      created_at: r.createdAt.toISOString(),
      analytics: r.visitor ? toVisitor(r.visitor) : null,
    })),
    total: Number(count?.n ?? 0),
  };
}

/**
 * Vendor Reports (spec section 3 "Vendor report row"): one row per supplier, newest first, with the visitor data
 * of its `vendor_registration` event (joined by supplier id; null for suppliers an admin added).
 */
export async function vendorReport(deps: ServiceDeps, query: ReportQuery = {}): Promise<Page<VendorReportRowDto>> {
  const { limit, offset } = reportQuerySchema.parse(query);
  const registration = deps.db
    .select(visitorFields)
    .from(analyticsEvents)
    .where(and(eq(analyticsEvents.supplierId, suppliers.id), eq(analyticsEvents.kind, 'vendor_registration')))
    .orderBy(asc(analyticsEvents.createdAt))
    .limit(1)
    .as('registration');
  const [rows, [count]] = await Promise.all([
    deps.db
      .select({
        id: suppliers.id,
        businessName: suppliers.businessName,
        name: suppliers.name,
        email: suppliers.email,
        location: suppliers.location,
        experienceYears: suppliers.experienceYears,
        approvalStatus: suppliers.approvalStatus,
        createdAt: suppliers.createdAt,
        visitor: {
          eventId: registration.eventId,
          ipAddress: registration.ipAddress,
          browser: registration.browser,
          device: registration.device,
        },
      })
      .from(suppliers)
      .leftJoinLateral(registration, sql`true`)
      .orderBy(desc(suppliers.createdAt), desc(suppliers.id))
      .limit(limit)
      .offset(offset),
    deps.db.select({ n: sql<number>`count(*)::int` }).from(suppliers),
  ]);
  return {
    items: rows.map((r) => ({
      supplier_id: r.id,
      business_name: r.businessName,
      contact_person: r.name,
      email: r.email,
      location: r.location,
      experience_years: r.experienceYears,
      approval_status: r.approvalStatus,
      created_at: r.createdAt.toISOString(),
      analytics: r.visitor ? toVisitor(r.visitor) : null,
    })),
    total: Number(count?.n ?? 0),
  };
}

export const CITY_NOT_SPECIFIED = 'Not specified';

/** A city as typed, grouped regardless of letter case and spaces ("indore ", "INDORE" → "Indore"). */
const cityOf = (column: AnyPgColumn) =>
  sql<string>`coalesce(nullif(initcap(btrim(${column})), ''), ${CITY_NOT_SPECIFIED})`;

/**
 * The city-wise list (spec section 3 "City-wise report"): bookings per city (all bookings; a booking without a
 * city, such as an inquiry, counts under "Not specified") and active, approved suppliers per location, so the
 * columns add up to the Total Bookings and Active Suppliers cards. Busiest cities first.
 */
export async function cityWiseReport(deps: ServiceDeps): Promise<CityWiseReportDto> {
  // Distinct column names: drizzle refers to a subquery's computed columns without the subquery's name.
  const bookingCities = deps.db
    .select({ city: cityOf(bookings.city).as('booking_city'), n: sql<number>`count(*)::int`.as('booking_count') })
    .from(bookings)
    .groupBy(sql`1`)
    .as('booking_cities');
  const vendorCities = deps.db
    .select({ city: cityOf(suppliers.location).as('vendor_city'), n: sql<number>`count(*)::int`.as('vendor_count') })
    .from(suppliers)
    .where(liveSupplier)
    .groupBy(sql`1`)
    .as('vendor_cities');
  const rows = await deps.db
    .select({
      city: sql<string>`coalesce(${bookingCities.city}, ${vendorCities.city})`,
      bookings: sql<number>`coalesce(${bookingCities.n}, 0)::int`,
      vendors: sql<number>`coalesce(${vendorCities.n}, 0)::int`,
    })
    .from(bookingCities)
    .fullJoin(vendorCities, eq(bookingCities.city, vendorCities.city))
    .orderBy(sql`2 desc`, sql`3 desc`, sql`1`);
  return Object.fromEntries(rows.map((r) => [r.city, { bookings: Number(r.bookings), vendors: Number(r.vendors) }]));
}

/** The event-type tiles (spec section 3 "Event-type report"): bookings per event type, most frequent first. */
export async function eventTypeWiseReport(deps: ServiceDeps): Promise<EventTypeWiseReportDto> {
  const rows = await deps.db
    .select({ eventType: bookings.eventType, n: sql<number>`count(*)::int` })
    .from(bookings)
    .groupBy(bookings.eventType)
    .orderBy(sql`2 desc`, bookings.eventType);
  return Object.fromEntries(rows.map((r) => [r.eventType, Number(r.n)]));
}

export const TREND_WEEKS = 12;
const IST_OFFSET = sql.raw(`interval '330 minutes'`);

/** The Monday (India time) that starts the week of a `YYYY-MM-DD` date. */
function mondayOf(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
}

/**
 * The Analytics chart (issue 4 "quotes and bookings per week for the last 12 weeks"): per week, Monday to
 * Sunday in India time, the instant quotes sent (`quotation` events) and the bookings confirmed (status moves to
 * confirmed in the audit log). The current week is the last point; weeks without activity are zeros.
 */
export async function weeklyTrend(deps: ServiceDeps, now: Date = new Date()): Promise<WeeklyTrendPointDto[]> {
  const thisMonday = mondayOf(todayInIndia(now));
  const weeks = Array.from({ length: TREND_WEEKS }, (_, i) => addDays(thisMonday, (i - TREND_WEEKS + 1) * 7));
  const since = new Date(`${weeks[0]}T00:00:00+05:30`);
  const weekOf = (column: AnyPgColumn) =>
    sql<string>`to_char(date_trunc('week', (${column} at time zone 'UTC') + ${IST_OFFSET}), 'YYYY-MM-DD')`;
  const [quotes, confirmed] = await Promise.all([
    deps.db
      .select({ week: weekOf(analyticsEvents.createdAt), n: sql<number>`count(*)::int` })
      .from(analyticsEvents)
      .where(and(eq(analyticsEvents.kind, 'quotation'), gte(analyticsEvents.createdAt, since)))
      .groupBy(sql`1`),
    deps.db
      .select({ week: weekOf(auditLog.createdAt), n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'booking.status_changed'),
          sql`${auditLog.data}->>'to' = 'confirmed'`,
          gte(auditLog.createdAt, since),
        ),
      )
      .groupBy(sql`1`),
  ]);
  const quotesByWeek = new Map(quotes.map((r) => [r.week, Number(r.n)]));
  const bookingsByWeek = new Map(confirmed.map((r) => [r.week, Number(r.n)]));
  return weeks.map((week) => ({ week_start: week, quotes: quotesByWeek.get(week) ?? 0, bookings: bookingsByWeek.get(week) ?? 0 }));
}
