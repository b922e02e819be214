import type { FastifyPluginAsync } from 'fastify';
import { getBrand } from './site.service';

/** `GET /api/site/brand`: the business identity the pages show. */
export const siteRoutes: FastifyPluginAsync = async (app) => {
  app.get('/site/brand', async (request) => getBrand(request.ctx));
};
