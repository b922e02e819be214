import { instantQuoteProcedureInputSchema } from '../../../shared/schemas/quote';
import { requesterOf } from '../../context';
import { publicProcedure, router } from '../../trpc/init';
import { createInstantQuote } from './quote.service';
import { instantQuoteResponseSchema } from '../../../shared/schemas/responses';

export const quoteRouter = router({
  /** `idempotency_key` makes a retry return the first answer (docs/security.md, "Crash safety"). */
  instant: publicProcedure
    .input(instantQuoteProcedureInputSchema)
    .output(instantQuoteResponseSchema)
    .mutation(async ({ ctx, input }) => {
      const { idempotency_key: idempotencyKey, ...quote } = input;
      await ctx.rateLimit('quote');
      return createInstantQuote(ctx, quote, await requesterOf(ctx), { idempotencyKey });
    }),
});
