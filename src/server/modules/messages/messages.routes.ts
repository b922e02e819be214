import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bookingMessagesResponseSchema, idParamsSchema } from '../../../shared/schemas/responses';
import { pathId, requireRole } from '../../lib/http';
import { BOOKING_NOT_FOUND } from '../bookings/ownership';
import { bookingMessages } from './messages.service';

/** `GET /api/admin/bookings/:id/messages`: the booking's message thread, both channels. */
export const messagesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/bookings/:id/messages',
    {
      schema: {
        summary: "A booking's messages (e-mail and WhatsApp) with their delivery status",
        tags: ['admin'],
        params: idParamsSchema,
        response: { 200: bookingMessagesResponseSchema },
      },
    },
    async (request) => {
      await requireRole(request, 'admin');
      return bookingMessages(request.ctx, { booking_id: pathId(request, BOOKING_NOT_FOUND) });
    },
  );
};
