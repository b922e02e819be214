import { eq, sql } from 'drizzle-orm';
import type { AdminNotificationDto } from '../../../shared/schemas/projects';
import { notifications, projects } from '../../db/schema';
import type { ServiceDeps } from '../../context';
import { adminInbox, INBOX_ORDER, markInboxNotificationRead, markInboxRead } from '../notifications/inbox';

const MAX_NOTIFICATIONS = 50;

/**
 * `admin.notifications.list`: what needs an admin's attention (a new lead, a project closed without a supplier),
 * unread first. Each carries the booking it is about, so the dashboard can open it.
 */
export async function listAdminNotifications(deps: ServiceDeps, userId: string): Promise<AdminNotificationDto[]> {
  const rows = await deps.db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      message: notifications.message,
      projectId: notifications.projectId,
      bookingId: sql<string | null>`coalesce(${notifications.bookingId}, ${projects.bookingId})`,
      readAt: notifications.readAt,
      createdAt: notifications.createdAt,
    })
    .from(notifications)
    .leftJoin(projects, eq(projects.id, notifications.projectId))
    .where(adminInbox(userId).where)
    .orderBy(...INBOX_ORDER)
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

export function markAdminNotificationRead(deps: ServiceDeps, userId: string, input: { notification_id: string }) {
  return markInboxNotificationRead(deps, adminInbox(userId), input);
}

export function markAllAdminNotificationsRead(deps: ServiceDeps, userId: string) {
  return markInboxRead(deps, adminInbox(userId));
}
