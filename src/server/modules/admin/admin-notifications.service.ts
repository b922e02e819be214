import type { AdminNotificationDto } from '../../../shared/schemas/projects';
import type { ServiceDeps } from '../../context';
import {
  adminInbox,
  INBOX_ORDER,
  markInboxNotificationRead,
  markInboxRead,
  selectInboxNotifications,
  toInboxNotificationDto,
} from '../notifications/inbox';

const MAX_NOTIFICATIONS = 50;

/**
 * `admin.notifications.list`: what needs an admin's attention (a new lead, a project closed without a supplier),
 * unread first. Each carries the booking it is about, so the dashboard can open it.
 */
export async function listAdminNotifications(deps: ServiceDeps, userId: string): Promise<AdminNotificationDto[]> {
  const rows = await selectInboxNotifications(deps.db)
    .where(adminInbox(userId).where)
    .orderBy(...INBOX_ORDER)
    .limit(MAX_NOTIFICATIONS);
  return rows.map(toInboxNotificationDto);
}

export function markAdminNotificationRead(deps: ServiceDeps, userId: string, input: { notification_id: string }) {
  return markInboxNotificationRead(deps, adminInbox(userId), input);
}

export function markAllAdminNotificationsRead(deps: ServiceDeps, userId: string) {
  return markInboxRead(deps, adminInbox(userId));
}
