import type { FastifyPluginAsync } from 'fastify';
import {
  adminPaymentsQuerySchema,
  createSubscriptionOrderInputSchema,
  createTokenOrderInputSchema,
  utrFieldsSchema,
} from '../../../shared/schemas/account';
import { paymentRulesInputSchema, paymentStatusInputSchema } from '../../../shared/schemas/payments';
import { AppError } from '../../lib/errors';
import { parseInput, pathId, requireRole, withTotal } from '../../lib/http';
import { getPaymentRules, updatePaymentRules } from './payment-rules.service';
import { optionalUser } from '../../trpc/context';
import { createTokenOrder, getPaymentStatus, listPayments, recordUtr } from './payment-orders.service';
import { handleCashfreeWebhook } from './payments-webhook.service';
import { createSubscriptionOrder, refundSubscription } from './payments.service';

/**
 * Spec section 7: `GET /api/payment/status/{order_id}`; 404 `{detail: 'Payment order not found'}` when unknown.
 * Issue 6: token and subscription orders, the admin's Payments view and UTR, the subscription refund, and the
 * gateway webhook (raw body, so the signature is checked over the exact bytes received).
 */
export const paymentsRoutes: FastifyPluginAsync = async (app) => {
  app.get('/payment/status/:order_id', async (request) =>
    getPaymentStatus(request.ctx, parseInput(paymentStatusInputSchema, request.params, 'path')),
  );

  app.post('/payments/token-order', async (request, reply) => {
    const user = await requireRole(request, 'customer');
    const order = await createTokenOrder(request.ctx, user, parseInput(createTokenOrderInputSchema, request.body, 'body'));
    return reply.code(201).send(order);
  });

  app.post('/payments/subscription-order', async (request, reply) => {
    const user = await optionalUser(request.ctx);
    const input = parseInput(createSubscriptionOrderInputSchema, request.body ?? {}, 'body');
    const order = await createSubscriptionOrder(request.ctx, user?.role === 'customer' ? user : null, input);
    return reply.code(201).send(order);
  });

  app.get('/admin/payments', async (request, reply) => {
    await requireRole(request, 'admin');
    return withTotal(reply, await listPayments(request.ctx, parseInput(adminPaymentsQuerySchema, request.query, 'query')));
  });

  app.put('/admin/payments/:order_id/utr', async (request) => {
    const admin = await requireRole(request, 'admin');
    const { order_id } = parseInput(paymentStatusInputSchema, request.params, 'path');
    const { utr } = parseInput(utrFieldsSchema, request.body, 'body');
    return recordUtr(request.ctx, { order_id, utr }, admin.id);
  });

  app.post('/admin/subscriptions/:id/refund', async (request) => {
    const admin = await requireRole(request, 'admin');
    return refundSubscription(request.ctx, { id: pathId(request, 'Subscription not found') }, admin.id);
  });

  app.get('/admin/settings/payment-rules', async (request) => {
    await requireRole(request, 'admin');
    return getPaymentRules(request.ctx);
  });

  app.put('/admin/settings/payment-rules', async (request) => {
    const admin = await requireRole(request, 'admin');
    return updatePaymentRules(request.ctx, parseInput(paymentRulesInputSchema, request.body, 'body'), admin.id);
  });

  await app.register(async (webhooks) => {
    // Only in this scope: JSON arrives as the raw string, so the HMAC is computed over the bytes as sent.
    webhooks.removeContentTypeParser('application/json');
    webhooks.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    webhooks.post('/payments/webhook/cashfree', async (request, reply) => {
      if (typeof request.body !== 'string') throw new AppError('BAD_REQUEST', 'Send the webhook as application/json');
      const outcome = await handleCashfreeWebhook(request.ctx, request.headers, request.body);
      return reply.code(outcome.status).send(outcome.body);
    });
  });
};
