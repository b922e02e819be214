import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { AppError, ERRORS, ValidationError, zodIssuesToDetail } from '../lib/errors';

/** Fastify's own 4xx errors whose messages are rewritten into plain language. */
const FASTIFY_DETAILS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Malformed JSON body',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body is empty; send a JSON object',
  FST_ERR_CTP_BODY_TOO_LARGE: ERRORS.PAYLOAD_TOO_LARGE.detail,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: ERRORS.UNSUPPORTED_MEDIA_TYPE.detail,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Content-Length does not match the body',
};

/**
 * The REST error contract (docs/api.md): `{detail: string}` for 4xx, `{detail: [{loc, msg, type}]}`
 * with 422 for invalid input, and a bare "Internal server error" plus the request id for anything unexpected.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, error.message);
      // A 401 names the scheme that answers it, a bearer token (docs/api.md, "Errors").
      if (error.status === 401) void reply.header('www-authenticate', 'Bearer');
      return reply.code(error.status).send({ ...error.extra, detail: error.detail });
    }
    if (error instanceof ValidationError) return reply.code(422).send({ detail: error.issues });
    if (error instanceof ZodError) return reply.code(422).send({ detail: zodIssuesToDetail(error, 'body') });

    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      const code = 'code' in error ? String(error.code) : '';
      if (status === 429) void reply.header('retry-after', reply.getHeader('retry-after') ?? '60');
      const detail = FASTIFY_DETAILS[code] ?? (status === 400 ? 'Bad request' : error.message);
      return reply.code(status).send({ detail });
    }

    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ detail: ERRORS.INTERNAL.detail, request_id: request.id });
  });
}

/**
 * Errors Fastify's router raises before any route or hook: a URL that does not decode (400), and a path parameter
 * over the length limit (no id is that long: the 404 of an unknown id, not a 414). Answered in the app's shape;
 * Fastify's default body would echo the URL and its own error code.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.code(404).send({ detail: ERRORS.NOT_FOUND.detail });
  } else if (error.code === 'FST_ERR_BAD_URL') {
    void reply.code(400).send({ detail: 'Malformed URL' });
  } else {
    request.log.error({ err: error }, 'router error');
    void reply.code(500).send({ detail: ERRORS.INTERNAL.detail, request_id: request.id });
  }
}

/** Requests Node's HTTP parser refuses before Fastify sees them: a slow client, headers over 16 KB, broken HTTP. */
const CLIENT_ERRORS: Record<string, { status: number; detail: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, detail: 'The request took too long to arrive' },
  HPE_HEADER_OVERFLOW: { status: 431, detail: 'The request line and headers are over 16 KB; send a shorter URL' },
};

/**
 * Answers those requests in the app's shape, `{detail}`, instead of Fastify's own body, then closes the socket:
 * the connection cannot carry another request once the parser has given up on it.
 */
export function clientErrors(this: FastifyInstance, error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, detail } = CLIENT_ERRORS[error.code ?? ''] ?? { status: 400, detail: 'Malformed HTTP request' };
  this.log.debug({ code: error.code, status }, 'client error');
  if (socket.writable) {
    const body = JSON.stringify({ detail });
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
