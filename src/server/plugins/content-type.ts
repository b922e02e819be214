import type { FastifyInstance } from 'fastify';
import { isApiRequest } from '../lib/api-path';
import { AppError } from '../lib/errors';

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const UNSUPPORTED_ENCODING = 'Unsupported content encoding; send the body uncompressed';

/**
 * The API reads uncompressed JSON bodies only (docs/api.md, "Errors": 415 for anything else), decided before any
 * parser runs.
 * Without this, Fastify reads `text/plain` as a string (a 422 instead of the 415), and tRPC's adapter hands a
 * `multipart/form-data` stream to tRPC, which fails with a 500. Plain text and forms are also what a page on
 * another site can post without a CORS preflight.
 */
export function registerJsonOnly(app: FastifyInstance): void {
  // preParsing: after every onRequest hook (headers, limits), before the body is read.
  // A callback hook, not an async one: it runs for every request, and most need nothing from it.
  app.addHook('preParsing', (request, _reply, payload, done) => {
    if (!BODY_METHODS.has(request.method) || !isApiRequest(request)) return done(null, payload);
    // Bodies are read as sent: a compressed one would reach the JSON parser as bytes it cannot read, so it is a 415
    // naming the encoding (docs/api.md, "Errors").
    const encoding = request.headers['content-encoding'];
    if (encoding !== undefined && encoding.trim().toLowerCase() !== 'identity')
      return done(new AppError('UNSUPPORTED_MEDIA_TYPE', UNSUPPORTED_ENCODING));
    const type = request.headers['content-type'];
    // No type: no body, or a body Fastify itself refuses with the same 415.
    if (type === undefined) return done(null, payload);
    if (type.split(';')[0]!.trim().toLowerCase() !== 'application/json')
      return done(new AppError('UNSUPPORTED_MEDIA_TYPE'));
    done(null, payload);
  });
}
