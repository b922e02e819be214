import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { adminRefundsQuerySchema, changeDateFieldsSchema, markRefundPaidFieldsSchema } from '../../../shared/schemas/account';
import { parseInput, pathId, requireRole, withTotal } from '../../lib/http';
import { adminQuotePdf, myQuotePdf, type QuotePdf } from './account.pdf-access';
import {
  cancelMyBooking,
  changeMyBookingDate,
  listRefunds,
  markRefundPaid,
  myBookingDetail,
  myBookings,
  refundPreview,
} from './account.service';
import { BOOKING_NOT_FOUND } from './ownership';

async function sendPdf(reply: FastifyReply, { fileName, pdf }: QuotePdf) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .send(pdf);
}

/**
 * Issue 6, REST: the customer's own bookings under `/api/me/bookings` (role customer; another customer's booking
 * is a 404 like a missing one), the quote PDF for the customer and the admin, and the admin's refunds.
 */
export const accountRoutes: FastifyPluginAsync = async (app) => {
  app.get('/me/bookings', async (request) => myBookings(request.ctx, await requireRole(request, 'customer')));

  app.get('/me/bookings/:id', async (request) => {
    const user = await requireRole(request, 'customer');
    return myBookingDetail(request.ctx, user, { id: pathId(request, BOOKING_NOT_FOUND) });
  });

  app.get('/me/bookings/:id/refund-preview', async (request) => {
    const user = await requireRole(request, 'customer');
    return refundPreview(request.ctx, user, { id: pathId(request, BOOKING_NOT_FOUND) });
  });

  app.post('/me/bookings/:id/cancel', async (request) => {
    const user = await requireRole(request, 'customer');
    return cancelMyBooking(request.ctx, user, { id: pathId(request, BOOKING_NOT_FOUND) });
  });

  app.post('/me/bookings/:id/change-date', async (request) => {
    const user = await requireRole(request, 'customer');
    const id = pathId(request, BOOKING_NOT_FOUND);
    const { new_date } = parseInput(changeDateFieldsSchema, request.body, 'body');
    return changeMyBookingDate(request.ctx, user, { id, new_date });
  });

  app.get('/me/bookings/:id/quote.pdf', async (request, reply) => {
    const user = await requireRole(request, 'customer');
    return sendPdf(reply, await myQuotePdf(request.ctx, user, pathId(request, BOOKING_NOT_FOUND)));
  });

  app.get('/bookings/:id/quote.pdf', async (request, reply) => {
    await requireRole(request, 'admin');
    return sendPdf(reply, await adminQuotePdf(request.ctx, pathId(request, BOOKING_NOT_FOUND)));
  });

  app.get('/admin/refunds', async (request, reply) => {
    await requireRole(request, 'admin');
    return withTotal(reply, await listRefunds(request.ctx, parseInput(adminRefundsQuerySchema, request.query, 'query')));
  });

  app.put('/admin/refunds/:id/paid', async (request) => {
    const admin = await requireRole(request, 'admin');
    const id = pathId(request, 'Refund not found');
    const { reference } = parseInput(markRefundPaidFieldsSchema, request.body ?? {}, 'body');
    return markRefundPaid(request.ctx, { id, reference }, admin.id);
  });
};
