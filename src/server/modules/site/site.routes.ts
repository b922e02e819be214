import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { brandResponseSchema } from '../../../shared/schemas/responses';
import { getBrand } from './site.service';

/** `GET /api/site/brand`: the business identity the pages show. */
export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/site/brand',
    { schema: { summary: 'The business identity', tags: ['site'], response: { 200: brandResponseSchema } } },
    async (request) => getBrand(request.ctx),
  );
};
