import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  collectionsCsvQuerySchema,
  collectionsQuerySchema,
  receivablesCsvQuerySchema,
  receivablesQuerySchema,
} from '../../../shared/schemas/money';
import {
  collectionsResponseSchema,
  csvResponse,
  idParamsSchema,
  receivablesResponseSchema,
  releaseDateResponseSchema,
} from '../../../shared/schemas/responses';
import { parseInput, pathId, requireRole, sendCsv } from '../../lib/http';
import { BOOKING_NOT_FOUND } from '../bookings/ownership';
import { collections, collectionsCsv } from './collections.service';
import { listReceivables, receivablesCsv, releaseBookingDate } from './receivables.service';

/**
 * docs/api.md, admin only: the money views. `GET /api/admin/receivables` and its CSV, `POST
 * /api/admin/receivables/{id}/release-date`, `GET /api/admin/collections` and its CSV.
 */
export const moneyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (request) => {
    await requireRole(request, 'admin');
  });
  const tags = ['payments'];

  app.get(
    '/admin/receivables',
    {
      schema: {
        summary: 'What each booking owes by the payment schedule, with totals over the filters',
        tags,
        querystring: receivablesQuerySchema,
        response: { 200: receivablesResponseSchema },
      },
    },
    async (request) => listReceivables(request.ctx, parseInput(receivablesQuerySchema, request.query, 'query')),
  );

  app.get(
    '/admin/receivables.csv',
    {
      schema: {
        summary: 'Receivables as a CSV file (every booking the filters match)',
        tags,
        querystring: receivablesCsvQuerySchema,
        response: csvResponse('Receivables (`Content-Disposition: attachment`)'),
      },
    },
    async (request, reply) =>
      sendCsv(reply, await receivablesCsv(request.ctx, parseInput(receivablesCsvQuerySchema, request.query, 'query'))),
  );

  app.post(
    '/admin/receivables/:id/release-date',
    {
      schema: {
        summary: "Release the date of a booking whose advance is overdue (a customer's cancellation; 409 otherwise)",
        tags,
        params: idParamsSchema,
        response: { 200: releaseDateResponseSchema },
      },
    },
    async (request) => {
      const admin = await requireRole(request, 'admin');
      return releaseBookingDate(request.ctx, { id: pathId(request, BOOKING_NOT_FOUND) }, admin.id);
    },
  );

  app.get(
    '/admin/collections',
    {
      schema: {
        summary: 'Money received by day and method, and refunds paid out, over a range of India dates',
        tags,
        querystring: collectionsQuerySchema,
        response: { 200: collectionsResponseSchema },
      },
    },
    async (request) => collections(request.ctx, parseInput(collectionsQuerySchema, request.query, 'query')),
  );

  app.get(
    '/admin/collections.csv',
    {
      schema: {
        summary: 'The ledger rows of Collections as a CSV file',
        tags,
        querystring: collectionsCsvQuerySchema,
        response: csvResponse('Collections (`Content-Disposition: attachment`)'),
      },
    },
    async (request, reply) =>
      sendCsv(reply, await collectionsCsv(request.ctx, parseInput(collectionsCsvQuerySchema, request.query, 'query'))),
  );
};
