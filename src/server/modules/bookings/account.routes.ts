import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminRefundsQuerySchema,
  changeDateFieldsSchema,
  markRefundPaidFieldsSchema,
} from '../../../shared/schemas/account';
import {
  adminRefundSchema,
  adminRefundsResponseSchema,
  cancelBookingResponseSchema,
  changeDateResponseSchema,
  customerBookingDetailSchema,
  customerBookingsResponseSchema,
  idParamsSchema,
  pdfResponse,
  refundPreviewSchema,
} from '../../../shared/schemas/responses';
import { parseInput, pathId, requireRole, sendPdf, withTotal } from '../../lib/http';
import { adminQuotePdf, myQuotePdf } from './account.pdf-access';
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
import { assertSteppedUp } from '../auth/step-up.service';

const quotePdfResponse = pdfResponse('The quote as a PDF (`Content-Disposition: attachment`)');

/**
 * REST: the customer's own bookings under `/api/me/bookings` (role customer; another customer's booking
 * is a 404 like a missing one), the quote PDF for the customer and the admin, and the admin's refunds.
 */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['account'];
  const params = idParamsSchema;
  app.get(
    '/me/bookings',
    {
      schema: {
        summary: "The customer's bookings and quotes, newest first",
        tags,
        response: { 200: customerBookingsResponseSchema },
      },
    },
    async (request) => myBookings(request.ctx, await requireRole(request, 'customer')),
  );

  app.get(
    '/me/bookings/:id',
    {
      schema: {
        summary: "One of the customer's bookings, with its timeline and payments",
        tags,
        params,
        response: { 200: customerBookingDetailSchema },
      },
    },
    async (request) => {
      const user = await requireRole(request, 'customer');
      return myBookingDetail(request.ctx, user, { id: pathId(request, BOOKING_NOT_FOUND) });
    },
  );

  app.get(
    '/me/bookings/:id/refund-preview',
    {
      schema: {
        summary: 'What cancelling now would refund (409 if it cannot be cancelled)',
        tags,
        params,
        response: { 200: refundPreviewSchema },
      },
    },
    async (request) => {
      const user = await requireRole(request, 'customer');
      return refundPreview(request.ctx, user, { id: pathId(request, BOOKING_NOT_FOUND) });
    },
  );

  app.post(
    '/me/bookings/:id/cancel',
    {
      schema: {
        summary: 'Cancel the booking; the refund follows the cancellation terms',
        tags,
        params,
        response: { 200: cancelBookingResponseSchema },
      },
    },
    async (request) => {
      const user = await requireRole(request, 'customer');
      return cancelMyBooking(request.ctx, user, { id: pathId(request, BOOKING_NOT_FOUND) });
    },
  );

  app.post(
    '/me/bookings/:id/change-date',
    {
      schema: {
        summary: 'Move the event to another date, once',
        tags,
        params,
        body: changeDateFieldsSchema,
        response: { 200: changeDateResponseSchema },
      },
    },
    async (request) => {
      const user = await requireRole(request, 'customer');
      const id = pathId(request, BOOKING_NOT_FOUND);
      const { new_date } = parseInput(changeDateFieldsSchema, request.body, 'body');
      return changeMyBookingDate(request.ctx, user, { id, new_date });
    },
  );

  app.get(
    '/me/bookings/:id/quote.pdf',
    {
      schema: {
        summary: "The quote of one of the customer's bookings as a PDF (409 without a price)",
        tags,
        params,
        response: quotePdfResponse,
      },
    },
    async (request, reply) => {
      const user = await requireRole(request, 'customer');
      return sendPdf(reply, await myQuotePdf(request.ctx, user, pathId(request, BOOKING_NOT_FOUND)));
    },
  );

  app.get(
    '/bookings/:id/quote.pdf',
    {
      schema: {
        summary: "A booking's quote as a PDF (admin; 409 without a price)",
        tags: ['bookings'],
        params,
        response: quotePdfResponse,
      },
    },
    async (request, reply) => {
      await requireRole(request, 'admin');
      return sendPdf(reply, await adminQuotePdf(request.ctx, pathId(request, BOOKING_NOT_FOUND)));
    },
  );

  app.get(
    '/admin/refunds',
    {
      schema: {
        summary: 'Refunds (total in X-Total-Count)',
        tags: ['payments'],
        querystring: adminRefundsQuerySchema,
        response: { 200: adminRefundsResponseSchema },
      },
    },
    async (request, reply) => {
      await requireRole(request, 'admin');
      return withTotal(
        reply,
        await listRefunds(request.ctx, parseInput(adminRefundsQuerySchema, request.query, 'query')),
      );
    },
  );

  app.put(
    '/admin/refunds/:id/paid',
    {
      schema: {
        summary: 'Record that a refund was paid (409 the second time)',
        tags: ['payments'],
        params,
        body: markRefundPaidFieldsSchema,
        response: { 200: adminRefundSchema },
      },
    },
    async (request) => {
      const admin = await requireRole(request, 'admin');
      await assertSteppedUp(request.ctx, admin);
      const id = pathId(request, 'Refund not found');
      const { reference } = parseInput(markRefundPaidFieldsSchema, request.body ?? {}, 'body');
      return markRefundPaid(request.ctx, { id, reference }, admin.id);
    },
  );
};
