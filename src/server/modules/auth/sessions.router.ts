import {
  endOtherSessionsResultSchema,
  endSessionInputSchema,
  sessionListSchema,
} from '../../../shared/schemas/sessions';
import { authedProcedure, router } from '../../trpc/init';
import { endOtherSessions, endSession, listSessions } from './sessions.service';

/** The signed-in devices of the account (docs/api.md, "Signed-in devices"). */
export const sessionsRouter = router({
  list: authedProcedure.output(sessionListSchema).query(({ ctx }) => listSessions(ctx, ctx.user)),
  end: authedProcedure.input(endSessionInputSchema).mutation(async ({ ctx, input }) => {
    await endSession(ctx, ctx.user, input.id);
    return { ok: true as const };
  }),
  endOthers: authedProcedure
    .output(endOtherSessionsResultSchema)
    .mutation(({ ctx }) => endOtherSessions(ctx, ctx.user)),
});
