import { randomUUID } from 'node:crypto';
import type { Executor } from '../db/client';
import { insertRows } from '../db/insert-rows';
import { emailOutbox } from '../db/schema';
import type { EmailMessage } from './templates';

/**
 * Queues a message in `email_outbox` on the caller's transaction (modules README: e-mails are written with the
 * change they announce, never sent inline), so a rolled-back change sends nothing and a committed one is sent by
 * the mail worker even if this process dies right after. `bookingId` puts the message in that booking's message
 * thread (docs/product.md#message-thread).
 */
export async function enqueueEmail(
  tx: Executor,
  message: EmailMessage,
  options: { sendAfter?: Date; bookingId?: string | null } = {},
): Promise<string> {
  const id = randomUUID();
  await insertRows(tx, emailOutbox, [
    {
      id,
      toAddress: message.to,
      subject: cleanSubject(message.subject),
      textBody: message.text,
      htmlBody: message.html,
      template: message.template,
      bookingId: options.bookingId ?? null,
      ...(options.sendAfter && { sendAfter: options.sendAfter }),
    },
  ]);
  return id;
}

/** The longest subject kept; mail programs show about this much, and a visitor's text cannot fill an inbox line. */
export const SUBJECT_MAX_LENGTH = 120;

/**
 * A subject as one plain line (docs/security.md, "Limits"): subjects quote text visitors typed (an event's or a
 * business's name), so control and format characters, line and paragraph separators are removed (no header
 * injection, no bidirectional tricks), runs of spaces become one, and it is cut at SUBJECT_MAX_LENGTH with "…".
 */
export function cleanSubject(subject: string): string {
  const line = subject
    .replace(/\p{Cf}/gu, '')
    .replace(/[\p{Cc}\u2028\u2029]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const characters = Array.from(line);
  return characters.length <= SUBJECT_MAX_LENGTH
    ? line
    : `${characters
        .slice(0, SUBJECT_MAX_LENGTH - 1)
        .join('')
        .trimEnd()}…`;
}
