import { useQueryClient, type Query } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import type { AuthResult, UserDto } from '../../shared/schemas/auth';
import { httpStatusOf } from './errors';
import { useHydrated } from './hydration';
import { clearToken, readToken, writeToken } from './token-storage';
import { useTransitionQuery } from './transition-query';
import { trpc } from './trpc';

export type SessionStatus = 'loading' | 'ready';

export type Session = {
  user: UserDto | null;
  /** 'loading' only while a stored token is being checked at start-up. */
  status: SessionStatus;
  signIn(result: AuthResult): void;
  signOut(): Promise<void>;
  /** Reads the signed-in user again (after confirming the e-mail address, say); nothing when signed out. */
  refreshUser(): Promise<void>;
};

const SessionContext = createContext<Session | null>(null);

const SESSIONLESS_PATHS = new Set(['auth.me', 'auth.login', 'auth.register']);

// The business identity is the same for everyone; every other cached answer belongs to the user who fetched it.
function isUserScoped(query: Query): boolean {
  const path = query.queryKey[0];
  return !(Array.isArray(path) && path[0] === 'site');
}

/**
 * docs/product.md#accounts "Session" and docs/product.md#screens: a stored token is checked with `auth.me` on start; if
 * that fails the token is dropped without a message. Signing in stores the token and user; signing out tells
 * the server (best effort), then forgets both.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  const { client } = utils;
  const [startupToken] = useState(readToken);
  // Set by signIn/signOut in this tab; from then on it, not the start-up check, says who is signed in.
  const [local, setLocal] = useState<{ user: UserDto | null } | null>(null);

  // Its answer re-renders the app as a transition (transition-query.ts).
  const me = useTransitionQuery(
    utils.auth.me.queryOptions(undefined, { enabled: startupToken !== null && local === null, staleTime: Infinity }),
  );

  useEffect(() => {
    if (me.isError && local === null) clearToken();
  }, [me.isError, local]);

  const signIn = useCallback(
    (result: AuthResult) => {
      writeToken(result.access_token);
      queryClient.removeQueries({ predicate: isUserScoped });
      setLocal({ user: result.user });
    },
    [queryClient],
  );

  const signOut = useCallback(async () => {
    if (readToken() !== null) {
      try {
        // Awaited so the request still carries the token; the server revokes it.
        await client.auth.logout.mutate();
      } catch {
        // An expired token or an unreachable server must not keep the user signed in on this device.
      }
    }
    clearToken();
    queryClient.removeQueries({ predicate: isUserScoped });
    setLocal({ user: null });
    toast.success('Logged out successfully');
  }, [client, queryClient]);

  const refreshUser = useCallback(async () => {
    if (readToken() === null) return;
    const fresh = await client.auth.me.query();
    setLocal({ user: fresh });
  }, [client]);

  // A 401 from any later call means the token expired or was revoked (logout elsewhere, deactivation): sign out
  // here too, once, instead of leaving a signed-in look whose every action fails.
  useEffect(() => {
    const expire = (error: unknown, key: readonly unknown[] | undefined) => {
      const path = Array.isArray(key?.[0]) ? (key[0] as string[]).join('.') : '';
      // Start-up's auth.me is dropped silently (docs/product.md#accounts); a wrong password at sign-in is not an
      // expiry.
      if (httpStatusOf(error) !== 401 || SESSIONLESS_PATHS.has(path)) return;
      if (readToken() === null) return;
      clearToken();
      queryClient.removeQueries({ predicate: isUserScoped });
      setLocal({ user: null });
      toast.error('Your session has expired. Please sign in again.');
    };
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') {
        expire(event.action.error, event.query.queryKey);
      }
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') {
        expire(event.action.error, event.mutation?.options.mutationKey);
      }
    });
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [queryClient]);

  const user = local ? local.user : me.isSuccess ? me.data : null;
  const status: SessionStatus = local !== null || startupToken === null || !me.isPending ? 'ready' : 'loading';

  const value = useMemo<Session>(
    () => ({ user, status, signIn, signOut, refreshUser }),
    [user, status, signIn, signOut, refreshUser],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/**
 * The session as the component may show it. While the component hydrates a pre-rendered page it is the session the
 * build drew, nobody signed in, and the visitor's own one right after. This is asked in each component, not once in
 * the provider: React hydrates the parts below a `<Suspense>` after the provider has already hydrated, so by then
 * the provider may hold the visitor's session while the HTML still shows a signed-out page (docs/decisions.md,
 * "Pre-rendered public pages").
 */
export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  const hydrated = useHydrated();
  const asBuilt = useMemo<Session>(() => ({ ...session, user: null, status: 'ready' }), [session]);
  return hydrated ? session : asBuilt;
}
