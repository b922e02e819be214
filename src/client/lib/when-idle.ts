type IdleWindow = Window & {
  requestIdleCallback?(callback: () => void, options?: { timeout: number }): number;
  cancelIdleCallback?(handle: number): void;
};

/**
 * Runs `task` once the browser has nothing more urgent to do (at the latest after `timeout` ms), and returns a
 * function that cancels it. Pages use it to fetch the code they need after their first render, so that
 * code does not hold the first paint back and is there by the time the visitor reaches it.
 */
export function whenIdle(task: () => void, timeout = 1500): () => void {
  const scope = window as IdleWindow;
  if (scope.requestIdleCallback && scope.cancelIdleCallback) {
    const handle = scope.requestIdleCallback(task, { timeout });
    return () => scope.cancelIdleCallback?.(handle);
  }
  const handle = window.setTimeout(task, 1);
  return () => window.clearTimeout(handle);
}
