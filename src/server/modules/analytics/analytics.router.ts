import { pageViewInputSchema } from '../../../shared/schemas/analytics';
import { publicProcedure, router } from '../../trpc/init';
import { recordPageView } from './analytics.service';

export const analyticsRouter = router({
  pageView: publicProcedure
    .input(pageViewInputSchema)
    .mutation(({ ctx, input }) => recordPageView(ctx, input, ctx.request)),
});
