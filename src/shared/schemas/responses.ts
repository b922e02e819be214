import { z } from 'zod';
import { MESSAGE_CHANNELS, MESSAGE_STATUSES, type BookingMessageDto } from './messages';
import type { Brand } from '../brand';
import type { AddOnLineDto } from '../pricing';
import {
  APPROVAL_STATUSES,
  BID_FLAGS,
  BOOKING_SOURCES,
  BOOKING_STATUSES,
  CANCELLED_BY,
  DEVICE_CLASSES,
  EVENT_TYPES,
  INSTALMENT_KINDS,
  LEDGER_KINDS,
  PAYMENT_METHODS,
  PAYMENT_PURPOSES,
  PAYMENT_STATUSES,
  PRICING_TIERS,
  PROJECT_STATUSES,
  QUOTE_LINE_KINDS,
  REFUND_STATUSES,
  ROLES,
  SUBSCRIPTION_STATUSES,
} from '../domain';
import type {
  AdminPaymentDto,
  AdminRefundDto,
  CustomerBookingDetailDto,
  CustomerBookingDto,
  PaymentOrderDto,
  PaymentScheduleDto,
  RefundPreviewDto,
  SubscriptionDto,
} from './account';
import type {
  AdminBookingDto,
  BookingChangeResult,
  CustomerChangeResult,
  CustomerDto,
  DashboardStatsDto,
} from './admin';
import type { AuthResult, UserDto } from './auth';
import type { BookingInquiryResult } from './bookings';
import {
  ORDER_SETTLEMENTS,
  type BookingAccountDto,
  type PaymentReminderDto,
  type PaymentRulesDto,
  type PaymentRulesSettingsDto,
  type PaymentStatusDto,
} from './payments';
import type { QuotationDto } from './quotation';
import type {
  AdminNotificationDto,
  AssignProjectResult,
  AwardResultDto,
  ProjectDetailDto,
  SubmitQuoteResult,
  SupplierDashboardDto,
  SupplierNotificationDto,
  SupplierProjectDto,
} from './projects';
import type {
  CollectionEntryDto,
  CollectionsDayDto,
  CollectionsDto,
  CollectionsFiguresDto,
  ReceivableDto,
  ReceivablesPageDto,
  ReceivablesTotalsDto,
  ReleaseDateResult,
} from './money';
import { RECEIVABLE_STATUSES } from './money';
import { QUOTE_SUBSCRIPTION_STATES, type InstantQuoteResult } from './quote';
import type {
  CityWiseReportDto,
  CustomerReportRowDto,
  EventTypeWiseReportDto,
  ReportsSummaryDto,
  VendorReportRowDto,
  WeeklyTrendPointDto,
} from './reports';
import type { SupplierChangeResult, SupplierDto, SupplierProjectDto as AdminSupplierProjectDto } from './suppliers';
import type { TestimonialDto } from './testimonials';
import type { PendingVendorDto, VendorRegisterResult } from './vendor';

/*
 * The answers of the REST API and of the tRPC procedures whose shape is part of the contract, as zod schemas. The
 * DTO types next to each input schema stay the types the code uses; `satisfies z.ZodType<Dto>` keeps each schema
 * in step with its type at compile time, and the REST doors serialise every answer from these schemas (and check
 * it against them in tests). Kept in their own module so the client bundle never carries them.
 */

const timestamp = z.string().describe('ISO-8601 timestamp');
const isoDate = z.string().describe('YYYY-MM-DD');
const rupees = z.number().describe('Rupees, at most two decimals');
const id = z.string().describe('UUID');

export const messageResponseSchema = z.object({ message: z.string() });

/** The answer to a confirmed e-mail link: what happened and the address now confirmed. */
export const verifyEmailResponseSchema = z.object({ message: z.string(), email: z.string() });

export const healthResponseSchema = z.object({ status: z.literal('ok'), database: z.literal('up') });

/** The database did not answer; a 503 of load shedding (before any check) carries only `detail`. */
/**
 * 503: the database is down (`unavailable`), or the server sheds load (`overloaded`) or is shutting down (`stopping`).
 */
export const healthDownResponseSchema = z.object({
  status: z.enum(['unavailable', 'overloaded', 'stopping']).optional(),
  database: z.literal('down').optional(),
  detail: z.string(),
});

export const brandResponseSchema = z.object({
  name: z.string(),
  legalName: z.string(),
  tagline: z.string(),
  phone: z.string(),
  whatsappNumber: z.string(),
  email: z.string(),
  upiId: z.string(),
  address: z.string(),
  city: z.string(),
  gstin: z.string().nullable(),
  fssai: z.string().nullable(),
  geo: z.object({ latitude: z.number(), longitude: z.number() }).nullable(),
}) satisfies z.ZodType<Brand>;

/** The payment schedule's five numbers (docs/product.md#payments), which the published terms state. */
export const paymentRulesResponseSchema = z.object({
  booking_amount: rupees.describe('The booking amount (token) that confirms a booking; the whole total when less'),
  advance_percent: z.number().int().describe('What has been paid once the advance is in, as a percent of the total'),
  advance_due_days_after_confirmation: z
    .number()
    .int()
    .describe('The advance is due this many days after confirmation'),
  advance_immediate_within_days: z
    .number()
    .int()
    .describe('...or at once when the event is this many days away or fewer at confirmation'),
  balance_due_days_before_event: z.number().int().describe('The balance is due this many days before the event'),
}) satisfies z.ZodType<PaymentRulesDto>;

/** The admin's Settings: the saved schedule and the published defaults beside it. */
export const paymentRulesSettingsResponseSchema = z.object({
  rules: paymentRulesResponseSchema,
  defaults: paymentRulesResponseSchema,
}) satisfies z.ZodType<PaymentRulesSettingsDto>;

export const userResponseSchema = z.object({
  id,
  full_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: z.enum(ROLES),
  city: z.string().nullable(),
  created_at: timestamp,
  email_verified: z.boolean(),
}) satisfies z.ZodType<UserDto>;

export const authResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  user: userResponseSchema,
}) satisfies z.ZodType<AuthResult>;

/** Sign-in's answer: a session, or (an account with a second step) the token for `POST /api/auth/login/second-step`. */
export const loginResponseSchema = z.union([
  authResponseSchema,
  z.object({
    second_step_required: z.literal(true),
    second_step_token: z.string(),
    expires_in: z.number().int(),
  }),
]);

export const secondFactorStatusSchema = z.object({
  enabled: z.boolean(),
  recovery_codes_left: z.number().int(),
  available: z.boolean(),
  required: z.boolean(),
});
export const secondFactorEnrolmentSchema = z.object({ secret: z.string(), otpauth_url: z.string() });
export const stepUpResponseSchema = z.object({ step_up_token: z.string(), expires_in: z.number().int() });
export const recoveryCodesResponseSchema = z.object({ recovery_codes: z.array(z.string()) });

// --- Visitor journey ----------------------------------------------------------------------------------------------

export const quoteLineSchema = z.object({
  key: z.enum(['base', 'add_on', 'discount', 'surcharge', 'subscriber_discount', 'subtotal', 'gst', 'total']),
  label: z.string(),
  amount: rupees,
});

export const instantQuoteResponseSchema = z.object({
  quote_id: id,
  tier: z.enum(PRICING_TIERS),
  guest_count: z.number().int(),
  base_price_per_person: rupees,
  gross_amount: rupees,
  discount_percent: z.number(),
  discount_amount: rupees,
  subtotal: rupees,
  gst_percent: z.number(),
  gst_amount: rupees,
  final_amount: rupees,
  valid_until: isoDate,
  breakdown: z.array(quoteLineSchema),
  surcharge: z.object({ percent: z.number(), reason: z.string(), amount: rupees }).optional(),
  subscriber_discount: z.object({ percent: z.number(), amount: rupees }).optional(),
  subscription: z.enum(QUOTE_SUBSCRIPTION_STATES).optional(),
}) satisfies z.ZodType<InstantQuoteResult>;

export const bookingInquiryResponseSchema = z.object({
  id,
  status: z.enum(BOOKING_STATUSES),
  message: z.string(),
}) satisfies z.ZodType<BookingInquiryResult>;

export const testimonialSchema = z.object({
  id,
  client_name: z.string(),
  event_type: z.enum(EVENT_TYPES),
  rating: z.number().int(),
  review: z.string(),
  event_date: isoDate.nullable(),
}) satisfies z.ZodType<TestimonialDto>;

export const testimonialsResponseSchema = z.array(testimonialSchema);

export const vendorRegisterResponseSchema = z.object({
  message: z.string(),
  supplier_id: id,
}) satisfies z.ZodType<VendorRegisterResult>;

export const paymentStatusResponseSchema = z.object({
  order_id: z.string(),
  purpose: z.enum(PAYMENT_PURPOSES),
  is_paid: z.boolean(),
  payment_status: z.string(),
  amount: rupees,
  booking_id: z.string().nullable(),
  settled: z.enum(ORDER_SETTLEMENTS).nullable(),
}) satisfies z.ZodType<PaymentStatusDto>;

// --- Admin --------------------------------------------------------------------------------------------------------

export const dashboardStatsResponseSchema = z.object({
  total_bookings: z.number().int(),
  pending_bookings: z.number().int(),
  active_suppliers: z.number().int(),
  total_revenue: rupees,
}) satisfies z.ZodType<DashboardStatsDto>;

export const bookingRequirementsSchema = z.object({
  guest_count: z.number().int(),
  event_duration: z.string().optional(),
  venue_type: z.string().optional(),
  catering_style: z.string().optional(),
  dietary_restrictions: z.array(z.string()).optional(),
  special_requests: z.string().optional(),
  budget_range: z.string().optional(),
  company_name: z.string().optional(),
  decoration_required: z.boolean().optional(),
  entertainment_required: z.boolean().optional(),
  photography_required: z.boolean().optional(),
});

/** The admin's custom quote as it is read back (amounts in rupees). */
export const quotationResponseSchema = z.object({
  quoted_amount: rupees,
  notes: z.string().nullable(),
  items: z.array(
    z.object({
      kind: z.enum(QUOTE_LINE_KINDS),
      description: z.string(),
      unit_price: rupees,
      quantity: z.number().int(),
      amount: rupees,
    }),
  ),
  gross_amount: rupees,
  discount: rupees,
  discount_reason: z.string().nullable(),
  subscriber_discount: rupees,
  subtotal: rupees,
  gst_percent: z.number(),
  gst_amount: rupees,
  quoted_at: timestamp,
}) satisfies z.ZodType<QuotationDto>;

/** The refund computation in rupees (`src/shared/refund-policy.ts`); the admin's booking answer carries one too. */
export const refundPreviewSchema = z.object({
  days_before: z.number().int(),
  band: z.enum(['over_30_days', '15_to_30_days', '7_to_14_days', 'under_7_days', 'company_cancelled']),
  band_label: z.string(),
  cancelled_by: z.enum(CANCELLED_BY),
  total: rupees.nullable(),
  deposit: rupees.nullable(),
  amount_paid: rupees,
  deposit_held: rupees,
  refundable_base: rupees,
  refund_percent: z.number(),
  refund_amount: rupees,
  policy_refund_on_total: rupees.nullable(),
}) satisfies z.ZodType<RefundPreviewDto>;

export const adminBookingSchema = z.object({
  id,
  event_name: z.string(),
  event_type: z.enum(EVENT_TYPES),
  client_name: z.string(),
  client_email: z.string(),
  client_phone: z.string().nullable(),
  event_date: isoDate.nullable(),
  original_event_date: isoDate.nullable(),
  event_time: z.string().nullable(),
  requirements: bookingRequirementsSchema,
  status: z.enum(BOOKING_STATUSES),
  venue_name: z.string().nullable(),
  venue_address: z.string().nullable(),
  city: z.string().nullable(),
  notes: z.string().nullable(),
  pricing_tier: z.enum(PRICING_TIERS).nullable(),
  final_amount: rupees.nullable(),
  gst_percent: z.number().nullable(),
  quotation: quotationResponseSchema.nullable(),
  source: z.enum(BOOKING_SOURCES),
  created_at: timestamp,
  updated_at: timestamp,
  cancellation_refund: refundPreviewSchema
    .nullable()
    .optional()
    .describe('What cancelling now would owe back (the company cancels: 100% of what was paid); one booking only'),
}) satisfies z.ZodType<AdminBookingDto>;

export const adminBookingsResponseSchema = z.array(adminBookingSchema);

export const bookingChangeResponseSchema = z.object({
  message: z.string(),
  booking: adminBookingSchema,
}) satisfies z.ZodType<BookingChangeResult>;

export const customerSchema = z.object({
  id,
  full_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  city: z.string().nullable(),
  created_at: timestamp,
  is_active: z.boolean(),
}) satisfies z.ZodType<CustomerDto>;

export const customersResponseSchema = z.array(customerSchema);

export const customerChangeResponseSchema = z.object({
  message: z.string(),
  customer: customerSchema,
}) satisfies z.ZodType<CustomerChangeResult>;

export const supplierSchema = z.object({
  id,
  name: z.string(),
  business_name: z.string(),
  email: z.string(),
  phone: z.string(),
  location: z.string().nullable(),
  services: z.array(z.string()),
  is_verified: z.boolean(),
  is_active: z.boolean(),
  approval_status: z.enum(APPROVAL_STATUSES),
  rating: z.number(),
  total_projects: z.number().int(),
  awarded_projects: z.number().int(),
  created_at: timestamp,
}) satisfies z.ZodType<SupplierDto>;

export const suppliersResponseSchema = z.array(supplierSchema);

export const supplierChangeResponseSchema = z.object({
  message: z.string(),
  supplier: supplierSchema,
}) satisfies z.ZodType<SupplierChangeResult>;

const bookingRequirementsSummarySchema = z.object({
  guest_count: z.number().int().nullable(),
  special_requests: z.string().nullable(),
});

/** `booking_details` of a project list; the description says which figure `estimated_budget` is for its reader. */
const projectBookingDetailsSchema = (estimatedBudget: z.ZodNullable<typeof rupees>) =>
  z.object({
    event_name: z.string(),
    client_name: z.string(),
    event_type: z.enum(EVENT_TYPES),
    event_date: isoDate.nullable(),
    venue_name: z.string().nullable(),
    estimated_budget: estimatedBudget,
    requirements: bookingRequirementsSummarySchema,
  });

export const adminSupplierProjectSchema = z.object({
  id,
  booking_id: id,
  status: z.enum(PROJECT_STATUSES),
  auto_assign_date: timestamp,
  awaiting_admin_since: timestamp.nullable(),
  invited_at: timestamp,
  is_awarded: z.boolean(),
  booking_details: projectBookingDetailsSchema(rupees.nullable()),
  quote: z.object({ id, quoted_amount: rupees, notes: z.string().nullable(), submitted_at: timestamp }).nullable(),
}) satisfies z.ZodType<AdminSupplierProjectDto>;

export const adminSupplierProjectsResponseSchema = z.array(adminSupplierProjectSchema);

export const pendingVendorSchema = z.object({
  id,
  business_name: z.string(),
  contact_person: z.string(),
  email: z.string(),
  phone: z.string(),
  location: z.string().nullable(),
  experience_years: z.number().int(),
  business_address: z.string().nullable(),
  services_offered: z.string().nullable(),
  gst_number: z.string().nullable(),
  portfolio_link: z.string().nullable(),
  created_at: timestamp,
  email_verified: z.boolean(),
}) satisfies z.ZodType<PendingVendorDto>;

export const pendingVendorsResponseSchema = z.array(pendingVendorSchema);

// --- Reports ------------------------------------------------------------------------------------------------------

export const reportsSummaryResponseSchema = z.object({
  analytics: z.object({
    total_page_views: z.number().int(),
    total_quotations: z.number().int(),
    total_vendor_registrations: z.number().int(),
    device_breakdown: z.object({ mobile: z.number().int(), desktop: z.number().int(), tablet: z.number().int() }),
  }),
  pending_vendors: z.number().int(),
}) satisfies z.ZodType<ReportsSummaryDto>;

const visitorAnalyticsSchema = z.object({
  ip_address: z.string().nullable(),
  browser: z.string().nullable(),
  device: z.enum(DEVICE_CLASSES).nullable(),
});

export const customerReportResponseSchema = z.array(
  z.object({
    booking_id: id,
    customer_name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    event_type: z.enum(EVENT_TYPES),
    guest_count: z.number().int().nullable(),
    pricing_tier: z.enum(PRICING_TIERS).nullable(),
    event_date: isoDate.nullable(),
    created_at: timestamp,
    analytics: visitorAnalyticsSchema.nullable(),
  }) satisfies z.ZodType<CustomerReportRowDto>,
);

export const vendorReportResponseSchema = z.array(
  z.object({
    supplier_id: id,
    business_name: z.string(),
    contact_person: z.string(),
    email: z.string(),
    location: z.string().nullable(),
    experience_years: z.number().int(),
    approval_status: z.enum(APPROVAL_STATUSES),
    created_at: timestamp,
    analytics: visitorAnalyticsSchema.nullable(),
  }) satisfies z.ZodType<VendorReportRowDto>,
);

export const cityWiseResponseSchema = z
  .record(z.string(), z.object({ bookings: z.number().int(), vendors: z.number().int() }))
  .describe('City → bookings there and active, approved suppliers') satisfies z.ZodType<CityWiseReportDto>;

export const eventTypeWiseResponseSchema = z
  .record(z.string(), z.number().int())
  .describe('Event type → bookings of that type') satisfies z.ZodType<EventTypeWiseReportDto>;

export const weeklyTrendResponseSchema = z.array(
  z.object({
    week_start: isoDate,
    quotes: z.number().int(),
    bookings: z.number().int(),
  }) satisfies z.ZodType<WeeklyTrendPointDto>,
);

// --- Customer account and payments --------------------------------------------------------------------------------

export const paymentScheduleSchema = z.object({
  instalments: z.array(
    z.object({
      kind: z.enum(INSTALMENT_KINDS),
      label: z.string(),
      amount: rupees,
      due_date: isoDate,
      paid: rupees,
      outstanding: rupees,
      days_overdue: z.number().int(),
    }),
  ),
  outstanding: rupees,
  due_now: rupees,
  pay_now: z
    .object({ kind: z.enum(INSTALMENT_KINDS), label: z.string(), amount: rupees, due_date: isoDate })
    .nullable(),
}) satisfies z.ZodType<PaymentScheduleDto>;

export const customerBookingSchema = z.object({
  id,
  reference: z.string(),
  status: z.enum(BOOKING_STATUSES),
  event_name: z.string(),
  event_type: z.enum(EVENT_TYPES),
  event_date: isoDate.nullable(),
  event_time: z.string().nullable(),
  venue_name: z.string().nullable(),
  city: z.string().nullable(),
  guest_count: z.number().int().nullable(),
  package: z.enum(PRICING_TIERS).nullable(),
  subtotal: rupees.nullable(),
  gst_amount: rupees.nullable(),
  subscriber_discount: rupees.nullable(),
  total: rupees.nullable(),
  credit_notes: z.object({ credited: rupees, total_after: rupees }).nullable(),
  valid_until: isoDate.nullable(),
  created_at: timestamp,
  payment: z.object({
    token_amount: rupees,
    amount_paid: rupees,
    refunded: rupees,
    token_paid: z.boolean(),
    token_left: rupees,
    open_order_id: z.string().nullable(),
  }),
  schedule: paymentScheduleSchema,
  can_pay_token: z.boolean(),
  can_pay_instalment: z.boolean(),
  can_cancel: z.boolean(),
  can_change_date: z.boolean(),
  date_changed: z.boolean(),
  cancelled_by: z.enum(CANCELLED_BY).nullable(),
  refund_preview: refundPreviewSchema.nullable(),
  refund: z.object({ amount: rupees, paid: rupees, due: rupees, status: z.enum(REFUND_STATUSES) }).nullable(),
}) satisfies z.ZodType<CustomerBookingDto>;

export const customerBookingsResponseSchema = z.array(customerBookingSchema);

/** A menu add-on on the bill: its price per guest × the booking's guests. */
export const addOnLineSchema = z.object({
  description: z.string(),
  per_guest: rupees,
  guests: z.number().int(),
  amount: rupees,
}) satisfies z.ZodType<AddOnLineDto>;

export const customerBookingDetailSchema = customerBookingSchema.extend({
  venue_address: z.string().nullable(),
  original_event_date: isoDate.nullable(),
  quotation: quotationResponseSchema.nullable(),
  add_ons: z.array(addOnLineSchema),
  quote_lines: z.array(quoteLineSchema).nullable(),
  timeline: z.array(
    z.object({
      at: timestamp,
      action: z.string(),
      label: z.string(),
      from: z.string().nullable(),
      to: z.string().nullable(),
    }),
  ),
  payments: z.array(
    z.object({
      order_id: z.string(),
      purpose: z.enum(PAYMENT_PURPOSES),
      instalment: z.enum(INSTALMENT_KINDS).nullable(),
      amount: rupees,
      status: z.enum(PAYMENT_STATUSES),
      paid_at: timestamp.nullable(),
    }),
  ),
  recorded_payments: z.array(
    z.object({
      amount: rupees,
      method: z.enum(PAYMENT_METHODS).nullable(),
      reference: z.string().nullable(),
      received_at: timestamp,
    }),
  ),
}) satisfies z.ZodType<CustomerBookingDetailDto>;

export const cancelBookingResponseSchema = z.object({
  message: z.string(),
  booking: customerBookingSchema,
  refund: refundPreviewSchema,
});

export const changeDateResponseSchema = z.object({ message: z.string(), booking: customerBookingSchema });

export const paymentOrderResponseSchema = z.object({
  order_id: z.string(),
  amount: rupees,
  purpose: z.enum(PAYMENT_PURPOSES),
  status: z.enum(PAYMENT_STATUSES),
  provider: z.string(),
  upi_uri: z.string(),
  payee: z.object({ upi_id: z.string(), name: z.string() }),
  note: z.string(),
  redirect_url: z.string().nullable(),
  result_path: z.string(),
}) satisfies z.ZodType<PaymentOrderDto>;

export const adminPaymentSchema = z.object({
  id,
  order_id: z.string(),
  purpose: z.enum(PAYMENT_PURPOSES),
  amount: rupees,
  status: z.enum(PAYMENT_STATUSES),
  provider: z.string(),
  utr: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  booking_id: id.nullable(),
  event_name: z.string().nullable(),
  client_name: z.string().nullable(),
  paid_at: timestamp.nullable(),
  created_at: timestamp,
}) satisfies z.ZodType<AdminPaymentDto>;

export const adminPaymentsResponseSchema = z.array(adminPaymentSchema);

export const adminRefundSchema = z.object({
  id,
  booking_id: id,
  reference: z.string(),
  event_name: z.string(),
  client_name: z.string(),
  client_email: z.string(),
  amount: rupees,
  cancelled_by: z.enum(CANCELLED_BY),
  status: z.enum(REFUND_STATUSES),
  policy: z.record(z.string(), z.unknown()).describe('The refund computation recorded at cancellation'),
  payment_reference: z.string().nullable(),
  paid_at: timestamp.nullable(),
  created_at: timestamp,
}) satisfies z.ZodType<AdminRefundDto>;

export const adminRefundsResponseSchema = z.array(adminRefundSchema);

export const subscriptionRefundResponseSchema = z.object({
  id,
  email: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  discount_percent: z.number(),
  used_on_booking_id: id.nullable(),
  activated_at: timestamp.nullable(),
  created_at: timestamp,
  gst_documents: z.array(
    z.object({ id, kind: z.enum(['tax_invoice', 'credit_note']), title: z.string(), number: z.string() }),
  ),
  refund_amount: rupees,
}) satisfies z.ZodType<SubscriptionDto & { refund_amount: number }>;

export const webhookResponseSchema = z
  .object({
    received: z.literal(true),
    paid: z.boolean().optional(),
    paid_again: z
      .literal(true)
      .optional()
      .describe('A new payment for an order already paid: received into the booking ledger'),
    duplicate: z.literal(true).optional(),
    ignored: z.string().optional().describe('Why a signed event changed nothing'),
  })
  .describe("The gateway's acknowledgement");

// --- The admin's money views ---------------------------------------------------------------------------------------

export const receivableSchema = z.object({
  booking_id: id,
  reference: z.string(),
  event_name: z.string(),
  client_name: z.string(),
  client_email: z.string(),
  client_phone: z.string().nullable(),
  event_date: isoDate.nullable(),
  status: z.enum(RECEIVABLE_STATUSES),
  confirmed_on: isoDate.nullable().describe('India date the booking became confirmed; null while quoted'),
  total: rupees,
  paid: rupees.describe('Received and not owed back'),
  due_now: rupees,
  outstanding: rupees,
  next_due: z
    .object({
      instalment: z.enum(['booking_amount', 'advance', 'balance']),
      label: z.string(),
      due_date: isoDate,
      amount: rupees,
    })
    .nullable(),
  days_overdue: z.number().int(),
  release: z
    .object({ advance_due_date: isoDate, refund: refundPreviewSchema })
    .nullable()
    .describe('Set while the advance is overdue: what releasing the date would refund'),
}) satisfies z.ZodType<ReceivableDto>;

const receivablesTotalsSchema = z.object({
  bookings: z.number().int(),
  overdue_bookings: z.number().int(),
  total: rupees,
  paid: rupees,
  due_now: rupees,
  outstanding: rupees,
}) satisfies z.ZodType<ReceivablesTotalsDto>;

export const receivablesResponseSchema = z.object({
  items: z.array(receivableSchema),
  total: z.number().int().describe('Bookings matching the filters'),
  totals: receivablesTotalsSchema.describe('Sums over every matching booking, not only this page'),
  as_of: isoDate,
}) satisfies z.ZodType<ReceivablesPageDto>;

export const releaseDateResponseSchema = z.object({
  message: z.string(),
  booking_id: id,
  refund: refundPreviewSchema,
}) satisfies z.ZodType<ReleaseDateResult>;

const collectionsFiguresSchema = z.object({
  by_method: z.object(
    Object.fromEntries(PAYMENT_METHODS.map((method) => [method, rupees])) as Record<
      (typeof PAYMENT_METHODS)[number],
      typeof rupees
    >,
  ),
  method_not_recorded: rupees,
  received: rupees,
  refunds_paid: rupees,
  net: rupees,
}) satisfies z.ZodType<CollectionsFiguresDto>;

const collectionEntrySchema = z.object({
  id,
  date: isoDate,
  at: timestamp,
  kind: z.enum(['payment', 'refund']),
  method: z.enum(PAYMENT_METHODS).nullable(),
  amount: rupees,
  reference: z.string().nullable(),
  booking_id: id,
  booking_reference: z.string(),
  event_name: z.string(),
  client_name: z.string(),
  note: z.string().nullable(),
}) satisfies z.ZodType<CollectionEntryDto>;

export const collectionsResponseSchema = z.object({
  from: isoDate,
  to: isoDate,
  days: z.array(collectionsFiguresSchema.extend({ date: isoDate }) satisfies z.ZodType<CollectionsDayDto>),
  totals: collectionsFiguresSchema,
  entries: z.array(collectionEntrySchema),
  total_entries: z.number().int(),
}) satisfies z.ZodType<CollectionsDto>;

/** A PDF file: documented as binary, sent as the bytes of the file with `Content-Disposition: attachment`. */
export const pdfResponse = (description: string) => ({
  200: { description, content: { 'application/pdf': { schema: z.string().describe('binary') } } },
});

/** A CSV file: documented as text, sent with `Content-Disposition: attachment`. */
export const csvResponse = (description: string) => ({
  200: { description, content: { 'text/csv': { schema: z.string().describe('CSV, UTF-8 with BOM') } } },
});

// --- Projects and the supplier portal -----------------------------------------------------------------------------

export const assignProjectResponseSchema = z.object({
  project_id: id,
  booking_id: id,
  auto_assign_date: timestamp,
  invited: z.array(id),
  already_invited: z.array(id),
}) satisfies z.ZodType<AssignProjectResult>;

export const projectDetailSchema = z.object({
  id,
  booking_id: id,
  status: z.enum(PROJECT_STATUSES),
  auto_assign_date: timestamp,
  seconds_until_auto_assign: z.number().int().nullable(),
  server_time: timestamp,
  awaiting_admin_since: timestamp.nullable(),
  created_at: timestamp,
  awarded_at: timestamp.nullable(),
  awarded_supplier_id: id.nullable(),
  awarded_quote_id: id.nullable(),
  booking: z.object({
    event_name: z.string(),
    event_type: z.enum(EVENT_TYPES),
    event_date: isoDate.nullable(),
    client_name: z.string(),
    status: z.enum(BOOKING_STATUSES),
    guest_count: z.number().int().nullable(),
    final_amount: rupees.nullable(),
  }),
  suppliers: z.array(
    z.object({
      supplier_id: id,
      business_name: z.string(),
      name: z.string(),
      location: z.string().nullable(),
      rating: z.number(),
      is_active: z.boolean(),
      approval_status: z.string(),
      invited_at: timestamp,
      quote: z
        .object({
          id,
          amount: rupees,
          notes: z.string().nullable(),
          items: z.array(z.unknown()),
          submitted_at: timestamp,
          flag: z.enum(BID_FLAGS).nullable(),
          budget: rupees.nullable(),
        })
        .nullable(),
      is_winner: z.boolean(),
    }),
  ),
  quote_count: z.number().int(),
  lowest_amount: rupees.nullable(),
}) satisfies z.ZodType<ProjectDetailDto>;

export const awardResponseSchema = z.object({
  project_id: id,
  status: z.enum(['awarded', 'unassigned', 'cancelled', 'open']),
  rule: z.enum(['lowest_quote', 'only_invitee', 'no_quotes', 'manual', 'booking_closed', 'flagged_bid']),
  supplier_id: id.nullable(),
  quote_id: id.nullable(),
  amount: rupees.nullable(),
  awarded_at: timestamp.nullable(),
}) satisfies z.ZodType<AwardResultDto>;

export const supplierNotificationsResponseSchema = z.array(
  z.object({
    id,
    kind: z.string(),
    message: z.string(),
    project_id: id.nullable(),
    read: z.boolean(),
    created_at: timestamp,
  }) satisfies z.ZodType<SupplierNotificationDto>,
);

export const adminNotificationsResponseSchema = z.array(
  z.object({
    id,
    kind: z.string(),
    message: z.string(),
    project_id: id.nullable(),
    booking_id: id.nullable(),
    read: z.boolean(),
    created_at: timestamp,
  }) satisfies z.ZodType<AdminNotificationDto>,
);

export const notificationReadResponseSchema = z.object({ id, read: z.literal(true) });
export const notificationsReadResponseSchema = z.object({ updated: z.number().int() });

export const supplierProjectsResponseSchema = z.array(
  z.object({
    id,
    booking_id: id,
    auto_assign_date: timestamp,
    status: z.enum(PROJECT_STATUSES),
    booking_details: projectBookingDetailsSchema(
      rupees.nullable().describe('The supplier budget: a share of the taxable amount'),
    ),
    my_quote: z.object({ amount: rupees, notes: z.string().nullable(), submitted_at: timestamp }).nullable(),
    outcome: z.enum(['open', 'won', 'not_selected', 'unassigned', 'cancelled']),
  }) satisfies z.ZodType<SupplierProjectDto>,
);

export const submitQuoteResponseSchema = z.object({
  id,
  project_id: id,
  booking_id: id,
  amount: rupees,
  notes: z.string().nullable(),
  submitted_at: timestamp,
  revised: z.boolean(),
}) satisfies z.ZodType<SubmitQuoteResult>;

export const supplierDashboardResponseSchema = z.object({
  active_projects: z.number().int(),
  unread_notifications: z.number().int(),
  estimated_revenue: rupees,
  quotes_submitted: z.number().int(),
  won_projects: z.number().int(),
}) satisfies z.ZodType<SupplierDashboardDto>;

/** A 204: no body. */
export const noContentSchema = z.void().describe('No content');

/** A path's `:id`: a UUID (anything else is the 404 of an unknown id). */
export const idParamsSchema = z.object({ id: z.string().describe('UUID') });

export const bookingAccountResponseSchema = z.object({
  booking_id: id,
  status: z.enum(BOOKING_STATUSES),
  total: rupees.nullable(),
  credited: rupees,
  confirmed_on: isoDate.nullable(),
  paid: rupees,
  refunded: rupees,
  owed_back: rupees,
  held: rupees,
  can_record_up_to: rupees,
  schedule: paymentScheduleSchema,
  ledger: z.array(
    z.object({
      id,
      kind: z.enum(LEDGER_KINDS),
      amount: z.number(),
      method: z.enum(PAYMENT_METHODS).nullable(),
      reference: z.string().nullable(),
      note: z.string().nullable(),
      created_at: timestamp,
    }),
  ),
}) satisfies z.ZodType<BookingAccountDto>;

export const recordBookingPaymentResponseSchema = bookingAccountResponseSchema.extend({ message: z.string() });

export const paymentReminderResponseSchema = z.object({
  message: z.string(),
  booking_id: id,
  instalment: z.enum(INSTALMENT_KINDS),
  label: z.string(),
  amount: rupees,
  due_date: isoDate,
  timing: z.enum(['before', 'due', 'overdue']).describe('The due date was still ahead, today or past when sent'),
  sent_to: z.string(),
  sent_at: timestamp,
}) satisfies z.ZodType<PaymentReminderDto>;

// --- Messages ------------------------------------------------------------------------------------------------------

export const bookingMessageResponseSchema = z.object({
  id,
  channel: z.enum(MESSAGE_CHANNELS),
  template: z.string(),
  to: z.string(),
  summary: z.string(),
  status: z.enum(MESSAGE_STATUSES),
  error: z.string().nullable(),
  created_at: timestamp,
  sent_at: timestamp.nullable(),
  delivered_at: timestamp.nullable(),
  read_at: timestamp.nullable(),
}) satisfies z.ZodType<BookingMessageDto>;

export const bookingMessagesResponseSchema = z.array(bookingMessageResponseSchema);

export const whatsappWebhookResponseSchema = z.object({
  received: z.literal(true),
  applied: z.number().int().describe('Events applied now'),
  duplicates: z.number().int().describe('Events already applied before (a retry or a replay): nothing changed'),
});
