import { startTransition, useEffect, useState, useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/** The pre-rendered markup being hydrated, from `beginHydration` until every element of it belongs to React. */
let hydratingRoot: Element | null = null;

/** How often the hydration is looked at, and when it is taken as over whatever is left (a part that never hydrates). */
const CHECK_EVERY_MS = 100;
const GIVE_UP_AFTER_MS = 10_000;

/** Whether every element under the root has been taken over by React (it keeps its fiber on the element). */
function wholeTreeHydrated(root: Element): boolean {
  const first = root.firstElementChild;
  const fiberKey = first ? Object.keys(first).find((key) => key.startsWith('__reactFiber$')) : undefined;
  if (!fiberKey) return false;
  for (const element of root.querySelectorAll('*')) if (!(fiberKey in element)) return false;
  return true;
}

/** Whether a pre-rendered page is being hydrated (from `beginHydration` until it is over). */
export function isHydrating(): boolean {
  return hydratingRoot !== null;
}

function endHydration(): void {
  hydratingRoot = null;
}

/**
 * Called by the browser's entry (src/client/main.tsx) just before it hydrates a pre-rendered page. Until the whole
 * page is hydrated, or the visitor moves to another page in the app (wouter's history events), a part that mounts
 * starts as the build drew it. Ending late only costs such a part one more render; ending early costs nothing
 * but the slices (a part hydrated after it switches in one blocking task, as every part did before).
 */
export function beginHydration(root: Element): void {
  hydratingRoot = root;
  for (const event of ['popstate', 'pushState', 'replaceState']) addEventListener(event, endHydration, { once: true });
  const started = performance.now();
  const check = () => {
    if (hydratingRoot !== root) return;
    // A root emptied meanwhile (its app unmounted) hydrates nothing any more.
    const emptied = !root.isConnected || root.firstElementChild === null;
    if (emptied || wholeTreeHydrated(root) || performance.now() - started > GIVE_UP_AFTER_MS) endHydration();
    else setTimeout(check, CHECK_EVERY_MS);
  };
  setTimeout(check, CHECK_EVERY_MS);
}

/**
 * False while the browser hydrates a pre-rendered page (and in the build-time render itself), true otherwise. A
 * part that reads what only the browser knows (the stored session, this tab's draft, today's date, the toaster's
 * element) renders what the build rendered first and its own state right after, so hydration matches the HTML
 * (docs/decisions.md, "Pre-rendered public pages"). A part mounted after the hydration gets true from its first
 * render.
 *
 * The change to true is a transition, so React renders it in slices. A plain store whose client snapshot differs
 * from its server snapshot would make React re-render every part that asked, and everything below it, in one
 * blocking task right after hydrating (the landing page's hero and a legal page's whole text): the store here reads
 * as the build drew it until the hydration is over, and each hydrated part then switches on its own.
 */
export function useHydrated(): boolean {
  const mountedAfterHydration = useSyncExternalStore(
    subscribe,
    () => hydratingRoot === null,
    () => false,
  );
  const [hydrated, setHydrated] = useState(mountedAfterHydration);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
