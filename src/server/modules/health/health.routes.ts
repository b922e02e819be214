import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client';
import { cachedFor } from '../../lib/collapse';

/**
 * How long a database that answered counts as up without asking again: a load balancer polling every few seconds
 * always gets a fresh probe, while a flood of checks costs one query per quarter second (docs/decisions.md,
 * "Health checks"). A failed probe is never reused: the next check asks again.
 */
const HEALTH_FRESH_MS = 250;

/** One `select 1` answers every health check that arrives while it runs or within HEALTH_FRESH_MS after it. */
const probeDatabase = cachedFor(HEALTH_FRESH_MS, (db: Database) => db.execute(sql`select 1`));

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
