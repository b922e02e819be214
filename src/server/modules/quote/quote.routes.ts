import type { FastifyPluginAsync } from 'fastify';
import { instantQuoteInputSchema } from '../../../shared/schemas/quote';
import { parseInput } from '../../lib/http';
import { requesterOf } from '../../trpc/context';
import { createInstantQuote } from './quote.service';

/** Spec section 7: `POST /api/quotation/instant`; 200 with the quote, 422 naming the field for bad input. */
export const quoteRoutes: FastifyPluginAsync = async (app) => {
  app.post('/quotation/instant', async (request) => {
    const input = parseInput(instantQuoteInputSchema, request.body, 'body');
    return createInstantQuote(request.ctx, input, await requesterOf(request.ctx));
  });
};
