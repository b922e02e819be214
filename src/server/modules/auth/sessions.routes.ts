import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { endOtherSessionsResultSchema, sessionListSchema } from '../../../shared/schemas/sessions';
import { noContentSchema } from '../../../shared/schemas/responses';
import { pathId, requireUser } from '../../lib/http';
import { endOtherSessions, endSession, listSessions, SESSION_NOT_FOUND } from './sessions.service';

/** docs/api.md, "Signed-in devices": the account's sessions, and signing one or all others out. */
export const sessionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['auth'];
  app.get(
    '/auth/sessions',
    {
      schema: {
        summary: "The account's signed-in devices, most recently used first; `current` marks this one",
        tags,
        response: { 200: sessionListSchema },
      },
    },
    async (request) => listSessions(request.ctx, await requireUser(request)),
  );

  app.post(
    '/auth/sessions/end-others',
    {
      schema: {
        summary: 'Sign out every other device of the account; this one stays signed in',
        tags,
        response: { 200: endOtherSessionsResultSchema },
      },
    },
    async (request) => endOtherSessions(request.ctx, await requireUser(request)),
  );

  app.delete(
    '/auth/sessions/:id',
    {
      schema: {
        summary: 'Sign out one device of the account (404 for an unknown, ended or foreign session)',
        tags,
        params: z.object({ id: z.string() }),
        response: { 204: noContentSchema },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      // A path that cannot name a session finds nothing, as an unknown one (`end-others` with another method too).
      await endSession(request.ctx, user, pathId(request, SESSION_NOT_FOUND));
      return reply.code(204).send();
    },
  );
};
