import { z } from 'zod';
import { BOOKING_STATUSES, type BookingSource, type BookingStatus, type EventType, type PricingTier } from '../domain';
import type { RefundPreviewDto } from './account';
import type { BookingRequirements } from './bookings';
import type { QuotationDto } from './quotation';
import { listQuerySchema, nameSchema, optionalPhoneSchema, optionalTextSchema, uuidSchema } from './common';

/** docs/product.md#screens "Dashboard stats" with docs/product.md#screens's definitions; revenue in rupees. */
export type DashboardStatsDto = {
  total_bookings: number;
  /** inquiry + quoted */
  pending_bookings: number;
  /** active and approved */
  active_suppliers: number;
  /** Sum of final amounts of confirmed, in-progress and completed bookings. */
  total_revenue: number;
};

// ---------------------------------------------------------------------------------------------------------------
// Bookings

/** A booking's requirements in the admin view: the stored ones plus `guest_count` (0 when not known yet). */
export type BookingRequirementsDto = BookingRequirements & { guest_count: number };

/**
 * docs/product.md#pricing "Booking (admin view)", plus its package, amount, city, source and times. Amounts in rupees.
 */
export type AdminBookingDto = {
  id: string;
  event_name: string;
  event_type: EventType;
  client_name: string;
  client_email: string;
  client_phone: string | null;
  event_date: string | null;
  /** The first event date once the customer has moved it (docs/product.md#date-changes); null while unchanged. */
  original_event_date: string | null;
  event_time: string | null;
  requirements: BookingRequirementsDto;
  status: BookingStatus;
  venue_name: string | null;
  venue_address: string | null;
  city: string | null;
  notes: string | null;
  pricing_tier: PricingTier | null;
  final_amount: number | null;
  /** The GST rate the amounts were priced at; null without a price. */
  gst_percent: number | null;
  /** The admin's custom quote behind the price; null for instant quotes and unpriced bookings. */
  quotation: QuotationDto | null;
  source: BookingSource;
  created_at: string;
  updated_at: string;
  /**
   * What cancelling it now would owe back: an admin's cancellation is the company's, 100% of what was paid
   * (docs/product.md#refunds, `refundFor`). Only the one booking's answer (`admin.bookings.get`) carries it, null
   * when the booking can no longer be cancelled; the list leaves it out.
   */
  cancellation_refund?: RefundPreviewDto | null;
};

export const bookingStatusSchema = z.enum(BOOKING_STATUSES, {
  error: `Status must be one of: ${BOOKING_STATUSES.join(', ')}`,
});

/**
 * The admin's booking list: newest first, 10 by default (docs/product.md#booking-statuses), up to 100 a page; `q`
 * searches client name and e-mail and event name, or the event date (`2027-03-05`, `2027-03` or `2027`); `status`
 * filters.
 */
export const adminBookingsQuerySchema = listQuerySchema(10, 100).extend({ status: bookingStatusSchema.optional() });
export type AdminBookingsQuery = z.input<typeof adminBookingsQuerySchema>;

export type Page<T> = { items: T[]; total: number };

export const bookingIdInputSchema = z.object({ id: uuidSchema });

/** A status move (docs/product.md#booking-statuses state machine); only the status is taken from the payload. */
export const setBookingStatusFieldsSchema = z.object({ status: bookingStatusSchema });
export const setBookingStatusInputSchema = z.object({ id: uuidSchema, status: bookingStatusSchema });
export type SetBookingStatusInput = z.input<typeof setBookingStatusInputSchema>;

export type BookingChangeResult = { message: string; booking: AdminBookingDto };

// ---------------------------------------------------------------------------------------------------------------
// Customers

/** docs/product.md#privacy "Customer", plus whether the account is active. */
/** The e-mail domain of an erased customer's account (`.invalid` is reserved and never delivers). */
export const ERASED_EMAIL_DOMAIN = 'erased.invalid';

/** An erased customer keeps only the account row and the bookings' figures; nothing about them can be edited. */
export function isErasedCustomer(customer: { email: string }): boolean {
  return customer.email.endsWith(`@${ERASED_EMAIL_DOMAIN}`);
}

export type CustomerDto = {
  id: string;
  full_name: string;
  email: string;
  phone: string | null;
  city: string | null;
  created_at: string;
  is_active: boolean;
};

/** Newest first, 10 by default (docs/product.md#accounts); `q` searches name, e-mail and phone. */
export const customersQuerySchema = listQuerySchema(10, 100);
export type CustomersQuery = z.input<typeof customersQuerySchema>;

/** The Edit dialog: name, phone, city. Absent keeps a value; null or empty clears phone and city. */
export const updateCustomerFieldsSchema = z
  .object({
    full_name: nameSchema('Full name').optional(),
    phone: optionalPhoneSchema.transform((value) => value ?? null).optional(),
    city: optionalTextSchema('City', 100).optional(),
  })
  .refine(
    (value) => Object.values(value).some((v) => v !== undefined),
    'Nothing to update: send full_name, phone or city',
  );

export const updateCustomerInputSchema = z.object({ id: uuidSchema, data: updateCustomerFieldsSchema });
export type UpdateCustomerInput = z.input<typeof updateCustomerInputSchema>;

export const customerIdInputSchema = z.object({ id: uuidSchema });

export type CustomerChangeResult = { message: string; customer: CustomerDto };
