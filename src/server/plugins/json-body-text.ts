import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The JSON body as sent, kept beside the parsed one for the rules on how a value was written (a bid's amount). */
const bodyTexts = new WeakMap<FastifyRequest, string>();

/**
 * JSON bodies are parsed by Fastify's own parser, as before, and their text is kept for the request's lifetime
 * (`jsonBodyText`). Scopes with their own parser (tRPC, which reads its body as text, and the webhooks) are left as
 * they are.
 */
export function registerJsonBodyText(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    bodyTexts.set(request, text);
    parse(request, text, done);
  });
}

/** The request's JSON body as it was written, or null when it had none (tRPC's body is its text already). */
export function jsonBodyText(request: FastifyRequest): string | null {
  return typeof request.body === 'string' ? request.body : (bodyTexts.get(request) ?? null);
}
