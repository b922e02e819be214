import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminNotificationsResponseSchema,
  idParamsSchema,
  notificationReadResponseSchema,
  notificationsReadResponseSchema,
} from '../../../shared/schemas/responses';
import { pathId, requireRole } from '../../lib/http';
import {
  listAdminNotifications,
  markAdminNotificationRead,
  markAllAdminNotificationsRead,
} from './admin-notifications.service';

/** The signed-in admin's notifications: `GET /api/admin/notifications`, mark one or all read. */
export const adminNotificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  app.get(
    '/admin/notifications',
    { schema: { summary: "The admin's notifications", tags, response: { 200: adminNotificationsResponseSchema } } },
    async (request) => {
      const admin = await requireRole(request, 'admin');
      return listAdminNotifications(request.ctx, admin.id);
    },
  );

  app.post(
    '/admin/notifications/read-all',
    { schema: { summary: 'Mark every notification read', tags, response: { 200: notificationsReadResponseSchema } } },
    async (request) => {
      const admin = await requireRole(request, 'admin');
      return markAllAdminNotificationsRead(request.ctx, admin.id);
    },
  );

  app.post(
    '/admin/notifications/:id/read',
    {
      schema: {
        summary: 'Mark one notification read',
        tags,
        params: idParamsSchema,
        response: { 200: notificationReadResponseSchema },
      },
    },
    async (request) => {
      const admin = await requireRole(request, 'admin');
      return markAdminNotificationRead(request.ctx, admin.id, {
        notification_id: pathId(request, 'Notification not found'),
      });
    },
  );
};
