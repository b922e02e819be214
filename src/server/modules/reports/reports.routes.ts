import type { FastifyPluginAsync } from 'fastify';
import { reportQuerySchema } from '../../../shared/schemas/reports';
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
 * Spec section 7, admin only: `GET /api/dashboard/stats` and `GET /api/admin/reports/{summary, customers,
 * vendors, city-wise, event-type-wise}`, plus `weekly` for the Analytics chart. The two row reports are bare
 * arrays of at most 500 rows (`?limit&offset`, total in `X-Total-Count`); the city and event-type reports are
 * objects keyed by city and event type.
 */
export const reportsRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', async (request) => {
    await requireRole(request, 'admin');
  });

  app.get('/dashboard/stats', async (request) => dashboardStats(request.ctx));
  app.get('/admin/reports/summary', async (request) => reportsSummary(request.ctx));
  app.get('/admin/reports/customers', async (request, reply) =>
    withTotal(reply, await customerReport(request.ctx, parseInput(reportQuerySchema, request.query, 'query'))),
  );
  app.get('/admin/reports/vendors', async (request, reply) =>
    withTotal(reply, await vendorReport(request.ctx, parseInput(reportQuerySchema, request.query, 'query'))),
  );
  app.get('/admin/reports/city-wise', async (request) => cityWiseReport(request.ctx));
  app.get('/admin/reports/event-type-wise', async (request) => eventTypeWiseReport(request.ctx));
  app.get('/admin/reports/weekly', async (request) => weeklyTrend(request.ctx));
};
