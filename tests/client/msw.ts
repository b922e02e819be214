import { http, HttpResponse, type HttpHandler } from 'msw';
import { setupServer } from 'msw/node';
import { DEFAULT_PAYMENT_RULES, paymentRulesToDto } from '../../src/shared/booking-rules';
import { DEFAULT_BRAND } from '../../src/shared/brand';

/** jsdom's origin; the test tRPC client is pointed here so msw can intercept its fetches. */
export const TEST_ORIGIN = 'http://localhost:3000';
const TRPC_URL = `${TEST_ORIGIN}/api/trpc`;

/** The tRPC error codes the app meets, with the HTTP status and JSON-RPC code tRPC 11 puts on the wire. */
const ERROR_CODES = {
  BAD_REQUEST: { httpStatus: 400, jsonRpc: -32600 },
  UNAUTHORIZED: { httpStatus: 401, jsonRpc: -32001 },
  FORBIDDEN: { httpStatus: 403, jsonRpc: -32003 },
  NOT_FOUND: { httpStatus: 404, jsonRpc: -32004 },
  CONFLICT: { httpStatus: 409, jsonRpc: -32009 },
  TOO_MANY_REQUESTS: { httpStatus: 429, jsonRpc: -32029 },
  INTERNAL_SERVER_ERROR: { httpStatus: 500, jsonRpc: -32603 },
} as const;
export type TrpcErrorCode = keyof typeof ERROR_CODES;

/** Thrown from a resolver to answer that procedure with a tRPC error. */
export class TrpcTestError extends Error {
  constructor(
    readonly code: TrpcErrorCode,
    message: string,
    /** Fields the server adds to `error.data` (e.g. a full day's `next_free_dates`). */
    readonly data: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export type TrpcCall = { path: string; input: unknown; authorization: string | null };

type ResolverArgs = { input: unknown; request: Request };
/** Returns the procedure's data, throws TrpcTestError, or returns a whole Response (e.g. a proxy's 502 page). */
export type TrpcResolver = (args: ResolverArgs) => unknown;

const resolvers = new WeakMap<object, { path: string; resolver: TrpcResolver }>();
const calls: TrpcCall[] = [];
const unhandled: string[] = [];

/**
 * Calls every page makes, answered by default: the brand, the published payment schedule (the defaults), the page
 * view the app reports on each route change and the landing page's testimonials (none published, so the built-in
 * samples show), an empty supplier dashboard and an empty My Bookings. Tests override them with `server.use`.
 */
export const server = setupServer(
  // The admin and supplier dashboards open the live notification stream: a snapshot with nothing unread, then quiet.
  http.get(
    `${TRPC_URL}/notifications.live`,
    () =>
      new HttpResponse('event: connected\ndata: {}\n\nid: start\ndata: {"type":"snapshot","unread":0}\n\n', {
        headers: { 'content-type': 'text/event-stream' },
      }),
  ),
  trpcHandler('site.brand', () => DEFAULT_BRAND),
  trpcHandler('site.paymentTerms', () => paymentRulesToDto(DEFAULT_PAYMENT_RULES)),
  trpcHandler('analytics.pageView', () => ({ recorded: true })),
  trpcHandler('testimonials.list', () => []),
  // The account page lists the signed-in devices.
  trpcHandler('sessions.list', () => []),
  // A signed-in supplier lands on /supplier, which loads both lists at once.
  trpcHandler('supplier.notifications.list', () => []),
  trpcHandler('supplier.projects.list', () => []),
  // A signed-in customer lands on My Bookings after sign-in from /bookings.
  trpcHandler('bookings.mine', () => []),
  // A booking's GST card in My Bookings: no documents yet, the venue in Indore.
  trpcHandler('gst.mine', () => ({
    details: {
      company_name: null,
      gstin: null,
      billing_address: null,
      venue_state_code: '23',
      venue_state_named: false,
      editable: true,
    },
    documents: [],
    invoice: { can_issue: false, reason: null, due_by: null },
  })),
);

/** Every procedure call the app made in this test, in order. */
export function recordedCalls(path?: string): TrpcCall[] {
  return path ? calls.filter((call) => call.path === path) : [...calls];
}

export function resetTrpcRecording(): string[] {
  calls.length = 0;
  return unhandled.splice(0);
}

function findResolver(path: string): TrpcResolver | undefined {
  for (const handler of server.listHandlers()) {
    const entry = resolvers.get(handler);
    if (entry?.path === path) return entry.resolver;
  }
  return undefined;
}

/** httpBatchLink sends `?batch=1` with inputs keyed "0", "1", ...; httpLink sends the bare input. */
async function readInputs(request: Request, count: number, batched: boolean): Promise<unknown[]> {
  const url = new URL(request.url);
  let raw: unknown;
  if (request.method === 'GET') {
    const param = url.searchParams.get('input');
    raw = param === null ? undefined : JSON.parse(param);
  } else {
    const text = await request.text();
    raw = text === '' ? undefined : JSON.parse(text);
  }
  if (!batched) return [raw];
  const keyed = (raw ?? {}) as Record<string, unknown>;
  return Array.from({ length: count }, (_, index) => keyed[String(index)]);
}

function errorEnvelope(path: string, code: TrpcErrorCode, message: string, extra: Record<string, unknown> = {}) {
  const spec = ERROR_CODES[code];
  return {
    status: spec.httpStatus,
    body: { error: { message, code: spec.jsonRpc, data: { code, httpStatus: spec.httpStatus, path, ...extra } } },
  };
}

/**
 * An msw handler that answers one tRPC procedure on `/api/trpc/:path`, batched or not. A batch can name several
 * procedures (`/api/trpc/site.brand,auth.me?batch=1`); the handler answers every one of them from the resolvers
 * currently installed (later `server.use` calls win), and a procedure nobody handles fails the test.
 */
export function trpcHandler(path: string, resolver: TrpcResolver): HttpHandler {
  const handler = http.all(`${TRPC_URL}/:paths`, async ({ request, params }) => {
    const paths = String(params.paths).split(',');
    if (!paths.includes(path)) return undefined;
    const batched = new URL(request.url).searchParams.get('batch') === '1';
    const inputs = await readInputs(request, paths.length, batched);
    const authorization = request.headers.get('authorization');

    const results: { status: number; body: unknown }[] = [];
    for (const [index, procedure] of paths.entries()) {
      const input = inputs[index];
      calls.push({ path: procedure, input, authorization });
      const resolve = findResolver(procedure);
      if (!resolve) {
        unhandled.push(procedure);
        results.push(errorEnvelope(procedure, 'NOT_FOUND', `No procedure found on path "${procedure}"`));
        continue;
      }
      try {
        const data = await resolve({ input, request });
        if (data instanceof Response) return data;
        results.push({ status: 200, body: { result: { data } } });
      } catch (error) {
        if (!(error instanceof TrpcTestError)) throw error;
        results.push(errorEnvelope(procedure, error.code, error.message, error.data));
      }
    }

    const statuses = new Set(results.map((result) => result.status));
    // tRPC answers a batch with one status when all agree, otherwise 207 Multi-Status.
    const status = statuses.size === 1 ? [...statuses][0]! : 207;
    const body = batched ? results.map((result) => result.body) : results[0]!.body;
    return HttpResponse.json(body as never, { status });
  });
  resolvers.set(handler, { path, resolver });
  return handler;
}
