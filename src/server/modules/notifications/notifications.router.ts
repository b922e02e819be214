import { tracked } from '@trpc/server';
import { liveInputSchema } from '../../../shared/schemas/notifications';
import { authedProcedure, router } from '../../trpc/init';
import { inboxOf, liveInbox } from './live.service';

/** `notifications.live`: an admin's or a supplier's notifications as they arrive (docs/api.md). */
export const notificationsRouter = router({
  live: authedProcedure.input(liveInputSchema).subscription(async function* ({ ctx, input, signal }) {
    const events = liveInbox(
      ctx,
      ctx.live,
      inboxOf(ctx.user),
      input?.lastEventId,
      signal ?? new AbortController().signal,
    );
    for await (const { id, event } of events) yield tracked(id, event);
  }),
});
