import { tracked } from '@trpc/server';
import { liveInputSchema } from '../../../shared/schemas/notifications';
import { AppError } from '../../lib/errors';
import { authedProcedure, router } from '../../trpc/init';
import { inboxOf, liveInbox } from './live.service';
import { untilSessionEnds } from '../auth/sessions.service';

/** `notifications.live`: an admin's or a supplier's notifications as they arrive (docs/api.md). */
export const notificationsRouter = router({
  // Who may listen is decided before the stream starts, so a customer gets a plain 403 rather than a stream error.
  live: authedProcedure.input(liveInputSchema).subscription(({ ctx, input, signal }) => {
    const inbox = inboxOf(ctx.user);
    if (!ctx.live) throw new AppError('UNAVAILABLE', 'Live updates are not available');
    // The stream ends when its session does (docs/decisions.md, "Sessions and the browser binding"); however it
    // ends (the app closing, the client leaving), `ended` stops the session check with it.
    const ended = new AbortController();
    const stop = untilSessionEnds(ctx, ctx.user, signal ? AbortSignal.any([signal, ended.signal]) : ended.signal);
    const events = liveInbox(ctx, ctx.live, inbox, input?.lastEventId, stop);
    return (async function* () {
      try {
        for await (const { id, event } of events) yield tracked(id, event);
      } finally {
        ended.abort();
      }
    })();
  }),
});
