import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pageViewInputSchema } from '../../../shared/schemas/analytics';
import { noContentSchema } from '../../../shared/schemas/responses';
import { parseInput } from '../../lib/http';
import { recordPageView } from './analytics.service';

/** `POST /api/analytics/page-view` `{path}`: 204, the same for a counted view and an ignored crawler. */
export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const schema = {
    summary: 'Count a page view',
    tags: ['visitor'],
    body: pageViewInputSchema,
    response: { 204: noContentSchema },
  };
  app.post('/analytics/page-view', { schema }, async (request, reply) => {
    await recordPageView(request.ctx, parseInput(pageViewInputSchema, request.body, 'body'), request.ctx.request);
    return reply.code(204).send();
  });
};
