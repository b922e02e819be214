import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { WhatsAppTemplate } from '../../../shared/domain';
import { rowsOf, type Executor } from '../../db/client';
import { insertRowsSql } from '../../db/insert-rows';
import { whatsappOutbox } from '../../db/schema';
import { consentPhone, mayMessageSql } from './consent';
import { renderTemplate, templateArity } from './whatsapp-templates';

export type WhatsAppMessage = {
  /** The person's phone as stored (any form `consentPhone` reads). */
  to: string | null;
  template: WhatsAppTemplate;
  params: string[];
  bookingId?: string | null;
};

/**
 * Queues a WhatsApp template message on the caller's transaction, as `enqueueEmail` does for e-mail (modules
 * README), so a rolled-back change sends nothing. Only to a number that has opted in and not out: for any other
 * (or none) nothing is queued and the answer is null. The WhatsApp worker sends it.
 */
export async function enqueueWhatsApp(tx: Executor, message: WhatsAppMessage): Promise<string | null> {
  const phone = message.to ? consentPhone(message.to) : null;
  if (!phone) return null;
  if (message.params.length !== templateArity(message.template)) {
    throw new Error(`WhatsApp template ${message.template} takes ${templateArity(message.template)} parameters`);
  }
  // The consent is checked by the insert itself: one statement, so a quote does not wait for a read to queue it.
  const insert = insertRowsSql(
    whatsappOutbox,
    [
      {
        id: randomUUID(),
        toPhone: phone,
        template: message.template,
        params: message.params,
        preview: renderTemplate(message.template, message.params),
        bookingId: message.bookingId ?? null,
      },
    ],
    { onlyIf: mayMessageSql(phone) },
  );
  const [row] = rowsOf<{ id: string }>(await tx.execute(sql`${insert} returning id`));
  return row?.id ?? null;
}
