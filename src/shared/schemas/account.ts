import { z } from 'zod';
import type { AddOnLineDto } from '../pricing';
import type { QuotationDto } from './quotation';
import type { QuoteLine } from './quote';
import type {
  BookingStatus,
  CancelledBy,
  EventType,
  InstalmentKind,
  PaymentMethod,
  PaymentPurpose,
  PaymentStatus,
  PricingTier,
  RefundStatus,
  SubscriptionStatus,
} from '../domain';
import type { RefundBand } from '../refund-policy';
import {
  bidiControlsMessage,
  emailSchema,
  hasNoBidiControls,
  listQuerySchema,
  phoneSchema,
  uuidSchema,
} from './common';

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
  reference: z
    .string()
    .trim()
    .max(100, 'Reference must be at most 100 characters')
    .refine(hasNoBidiControls, bidiControlsMessage('Reference'))
    .optional(),
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
  /**
   * What the team's credit notes took off the total and what it costs after them (docs/gst.md#credit-note); null
   * when none was issued.
   */
  credit_notes: { credited: number; total_after: number } | null;
  valid_until: string | null;
  created_at: string;
  payment: {
    token_amount: number;
    /** Money received against the booking (the ledger's payments). */
    amount_paid: number;
    /** Of that, what is owed back to the customer (the ledger's refunds). */
    refunded: number;
    /** A quote's booking amount received whole (awaiting confirmation); otherwise whether anything was paid. */
    token_paid: boolean;
    /** What is still to pay of a quote's booking amount (part may have been recorded by hand); 0 otherwise. */
    token_left: number;
    /** The open order (booking amount or instalment), if any: the payment page can be shown again. */
    open_order_id: string | null;
  };
  /** The payment schedule and what is due on it (`bookingMoney`, docs/product.md#payments); empty without a price. */
  schedule: PaymentScheduleDto;
  can_pay_token: boolean;
  /** A confirmed (or running) booking with an instalment left to pay: My Bookings offers "Pay". */
  can_pay_instalment: boolean;
  can_cancel: boolean;
  can_change_date: boolean;
  date_changed: boolean;
  cancelled_by: CancelledBy | null;
  /** What cancelling now would refund (null when it cannot be cancelled). */
  refund_preview: RefundPreviewDto | null;
  /**
   * The money owed back to the customer (at cancellation, over the total, after a credit note), all of it: `paid`
   * of it already paid out, `due` still to pay; `status` is `paid` once nothing is due.
   */
  refund: { amount: number; paid: number; due: number; status: RefundStatus } | null;
};

export type InstalmentDto = {
  kind: InstalmentKind;
  label: string;
  amount: number;
  due_date: string;
  paid: number;
  outstanding: number;
  days_overdue: number;
};

export type PaymentScheduleDto = {
  instalments: InstalmentDto[];
  /** Still to pay on the whole booking. */
  outstanding: number;
  /** Of that, what is due today or earlier. */
  due_now: number;
  /** What the "Pay" button asks for now and for which instalment; null when nothing is left to pay. */
  pay_now: { kind: InstalmentKind; label: string; amount: number; due_date: string } | null;
};

/** A payment the team records against a booking by hand (docs/product.md#payments): any method but the gateway. */
export const RECORDABLE_METHODS = [
  'upi',
  'bank_transfer',
  'cash',
  'cheque',
] as const satisfies readonly PaymentMethod[];

/** How each method reads in a sentence ("Advance by bank transfer"). */
export const PAYMENT_METHOD_WORDS: Record<PaymentMethod, string> = {
  upi: 'UPI',
  gateway: 'online payment',
  bank_transfer: 'bank transfer',
  cash: 'cash',
  cheque: 'cheque',
};

export const PAYMENT_METHOD_REFERENCE_LABELS: Record<(typeof RECORDABLE_METHODS)[number], string> = {
  upi: 'UTR (12 digits)',
  bank_transfer: 'Bank transfer reference',
  cash: 'Cash receipt number',
  cheque: 'Cheque number',
};

export const recordBookingPaymentFieldsSchema = z
  .object({
    amount: z
      .number({ error: (issue) => (issue.input === undefined ? 'Amount is required' : 'Amount must be a number') })
      .refine((value) => value > 0, 'Amount must be more than ₹0')
      .refine((value) => value <= 100_000_000, 'Amount can be at most ₹10,00,00,000')
      .refine((value) => Number(value.toFixed(2)) === value, 'Amount can have at most two decimals (paise)'),
    method: z.enum(RECORDABLE_METHODS, { error: 'Method must be upi, bank_transfer, cash or cheque' }),
    reference: z
      .string({ error: 'Reference is required' })
      .trim()
      .min(1, 'Reference is required')
      .max(100, 'Reference must be at most 100 characters')
      .refine(hasNoBidiControls, bidiControlsMessage('Reference')),
    note: z
      .string()
      .trim()
      .max(200, 'Note must be at most 200 characters')
      .refine(hasNoBidiControls, bidiControlsMessage('Note'))
      .optional(),
  })
  .refine((value) => value.method !== 'upi' || /^\d{12}$/.test(value.reference), {
    path: ['reference'],
    message: 'The UTR is the 12-digit reference of the UPI payment',
    // Checked even when another field is wrong, so a form shows every field to fix at once.
    // The payload may be anything at all here (null, a list): only an object's fields are read.
    when: ({ value }) => {
      if (typeof value !== 'object' || value === null) return false;
      const fields = value as { method?: unknown; reference?: unknown };
      return fields.method === 'upi' && typeof fields.reference === 'string';
    },
  });
export const recordBookingPaymentInputSchema = z.object({ id: uuidSchema }).and(recordBookingPaymentFieldsSchema);
export type RecordBookingPaymentInput = z.input<typeof recordBookingPaymentInputSchema>;

export type TimelineEntry = { at: string; action: string; label: string; from: string | null; to: string | null };

export type CustomerBookingDetailDto = CustomerBookingDto & {
  venue_address: string | null;
  original_event_date: string | null;
  /** The admin's custom quote, line by line; null for an instant quote or an unpriced inquiry. */
  quotation: QuotationDto | null;
  /** The menu's add-ons on the bill (docs/product.md#menus): each its price per guest × the guests. */
  add_ons: AddOnLineDto[];
  /**
   * A package-priced booking's quote, line by line, as the quote e-mail and the quote PDF list them (package, add-ons,
   * volume discount, peak surcharge, subscriber discount, base amount, GST, total; docs/product.md#pricing); null for
   * a custom quote (`quotation`), a price set by hand or an unpriced inquiry.
   */
  quote_lines: QuoteLine[] | null;
  timeline: TimelineEntry[];
  payments: {
    order_id: string;
    purpose: PaymentPurpose;
    /** The instalment an instalment order pays; null for the subscription. */
    instalment: InstalmentKind | null;
    amount: number;
    status: PaymentStatus;
    paid_at: string | null;
  }[];
  /** Money our team recorded by hand (bank transfer, cash, cheque, a UPI UTR), oldest first: it has no order. */
  recorded_payments: {
    amount: number;
    method: PaymentMethod | null;
    /** The customer's own reference: the UTR, the transfer reference, the receipt or cheque number. */
    reference: string | null;
    received_at: string;
  }[];
};

export type PaymentOrderDto = {
  order_id: string;
  amount: number;
  purpose: PaymentPurpose;
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
  purpose: PaymentPurpose;
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
  /** Its GST documents (docs/gst.md#subscription): the tax invoice when paid, a credit note when refunded. */
  gst_documents: SubscriptionGstDocumentDto[];
};

export type SubscriptionGstDocumentDto = {
  id: string;
  kind: 'tax_invoice' | 'credit_note';
  title: string;
  number: string;
};
