import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client';
import { collapsed } from '../../lib/collapse';

/** One `select 1` answers every health check that arrives while it runs. */
const probeDatabase = collapsed((db: Database) => db.execute(sql`select 1`));

/** `GET /api/health`: 200 when the database answers, 503 otherwise (issue 2). */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/health', async (request, reply) => {
    try {
      await probeDatabase(app.deps.db);
      return { status: 'ok', database: 'up' };
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unreachable');
      return reply.code(503).send({ status: 'unavailable', database: 'down', detail: 'Database unreachable' });
    }
  });
};
