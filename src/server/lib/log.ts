import type { FastifyInstance, FastifyRequest, FastifyServerOptions } from 'fastify';
import { decodedPath } from './api-path';

/** Where log lines go instead of stdout (tests read them): one JSON line per `write`. */
export type LogStream = { write(line: string): void };

/**
 * Fields of an error that say what went wrong without carrying data. A database error's `detail` ("Failing row
 * contains (…, $argon2id$…)", "Key (email)=(…)") and drizzle's query parameters are left out: they hold whatever
 * the failed statement wrote, password hashes and personal data included.
 */
const SAFE_ERROR_FIELDS = [
  'code',
  'statusCode',
  'severity',
  'constraint_name',
  'constraint',
  'table_name',
  'table',
  'column_name',
  'column',
  'routine',
  'errno',
  'syscall',
] as const;

type SerializedError = {
  type: string;
  message: string;
  stack: string;
  cause?: SerializedError;
  [field: string]: unknown;
};

/**
 * The `err` serializer of every log line (docs/security.md, "Logs"): type, a message without query parameters,
 * the stack frames, the allow-listed fields and the cause chain. Nothing else of the error object is written.
 */
export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) {
    return { type: typeof error, message: typeof error === 'string' ? error : 'non-error value thrown', stack: '' };
  }
  const type = error.constructor?.name && error.constructor.name !== 'Object' ? error.constructor.name : error.name;
  const message = safeMessage(error);
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  const serialized: SerializedError = { type, message, stack: [`${type}: ${message}`, ...frames].join('\n') };
  const fields = error as unknown as Record<string, unknown>;
  for (const field of SAFE_ERROR_FIELDS) {
    const value = fields[field];
    if (typeof value === 'string' || typeof value === 'number') serialized[field] = value;
  }
  if (error.cause !== undefined && depth < 5) serialized.cause = serializeError(error.cause, depth + 1);
  return serialized;
}

/** drizzle's `DrizzleQueryError` message is "Failed query: <sql>\nparams: <values>": keep the SQL, drop the values. */
function safeMessage(error: Error): string {
  const query = (error as { query?: unknown }).query;
  if ('params' in error && typeof query === 'string') return `Failed query: ${query}`;
  const paramsAt = error.message.indexOf('\nparams: ');
  return paramsAt === -1 ? error.message : error.message.slice(0, paramsAt);
}

/** Query parameters whose value is a credential, should a client send one in an address. */
const SECRET_QUERY_PARAMS = new Set(['access_token', 'token', 'api_key', 'key', 'secret', 'signature', 'code']);

/**
 * A request's address as a log line may hold it (docs/security.md, "Logs"): the calendar feed's address is its
 * secret, so only the route is written; a query parameter named like a credential keeps its name, not its value.
 */
export function loggableUrl(url: string): string {
  if (decodedPath(url).startsWith('/api/calendar/feed/')) return '/api/calendar/feed/[redacted]';
  const at = url.indexOf('?');
  if (at === -1) return url;
  const params = new URLSearchParams(url.slice(at + 1));
  const secret = [...new Set(params.keys())].filter((name) => SECRET_QUERY_PARAMS.has(name.toLowerCase()));
  if (secret.length === 0) return url;
  for (const name of secret) params.set(name, '[redacted]');
  return `${url.slice(0, at)}?${params.toString()}`;
}

/** Fastify's request fields for the "incoming request" line, with the address as `loggableUrl` writes it. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: loggableUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * The logger of the app: pino at the configured level, with credentials redacted from request and reply headers
 * and from any logged object (`password`, hashes, tokens), and errors written by `serializeError`. Tests pass a
 * stream to read what would have been logged.
 */
export function loggerOptions(
  level: string,
  stream?: LogStream,
  format: 'json' | 'pretty' = 'json',
): FastifyServerOptions['logger'] {
  if (!stream && format === 'pretty') stream = prettyLogStream(process.stdout);
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.passwordHash',
        '*.password_hash',
        '*.access_token',
        '*.token',
      ],
      censor: '[redacted]',
    },
    serializers: { err: serializeError, req: serializeRequest },
    ...(stream && { stream }),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Development: a log for a person (LOG_FORMAT=pretty, set by `npm run dev`). Production keeps pino's JSON lines.

const LEVEL_NAMES: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};
const PINO_FIELDS = new Set([
  'time',
  'level',
  'msg',
  'pid',
  'hostname',
  'reqId',
  'err',
  'method',
  'url',
  'status',
  'ms',
]);

const paint = (colour: boolean, code: number, text: string) => (colour ? `\u001b[${code}m${text}\u001b[39m` : text);

/**
 * One pino JSON line as a person reads it: `14:02:31  200 GET /api/health 3 ms` for a request (see
 * `logEachRequest`), `14:02:31 WARN  message key=value` for anything else, an error's stack indented below it.
 * A line that is not JSON is passed on as it is.
 */
export function formatLogLine(line: string, colour = false): string {
  let record: Record<string, unknown>;
  try {
    record = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line.endsWith('\n') ? line : `${line}\n`;
  }
  const clock = new Date(typeof record.time === 'number' ? record.time : Date.now()).toTimeString().slice(0, 8);
  const level = typeof record.level === 'number' ? record.level : 30;
  if (record.msg === 'request' && typeof record.status === 'number') {
    const status = record.status;
    const shown = paint(colour, status >= 500 ? 31 : status >= 400 ? 33 : 32, String(status));
    return `${clock}  ${shown} ${String(record.method)} ${String(record.url)} ${String(record.ms)} ms\n`;
  }
  const name = (LEVEL_NAMES[level] ?? String(level)).padEnd(5);
  const shownLevel = paint(colour, level >= 50 ? 31 : level >= 40 ? 33 : 36, name);
  const extra = Object.entries(record)
    .filter(([key]) => !PINO_FIELDS.has(key))
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  const err = record.err as { stack?: string; message?: string } | undefined;
  const stack = err ? `\n${(err.stack || err.message || '').replace(/^/gm, '    ')}` : '';
  return `${clock} ${shownLevel} ${[String(record.msg ?? ''), ...extra].join(' ').trimEnd()}${stack}\n`;
}

/** A stream for pino that writes each line formatted by `formatLogLine`, in colour on a terminal. */
export function prettyLogStream(out: { write(text: string): unknown; isTTY?: boolean }): LogStream {
  const colour = Boolean(out.isTTY) && !process.env.NO_COLOR;
  return { write: (line) => void out.write(formatLogLine(line, colour)) };
}

/**
 * With the pretty log, Fastify's two records per request ("incoming request", "request completed") give way to
 * one, written when the answer has gone: method, address, status and time taken.
 */
export function logEachRequest(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        url: loggableUrl(request.url),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request',
    );
  });
}
