import type { FastifyServerOptions } from 'fastify';

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

/**
 * The logger of the app: pino at the configured level, with credentials redacted from request and reply headers
 * and from any logged object (`password`, hashes, tokens), and errors written by `serializeError`. Tests pass a
 * stream to read what would have been logged.
 */
export function loggerOptions(level: string, stream?: LogStream): FastifyServerOptions['logger'] {
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
    serializers: { err: serializeError },
    ...(stream && { stream }),
  };
}
