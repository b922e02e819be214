import type { z } from 'zod';
import type { ApprovalStatus, DeviceClass, EventType, PricingTier } from '../domain';
import { listQuerySchema } from './common';

/**
 * docs/product.md#privacy "Reports summary". Device counts cover every recorded visitor event (page views and quotes).
 */
export type ReportsSummaryDto = {
  analytics: {
    total_page_views: number;
    total_quotations: number;
    total_vendor_registrations: number;
    device_breakdown: Record<DeviceClass, number>;
  };
  pending_vendors: number;
};

/** Where a report row's visitor came from; null when nothing was recorded. */
export type VisitorAnalyticsDto = { ip_address: string | null; browser: string | null; device: DeviceClass | null };

/** docs/product.md#privacy "Customer report row": one per booking, with the analytics of its latest quotation. */
export type CustomerReportRowDto = {
  booking_id: string;
  customer_name: string;
  email: string;
  phone: string | null;
  event_type: EventType;
  guest_count: number | null;
  pricing_tier: PricingTier | null;
  event_date: string | null;
  created_at: string;
  analytics: VisitorAnalyticsDto | null;
};

/** docs/product.md#vendors "Vendor report row": one per supplier, with the analytics of its registration. */
export type VendorReportRowDto = {
  supplier_id: string;
  business_name: string;
  contact_person: string;
  email: string;
  location: string | null;
  experience_years: number;
  approval_status: ApprovalStatus;
  created_at: string;
  analytics: VisitorAnalyticsDto | null;
};

/** City (as typed, trimmed; "Not specified" when missing) → bookings there and active, approved suppliers. */
export type CityWiseReportDto = Record<string, { bookings: number; vendors: number }>;

/** Event type → bookings of that type. */
export type EventTypeWiseReportDto = Partial<Record<EventType, number>>;

/** One week (Monday, India time) of the trend chart: instant quotes sent and bookings confirmed. */
export type WeeklyTrendPointDto = { week_start: string; quotes: number; bookings: number };

/** Report tables are capped at 500 rows a page. */
export const reportQuerySchema = listQuerySchema(500, 500).omit({ q: true });
export type ReportQuery = z.input<typeof reportQuerySchema>;
