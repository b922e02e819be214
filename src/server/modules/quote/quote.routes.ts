import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { idempotencyKeySchema, instantQuoteInputSchema } from '../../../shared/schemas/quote';
import { instantQuoteResponseSchema } from '../../../shared/schemas/responses';
import { ValidationError } from '../../lib/errors';
import { parseInput } from '../../lib/http';
import { requesterOf } from '../../context';
import { createInstantQuote } from './quote.service';

const quoteHeadersSchema = z.object({ 'idempotency-key': idempotencyKeySchema.optional() });

/**
 * docs/api.md: `POST /api/quotation/instant`; 200 with the quote, 422 naming the field for bad input. An
 * optional `Idempotency-Key` header makes a retry return the first answer (docs/security.md, "Crash safety").
 */
export const quoteRoutes: FastifyPluginAsyncZod = async (app) => {
  const schema = {
    summary: 'An instant, GST-correct quote (books it as a quoted booking)',
    tags: ['visitor'],
    headers: quoteHeadersSchema,
    body: instantQuoteInputSchema,
    response: { 200: instantQuoteResponseSchema },
  };
  app.post('/quotation/instant', { schema }, async (request) => {
    const input = parseInput(instantQuoteInputSchema, request.body, 'body');
    const idempotencyKey = idempotencyKeyOf(request);
    await request.ctx.rateLimit('quote');
    return createInstantQuote(request.ctx, input, await requesterOf(request.ctx), { idempotencyKey });
  });
};

/** The `Idempotency-Key` header, if sent; a malformed one is a 422 naming the header. */
function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return undefined;
  const result = idempotencyKeySchema.safeParse(header);
  if (result.success) return result.data;
  throw new ValidationError(
    result.error.issues.map((issue) => ({ loc: ['header', 'idempotency-key'], msg: issue.message, type: issue.code })),
  );
}
