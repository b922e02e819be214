import type { FastifyPluginAsync } from 'fastify';
import { uuidSchema } from '../../../shared/schemas/common';
import { AppError } from '../../lib/errors';
import { requireRole } from '../../lib/http';
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
    const parsed = uuidSchema.safeParse((request.params as { id?: unknown }).id);
    if (!parsed.success) throw new AppError('NOT_FOUND', 'Notification not found');
    return markAdminNotificationRead(request.ctx, admin.id, { notification_id: parsed.data });
  });
};
