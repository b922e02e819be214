import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { OutgoingWhatsApp, WhatsAppProvider } from './types';

/**
 * Development: each message is written as a JSON file under DATA_DIR/messages (as e-mails are written as .eml files
 * under DATA_DIR/mail), with the template, its parameters and the text the recipient would read. Its id is
 * `file.<outbox id>`.
 */
export function fileProvider(dir: string): WhatsAppProvider {
  return {
    kind: 'file',
    async send(message: OutgoingWhatsApp) {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const stamp = new Date()
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d+Z$/, 'Z');
      const file = join(dir, `${stamp}-${message.id}.json`);
      const providerMessageId = `file.${message.id}`;
      const body = {
        provider_message_id: providerMessageId,
        outbox_id: message.id,
        to: message.to,
        template: message.template,
        params: message.params,
        text: message.preview,
      };
      // Written under a temporary name first, so a reader never sees half a message.
      await writeFile(`${file}.tmp`, `${JSON.stringify(body, null, 2)}\n`, { mode: 0o600 });
      await rename(`${file}.tmp`, file);
      return { providerMessageId, file };
    },
  };
}
