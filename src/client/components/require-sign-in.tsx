import type { ReactNode } from 'react';
import { Redirect, useLocation } from 'wouter';
import { loginPathFor } from '../lib/redirects';
import { useSession } from '../lib/session';
import { PageLoader } from './page-loader';

/**
 * Sends signed-out visitors to /login, remembering the page so sign-in can bring them back. It waits for the
 * start-up token check, so a signed-in user reloading the page is not bounced.
 */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const { user, status } = useSession();
  const [location] = useLocation();
  if (status === 'loading') return <PageLoader />;
  if (!user) return <Redirect to={loginPathFor(location)} replace />;
  return children;
}
