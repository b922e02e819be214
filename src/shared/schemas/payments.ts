import { z } from 'zod';
import type { PaymentPurpose } from '../domain';

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
 * Spec section 3 "Payment status response", plus the order id and amount (architecture section 5) and what the
 * order pays for, so the result page can tell a ₹99 subscription from the ₹999 booking token.
 */
export type PaymentStatusDto = {
  order_id: string;
  purpose: PaymentPurpose;
  is_paid: boolean;
  /** 'PAID' when paid; otherwise the stored status upper-cased ('CREATED', 'PENDING', 'FAILED', ...). */
  payment_status: string;
  /** Rupees. */
  amount: number;
};
