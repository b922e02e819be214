import type { FastifyPluginAsync } from 'fastify';
import { bookingInquiryInputSchema } from '../../../shared/schemas/bookings';
import { parseInput } from '../../lib/http';
import { requesterOf } from '../../trpc/context';
import { createInquiry } from './bookings.service';

/** Spec section 7: `POST /api/bookings` with the booking/inquiry payload; 201 `{id, status, message}`. */
export const bookingsRoutes: FastifyPluginAsync = async (app) => {
  app.post('/bookings', async (request, reply) => {
    const input = parseInput(bookingInquiryInputSchema, request.body, 'body');
    const result = await createInquiry(request.ctx, input, await requesterOf(request.ctx));
    return reply.code(201).send(result);
  });
};
