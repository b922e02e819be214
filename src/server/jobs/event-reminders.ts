import type { ServiceDeps } from '../context';
import { sendDueEventReminders, type EventReminderSweepOutcome } from '../modules/messages/event-reminders.service';
import type { JobLog } from './auto-assign';
import { repeatingSweep } from './repeating-sweep';

const silentLog: JobLog = { info() {}, warn() {}, error() {} };

export type EventRemindersRunnerOptions = {
  /** How many India days before the event the reminder goes (`EVENT_REMINDER_DAYS_BEFORE`). */
  daysBefore: number;
  /** How often the sweep runs (default 15 minutes). */
  sweepIntervalMs?: number;
  /** The clock reminders are judged by (tests move it). */
  now?: () => Date;
  log?: JobLog;
};

export type EventRemindersRunner = {
  /** One sweep now: queue every event reminder due today and not sent yet. */
  sweepOnce(): Promise<EventReminderSweepOutcome>;
  /** Stops sweeping, finishing the sweep in progress; the database stays open for its owner. */
  stop(): Promise<void>;
};

/**
 * The event reminder job (docs/decisions.md, "Event reminders"), run as the payment reminder job is: every instance
 * sweeps at start and then every interval (`sendDueEventReminders`). Exactly once comes from the `event_reminders`
 * row claimed in the transaction that queues the WhatsApp message, so overlapping sweeps and restarts send each
 * reminder once; the WhatsApp outbox worker delivers it.
 */
export function startEventRemindersRunner(
  deps: ServiceDeps,
  options: EventRemindersRunnerOptions,
): EventRemindersRunner {
  const log = options.log ?? silentLog;
  const now = options.now ?? (() => new Date());
  const sweepIntervalMs = options.sweepIntervalMs ?? 15 * 60_000;

  async function sweep(): Promise<EventReminderSweepOutcome> {
    const outcome = await sendDueEventReminders(deps, options.daysBefore, now());
    for (const r of outcome.sent) {
      log.info({ bookingId: r.bookingId, eventDate: r.eventDate }, 'event reminder queued');
    }
    for (const f of outcome.failed) {
      log.error({ err: f.error, bookingId: f.bookingId }, 'event reminder failed; the next sweep retries');
    }
    return outcome;
  }

  const loop = repeatingSweep({
    sweep,
    intervalMs: sweepIntervalMs,
    onError: (error) => log.error({ err: error }, 'event reminder sweep failed'),
  });

  log.info({ sweepIntervalMs, daysBefore: options.daysBefore }, 'event reminders: the sweep');
  loop.schedule(0);

  return { sweepOnce: () => loop.sweepOnce(), stop: () => loop.stop() };
}
