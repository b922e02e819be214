import { collectionsQuerySchema, receivablesQuerySchema, releaseDateInputSchema } from '../../../shared/schemas/money';
import {
  collectionsResponseSchema,
  receivablesResponseSchema,
  releaseDateResponseSchema,
} from '../../../shared/schemas/responses';
import { adminProcedure, router } from '../../trpc/init';
import { collections } from './collections.service';
import { listReceivables, releaseBookingDate } from './receivables.service';

/** `admin.receivables.*`: what each booking owes by the schedule, and releasing the date of an overdue advance. */
export const adminReceivablesRouter = router({
  list: adminProcedure
    .input(receivablesQuerySchema.optional())
    .output(receivablesResponseSchema)
    .query(({ ctx, input }) => listReceivables(ctx, input)),
  releaseDate: adminProcedure
    .input(releaseDateInputSchema)
    .output(releaseDateResponseSchema)
    .mutation(({ ctx, input }) => releaseBookingDate(ctx, input, ctx.user.id)),
});

/** `admin.collections.*`: money received by day and method, and refunds paid out, over a range of days. */
export const adminCollectionsRouter = router({
  list: adminProcedure
    .input(collectionsQuerySchema.optional())
    .output(collectionsResponseSchema)
    .query(({ ctx, input }) => collections(ctx, input)),
});
