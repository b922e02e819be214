import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bookingMessageFieldsSchema } from '../../../shared/schemas/messages';
import {
  bookingMessageResponseSchema,
  bookingMessagesResponseSchema,
  idParamsSchema,
} from '../../../shared/schemas/responses';
import { parseInput, pathId, requireRole } from '../../lib/http';
import { BOOKING_NOT_FOUND } from '../bookings/ownership';
import { bookingMessages, sendBookingMessage } from './messages.service';

/**
 * `GET /api/admin/bookings/:id/messages`: the booking's message thread, both channels; `POST` the same path: an
 * admin's own e-mail about the booking, to its customer or a supplier of its project.
 */
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
  app.post(
    '/admin/bookings/:id/messages',
    {
      schema: {
        summary: "E-mail the booking's customer or a supplier of its project (409 for the same message just sent)",
        tags: ['admin'],
        params: idParamsSchema,
        body: bookingMessageFieldsSchema,
        response: { 201: bookingMessageResponseSchema },
      },
    },
    async (request, reply) => {
      const admin = await requireRole(request, 'admin');
      const fields = parseInput(bookingMessageFieldsSchema, request.body, 'body');
      const sent = await sendBookingMessage(
        request.ctx,
        { booking_id: pathId(request, BOOKING_NOT_FOUND), ...fields },
        admin.id,
      );
      return reply.code(201).send(sent);
    },
  );
};
