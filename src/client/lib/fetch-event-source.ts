import { readToken } from './token-storage';

type Listener = (event: MessageEvent<string>) => void;

const RETRY_MS = 3_000;

/**
 * An EventSource that sends the session's bearer token. The browser's EventSource cannot send headers, and a token
 * in the URL would end up in logs (docs/security.md); this reads the same `text/event-stream` with fetch and keeps
 * EventSource's behaviour tRPC relies on: `open`, `message` and named events, `error` then a reconnect with
 * `Last-Event-ID` after a dropped connection, `close()`, and `readyState`. Same origin only, so the CSP's
 * `connect-src 'self'` covers it.
 */
export class FetchEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readonly CLOSED = 2;
  readonly withCredentials = false;
  readyState = 0;
  private abort = new AbortController();
  private lastEventId = '';

  constructor(readonly url: string) {
    super();
    void this.connect();
  }

  override addEventListener(type: string, listener: Listener | EventListenerOrEventListenerObject | null): void {
    super.addEventListener(type, listener as EventListener);
  }

  close(): void {
    this.readyState = this.CLOSED;
    this.abort.abort();
  }

  private async connect(): Promise<void> {
    while (this.readyState !== this.CLOSED) {
      try {
        const token = readToken();
        const response = await fetch(this.url, {
          headers: {
            accept: 'text/event-stream',
            ...(token && { authorization: `Bearer ${token}` }),
            ...(this.lastEventId && { 'last-event-id': this.lastEventId }),
          },
          signal: this.abort.signal,
        });
        if (!response.ok || !response.body) {
          // Refused (signed out, no inbox): reconnecting would be refused again.
          this.readyState = this.CLOSED;
          this.dispatchEvent(new Event('error'));
          return;
        }
        this.readyState = this.OPEN;
        this.dispatchEvent(new Event('open'));
        await this.read(response.body);
      } catch {
        if (this.readyState === this.CLOSED) return;
      }
      if (this.readyState === this.CLOSED) return;
      this.readyState = this.CONNECTING;
      this.dispatchEvent(new Event('error'));
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
  }

  private async read(body: ReadableStream<Uint8Array>): Promise<void> {
    const reader = body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        this.dispatchBlock(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
      }
    }
  }

  private dispatchBlock(block: string): void {
    let type = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line === '' || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') type = value;
      else if (field === 'data') data.push(value);
      else if (field === 'id') this.lastEventId = value;
    }
    if (data.length === 0) return;
    this.dispatchEvent(new MessageEvent(type, { data: data.join('\n'), lastEventId: this.lastEventId }));
  }
}
