import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { emailOutbox } from '../db/schema';
import type { ServiceDeps } from '../context';
import type { MailTransport } from './transport';

/** After this many failed attempts a message is marked `failed` and left for a person to look at. */
export const MAX_EMAIL_ATTEMPTS = 5;

/** Waits after the 1st, 2nd, 3rd and 4th failure: a provider outage of a few hours loses nothing. */
const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000] as const;

export function defaultRetryDelayMs(attempt: number): number {
  return RETRY_DELAYS_MS[Math.min(Math.max(attempt, 1), RETRY_DELAYS_MS.length) - 1]!;
}

type OutboxRow = typeof emailOutbox.$inferSelect;

type MailLog = {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

const silentLog: MailLog = { info() {}, warn() {}, error() {} };

export type MailWorkerOptions = {
  /** Poll for due messages in the background (default true). Tests set false and call `drainOnce()`. */
  poll?: boolean;
  pollIntervalMs?: number;
  /** How long a claimed message is hidden from other workers while it is being sent. */
  leaseMs?: number;
  /** Most messages sent in one pass. */
  batchSize?: number;
  retryDelayMs?: (attempt: number) => number;
  log?: MailLog;
};

export type DrainResult = { sent: number; retried: number; failed: number };

export type MailWorker = {
  /** Sends every due message once (up to the batch size) and reports what happened. */
  drainOnce(): Promise<DrainResult>;
  /** Stops polling and waits for the pass in progress; the transport stays open (its owner closes it). */
  stop(): Promise<void>;
};

/**
 * Sends `email_outbox` rows. Several workers, in one process or many, may run against one
 * database: a row is claimed by a single guarded UPDATE whose sub-select takes the row lock with
 * `FOR UPDATE SKIP LOCKED`, and the claim pushes `send_after` past a lease so nobody else picks it up while it is
 * being sent. Every later write is guarded by the attempt number the claim returned, so a worker that outlived its
 * lease cannot overwrite a newer outcome. Delivery is at least once: a crash between the SMTP server's "250 OK"
 * and the update below sends that one message again after the lease (with the same Message-ID).
 */
export function startMailWorker(
  deps: ServiceDeps,
  transport: MailTransport,
  options: MailWorkerOptions = {},
): MailWorker {
  const { db } = deps;
  const log = options.log ?? silentLog;
  const leaseMs = options.leaseMs ?? 5 * 60_000;
  const batchSize = options.batchSize ?? 50;
  const retryDelayMs = options.retryDelayMs ?? defaultRetryDelayMs;
  const pollIntervalMs = options.pollIntervalMs ?? 2_000;

  const afterMs = (ms: number) => sql`now() + make_interval(secs => ${ms / 1000})`;

  async function claimNext(): Promise<OutboxRow | undefined> {
    const due = db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.status, 'pending'), lte(emailOutbox.sendAfter, sql`now()`)))
      .orderBy(asc(emailOutbox.sendAfter), asc(emailOutbox.createdAt))
      .limit(1)
      .for('update', { skipLocked: true });
    const [row] = await db
      .update(emailOutbox)
      .set({ attempts: sql`${emailOutbox.attempts} + 1`, sendAfter: afterMs(leaseMs) })
      // `id = (scalar sub-select)`, never `id IN (...)`: PostgreSQL may run an IN sub-select once per candidate
      // row, which claimed every due row at once (caught by the race test). A scalar sub-select runs once.
      .where(
        and(
          eq(emailOutbox.id, sql`(${due})`),
          eq(emailOutbox.status, 'pending'),
          lte(emailOutbox.sendAfter, sql`now()`),
        ),
      )
      .returning();
    return row;
  }

  /** Only the holder of this attempt may record its outcome. */
  const ownAttempt = (row: OutboxRow) =>
    and(eq(emailOutbox.id, row.id), eq(emailOutbox.attempts, row.attempts), eq(emailOutbox.status, 'pending'));

  async function recordFailure(row: OutboxRow, error: unknown): Promise<'retried' | 'failed'> {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
    const giveUp = row.attempts >= MAX_EMAIL_ATTEMPTS;
    await db
      .update(emailOutbox)
      .set(
        giveUp
          ? { status: 'failed', lastError: message }
          : { lastError: message, sendAfter: afterMs(retryDelayMs(row.attempts)) },
      )
      .where(ownAttempt(row));
    const context = { outboxId: row.id, template: row.template, attempt: row.attempts, err: message };
    if (giveUp) log.error(context, 'e-mail failed for good');
    else log.warn(context, 'e-mail failed, will retry');
    return giveUp ? 'failed' : 'retried';
  }

  async function drainOnce(): Promise<DrainResult> {
    const result: DrainResult = { sent: 0, retried: 0, failed: 0 };
    for (let i = 0; i < batchSize; i += 1) {
      // Stopping (a shutdown) ends the pass after the message in hand; the rest wait in the outbox for the next start.
      if (stopped) break;
      const row = await claimNext();
      if (!row) break;
      let delivered: Awaited<ReturnType<MailTransport['send']>>;
      try {
        delivered = await transport.send({
          id: row.id,
          to: row.toAddress,
          subject: row.subject,
          text: row.textBody,
          html: row.htmlBody,
        });
      } catch (error) {
        result[await recordFailure(row, error)] += 1;
        continue;
      }
      const marked = await db
        .update(emailOutbox)
        .set({ status: 'sent', sentAt: sql`now()`, lastError: null })
        .where(ownAttempt(row))
        .returning({ id: emailOutbox.id });
      if (marked.length === 0) log.warn({ outboxId: row.id }, 'e-mail sent after its lease ran out');
      log.info(
        { outboxId: row.id, template: row.template, transport: transport.kind, file: delivered.file },
        'e-mail sent',
      );
      result.sent += 1;
    }
    return result;
  }

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;

  const tick = () => {
    running = drainOnce()
      .catch((error: unknown) => log.error({ err: error }, 'mail worker pass failed'))
      .finally(() => {
        running = undefined;
        if (!stopped) schedule(pollIntervalMs);
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
