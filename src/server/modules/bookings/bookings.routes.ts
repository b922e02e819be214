import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminBookingsQuerySchema, setBookingStatusFieldsSchema } from '../../../shared/schemas/admin';
import { bookingInquiryInputSchema } from '../../../shared/schemas/bookings';
import {
  adminBookingSchema,
  adminBookingsResponseSchema,
  bookingChangeResponseSchema,
  bookingInquiryResponseSchema,
  idParamsSchema,
} from '../../../shared/schemas/responses';
import { quotationFieldsSchema } from '../../../shared/schemas/quotation';
import { INQUIRY_LIMITS, limitMailingFlow } from '../../plugins/rate-limit';
import { parseInput, pathId, requireRole, withTotal } from '../../lib/http';
import { requesterOf } from '../../context';
import { createInquiry, getBooking, listBookings, setBookingStatus } from './bookings.service';
import { BOOKING_NOT_FOUND } from './ownership';
import { quoteBooking } from './quotation.service';

/**
 * docs/api.md: `POST /api/bookings` with the booking/inquiry payload (anyone; 201 `{id, status, message}`) and
 * the admin's `GET /api/bookings` (bare array, newest first, `?limit&offset&q&status`, total in `X-Total-Count`),
 * `GET /api/bookings/{id}` and `PUT /api/bookings/{id}/status` `{status}`; `PUT /api/bookings/{id}/quote` prices a
 * booking with the admin's custom quote (docs/decisions.md, "Custom quotes and prices").
 */
export const bookingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['bookings'];
  app.post(
    '/bookings',
    {
      schema: {
        summary: 'Send an inquiry',
        tags,
        body: bookingInquiryInputSchema,
        response: { 201: bookingInquiryResponseSchema },
      },
    },
    async (request, reply) => {
      const input = parseInput(bookingInquiryInputSchema, request.body, 'body');
      await limitMailingFlow(request.ctx.rateLimit, INQUIRY_LIMITS, input.client_email);
      const result = await createInquiry(request.ctx, input, await requesterOf(request.ctx));
      return reply.code(201).send(result);
    },
  );

  app.get(
    '/bookings',
    {
      schema: {
        summary: 'Bookings, newest first (admin; total in X-Total-Count)',
        tags,
        querystring: adminBookingsQuerySchema,
        response: { 200: adminBookingsResponseSchema },
      },
    },
    async (request, reply) => {
      await requireRole(request, 'admin');
      return withTotal(
        reply,
        await listBookings(request.ctx, parseInput(adminBookingsQuerySchema, request.query, 'query')),
      );
    },
  );

  app.get(
    '/bookings/:id',
    { schema: { summary: 'One booking (admin)', tags, params: idParamsSchema, response: { 200: adminBookingSchema } } },
    async (request) => {
      await requireRole(request, 'admin');
      return getBooking(request.ctx, { id: pathId(request, BOOKING_NOT_FOUND) });
    },
  );

  app.put(
    '/bookings/:id/status',
    {
      schema: {
        summary: 'Move a booking along its state machine (admin; 409 for a move it does not allow)',
        tags,
        params: idParamsSchema,
        body: setBookingStatusFieldsSchema,
        response: { 200: bookingChangeResponseSchema },
      },
    },
    async (request) => {
      const admin = await requireRole(request, 'admin');
      const id = pathId(request, BOOKING_NOT_FOUND);
      const { status } = parseInput(setBookingStatusFieldsSchema, request.body, 'body');
      return setBookingStatus(request.ctx, { id, status }, admin.id);
    },
  );

  app.put(
    '/bookings/:id/quote',
    {
      schema: {
        summary:
          'Price a booking with a custom quote (admin): per-person, fixed and add-on lines, a discount with its reason',
        tags,
        params: idParamsSchema,
        body: quotationFieldsSchema,
        response: { 200: bookingChangeResponseSchema },
      },
    },
    async (request) => {
      const admin = await requireRole(request, 'admin');
      const id = pathId(request, BOOKING_NOT_FOUND);
      const fields = parseInput(quotationFieldsSchema, request.body, 'body');
      return quoteBooking(request.ctx, { id, ...fields }, admin.id);
    },
  );
};
