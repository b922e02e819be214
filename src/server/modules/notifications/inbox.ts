import { and, asc, count, desc, eq, gt, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { notificationIdInputSchema } from '../../../shared/schemas/projects';
import type { LiveNotificationDto } from '../../../shared/schemas/notifications';
import { rowsOf, type Executor } from '../../db/client';
import { reusableStatement, type ValueOf } from '../../db/reusable-statements';
import { insertRowsSql } from '../../db/insert-rows';
import { notifications, projects, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { ServiceDeps } from '../../context';
import { wakeAfterCommit, type InboxKey } from './live-feed';

/**
 * One owner's notifications: a condition on the `notifications` table and the key the live feed knows the inbox by.
 * A supplier's are addressed to its supplier row; an admin's to the user, with no supplier. Every read and write
 * below is limited to it, so another owner's notification answers exactly like a missing one.
 */
export type Inbox = { where: SQL; key: InboxKey };

export function supplierInbox(supplierId: string): Inbox {
  return { where: eq(notifications.supplierId, supplierId), key: `s:${supplierId}` };
}

export function adminInbox(userId: string): Inbox {
  return { where: and(eq(notifications.userId, userId), isNull(notifications.supplierId))!, key: `u:${userId}` };
}

/** The order both dashboards list in: unread first, then newest. */
export const INBOX_ORDER = [
  sql`${notifications.readAt} is null desc`,
  desc(notifications.createdAt),
  desc(notifications.id),
] as const;

type NotificationInsert = typeof notifications.$inferInsert;

/** How the live feed names a person's inbox and a supplier's: the prefix, then the id. */
const USER_INBOX = 'u:';
const SUPPLIER_INBOX = 's:';

const keyOf = (row: NotificationInsert): InboxKey | null =>
  row.supplierId ? `${SUPPLIER_INBOX}${row.supplierId}` : row.userId ? `${USER_INBOX}${row.userId}` : null;

/**
 * How a notification is written (docs/product.md#live-alerts): the rows, on the caller's transaction, and a wake-up
 * on the live feed for each inbox they land in once it commits. The admins' lead alerts (`notifyAdmins`) are the one
 * other writer, with the admins read by the insert itself.
 */
export async function addNotifications(tx: Executor, rows: NotificationInsert[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.execute(insertRowsSql(notifications, rows));
  wakeAfterCommit(
    tx,
    rows.map(keyOf).filter((key): key is InboxKey => key !== null),
  );
}

/** The accounts told of leads and of projects that need a person (`activeAdmins`, `notifyAdmins`). */
const isActiveAdmin = and(eq(users.role, 'admin'), eq(users.isActive, true));

/** Every active admin, oldest account first: the people told of leads and of projects that need a person. */
export async function activeAdmins(tx: Executor): Promise<{ id: string; email: string; fullName: string }[]> {
  return tx
    .select({ id: users.id, email: users.email, fullName: users.fullName })
    .from(users)
    .where(isActiveAdmin)
    .orderBy(asc(users.createdAt));
}

/**
 * A new lead for every active admin (docs/product.md#live-alerts): an inquiry, a new booking, a vendor application.
 * Written in the transaction that created the lead, with the admins read by the insert itself: one statement on the
 * lead's path (every instant quote takes it), not a read of the admins first. Each admin's inbox is woken once the
 * transaction commits.
 */
export async function notifyAdmins(tx: Executor, note: AdminAlert): Promise<void> {
  const added = rowsOf<{ user_id: string }>(await alertAdmins(tx, note));
  wakeAfterCommit(
    tx,
    added.map((row): InboxKey => `${USER_INBOX}${row.user_id}`),
  );
}

/** What an admin alert is about: a lead's booking, or a vendor application (one of the two, or neither). */
type AdminAlert = { kind: string; message: string; bookingId: string | null; vendorId: string | null };

// Written once (`reusableStatement`): every instant quote alerts the admins.
const alertAdmins = reusableStatement(
  (value: ValueOf<AdminAlert>) => sql`
    insert into ${notifications} (user_id, kind, message, booking_id, vendor_id)
    select ${users.id}, ${value('kind')}, ${value('message')}, ${value('bookingId')}::uuid, ${value('vendorId')}::uuid
    from ${users}
    where ${isActiveAdmin}
    returning user_id`,
);

/**
 * A vendor application has been decided: its alert is read in every admin's inbox, whoever decided it, so no
 * dashboard keeps asking for a decision already made (docs/product.md#live-alerts). Each inbox is woken on commit.
 */
export async function settleVendorAlerts(tx: Executor, vendorId: string): Promise<void> {
  const settled = await tx
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.vendorId, vendorId), isNull(notifications.readAt)))
    .returning({ userId: notifications.userId });
  wakeAfterCommit(
    tx,
    settled.flatMap((row): InboxKey[] => (row.userId ? [`${USER_INBOX}${row.userId}`] : [])),
  );
}

/** The admins' alerts that ask for a decision on a project (docs/product.md#live-alerts). */
export const PROJECT_ALERT_KINDS = {
  /** "Award by hand": the lowest bid is flagged, so the auto-assign left the project open for an admin. */
  bidsFlagged: 'project_bids_flagged',
  /** "No supplier for": the project closed without a supplier; Assign Supplier starts a new round. */
  unassigned: 'project_unassigned',
} as const;

type ProjectAlertKind = (typeof PROJECT_ALERT_KINDS)[keyof typeof PROJECT_ALERT_KINDS];

/**
 * Projects that no longer need an admin: their alerts of these kinds are read in every admin's inbox, whoever or
 * whatever settled them, in the caller's transaction, so no dashboard keeps asking for a decision already made
 * (docs/product.md#live-alerts). The projects are one project, or every project of a booking. Each inbox is woken
 * on commit.
 */
export async function settleProjectAlerts(
  tx: Executor,
  of: { projectId: string } | { bookingId: string },
  kinds: readonly ProjectAlertKind[],
): Promise<void> {
  const project =
    'projectId' in of
      ? eq(notifications.projectId, of.projectId)
      : inArray(
          notifications.projectId,
          tx.select({ id: projects.id }).from(projects).where(eq(projects.bookingId, of.bookingId)),
        );
  const settled = await tx
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(
        project,
        inArray(notifications.kind, [...kinds]),
        isNull(notifications.supplierId),
        isNull(notifications.readAt),
      ),
    )
    .returning({ userId: notifications.userId });
  wakeAfterCommit(
    tx,
    settled.flatMap((row): InboxKey[] => (row.userId ? [`${USER_INBOX}${row.userId}`] : [])),
  );
}

/** Marks one notification of the inbox read (idempotent); another owner's, or none, is the same 404. */
export async function markInboxNotificationRead(
  deps: ServiceDeps,
  inbox: Inbox,
  input: { notification_id: string },
): Promise<{ id: string; read: true }> {
  const { notification_id: id } = notificationIdInputSchema.parse(input);
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(notifications)
      .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
      .where(and(eq(notifications.id, id), inbox.where))
      .returning({ id: notifications.id });
    if (!row) throw new AppError('NOT_FOUND', 'Notification not found');
    wakeAfterCommit(tx, [inbox.key]);
    return { id: row.id, read: true as const };
  });
}

/** Marks every unread notification of the inbox read; answers how many changed. */
export async function markInboxRead(deps: ServiceDeps, inbox: Inbox): Promise<{ updated: number }> {
  return deps.db.transaction(async (tx) => {
    const rows = await tx
      .update(notifications)
      .set({ readAt: sql`now()` })
      .where(and(inbox.where, isNull(notifications.readAt)))
      .returning({ id: notifications.id });
    if (rows.length > 0) wakeAfterCommit(tx, [inbox.key]);
    return { updated: rows.length };
  });
}

/** How many of the inbox's notifications are unread: the header's count. */
export async function unreadCount(db: Executor, inbox: Inbox): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(inbox.where, isNull(notifications.readAt)));
  return Number(row?.n ?? 0);
}

/** Where a stream stands in an inbox: the newest notification it has passed. */
export type InboxCursor = { createdAt: Date; id: string };

/** The cursor of a notification of this inbox, or null when it is not one (unknown, or another owner's). */
export async function cursorOf(db: Executor, inbox: Inbox, id: string): Promise<InboxCursor | null> {
  const [row] = await db
    .select({ createdAt: notifications.createdAt, id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.id, id), inbox.where))
    .limit(1);
  return row ?? null;
}

/** The cursor of the inbox's newest notification, or null for an empty inbox. */
export async function latestOf(db: Executor, inbox: Inbox): Promise<InboxCursor | null> {
  const [row] = await db
    .select({ createdAt: notifications.createdAt, id: notifications.id })
    .from(notifications)
    .where(inbox.where)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(1);
  return row ?? null;
}

/**
 * The inbox's notifications from `since` on (inclusive), oldest first, at most `limit`, as the stream sends them.
 * The caller asks from a little before its cursor, because a transaction's rows carry its start time and may
 * commit after newer ones; it skips what it has already sent.
 */
export async function inboxSince(
  db: Executor,
  inbox: Inbox,
  since: Date,
  limit: number,
  exclude: readonly string[] = [],
): Promise<LiveNotificationDto[]> {
  const rows = await selectInboxNotifications(db)
    .where(
      and(
        inbox.where,
        or(gt(notifications.createdAt, since), eq(notifications.createdAt, since)),
        exclude.length > 0 ? sql`not (${inArray(notifications.id, [...exclude])})` : undefined,
      ),
    )
    .orderBy(asc(notifications.createdAt), asc(notifications.id))
    .limit(limit);
  return rows.map(toInboxNotificationDto);
}

/**
 * Notifications as an inbox lists them, with the booking each is about (its own, or its project's); the caller adds
 * the inbox, the order and the limit.
 */
export function selectInboxNotifications(db: Executor) {
  return db
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
    .leftJoin(projects, eq(projects.id, notifications.projectId));
}

/** One row of {@link selectInboxNotifications} as the answer shows it. */
export function toInboxNotificationDto(
  row: Awaited<ReturnType<typeof selectInboxNotifications>>[number],
): LiveNotificationDto {
  return {
    id: row.id,
    kind: row.kind,
    message: row.message,
    project_id: row.projectId,
    booking_id: row.bookingId,
    read: row.readAt !== null,
    created_at: row.createdAt.toISOString(),
  };
}
