import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { WhatsAppTemplate } from '../../../shared/domain';
import { rowsOf, type Executor } from '../../db/client';
import { insertRowsSql } from '../../db/insert-rows';
import { reusableStatement, type ValueOf } from '../../db/reusable-statements';
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
  const queued = await queueIfConsented(tx, {
    id: randomUUID(),
    toPhone: phone,
    template: message.template,
    params: message.params,
    preview: renderTemplate(message.template, message.params),
    bookingId: message.bookingId ?? null,
  });
  return rowsOf<{ id: string }>(queued)[0]?.id ?? null;
}

type QueuedRow = Required<
  Pick<typeof whatsappOutbox.$inferInsert, 'id' | 'toPhone' | 'template' | 'params' | 'preview'>
> &
  Pick<typeof whatsappOutbox.$inferInsert, 'bookingId'>;

// The consent is checked by the insert itself: one statement, so a quote does not wait for a read to queue it.
// Written once (`reusableStatement`): every instant quote with a phone queues a message.
const queueIfConsented = reusableStatement(
  (value: ValueOf<QueuedRow>) =>
    sql`${insertRowsSql(
      whatsappOutbox,
      [
        {
          id: value('id'),
          toPhone: value('toPhone'),
          template: value('template'),
          params: value('params'),
          preview: value('preview'),
          bookingId: value('bookingId'),
        },
      ],
      { onlyIf: mayMessageSql(value('toPhone')) },
    )} returning id`,
);
