import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { notificationIdInputSchema } from '../../../shared/schemas/projects';
import { notifications } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { ServiceDeps } from '../../context';

/**
 * One owner's notifications, as a condition on the `notifications` table. A supplier's are addressed to its
 * supplier row; an admin's to the user, with no supplier. Every read and write below is limited to it, so another
 * owner's notification answers exactly like a missing one.
 */
export type Inbox = SQL;

export function supplierInbox(supplierId: string): Inbox {
  return eq(notifications.supplierId, supplierId);
}

export function adminInbox(userId: string): Inbox {
  return and(eq(notifications.userId, userId), isNull(notifications.supplierId))!;
}

/** The order both dashboards list in: unread first, then newest. */
export const INBOX_ORDER = [
  sql`${notifications.readAt} is null desc`,
  desc(notifications.createdAt),
  desc(notifications.id),
] as const;

/** Marks one notification of the inbox read (idempotent); another owner's, or none, is the same 404. */
export async function markInboxNotificationRead(
  deps: ServiceDeps,
  inbox: Inbox,
  input: { notification_id: string },
): Promise<{ id: string; read: true }> {
  const { notification_id: id } = notificationIdInputSchema.parse(input);
  const [row] = await deps.db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), inbox))
    .returning({ id: notifications.id });
  if (!row) throw new AppError('NOT_FOUND', 'Notification not found');
  return { id: row.id, read: true };
}

/** Marks every unread notification of the inbox read; answers how many changed. */
export async function markInboxRead(deps: ServiceDeps, inbox: Inbox): Promise<{ updated: number }> {
  const rows = await deps.db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(inbox, isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return { updated: rows.length };
}
