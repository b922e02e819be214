import { createHmac } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { whatsappConsents, whatsappOutbox } from '../../src/server/db/schema';
import { enqueueWhatsApp } from '../../src/server/modules/messages/whatsapp-outbox';
import { setWhatsAppFetch, createWhatsAppProvider } from '../../src/server/modules/messages/providers';
import type { FetchLike } from '../../src/server/modules/messages/providers/cloud';
import { fileProvider } from '../../src/server/modules/messages/providers/file';
import { startWhatsAppWorker } from '../../src/server/modules/messages/whatsapp-worker';
import { addDays, todayInIndia } from '../../src/shared/dates';
import { setUpSuite } from './helpers/suite';

/**
 * WhatsApp as a second channel (docs/product.md#whatsapp): opt-in from the quote form with its time, template
 * messages queued with the change and sent by the worker through the Cloud API (recorded responses, never the
 * network), statuses from the signed webhook applied once and only forward, a STOP reply honoured, the
 * development provider's files, and the booking's message thread showing both channels.
 */
const SECRET = 'app-secret-for-tests';
const WAMID = 'wamid.HBgMOTE5ODI2MDEyMzQ1FQIAERgSQjNFMDQ2RkZFNzY0RjNBQzBBAA==';
const recorded = async (name: string) =>
  JSON.parse(await readFile(join(import.meta.dirname, '../fixtures/whatsapp', `${name}.json`), 'utf8')) as unknown;

const { t, admin } = setUpSuite(
  { admin: 'admin' },
  {
    env: {
      WHATSAPP_ACCESS_TOKEN: 'EAAG-test-token',
      WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
      WHATSAPP_APP_SECRET: SECRET,
      WHATSAPP_VERIFY_TOKEN: 'annapurna-verify',
      WHATSAPP_API_BASE: 'https://graph.example.test/v21.0',
    },
    timeout: 240_000,
  },
);
const sentRequests: { url: string; headers: Record<string, string>; body: unknown }[] = [];
let nextAnswer: { status: number; fixture: string } = { status: 200, fixture: 'send-accepted' };

const fakeFetch: FetchLike = async (url, init) => {
  sentRequests.push({ url, headers: init.headers, body: JSON.parse(init.body) });
  const body = (await recorded(nextAnswer.fixture)) as { messages?: { id: string }[] };
  // Every later acceptance gets an id of its own, as the Cloud API gives each message.
  if (body.messages && sentRequests.length > 1) body.messages[0]!.id = `${WAMID}.${sentRequests.length}`;
  return { ok: nextAnswer.status < 300, status: nextAnswer.status, json: async () => body };
};

beforeAll(() => {
  setWhatsAppFetch(fakeFetch);
});
afterAll(() => {
  setWhatsAppFetch(undefined);
});

const worker = () => startWhatsAppWorker(t.deps, createWhatsAppProvider(t.config.whatsapp), { poll: false });

const quote = (phone: string, optIn: boolean) =>
  t.app.inject({
    method: 'POST',
    url: '/api/quotation/instant',
    payload: {
      event_type: 'wedding',
      event_date: addDays(todayInIndia(), 60),
      guest_count: 200,
      venue_type: 'banquet',
      tier: 'premium',
      location: 'Indore',
      client_email: `guest.${phone.slice(-4)}@example.in`,
      client_name: 'Asha Verma',
      event_name: `Verma Sangeet ${phone.slice(-4)}`,
      client_phone: phone,
      whatsapp_opt_in: optIn,
    },
  });

const webhook = (body: unknown, signature?: string | null) => {
  const raw = JSON.stringify(body);
  const sig = signature === undefined ? `sha256=${createHmac('sha256', SECRET).update(raw).digest('hex')}` : signature;
  return t.app.inject({
    method: 'POST',
    url: '/api/whatsapp/webhook',
    headers: { 'content-type': 'application/json', ...(sig !== null && { 'x-hub-signature-256': sig }) },
    payload: raw,
  });
};

const statusEvent = (id: string, status: string, timestamp: string) => ({
  object: 'whatsapp_business_account',
  entry: [
    {
      id: '102290129340398',
      changes: [
        {
          field: 'messages',
          value: {
            messaging_product: 'whatsapp',
            metadata: { display_phone_number: '15550783881', phone_number_id: '106540352242922' },
            statuses: [{ id, status, timestamp, recipient_id: '919826012345' }],
          },
        },
      ],
    },
  ],
});

/**
 * An inbound text message as the Cloud API posts it. Its timestamp is the moment it is made (rounded up to the
 * second, as the API sends seconds): a reply counts against a consent given before it, so a fixed timestamp would
 * stop counting once the clock passed it.
 */
const reply = (id: string, from: string, text: string, timestamp = String(Math.ceil(Date.now() / 1000))) => ({
  object: 'whatsapp_business_account',
  entry: [
    {
      id: '102290129340398',
      changes: [
        {
          field: 'messages',
          value: {
            messaging_product: 'whatsapp',
            metadata: { display_phone_number: '15550783881', phone_number_id: '106540352242922' },
            contacts: [{ profile: { name: 'Asha' }, wa_id: from }],
            messages: [{ from, id, timestamp, type: 'text', text: { body: text } }],
          },
        },
      ],
    },
  ],
});

const rowFor = async (bookingId: string) =>
  (await t.deps.db.select().from(whatsappOutbox).where(eq(whatsappOutbox.bookingId, bookingId)))[0];

describe('WhatsApp messages', () => {
  let bookingId: string;

  it('records the opt-in with its time and queues the quote for WhatsApp only when it was ticked', async () => {
    const before = Date.now();
    const res = await quote('98260 12345', true);
    expect(res.statusCode).toBe(200);
    bookingId = res.json().quote_id;
    const [consent] = await t.deps.db
      .select()
      .from(whatsappConsents)
      .where(eq(whatsappConsents.phone, '+919826012345'));
    expect(consent).toMatchObject({ optedInSource: 'quote', optedOutAt: null });
    expect(consent!.optedInAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const row = await rowFor(bookingId);
    expect(row).toMatchObject({ toPhone: '+919826012345', template: 'quote_sent', status: 'pending' });
    expect(row!.preview).toMatch(
      /^Namaste Asha Verma, your quote for Verma Sangeet 2345 is ready: ₹[\d,]+(\.\d{2})? including GST, valid until /,
    );

    const silent = await quote('98260 99999', false);
    expect(await rowFor(silent.json().quote_id)).toBeUndefined();
  }, 60_000);

  it('sends through the Cloud API from the worker, never inline, and keeps the message id', async () => {
    expect(sentRequests).toHaveLength(0);
    const result = await worker().drainOnce();
    expect(result).toMatchObject({ sent: 1, failed: 0 });
    expect(sentRequests[0]).toMatchObject({
      url: 'https://graph.example.test/v21.0/106540352242922/messages',
      headers: { authorization: 'Bearer EAAG-test-token' },
      body: {
        messaging_product: 'whatsapp',
        to: '919826012345',
        type: 'template',
        template: { name: 'quote_sent', language: { code: 'en' } },
      },
    });
    const params = (sentRequests[0]!.body as { template: { components: { parameters: { text: string }[] }[] } })
      .template.components[0]!.parameters;
    expect(params.map((p) => p.text)[0]).toBe('Asha Verma');
    expect(await rowFor(bookingId)).toMatchObject({ status: 'sent', providerMessageId: WAMID });
  });

  it('refuses an unsigned or wrongly signed webhook and changes nothing', async () => {
    const body = statusEvent(WAMID, 'delivered', '1795700100');
    expect((await webhook(body, null)).statusCode).toBe(401);
    expect((await webhook(body, `sha256=${'0'.repeat(64)}`)).statusCode).toBe(401);
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/whatsapp/webhook',
      headers: {
        'content-type': 'application/json',
        'x-hub-signature-256': `sha256=${createHmac('sha256', SECRET).update(JSON.stringify(body)).digest('hex')}`,
      },
      payload: JSON.stringify(statusEvent(WAMID, 'read', '1795700100')),
    });
    expect(tampered.statusCode).toBe(401);
    expect(tampered.json()).toEqual({ detail: 'Invalid webhook signature' });
    expect(await rowFor(bookingId)).toMatchObject({ status: 'sent', deliveredAt: null });
  });

  it('applies each status once and only forward, whatever the order and however often it is replayed', async () => {
    const delivered = statusEvent(WAMID, 'delivered', '1795700100');
    expect((await webhook(delivered)).json()).toEqual({ received: true, applied: 1, duplicates: 0 });
    expect(await rowFor(bookingId)).toMatchObject({ status: 'delivered', deliveredAt: new Date(1795700100 * 1000) });
    // The same delivery again (a provider retry, or a captured request replayed): nothing changes.
    expect((await webhook(delivered)).json()).toEqual({ received: true, applied: 0, duplicates: 1 });
    await webhook(statusEvent(WAMID, 'read', '1795700200'));
    // A late "sent" arriving after "read" does not move it back.
    await webhook(statusEvent(WAMID, 'sent', '1795700050'));
    expect(await rowFor(bookingId)).toMatchObject({ status: 'read', readAt: new Date(1795700200 * 1000) });
  });

  it('honours a STOP reply: the number is opted out, queued messages are skipped and no new ones queued', async () => {
    const db = t.deps.db;
    const queued = await db.transaction((tx) =>
      enqueueWhatsApp(tx, {
        to: '+919826012345',
        template: 'event_reminder',
        params: ['Asha Verma', 'Verma Sangeet', 'January 5th, 2027'],
        bookingId,
      }),
    );
    expect(queued).not.toBeNull();
    const stop = reply('wamid.inbound.stop.1', '919826012345', ' stop ');
    expect((await webhook(stop)).json()).toMatchObject({ applied: 1 });
    const [consent] = await db.select().from(whatsappConsents).where(eq(whatsappConsents.phone, '+919826012345'));
    expect(consent!.optedOutSource).toBe('reply');
    const [skipped] = await db.select().from(whatsappOutbox).where(eq(whatsappOutbox.id, queued!));
    expect(skipped).toMatchObject({ status: 'skipped', lastError: 'Opted out of WhatsApp' });
    const later = await db.transaction((tx) =>
      enqueueWhatsApp(tx, {
        to: '98260 12345',
        template: 'payment_received',
        params: ['Asha Verma', '₹999.00', 'Verma Sangeet'],
        bookingId,
      }),
    );
    expect(later).toBeNull();
    // The same STOP replayed after the person opted in again on a form does not undo the newer choice.
    await quote('98260 12345', true);
    expect((await webhook(stop)).json()).toMatchObject({ applied: 0, duplicates: 1 });
    const [again] = await db.select().from(whatsappConsents).where(eq(whatsappConsents.phone, '+919826012345'));
    expect(again!.optedOutAt).toBeNull();
  }, 60_000);

  it('fails a message the Cloud API refuses for good, and retries one it throttles', async () => {
    await worker().drainOnce(); // the quote queued by the opt-in above
    await quote('98260 44444', true);
    nextAnswer = { status: 400, fixture: 'send-template-missing' };
    const failed = await worker().drainOnce();
    expect(failed).toMatchObject({ failed: 1, sent: 0 });
    await quote('98260 55555', true);
    nextAnswer = { status: 429, fixture: 'send-throttled' };
    expect(await worker().drainOnce()).toMatchObject({ retried: 1 });
    nextAnswer = { status: 200, fixture: 'send-accepted' };
    const rows = await t.deps.db.select().from(whatsappOutbox).where(eq(whatsappOutbox.toPhone, '+919826044444'));
    expect(rows[0]).toMatchObject({ status: 'failed' });
    expect(rows[0]!.lastError).toContain('132001');
  }, 60_000);

  it('answers the subscription handshake only with the verify token', async () => {
    const ok = await t.app.inject({
      method: 'GET',
      url: '/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=annapurna-verify&hub.challenge=1158201444',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('1158201444');
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1',
    });
    expect(wrong.statusCode).toBe(403);
  });

  it("shows the booking's thread: the e-mail and the WhatsApp message with its delivery status", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/bookings/${bookingId}/messages`,
      headers: admin.auth,
    });
    expect(res.statusCode).toBe(200);
    const thread = res.json() as { channel: string; template: string; status: string; read_at: string | null }[];
    expect(thread.find((m) => m.channel === 'email')).toMatchObject({ template: 'quote', status: 'pending' });
    expect(thread.find((m) => m.channel === 'whatsapp' && m.template === 'quote_sent')).toMatchObject({
      status: 'read',
      read_at: new Date(1795700200 * 1000).toISOString(),
    });
    const viaTrpc = await t.caller({ token: admin.token }).admin.messages.forBooking({ booking_id: bookingId });
    expect(viaTrpc).toEqual(thread);
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/admin/bookings/00000000-0000-4000-8000-000000000000/messages',
      headers: admin.auth,
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('the development provider', () => {
  it('writes each message as a JSON file under the messages folder', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'messages-'));
    try {
      const { providerMessageId, file } = await fileProvider(dir).send({
        id: '4f0d2c1e-0000-4000-8000-000000000001',
        to: '+919826012345',
        template: 'booking_confirmed',
        params: ['Asha Verma', 'Verma Sangeet', 'January 5th, 2027'],
        preview: 'Namaste Asha Verma, your booking for Verma Sangeet on January 5th, 2027 is confirmed.',
      });
      expect(providerMessageId).toBe('file.4f0d2c1e-0000-4000-8000-000000000001');
      expect(await readdir(dir)).toEqual([expect.stringMatching(/-4f0d2c1e-0000-4000-8000-000000000001\.json$/)]);
      expect(JSON.parse(await readFile(file!, 'utf8'))).toMatchObject({
        to: '+919826012345',
        template: 'booking_confirmed',
        text: expect.stringContaining('is confirmed'),
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
