import { instantQuoteInputSchema } from '../../../shared/schemas/quote';
import { requesterOf } from '../../trpc/context';
import { publicProcedure, router } from '../../trpc/init';
import { createInstantQuote } from './quote.service';

export const quoteRouter = router({
  instant: publicProcedure
    .input(instantQuoteInputSchema)
    .mutation(async ({ ctx, input }) => createInstantQuote(ctx, input, await requesterOf(ctx))),
});
