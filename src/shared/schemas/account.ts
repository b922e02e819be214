import { z } from 'zod';
import type { QuotationDto } from './quotation';
import type {
  BookingStatus,
  CancelledBy,
  EventType,
  PaymentStatus,
  PricingTier,
  RefundStatus,
  SubscriptionStatus,
} from '../domain';
import type { RefundBand } from '../refund-policy';
import { emailSchema, listQuerySchema, phoneSchema, uuidSchema } from './common';

export const accountBookingIdSchema = z.object({ id: uuidSchema });

export const changeDateFieldsSchema = z.object({
  new_date: z
    .string({ error: 'Enter the new date as YYYY-MM-DD' })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the new date as YYYY-MM-DD'),
});
export const changeDateInputSchema = changeDateFieldsSchema.extend({ id: uuidSchema });
export type ChangeDateInput = z.input<typeof changeDateInputSchema>;

export const createTokenOrderInputSchema = z.object({ booking_id: uuidSchema });

/**
 * A signed-in customer needs nothing; a visitor gives e-mail and phone (docs/product.md#subscriptions). Bought from a
 * quote, `booking_id` names it: the discount goes to that booking once the subscription is paid (and its owner known).
 */
export const createSubscriptionOrderInputSchema = z
  .object({ email: emailSchema.optional(), phone: phoneSchema.optional(), booking_id: uuidSchema.optional() })
  .default({});
export type CreateSubscriptionOrderInput = z.input<typeof createSubscriptionOrderInputSchema>;

/** UTRs of UPI/IMPS payments are 12 digits. */
export const utrFieldsSchema = z.object({
  utr: z
    .string({ error: 'UTR is required' })
    .trim()
    .regex(/^\d{12}$/, 'The UTR is the 12-digit reference of the UPI payment'),
});
export const recordUtrInputSchema = utrFieldsSchema.extend({
  order_id: z.string({ error: 'Order id is required' }).trim().min(1, 'Order id is required').max(100),
});
export type RecordUtrInput = z.input<typeof recordUtrInputSchema>;

export const adminPaymentsQuerySchema = listQuerySchema(20, 100).extend({
  status: z.enum(['pending', 'paid', 'all'], { error: 'Status must be pending, paid or all' }).default('pending'),
});
export type AdminPaymentsQuery = z.input<typeof adminPaymentsQuerySchema>;

export const adminRefundsQuerySchema = listQuerySchema(20, 100).extend({
  status: z.enum(['due', 'paid', 'all'], { error: 'Status must be due, paid or all' }).default('due'),
});
export type AdminRefundsQuery = z.input<typeof adminRefundsQuerySchema>;

export const markRefundPaidFieldsSchema = z.object({
  reference: z.string().trim().max(100, 'Reference must be at most 100 characters').optional(),
});
export const markRefundPaidInputSchema = markRefundPaidFieldsSchema.extend({ id: uuidSchema });
export type MarkRefundPaidInput = z.input<typeof markRefundPaidInputSchema>;

export const subscriptionIdInputSchema = z.object({ id: uuidSchema });

/** The refund computation in rupees (figures of `src/shared/refund-policy.ts`). */
export type RefundPreviewDto = {
  days_before: number;
  band: RefundBand;
  band_label: string;
  cancelled_by: CancelledBy;
  total: number | null;
  deposit: number | null;
  amount_paid: number;
  deposit_held: number;
  refundable_base: number;
  refund_percent: number;
  refund_amount: number;
  policy_refund_on_total: number | null;
};

export type CustomerBookingDto = {
  id: string;
  reference: string;
  status: BookingStatus;
  event_name: string;
  event_type: EventType;
  event_date: string | null;
  event_time: string | null;
  venue_name: string | null;
  city: string | null;
  guest_count: number | null;
  package: PricingTier | null;
  subtotal: number | null;
  gst_amount: number | null;
  subscriber_discount: number | null;
  total: number | null;
  valid_until: string | null;
  created_at: string;
  payment: {
    token_amount: number;
    /** Money received against the booking (the ledger's payments). */
    amount_paid: number;
    /** Of that, what is owed back to the customer (the ledger's refunds). */
    refunded: number;
    token_paid: boolean;
    /** The open token order, if any: the payment page can be shown again. */
    open_order_id: string | null;
  };
  can_pay_token: boolean;
  can_cancel: boolean;
  can_change_date: boolean;
  date_changed: boolean;
  cancelled_by: CancelledBy | null;
  /** What cancelling now would refund (null when it cannot be cancelled). */
  refund_preview: RefundPreviewDto | null;
  /** The refund recorded at cancellation. */
  refund: { amount: number; status: RefundStatus } | null;
};

export type TimelineEntry = { at: string; action: string; label: string; from: string | null; to: string | null };

export type CustomerBookingDetailDto = CustomerBookingDto & {
  venue_address: string | null;
  original_event_date: string | null;
  /** The admin's custom quote, line by line; null for an instant quote or an unpriced inquiry. */
  quotation: QuotationDto | null;
  timeline: TimelineEntry[];
  payments: {
    order_id: string;
    purpose: 'token' | 'subscription';
    amount: number;
    status: PaymentStatus;
    paid_at: string | null;
  }[];
};

export type PaymentOrderDto = {
  order_id: string;
  amount: number;
  purpose: 'token' | 'subscription';
  status: PaymentStatus;
  provider: string;
  /** upi://pay?... for the QR and for UPI apps on the phone. */
  upi_uri: string;
  payee: { upi_id: string; name: string };
  note: string;
  redirect_url: string | null;
  /** Where the customer ends after paying. */
  result_path: string;
};

export type AdminPaymentDto = {
  id: string;
  order_id: string;
  purpose: 'token' | 'subscription';
  amount: number;
  status: PaymentStatus;
  provider: string;
  utr: string | null;
  email: string | null;
  phone: string | null;
  booking_id: string | null;
  event_name: string | null;
  client_name: string | null;
  paid_at: string | null;
  created_at: string;
};

export type AdminRefundDto = {
  id: string;
  booking_id: string;
  reference: string;
  event_name: string;
  client_name: string;
  client_email: string;
  amount: number;
  cancelled_by: CancelledBy;
  status: RefundStatus;
  policy: Record<string, unknown>;
  payment_reference: string | null;
  paid_at: string | null;
  created_at: string;
};

export type SubscriptionDto = {
  id: string;
  email: string;
  status: SubscriptionStatus;
  discount_percent: number;
  used_on_booking_id: string | null;
  activated_at: string | null;
  created_at: string;
};
