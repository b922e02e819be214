import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser, parseInput } from '../../lib/http';
import { inboxOf, liveInbox } from './live.service';
import { untilSessionEnds } from '../auth/sessions.service';

/** A comment line this often keeps proxies from closing a quiet stream. */
const PING_MS = 15_000;

const streamQuerySchema = z.object({ last_event_id: z.string().trim().max(100).optional() }).strict();

/**
 * `GET /api/notifications/stream`: the signed-in admin's or supplier's notifications as server-sent events, for any
 * client that is not the app (which uses the `notifications.live` subscription; both read `liveInbox`). Each event
 * is `event: snapshot | notification | unread` with a JSON `data` line and an `id:`; a client reconnecting with
 * `Last-Event-ID` (or `?last_event_id=`) gets what it missed first.
 */
export const liveRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/notifications/stream',
    {
      schema: {
        summary: 'Live notifications (server-sent events)',
        tags: ['notifications'],
        querystring: streamQuerySchema,
        response: {
          200: {
            description: 'A `text/event-stream` of snapshot, notification and unread events',
            content: { 'text/event-stream': { schema: z.string() } },
          },
        },
      },
    },
    async (request, reply) => {
      // Who asks first: a signed-out caller is a 401 and a customer a 403 whatever the address says (docs/api.md).
      const user = await requireUser(request);
      const inbox = inboxOf(user);
      const query = parseInput(streamQuerySchema, request.query, 'query');
      const header = request.headers['last-event-id'];
      const lastEventId = (typeof header === 'string' ? header : undefined) ?? query.last_event_id;
      const stop = new AbortController();
      // The stream ends when its session does (docs/decisions.md, "Sessions and the browser binding").
      const events = liveInbox(
        request.ctx,
        request.ctx.live,
        inbox,
        lastEventId,
        untilSessionEnds(request.ctx, user, stop.signal),
      );
      // The first event is read before the answer starts, so an unavailable feed is still a plain error answer.
      const first = await events.next();
      const out = new PassThrough();
      const write = (id: string, event: { type: string }) =>
        out.write(`event: ${event.type}\nid: ${id}\ndata: ${JSON.stringify(event)}\n\n`);
      if (!first.done) write(first.value.id, first.value.event);
      const ping = setInterval(() => out.write(': ping\n\n'), PING_MS);
      const end = () => {
        clearInterval(ping);
        stop.abort();
      };
      request.raw.once('close', end);
      void (async () => {
        try {
          for await (const { id, event } of events) write(id, event);
        } catch (error) {
          request.log.error({ err: error }, 'live stream failed');
        } finally {
          end();
          out.end();
        }
      })();
      return (
        reply
          .header('content-type', 'text/event-stream; charset=utf-8')
          .header('cache-control', 'no-cache, no-transform')
          .header('x-accel-buffering', 'no')
          // A stream, not the string the documented schema describes: Fastify pipes it without serialising.
          .send(out as never)
      );
    },
  );
};
