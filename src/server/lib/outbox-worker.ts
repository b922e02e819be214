import { sql } from 'drizzle-orm';

/**
 * What the e-mail and WhatsApp outbox workers share (docs/architecture.md, "Outboxes"): the retry rule, the lease
 * arithmetic and the polling loop. Each worker keeps its own claim and its own outcomes, because they differ by
 * table and channel; the rule of claiming (one guarded UPDATE with `FOR UPDATE SKIP LOCKED`, later writes guarded
 * by the claimed attempt) is the same and documented on each.
 */

/** After this many failed attempts a message is marked `failed` and left for a person to look at. */
export const MAX_SEND_ATTEMPTS = 5;

/** Waits after the 1st, 2nd, 3rd and 4th failure: a provider outage of a few hours loses nothing. */
const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000] as const;

export function defaultRetryDelayMs(attempt: number): number {
  return RETRY_DELAYS_MS[Math.min(Math.max(attempt, 1), RETRY_DELAYS_MS.length) - 1]!;
}

/** `now()` plus a number of milliseconds, in the database's clock (all workers share it). */
export const afterMs = (ms: number) => sql`now() + make_interval(secs => ${ms / 1000})`;

export type WorkerLog = {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

const silentLog: WorkerLog = { info() {}, warn() {}, error() {} };

export type OutboxWorkerOptions = {
  /** Poll for due messages in the background (default true). Tests set false and call `drainOnce()`. */
  poll?: boolean;
  pollIntervalMs?: number;
  /** How long a claimed message is hidden from other workers while it is being sent. */
  leaseMs?: number;
  /** Most messages sent in one pass. */
  batchSize?: number;
  retryDelayMs?: (attempt: number) => number;
  log?: WorkerLog;
};

/** The options with their defaults filled in. */
export type OutboxSettings = Required<Omit<OutboxWorkerOptions, 'poll'>>;

export type OutboxWorker<Result> = {
  /** Sends every due message once (up to the batch size) and reports what happened. */
  drainOnce(): Promise<Result>;
  /** Stops polling and waits for the pass in progress; the transport stays open (its owner closes it). */
  stop(): Promise<void>;
};

/**
 * Runs an outbox: `sendNext` claims and sends one due message and says what became of it (`null` when nothing is
 * due). A pass sends up to the batch size; passes repeat every poll interval until `stop()`, which ends the pass
 * after the message in hand: the rest wait in the outbox for the next start.
 */
export function startOutboxWorker<Outcome extends string>(
  name: string,
  options: OutboxWorkerOptions,
  outcomes: readonly Outcome[],
  sendNext: (settings: OutboxSettings) => Promise<Outcome | null>,
): OutboxWorker<Record<Outcome, number>> {
  const settings: OutboxSettings = {
    pollIntervalMs: options.pollIntervalMs ?? 2_000,
    leaseMs: options.leaseMs ?? 5 * 60_000,
    batchSize: options.batchSize ?? 50,
    retryDelayMs: options.retryDelayMs ?? defaultRetryDelayMs,
    log: options.log ?? silentLog,
  };
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;

  async function drainOnce(): Promise<Record<Outcome, number>> {
    const result = Object.fromEntries(outcomes.map((outcome) => [outcome, 0])) as Record<Outcome, number>;
    for (let i = 0; i < settings.batchSize && !stopped; i += 1) {
      const outcome = await sendNext(settings);
      if (outcome === null) break;
      result[outcome] += 1;
    }
    return result;
  }

  const tick = () => {
    running = drainOnce()
      .catch((error: unknown) => settings.log.error({ err: error }, `${name} worker pass failed`))
      .finally(() => {
        running = undefined;
        if (!stopped) schedule(settings.pollIntervalMs);
      });
  };
  const schedule = (ms: number) => {
    timer = setTimeout(tick, ms);
    timer.unref();
  };
  if (options.poll ?? true) schedule(0);

  return {
    drainOnce,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
