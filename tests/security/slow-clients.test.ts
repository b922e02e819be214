import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../server/helpers/test-app';

/*
 * Slow clients (docs/security.md, "Limits"): a body sent one byte every 4 s, or headers sent a byte at a time, are
 * cut off once REQUEST_TIMEOUT_SECONDS / HEADERS_TIMEOUT_SECONDS run out, instead of holding a connection for
 * minutes. Short timeouts here keep the test quick; the defaults (30 s, 15 s) are read in tests/unit/config.test.ts.
 */

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp({ REQUEST_TIMEOUT_SECONDS: '8', HEADERS_TIMEOUT_SECONDS: '4' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t?.close();
});

type Outcome = { answer: string; closedAfterMs: number };

/** Opens a connection, writes `head` at once and then one byte of `drip` every `everyMs`, until the server hangs up. */
function trickle(head: string, drip: string, everyMs: number): Promise<Outcome & { sent: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket: Socket = connect(port, '127.0.0.1');
    let answer = '';
    let sent = 0;
    let timer: NodeJS.Timeout | undefined;
    const next = () => {
      if (sent >= drip.length || socket.destroyed) return;
      socket.write(drip[sent]!);
      sent += 1;
      timer = setTimeout(next, everyMs);
    };
    socket.on('connect', () => {
      socket.write(head);
      timer = setTimeout(next, everyMs);
    });
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString('utf8');
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ answer, closedAfterMs: Date.now() - started, sent });
    });
    // The test's own guard: a server that never hangs up fails here, not by hanging the suite.
    setTimeout(() => {
      socket.destroy();
      reject(new Error(`still open after 40 s (${sent} bytes sent)`));
    }, 40_000).unref();
  });
}

describe('slow clients', () => {
  it(
    'cuts a body sent one byte every 4 s with 408 once the request timeout runs out',
    { timeout: 60_000 },
    async () => {
      const body = JSON.stringify({ email: 'slow@example.in', password: 'slow-slow-slow' }).padEnd(200, ' ');
      const head =
        `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${body.length}\r\n\r\n`;
      const outcome = await trickle(head, body, 4000);
      expect(outcome.answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(outcome.answer).toContain('{"detail":"The request took too long to arrive"}');
      // 8 s allowed, checked every second: cut after 8 to about 10 s, with only a couple of bytes sent.
      expect(outcome.closedAfterMs).toBeGreaterThanOrEqual(7500);
      expect(outcome.closedAfterMs).toBeLessThan(20_000);
      expect(outcome.sent).toBeLessThan(body.length);
    },
  );

  it('cuts headers sent a byte at a time once the headers timeout runs out', { timeout: 60_000 }, async () => {
    const head = 'GET /api/health HTTP/1.1\r\n';
    const outcome = await trickle(head, 'X-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', 1000);
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(outcome.closedAfterMs).toBeGreaterThanOrEqual(3500);
    expect(outcome.closedAfterMs).toBeLessThan(15_000);
  });

  it('answers a request line and headers over 16 KB with 431 and a detail', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/health?q=${'x'.repeat(20_000)}`);
    expect(res.status).toBe(431);
    expect(await res.json()).toEqual({ detail: expect.stringContaining('over 16 KB') });
  });

  it('serves a request that arrives in time', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(res.status).toBe(200);
  });
});
