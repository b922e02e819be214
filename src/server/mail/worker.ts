import { sql } from 'drizzle-orm';
import { emailOutbox } from '../db/schema';
import type { ServiceDeps } from '../context';
import {
  afterMs,
  claimDueRow,
  MAX_SEND_ATTEMPTS,
  ownAttempt,
  startOutboxWorker,
  type OutboxSettings,
  type OutboxWorker,
  type OutboxWorkerOptions,
} from '../lib/outbox-worker';
import type { MailAttachmentRef } from '../db/schema';
import { gstDocumentAttachment } from '../modules/gst/gst.service';
import type { MailAttachment, MailTransport } from './transport';

/** After this many failed attempts a message is marked `failed` and left for a person to look at. */
export const MAX_EMAIL_ATTEMPTS = MAX_SEND_ATTEMPTS;

type OutboxRow = typeof emailOutbox.$inferSelect;

export type MailWorkerOptions = OutboxWorkerOptions & {
  /** Makes the file an outbox row names; by default a GST document's PDF from its issued row. */
  makeAttachment?: (ref: MailAttachmentRef) => Promise<MailAttachment>;
};

export type DrainResult = { sent: number; retried: number; failed: number };

export type MailWorker = OutboxWorker<DrainResult>;

/**
 * Sends `email_outbox` rows. Several workers, in one process or many, may run against one
 * database: a row is claimed by a single guarded UPDATE whose sub-select takes the row lock with
 * `FOR UPDATE SKIP LOCKED`, and the claim pushes `send_after` past a lease so nobody else picks it up while it is
 * being sent (`claimDueRow`). Every later write is guarded by the attempt number the claim returned (`ownAttempt`),
 * so a worker that outlived its lease cannot overwrite a newer outcome. Delivery is at least once: a crash between
 * the SMTP server's "250 OK" and the update below sends that one message again after the lease (with the same
 * Message-ID).
 */
export function startMailWorker(
  deps: ServiceDeps,
  transport: MailTransport,
  options: MailWorkerOptions = {},
): MailWorker {
  const { db } = deps;
  const makeAttachment = options.makeAttachment ?? ((ref: MailAttachmentRef) => gstDocumentAttachment(deps, ref));

  async function recordFailure(
    row: OutboxRow,
    error: unknown,
    { log, retryDelayMs }: OutboxSettings,
  ): Promise<'retried' | 'failed'> {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
    const giveUp = row.attempts >= MAX_EMAIL_ATTEMPTS;
    await db
      .update(emailOutbox)
      .set(
        giveUp
          ? { status: 'failed', lastError: message }
          : { lastError: message, sendAfter: afterMs(retryDelayMs(row.attempts)) },
      )
      .where(ownAttempt(emailOutbox, row));
    const context = { outboxId: row.id, template: row.template, attempt: row.attempts, err: message };
    if (giveUp) log.error(context, 'e-mail failed for good');
    else log.warn(context, 'e-mail failed, will retry');
    return giveUp ? 'failed' : 'retried';
  }

  return startOutboxWorker('mail', options, ['sent', 'retried', 'failed'], async (settings) => {
    const row = await claimDueRow(db, emailOutbox, settings.leaseMs);
    if (!row) return null;
    let delivered: Awaited<ReturnType<MailTransport['send']>>;
    try {
      // Made at each attempt from what the row names: the outbox keeps no copy of a file.
      const attachments = await Promise.all(row.attachments.map(makeAttachment));
      delivered = await transport.send({
        id: row.id,
        to: row.toAddress,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody,
        attachments,
      });
    } catch (error) {
      return recordFailure(row, error, settings);
    }
    const marked = await db
      .update(emailOutbox)
      .set({ status: 'sent', sentAt: sql`now()`, lastError: null })
      .where(ownAttempt(emailOutbox, row))
      .returning({ id: emailOutbox.id });
    if (marked.length === 0) settings.log.warn({ outboxId: row.id }, 'e-mail sent after its lease ran out');
    settings.log.info(
      { outboxId: row.id, template: row.template, transport: transport.kind, file: delivered.file },
      'e-mail sent',
    );
    return 'sent';
  });
}
