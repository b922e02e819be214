/**
 * Request collapsing: concurrent callers asking the same question of the same database share one query. A caller
 * that arrives while the query runs gets its answer; the first caller after it settles starts a new one, so no
 * answer is older than the query that was in flight when it was asked. Under load this turns fifty identical
 * reads into one (issue 7: `GET /api/health` and `/api/testimonials` within reach of a bare route); a lone caller
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
