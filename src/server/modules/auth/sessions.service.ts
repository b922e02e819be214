/**
 * Sessions and the browser binding (docs/decisions.md, "Sessions and the browser binding"): each access token names
 * a row of `user_sessions`, so one device can be signed out; a token a browser asked to bind also carries the hash
 * of a random fingerprint whose value only an HttpOnly cookie holds, so a copy of the token alone opens nothing.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { EndOtherSessionsResult, SessionDto } from '../../../shared/schemas/sessions';
import type { Config } from '../../config';
import type { RequestInfo, ServiceDeps } from '../../context';
import { users, userSessions } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { ipPrefix } from '../../lib/ip-prefix';
import { signAccessToken } from '../../lib/tokens';
import { describeUserAgent } from '../../lib/user-agent';

/** How a door lets sign-in bind a token to the browser, and the fingerprint cookie the request carried. */
export type SessionBinding = {
  /** The client asked for a bound token (`X-Session-Binding: cookie`). */
  requested: boolean;
  /** The fingerprint cookie sent with this request, or null. */
  cookie: string | null;
  /** Sets the fingerprint cookie on this answer. */
  set(fingerprint: string): void;
  /** Expires the fingerprint cookie on this answer. */
  clear(): void;
};

/** In-process callers (tests, jobs) and clients that did not ask: tokens are not bound. */
export const NO_BINDING: SessionBinding = { requested: false, cookie: null, set() {}, clear() {} };

/** What starting a session needs beside the database: who asks, and the door's binding (both optional). */
export type SessionDeps = ServiceDeps & { request?: RequestInfo; binding?: SessionBinding };

/** `__Host-` in production: the browser then insists on Secure, Path=/ and no Domain. */
export function fingerprintCookieName(config: Pick<Config, 'env'>): string {
  return config.env === 'production' ? '__Host-session_fp' : 'session_fp';
}

/**
 * The Set-Cookie of the fingerprint: HttpOnly (no script reads it), SameSite=Strict (no other site's request
 * carries it), Secure in production, for the token's lifetime; `maxAge` 0 expires it.
 */
export function fingerprintSetCookie(config: Pick<Config, 'env'>, name: string, value: string, maxAge: number): string {
  const parts = [`${name}=${value}`, 'Path=/', `Max-Age=${maxAge}`, 'HttpOnly', 'SameSite=Strict'];
  if (maxAge === 0) parts.push('Expires=Thu, 01 Jan 1970 00:00:00 GMT');
  if (config.env === 'production') parts.push('Secure');
  return parts.join('; ');
}

/** One cookie's value from a Cookie header, or null; only the fingerprint's own alphabet is accepted. */
export function readCookie(header: string | string[] | undefined, name: string): string | null {
  if (typeof header !== 'string' || header.length > 8192) return null;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) {
      const value = part.slice(at + 1).trim();
      return /^[A-Za-z0-9_-]{1,200}$/.test(value) ? value : null;
    }
  }
  return null;
}

/** base64url SHA-256 of the cookie's value: what the token carries as `fph`. */
export function fingerprintHash(fingerprint: string): string {
  return createHash('sha256').update(fingerprint).digest('base64url');
}

/** The cookie matches the token's `fph`, compared in constant time. */
export function fingerprintMatches(expectedHash: string, cookie: string | null): boolean {
  if (!cookie || cookie.length > 200) return false;
  const actual = Buffer.from(fingerprintHash(cookie));
  const expected = Buffer.from(expectedHash);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** How stale `last_used_at` may get before a request moves it: one write per session per this long at most. */
export const LAST_USED_STEP_MS = 5 * 60_000;

/**
 * A new session for the user and its token. When the door's client asked for a binding, a random fingerprint goes
 * into an HttpOnly cookie and only its hash into the token.
 */
export async function startSession(deps: SessionDeps, user: { id: string; tokenVersion: number }): Promise<string> {
  const now = new Date();
  const ttl = deps.config.jwt.ttlSeconds;
  const [row] = await deps.db
    .insert(userSessions)
    .values({
      userId: user.id,
      tokenVersion: user.tokenVersion,
      userAgent: describeUserAgent(deps.request?.userAgent),
      ipPrefix: ipPrefix(deps.request?.ip),
      createdAt: now,
      lastUsedAt: now,
      expiresAt: new Date(now.getTime() + ttl * 1000),
    })
    .returning({ id: userSessions.id });
  const binding = deps.binding ?? NO_BINDING;
  const fingerprint = binding.requested ? randomBytes(32).toString('base64url') : null;
  const token = await signAccessToken(deps.config, {
    sub: user.id,
    ver: user.tokenVersion,
    sid: row!.id,
    ...(fingerprint && { fph: fingerprintHash(fingerprint) }),
  });
  if (fingerprint) binding.set(fingerprint);
  return token;
}

/** A session row as `authenticate` reads it beside the user. */
export type SessionState = {
  id: string;
  tokenVersion: number;
  lastUsedAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
};

/** Live: not revoked, not expired, from the account's current token version. */
export function sessionIsLive(session: SessionState | null, tokenVersion: number, now = new Date()): boolean {
  return (
    session !== null &&
    session.revokedAt === null &&
    session.expiresAt.getTime() > now.getTime() &&
    session.tokenVersion === tokenVersion
  );
}

/** Moves `last_used_at` when it is more than a step old; the guard keeps two instances from writing twice. */
export async function touchSession(deps: ServiceDeps, session: SessionState, now = new Date()): Promise<void> {
  if (now.getTime() - session.lastUsedAt.getTime() < LAST_USED_STEP_MS) return;
  await deps.db
    .update(userSessions)
    .set({ lastUsedAt: now })
    .where(
      and(eq(userSessions.id, session.id), lt(userSessions.lastUsedAt, new Date(now.getTime() - LAST_USED_STEP_MS))),
    );
}

/** Whether a session still lets its token in (the live streams ask this while they stay open). */
export async function sessionStillLive(deps: ServiceDeps, userId: string, sessionId: string): Promise<boolean> {
  const [row] = await deps.db
    .select({ session: userSessions, ver: users.tokenVersion, active: users.isActive })
    .from(userSessions)
    .innerJoin(users, eq(users.id, userSessions.userId))
    .where(and(eq(userSessions.id, sessionId), eq(userSessions.userId, userId)))
    .limit(1);
  return !!row && row.active && sessionIsLive(row.session, row.ver);
}

type Signed = { id: string; sessionId?: string | null };

/** The account's live sessions, most recently used first, with the asking one marked. */
export async function listSessions(deps: ServiceDeps, user: Signed): Promise<SessionDto[]> {
  const now = new Date();
  const rows = await deps.db
    .select({ session: userSessions })
    .from(userSessions)
    .innerJoin(users, eq(users.id, userSessions.userId))
    .where(
      and(
        eq(userSessions.userId, user.id),
        isNull(userSessions.revokedAt),
        gt(userSessions.expiresAt, now),
        eq(userSessions.tokenVersion, users.tokenVersion),
      ),
    )
    .orderBy(desc(userSessions.lastUsedAt), desc(userSessions.createdAt))
    .limit(100);
  return rows.map(({ session }) => ({
    id: session.id,
    device: session.userAgent,
    ip_prefix: session.ipPrefix,
    created_at: session.createdAt.toISOString(),
    last_used_at: session.lastUsedAt.toISOString(),
    expires_at: session.expiresAt.toISOString(),
    current: session.id === user.sessionId,
  }));
}

export const SESSION_NOT_FOUND = 'No such signed-in device';

/** Ends one live session of the account; another account's, an ended or an unknown one is a 404. */
export async function endSession(deps: ServiceDeps, user: Signed, sessionId: string): Promise<void> {
  const ended = await deps.db
    .update(userSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(userSessions.id, sessionId), eq(userSessions.userId, user.id), isNull(userSessions.revokedAt)))
    .returning({ id: userSessions.id });
  if (ended.length === 0) throw new AppError('NOT_FOUND', SESSION_NOT_FOUND);
}

/** Ends every session of the account but the asking one; how many ended. */
export async function endOtherSessions(deps: ServiceDeps, user: Signed): Promise<EndOtherSessionsResult> {
  const others = user.sessionId ? ne(userSessions.id, user.sessionId) : undefined;
  const ended = await deps.db
    .update(userSessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(userSessions.userId, user.id),
        isNull(userSessions.revokedAt),
        gt(userSessions.expiresAt, new Date()),
        eq(userSessions.tokenVersion, sql`(select ${users.tokenVersion} from ${users} where ${users.id} = ${user.id})`),
        others,
      ),
    )
    .returning({ id: userSessions.id });
  return { ended: ended.length };
}

/** How often an open live stream asks whether its session is still live. */
export const SESSION_RECHECK_MS = 60_000;

/**
 * A signal that also aborts once the user's session ends (signed out from another device, expired, every session
 * ended), checked every `everyMs`: a live stream opened before then closes instead of running on.
 */
export function untilSessionEnds(
  deps: ServiceDeps,
  user: Signed,
  signal: AbortSignal,
  everyMs = SESSION_RECHECK_MS,
): AbortSignal {
  const sessionId = user.sessionId;
  if (!sessionId) return signal;
  const ended = new AbortController();
  const timer = setInterval(() => {
    sessionStillLive(deps, user.id, sessionId).then(
      (live) => {
        if (!live) ended.abort();
      },
      // The database briefly away: the stream keeps running and the next check decides.
      () => {},
    );
  }, everyMs);
  timer.unref();
  const both = AbortSignal.any([signal, ended.signal]);
  if (both.aborted) clearInterval(timer);
  else both.addEventListener('abort', () => clearInterval(timer), { once: true });
  return both;
}
