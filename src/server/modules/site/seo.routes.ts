import type { FastifyPluginAsync } from 'fastify';
import { robotsTxt, sitemapXml } from './seo.service';

/** How long crawlers and proxies may keep robots.txt and the sitemap: they change only with a deploy. */
const CACHE_CONTROL = 'public, max-age=3600';

/**
 * `GET /robots.txt` and `GET /sitemap.xml` at the site root (docs/product.md, "Link previews and search"), with
 * absolute URLs under PUBLIC_BASE_URL. Not part of the REST contract: they are for crawlers, not API clients.
 */
export const seoRoutes: FastifyPluginAsync = async (app) => {
  const baseUrl = app.deps.config.publicBaseUrl;
  const robots = robotsTxt(baseUrl);
  const sitemap = sitemapXml(baseUrl);
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', CACHE_CONTROL).send(robots),
  );
  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('application/xml; charset=utf-8').header('cache-control', CACHE_CONTROL).send(sitemap),
  );
};
