import { afterEach, describe, expect, it } from 'vitest';
import { addDays, todayInIndia } from '../../src/shared/dates';
import { createTestApp, type TestApp } from '../server/helpers/test-app';

/**
 * Load shedding (docs/security.md, "Load shedding"): above a threshold the server answers 503 with Retry-After and
 * `detail` instead of queueing work, `/api/health` says `overloaded`, and it recovers within 10 s once the
 * pressure is gone. The pressure here is real: the test keeps the app's own event loop busy.
 */

const quote = {
  event_type: 'birthday',
  event_date: addDays(todayInIndia(), 20),
  guest_count: 60,
  venue_type: 'indoor',
  tier: 'basic',
  location: 'Indore',
  client_email: 'load@example.in',
  client_name: 'Load Test',
  event_name: 'Shedding',
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error(`condition not met within ${timeoutMs} ms`);
    await sleep(50);
  }
  return Date.now() - started;
}

/** Keeps the event loop busy 150 ms out of every ~151 ms, as a CPU-bound overload would, until stopped. */
function overload(): () => void {
  let running = true;
  const burn = () => {
    const until = Date.now() + 150;
    while (Date.now() < until) {
      // busy
    }
    if (running) setTimeout(burn, 1);
  };
  setTimeout(burn, 0);
  return () => {
    running = false;
  };
}

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('load shedding with @fastify/under-pressure', () => {
  it('answers 503 with Retry-After while the event loop lags, and recovers within 10 s', async () => {
    t = await createTestApp({ SHED_MAX_EVENT_LOOP_DELAY_MS: '50', SHED_RETRY_AFTER_SECONDS: '7' });
    const app = t.app;
    expect((await app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok', database: 'up' });

    const stop = overload();
    try {
      await waitFor(() => app.isUnderPressure(), 10_000);
      const health = await app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.headers['retry-after']).toBe('7');
      expect(health.json()).toEqual({ status: 'overloaded', detail: expect.stringMatching(/busy/) });

      const rest = await app.inject({ method: 'POST', url: '/api/quotation/instant', payload: quote });
      expect(rest.statusCode).toBe(503);
      expect(rest.headers['retry-after']).toBe('7');
      expect(rest.headers['cache-control']).toBe('no-store');
      expect(rest.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(rest.json()).toEqual({ detail: 'The server is busy right now. Please try again in a few seconds.' });

      const trpc = await app.inject({ method: 'GET', url: '/api/trpc/site.brand' });
      expect(trpc.statusCode).toBe(503);
      expect(trpc.headers['retry-after']).toBe('7');

      const page = await app.inject({ method: 'GET', url: '/login' });
      expect(page.statusCode).toBe(503);
      expect(page.headers['retry-after']).toBe('7');
    } finally {
      stop();
    }

    const recoveredIn = await waitFor(
      async () => (await app.inject({ method: 'GET', url: '/api/health' })).statusCode === 200,
      10_000,
    );
    expect(recoveredIn).toBeLessThan(10_000);
    expect((await app.inject({ method: 'POST', url: '/api/quotation/instant', payload: quote })).statusCode).toBe(200);
  });

  it('reads every threshold from the environment: a heap limit below the heap in use sheds at once', async () => {
    t = await createTestApp({ SHED_MAX_HEAP_MB: '1' });
    const app = t.app;
    // The first sample is taken a second after start.
    await waitFor(() => app.isUnderPressure(), 5000);
    const res = await app.inject({ method: 'GET', url: '/api/site/brand' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('10');
    expect(app.memoryUsage().heapUsed).toBeGreaterThan(1024 * 1024);
  });

  it('does not shed with the checks off (the test default), however busy the loop', async () => {
    t = await createTestApp();
    const app = t.app;
    const stop = overload();
    try {
      await sleep(2500);
      expect(app.isUnderPressure()).toBe(false);
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      stop();
    }
  });
});
