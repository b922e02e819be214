import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { whatsappOutbox } from '../../db/schema';
import { defaultRetryDelayMs, MAX_EMAIL_ATTEMPTS } from '../../mail/worker';
import type { ServiceDeps } from '../../context';
import { mayMessage } from './consent';
import { PermanentSendError, type WhatsAppProvider } from './providers';

type OutboxRow = typeof whatsappOutbox.$inferSelect;

type Log = {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

const silentLog: Log = { info() {}, warn() {}, error() {} };

export type WhatsAppWorkerOptions = {
  /** Poll for due messages in the background (default true). Tests set false and call `drainOnce()`. */
  poll?: boolean;
  pollIntervalMs?: number;
  leaseMs?: number;
  batchSize?: number;
  retryDelayMs?: (attempt: number) => number;
  log?: Log;
};

export type WhatsAppDrainResult = { sent: number; retried: number; failed: number; skipped: number };

export type WhatsAppWorker = {
  drainOnce(): Promise<WhatsAppDrainResult>;
  stop(): Promise<void>;
};

/**
 * Sends `whatsapp_outbox` rows through the provider, with the mail worker's rules (src/server/mail/worker.ts): one
 * guarded claim per row (`FOR UPDATE SKIP LOCKED`, a lease), every later write guarded by the claimed attempt, the
 * same retry delays and the same attempt limit. A number that opted out after the message was queued is skipped,
 * not sent; an answer the provider calls permanent (a bad number, an unknown template) fails at once.
 */
export function startWhatsAppWorker(
  deps: ServiceDeps,
  provider: WhatsAppProvider,
  options: WhatsAppWorkerOptions = {},
): WhatsAppWorker {
  const { db } = deps;
  const log = options.log ?? silentLog;
  const leaseMs = options.leaseMs ?? 5 * 60_000;
  const batchSize = options.batchSize ?? 50;
  const retryDelayMs = options.retryDelayMs ?? defaultRetryDelayMs;
  const pollIntervalMs = options.pollIntervalMs ?? 2_000;
  const afterMs = (ms: number) => sql`now() + make_interval(secs => ${ms / 1000})`;

  async function claimNext(): Promise<OutboxRow | undefined> {
    const due = db
      .select({ id: whatsappOutbox.id })
      .from(whatsappOutbox)
      .where(and(eq(whatsappOutbox.status, 'pending'), lte(whatsappOutbox.sendAfter, sql`now()`)))
      .orderBy(asc(whatsappOutbox.sendAfter), asc(whatsappOutbox.createdAt))
      .limit(1)
      .for('update', { skipLocked: true });
    const [row] = await db
      .update(whatsappOutbox)
      .set({ attempts: sql`${whatsappOutbox.attempts} + 1`, sendAfter: afterMs(leaseMs) })
      .where(
        and(
          eq(whatsappOutbox.id, sql`(${due})`),
          eq(whatsappOutbox.status, 'pending'),
          lte(whatsappOutbox.sendAfter, sql`now()`),
        ),
      )
      .returning();
    return row;
  }

  const ownAttempt = (row: OutboxRow) =>
    and(eq(whatsappOutbox.id, row.id), eq(whatsappOutbox.attempts, row.attempts), eq(whatsappOutbox.status, 'pending'));

  async function sendOne(row: OutboxRow): Promise<keyof WhatsAppDrainResult> {
    if (!(await mayMessage(db, row.toPhone))) {
      await db
        .update(whatsappOutbox)
        .set({ status: 'skipped', lastError: 'Opted out of WhatsApp' })
        .where(ownAttempt(row));
      return 'skipped';
    }
    let providerMessageId: string;
    try {
      ({ providerMessageId } = await provider.send({
        id: row.id,
        to: row.toPhone,
        template: row.template,
        params: row.params,
        preview: row.preview,
      }));
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
      const giveUp = error instanceof PermanentSendError || row.attempts >= MAX_EMAIL_ATTEMPTS;
      await db
        .update(whatsappOutbox)
        .set(
          giveUp
            ? { status: 'failed', lastError: message, failedAt: sql`now()` }
            : { lastError: message, sendAfter: afterMs(retryDelayMs(row.attempts)) },
        )
        .where(ownAttempt(row));
      const context = { outboxId: row.id, template: row.template, attempt: row.attempts, err: message };
      if (giveUp) log.error(context, 'WhatsApp message failed for good');
      else log.warn(context, 'WhatsApp message failed, will retry');
      return giveUp ? 'failed' : 'retried';
    }
    const marked = await db
      .update(whatsappOutbox)
      .set({ status: 'sent', providerMessageId, sentAt: sql`now()`, lastError: null })
      .where(ownAttempt(row))
      .returning({ id: whatsappOutbox.id });
    if (marked.length === 0) log.warn({ outboxId: row.id }, 'WhatsApp message sent after its lease ran out');
    log.info({ outboxId: row.id, template: row.template, provider: provider.kind }, 'WhatsApp message sent');
    return 'sent';
  }

  async function drainOnce(): Promise<WhatsAppDrainResult> {
    const result: WhatsAppDrainResult = { sent: 0, retried: 0, failed: 0, skipped: 0 };
    for (let i = 0; i < batchSize; i += 1) {
      if (stopped) break;
      const row = await claimNext();
      if (!row) break;
      result[await sendOne(row)] += 1;
    }
    return result;
  }

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  const tick = () => {
    running = drainOnce()
      .catch((error: unknown) => log.error({ err: error }, 'WhatsApp worker pass failed'))
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
