import { createHash } from 'node:crypto';
import rateLimit, { type FastifyRateLimitStore, normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import type { Config, RateLimitRule } from '../config';
import { AppError } from '../lib/errors';

/** Counts one attempt of a flow for the caller; throws the 429 (or a 503 when the counter store fails closed). */
export type RateLimitCheck = (rule: RateLimitRule, subject?: string) => Promise<void>;

export type RateLimiter = {
  /** The check for one HTTP request: REST handlers and tRPC procedures call it through `request.ctx`. */
  forRequest(request: FastifyRequest, reply: FastifyReply): RateLimitCheck;
};

/** What the caller is told, with the wait in words; REST sends it as `detail`, tRPC as the message. */
const MESSAGES: Record<RateLimitRule, string> = {
  login: 'Too many sign-in attempts. Please try again in {wait}.',
  login_ip: 'Too many sign-in attempts. Please try again in {wait}.',
  login_account: 'Too many sign-in attempts. Please try again in {wait}.',
  second_step: 'Too many attempts. Please try again in {wait}.',
  register: 'Too many accounts created from this network. Please try again in {wait}.',
  vendor_register: 'Too many vendor applications from this network. Please try again in {wait}.',
  quote: 'Too many quote requests. Please try again in {wait}.',
  email_link: 'Too many e-mails sent to this address. Please try again in {wait}.',
  password_reset: 'Too many password reset requests from this network. Please try again in {wait}.',
  password_reset_email: 'Too many e-mails sent to this address. Please try again in {wait}.',
  new_password: 'Too many new-password attempts from this network. Please try again in {wait}.',
  inquiry: 'Too many inquiries from this network. Please try again in {wait}.',
  inquiry_email: 'Too many e-mails sent to this address. Please try again in {wait}.',
  subscription: 'Too many subscription orders from this network. Please try again in {wait}.',
  subscription_email: 'Too many e-mails sent to this address. Please try again in {wait}.',
};

/**
 * Sign-in, registration and password flows fail closed when the counter store is unreachable (an attacker must not
 * get unlimited attempts by knocking Redis over); quotes, inquiries and subscription orders fail open, because
 * losing a customer's request costs more than a short window without a limit.
 */
const FAIL_OPEN: ReadonlySet<RateLimitRule> = new Set([
  'quote',
  'inquiry',
  'inquiry_email',
  'subscription',
  'subscription_email',
]);

const kLimitKey = Symbol('rateLimitKey');
type KeyedRequest = FastifyRequest & { [kLimitKey]: string };

/**
 * Per-flow rate limits (docs/security.md, "Limits") on @fastify/rate-limit's counters: Redis when REDIS_URL is set,
 * so every instance counts together, process memory otherwise.
 *
 * tRPC calls all arrive on `/api/trpc/<path>`, possibly several procedures in one batch, and the login limit is
 * keyed by the e-mail inside the body. So the limit is not a route hook: the plugin is registered with
 * `global: false` and its manual limiter (`createRateLimit`) is called by the REST handler and the tRPC procedure
 * of each flow after the input is parsed. Both doors share one counter per flow, and each procedure of a batch
 * counts once.
 */
export async function registerRateLimits(app: FastifyInstance, config: Config): Promise<RateLimiter> {
  const { rateLimits } = config;
  if (!rateLimits.enabled) return { forRequest: () => async () => {} };

  const redis = config.redisUrl
    ? new Redis(config.redisUrl, {
        // While Redis is down a request waits a few seconds at most for a counter, then the flow fails closed or open.
        connectTimeout: 1000,
        commandTimeout: 1000,
        maxRetriesPerRequest: 1,
      })
    : undefined;
  if (redis) {
    // ioredis reconnects on its own and reports every failed attempt; one line per outage is enough.
    let down = false;
    redis.on('error', (error: Error) => {
      if (!down)
        app.log.error({ err: error }, 'rate limits: Redis unavailable; sign-in and registration answer 503 meanwhile');
      down = true;
    });
    redis.on('ready', () => {
      if (down) app.log.info('rate limits: Redis reachable again');
      down = false;
    });
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  }

  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: rateLimits.keyPrefix } : { store: MemoryStore }),
    skipOnError: false,
    keyGenerator: (request) => (request as KeyedRequest)[kLimitKey],
    max: (_request, key) => rateLimits.rules[ruleOf(key)].max,
    timeWindow: (_request, key) => rateLimits.rules[ruleOf(key)].windowMs,
  });
  const consume = app.createRateLimit();

  return {
    forRequest: (request, reply) => async (rule, subject) => {
      // The subject (an e-mail) is hashed: the counter store never holds personal data.
      const key = [
        rule,
        ...(rateLimits.rules[rule].byIp ? [normalizeIP(request.ip)] : []),
        ...(subject ? [digest(subject)] : []),
      ].join(':');
      // A per-call view of the request carries the key, so concurrent procedures of one batch cannot mix keys up.
      const keyed = Object.create(request, { [kLimitKey]: { value: key } }) as KeyedRequest;
      let limit: Awaited<ReturnType<typeof consume>>;
      try {
        limit = await consume(keyed);
      } catch (error) {
        request.log.error({ err: error, rule }, 'rate limit store failed');
        if (FAIL_OPEN.has(rule)) return;
        void reply.header('retry-after', '60');
        throw new AppError('UNAVAILABLE', 'This service is briefly unavailable. Please try again in a minute.');
      }
      if (limit.isAllowed || !limit.isExceeded) return;
      const seconds = Math.max(1, limit.ttlInSeconds);
      void reply.header('retry-after', String(seconds));
      request.log.warn({ rule }, 'rate limit exceeded');
      throw new AppError('RATE_LIMITED', MESSAGES[rule].replace('{wait}', inWords(seconds)));
    },
  };
}

/**
 * Fixed-window counters in process memory (no REDIS_URL), least recently used dropped past 20,000 keys. The
 * plugin's own LocalStore hands every caller the same mutable record, so concurrent calls for one key (the
 * procedures of one tRPC batch) all read the last count; this one answers each call with its own count.
 */
class MemoryStore implements FastifyRateLimitStore {
  private readonly counters = new Map<string, { count: number; resetAt: number }>();

  incr(
    key: string,
    callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    timeWindow: number,
  ): void {
    const now = Date.now();
    let counter = this.counters.get(key);
    if (!counter || counter.resetAt <= now) counter = { count: 0, resetAt: now + timeWindow };
    counter.count += 1;
    this.counters.delete(key);
    this.counters.set(key, counter);
    if (this.counters.size > MEMORY_STORE_KEYS) this.counters.delete(this.counters.keys().next().value!);
    callback(null, { current: counter.count, ttl: counter.resetAt - now });
  }

  child(): FastifyRateLimitStore {
    return new MemoryStore();
  }
}

const MEMORY_STORE_KEYS = 20_000;

function ruleOf(key: string): RateLimitRule {
  return key.slice(0, key.indexOf(':')) as RateLimitRule;
}

function digest(subject: string): string {
  return createHash('sha256').update(subject.trim().toLowerCase()).digest('base64url').slice(0, 22);
}

/** "42 seconds", "1 minute", "59 minutes": the wait as a person would say it. */
function inWords(seconds: number): string {
  if (seconds < 60) return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

/**
 * Sign-in is counted three ways (docs/security.md, "Limits"): per address and e-mail (guessing one account from one
 * place), per address whatever the e-mail (a new e-mail per try), and per account whatever the address (a botnet
 * spreading guesses at one account). Both doors call this with the parsed e-mail.
 */
export async function limitSignIn(check: RateLimitCheck, email: string): Promise<void> {
  await check('login_ip');
  await check('login', email);
  await check('login_account', email);
}

/**
 * A flow that e-mails an address its caller typed (an inquiry, a subscription order, a password reset): counted per
 * client address, and per target address from anywhere, so nobody can fill a stranger's inbox.
 */
export async function limitMailingFlow(
  check: RateLimitCheck,
  rules: { perAddress: RateLimitRule; perEmail: RateLimitRule },
  email: string | null | undefined,
): Promise<void> {
  await check(rules.perAddress);
  if (email) await check(rules.perEmail, email);
}

export const INQUIRY_LIMITS = { perAddress: 'inquiry', perEmail: 'inquiry_email' } as const;
export const SUBSCRIPTION_LIMITS = { perAddress: 'subscription', perEmail: 'subscription_email' } as const;
export const PASSWORD_RESET_LIMITS = { perAddress: 'password_reset', perEmail: 'password_reset_email' } as const;
