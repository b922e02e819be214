import type { FastifyPluginAsync } from 'fastify';
import { paymentStatusInputSchema } from '../../../shared/schemas/payments';
import { parseInput } from '../../lib/http';
import { getPaymentStatus } from './payments.service';

/** Spec section 7: `GET /api/payment/status/{order_id}`; 404 `{detail: 'Payment order not found'}` when unknown. */
export const paymentsRoutes: FastifyPluginAsync = async (app) => {
  app.get('/payment/status/:order_id', async (request) =>
    getPaymentStatus(request.ctx, parseInput(paymentStatusInputSchema, request.params, 'path')),
  );
};
