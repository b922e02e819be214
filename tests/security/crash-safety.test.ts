import { randomInt, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { addDays, todayInIndia } from '../../src/shared/dates';
import { startServer, type ServerProcess } from '../support/app-process';
import { createDatabase, postgresReachable } from './support/server-process';

/**
 * Crash safety (docs/security.md, "Crash safety") of the real server process on PostgreSQL. A driver sends
 * 1,000 instant quotes, each with its own Idempotency-Key, 20 at a time, and records every acknowledgement; the
 * server is SIGKILLed after a random number of acknowledgements (200 to 800), restarted on the same database, and
 * the driver retries every key with the same request. Then: no acknowledged quote is missing or changed, no key
 * made two bookings, and no analytics, audit, e-mail or key row exists without its booking. Three runs, each on
 * a fresh database.
 */

const RUNS = 3;
const QUOTES = 1000;
const CONCURRENCY = 20;

const pgUp = await postgresReachable();
const eventDate = addDays(todayInIndia(), 60);

const quote = (run: number, n: number) => ({
  event_type: (['wedding', 'corporate', 'birthday', 'gala'] as const)[n % 4],
  event_date: eventDate,
  guest_count: 20 + (n % 900),
  venue_type: 'banquet',
  tier: (['basic', 'premium', 'luxury'] as const)[n % 3],
  location: n % 2 ? 'Mumbai' : 'Indore',
  client_email: `crash.${run}.${n}@example.in`,
  client_name: `Guest ${n}`,
  event_name: `Crash run ${run} event ${n}`,
});

type Answer = { status: number; quoteId?: string } | { status: 0; error: string };

async function send(server: ServerProcess, key: string, body: object): Promise<Answer> {
  try {
    const res = await fetch(`${server.url}/api/quotation/instant`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    return res.ok
      ? { status: res.status, quoteId: (JSON.parse(text) as { quote_id: string }).quote_id }
      : { status: res.status };
  } catch (error) {
    return { status: 0, error: String(error) };
  }
}

/** Runs `task` over the indexes with `CONCURRENCY` workers; a worker stops when `task` returns false. */
async function drive(count: number, task: (n: number) => Promise<boolean>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) {
        if (!(await task(next++))) return;
      }
    }),
  );
}

describe.skipIf(!pgUp)(
  `crash safety: SIGKILL during 1,000 keyed quotes${pgUp ? '' : ' (skipped: PostgreSQL not reachable)'}`,
  () => {
    it.each(Array.from({ length: RUNS }, (_, i) => i + 1))(
      'run %i: 0 acknowledged quotes lost, 0 duplicates, 0 orphans',
      async (run) => {
        const db = await createDatabase(`sec_crash_${run}`);
        const dataDir = mkdtempSync(join(tmpdir(), 'sec-crash-'));
        const env = { DATABASE_URL: db.url, RATE_LIMITS: 'false' };
        const servers: ServerProcess[] = [];
        try {
          const keys = Array.from({ length: QUOTES }, () => randomUUID());
          const killAt = randomInt(200, 801);
          const acknowledged = new Map<string, string>();
          const unexpected: Answer[] = [];
          let inFlightAtKill = 0;
          let inFlight = 0;
          let killed = false;

          const first = await startServer(env, { dataDir });
          servers.push(first);
          await drive(QUOTES, async (n) => {
            if (killed) return false;
            inFlight += 1;
            const answer = await send(first, keys[n]!, quote(run, n));
            inFlight -= 1;
            if (answer.status === 200 && 'quoteId' in answer && answer.quoteId) {
              acknowledged.set(keys[n]!, answer.quoteId);
              if (acknowledged.size === killAt) {
                inFlightAtKill = inFlight;
                killed = true;
                first.child.kill('SIGKILL');
              }
            } else if (!killed) {
              unexpected.push(answer);
            }
            return true;
          });
          expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
          expect(unexpected).toEqual([]);
          expect(acknowledged.size).toBeGreaterThanOrEqual(killAt);
          expect(inFlightAtKill).toBeGreaterThan(0);

          // Keys whose quote committed before the kill, acknowledged or not.
          const [stored] = await db.sql<{ n: number }[]>`select count(*)::int as n from idempotency_keys`;
          expect(stored!.n).toBeGreaterThanOrEqual(acknowledged.size);

          const second = await startServer(env, { dataDir });
          servers.push(second);
          const retried = new Map<string, Answer>();
          await drive(QUOTES, async (n) => {
            retried.set(keys[n]!, await send(second, keys[n]!, quote(run, n)));
            return true;
          });
          const failed = [...retried.values()].filter((answer) => answer.status !== 200);
          expect(failed).toEqual([]);
          const changed = [...acknowledged].filter(
            ([key, id]) => (retried.get(key) as { quoteId?: string }).quoteId !== id,
          );
          expect(changed, 'acknowledged quotes answered differently on retry').toEqual([]);

          const ids = [...acknowledged.values()];
          const ackedBooking = db.sql`select 1 from bookings b where b.id = acked.id`;
          const [lost] = await db.sql<{ n: number }[]>`
        select count(*)::int as n from unnest(${ids}::uuid[]) as acked(id) where not exists (${ackedBooking})`;
          const [counts] = await db.sql<{ bookings: number; keys: number; keyed_bookings: number }[]>`
        select (select count(*)::int from bookings) as bookings,
               (select count(*)::int from idempotency_keys) as keys,
               (select count(distinct booking_id)::int from idempotency_keys) as keyed_bookings`;
          const [orphans] = await db.sql<{ analytics: number; audit: number; keys: number; unkeyed: number }[]>`
        select (select count(*)::int from analytics_events a where a.booking_id is not null
                  and not exists (select 1 from bookings b where b.id = a.booking_id)) as analytics,
               (select count(*)::int from audit_log l where l.entity_type = 'booking'
                  and not exists (select 1 from bookings b where b.id = l.entity_id)) as audit,
               (select count(*)::int from idempotency_keys k where k.booking_id is null
                  or not exists (select 1 from bookings b where b.id = k.booking_id)) as keys,
               (select count(*)::int from bookings b where not exists
                  (select 1 from idempotency_keys k where k.booking_id = b.id)) as unkeyed`;
          // Every booking is complete: one quotation event, one audit row and one quote e-mail each, nothing more.
          const [complete] = await db.sql<{ analytics: number; audit: number; mails: number }[]>`
        select (select count(*)::int from analytics_events where kind = 'quotation') as analytics,
               (select count(*)::int from audit_log where entity_type = 'booking') as audit,
               (select count(*)::int from email_outbox where template = 'quote') as mails`;

          console.info(
            `crash run ${run}: SIGKILL after ${acknowledged.size} ` +
              `acknowledgements with ${inFlightAtKill} requests in flight; ` +
              `${stored!.n} quotes had committed; after the retries ${counts!.bookings} bookings for ${QUOTES} keys`,
          );
          expect(lost!.n, 'acknowledged quotes missing').toBe(0);
          expect(counts).toEqual({ bookings: QUOTES, keys: QUOTES, keyed_bookings: QUOTES });
          expect(orphans).toEqual({ analytics: 0, audit: 0, keys: 0, unkeyed: 0 });
          expect(complete).toEqual({ analytics: QUOTES, audit: QUOTES, mails: QUOTES });
        } finally {
          for (const server of servers) {
            if (server.child.exitCode === null && server.child.signalCode === null) await server.stop();
          }
          rmSync(dataDir, { recursive: true, force: true });
          await db.drop();
        }
      },
      240_000,
    );
  },
);
