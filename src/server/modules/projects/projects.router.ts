import {
  assignProjectInputSchema,
  awardProjectInputSchema,
  bookingIdInputSchema,
  projectIdInputSchema,
} from '../../../shared/schemas/projects';
import { adminProcedure, router } from '../../trpc/init';
import { awardProjectManually, closeQuotesNow } from './award.service';
import { assignSuppliers, getProject, projectForBooking } from './projects.service';

/** `admin.projects.*`: putting bookings out to suppliers, reading the quotes, awarding by hand. */
export const adminProjectsRouter = router({
  assign: adminProcedure.input(assignProjectInputSchema).mutation(async ({ ctx, input }) => {
    const { created: _created, ...result } = await assignSuppliers(ctx, input, ctx.user.id);
    return result;
  }),
  get: adminProcedure.input(projectIdInputSchema).query(({ ctx, input }) => getProject(ctx, input)),
  forBooking: adminProcedure.input(bookingIdInputSchema).query(({ ctx, input }) => projectForBooking(ctx, input)),
  award: adminProcedure
    .input(awardProjectInputSchema)
    .mutation(({ ctx, input }) => awardProjectManually(ctx, input, ctx.user.id)),
  /** Moves the auto-assign date to now and awards by the rule at once. */
  closeQuotes: adminProcedure
    .input(projectIdInputSchema)
    .mutation(({ ctx, input }) => closeQuotesNow(ctx, input, ctx.user.id)),
});
