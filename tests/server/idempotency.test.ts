import { randomUUID } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsEvents, auditLog, bookings, emailOutbox, idempotencyKeys } from '../../src/server/db/schema';
import { purgeExpiredIdempotencyKeys } from '../../src/server/lib/idempotency';
import { createInstantQuote } from '../../src/server/modules/quote/quote.service';
import { addDays, todayInIndia } from '../../src/shared/dates';
import { instantQuoteInputSchema } from '../../src/shared/schemas/quote';
import { createTestApp, type TestApp } from './helpers/test-app';

/** Instant quotes with an idempotency key (docs/security.md, "Crash safety"), on both doors. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const quote = (name: string, overrides: Record<string, unknown> = {}) => ({
  event_type: 'anniversary',
  event_date: addDays(todayInIndia(), 25),
  guest_count: 80,
  venue_type: 'banquet',
  tier: 'premium',
  location: 'Bhopal',
  client_email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.in`,
  client_name: name,
  event_name: `${name} anniversary`,
  ...overrides,
});

const postQuote = (body: object, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/quotation/instant',
    payload: body,
    headers: key === undefined ? {} : { 'idempotency-key': key },
  });

const rowsFor = async (email: string) => {
  const [booked] = await t.deps.db.select({ n: count() }).from(bookings).where(eq(bookings.clientEmail, email));
  const ids = (await t.deps.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.clientEmail, email))).map(
    (row) => row.id,
  );
  const [events] = await t.deps.db
    .select({ n: count() })
    .from(analyticsEvents)
    .where(sql`${analyticsEvents.bookingId} in (select id from bookings where client_email = ${email})`);
  const [mails] = await t.deps.db.select({ n: count() }).from(emailOutbox).where(eq(emailOutbox.toAddress, email));
  const [audits] = await t.deps.db
    .select({ n: count() })
    .from(auditLog)
    .where(sql`${auditLog.entityId} in (select id from bookings where client_email = ${email})`);
  return { bookings: booked!.n, ids, events: events!.n, mails: mails!.n, audits: audits!.n };
};

describe('Idempotency-Key on POST /api/quotation/instant', () => {
  it('answers a retry with the first answer and writes nothing more', async () => {
    const key = randomUUID();
    const body = quote('Lata Kulkarni');
    const first = await postQuote(body, key);
    expect(first.statusCode).toBe(200);
    // Same request, typed differently (spaces, case): the same parsed request, so a retry.
    const retry = await postQuote({ ...body, client_email: ` ${body.client_email.toUpperCase()} ` }, key);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect(await rowsFor(body.client_email)).toEqual({
      bookings: 1,
      ids: [first.json().quote_id],
      events: 1,
      mails: 1,
      audits: 1,
    });
    const [stored] = await t.deps.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(stored).toMatchObject({ operation: 'quote.instant', bookingId: first.json().quote_id });
  });

  it('refuses the same key with a different request: 409 with a clear detail, nothing written', async () => {
    const key = randomUUID();
    const body = quote('Nikhil Rao');
    expect((await postQuote(body, key)).statusCode).toBe(200);
    const other = await postQuote({ ...body, guest_count: 81 }, key);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({
      detail: expect.stringMatching(/Idempotency-Key was already used for a different request/),
    });
    expect((await rowsFor(body.client_email)).bookings).toBe(1);
  });

  it('without a key behaves as before, and a new key is a new request', async () => {
    const body = quote('Farah Khan');
    const a = await postQuote(body);
    const b = await postQuote(body, randomUUID());
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    // The same event again while its quote is valid updates that booking (docs/decisions.md, "Quote = booking").
    expect(b.json().quote_id).toBe(a.json().quote_id);
  });

  it('serialises concurrent requests with one key: one booking, every answer the same', async () => {
    const key = randomUUID();
    const body = quote('Gurpreet Singh');
    const answers = await Promise.all(Array.from({ length: 20 }, () => postQuote(body, key)));
    expect(answers.map((res) => res.statusCode)).toEqual(Array(20).fill(200));
    // One answer, field for field (a replay comes back from the stored JSON, so key order may differ).
    for (const res of answers) expect(res.json()).toEqual(answers[0]!.json());
    expect((await rowsFor(body.client_email)).bookings).toBe(1);
  });

  it('holds when the concurrent requests reach the service at once: every caller gets the first answer', async () => {
    // The door staggers requests (parsing, rate limits); called directly, each of these transactions sends its reads
    // while the first one still holds the key's lock, so a read sent ahead of the lock would miss the stored answer.
    for (let round = 0; round < 5; round++) {
      const key = randomUUID();
      const body = quote(`Concurrent ${round}`);
      const requester = { ip: '203.0.113.9', userAgent: 'test', user: null };
      const answers = await Promise.allSettled(
        Array.from({ length: 12 }, () =>
          createInstantQuote(t.deps, instantQuoteInputSchema.parse(body), requester, { idempotencyKey: key }),
        ),
      );
      expect(answers.filter((answer) => answer.status === 'rejected')).toEqual([]);
      const ids = answers.map((answer) => (answer.status === 'fulfilled' ? answer.value.quote_id : null));
      expect(new Set(ids).size).toBe(1);
      expect((await rowsFor(body.client_email)).bookings).toBe(1);
    }
  });

  it('validates the key: 422 naming the header', async () => {
    for (const key of ['', 'has space', 'x'.repeat(256), 'ключ']) {
      const res = await postQuote(quote('Key Check'), key);
      expect(res.statusCode, JSON.stringify(key)).toBe(422);
      expect(res.json().detail[0]).toMatchObject({
        loc: ['header', 'idempotency-key'],
        msg: expect.stringMatching(/Idempotency key/),
      });
    }
  });
});

describe('idempotency_key on tRPC quote.instant', () => {
  const call = (input: object) => t.app.inject({ method: 'POST', url: '/api/trpc/quote.instant', payload: input });

  it('shares the key space with REST: the same key and request get the first answer', async () => {
    const key = randomUUID();
    const body = quote('Sanjay Verma');
    const rest = await postQuote(body, key);
    const trpc = await call({ ...body, idempotency_key: key });
    expect(trpc.statusCode).toBe(200);
    expect(trpc.json().result.data).toEqual(rest.json());
    const again = await t.caller().quote.instant({ ...body, idempotency_key: key } as never);
    expect(again).toEqual(rest.json());
    expect((await rowsFor(body.client_email)).bookings).toBe(1);
  });

  it('answers CONFLICT for the same key with another request, BAD_REQUEST for a malformed key', async () => {
    const key = randomUUID();
    const body = quote('Ritu Bansal');
    expect((await call({ ...body, idempotency_key: key })).statusCode).toBe(200);
    const conflict = await call({ ...body, tier: 'luxury', idempotency_key: key });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().error.data.code).toBe('CONFLICT');
    expect(conflict.json().error.message).toMatch(/already used for a different request/);
    const bad = await call({ ...body, idempotency_key: 'two words' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('retention', () => {
  it('forgets keys after 7 days; the bookings stay', async () => {
    const key = randomUUID();
    const body = quote('Old Key');
    const res = await postQuote(body, key);
    const inEightDays = new Date(Date.now() + 8 * 24 * 60 * 60 * 1000);
    expect(await purgeExpiredIdempotencyKeys(t.deps.db, inEightDays)).toBeGreaterThanOrEqual(1);
    expect(await t.deps.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toEqual([]);
    expect((await rowsFor(body.client_email)).ids).toEqual([res.json().quote_id]);
  });
});
