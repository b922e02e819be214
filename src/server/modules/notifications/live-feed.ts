import type { DatabaseHandle, Executor } from '../../db/client';
import { setMaxListeners } from 'node:events';
import { sql, type SQL } from 'drizzle-orm';

/** The PostgreSQL channel every instance listens on (docs/architecture.md, "Live notifications"). */
export const INBOX_CHANNEL = 'inbox_changed';

/** An inbox's key on the channel: a supplier's (`s:<supplier id>`) or an admin's (`u:<user id>`). */
export type InboxKey = `s:${string}` | `u:${string}`;

/**
 * Tells every instance that an inbox changed (a notification added or read). NOTIFY is transactional: on the
 * caller's transaction it is delivered at commit, and never when the transaction rolls back.
 */
export async function announceInboxChange(db: Executor, keys: Iterable<InboxKey>): Promise<void> {
  const wake = wakeInboxes(keys);
  if (wake) await db.execute(wake);
}

/**
 * The statement that wakes these inboxes, each once, however many there are (a select, so a caller can put it
 * after a data-modifying `with`); null for none.
 */
export function wakeInboxes(keys: Iterable<InboxKey>): SQL | null {
  const unique = [...new Set(keys)];
  if (unique.length === 0) return null;
  const list = JSON.stringify(unique);
  return sql`select pg_notify(${INBOX_CHANNEL}, key) from json_array_elements_text(${list}::json) as key`;
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
