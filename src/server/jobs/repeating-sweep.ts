/**
 * A sweep run every `intervalMs` and on demand, one at a time: a run asked for while one is running joins it, the
 * next is timed from the end of the last, and `stop` waits for the one in progress. The auto-assign and
 * payment-reminder runners share it.
 */
export type RepeatingSweep<T> = {
  /** Runs the next sweep `ms` from now (replacing a run already timed). */
  schedule(ms: number): void;
  /** Waits for a sweep in progress, then runs one now. */
  sweepOnce(): Promise<T>;
  /** No more sweeps; settles once the one in progress has ended. */
  stop(): Promise<void>;
};

export function repeatingSweep<T>(options: {
  sweep(): Promise<T>;
  intervalMs: number;
  onError(error: unknown): void;
}): RepeatingSweep<T> {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<T> | undefined;

  const runSweep = (): Promise<T> => {
    running ??= options.sweep().finally(() => {
      running = undefined;
    });
    return running;
  };
  const tick = () => {
    timer = undefined;
    void runSweep()
      .catch(options.onError)
      .finally(() => {
        if (!stopped) schedule(options.intervalMs);
      });
  };
  const schedule = (ms: number) => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(tick, ms);
    timer.unref();
  };

  return {
    schedule,
    async sweepOnce() {
      await running?.catch(() => {});
      return runSweep();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running?.catch(() => {});
    },
  };
}
