import { z } from 'zod';
import type {
  AutomaticReminderStage,
  BookingStatus,
  InstalmentKind,
  LedgerKind,
  PaymentMethod,
  PaymentPurpose,
} from '../domain';
import type { PaymentScheduleDto } from './account';

/** The order id as customers and providers see it (`payment_orders.order_code`). */
export const paymentStatusInputSchema = z.object({
  order_id: z
    .string({ error: 'Order id is required' })
    .trim()
    .min(1, 'Order id is required')
    .max(100, 'Order id must be at most 100 characters'),
});
export type PaymentStatusInput = z.input<typeof paymentStatusInputSchema>;

/**
 * docs/product.md#subscriptions "Payment status response", plus the order id and amount (docs/product.md#subscriptions)
 * and what the order pays for, so the result page can tell a ₹99 subscription from the ₹999 booking token.
 */
export type PaymentStatusDto = {
  order_id: string;
  purpose: PaymentPurpose;
  is_paid: boolean;
  /** 'PAID' when paid; otherwise the stored status upper-cased ('CREATED', 'PENDING', 'FAILED', ...). */
  payment_status: string;
  /** Rupees. */
  amount: number;
  /** The booking the order pays towards, so the page can link to it; null for the subscription. */
  booking_id: string | null;
  /**
   * Set when the order's own status does not tell the whole story (docs/product.md#payments): its booking was
   * cancelled (paid or not), it is not paid but the instalment it asked for was paid another way, or it is a paid
   * ₹99 order whose subscription has been refunded. Null while it still waits for its money, and once it is paid on
   * a booking that stands or for a subscription still held.
   */
  settled: OrderSettlement | null;
};

/**
 * How an unpaid order's instalment was paid another way: the last money the booking received since the order was
 * opened was recorded by the team (`recorded_by_team`), or else it was covered otherwise (`paid_otherwise`: another
 * order paid it, or a lower price left nothing of it). `booking_cancelled`: the order's booking has been cancelled,
 * so nothing is to be paid on it, and money it did bring in is settled by the cancellation's refund.
 * `subscription_refunded`: the ₹99 was paid and an admin has since refunded the subscription (half of it).
 */
export const ORDER_SETTLEMENTS = [
  'recorded_by_team',
  'paid_otherwise',
  'booking_cancelled',
  'subscription_refunded',
] as const;
export type OrderSettlement = (typeof ORDER_SETTLEMENTS)[number];

/** A whole number of days in a field the admin types (0 to 365). */
function daysSchema(label: string) {
  return z
    .number({ error: `${label} must be a number of days` })
    .int(`${label} must be a whole number of days`)
    .min(0, `${label} cannot be negative`)
    .max(365, `${label} must be at most 365 days`);
}

/**
 * The payment schedule's numbers as the admin edits them in Settings (`src/shared/booking-rules.ts`); the booking
 * amount in rupees like every amount in JSON.
 */
export const paymentRulesInputSchema = z.strictObject({
  booking_amount: z
    .number({ error: 'Booking amount must be a number' })
    .min(1, 'Booking amount must be at least ₹1')
    .max(1_00_000, 'Booking amount must be at most ₹1,00,000')
    .refine((value) => Number(value.toFixed(2)) === value, 'Booking amount can have at most two decimals (paise)'),
  advance_percent: z
    .number({ error: 'Advance must be a percent' })
    .int('Advance must be a whole percent')
    .min(0, 'Advance cannot be negative')
    .max(100, 'Advance must be at most 100%'),
  advance_due_days_after_confirmation: daysSchema('Advance due'),
  advance_immediate_within_days: daysSchema('Advance at once within'),
  balance_due_days_before_event: daysSchema('Balance due'),
});
export type PaymentRulesInput = z.input<typeof paymentRulesInputSchema>;
export type PaymentRulesDto = z.output<typeof paymentRulesInputSchema>;

/** The admin's Settings view of the schedule: the saved numbers and the published defaults. */
export type PaymentRulesSettingsDto = { rules: PaymentRulesDto; defaults: PaymentRulesDto };

/** A booking's money for the admin: the ledger row by row, its sums and the schedule (amounts in rupees). */
export type BookingAccountDto = {
  booking_id: string;
  status: BookingStatus;
  /** The booking's price; what it costs is this less `credited` (the schedule is over that). */
  total: number | null;
  /** What the team's credit notes took off the price. */
  credited: number;
  /** India date the booking was confirmed; null while it is not. */
  confirmed_on: string | null;
  paid: number;
  /** Owed back in all (the ledger's refunds), paid out or not. */
  refunded: number;
  /** Of that, what is still to be paid out (refunds due in the Refunds list). */
  owed_back: number;
  /** Received and not owed back. */
  held: number;
  /** The most the team may record now: what is left of the booking amount while quoted, of the total afterwards. */
  can_record_up_to: number;
  schedule: PaymentScheduleDto;
  ledger: {
    id: string;
    kind: LedgerKind;
    amount: number;
    method: PaymentMethod | null;
    reference: string | null;
    note: string | null;
    created_at: string;
  }[];
};

/** A payment reminder an admin sent by hand (docs/api.md): the instalment it asked for, in rupees. */
export type PaymentReminderDto = {
  message: string;
  booking_id: string;
  instalment: InstalmentKind;
  label: string;
  /** What is still to pay of the instalment. */
  amount: number;
  due_date: string;
  /** Where the due date stood when it was sent: still ahead (`before`), today (`due`) or past (`overdue`). */
  timing: AutomaticReminderStage;
  sent_to: string;
  sent_at: string;
};
