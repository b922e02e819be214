import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { paymentOrders, paymentWebhookEvents } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { invalidCharacterIssue } from '../../lib/errors';
import type { ServiceDeps } from '../../context';
import { lockOrderForPayment, markOrderPaid, OPEN, receiveRepeatPayment } from './payment-orders.service';
import { verifyCashfreeWebhook } from './providers/cashfree';

export type WebhookOutcome = { status: number; body: Record<string, unknown> };

/**
 * `POST /api/payments/webhook/cashfree` (security research: signed, fresh, idempotent). The signature over
 * timestamp + raw body is checked in constant time, stale timestamps are refused, and every event id is stored
 * once: a replay or a concurrent duplicate finds it and changes nothing. A success event for an open order marks
 * it paid through `markOrderPaid` (amount checked against the order).
 */
export async function handleCashfreeWebhook(
  deps: ServiceDeps,
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
): Promise<WebhookOutcome> {
  const gateway = deps.config.payments.gateway;
  if (!gateway) return { status: 404, body: { detail: 'Not found' } };
  const header = (name: string) => {
    const value = headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const check = verifyCashfreeWebhook(
    gateway.webhookSecret,
    { timestamp: header('x-webhook-timestamp'), signature: header('x-webhook-signature') },
    rawBody,
  );
  if (check === 'stale') return { status: 401, body: { detail: 'Webhook timestamp is too old' } };
  if (check !== 'ok') return { status: 401, body: { detail: 'Invalid webhook signature' } };

  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody);
  } catch {
    return { status: 400, body: { detail: 'Malformed webhook body' } };
  }
  const event = webhookEvent(parsed);
  if (!event) return { status: 400, body: { detail: 'Malformed webhook body' } };
  const { orderCode, paymentId } = event;
  // The key is the signed body itself: a replay of a delivery is the same bytes, while an unsigned header could be
  // set to anything (docs/decisions.md, "Payment schedule and refunds on real money").
  const eventId = `sha256:${createHash('sha256').update(rawBody).digest('hex')}`;

  return deps.db.transaction(async (tx) => {
    // The order is locked first (after its booking, `lockOrderForPayment`), so concurrent deliveries of one event
    // wait here and the second finds the first.
    const order = orderCode ? await lockOrderForPayment(tx, eq(paymentOrders.orderCode, orderCode)) : undefined;
    const isSuccess = event.type === 'PAYMENT_SUCCESS_WEBHOOK' && event.paymentStatus === 'SUCCESS';
    if (order && isSuccess) {
      const amount = event.paymentAmount ?? event.orderAmount;
      if (amount === undefined || Math.round(amount * 100) !== order.amountPaise) {
        // Not stored as processed: an event ignored for its amount must not stand in for the genuine one.
        await writeAudit(tx, {
          actorUserId: null,
          action: 'payment.amount_mismatch',
          entityType: 'payment_order',
          entityId: order.id,
          data: { amount, event_id: eventId },
        });
        return { status: 200, body: { received: true, ignored: 'amount mismatch' } };
      }
    }
    const [stored] = await tx
      .insert(paymentWebhookEvents)
      .values({ provider: 'cashfree', eventId, orderCode, eventType: event.type })
      .onConflictDoNothing()
      .returning({ id: paymentWebhookEvents.id });
    if (!stored) return { status: 200, body: { received: true, duplicate: true } };
    if (!orderCode) return { status: 200, body: { received: true, ignored: 'no order' } };
    if (!order) return { status: 200, body: { received: true, ignored: 'unknown order' } };

    if (isSuccess) {
      const providerReference = paymentId === undefined ? null : String(paymentId);
      const paid = await markOrderPaid(deps, tx, order, {
        providerReference: providerReference ?? undefined,
        actorUserId: null,
        via: 'cashfree_webhook',
      });
      if (paid) return { status: 200, body: { received: true, paid: true } };
      // Money for an order already paid is still money received (docs/product.md#payments).
      const repeat = await receiveRepeatPayment(deps, tx, order, providerReference);
      return { status: 200, body: { received: true, paid: false, ...(repeat && { paid_again: true }) } };
    }
    if (event.type === 'PAYMENT_FAILED_WEBHOOK' && OPEN.includes(order.status)) {
      await tx
        .update(paymentOrders)
        .set({ status: 'failed', updatedAt: new Date() })
        .where(eq(paymentOrders.id, order.id));
    }
    return { status: 200, body: { received: true } };
  });
}

type CashfreeEvent = {
  type: string | null;
  orderCode: string | null;
  orderAmount: number | undefined;
  paymentId: string | number | undefined;
  paymentStatus: string | undefined;
  paymentAmount: number | undefined;
};

/**
 * The fields of a webhook body the handler reads, each only if it has the type it must have; null for a body that
 * is not an object or holds text the database cannot store. Signed bodies come from the gateway, but a wrong shape
 * must still be a 400, not a failed query.
 */
function webhookEvent(body: unknown): CashfreeEvent | null {
  const isObject = (value: unknown): value is Record<string, unknown> =>
    typeof value === 'object' && value !== null && !Array.isArray(value);
  if (!isObject(body) || invalidCharacterIssue(body, 'body')) return null;
  const data = isObject(body.data) ? body.data : {};
  const order = isObject(data.order) ? data.order : {};
  const payment = isObject(data.payment) ? data.payment : {};
  const text = (value: unknown) => (typeof value === 'string' && value.length <= 200 ? value : undefined);
  const number = (value: unknown) => (typeof value === 'number' ? value : undefined);
  return {
    type: text(body.type) ?? null,
    orderCode: text(order.order_id) ?? null,
    orderAmount: number(order.order_amount),
    paymentId: typeof payment.cf_payment_id === 'number' ? payment.cf_payment_id : text(payment.cf_payment_id),
    paymentStatus: text(payment.payment_status),
    paymentAmount: number(payment.payment_amount),
  };
}
