import type { Executor } from '../db/client';
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
  const [row] = await tx
    .insert(emailOutbox)
    .values({
      toAddress: message.to,
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html,
      template: message.template,
      bookingId: options.bookingId ?? null,
      ...(options.sendAfter && { sendAfter: options.sendAfter }),
    })
    .returning({ id: emailOutbox.id });
  return row!.id;
}
