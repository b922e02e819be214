import PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../db/client';
import type { ServiceDeps } from '../context';
import { awardDueProjects, awardProject, projectsDueBetween } from '../modules/projects/award.service';
import type { AwardResultDto } from '../../shared/schemas/projects';
import { pgliteBossDb } from './pglite-boss';
import { repeatingSweep } from './repeating-sweep';

/** The pg-boss queue of per-project award jobs. */
export const AUTO_ASSIGN_QUEUE = 'project-auto-assign';

/** The pino-style logger a background job writes to (a child of the app's). */
export type JobLog = {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

const silentLog: JobLog = { info() {}, warn() {}, error() {} };

export type AutoAssignRunnerOptions = {
  /**
   * 'pg-boss' (default): per-project jobs through pg-boss, at each project's auto-assign date, plus the sweep.
   * 'sweep': the interval sweep alone. When pg-boss cannot start, the runner logs why and keeps sweeping.
   */
  mode?: 'pg-boss' | 'sweep';
  /** How often the sweep runs (default one minute). */
  sweepIntervalMs?: number;
  /** How far ahead of their date the sweep queues jobs (default two sweep intervals). */
  lookAheadMs?: number;
  /** How often each pg-boss worker polls for due jobs (default 2 s). */
  pollingIntervalSeconds?: number;
  /** Jobs one worker takes per poll (default 20). */
  batchSize?: number;
  /** Connections in pg-boss's own pool on PostgreSQL (default 3). */
  poolSize?: number;
  /** The clock awards are made with (tests move it). */
  now?: () => Date;
  log?: JobLog;
};

export type SweepOutcome = {
  results: AwardResultDto[];
  failed: number;
  /** Per-project jobs handed to pg-boss by this pass (0 without pg-boss). */
  queued: number;
};

export type AutoAssignRunner = {
  /** 'pg-boss' while pg-boss runs the per-project jobs; 'sweep' when the sweep alone awards. */
  readonly mode: 'pg-boss' | 'sweep' | 'starting';
  /** Settles once pg-boss has started (or failed to, and the runner fell back to the sweep). */
  readonly ready: Promise<void>;
  /** One sweep now: award what is due, queue jobs for what falls due soon. */
  sweepOnce(): Promise<SweepOutcome>;
  /** Stops sweeping and pg-boss (finishing the award in progress); the database stays open for its owner. */
  stop(): Promise<void>;
};

type AwardJob = { project_id: string };

/**
 * The auto-assign runner (docs/product.md#auto-assign). Every open project is awarded at its auto-assign date,
 * exactly once, whatever the number of processes and whatever crashes:
 *
 * - The award itself (`awardProject` / `awardDueProjects`) is idempotent: a locked row plus a guarded
 *   `UPDATE ... WHERE status = 'open'`, with every notification and e-mail in the same transaction. Running it
 *   twice, or in three processes at once, awards once.
 * - pg-boss delivers the per-project job at the date (stately queue, singletonKey = project id, `startAfter` =
 *   the date), which makes awards punctual.
 * - The sweep, every minute in every process, awards whatever is due and still open (a job lost with a killed
 *   process, a date moved by hand, a project opened while no worker ran) and queues the jobs of projects falling
 *   due within the next two sweeps. Queuing from the sweep instead of at assignment keeps the services free of
 *   queue plumbing and picks up date changes; it is done well before the date, so the job still runs on time.
 */
export function startAutoAssignRunner(
  database: DatabaseHandle,
  deps: ServiceDeps,
  options: AutoAssignRunnerOptions = {},
): AutoAssignRunner {
  const log = options.log ?? silentLog;
  const now = options.now ?? (() => new Date());
  const sweepIntervalMs = options.sweepIntervalMs ?? 60_000;
  const lookAheadMs = options.lookAheadMs ?? 2 * sweepIntervalMs;
  let mode: AutoAssignRunner['mode'] = options.mode === 'sweep' ? 'sweep' : 'starting';
  let boss: PgBoss | null = null;
  let stopped = false;

  async function handleJobs(jobs: PgBoss.Job<AwardJob>[]): Promise<void> {
    for (const job of jobs) {
      const result = await awardProject(deps, job.data.project_id, now());
      if (result)
        log.info(
          { projectId: result.project_id, status: result.status, rule: result.rule, supplierId: result.supplier_id },
          'project closed by its job',
        );
    }
  }

  /** One attempt at starting pg-boss: install or migrate its schema, create the queue, start the worker. */
  async function tryStartBoss(): Promise<PgBoss> {
    const candidate =
      database.kind === 'postgres'
        ? new PgBoss({
            connectionString: database.url,
            max: options.poolSize ?? 3,
            application_name: 'annapurna-events-jobs',
            schedule: false,
          })
        : new PgBoss({ db: pgliteBossDb(database.client), schedule: false });
    candidate.on('error', (error) => log.error({ err: error }, 'pg-boss error'));
    try {
      await candidate.start();
      await candidate.createQueue(AUTO_ASSIGN_QUEUE, {
        name: AUTO_ASSIGN_QUEUE,
        policy: 'stately',
        retryLimit: 3,
        retryDelay: 10,
        expireInSeconds: 60,
      });
      await candidate.work<AwardJob>(
        AUTO_ASSIGN_QUEUE,
        { batchSize: options.batchSize ?? 20, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 },
        handleJobs,
      );
      return candidate;
    } catch (error) {
      await candidate.stop({ graceful: false, timeout: 1000 }).catch(() => {});
      // A start that failed half-way never "started", so stop() leaves pg-boss's own pool open: close it.
      await (candidate.getDb() as { close?: () => Promise<void> }).close?.().catch(() => {});
      throw error;
    }
  }

  /**
   * Starts pg-boss, trying three times (instances starting together against a fresh database race to install
   * pg-boss's schema); if it still fails, the sweep alone carries on and the reason is logged.
   */
  async function startBoss(): Promise<void> {
    if (options.mode === 'sweep') return;
    const delays = [1000, 3000];
    for (let attempt = 1; ; attempt += 1) {
      try {
        const started = await tryStartBoss();
        if (stopped) {
          await started.stop({ graceful: true, wait: true, timeout: 10_000 }).catch(() => {});
          return;
        }
        boss = started;
        mode = 'pg-boss';
        log.info(
          { database: database.kind, sweepIntervalMs },
          'auto-assign: pg-boss jobs at each date, plus the sweep',
        );
        return;
      } catch (error) {
        const wait = delays[attempt - 1];
        if (wait === undefined || stopped) {
          mode = 'sweep';
          log.error({ err: error }, 'pg-boss did not start; the auto-assign sweep alone awards projects');
          return;
        }
        log.warn({ err: error, attempt }, 'pg-boss did not start; trying again');
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
  }

  /** Hands pg-boss one job per project falling due soon; a project that already has a pending job is skipped. */
  async function queueSoonDue(at: Date): Promise<number> {
    if (!boss) return 0;
    const soon = await projectsDueBetween(deps, at, new Date(at.getTime() + lookAheadMs));
    if (soon.length === 0) return 0;
    await boss.insert(
      soon.map((p) => ({
        name: AUTO_ASSIGN_QUEUE,
        data: { project_id: p.id } satisfies AwardJob,
        singletonKey: p.id,
        startAfter: p.autoAssignDate.toISOString(),
      })),
    );
    return soon.length;
  }

  async function sweep(): Promise<SweepOutcome> {
    const at = now();
    const { results, failed } = await awardDueProjects(deps, at);
    for (const r of results) {
      log.info(
        { projectId: r.project_id, status: r.status, rule: r.rule, supplierId: r.supplier_id },
        'project closed by the sweep',
      );
    }
    for (const f of failed)
      log.error({ err: f.error, projectId: f.projectId }, 'auto-assign failed; the next sweep retries');
    const queued = await queueSoonDue(at);
    return { results, failed: failed.length, queued };
  }

  const loop = repeatingSweep({
    sweep,
    intervalMs: sweepIntervalMs,
    onError: (error) => log.error({ err: error }, 'auto-assign sweep failed'),
  });

  const ready = startBoss()
    .catch((error: unknown) => log.error({ err: error }, 'auto-assign start failed'))
    .finally(() => {
      // Queue the jobs of projects falling due soon without waiting a whole interval.
      if (!stopped && boss) loop.schedule(0);
    });
  if (options.mode === 'sweep') log.info({ database: database.kind, sweepIntervalMs }, 'auto-assign: the sweep alone');
  loop.schedule(0);

  return {
    get mode() {
      return mode;
    },
    ready,
    sweepOnce: () => loop.sweepOnce(),
    async stop() {
      stopped = true;
      await loop.stop();
      await ready;
      const current = boss;
      boss = null;
      if (current) await current.stop({ graceful: true, wait: true, timeout: 10_000 }).catch(() => {});
    },
  };
}
