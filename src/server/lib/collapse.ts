/**
 * Request collapsing: concurrent callers asking the same question of the same database share one query. A caller
 * that arrives while the query runs gets its answer; the first caller after it settles starts a new one, so no
 * answer is older than the query that was in flight when it was asked. Under load this turns fifty identical
 * reads into one (`GET /api/health` and `/api/testimonials` within reach of a bare route); a lone caller
 * sees no difference. Keyed by an object (the database), so apps sharing a process never share answers.
 */
export function collapsed<Key extends object, T>(load: (key: Key) => Promise<T>): (key: Key) => Promise<T> {
  const inFlight = new WeakMap<Key, Promise<T>>();
  return (key) => {
    let answer = inFlight.get(key);
    if (!answer) {
      answer = load(key).finally(() => inFlight.delete(key));
      inFlight.set(key, answer);
    }
    return answer;
  };
}

/**
 * A collapsed load whose answer is also kept for `freshMs`: for public, rarely changing reads (the landing page's
 * testimonials), where an answer a few seconds old is as good as a new one. A failed load is not kept.
 */
export function cachedFor<Key extends object, T>(
  freshMs: number,
  load: (key: Key) => Promise<T>,
): (key: Key) => Promise<T> {
  const kept = new WeakMap<Key, { value: Promise<T>; until: number }>();
  const reload = collapsed(load);
  return (key) => {
    const now = Date.now();
    const entry = kept.get(key);
    if (entry && entry.until > now) return entry.value;
    const value = reload(key);
    kept.set(key, { value, until: now + freshMs });
    value.catch(() => {
      if (kept.get(key)?.value === value) kept.delete(key);
    });
    return value;
  };
}
