import { useEffect, useState } from 'react';

type SecretKey = 'code' | 'token';

/** Secrets taken from the address bar and not yet handed to a mounted page, by the fragment's key. */
const taken = new Map<SecretKey, string>();

function takeLinkSecret(key: SecretKey): string {
  const fromLink = new RegExp(`^#${key}=([A-Za-z0-9_-]+)$`).exec(window.location.hash)?.[1];
  if (fromLink) {
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    taken.set(key, fromLink);
    return fromLink;
  }
  const kept = taken.get(key) ?? '';
  taken.delete(key);
  return kept;
}

/**
 * The one-time secret a link carries in its fragment (`/setup#code=…`, `/reset-password#token=…`), or '' without
 * one. It leaves the address bar at once, so it stays out of the history and of an address shared later. A first
 * render that takes it may be thrown away before it mounts (a lazy part still loading beside it): the render that
 * replaces it gets the same secret from memory, which is forgotten once the page has mounted.
 */
export function useLinkSecret(key: SecretKey): string {
  const [secret] = useState(() => takeLinkSecret(key));
  useEffect(() => {
    taken.delete(key);
  }, [key]);
  return secret;
}
