import type { FastifyPluginAsync } from 'fastify';
import { pageViewInputSchema } from '../../../shared/schemas/analytics';
import { parseInput } from '../../lib/http';
import { recordPageView } from './analytics.service';

/** `POST /api/analytics/page-view` `{path}`: 204, the same for a counted view and an ignored crawler. */
export const analyticsRoutes: FastifyPluginAsync = async (app) => {
  app.post('/analytics/page-view', async (request, reply) => {
    await recordPageView(request.ctx, parseInput(pageViewInputSchema, request.body, 'body'), request.ctx.request);
    return reply.code(204).send();
  });
};
