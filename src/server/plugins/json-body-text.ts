import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ZodType } from 'zod';
import { AppError } from '../lib/errors';

/** The JSON body as sent, kept beside the parsed one for the rules on how a value was written (a bid's amount). */
const bodyTexts = new WeakMap<FastifyRequest, string>();

/**
 * JSON bodies are parsed by Fastify's own parser, as before, and their text is kept for the request's lifetime
 * (`jsonBodyText`). An empty body labelled `application/json`, which many clients send with a call that has no
 * body, is no body on a route that needs none (no body schema, or one that accepts none); where a body is needed
 * it stays a 400 saying so. Scopes with their own parser (tRPC, which reads its body as text, and the webhooks) are
 * left as they are.
 */
export function registerJsonBodyText(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text === '' && !needsBody(request)) {
      done(null, undefined);
      return;
    }
    bodyTexts.set(request, text);
    parse(request, text, (error, value) => {
      if (error && isValidJson(text)) {
        // Well-formed JSON refused for a key that would reach an object's prototype: say that, not "malformed".
        done(new AppError('BAD_REQUEST', FORBIDDEN_KEY), undefined);
        return;
      }
      done(error, value);
    });
  });
}

export const FORBIDDEN_KEY = 'The JSON body has a key that is not allowed (__proto__ or constructor.prototype)';

function isValidJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function needsBody(request: FastifyRequest): boolean {
  const schema: unknown = request.routeOptions.schema?.body;
  if (schema === undefined) return false;
  return !(schema instanceof ZodType && schema.safeParse(undefined).success);
}

/** The request's JSON body as it was written, or null when it had none (tRPC's body is its text already). */
export function jsonBodyText(request: FastifyRequest): string | null {
  return typeof request.body === 'string' ? request.body : (bodyTexts.get(request) ?? null);
}
