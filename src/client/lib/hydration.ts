import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while the browser hydrates a pre-rendered page (and in the build-time render itself), true otherwise. A
 * part that reads what only the browser knows (the stored session, this tab's draft, today's date, the toaster's
 * element) renders what the build rendered first and its own state right after, so hydration matches the HTML
 * (docs/decisions.md, "Pre-rendered public pages"). A page that was not pre-rendered gets true from its first
 * render.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
