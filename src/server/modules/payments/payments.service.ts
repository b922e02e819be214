import { eq } from 'drizzle-orm';
import { paiseToRupees } from '../../../shared/pricing';
import { paymentStatusInputSchema, type PaymentStatusDto, type PaymentStatusInput } from '../../../shared/schemas/payments';
import { paymentOrders } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { ServiceDeps } from '../deps';

/**
 * The status of a payment order by the id customers see (spec section 7 `GET /api/payment/status/{order_id}`,
 * architecture section 5): `payment_status` is `PAID` when paid, else the stored status upper-cased; an unknown
 * order is a 404.
 */
export async function getPaymentStatus(deps: ServiceDeps, input: PaymentStatusInput): Promise<PaymentStatusDto> {
  const { order_id } = paymentStatusInputSchema.parse(input);
  const [order] = await deps.db
    .select({ orderCode: paymentOrders.orderCode, status: paymentOrders.status, amountPaise: paymentOrders.amountPaise })
    .from(paymentOrders)
    .where(eq(paymentOrders.orderCode, order_id))
    .limit(1);
  if (!order) throw new AppError('NOT_FOUND', 'Payment order not found');
  const isPaid = order.status === 'paid';
  return {
    order_id: order.orderCode,
    is_paid: isPaid,
    payment_status: isPaid ? 'PAID' : order.status.toUpperCase(),
    amount: paiseToRupees(order.amountPaise),
  };
}
