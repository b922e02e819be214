import { useRef, useState } from 'react';

/**
 * For a submit that may have to wait for code fetched after the first render (lib/deferred-module.ts): `waiting`
 * renders the button busy, `isWaiting()` is read in the same tick (so a second submit before the re-render is
 * ignored), and `whileWaiting(promise)` marks the wait around the promise, however it settles.
 */
export function useWaiting() {
  const [waiting, setWaiting] = useState(false);
  const waitingRef = useRef(false);
  const mark = (on: boolean) => {
    waitingRef.current = on;
    setWaiting(on);
  };
  async function whileWaiting<Value>(promise: Promise<Value>): Promise<Value> {
    mark(true);
    try {
      return await promise;
    } finally {
      mark(false);
    }
  }
  return { waiting, isWaiting: () => waitingRef.current, whileWaiting };
}
