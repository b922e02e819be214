import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminPaymentsQuerySchema,
  createSubscriptionOrderInputSchema,
  createTokenOrderInputSchema,
  recordBookingPaymentFieldsSchema,
  utrFieldsSchema,
} from '../../../shared/schemas/account';
import { paymentRulesInputSchema, paymentStatusInputSchema } from '../../../shared/schemas/payments';
import {
  adminPaymentSchema,
  adminPaymentsResponseSchema,
  bookingAccountResponseSchema,
  idParamsSchema,
  paymentOrderResponseSchema,
  paymentReminderResponseSchema,
  paymentRulesSettingsResponseSchema,
  paymentStatusResponseSchema,
  recordBookingPaymentResponseSchema,
  subscriptionRefundResponseSchema,
  webhookResponseSchema,
} from '../../../shared/schemas/responses';
import { optionalUser } from '../../context';
import { AppError } from '../../lib/errors';
import { limitMailingFlow, SUBSCRIPTION_LIMITS } from '../../plugins/rate-limit';
import { parseInput, pathId, requireRole, withTotal } from '../../lib/http';
import { BOOKING_NOT_FOUND } from '../bookings/ownership';
import { bookingAccount, recordBookingPayment } from './booking-account.service';
import {
  createInstalmentOrder,
  createTokenOrder,
  getPaymentStatus,
  listPayments,
  recordUtr,
} from './payment-orders.service';
import { sendPaymentReminder } from './payment-reminders.service';
import { getPaymentRules, updatePaymentRules } from './payment-rules.service';
import { handleCashfreeWebhook } from './payments-webhook.service';
import { createSubscriptionOrder, refundSubscription } from './subscriptions.service';
import { assertSteppedUp } from '../auth/step-up.service';

/**
 * docs/api.md: `GET /api/payment/status/{order_id}`; 404 `{detail: 'Payment order not found'}` when unknown.
 * Token and subscription orders, the admin's Payments view and UTR, the subscription refund, and the
 * gateway webhook (raw body, so the signature is checked over the exact bytes received).
 */
export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['payments'];
  app.get(
    '/payment/status/:order_id',
    {
      schema: {
        summary: 'Whether an order is paid',
        tags,
        params: paymentStatusInputSchema,
        response: { 200: paymentStatusResponseSchema },
      },
    },
    async (request) => getPaymentStatus(request.ctx, parseInput(paymentStatusInputSchema, request.params, 'path')),
  );

  app.post(
    '/payments/token-order',
    {
      schema: {
        summary: "Open (or reuse) the ₹999 token order of the customer's quoted booking",
        tags,
        body: createTokenOrderInputSchema,
        response: { 201: paymentOrderResponseSchema },
      },
    },
    async (request, reply) => {
      const user = await requireRole(request, 'customer');
      const order = await createTokenOrder(
        request.ctx,
        user,
        parseInput(createTokenOrderInputSchema, request.body, 'body'),
      );
      return reply.code(201).send(order);
    },
  );

  app.post(
    '/payments/instalment-order',
    {
      schema: {
        summary:
          "Open (or reuse) the order for the next instalment (advance or balance) of the customer's confirmed booking",
        tags,
        body: createTokenOrderInputSchema,
        response: { 201: paymentOrderResponseSchema },
      },
    },
    async (request, reply) => {
      const user = await requireRole(request, 'customer');
      const order = await createInstalmentOrder(
        request.ctx,
        user,
        parseInput(createTokenOrderInputSchema, request.body, 'body'),
      );
      return reply.code(201).send(order);
    },
  );

  app.get(
    '/admin/bookings/:id/account',
    {
      schema: {
        summary: "A booking's ledger, its sums and its payment schedule",
        tags,
        params: idParamsSchema,
        response: { 200: bookingAccountResponseSchema },
      },
    },
    async (request) => {
      await requireRole(request, 'admin');
      return bookingAccount(request.ctx, { id: pathId(request, BOOKING_NOT_FOUND) });
    },
  );

  app.post(
    '/admin/bookings/:id/payments',
    {
      schema: {
        summary: 'Record money received against a booking by UPI (UTR), bank transfer, cash or cheque, in full or part',
        tags,
        params: idParamsSchema,
        body: recordBookingPaymentFieldsSchema,
        response: { 201: recordBookingPaymentResponseSchema },
      },
    },
    async (request, reply) => {
      const admin = await requireRole(request, 'admin');
      const id = pathId(request, BOOKING_NOT_FOUND);
      const fields = parseInput(recordBookingPaymentFieldsSchema, request.body, 'body');
      return reply.code(201).send(await recordBookingPayment(request.ctx, { id, ...fields }, admin.id));
    },
  );

  app.post(
    '/admin/bookings/:id/payment-reminder',
    {
      schema: {
        summary:
          "E-mail the customer a reminder of the booking's next instalment " +
          'with something outstanding (at most one every 10 minutes)',
        tags,
        params: idParamsSchema,
        response: { 201: paymentReminderResponseSchema },
      },
    },
    async (request, reply) => {
      const admin = await requireRole(request, 'admin');
      const id = pathId(request, BOOKING_NOT_FOUND);
      return reply.code(201).send(await sendPaymentReminder(request.ctx, { id }, admin.id));
    },
  );

  app.post(
    '/payments/subscription-order',
    {
      schema: {
        summary: 'Open a ₹99 subscription order (a customer, or anyone with e-mail and phone)',
        tags,
        body: createSubscriptionOrderInputSchema,
        response: { 201: paymentOrderResponseSchema },
      },
    },
    async (request, reply) => {
      const user = await optionalUser(request.ctx);
      const input = parseInput(createSubscriptionOrderInputSchema, request.body ?? {}, 'body');
      await limitMailingFlow(request.ctx.rateLimit, SUBSCRIPTION_LIMITS, user?.email ?? input.email);
      const order = await createSubscriptionOrder(request.ctx, user, input);
      return reply.code(201).send(order);
    },
  );

  app.get(
    '/admin/payments',
    {
      schema: {
        summary: 'Payment orders (total in X-Total-Count)',
        tags,
        querystring: adminPaymentsQuerySchema,
        response: { 200: adminPaymentsResponseSchema },
      },
    },
    async (request, reply) => {
      await requireRole(request, 'admin');
      return withTotal(
        reply,
        await listPayments(request.ctx, parseInput(adminPaymentsQuerySchema, request.query, 'query')),
      );
    },
  );

  app.put(
    '/admin/payments/:order_id/utr',
    {
      schema: {
        summary: 'Record the UTR of a UPI payment: the order is paid',
        tags,
        params: paymentStatusInputSchema,
        body: utrFieldsSchema,
        response: { 200: adminPaymentSchema },
      },
    },
    async (request) => {
      const admin = await requireRole(request, 'admin');
      const { order_id } = parseInput(paymentStatusInputSchema, request.params, 'path');
      const { utr } = parseInput(utrFieldsSchema, request.body, 'body');
      return recordUtr(request.ctx, { order_id, utr }, admin.id);
    },
  );

  app.post(
    '/admin/subscriptions/:id/refund',
    {
      schema: {
        summary: 'Refund a paid subscription',
        tags,
        params: idParamsSchema,
        response: { 200: subscriptionRefundResponseSchema },
      },
    },
    async (request) => {
      const admin = await requireRole(request, 'admin');
      await assertSteppedUp(request.ctx, admin);
      return refundSubscription(request.ctx, { id: pathId(request, 'Subscription not found') }, admin.id);
    },
  );

  app.get(
    '/admin/settings/payment-rules',
    {
      schema: {
        summary: "The payment schedule's numbers, with the defaults",
        tags,
        response: { 200: paymentRulesSettingsResponseSchema },
      },
    },
    async (request) => {
      await requireRole(request, 'admin');
      return getPaymentRules(request.ctx);
    },
  );

  app.put(
    '/admin/settings/payment-rules',
    {
      schema: {
        summary: "Save the payment schedule's numbers (audited)",
        tags,
        body: paymentRulesInputSchema,
        response: { 200: paymentRulesSettingsResponseSchema },
      },
    },
    async (request) => {
      const admin = await requireRole(request, 'admin');
      await assertSteppedUp(request.ctx, admin);
      return updatePaymentRules(request.ctx, parseInput(paymentRulesInputSchema, request.body, 'body'), admin.id);
    },
  );

  await app.register(async (webhooks) => {
    // Only in this scope: JSON arrives as the raw string, so the HMAC is computed over the bytes as sent.
    webhooks.removeContentTypeParser('application/json');
    webhooks.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );
    const schema = {
      summary:
        'Cashfree payment events (signed; 401 for a bad signature or a stale timestamp, 404 when the gateway is off)',
      tags,
      body: z.unknown().describe("Cashfree's event, checked against its signature over the raw bytes"),
      response: { 200: webhookResponseSchema },
    };
    webhooks.post('/payments/webhook/cashfree', { schema }, async (request, reply) => {
      if (typeof request.body !== 'string') throw new AppError('BAD_REQUEST', 'Send the webhook as application/json');
      const outcome = await handleCashfreeWebhook(request.ctx, request.headers, request.body);
      // The outcome's body is the acknowledgement on 200 and the error shape otherwise (no schema: written as is).
      return reply.code(outcome.status as 200).send(outcome.body as z.infer<typeof webhookResponseSchema>);
    });
  });
};
