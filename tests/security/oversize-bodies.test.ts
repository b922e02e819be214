import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type ServerProcess } from '../support/app-process';

/*
 * A body over the 1 MiB limit (docs/security.md, "Limits") is refused with 413 and the server goes on serving:
 * on the supplier's bid doors too, whose amounts are read as written (docs/product.md#supplier-bids). The real
 * process, since what ended it was an error thrown outside any request's handler once the answer had gone.
 */
let server: ServerProcess;
beforeAll(async () => {
  server = await startServer({ RATE_LIMITS: 'false' });
}, 150_000);
afterAll(async () => {
  await server?.stop();
});

const OVER_LIMIT = 1_100_000;

/** Sends an oversize JSON body to `path`, with a Content-Length or chunked; the status, or 0 when cut off. */
function sendOversize(path: string, chunked: boolean): Promise<number> {
  return new Promise((resolve) => {
    const body = Buffer.alloc(OVER_LIMIT, 'x');
    const req = request(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(chunked ? {} : { 'content-length': String(body.length) }) },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', () => resolve(0));
    if (chunked) {
      for (let offset = 0; offset < body.length; offset += 64 * 1024) req.write(body.subarray(offset, offset + 65_536));
      req.end();
    } else {
      req.end(body);
    }
  });
}

describe('a body over the limit', () => {
  it.each([
    ['/api/supplier/quote-submit', false],
    ['/api/supplier/quote-submit', true],
    ['/api/trpc/supplier.quotes.submit', false],
    ['/api/trpc/supplier.quotes.submit', true],
    ['/api/quotation/instant', false],
  ])('to %s (chunked: %s) is refused, and the server keeps serving', async (path, chunked) => {
    const status = await sendOversize(path, chunked);
    // The 413 is the answer; a client still writing may instead see its connection closed once it was sent.
    expect([413, 0]).toContain(status);
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(200);
    expect(server.child.exitCode).toBeNull();
  });
});
