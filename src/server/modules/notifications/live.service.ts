import type { LiveEventDto } from '../../../shared/schemas/notifications';
import type { AuthUser } from '../auth/auth.service';
import { actingSupplierId, assertAdminMayAct } from '../auth/auth.service';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/search';
import type { ServiceDeps } from '../../context';
import { adminInbox, cursorOf, inboxSince, latestOf, supplierInbox, unreadCount, type Inbox } from './inbox';
import type { LiveFeed } from './live-feed';

/**
 * Rows are stamped with their transaction's start, so one that commits late can carry an earlier time than a row
 * already sent: each read looks back this far before the cursor and skips what was sent.
 */
const LATE_COMMIT_MS = 10_000;
/** Read again now and then even without a wake-up: a safety net under LISTEN. */
const IDLE_RECHECK_MS = 30_000;
const BATCH = 100;
/** Ids remembered as sent (for the look-back); older ones are far behind the cursor. */
const SENT_MEMORY = 500;

/** The inbox of whoever asks: an admin's or an approved supplier's; customers have none (403). */
export function inboxOf(user: AuthUser): Inbox {
  if (user.role === 'admin') {
    assertAdminMayAct(user);
    return adminInbox(user.id);
  }
  if (user.role === 'supplier') return supplierInbox(actingSupplierId(user));
  throw new AppError('FORBIDDEN');
}

/**
 * One event and the id a client resumes from: the notification's own id, or for the other events the newest
 * notification the stream has passed (`start` before any).
 */
export type LiveEvent = { id: string; event: LiveEventDto };

/**
 * The live notification stream of one inbox (docs/product.md#live-alerts, docs/architecture.md "Live
 * notifications"): a snapshot with the unread count, then every notification that lands in the inbox, each with its
 * id so a client that lost the connection resumes after the last one it got (`lastEventId`): what arrived in
 * between is sent first. Delivery is at least once (a resumed stream may repeat a notification sent just before
 * the drop); clients keep notifications by id. Ends when `signal` aborts or the app shuts down.
 */
export async function* liveInbox(
  deps: ServiceDeps,
  feed: LiveFeed | null,
  inbox: Inbox,
  lastEventId: string | null | undefined,
  signal: AbortSignal,
): AsyncGenerator<LiveEvent> {
  if (!feed) throw new AppError('UNAVAILABLE', 'Live updates are not available');
  const { db } = deps;
  let pending = true;
  let wakeUp: (() => void) | null = null;
  const wake = () => {
    pending = true;
    wakeUp?.();
  };
  const unsubscribe = feed.subscribe(inbox.key, wake);
  const stop = AbortSignal.any([signal, feed.closing]);
  stop.addEventListener('abort', wake);
  try {
    // A resumed stream starts where the client left off; a new one after the newest notification there is.
    const resumed = lastEventId && isUuid(lastEventId) ? await cursorOf(db, inbox, lastEventId) : null;
    const start = resumed ?? (await latestOf(db, inbox));
    let cursor = start?.createdAt ?? new Date(0);
    const sent: string[] = resumed
      ? [resumed.id]
      : start
        ? (await inboxSince(db, inbox, new Date(cursor.getTime() - LATE_COMMIT_MS), SENT_MEMORY)).map((n) => n.id)
        : [];
    let lastId = start?.id ?? 'start';
    let unread = await unreadCount(db, inbox);
    yield { id: lastId, event: { type: 'snapshot', unread } };

    while (!stop.aborted) {
      if (!pending) {
        // The wait ends on a wake-up (which the abort also sends) or the idle re-check, whichever comes first.
        let timer: NodeJS.Timeout | undefined;
        await new Promise<void>((resolve) => {
          wakeUp = resolve;
          timer = setTimeout(resolve, IDLE_RECHECK_MS);
          timer.unref();
        });
        clearTimeout(timer);
        wakeUp = null;
        if (stop.aborted) break;
      }
      pending = false;
      const rows = await inboxSince(db, inbox, new Date(cursor.getTime() - LATE_COMMIT_MS), BATCH, sent);
      const count = await unreadCount(db, inbox);
      for (const notification of rows) {
        sent.push(notification.id);
        const at = new Date(notification.created_at);
        if (at > cursor) cursor = at;
        lastId = notification.id;
        yield { id: notification.id, event: { type: 'notification', unread: count, notification } };
      }
      if (sent.length > SENT_MEMORY) sent.splice(0, sent.length - SENT_MEMORY);
      if (rows.length === BATCH) pending = true;
      if (rows.length === 0 && count !== unread) yield { id: lastId, event: { type: 'unread', unread: count } };
      unread = count;
    }
  } finally {
    stop.removeEventListener('abort', wake);
    unsubscribe();
  }
}
