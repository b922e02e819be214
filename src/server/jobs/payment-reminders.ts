import type { ServiceDeps } from '../context';
import { sendDueReminders, type ReminderSweepOutcome } from '../modules/payments/payment-reminders.service';
import type { JobLog } from './auto-assign';
import { repeatingSweep } from './repeating-sweep';

const silentLog: JobLog = { info() {}, warn() {}, error() {} };

export type PaymentRemindersRunnerOptions = {
  /** How often the sweep runs (default 15 minutes). */
  sweepIntervalMs?: number;
  /** The clock reminders are judged by (tests move it). */
  now?: () => Date;
  log?: JobLog;
};

export type PaymentRemindersRunner = {
  /** One sweep now: send every reminder due today and not sent yet. */
  sweepOnce(): Promise<ReminderSweepOutcome>;
  /** Stops sweeping, finishing the sweep in progress; the database stays open for its owner. */
  stop(): Promise<void>;
};

/**
 * The payment reminder job (docs/decisions.md, "Payment reminders"): every instance sweeps at start and then every
 * interval (`sendDueReminders`). Reminders are due by the India day, so a sweep every few minutes is punctual
 * enough and no queue is needed: exactly once comes from the `payment_reminders` row claimed in the transaction
 * that queues the e-mail, so sweeps that overlap (in one process or many) and restarts send each reminder once.
 */
export function startPaymentRemindersRunner(
  deps: ServiceDeps,
  options: PaymentRemindersRunnerOptions = {},
): PaymentRemindersRunner {
  const log = options.log ?? silentLog;
  const now = options.now ?? (() => new Date());
  const sweepIntervalMs = options.sweepIntervalMs ?? 15 * 60_000;

  async function sweep(): Promise<ReminderSweepOutcome> {
    const outcome = await sendDueReminders(deps, now());
    for (const r of outcome.sent) {
      log.info(
        { bookingId: r.bookingId, instalment: r.instalment, dueDate: r.dueDate, stage: r.stage },
        'payment reminder queued',
      );
    }
    for (const f of outcome.failed) {
      log.error({ err: f.error, bookingId: f.bookingId }, 'payment reminder failed; the next sweep retries');
    }
    return outcome;
  }

  const loop = repeatingSweep({
    sweep,
    intervalMs: sweepIntervalMs,
    onError: (error) => log.error({ err: error }, 'payment reminder sweep failed'),
  });

  log.info({ sweepIntervalMs }, 'payment reminders: the sweep');
  loop.schedule(0);

  return { sweepOnce: () => loop.sweepOnce(), stop: () => loop.stop() };
}
