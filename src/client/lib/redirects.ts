import { homePathForRole } from '../../shared/domain';

export const NEXT_PARAM = 'next';

/** Only same-site paths are followed after sign-in, so a crafted link cannot send a user to another site. */
export function safeNextPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  return value;
}

/** `/login?next=/bookings`: where a signed-out visitor is sent from a page that needs a session. */
export function loginPathFor(returnTo: string): string {
  return `/login?${new URLSearchParams({ [NEXT_PARAM]: returnTo }).toString()}`;
}

/**
 * docs/product.md#accounts: admins land on /admin, suppliers on /supplier, everyone else on /. A customer who was sent to
 * sign in from one of their own pages (My Bookings) goes back there instead of home.
 */
export function destinationAfterSignIn(role: string, next: string | null): string {
  const home = homePathForRole(role);
  return home === '/' && next ? next : home;
}
