import { useCallback, useRef } from 'react';

/**
 * An action that runs once at a time: a second press while the first is on its way (a double-click) is dropped. A
 * mutation's `isPending` changes only at the next render, and both clicks of a double-click can land before it; the
 * second call would then replace the first's callbacks, so the first's answer (its success) would never be shown.
 * `start` is given `release`, which it calls once the action is settled (a mutation's `onSettled`).
 */
export function useSingleFlight(): (start: (release: () => void) => void) => void {
  const busy = useRef(false);
  return useCallback((start: (release: () => void) => void) => {
    if (busy.current) return;
    busy.current = true;
    start(() => {
      busy.current = false;
    });
  }, []);
}
