import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';

/**
 * What the e-mail and WhatsApp outbox workers share (docs/architecture.md, "Outboxes"): the retry rule, the lease
 * arithmetic, the claim of a due row, the attempt guard on later writes and the polling loop. Each worker keeps its
 * own outcomes, because they differ by channel.
 */

/** After this many failed attempts a message is marked `failed` and left for a person to look at. */
export const MAX_SEND_ATTEMPTS = 5;

/** Waits after the 1st, 2nd, 3rd and 4th failure: a provider outage of a few hours loses nothing. */
const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000] as const;

export function defaultRetryDelayMs(attempt: number): number {
  return RETRY_DELAYS_MS[Math.min(Math.max(attempt, 1), RETRY_DELAYS_MS.length) - 1]!;
}

/** `now()` plus a number of milliseconds, in the database's clock (all workers share it). */
export const afterMs = (ms: number) => sql`now() + make_interval(secs => ${ms / 1000})`;

/** The columns the claim and the attempt guard work on; both outbox tables have them. */
export type OutboxTable = PgTable & {
  id: AnyPgColumn<{ data: string }>;
  status: AnyPgColumn<{ data: string }>;
  sendAfter: AnyPgColumn<{ data: Date }>;
  createdAt: AnyPgColumn<{ data: Date }>;
  attempts: AnyPgColumn<{ data: number }>;
};

/**
 * Claims the oldest due `pending` row of an outbox, or returns `undefined` when none is due. Several workers, in one
 * process or many, may run against one database: the row is claimed by a single guarded UPDATE whose sub-select
 * takes the row lock with `FOR UPDATE SKIP LOCKED`, and the claim pushes `send_after` past a lease so nobody else
 * picks it up while it is being sent. The claim counts the attempt; every later write is guarded by the attempt
 * number it returned (`ownAttempt`).
 */
export async function claimDueRow<Table extends OutboxTable>(
  db: Database,
  table: Table,
  leaseMs: number,
): Promise<Table['$inferSelect'] | undefined> {
  // The query is built over the columns every outbox has; the caller's table type comes back on the row.
  const outbox: OutboxTable = table;
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.status, 'pending'), lte(outbox.sendAfter, sql`now()`)))
    .orderBy(asc(outbox.sendAfter), asc(outbox.createdAt))
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await db
    .update(outbox)
    .set({ attempts: sql`${outbox.attempts} + 1`, sendAfter: afterMs(leaseMs) })
    // `id = (scalar sub-select)`, never `id IN (...)`: PostgreSQL may run an IN sub-select once per candidate
    // row, which claimed every due row at once (caught by the race test). A scalar sub-select runs once.
    .where(and(eq(outbox.id, sql`(${due})`), eq(outbox.status, 'pending'), lte(outbox.sendAfter, sql`now()`)))
    .returning();
  return row as Table['$inferSelect'] | undefined;
}

/** Only the holder of this attempt may record its outcome: the condition for every write after the claim. */
export const ownAttempt = (table: OutboxTable, row: { id: string; attempts: number }) =>
  and(eq(table.id, row.id), eq(table.attempts, row.attempts), eq(table.status, 'pending'));

export type WorkerLog = {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

const silentLog: WorkerLog = { info() {}, warn() {}, error() {} };

export type OutboxWorkerOptions = {
  /** Poll for due messages in the background (default true). Tests set false and call `drainOnce()`. */
  poll?: boolean;
  pollIntervalMs?: number;
  /** How long a claimed message is hidden from other workers while it is being sent. */
  leaseMs?: number;
  /** Most messages sent in one pass. */
  batchSize?: number;
  retryDelayMs?: (attempt: number) => number;
  log?: WorkerLog;
};

/** The options with their defaults filled in. */
export type OutboxSettings = Required<Omit<OutboxWorkerOptions, 'poll'>>;

export type OutboxWorker<Result> = {
  /** Sends every due message once (up to the batch size) and reports what happened. */
  drainOnce(): Promise<Result>;
  /** Stops polling and waits for the pass in progress; the transport stays open (its owner closes it). */
  stop(): Promise<void>;
};

/**
 * Runs an outbox: `sendNext` claims and sends one due message and says what became of it (`null` when nothing is
 * due). A pass sends up to the batch size; passes repeat every poll interval until `stop()`, which ends the pass
 * after the message in hand: the rest wait in the outbox for the next start.
 */
export function startOutboxWorker<Outcome extends string>(
  name: string,
  options: OutboxWorkerOptions,
  outcomes: readonly Outcome[],
  sendNext: (settings: OutboxSettings) => Promise<Outcome | null>,
): OutboxWorker<Record<Outcome, number>> {
  const settings: OutboxSettings = {
    pollIntervalMs: options.pollIntervalMs ?? 2_000,
    leaseMs: options.leaseMs ?? 5 * 60_000,
    batchSize: options.batchSize ?? 50,
    retryDelayMs: options.retryDelayMs ?? defaultRetryDelayMs,
    log: options.log ?? silentLog,
  };
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;

  async function drainOnce(): Promise<Record<Outcome, number>> {
    const result = Object.fromEntries(outcomes.map((outcome) => [outcome, 0])) as Record<Outcome, number>;
    for (let i = 0; i < settings.batchSize && !stopped; i += 1) {
      const outcome = await sendNext(settings);
      if (outcome === null) break;
      result[outcome] += 1;
    }
    return result;
  }

  const tick = () => {
    running = drainOnce()
      .catch((error: unknown) => settings.log.error({ err: error }, `${name} worker pass failed`))
      .finally(() => {
        running = undefined;
        if (!stopped) schedule(settings.pollIntervalMs);
      });
  };
  const schedule = (ms: number) => {
    timer = setTimeout(tick, ms);
    timer.unref();
  };
  if (options.poll ?? true) schedule(0);

  return {
    drainOnce,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
