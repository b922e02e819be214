import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthDownResponseSchema, healthResponseSchema } from '../../../shared/schemas/responses';
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

/** `GET /api/health`: 200 when the database answers, 503 otherwise. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const schema = {
    summary: 'Up, and the database answers (503 otherwise)',
    tags: ['site'],
    response: { 200: healthResponseSchema, 503: healthDownResponseSchema },
  };
  app.get('/health', { schema }, async (request, reply) => {
    try {
      await probeDatabase(app.deps.db);
      return { status: 'ok' as const, database: 'up' as const };
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unreachable');
      return reply.code(503).send({ status: 'unavailable', database: 'down', detail: 'Database unreachable' });
    }
  });
};
