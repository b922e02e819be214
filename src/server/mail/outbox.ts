import { randomUUID } from 'node:crypto';
import type { Executor } from '../db/client';
import { insertRows } from '../db/insert-rows';
import { emailOutbox, type MailAttachmentRef } from '../db/schema';
import type { EmailMessage } from './templates';

/**
 * Queues a message in `email_outbox` on the caller's transaction (modules README: e-mails are written with the
 * change they announce, never sent inline), so a rolled-back change sends nothing and a committed one is sent by
 * the mail worker even if this process dies right after. `bookingId` puts the message in that booking's message
 * thread (docs/product.md#message-thread); `attachments` names files the worker makes and sends with it.
 */
export async function enqueueEmail(
  tx: Executor,
  message: EmailMessage,
  options: { sendAfter?: Date; bookingId?: string | null; attachments?: MailAttachmentRef[] } = {},
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
      ...(options.attachments?.length && { attachments: options.attachments }),
      ...(options.sendAfter && { sendAfter: options.sendAfter }),
    },
  ]);
  return id;
}

/** The longest subject kept; mail programs show about this much, and a visitor's text cannot fill an inbox line. */
export const SUBJECT_MAX_LENGTH = 120;

/**
 * A subject as one plain line (docs/security.md, "Limits"): subjects quote text visitors typed (an event's or a
 * business's name), so control and format characters (but the joiners: see `oneLine`), line and paragraph
 * separators are removed (no header injection, no bidirectional tricks), runs of spaces become one, and it is cut
 * at SUBJECT_MAX_LENGTH with "…".
 */
export function cleanSubject(subject: string): string {
  return shortened(oneLine(subject), SUBJECT_MAX_LENGTH);
}

/**
 * A subject that quotes an event's name among fixed words and figures, e.g. "New total for <name>: ₹6,00,000
 * (A1B2C3D4)". Names may be 150 characters, more than a subject holds, so the name alone is shortened with "…" to fit
 * SUBJECT_MAX_LENGTH: the amount, date or reference after it is never cut off or cut short.
 */
export function subjectWithEventName(eventName: string, subject: (name: string) => string): string {
  const room = SUBJECT_MAX_LENGTH - Array.from(subject('')).length;
  return subject(shortened(oneLine(eventName), Math.max(room, 1)));
}

/**
 * Removes format characters (bidi overrides and isolates, zero-width spaces, BOM) but keeps the zero-width joiner
 * and non-joiner: they only shape the characters around them (👩🏽‍🍳, Indic conjuncts) and cannot break a header or
 * reorder text. Controls and line or paragraph separators become spaces.
 */
function oneLine(text: string): string {
  return text
    .replace(/(?![\u200c\u200d])\p{Cf}/gu, '')
    .replace(/[\p{Cc}\u2028\u2029]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * `text` in at most `max` characters (code points, as SUBJECT_MAX_LENGTH counts), ending in "…" when cut. The cut
 * falls between what a reader sees as one character, so an emoji sequence or a Devanagari syllable stays whole.
 */
function shortened(text: string, max: number): string {
  if (Array.from(text).length <= max) return text;
  let kept = '';
  let length = 0;
  for (const { segment } of graphemes.segment(text)) {
    const size = Array.from(segment).length;
    if (length + size > max - 1) break;
    kept += segment;
    length += size;
  }
  return `${kept.trimEnd()}…`;
}
