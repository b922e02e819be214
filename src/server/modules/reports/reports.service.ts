import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm';
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
import { analyticsEvents, auditLog, bookingLedger, bookings, statCounters, suppliers } from '../../db/schema';
import type { ServiceDeps } from '../../context';
import { readCounters, totalOf, type CounterMetric } from './stat-counters';

/** docs/product.md#booking-statuses "Dashboard stats". */
const PENDING_STATUSES: BookingStatus[] = ['inquiry', 'quoted'];
const REVENUE_STATUSES: BookingStatus[] = ['confirmed', 'in_progress', 'completed'];

/**
 * The four stat cards (docs/product.md#vendors "Dashboard stats", docs/product.md#vendors): all bookings; inquiry +
 * quoted; active and approved suppliers; what confirmed, in-progress and completed bookings cost, in rupees: their
 * final amounts less what credit notes took off (`bookingCostPaise`, as the Money tab's booking totals count it).
 * The counts are the running counts, so their cost does not grow with the bookings; credit notes are few, read by
 * the ledger's kind index.
 */
export async function dashboardStats(deps: ServiceDeps): Promise<DashboardStatsDto> {
  const [counts, [credits]] = await Promise.all([
    readCounters(deps.db, ['bookings.status', 'suppliers.live_city']),
    deps.db
      .select({ paise: sql<string>`coalesce(sum(${bookingLedger.amountPaise}), 0)` })
      .from(bookingLedger)
      .innerJoin(bookings, eq(bookings.id, bookingLedger.bookingId))
      .where(and(eq(bookingLedger.kind, 'adjustment'), inArray(bookings.status, REVENUE_STATUSES))),
  ]);
  const byStatus = counts.get('bookings.status');
  // The ledger's adjustments are its credit notes, each a negative row (`ledgerSums`).
  const adjustedPaise = Number(credits?.paise ?? 0);
  return {
    total_bookings: totalOf(byStatus),
    pending_bookings: totalOf(byStatus, PENDING_STATUSES),
    active_suppliers: totalOf(counts.get('suppliers.live_city')),
    total_revenue: paiseToRupees(totalOf(byStatus, REVENUE_STATUSES, 'amountPaise') + adjustedPaise),
  };
}

/**
 * The Analytics tab's cards (docs/product.md#vendors "Reports summary"): counts of each analytics kind, the device mix
 * of every recorded event (a visitor's page views and quotes alike), and vendors awaiting approval. The event counts
 * are the running counts: millions of events cost the same as a few.
 */
export async function reportsSummary(deps: ServiceDeps): Promise<ReportsSummaryDto> {
  const [counts, [p]] = await Promise.all([
    readCounters(deps.db, ['analytics.kind', 'analytics.device']),
    deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(suppliers)
      .where(eq(suppliers.approvalStatus, 'pending')),
  ]);
  const kinds = counts.get('analytics.kind');
  const devices = counts.get('analytics.device');
  return {
    analytics: {
      total_page_views: totalOf(kinds, ['page_view']),
      total_quotations: totalOf(kinds, ['quotation']),
      total_vendor_registrations: totalOf(kinds, ['vendor_registration']),
      device_breakdown: {
        mobile: totalOf(devices, ['mobile']),
        desktop: totalOf(devices, ['desktop']),
        tablet: totalOf(devices, ['tablet']),
      },
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

function toVisitor(row: {
  eventId: string | null;
  ipAddress: string | null;
  browser: string | null;
  device: VisitorAnalyticsDto['device'];
}) {
  return row.eventId ? { ip_address: row.ipAddress, browser: row.browser, device: row.device } : null;
}

/**
 * Customer Reports (docs/product.md#privacy "Customer report row"): one row per booking, newest first, with the visitor
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
  const [rows, counts] = await Promise.all([
    deps.db
      .select({
        id: bookings.id,
        clientName: bookings.clientName,
        clientEmail: bookings.clientEmail,
        clientPhone: bookings.clientPhone,
        eventType: bookings.eventType,
        guestCount: bookings.guestCount,
        pricingTier: bookings.pricingTier,
        eventDate: bookings.eventDate,
        createdAt: bookings.createdAt,
        visitor: {
          eventId: quotation.eventId,
          ipAddress: quotation.ipAddress,
          browser: quotation.browser,
          device: quotation.device,
        },
      })
      .from(bookings)
      .leftJoinLateral(quotation, sql`true`)
      .orderBy(desc(bookings.createdAt), desc(bookings.id))
      .limit(limit)
      .offset(offset),
    readCounters(deps.db, ['bookings.status']),
  ]);
  return {
    items: rows.map((r) => ({
      booking_id: r.id,
      customer_name: r.clientName,
      email: r.clientEmail,
      phone: r.clientPhone,
      event_type: r.eventType,
      guest_count: r.guestCount,
      pricing_tier: r.pricingTier,
      event_date: r.eventDate,
      created_at: r.createdAt.toISOString(),
      analytics: r.visitor ? toVisitor(r.visitor) : null,
    })),
    total: totalOf(counts.get('bookings.status')),
  };
}

/**
 * Vendor Reports (docs/product.md#vendors "Vendor report row"): one row per supplier, newest first, with the visitor
 * data of its `vendor_registration` event (joined by supplier id; null for suppliers an admin added).
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

/**
 * The city-wise list (docs/product.md#vendors "City-wise report"): bookings per city (all bookings; a booking without a
 * city, such as an inquiry, counts under "Not specified") and active, approved suppliers per location, so the
 * columns add up to the Total Bookings and Active Suppliers cards. Busiest cities first. Both columns are running
 * counts, kept by the counter triggers (drizzle/0003_dashboard-counters.sql), which group a city regardless of letter
 * case and spaces ("indore ", "INDORE" → "Indore").
 */
export async function cityWiseReport(deps: ServiceDeps): Promise<CityWiseReportDto> {
  const count = (metric: CounterMetric) =>
    sql<number>`coalesce(sum(${statCounters.n}) filter (where ${statCounters.metric} = ${metric}), 0)::int`;
  const rows = await deps.db
    .select({ city: statCounters.key, bookings: count('bookings.city'), vendors: count('suppliers.live_city') })
    .from(statCounters)
    .where(inArray(statCounters.metric, ['bookings.city', 'suppliers.live_city']))
    .groupBy(statCounters.key)
    .having(sql`sum(${statCounters.n}) > 0`)
    .orderBy(sql`2 desc`, sql`3 desc`, sql`1`);
  return Object.fromEntries(rows.map((r) => [r.city, { bookings: Number(r.bookings), vendors: Number(r.vendors) }]));
}

/** The event-type tiles (docs/product.md#privacy "Event-type report"): bookings per event type, most frequent first. */
export async function eventTypeWiseReport(deps: ServiceDeps): Promise<EventTypeWiseReportDto> {
  const rows = await deps.db
    .select({ eventType: statCounters.key, n: sql<number>`sum(${statCounters.n})::int` })
    .from(statCounters)
    .where(eq(statCounters.metric, 'bookings.event_type'))
    .groupBy(statCounters.key)
    .having(sql`sum(${statCounters.n}) > 0`)
    .orderBy(sql`2 desc`, statCounters.key);
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
 * The Analytics chart: per week, Monday to
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
  return weeks.map((week) => ({
    week_start: week,
    quotes: quotesByWeek.get(week) ?? 0,
    bookings: bookingsByWeek.get(week) ?? 0,
  }));
}
