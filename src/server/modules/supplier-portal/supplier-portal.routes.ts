import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pageInputSchema, submitQuoteInputSchema } from '../../../shared/schemas/projects';
import { assertBidAmountsPlain } from '../../lib/plain-amounts';
import {
  idParamsSchema,
  notificationReadResponseSchema,
  notificationsReadResponseSchema,
  submitQuoteResponseSchema,
  supplierDashboardResponseSchema,
  supplierNotificationsResponseSchema,
  supplierProjectsResponseSchema,
} from '../../../shared/schemas/responses';
import { parseInput, pathId, requireSupplier } from '../../lib/http';
import {
  listNotifications,
  listSupplierProjects,
  markAllNotificationsRead,
  markNotificationRead,
  submitQuote,
  supplierDashboard,
} from './supplier-portal.service';

/**
 * Supplier dashboard routes (docs/api.md `GET /supplier/notifications`, `/supplier/projects`, `POST
 * /supplier/quote-submit`).
 */
export const supplierPortalRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['supplier portal'];
  app.get(
    '/supplier/notifications',
    {
      schema: {
        summary: "The supplier's notifications, unread first",
        tags,
        response: { 200: supplierNotificationsResponseSchema },
      },
    },
    async (request) => listNotifications(request.ctx, await requireSupplier(request)),
  );

  app.post(
    '/supplier/notifications/read-all',
    { schema: { summary: 'Mark every notification read', tags, response: { 200: notificationsReadResponseSchema } } },
    async (request) => markAllNotificationsRead(request.ctx, await requireSupplier(request)),
  );

  app.post(
    '/supplier/notifications/:id/read',
    {
      schema: {
        summary: 'Mark one notification read',
        tags,
        params: idParamsSchema,
        response: { 200: notificationReadResponseSchema },
      },
    },
    async (request) => {
      const supplierId = await requireSupplier(request);
      return markNotificationRead(request.ctx, supplierId, {
        notification_id: pathId(request, 'Notification not found'),
      });
    },
  );

  app.get(
    '/supplier/projects',
    {
      schema: {
        summary: 'The projects the supplier is invited to, newest first',
        tags,
        querystring: pageInputSchema,
        response: { 200: supplierProjectsResponseSchema },
      },
    },
    async (request) => {
      const supplierId = await requireSupplier(request);
      return listSupplierProjects(request.ctx, supplierId, parseInput(pageInputSchema, request.query, 'query'));
    },
  );

  /** 201 for a first quote, 200 for a revision of the supplier's quote on the same project. */
  app.post(
    '/supplier/quote-submit',
    {
      schema: {
        summary: 'Quote on a project (201 first quote, 200 revision)',
        tags,
        body: submitQuoteInputSchema,
        response: { 200: submitQuoteResponseSchema, 201: submitQuoteResponseSchema },
      },
    },
    async (request, reply) => {
      const supplierId = await requireSupplier(request);
      assertBidAmountsPlain(request.ctx.bodyText(), 'body');
      const input = parseInput(submitQuoteInputSchema, request.body, 'body');
      const result = await submitQuote(request.ctx, supplierId, input);
      return reply.code(result.revised ? 200 : 201).send(result);
    },
  );

  app.get(
    '/supplier/dashboard',
    {
      schema: { summary: "The supplier's dashboard figures", tags, response: { 200: supplierDashboardResponseSchema } },
    },
    async (request) => supplierDashboard(request.ctx, await requireSupplier(request)),
  );
};
