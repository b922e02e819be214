/** One server-sent event as a client reads it. */
export type SseEvent = { event: string; id: string | null; data: string };

/**
 * A server-sent events connection read with fetch (Node has no EventSource): `next(match)` resolves with the first
 * event from now on that matches, `close()` drops the connection as a lost network would.
 */
export async function openSse(url: string, headers: Record<string, string> = {}) {
  const abort = new AbortController();
  const response = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: abort.signal });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const queue: SseEvent[] = [];

  async function readEvent(): Promise<SseEvent> {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event: SseEvent = { event: 'message', id: null, data: '' };
        const data: string[] = [];
        for (const line of block.split('\n')) {
          if (line === '' || line.startsWith(':')) continue;
          const colon = line.indexOf(':');
          const field = colon < 0 ? line : line.slice(0, colon);
          const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
          if (field === 'event') event.event = value;
          else if (field === 'id') event.id = value;
          else if (field === 'data') data.push(value);
        }
        if (data.length === 0 && event.id === null && event.event === 'message') continue;
        event.data = data.join('\n');
        return event;
      }
      const { value, done } = await reader.read();
      if (done) throw new Error('stream ended');
      buffer += decoder.decode(value, { stream: true });
    }
  }

  return {
    status: response.status,
    headers: response.headers,
    async next(match: (event: SseEvent) => boolean = () => true): Promise<SseEvent> {
      const queued = queue.findIndex(match);
      if (queued >= 0) return queue.splice(queued, 1)[0]!;
      for (;;) {
        const event = await readEvent();
        if (match(event)) return event;
        queue.push(event);
      }
    },
    close() {
      abort.abort();
    },
  };
}
