import type { FastifyInstance } from 'fastify';
import { appRouter } from '../../../src/server/trpc/router';

/** One HTTP request as `app.inject` takes it; `payload` is sent as JSON unless `rawBody` is given. */
export type Call = {
  method: string;
  url: string;
  payload?: unknown;
  rawBody?: string | Buffer;
  headers?: Record<string, string>;
  /**
   * A server-sent events stream, which never ends by itself: sent over real HTTP to the app (listening on a free
   * port), its status and first event read, then the connection dropped.
   */
  stream?: true;
};

export type Answer = { status: number; body: string; headers: Record<string, unknown> };

export async function send(app: FastifyInstance, call: Call, token: string | null = null): Promise<Answer> {
  const headers: Record<string, string> = { ...call.headers };
  if (token) headers.authorization = `Bearer ${token}`;
  let payload: string | Buffer | undefined;
  if (call.rawBody !== undefined) {
    payload = call.rawBody;
  } else if (call.payload !== undefined) {
    payload = JSON.stringify(call.payload);
    headers['content-type'] ??= 'application/json';
  }
  if (call.stream) return sendStream(app, call, headers);
  const response = await app.inject({
    method: call.method as 'GET',
    url: call.url,
    headers,
    ...(payload !== undefined && { payload }),
  });
  return { status: streamStatus(response.body, response.statusCode), body: response.body, headers: response.headers };
}

async function sendStream(app: FastifyInstance, call: Call, headers: Record<string, string>): Promise<Answer> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const abort = new AbortController();
  const response = await fetch(`http://127.0.0.1:${port}${call.url}`, {
    method: call.method,
    headers: { accept: 'text/event-stream', ...headers },
    signal: abort.signal,
  });
  if (!response.body) return { status: response.status, body: '', headers: Object.fromEntries(response.headers) };
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let body = '';
  // The first event (or the whole of a plain answer): enough to judge access and look for leaks.
  const hasEvent = () =>
    body
      .split('\n\n')
      .slice(0, -1)
      .some((block) => block.includes('data:') && !/^event: (?:connected|ping)$/m.test(block));
  while (!hasEvent()) {
    const { value, done } = await reader.read();
    if (done) break;
    body += decoder.decode(value, { stream: true });
  }
  abort.abort();
  return { status: streamStatus(body, response.status), body, headers: Object.fromEntries(response.headers) };
}

/** tRPC answers a subscription 200 and puts an error inside the stream, with the HTTP status it stands for. */
function streamStatus(body: string, status: number): number {
  const inside = /^event: serialized-error\ndata: .*"httpStatus":(\d{3})/m.exec(body);
  return inside ? Number(inside[1]) : status;
}

export type ProcedureType = 'query' | 'mutation' | 'subscription';

type ProcedureDef = { type: ProcedureType; inputs: unknown[] };

/** Every tRPC procedure of the router, by dotted path. */
export function procedures(): Map<string, ProcedureDef> {
  const record = (appRouter._def as unknown as { procedures: Record<string, { _def: ProcedureDef }> }).procedures;
  return new Map(Object.entries(record).map(([path, procedure]) => [path, procedure._def]));
}

/**
 * A tRPC call as the client makes it over HTTP: queries GET with `?input=`, mutations POST with a JSON body (`{}`
 * for a mutation without input).
 */
export function trpcCall(type: ProcedureType, path: string, input: unknown): Call {
  if (type === 'query' || type === 'subscription') {
    const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
    return {
      method: 'GET',
      url: `/api/trpc/${path}${query}`,
      ...(type === 'subscription' && { stream: true as const }),
    };
  }
  return { method: 'POST', url: `/api/trpc/${path}`, payload: input ?? {} };
}

/** Patterns no answer may carry: stack frames, module paths, SQL text and database errors, file-system paths. */
export const LEAK_PATTERNS: [string, RegExp][] = [
  ['stack frame', /\bat [\w$.<>]+ \(?[^\s()]*:\d+:\d+\)?/],
  ['stack frame', /\bat (?:async )?\/[^\s]*:\d+/],
  ['node_modules', /node_modules/],
  ['TypeScript source', /\.ts:\d+/],
  ['TypeScript source', /\.ts:/],
  ['SQL', /\bselect "|\bselect \w+ from\b|\bselect count\(/],
  ['SQL', /insert into/i],
  ['SQL', /\bupdate "\w+" set\b/i],
  ['database error', /syntax error at/i],
  ['database error', /violates/i],
  ['database error', /invalid byte sequence/i],
  ['database error', /unsupported Unicode escape/i],
  ['database error', /Failed query/i],
  ['file path', /\/(?:home|root|usr|tmp|work|var|opt|srv)\/[\w.-]+\//],
  ['file path', /[A-Z]:\\\\/],
  ['error class', /\b(?:TypeError|ReferenceError|RangeError|SyntaxError|PostgresError|DrizzleQueryError)\b/],
];

export function leaks(body: string): string[] {
  return LEAK_PATTERNS.filter(([, pattern]) => pattern.test(body)).map(([name]) => name);
}

/** Statuses a hostile request may get (docs/security.md#hostile-input); anything else is a finding. */
export const ALLOWED_4XX = new Set([400, 401, 403, 404, 405, 408, 409, 413, 415, 422, 429, 431]);
