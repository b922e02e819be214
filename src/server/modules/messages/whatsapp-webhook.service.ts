import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { WhatsAppStatus } from '../../../shared/domain';
import type { Transaction } from '../../db/client';
import { whatsappOutbox, whatsappWebhookEvents } from '../../db/schema';
import type { ServiceDeps } from '../../context';
import { recordOptIn, recordOptOut } from './consent';

export type WebhookOutcome = { status: number; body: Record<string, unknown> };

/** `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw body with the app secret>`, compared in constant time. */
export function verifyHubSignature(appSecret: string, header: string | undefined, rawBody: string): boolean {
  const match = header ? /^sha256=([0-9a-f]{64})$/i.exec(header.trim()) : null;
  if (!match) return false;
  const expected = createHmac('sha256', appSecret).update(rawBody, 'utf8').digest();
  return timingSafeEqual(expected, Buffer.from(match[1]!, 'hex'));
}

/** The subscription handshake: the token must match; the answer is the challenge as sent. */
export function verifySubscription(
  deps: ServiceDeps,
  query: { 'hub.mode'?: string; 'hub.verify_token'?: string; 'hub.challenge'?: string },
): string | null {
  const expected = deps.config.whatsapp.verifyToken;
  const given = query['hub.verify_token'];
  if (!expected || query['hub.mode'] !== 'subscribe' || given === undefined || !query['hub.challenge']) return null;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b) ? query['hub.challenge'] : null;
}

/** Statuses only move forward: a late "sent" never hides "read"; "delivered" after "failed" means it did arrive. */
const RANK: Record<WhatsAppStatus, number> = { pending: 0, skipped: -1, sent: 1, failed: 2, delivered: 3, read: 4 };
const PROVIDER_STATUSES = ['sent', 'delivered', 'read', 'failed'] as const;
type ProviderStatus = (typeof PROVIDER_STATUSES)[number];

const STOP_WORDS = new Set(['STOP', 'STOPALL', 'STOP ALL', 'UNSUBSCRIBE', 'OPT OUT', 'OPTOUT']);
const START_WORDS = new Set(['START', 'UNSTOP', 'SUBSCRIBE']);

type StatusEvent = { id: string; status: ProviderStatus; at: Date; error: string | null };
type InboundText = { id: string; from: string; text: string; at: Date };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const when = (value: unknown): Date => {
  const seconds = typeof value === 'string' && /^\d{1,12}$/.test(value) ? Number(value) : NaN;
  return Number.isFinite(seconds) ? new Date(seconds * 1000) : new Date();
};

/** The statuses and text messages of a Cloud API webhook body (`entry[].changes[].value`); anything else is ignored. */
function readEvents(body: unknown): { statuses: StatusEvent[]; texts: InboundText[] } | null {
  if (!isRecord(body) || !Array.isArray(body.entry)) return null;
  const statuses: StatusEvent[] = [];
  const texts: InboundText[] = [];
  for (const entry of list(body.entry)) {
    for (const change of list(isRecord(entry) ? entry.changes : undefined)) {
      const value = isRecord(change) ? change.value : undefined;
      if (!isRecord(value)) continue;
      for (const s of list(value.statuses)) {
        if (!isRecord(s) || typeof s.id !== 'string' || s.id.length > 200) continue;
        if (!PROVIDER_STATUSES.includes(s.status as ProviderStatus)) continue;
        const firstError = list(s.errors)[0];
        const error = isRecord(firstError)
          ? [firstError.code, firstError.title, firstError.message].filter((p) => p !== undefined).join(': ')
          : null;
        statuses.push({ id: s.id, status: s.status as ProviderStatus, at: when(s.timestamp), error: error || null });
      }
      for (const m of list(value.messages)) {
        if (!isRecord(m) || typeof m.id !== 'string' || typeof m.from !== 'string' || m.id.length > 200) continue;
        const text = m.type === 'text' && isRecord(m.text) && typeof m.text.body === 'string' ? m.text.body : null;
        const button =
          m.type === 'button' && isRecord(m.button) && typeof m.button.text === 'string' ? m.button.text : null;
        const said = text ?? button;
        if (said !== null) texts.push({ id: m.id, from: m.from, text: said, at: when(m.timestamp) });
      }
    }
  }
  return { statuses, texts };
}

/** Stores an event's key; false when it was already there (a provider retry or a replayed request). */
async function firstTime(tx: Transaction, key: string): Promise<boolean> {
  const stored = await tx
    .insert(whatsappWebhookEvents)
    .values({ eventKey: key })
    .onConflictDoNothing()
    .returning({ key: whatsappWebhookEvents.eventKey });
  return stored.length > 0;
}

async function applyStatus(tx: Transaction, event: StatusEvent): Promise<void> {
  const [row] = await tx
    .select({ id: whatsappOutbox.id, status: whatsappOutbox.status })
    .from(whatsappOutbox)
    .where(eq(whatsappOutbox.providerMessageId, event.id))
    .limit(1)
    .for('update');
  if (!row || RANK[event.status] <= RANK[row.status]) return;
  const stamp =
    event.status === 'delivered'
      ? { deliveredAt: event.at }
      : event.status === 'read'
        ? { readAt: event.at }
        : event.status === 'failed'
          ? { failedAt: event.at, lastError: event.error ?? 'Reported failed by WhatsApp' }
          : { sentAt: event.at };
  await tx
    .update(whatsappOutbox)
    .set({ status: event.status, ...stamp })
    .where(and(eq(whatsappOutbox.id, row.id), inArray(whatsappOutbox.status, [row.status])));
}

/**
 * `POST /api/whatsapp/webhook` (docs/product.md#whatsapp): the Cloud API's signed callbacks. The signature is checked
 * over the raw bytes before anything is read; then each status moves its message forward (never back), and a STOP
 * reply opts the number out (START opts it back in). Every event is applied once: its key is stored in the same
 * transaction, so a retried or replayed delivery changes nothing. Unknown messages and other fields are
 * acknowledged and ignored, as the provider expects a 200 for everything it may send.
 */
export async function handleWhatsAppWebhook(
  deps: ServiceDeps,
  signature: string | undefined,
  rawBody: string,
): Promise<WebhookOutcome> {
  const secret = deps.config.whatsapp.appSecret;
  if (!secret) return { status: 404, body: { detail: 'Not found' } };
  if (!verifyHubSignature(secret, signature, rawBody))
    return { status: 401, body: { detail: 'Invalid webhook signature' } };
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody);
  } catch {
    return { status: 400, body: { detail: 'Malformed webhook body' } };
  }
  const events = readEvents(parsed);
  if (!events) return { status: 400, body: { detail: 'Malformed webhook body' } };

  return deps.db.transaction(async (tx) => {
    let applied = 0;
    for (const event of events.statuses) {
      if (!(await firstTime(tx, `status:${event.id}:${event.status}:${event.at.getTime()}`))) continue;
      await applyStatus(tx, event);
      applied += 1;
    }
    for (const message of events.texts) {
      if (!(await firstTime(tx, `message:${message.id}`))) continue;
      applied += 1;
      const word = message.text.trim().toUpperCase().replace(/\s+/g, ' ');
      if (STOP_WORDS.has(word)) await recordOptOut(tx, message.from, 'reply', message.at);
      else if (START_WORDS.has(word)) await recordOptIn(tx, message.from, 'reply', message.at);
    }
    return {
      status: 200,
      body: { received: true, applied, duplicates: events.statuses.length + events.texts.length - applied },
    };
  });
}
