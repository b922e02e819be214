import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInIndia } from '../../src/shared/dates';
import { startServer, type ServerProcess } from '../support/app-process';
import { createDatabase, postgresReachable, waitUntil, type TestDatabase } from './support/server-process';

/**
 * Graceful shutdown (docs/security.md, "Graceful shutdown") of the real server process on PostgreSQL: 200
 * requests in flight at SIGTERM all complete with 200; a request arriving afterwards is refused (a new connection
 * finds nothing listening; one on a connection that is already open gets 503 with Retry-After); the process exits
 * with code 0 within 10 s.
 *
 * To have requests truly in flight, the test locks the bookings table from its own connection before sending
 * them: every instant quote waits inside its transaction (or for a pooled connection) until the lock goes.
 */

const pgUp = await postgresReachable();

const quote = (n: number) => ({
  event_type: 'corporate',
  event_date: addDays(todayInIndia(), 45),
  guest_count: 50 + n,
  venue_type: 'banquet',
  tier: 'basic',
  location: 'Indore',
  client_email: `drain.${n}@example.in`,
  client_name: 'Drain Test',
  event_name: `Drain ${n}`,
});

const incoming = (server: ServerProcess) =>
  server
    .output()
    .split('\n')
    .filter((line) => line.includes('"incoming request"') && line.includes('/api/quotation/instant')).length;

/** When the drain's steps happened, in ms after SIGTERM: for the message of a failed assertion. */
function timeline(output: string): string {
  const lines = output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { time: number; msg: string });
  const start = lines.find((line) => line.msg.includes('SIGTERM received'))?.time ?? 0;
  const completed = lines.filter((line) => line.msg === 'request completed' && line.time >= start);
  const steps = lines.filter(
    (line) => line.time >= start && line.msg !== 'request completed' && line.msg !== 'e-mail sent',
  );
  return [
    `answers completed during the drain: ${completed.length}, ` +
      `the last at +${(completed.at(-1)?.time ?? start) - start} ms`,
    ...steps.map((line) => `+${line.time - start} ms ${line.msg}`),
  ].join('\n');
}

describe.skipIf(!pgUp)(`graceful shutdown${pgUp ? '' : ' (skipped: PostgreSQL not reachable)'}`, () => {
  let db: TestDatabase;
  let server: ServerProcess;
  beforeAll(async () => {
    db = await createDatabase('sec_shutdown');
    server = await startServer({ DATABASE_URL: db.url, LOG_LEVEL: 'info', RATE_LIMITS: 'false' });
  });
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
  });

  it('completes the 200 requests in flight at SIGTERM, refuses new ones, and exits 0 within 10 s', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    const lock = db.sql.begin(async (tx) => {
      await tx`lock table bookings in access exclusive mode`;
      locked();
      await released;
    });
    await lockTaken;

    // 200 quotes on 200 connections, all held by the lock.
    const inFlight = Array.from({ length: 200 }, (_, n) =>
      fetch(`${server.url}/api/quotation/instant`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(quote(n)),
      }).then(
        async (res) => ({ status: res.status, body: await res.text() }),
        (error: unknown) => ({ status: 0, body: String(error) }),
      ),
    );
    // One more on a raw keep-alive connection, to send a second request on it once the drain has begun.
    const socket = connect(server.port, '127.0.0.1');
    let raw = '';
    socket.on('data', (chunk) => (raw += chunk.toString()));
    const socketClosed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    const body = JSON.stringify(quote(200));
    socket.write(
      `POST /api/quotation/instant HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ` +
        `application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
    await waitUntil(() => incoming(server) === 201, 'the server to receive all 201 requests');

    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    await waitUntil(() => server.output().includes('SIGTERM received'), 'the server to start draining');

    // A request on the connection that is already open: 503 with Retry-After and the app's detail.
    socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    // A new connection: nothing listens any more (or, in the instant before the listener closes, the same 503).
    const late = await fetch(`${server.url}/api/health`).then(
      (res) => ({ status: res.status, retryAfter: res.headers.get('retry-after') }),
      (error: unknown) => ({ status: 0, error: String((error as { cause?: { code?: string } }).cause?.code ?? error) }),
    );
    if (late.status === 0)
      expect(late).toMatchObject({ error: expect.stringMatching(/ECONNREFUSED|ECONNRESET|UND_ERR_SOCKET/) });
    else expect(late).toMatchObject({ status: 503, retryAfter: expect.any(String) });

    await new Promise((resolve) => setTimeout(resolve, 500));
    release();
    await lock;

    const answers = await Promise.all(inFlight);
    const { code, signal } = await server.exited;
    const tookMs = Date.now() - signalledAt;
    const failed = answers.filter((answer) => answer.status !== 200);
    const context =
      `exit after ${tookMs} ms; first failure: ` + `${JSON.stringify(failed[0])}\n${timeline(server.output())}`;
    expect(failed.length, context).toBe(0);
    expect({ code, signal }, context).toEqual({ code: 0, signal: null });
    expect(tookMs, context).toBeLessThan(10_000);

    await socketClosed;
    const responses = [...raw.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((match) => match[1]);
    expect(responses).toEqual(['200', '503']);
    const drained = raw.slice(raw.lastIndexOf('HTTP/1.1 503'));
    expect(drained).toMatch(/retry-after: \d+/i);
    expect(drained).toMatch(/connection: close/i);
    expect(drained).toContain('"detail":"The server is restarting. Please try again in a few seconds."');

    // Every answered quote was committed, and the shutdown logged no error.
    const [committed] = await db.sql<{ n: number }[]>`select count(*)::int as n from bookings`;
    expect(committed!.n).toBe(201);
    const errors = server
      .output()
      .split('\n')
      .filter((line) => /"level":(50|60)/.test(line));
    expect(errors).toEqual([]);
  });
});
