import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eventDetailsFieldsSchema, staffBookingInputSchema } from '../../../shared/schemas/calendar';
import { bookingChangeResponseSchema, idParamsSchema } from '../../../shared/schemas/responses';
import { parseInput, pathId, requireRole } from '../../lib/http';
import { BOOKING_NOT_FOUND } from './ownership';
import { createStaffBooking, updateEventDetails } from './staff-bookings.service';

/** docs/api.md, "Bookings taken by staff": `POST /api/admin/bookings`, `PATCH /api/admin/bookings/{id}/details`. */
export const staffBookingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['bookings'];
  app.post(
    '/admin/bookings',
    {
      schema: {
        summary: 'Enter a booking taken by phone, at the counter, on WhatsApp or by referral',
        tags,
        body: staffBookingInputSchema,
        response: { 201: bookingChangeResponseSchema },
      },
    },
    async (request, reply) => {
      const admin = await requireRole(request, 'admin');
      const input = parseInput(staffBookingInputSchema, request.body, 'body');
      return reply.code(201).send(await createStaffBooking(request.ctx, input, admin.id));
    },
  );
  app.patch(
    '/admin/bookings/:id/details',
    {
      schema: {
        summary:
          "Edit an event's guests, venue, time or notes; the price follows and the customer and suppliers are told",
        tags,
        params: idParamsSchema,
        body: eventDetailsFieldsSchema,
        response: { 200: bookingChangeResponseSchema },
      },
    },
    async (request) => {
      const admin = await requireRole(request, 'admin');
      const fields = parseInput(eventDetailsFieldsSchema, request.body, 'body');
      return updateEventDetails(request.ctx, { id: pathId(request, BOOKING_NOT_FOUND), ...fields }, admin.id);
    },
  );
};
