import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import type { MailConfig } from '../../src/server/config';
import { emailOutbox } from '../../src/server/db/schema';
import { enqueueEmail } from '../../src/server/mail/outbox';
import { createMailTransport, type MailTransport } from '../../src/server/mail/transport';
import { MAX_EMAIL_ATTEMPTS, startMailWorker, type MailWorker } from '../../src/server/mail/worker';
import { addDays, formatLongDate, todayInIndia } from '../../src/shared/dates';
import { decodeMail, startSmtpSink, type SmtpSink } from './helpers/mail';
import { createTestApp, testConfig, type TestApp } from './helpers/test-app';
import { outboxMails } from './helpers/fixtures';

let t: TestApp;
let sink: SmtpSink;
let smtp: MailTransport;
let worker: MailWorker;

beforeAll(async () => {
  t = await createTestApp();
  sink = await startSmtpSink();
  smtp = createMailTransport({ ...t.config.mail, smtpUrl: sink.url });
  worker = startMailWorker(t.deps, smtp, { poll: false });
});
afterAll(async () => {
  await worker?.stop();
  smtp?.close();
  await sink?.close();
  await t?.close();
});
beforeEach(async () => {
  // Each test starts with an empty outbox and an empty, willing sink.
  await t.deps.db.delete(emailOutbox);
  sink.received.length = 0;
  sink.rejectNext(0);
  sink.delayMs = 0;
});

const quote = (email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/quotation/instant',
    payload: {
      event_type: 'anniversary',
      event_date: addDays(todayInIndia(), 20),
      guest_count: 120,
      venue_type: 'banquet',
      tier: 'luxury',
      location: 'Indore',
      client_email: email,
      client_name: 'Meenal Desai',
      event_name: 'Desai Silver Jubilee',
    },
  });

const outboxRow = async (id: string) => (await t.deps.db.select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0]!;
/** Makes a message that is waiting for its retry due now, instead of waiting minutes. */
const makeDue = (id: string) =>
  t.deps.db
    .update(emailOutbox)
    .set({ sendAfter: sql`now() - interval '1 second'` })
    .where(eq(emailOutbox.id, id));
const plainMessage = (to: string) => ({
  to,
  subject: `Test message for ${to}`,
  text: 'Namaste',
  html: '<p>Namaste</p>',
  template: 'quote' as const,
});

describe('mail worker over SMTP', () => {
  it('delivers the queued quote e-mail, branded, with the amount in rupees and dates in India time', async () => {
    const res = await quote('meenal.desai@example.in');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const [row] = await outboxMails(t.deps, {});

    expect(await worker.drainOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(sink.received).toHaveLength(1);
    const received = sink.received[0]!;
    expect(received.to).toEqual(['meenal.desai@example.in']);
    expect(received.from).toBe('hello@annapurna-events.in');

    const mail = decodeMail(received.raw);
    // ₹1,800 × 120 = ₹2,16,000; GST ₹38,880; total ₹2,54,880.
    expect(body.final_amount).toBe(254_880);
    expect(mail.subject).toBe(row!.subject);
    expect(mail.subject).toBe('Your instant quote for Desai Silver Jubilee: ₹2,54,880');
    expect(mail.headers.get('from')).toMatch(/^"?Annapurna Events"? <hello@annapurna-events\.in>$/);
    expect(mail.headers.get('message-id')).toBe(`<outbox-${row!.id}@annapurna-events.in>`);
    expect(mail.text).toContain('Total amount: ₹2,54,880');
    expect(mail.text).toContain('GST (18%): ₹38,880');
    expect(mail.text).toContain(`Date: ${formatLongDate(addDays(todayInIndia(), 20))}`);
    expect(mail.text).toContain(`valid until ${formatLongDate(body.valid_until)}`);
    expect(mail.text).toContain('Annapurna Hospitality Private Limited');
    expect(mail.html).toContain('₹2,54,880');
    expect(mail.html).toContain('Annapurna Events');

    expect(await outboxRow(row!.id)).toMatchObject({
      status: 'sent',
      attempts: 1,
      lastError: null,
      sentAt: expect.any(Date),
    });
    // Nothing left to do.
    expect(await worker.drainOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
  });

  it('retries a refused message with backoff and delivers it later', async () => {
    const id = await enqueueEmail(t.deps.db, plainMessage('retry.me@example.in'));
    sink.rejectNext(2);

    expect(await worker.drainOnce()).toEqual({ sent: 0, retried: 1, failed: 0 });
    let row = await outboxRow(id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row.lastError).toMatch(/451/);
    // First retry after a minute, not at once.
    expect(row.sendAfter.getTime()).toBeGreaterThan(Date.now() + 50_000);
    expect(await worker.drainOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });

    await makeDue(id);
    expect(await worker.drainOnce()).toEqual({ sent: 0, retried: 1, failed: 0 });
    row = await outboxRow(id);
    expect(row.attempts).toBe(2);
    // The second wait is longer than the first.
    expect(row.sendAfter.getTime()).toBeGreaterThan(Date.now() + 4 * 60_000);

    await makeDue(id);
    expect(await worker.drainOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(await outboxRow(id)).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
    expect(sink.received).toHaveLength(1);
    expect(decodeMail(sink.received[0]!.raw).subject).toBe('Test message for retry.me@example.in');
  });

  it(`gives up after ${MAX_EMAIL_ATTEMPTS} attempts and leaves the message marked failed`, async () => {
    const id = await enqueueEmail(t.deps.db, plainMessage('never.arrives@example.in'));
    sink.rejectNext(100);
    for (let attempt = 1; attempt <= MAX_EMAIL_ATTEMPTS; attempt += 1) {
      await makeDue(id);
      const result = await worker.drainOnce();
      expect(result).toEqual(
        attempt < MAX_EMAIL_ATTEMPTS ? { sent: 0, retried: 1, failed: 0 } : { sent: 0, retried: 0, failed: 1 },
      );
    }
    expect(await outboxRow(id)).toMatchObject({
      status: 'failed',
      attempts: MAX_EMAIL_ATTEMPTS,
      lastError: expect.stringMatching(/451/),
    });
    await makeDue(id);
    expect(await worker.drainOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(sink.received).toHaveLength(0);
  });

  it('never sends one message twice when workers race', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 12; i += 1) ids.push(await enqueueEmail(t.deps.db, plainMessage(`race.${i}@example.in`)));
    sink.delayMs = 20;
    const second = startMailWorker(t.deps, smtp, { poll: false });
    const third = startMailWorker(t.deps, smtp, { poll: false });
    const results = await Promise.all([worker.drainOnce(), second.drainOnce(), third.drainOnce(), worker.drainOnce()]);
    await Promise.all([second.stop(), third.stop()]);

    expect(results.reduce((sum, r) => sum + r.sent, 0)).toBe(12);
    expect(sink.received).toHaveLength(12);
    const outboxIds = sink.received.map((m) => decodeMail(m.raw).headers.get('x-outbox-id'));
    expect(new Set(outboxIds).size).toBe(12);
    const rows = await t.deps.db.select().from(emailOutbox).where(inArray(emailOutbox.id, ids));
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });

  it('sends nothing for a change that was rolled back', async () => {
    await t.deps.db
      .transaction(async (tx) => {
        await enqueueEmail(tx, plainMessage('rolled.back@example.in'));
        throw new Error('the business change failed');
      })
      .catch(() => {});
    expect(await worker.drainOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(sink.received).toHaveLength(0);
  });
});

describe('without SMTP_URL: .eml files under DATA_DIR/mail', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'mail-'));
  });

  const emlFiles = (dir: string) => (existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.eml')) : []);

  it('writes each message as a readable .eml file and marks it sent', async () => {
    const config: MailConfig = testConfig({ DATA_DIR: dataDir }).mail;
    expect(config.smtpUrl).toBeUndefined();
    expect(config.dir).toBe(join(dataDir, 'mail'));
    const files = createMailTransport(config);
    expect(files.kind).toBe('file');
    const fileWorker = startMailWorker(t.deps, files, { poll: false });
    try {
      await quote('file.mode@example.in');
      expect(await fileWorker.drainOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
    } finally {
      await fileWorker.stop();
      files.close();
    }
    const [name] = emlFiles(config.dir);
    expect(name).toMatch(/^\d{8}T\d{6}Z-[0-9a-f-]{36}\.eml$/);
    const path = join(config.dir, name!);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const mail = decodeMail(readFileSync(path, 'utf8'));
    expect(mail.headers.get('to')).toBe('file.mode@example.in');
    expect(mail.subject).toBe('Your instant quote for Desai Silver Jubilee: ₹2,54,880');
    expect(mail.text).toContain('Total amount: ₹2,54,880');
    const [row] = await outboxMails(t.deps, {});
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('sends the files a row names as attachments, made when it is sent; a file that cannot be made is retried', async () => {
    const files = createMailTransport(testConfig({ DATA_DIR: dataDir }).mail);
    let made = 0;
    const fileWorker = startMailWorker(t.deps, files, {
      poll: false,
      makeAttachment: async (ref) => {
        made += 1;
        if (ref.id === 'missing') throw new Error('GST document missing not found');
        return {
          filename: 'RV-26-27-00007.pdf',
          content: Buffer.from('%PDF-1.7 voucher'),
          contentType: 'application/pdf',
        };
      },
    });
    try {
      const attached = await enqueueEmail(t.deps.db, plainMessage('with.file@example.in'), {
        attachments: [{ kind: 'gst_document', id: 'voucher' }],
      });
      const broken = await enqueueEmail(t.deps.db, plainMessage('broken.file@example.in'), {
        attachments: [{ kind: 'gst_document', id: 'missing' }],
      });
      expect(await fileWorker.drainOnce()).toEqual({ sent: 1, retried: 1, failed: 0 });
      expect(made).toBe(2);
      expect(await outboxRow(attached)).toMatchObject({ status: 'sent' });
      expect(await outboxRow(broken)).toMatchObject({ status: 'pending', lastError: 'GST document missing not found' });
    } finally {
      await fileWorker.stop();
      files.close();
    }
    const dir = join(dataDir, 'mail');
    const [name] = emlFiles(dir);
    const raw = readFileSync(join(dir, name!), 'utf8');
    expect(raw).toMatch(/Content-Type: application\/pdf; name=RV-26-27-00007\.pdf/);
    expect(raw).toMatch(/Content-Disposition: attachment; filename=RV-26-27-00007\.pdf/);
    expect(raw).toContain(Buffer.from('%PDF-1.7 voucher').toString('base64'));
  });

  it('is what the app runs by default, and the worker stops with the app', async () => {
    const app = await buildApp(testConfig({ DATA_DIR: dataDir }), { database: t.database, migrate: false });
    const dir = join(dataDir, 'mail');
    try {
      expect(app.mailWorker).not.toBeNull();
      const res = await app.inject({
        method: 'POST',
        url: '/api/bookings',
        payload: {
          client_name: 'Irfan Sheikh',
          client_email: 'irfan@example.in',
          client_phone: '9893012345',
          event_type: 'private',
          event_name: 'Private Dining',
          event_date: null,
          requirements: { guest_count: 25 },
        },
      });
      expect(res.statusCode).toBe(201);
      const deadline = Date.now() + 10_000;
      while (emlFiles(dir).length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    } finally {
      await app.close();
    }
    const [name] = emlFiles(dir);
    expect(name).toBeDefined();
    const mail = decodeMail(readFileSync(join(dir, name!), 'utf8'));
    expect(mail.subject).toBe('We have received your inquiry: Private Dining');
    expect(mail.text).toContain('Dear Irfan Sheikh,');
    const [row] = await outboxMails(t.deps, {});
    expect(row).toMatchObject({ status: 'sent', template: 'inquiry_acknowledgement' });
  });
});
