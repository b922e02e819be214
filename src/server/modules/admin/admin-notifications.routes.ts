import type { FastifyPluginAsync } from 'fastify';
import { pathId, requireRole } from '../../lib/http';
import { listAdminNotifications, markAdminNotificationRead, markAllAdminNotificationsRead } from './admin-notifications.service';

/** The signed-in admin's notifications: `GET /api/admin/notifications`, mark one or all read. */
export const adminNotificationsRoutes: FastifyPluginAsync = async (app) => {
  app.get('/admin/notifications', async (request) => {
    const admin = await requireRole(request, 'admin');
    return listAdminNotifications(request.ctx, admin.id);
  });

  app.post('/admin/notifications/read-all', async (request) => {
    const admin = await requireRole(request, 'admin');
    return markAllAdminNotificationsRead(request.ctx, admin.id);
  });

  app.post('/admin/notifications/:id/read', async (request) => {
    const admin = await requireRole(request, 'admin');
    return markAdminNotificationRead(request.ctx, admin.id, { notification_id: pathId(request, 'Notification not found') });
  });
};
