import { homePathForRole } from '../../shared/domain';

export const NEXT_PARAM = 'next';

/**
 * Only a path of this site is followed after sign-in, so a crafted link cannot send a user to another site: the
 * value must read as a path on its own (one leading `/`, no backslash, no control characters or spaces, which browsers
 * drop before parsing: `/\t/evil.example` would become `//evil.example`), and must resolve to this origin. Anything
 * else, including a value that does not parse, gives null: the caller then goes home.
 */
export function safeNextPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || /[\\\s\p{Cc}]/u.test(value)) return null;
  try {
    const base = new URL(window.location.origin);
    const target = new URL(value, base);
    if (target.origin !== base.origin) return null;
    return `${target.pathname}${target.search}${target.hash}`;
  } catch {
    return null;
  }
}

/** `/login?next=/bookings`: where a signed-out visitor is sent from a page that needs a session. */
export function loginPathFor(returnTo: string): string {
  return `/login?${new URLSearchParams({ [NEXT_PARAM]: returnTo }).toString()}`;
}

/**
 * docs/product.md#accounts: admins land on /admin, suppliers on /supplier, everyone else on /. A customer who was sent
 * to sign in from one of their own pages (My Bookings) goes back there instead of home.
 */
export function destinationAfterSignIn(role: string, next: string | null): string {
  const home = homePathForRole(role);
  return home === '/' && next ? next : home;
}
