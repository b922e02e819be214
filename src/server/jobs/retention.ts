import { and, isNotNull, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { DAY_MS, HOUR_MS } from '../../shared/dates';
import { analyticsEvents, userSessions } from '../db/schema';
import { purgeExpiredIdempotencyKeys } from '../lib/idempotency';
import type { ServiceDeps } from '../context';

/** Raw IP addresses are kept at most this long (docs/product.md#privacy; the privacy policy says so). */
export const IP_RETENTION_DAYS = 90;

const SIX_HOURS_MS = 6 * HOUR_MS;

/**
 * Erases the IP address of analytics events older than the retention period; browser family and device class
 * stay for the reports. Idempotent, so several instances running it at once is harmless.
 */
export async function eraseExpiredIps(deps: Pick<ServiceDeps, 'db'>, now: Date = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - IP_RETENTION_DAYS * DAY_MS);
  const erased = await deps.db
    .update(analyticsEvents)
    .set({ ipAddress: null })
    .where(and(isNotNull(analyticsEvents.ipAddress), lt(analyticsEvents.createdAt, cutoff)))
    .returning({ id: analyticsEvents.id });
  return erased.length;
}

/** Ended sessions are forgotten this long after they stopped working (docs/security.md, "Retention"). */
export const SESSION_RETENTION_DAYS = 30;

/** Deletes sessions that expired more than the retention period ago (revoked ones expire on time too). */
export async function purgeOldSessions(deps: Pick<ServiceDeps, 'db'>, now: Date = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - SESSION_RETENTION_DAYS * DAY_MS);
  const purged = await deps.db
    .delete(userSessions)
    .where(lt(userSessions.expiresAt, cutoff))
    .returning({ id: userSessions.id });
  return purged.length;
}

export type RetentionJob = { stop(): Promise<void> };

/** Runs the erasure (and forgets old idempotency keys and sessions) at start and every six hours until stopped. */
export function startRetentionJob(deps: Pick<ServiceDeps, 'db'>, log: FastifyBaseLogger): RetentionJob {
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = eraseExpiredIps(deps)
      .then((count) => {
        if (count > 0) log.info({ count }, 'erased IP addresses older than the retention period');
      })
      .catch((error: unknown) => log.error({ err: error }, 'IP retention job failed'))
      .then(() => purgeExpiredIdempotencyKeys(deps.db))
      .then((count) => {
        if (count > 0) log.info({ count }, 'forgot idempotency keys older than the retention period');
      })
      .catch((error: unknown) => log.error({ err: error }, 'idempotency key purge failed'))
      .then(() => purgeOldSessions(deps))
      .then((count) => {
        if (count > 0) log.info({ count }, 'forgot sessions ended more than the retention period ago');
      })
      .catch((error: unknown) => log.error({ err: error }, 'session purge failed'));
  };
  run();
  const timer = setInterval(run, SIX_HOURS_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
