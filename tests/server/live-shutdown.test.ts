import { connect, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import type { DatabaseHandle } from '../../src/server/db/client';
import { makeActor, type Actor } from './helpers/projects';
import { openSse } from './helpers/sse';
import { openTestDatabase, testConfig } from './helpers/test-app';

/**
 * Closing the app with live notification streams open (docs/decisions.md, "Closing with live streams open"): every
 * open stream ends and stops its timers (the ping, the session check), and the close waits neither for a stream
 * whose client has gone nor for a connection that never sent a request, so a shutdown does not hang on them.
 */
const config = testConfig();
let database: DatabaseHandle;
let admin: Actor;

beforeAll(async () => {
  database = await openTestDatabase();
  admin = await makeActor({ db: database.db, config }, 'admin');
}, 120_000);

afterAll(async () => {
  await database?.close();
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** An app of its own for each test, listening on a free port, since each test closes it. */
async function listeningApp(): Promise<{ app: FastifyInstance; base: string }> {
  const app = await buildApp(config, { database, migrate: false, startWorkers: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, base: `http://127.0.0.1:${(app.server.address() as { port: number }).port}` };
}

/**
 * `app.close()`, or 'still open' when it has not finished after 10 s: a bound that only tells a hang from a close
 * (an open connection keeps it waiting for a minute or more), not a measure of speed. The sockets are the test's
 * own, destroyed after a hang so the app still closes before the next test.
 */
async function closeOrHang(app: FastifyInstance, sockets: Socket[] = []): Promise<'closed' | 'still open'> {
  const closing = app.close();
  let timer: NodeJS.Timeout | undefined;
  const outcome = await Promise.race([
    closing.then(() => 'closed' as const),
    new Promise<'still open'>((resolve) => (timer = setTimeout(() => resolve('still open'), 10_000))),
  ]);
  clearTimeout(timer);
  if (outcome === 'still open') for (const socket of sockets) socket.destroy();
  await closing;
  return outcome;
}

const trpcLive = (base: string) =>
  `${base}/api/trpc/notifications.live?input=${encodeURIComponent(JSON.stringify({}))}`;

describe('closing the app with live notification streams', () => {
  it('ends every open stream, REST and tRPC, clears their timers, and closes', async () => {
    const { app, base } = await listeningApp();
    // The intervals started from here on (each stream's session check, the REST stream's ping).
    const running = new Set<NodeJS.Timeout>();
    const { setInterval: start, clearInterval: clear } = globalThis;
    vi.spyOn(globalThis, 'setInterval').mockImplementation(((...args: Parameters<typeof setInterval>) => {
      const timer = start(...args);
      running.add(timer);
      return timer;
    }) as typeof setInterval);
    vi.spyOn(globalThis, 'clearInterval').mockImplementation((timer) => {
      running.delete(timer as NodeJS.Timeout);
      clear(timer);
    });
    const rest = await openSse(`${base}/api/notifications/stream`, admin.auth);
    const trpc = await openSse(trpcLive(base), admin.auth);
    await rest.next((e) => e.event === 'snapshot');
    await trpc.next((e) => e.event === 'message');

    expect(await closeOrHang(app)).toBe('closed');
    await expect(rest.next()).rejects.toThrow('stream ended');
    // tRPC's own events (`connected`, `return`) may come first; no notification does.
    await expect(trpc.next((e) => e.event === 'message')).rejects.toThrow('stream ended');
    expect(running.size).toBe(0);
  }, 30_000);

  it('does not wait for streams whose clients went away, nor for a connection that never sent a request', async () => {
    const { app, base } = await listeningApp();
    const rest = await openSse(`${base}/api/notifications/stream`, admin.auth);
    const trpc = await openSse(trpcLive(base), admin.auth);
    await rest.next((e) => e.event === 'snapshot');
    await trpc.next((e) => e.event === 'message');
    // Both clients drop their connections, as a closed tab or a lost network does.
    rest.close();
    trpc.close();
    // A connection opened ahead of a request that never comes (a browser's preconnect does this).
    const idle = connect((app.server.address() as { port: number }).port, '127.0.0.1');
    idle.on('error', () => {});
    const idleClosed = new Promise<void>((resolve) => idle.once('close', () => resolve()));
    await new Promise<void>((resolve) => idle.once('connect', () => resolve()));

    expect(await closeOrHang(app, [idle])).toBe('closed');
    await idleClosed;
  }, 30_000);
});
