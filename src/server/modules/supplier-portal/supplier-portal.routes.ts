import type { FastifyPluginAsync } from 'fastify';
import { pageInputSchema, submitQuoteInputSchema } from '../../../shared/schemas/projects';
import { parseInput, pathId, requireSupplier } from '../../lib/http';
import {
  listNotifications,
  listSupplierProjects,
  markAllNotificationsRead,
  markNotificationRead,
  submitQuote,
  supplierDashboard,
} from './supplier-portal.service';

/** Supplier dashboard routes (spec section 7 `GET /supplier/notifications`, `/supplier/projects`, `POST /supplier/quote-submit`). */
export const supplierPortalRoutes: FastifyPluginAsync = async (app) => {
  app.get('/supplier/notifications', async (request) => listNotifications(request.ctx, await requireSupplier(request)));

  app.post('/supplier/notifications/read-all', async (request) =>
    markAllNotificationsRead(request.ctx, await requireSupplier(request)),
  );

  app.post('/supplier/notifications/:id/read', async (request) => {
    const supplierId = await requireSupplier(request);
    return markNotificationRead(request.ctx, supplierId, { notification_id: pathId(request, 'Notification not found') });
  });

  app.get('/supplier/projects', async (request) => {
    const supplierId = await requireSupplier(request);
    return listSupplierProjects(request.ctx, supplierId, parseInput(pageInputSchema, request.query, 'query'));
  });

  /** 201 for a first quote, 200 for a revision of the supplier's quote on the same project. */
  app.post('/supplier/quote-submit', async (request, reply) => {
    const supplierId = await requireSupplier(request);
    const input = parseInput(submitQuoteInputSchema, request.body, 'body');
    const result = await submitQuote(request.ctx, supplierId, input);
    return reply.code(result.revised ? 200 : 201).send(result);
  });

  app.get('/supplier/dashboard', async (request) => supplierDashboard(request.ctx, await requireSupplier(request)));
};
