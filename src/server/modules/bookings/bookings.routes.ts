import type { FastifyPluginAsync } from 'fastify';
import { adminBookingsQuerySchema, setBookingStatusFieldsSchema } from '../../../shared/schemas/admin';
import { bookingInquiryInputSchema } from '../../../shared/schemas/bookings';
import { quotationFieldsSchema } from '../../../shared/schemas/quotation';
import { parseInput, pathId, requireRole, withTotal } from '../../lib/http';
import { requesterOf } from '../../trpc/context';
import { createInquiry, getBooking, listBookings, setBookingStatus } from './bookings.service';
import { quoteBooking } from './quotation.service';

/**
 * Spec section 7: `POST /api/bookings` with the booking/inquiry payload (anyone; 201 `{id, status, message}`) and
 * the admin's `GET /api/bookings` (bare array, newest first, `?limit&offset&q&status`, total in `X-Total-Count`),
 * `GET /api/bookings/{id}` and `PUT /api/bookings/{id}/status` `{status}`; `PUT /api/bookings/{id}/quote` prices a
 * booking with the admin's custom quote (docs/decisions.md, "Custom quotes and prices").
 */
export const bookingsRoutes: FastifyPluginAsync = async (app) => {
  app.post('/bookings', async (request, reply) => {
    const input = parseInput(bookingInquiryInputSchema, request.body, 'body');
    const result = await createInquiry(request.ctx, input, await requesterOf(request.ctx));
    return reply.code(201).send(result);
  });

  app.get('/bookings', async (request, reply) => {
    await requireRole(request, 'admin');
    return withTotal(reply, await listBookings(request.ctx, parseInput(adminBookingsQuerySchema, request.query, 'query')));
  });

  app.get('/bookings/:id', async (request) => {
    await requireRole(request, 'admin');
    return getBooking(request.ctx, { id: pathId(request, 'Booking not found') });
  });

  app.put('/bookings/:id/status', async (request) => {
    const admin = await requireRole(request, 'admin');
    const id = pathId(request, 'Booking not found');
    const { status } = parseInput(setBookingStatusFieldsSchema, request.body, 'body');
    return setBookingStatus(request.ctx, { id, status }, admin.id);
  });

  app.put('/bookings/:id/quote', async (request) => {
    const admin = await requireRole(request, 'admin');
    const id = pathId(request, 'Booking not found');
    const fields = parseInput(quotationFieldsSchema, request.body, 'body');
    return quoteBooking(request.ctx, { id, ...fields }, admin.id);
  });
};
