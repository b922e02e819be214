import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { reportQuerySchema } from '../../../shared/schemas/reports';
import {
  cityWiseResponseSchema,
  customerReportResponseSchema,
  dashboardStatsResponseSchema,
  eventTypeWiseResponseSchema,
  reportsSummaryResponseSchema,
  vendorReportResponseSchema,
  weeklyTrendResponseSchema,
} from '../../../shared/schemas/responses';
import { parseInput, requireRole, withTotal } from '../../lib/http';
import {
  cityWiseReport,
  customerReport,
  dashboardStats,
  eventTypeWiseReport,
  reportsSummary,
  vendorReport,
  weeklyTrend,
} from './reports.service';

/**
 * docs/api.md, admin only: `GET /api/dashboard/stats` and `GET /api/admin/reports/{summary, customers,
 * vendors, city-wise, event-type-wise}`, plus `weekly` for the Analytics chart. The two row reports are bare
 * arrays of at most 500 rows (`?limit&offset`, total in `X-Total-Count`); the city and event-type reports are
 * objects keyed by city and event type.
 */
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (request) => {
    await requireRole(request, 'admin');
  });

  const tags = ['reports'];
  const doc = <R extends ZodType>(summary: string, response: R) => ({
    schema: { summary, tags, response: { 200: response } },
  });
  app.get('/dashboard/stats', doc('The dashboard figures', dashboardStatsResponseSchema), async (request) =>
    dashboardStats(request.ctx),
  );
  app.get(
    '/admin/reports/summary',
    doc('Visitor analytics and pending vendors', reportsSummaryResponseSchema),
    async (request) => reportsSummary(request.ctx),
  );
  app.get(
    '/admin/reports/customers',
    {
      schema: {
        summary: 'One row per booking (total in X-Total-Count)',
        tags,
        querystring: reportQuerySchema,
        response: { 200: customerReportResponseSchema },
      },
    },
    async (request, reply) =>
      withTotal(reply, await customerReport(request.ctx, parseInput(reportQuerySchema, request.query, 'query'))),
  );
  app.get(
    '/admin/reports/vendors',
    {
      schema: {
        summary: 'One row per supplier (total in X-Total-Count)',
        tags,
        querystring: reportQuerySchema,
        response: { 200: vendorReportResponseSchema },
      },
    },
    async (request, reply) =>
      withTotal(reply, await vendorReport(request.ctx, parseInput(reportQuerySchema, request.query, 'query'))),
  );
  app.get(
    '/admin/reports/city-wise',
    doc('Bookings and vendors per city, busiest first', cityWiseResponseSchema),
    async (request) => cityWiseReport(request.ctx),
  );
  app.get(
    '/admin/reports/event-type-wise',
    doc('Bookings per event type', eventTypeWiseResponseSchema),
    async (request) => eventTypeWiseReport(request.ctx),
  );
  app.get(
    '/admin/reports/weekly',
    doc('Quotes and confirmed bookings of the last 12 weeks', weeklyTrendResponseSchema),
    async (request) => weeklyTrend(request.ctx),
  );
};
