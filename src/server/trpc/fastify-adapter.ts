import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AnyRouter, inferRouterContext } from '@trpc/server';
import { resolveResponse, type HTTPErrorHandler } from '@trpc/server/http';

export type TrpcOptions<TRouter extends AnyRouter> = {
  router: TRouter;
  /** The procedure context for one HTTP request. */
  createContext(request: FastifyRequest): inferRouterContext<TRouter>;
  maxBatchSize: number;
  onError?: HTTPErrorHandler<TRouter, FastifyRequest>;
};

/**
 * tRPC on Fastify: `<prefix>/:path` handed to tRPC's own request resolver (`resolveResponse`), as tRPC's Fastify
 * adapter does, with three differences measured (docs/decisions.md, "tRPC adapter"):
 * - the request is not a WHATWG `Request` (see `toFetchRequest`);
 * - the request's abort signal fires only when the client goes away before the answer, not after every answer
 *   (the adapter aborts it when the response closes, building a DOMException and running abort listeners for
 *   each call);
 * - a JSON answer is read whole and sent as a string, in one write, instead of being piped from a web stream. A
 *   streamed answer (a `jsonl` batch or a subscription, which the app's client does not ask for) is still streamed.
 * The protocol (batching, methods, status codes, errors) is tRPC's, untouched.
 */
export async function registerTrpc<TRouter extends AnyRouter>(
  app: FastifyInstance,
  prefix: string,
  options: TrpcOptions<TRouter>,
): Promise<void> {
  await app.register(async (scope) => {
    // tRPC reads the body itself: Fastify hands it over as text (it still enforces the body limit).
    scope.removeContentTypeParser('application/json');
    // A leading byte-order mark is dropped, as Fastify's own JSON parser does for the REST door.
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
      done(null, String(body).replace(/^\uFEFF/, '')),
    );

    scope.all<{ Params: { path: string } }>(`${prefix}/:path`, async (request, reply) => {
      const response = await resolveResponse<TRouter>({
        router: options.router,
        req: toFetchRequest(request, reply),
        path: request.params.path,
        error: null,
        maxBatchSize: options.maxBatchSize,
        createContext: async () => options.createContext(request),
        onError: options.onError && ((error) => options.onError!({ ...error, req: request })),
      });
      void reply.code(response.status);
      for (const [name, value] of response.headers) {
        if (name !== 'set-cookie') void reply.header(name, value);
      }
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) void reply.header('set-cookie', cookies);
      const type = response.headers.get('content-type') ?? '';
      if (response.body === null) return reply.send();
      if (type.startsWith('application/json')) return reply.send(await response.text());
      return reply.send(response.body);
    });
  });
}

/**
 * The request as tRPC's resolver reads it: method, URL, headers (`get`, `has`), abort signal and the body as JSON.
 * It is not a WHATWG `Request`: building one wraps the body (already read and size-checked by Fastify) in a web stream
 * that `json()` then reads back, about a twentieth of a tRPC call's CPU. The resolver reads no other member (checked
 * against the pinned @trpc/server 11.19.0; `tests/security` and `tests/server` cover every procedure through it).
 * Multipart and binary bodies never get here: they are refused with a 415 before parsing.
 */
function toFetchRequest(request: FastifyRequest, reply: FastifyReply): Request {
  const raw = request.raw;
  const aborted = new AbortController();
  const onClose = () => {
    // Closed before the answer was written: the client went away.
    if (!reply.raw.writableFinished) aborted.abort();
  };
  reply.raw.once('close', onClose);

  // Read-only headers over Node's (tRPC calls `get` and `has` only), instead of copying each into a `Headers`.
  const header = (name: string) => {
    const value = raw.headers[name.toLowerCase()];
    return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
  };
  const headers = { get: header, has: (name: string) => header(name) !== null };
  const body = request.body;
  const text = typeof body === 'string' ? body : body === undefined || body === null ? '' : JSON.stringify(body);
  const fetchRequest = {
    method: raw.method ?? 'GET',
    // tRPC reads the path and the query string; the origin is a fixed one, so no Host header can break the URL.
    url: `http://localhost${raw.url ?? '/'}`,
    headers,
    signal: aborted.signal,
    body: null,
    // As `Request.json()`: an empty body is a JSON syntax error, which tRPC answers as a parse error.
    json: async (): Promise<unknown> => JSON.parse(text),
    text: async () => text,
    formData: async () => {
      throw new TypeError('multipart bodies are refused before tRPC');
    },
  };
  return fetchRequest as unknown as Request;
}
