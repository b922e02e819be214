/**
 * Idempotency keys for requests that create something (the instant quote). A retry of the same request reuses
 * its key, so a quote the server saved before the connection dropped is answered again instead of booked twice
 * (docs/security.md, "Crash safety"); anything else gets a fresh key.
 */

/** A random version-4 UUID. `crypto.randomUUID` exists only in secure contexts; `getRandomValues` everywhere. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function' && globalThis.isSecureContext !== false) return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Remembers the key of the last request that did not get an answer: sending the same body again reuses it, a
 * different body gets a new one. `settle()` forgets it once the server has answered.
 */
export function createRetryKeys() {
  let pending: { body: string; key: string } | null = null;
  return {
    keyFor(body: unknown): string {
      const serialised = JSON.stringify(body);
      if (pending?.body !== serialised) pending = { body: serialised, key: newIdempotencyKey() };
      return pending.key;
    },
    settle() {
      pending = null;
    },
  };
}
