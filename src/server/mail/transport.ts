import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import type { MailConfig } from '../config';

/** A file sent with a message, made in memory (never read from a path or URL). */
export type MailAttachment = { filename: string; content: Buffer; contentType: string };

/** One outbox row on its way out. */
export type OutgoingMail = {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  attachments?: MailAttachment[];
};

export type MailTransport = {
  kind: 'smtp' | 'file';
  /** Sends (or stores) one message; rejects when the server refuses it, so the worker retries. */
  send(mail: OutgoingMail): Promise<{ messageId: string; file?: string }>;
  close(): void;
};

/** Generous enough for a slow provider, short enough that a dead one does not hold the worker for minutes. */
const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 };

function domainOf(address: string): string {
  return /@([^>\s]+)>?\s*$/.exec(address)?.[1] ?? 'localhost';
}

/**
 * The same Message-ID for every attempt at one outbox row: if a crash makes the worker send a message twice,
 * mail programs can still recognise the copy.
 */
function messageOptions(config: MailConfig, mail: OutgoingMail): SendMailOptions {
  return {
    from: config.from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    ...(mail.html && { html: mail.html }),
    ...(mail.attachments?.length && { attachments: mail.attachments }),
    messageId: `<outbox-${mail.id}@${domainOf(config.from)}>`,
    headers: { 'X-Outbox-Id': mail.id },
  };
}

/**
 * `SMTP_URL` set: nodemailer over SMTP. Unset: nodemailer builds the same message and it is written as an .eml
 * file under `DATA_DIR/mail` (without a mail server messages are kept and readable). Neither transport
 * may read local files or URLs named in a message.
 */
export function createMailTransport(config: MailConfig): MailTransport {
  const safety = { disableFileAccess: true, disableUrlAccess: true };

  if (config.smtpUrl) {
    const transporter = nodemailer.createTransport({ url: config.smtpUrl, ...SMTP_TIMEOUTS, ...safety });
    return {
      kind: 'smtp',
      async send(mail) {
        const info = await transporter.sendMail(messageOptions(config, mail));
        return { messageId: info.messageId };
      },
      close: () => transporter.close(),
    };
  }

  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix', ...safety });
  return {
    kind: 'file',
    async send(mail) {
      const info = await transporter.sendMail(messageOptions(config, mail));
      await mkdir(config.dir, { recursive: true, mode: 0o700 });
      const stamp = new Date()
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d+Z$/, 'Z');
      const file = join(config.dir, `${stamp}-${mail.id}.eml`);
      // Written under a temporary name first, so a reader never sees half a message.
      await writeFile(`${file}.tmp`, info.message as Buffer, { mode: 0o600 });
      await rename(`${file}.tmp`, file);
      return { messageId: info.messageId, file };
    },
    close: () => transporter.close(),
  };
}
