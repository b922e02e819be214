/**
 * The request context, transport-neutral: what the tRPC door, the REST door, the jobs, the mail worker and the seed
 * all build on. Nothing here knows about tRPC; services import from this module, never from `trpc/`.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_BINDING_HEADER, SESSION_BINDING_VALUE } from '../shared/session-binding';
import type { Config } from './config';
import type { Database } from './db/client';
import { AppError } from './lib/errors';
import type { AuthUser } from './modules/auth/auth.service';
import { authenticate } from './modules/auth/auth.service';
import type { RateLimitCheck } from './plugins/rate-limit';
import type { LiveFeed } from './modules/notifications/live-feed';
import { STEP_UP_HEADER } from './modules/auth/step-up.service';
import {
  fingerprintCookieName,
  fingerprintSetCookie,
  readCookie,
  NO_BINDING,
  type SessionBinding,
} from './modules/auth/sessions.service';

/** What every service function receives first: the database and the validated config. */
export type ServiceDeps = { db: Database; config: Config };

export type RequestInfo = { ip: string; userAgent: string };

export type Context = ServiceDeps & {
  /** The signed-in user, null when no token was sent; a bad token throws 401. Resolved at most once. */
  getUser(): Promise<AuthUser | null>;
  request: RequestInfo;
  /**
   * Counts one attempt of a rate-limited flow (login, registration, quote) for this caller; throws the 429. HTTP
   * requests get the app's limiter; in-process callers (tests, jobs) are not limited.
   */
  rateLimit: RateLimitCheck;
  /** This instance's live notification feed (LISTEN/NOTIFY); null where none runs (in-process callers). */
  live: LiveFeed | null;
  /** The browser binding of sign-in tokens: the fingerprint cookie sent, and how to set or clear it. */
  binding: SessionBinding;
  /** The `X-Step-Up` header: a fresh re-authentication for high-value admin actions (auth/step-up.service.ts). */
  stepUpToken: string | null;
  /** The request's JSON body as written (for how a value was written: lib/plain-amounts.ts); null without one. */
  bodyText(): string | null;
};

type InnerOptions = ServiceDeps & {
  token?: string | null;
  /** A hand-made user for in-process callers (tests, jobs). */
  user?: AuthUser | null;
  request?: Partial<RequestInfo>;
  rateLimit?: RateLimitCheck;
  live?: LiveFeed | null;
  binding?: SessionBinding;
  stepUpToken?: string | null;
  bodyText?: () => string | null;
};

/** A context built without HTTP (tests call procedures through `createCaller` with it). */
export function createContextInner(options: InnerOptions): Context {
  const { db, config } = options;
  let resolved: Promise<AuthUser | null> | undefined;
  const binding = options.binding ?? NO_BINDING;
  return {
    db,
    config,
    request: { ip: options.request?.ip ?? '127.0.0.1', userAgent: options.request?.userAgent ?? '' },
    rateLimit: options.rateLimit ?? (async () => {}),
    live: options.live ?? null,
    binding,
    stepUpToken: options.stepUpToken ?? null,
    bodyText: options.bodyText ?? (() => null),
    getUser() {
      if (options.user !== undefined) return Promise.resolve(options.user);
      resolved ??= options.token ? authenticate({ db, config }, options.token, binding.cookie) : Promise.resolve(null);
      return resolved;
    },
  };
}

/**
 * Reads `Authorization: Bearer <token>`. Any other non-empty header value (another scheme, or a bare token without
 * the scheme) is passed on as a token that can never verify, so it answers 401 where a user is needed, while
 * public routes ignore it. Passing the header itself on would sign in a bare JWT.
 */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header === undefined || header === '') return null;
  return /^Bearer\s+(\S+)$/i.exec(header)?.[1] ?? NOT_A_TOKEN;
}

/** The step-up token of a request (`X-Step-Up`), or null. */
export function stepUpToken(request: FastifyRequest): string | null {
  const header = request.headers[STEP_UP_HEADER];
  return typeof header === 'string' && header !== '' ? header : null;
}

/** Fails verification (not a JWT) without ever matching a real token. */
const NOT_A_TOKEN = '-';

/**
 * The door's side of the browser binding (docs/decisions.md, "Sessions and the browser binding"): whether the
 * client asked for it, the fingerprint cookie it sent, and the answer's Set-Cookie. The cookie is read only beside
 * a Bearer token that names its hash, so it signs nobody in by itself (no cross-site request forgery).
 */
export function sessionBinding(request: FastifyRequest, reply: FastifyReply, config: Config): SessionBinding {
  const name = fingerprintCookieName(config);
  const append = (value: string) => {
    const previous = reply.getHeader('set-cookie');
    const list = previous === undefined ? [] : Array.isArray(previous) ? previous : [String(previous)];
    void reply.header('set-cookie', [...list, value]);
  };
  const ttl = config.jwt.ttlSeconds;
  return {
    requested: request.headers[SESSION_BINDING_HEADER] === SESSION_BINDING_VALUE,
    cookie: readCookie(request.headers.cookie, name),
    set: (fingerprint) => append(fingerprintSetCookie(config, name, fingerprint, ttl)),
    clear: () => append(fingerprintSetCookie(config, name, '', 0)),
  };
}

export function requestInfo(request: FastifyRequest): RequestInfo {
  return { ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '').slice(0, 512) };
}

/** Who is asking, for services that record it (analytics) or link what they create to a signed-in customer. */
export type Requester = RequestInfo & { user: AuthUser | null };

export async function requesterOf(ctx: Pick<Context, 'getUser' | 'request'>): Promise<Requester> {
  return { ...ctx.request, user: await optionalUser(ctx) };
}

/**
 * The signed-in user on a public route, or null. A bad or expired token is ignored here: a visitor with a stale
 * token in storage must still get a quote (the 401 is for routes that need a user).
 */
export async function optionalUser(ctx: Pick<Context, 'getUser'>): Promise<AuthUser | null> {
  try {
    return await ctx.getUser();
  } catch (error) {
    if (error instanceof AppError && error.status === 401) return null;
    throw error;
  }
}
