import { sql } from 'drizzle-orm';
import { whatsappOutbox } from '../../db/schema';
import {
  afterMs,
  claimDueRow,
  MAX_SEND_ATTEMPTS,
  ownAttempt,
  startOutboxWorker,
  type OutboxSettings,
  type OutboxWorker,
  type OutboxWorkerOptions,
} from '../../lib/outbox-worker';
import type { ServiceDeps } from '../../context';
import { mayMessage } from './consent';
import { PermanentSendError, type WhatsAppProvider } from './providers';

type OutboxRow = typeof whatsappOutbox.$inferSelect;

export type WhatsAppWorkerOptions = OutboxWorkerOptions;

export type WhatsAppDrainResult = { sent: number; retried: number; failed: number; skipped: number };

export type WhatsAppWorker = OutboxWorker<WhatsAppDrainResult>;

/**
 * Sends `whatsapp_outbox` rows through the provider, with the mail worker's rules (src/server/lib/outbox-worker.ts and
 * src/server/mail/worker.ts): one guarded claim per row (`FOR UPDATE SKIP LOCKED`, a lease), every later write guarded
 * by the claimed attempt, the same retry delays and the same attempt limit. A number that opted out after the message
 * was queued is skipped, not sent; an answer the provider calls permanent (a bad number, an unknown template) fails at
 * once.
 */
export function startWhatsAppWorker(
  deps: ServiceDeps,
  provider: WhatsAppProvider,
  options: WhatsAppWorkerOptions = {},
): WhatsAppWorker {
  const { db } = deps;

  async function sendOne(row: OutboxRow, { log, retryDelayMs }: OutboxSettings): Promise<keyof WhatsAppDrainResult> {
    if (!(await mayMessage(db, row.toPhone))) {
      await db
        .update(whatsappOutbox)
        .set({ status: 'skipped', lastError: 'Opted out of WhatsApp' })
        .where(ownAttempt(whatsappOutbox, row));
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
      const giveUp = error instanceof PermanentSendError || row.attempts >= MAX_SEND_ATTEMPTS;
      await db
        .update(whatsappOutbox)
        .set(
          giveUp
            ? { status: 'failed', lastError: message, failedAt: sql`now()` }
            : { lastError: message, sendAfter: afterMs(retryDelayMs(row.attempts)) },
        )
        .where(ownAttempt(whatsappOutbox, row));
      const context = { outboxId: row.id, template: row.template, attempt: row.attempts, err: message };
      if (giveUp) log.error(context, 'WhatsApp message failed for good');
      else log.warn(context, 'WhatsApp message failed, will retry');
      return giveUp ? 'failed' : 'retried';
    }
    const marked = await db
      .update(whatsappOutbox)
      .set({ status: 'sent', providerMessageId, sentAt: sql`now()`, lastError: null })
      .where(ownAttempt(whatsappOutbox, row))
      .returning({ id: whatsappOutbox.id });
    if (marked.length === 0) log.warn({ outboxId: row.id }, 'WhatsApp message sent after its lease ran out');
    log.info({ outboxId: row.id, template: row.template, provider: provider.kind }, 'WhatsApp message sent');
    return 'sent';
  }

  return startOutboxWorker('WhatsApp', options, ['sent', 'retried', 'failed', 'skipped'], async (settings) => {
    const row = await claimDueRow(db, whatsappOutbox, settings.leaseMs);
    return row ? sendOne(row, settings) : null;
  });
}
