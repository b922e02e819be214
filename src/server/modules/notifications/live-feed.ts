import { afterCommit } from '../../db/after-commit';
import type { Database, DatabaseHandle, Executor } from '../../db/client';
import { setMaxListeners } from 'node:events';
import { sql, type SQL } from 'drizzle-orm';

/** The PostgreSQL channel every instance listens on (docs/architecture.md, "Live notifications"). */
export const INBOX_CHANNEL = 'inbox_changed';

/** An inbox's key on the channel: a supplier's (`s:<supplier id>`) or an admin's (`u:<user id>`). */
export type InboxKey = `s:${string}` | `u:${string}`;

/**
 * Tells every instance that these inboxes changed (a notification added or read), once the caller's transaction has
 * committed, and never when it rolls back: a woken stream reads its new rows, so it must find them there.
 *
 * The wake-up is a NOTIFY of its own after the commit, not a statement of the transaction. A transaction that
 * notifies holds PostgreSQL's database-wide notify lock from its commit until the commit is on disk, so notifying
 * transactions commit one after another, and every instant quote alerts the admins (docs/decisions.md, "Live
 * wake-ups after the commit"). Each database object sends its wake-ups in order, one NOTIFY at a time; the inboxes
 * woken while one is on its way go together in the next.
 */
export function wakeAfterCommit(tx: Executor, keys: Iterable<InboxKey>): void {
  const unique = [...new Set(keys)];
  if (unique.length > 0) afterCommit(tx, (db) => senderFor(db)(unique));
}

/** The statement that wakes these inboxes, each once, however many there are. */
function notifyStatement(keys: InboxKey[]): SQL {
  const list = JSON.stringify(keys);
  return sql`select pg_notify(${INBOX_CHANNEL}, key) from json_array_elements_text(${list}::json) as key`;
}

const senders = new WeakMap<Database, (keys: InboxKey[]) => void>();

function senderFor(db: Database): (keys: InboxKey[]) => void {
  let send = senders.get(db);
  if (!send) senders.set(db, (send = wakeUpSender(db)));
  return send;
}

/**
 * Sends wake-ups one NOTIFY at a time, gathering what comes in meanwhile. A NOTIFY that fails (the database gone)
 * is reported and dropped: the rows are stored, and a dashboard shows them when it next reads its inbox.
 */
function wakeUpSender(db: Database): (keys: InboxKey[]) => void {
  const pending = new Set<InboxKey>();
  let sending = false;
  const sendPending = async () => {
    sending = true;
    while (pending.size > 0) {
      const keys = [...pending];
      pending.clear();
      try {
        await db.execute(notifyStatement(keys));
      } catch (error) {
        process.emitWarning(`live feed: ${keys.length} inbox wake-ups not sent (${String(error)})`);
      }
    }
    sending = false;
  };
  return (keys) => {
    for (const key of keys) pending.add(key);
    if (!sending) void sendPending();
  };
}

type Log = { warn(obj: object, msg: string): void };

/**
 * This instance's side of the channel: one LISTEN (a dedicated connection on PostgreSQL, the embedded database's
 * own listener on PGlite) fanned out to the streams open here. A payload names only the inbox; a woken stream reads
 * its new rows from the database, so a missed or repeated wake-up loses nothing. After a reconnect every stream is
 * woken, because notifications sent while the connection was down are gone.
 */
export type LiveFeed = {
  subscribe(key: InboxKey, wake: () => void): () => void;
  /** Fires when the app shuts down: open streams end so the server can close. */
  readonly closing: AbortSignal;
  close(): Promise<void>;
};

export async function startLiveFeed(database: DatabaseHandle, log?: Log): Promise<LiveFeed> {
  const listeners = new Map<string, Set<() => void>>();
  const closing = new AbortController();
  // Every open stream listens for the shutdown: as many listeners as streams, not a leak.
  setMaxListeners(0, closing.signal);
  const wakeAll = () => {
    for (const set of listeners.values()) for (const wake of set) wake();
  };
  const dispatch = (payload: string) => {
    const set = listeners.get(payload);
    if (set) for (const wake of set) wake();
  };

  let stop: () => Promise<void>;
  if (database.kind === 'postgres') {
    let connected = false;
    const { unlisten } = await database.client.listen(INBOX_CHANNEL, dispatch, () => {
      // The first call is the initial LISTEN; later ones follow a reconnect.
      if (connected) {
        log?.warn({}, 'live feed reconnected; waking every stream');
        wakeAll();
      }
      connected = true;
    });
    stop = unlisten;
  } else {
    stop = await database.client.listen(INBOX_CHANNEL, dispatch);
  }

  return {
    closing: closing.signal,
    subscribe(key, wake) {
      let set = listeners.get(key);
      if (!set) listeners.set(key, (set = new Set()));
      set.add(wake);
      return () => {
        set.delete(wake);
        if (set.size === 0) listeners.delete(key);
      };
    },
    async close() {
      closing.abort();
      listeners.clear();
      await stop().catch(() => {});
    },
  };
}
