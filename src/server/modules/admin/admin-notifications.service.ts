import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { notificationIdInputSchema, type AdminNotificationDto } from '../../../shared/schemas/projects';
import { notifications, projects } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { ServiceDeps } from '../deps';

const MAX_NOTIFICATIONS = 50;

/** The admin's own notifications (rows addressed to the user, not to a supplier), unread first, then newest. */
function ownedBy(userId: string) {
  return and(eq(notifications.userId, userId), isNull(notifications.supplierId));
}

/**
 * `admin.notifications.list`: what needs an admin's attention, e.g. a project closed without a supplier (issue 5:
 * never silently unassigned). Each carries the booking it is about, so the dashboard can open it.
 */
export async function listAdminNotifications(deps: ServiceDeps, userId: string): Promise<AdminNotificationDto[]> {
  const rows = await deps.db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      message: notifications.message,
      projectId: notifications.projectId,
      bookingId: projects.bookingId,
      readAt: notifications.readAt,
      createdAt: notifications.createdAt,
    })
    .from(notifications)
    .leftJoin(projects, eq(projects.id, notifications.projectId))
    .where(ownedBy(userId))
    .orderBy(sql`${notifications.readAt} is null desc`, desc(notifications.createdAt), desc(notifications.id))
    .limit(MAX_NOTIFICATIONS);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    message: row.message,
    project_id: row.projectId,
    booking_id: row.bookingId,
    read: row.readAt !== null,
    created_at: row.createdAt.toISOString(),
  }));
}

/** Marks one of the admin's notifications read (idempotent); another user's, or none, is the same 404. */
export async function markAdminNotificationRead(deps: ServiceDeps, userId: string, input: { notification_id: string }): Promise<{ id: string; read: true }> {
  const { notification_id: id } = notificationIdInputSchema.parse(input);
  const [row] = await deps.db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), ownedBy(userId)))
    .returning({ id: notifications.id });
  if (!row) throw new AppError('NOT_FOUND', 'Notification not found');
  return { id: row.id, read: true };
}

export async function markAllAdminNotificationsRead(deps: ServiceDeps, userId: string): Promise<{ updated: number }> {
  const rows = await deps.db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(ownedBy(userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return { updated: rows.length };
}
