import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInIndia } from '../../src/shared/dates';
import { vendorPayload } from '../server/helpers/admin-fixtures';
import { makeUser } from '../server/helpers/fixtures';
import { createTestApp, type TestApp } from '../server/helpers/test-app';
import { emailOutbox } from '../../src/server/db/schema';

/**
 * Rate limits (docs/security.md, "Limits"): login 5/min per IP and e-mail, registration and vendor registration
 * 5/hour per IP each, instant quote 30/min per IP; REST and tRPC share one counter per flow; 429 with Retry-After
 * and `detail`; two instances on one Redis enforce one limit.
 */

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisUp = await (async () => {
  const probe = new Redis(REDIS_URL, {
    lazyConnect: true,
    connectTimeout: 1000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
})();

const LIMITED = { RATE_LIMITS: 'true' };

type Inject = { method: 'GET' | 'POST'; url: string; payload?: unknown; ip?: string; headers?: Record<string, string> };
const call = (t: TestApp, { method, url, payload, ip = '198.51.100.10', headers }: Inject) =>
  t.app.inject({ method, url, payload: payload as object, remoteAddress: ip, headers });

const restLogin = (t: TestApp, email: string, ip?: string) =>
  call(t, { method: 'POST', url: '/api/auth/login', payload: { email, password: 'wrong-password' }, ip });
const trpcLogin = (t: TestApp, email: string, ip?: string) =>
  call(t, { method: 'POST', url: '/api/trpc/auth.login', payload: { email, password: 'wrong-password' }, ip });

const customer = () => ({
  email: `c.${randomBytes(5).toString('hex')}@example.in`,
  password: 'saffron-rice-42',
  full_name: 'Kavya Joshi',
  phone: '9876543210',
});

const quote = (n: number) => ({
  event_type: 'corporate',
  event_date: addDays(todayInIndia(), 40),
  guest_count: 120,
  venue_type: 'banquet',
  tier: 'basic',
  location: 'Indore',
  client_email: 'planner@example.in',
  client_name: 'Rohan Mehta',
  event_name: `Offsite ${n}`,
});

/** The contract of a limited answer: 429, Retry-After within the window, the message as `detail`, no caching. */
function expectLimited(res: Awaited<ReturnType<typeof call>>, windowSeconds: number, message: RegExp) {
  expect(res.statusCode).toBe(429);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  expect(res.headers['cache-control']).toBe('no-store');
  const body = res.json();
  if ('detail' in body) {
    expect(body).toEqual({ detail: expect.stringMatching(message) });
  } else {
    expect(body.error.data).toMatchObject({ code: 'TOO_MANY_REQUESTS', httpStatus: 429 });
    expect(body.error.message).toMatch(message);
  }
}

describe('rate limits, one instance (counters in memory)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(LIMITED);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('login: the 6th attempt in a minute for one IP and e-mail is 429, REST and tRPC counted together', async () => {
    const email = 'priya@example.in';
    for (let i = 0; i < 3; i += 1) expect((await restLogin(t, email)).statusCode).toBe(401);
    for (let i = 0; i < 2; i += 1) expect((await trpcLogin(t, email)).statusCode).toBe(401);
    const rest = await restLogin(t, email);
    expectLimited(rest, 60, /^Too many sign-in attempts\. Please try again in \d+ (seconds?|minute)\.$/);
    const trpc = await trpcLogin(t, email);
    expectLimited(trpc, 60, /^Too many sign-in attempts\./);
    expect(trpc.json().error.message).toBe(rest.json().detail);
  });

  it('login: another e-mail from the same IP, and the same e-mail from another IP, have their own counters', async () => {
    const email = 'anil@example.in';
    for (let i = 0; i < 5; i += 1) await restLogin(t, email, '198.51.100.20');
    expect((await restLogin(t, email, '198.51.100.20')).statusCode).toBe(429);
    expect((await restLogin(t, 'someone.else@example.in', '198.51.100.20')).statusCode).toBe(401);
    expect((await restLogin(t, email, '198.51.100.21')).statusCode).toBe(401);
    // E-mails are counted as the service reads them: trimmed and case-insensitive.
    expect((await restLogin(t, '  ANIL@Example.in ', '198.51.100.20')).statusCode).toBe(429);
  });

  it('login: a correct password is limited too (no oracle past the limit), and the limit does not lock the account', async () => {
    const user = await makeUser(t.deps);
    const ip = '198.51.100.30';
    for (let i = 0; i < 5; i += 1) await restLogin(t, user.email, ip);
    const right = await call(t, {
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
      ip,
    });
    expect(right.statusCode).toBe(429);
    const elsewhere = await call(t, {
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
      ip: '198.51.100.31',
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('login: each procedure of a tRPC batch counts once', async () => {
    const input = { email: 'batch@example.in', password: 'wrong-password' };
    const res = await call(t, {
      method: 'POST',
      url: `/api/trpc/${Array(7).fill('auth.login').join(',')}?batch=1`,
      payload: Object.fromEntries(Array.from({ length: 7 }, (_, i) => [String(i), input])),
      ip: '198.51.100.40',
    });
    const codes = (res.json() as { error: { data: { code: string } } }[]).map((item) => item.error.data.code);
    expect(codes.filter((code) => code === 'UNAUTHORIZED')).toHaveLength(5);
    expect(codes.filter((code) => code === 'TOO_MANY_REQUESTS')).toHaveLength(2);
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });

  it('registration: the 6th account in an hour from one IP is 429 (REST and tRPC together); other IPs are not affected', async () => {
    const ip = '198.51.100.50';
    for (let i = 0; i < 3; i += 1) {
      expect((await call(t, { method: 'POST', url: '/api/auth/register', payload: customer(), ip })).statusCode).toBe(
        201,
      );
    }
    for (let i = 0; i < 2; i += 1) {
      expect(
        (await call(t, { method: 'POST', url: '/api/trpc/auth.register', payload: customer(), ip })).statusCode,
      ).toBe(200);
    }
    const sixth = await call(t, { method: 'POST', url: '/api/auth/register', payload: customer(), ip });
    expectLimited(sixth, 3600, /^Too many accounts created from this network\. Please try again in \d+ minutes?\.$/);
    expectLimited(
      await call(t, { method: 'POST', url: '/api/trpc/auth.register', payload: customer(), ip }),
      3600,
      /^Too many accounts/,
    );
    expect(
      (await call(t, { method: 'POST', url: '/api/auth/register', payload: customer(), ip: '198.51.100.51' }))
        .statusCode,
    ).toBe(201);
  });

  it('vendor registration: its own counter, the 6th application in an hour from one IP is 429', async () => {
    const ip = '198.51.100.60';
    for (let i = 0; i < 5; i += 1)
      await call(t, { method: 'POST', url: '/api/auth/register', payload: customer(), ip });
    // Customer sign-ups used up their counter; vendor applications still have theirs.
    for (let i = 0; i < 4; i += 1) {
      expect(
        (await call(t, { method: 'POST', url: '/api/vendor/register', payload: vendorPayload(), ip })).statusCode,
      ).toBe(201);
    }
    expect(
      (await call(t, { method: 'POST', url: '/api/trpc/vendor.register', payload: vendorPayload(), ip })).statusCode,
    ).toBe(200);
    const sixth = await call(t, { method: 'POST', url: '/api/vendor/register', payload: vendorPayload(), ip });
    expectLimited(sixth, 3600, /^Too many vendor applications from this network\./);
    expect(
      (await call(t, { method: 'POST', url: '/api/vendor/register', payload: vendorPayload(), ip: '198.51.100.61' }))
        .statusCode,
    ).toBe(201);
  });

  it('instant quote: the 31st quote in a minute from one IP is 429 (REST and tRPC together); other IPs are not affected', async () => {
    const ip = '198.51.100.70';
    for (let n = 0; n < 25; n += 1) {
      expect((await call(t, { method: 'POST', url: '/api/quotation/instant', payload: quote(n), ip })).statusCode).toBe(
        200,
      );
    }
    for (let n = 25; n < 30; n += 1) {
      expect(
        (await call(t, { method: 'POST', url: '/api/trpc/quote.instant', payload: quote(n), ip })).statusCode,
      ).toBe(200);
    }
    const over = await call(t, { method: 'POST', url: '/api/quotation/instant', payload: quote(30), ip });
    expectLimited(over, 60, /^Too many quote requests\. Please try again in \d+ (seconds?|minute)\.$/);
    expectLimited(
      await call(t, { method: 'POST', url: '/api/trpc/quote.instant', payload: quote(31), ip }),
      60,
      /^Too many quote/,
    );
    expect(
      (await call(t, { method: 'POST', url: '/api/quotation/instant', payload: quote(32), ip: '198.51.100.71' }))
        .statusCode,
    ).toBe(200);
  });

  it('IPv6 clients are counted per /64, so rotating addresses inside one network does not help', async () => {
    const email = 'v6@example.in';
    for (let i = 1; i <= 5; i += 1) await restLogin(t, email, `2001:db8:1:2::${i}`);
    expect((await restLogin(t, email, '2001:db8:1:2::ff')).statusCode).toBe(429);
    expect((await restLogin(t, email, '2001:db8:1:3::1')).statusCode).toBe(401);
  });
});

const inquiry = (email: string, eventName = 'Wedding') => ({
  client_name: 'Asha Rao',
  client_email: email,
  client_phone: '9876543210',
  event_type: 'wedding',
  event_name: eventName,
  requirements: { guest_count: 100 },
});
const subscriptionOrder = (email: string) => ({ email, phone: '9876543210' });

describe('anti-automation: sign-in across e-mails and addresses, inquiries, subscription orders', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(LIMITED);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sign-in: one address trying a new e-mail each time is 429 after 20 in a minute, REST and tRPC together', async () => {
    const ip = '203.0.113.10';
    for (let i = 0; i < 10; i += 1) expect((await restLogin(t, `spray${i}@example.in`, ip)).statusCode).toBe(401);
    for (let i = 10; i < 20; i += 1) expect((await trpcLogin(t, `spray${i}@example.in`, ip)).statusCode).toBe(401);
    expectLimited(await restLogin(t, 'spray-new@example.in', ip), 60, /^Too many sign-in attempts/);
    expectLimited(await trpcLogin(t, 'another-new@example.in', ip), 60, /^Too many sign-in attempts/);
    // Another address is not affected.
    expect((await restLogin(t, 'spray-new@example.in', '203.0.113.11')).statusCode).toBe(401);
  });

  it('sign-in: a tRPC batch of 10 e-mails counts 10 against the address', async () => {
    const ip = '203.0.113.20';
    const batch = (from: number) =>
      call(t, {
        method: 'POST',
        url: `/api/trpc/${Array(10).fill('auth.login').join(',')}?batch=1`,
        payload: Object.fromEntries(
          Array.from({ length: 10 }, (_, i) => [String(i), { email: `b${from + i}@example.in`, password: 'x' }]),
        ),
        ip,
      });
    const codes = async (from: number) =>
      ((await batch(from)).json() as { error: { data: { code: string } } }[]).map((item) => item.error.data.code);
    expect(await codes(0)).toEqual(Array(10).fill('UNAUTHORIZED'));
    expect(await codes(10)).toEqual(Array(10).fill('UNAUTHORIZED'));
    expect(await codes(20)).toEqual(Array(10).fill('TOO_MANY_REQUESTS'));
  });

  it('sign-in: one account tried from 30 addresses is 429 on the 31st from any address, with its right password too', async () => {
    const user = await makeUser(t.deps);
    for (let i = 0; i < 30; i += 1) {
      expect((await restLogin(t, user.email, `192.0.2.${i + 1}`)).statusCode).toBe(401);
    }
    expectLimited(await restLogin(t, user.email, '192.0.2.200'), 3600, /^Too many sign-in attempts/);
    const right = await call(t, {
      method: 'POST',
      url: '/api/trpc/auth.login',
      payload: { email: user.email.toUpperCase(), password: user.password },
      ip: '192.0.2.201',
    });
    expectLimited(right, 3600, /^Too many sign-in attempts/);
    // Another account from those addresses is not affected.
    expect((await restLogin(t, 'other-account@example.in', '192.0.2.1')).statusCode).toBe(401);
  });

  it('inquiries: the 4th in an hour to one e-mail is 429 from any address; the 11th from one address is 429', async () => {
    const victim = 'victim.inquiry@example.in';
    for (let i = 0; i < 3; i += 1) {
      const res = await call(t, {
        method: 'POST',
        url: '/api/bookings',
        payload: inquiry(victim),
        ip: `198.18.0.${i}`,
      });
      expect(res.statusCode).toBe(201);
    }
    expectLimited(
      await call(t, {
        method: 'POST',
        url: '/api/trpc/bookings.createInquiry',
        payload: inquiry(victim),
        ip: '198.18.0.9',
      }),
      3600,
      /^Too many e-mails sent to this address/,
    );
    const ip = '198.18.1.1';
    for (let i = 0; i < 10; i += 1) {
      const res = await call(t, { method: 'POST', url: '/api/bookings', payload: inquiry(`i${i}@example.in`), ip });
      expect(res.statusCode).toBe(201);
    }
    expectLimited(
      await call(t, { method: 'POST', url: '/api/bookings', payload: inquiry('i-new@example.in'), ip }),
      3600,
      /^Too many inquiries from this network/,
    );
  });

  it('password reset: asking for links and choosing the new password count apart; the 31st new password from one address is 429', async () => {
    const ip = '198.18.4.1';
    for (let i = 0; i < 10; i += 1) {
      const res = await call(t, {
        method: 'POST',
        url: '/api/auth/password/forgot',
        payload: { email: `r${i}@example.in` },
        ip,
      });
      expect(res.statusCode).toBe(202);
    }
    const forgot = { method: 'POST' as const, url: '/api/auth/password/forgot', ip };
    expectLimited(
      await call(t, { ...forgot, payload: { email: 'r-new@example.in' } }),
      3600,
      /^Too many password reset requests/,
    );
    // The network that used up its link requests can still finish a reset with a link it holds.
    const attempt = (url: string) =>
      call(t, { method: 'POST', url, payload: { token: 'a'.repeat(43), password: 'Purple-Monkey-Dish-7' }, ip });
    for (let i = 0; i < 30; i += 1) {
      const res = await attempt(i % 2 === 0 ? '/api/auth/password/reset' : '/api/trpc/auth.resetPassword');
      expect(res.statusCode).toBe(400);
    }
    expectLimited(await attempt('/api/auth/password/reset'), 3600, /^Too many new-password attempts/);
  });

  it('subscription orders: the 4th in an hour for one e-mail is 429 from any address; the 11th from one address is 429', async () => {
    const target = 'victim.sub@example.in';
    for (let i = 0; i < 3; i += 1) {
      const res = await call(t, {
        method: 'POST',
        url: '/api/payments/subscription-order',
        payload: subscriptionOrder(target),
        ip: `198.18.2.${i}`,
      });
      expect(res.statusCode).toBe(201);
    }
    expectLimited(
      await call(t, {
        method: 'POST',
        url: '/api/trpc/payments.createSubscriptionOrder',
        payload: subscriptionOrder(target),
        ip: '198.18.2.9',
      }),
      3600,
      /^Too many e-mails sent to this address/,
    );
    const ip = '198.18.3.1';
    for (let i = 0; i < 10; i += 1) {
      const res = await call(t, {
        method: 'POST',
        url: '/api/payments/subscription-order',
        payload: subscriptionOrder(`s${i}@example.in`),
        ip,
      });
      expect(res.statusCode).toBe(201);
    }
    expectLimited(
      await call(t, {
        method: 'POST',
        url: '/api/payments/subscription-order',
        payload: subscriptionOrder('s-new@example.in'),
        ip,
      }),
      3600,
      /^Too many subscription orders from this network/,
    );
  });

  it("no e-mail subject carries a visitor's line breaks, control characters or more than 120 characters", async () => {
    const email = 'subject.check@example.in';
    // Names refuse C0 and bidirectional controls; a line separator, a zero-width space and a long text reach it.
    const eventName = `Party\u2028Bcc: everyone@example.in\u200b ${'Win a prize! '.repeat(12)}`.slice(0, 150);
    const res = await call(t, {
      method: 'POST',
      url: '/api/bookings',
      payload: inquiry(email, eventName),
      ip: '198.18.4.1',
    });
    expect(res.statusCode).toBe(201);
    const [mail] = await t.deps.db
      .select({ subject: emailOutbox.subject })
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, email));
    expect(mail!.subject).toMatch(/^We have received your inquiry: Party Bcc: everyone@example\.in Win a prize!/);
    expect(mail!.subject).not.toMatch(/[\r\n\u0000-\u001f\u007f\u2028\u200b]/);
    expect(Array.from(mail!.subject).length).toBeLessThanOrEqual(120);
    expect(mail!.subject.endsWith('…')).toBe(true);
  });
});

describe('rate limits: configuration', () => {
  it('RATE_LIMITS=false (the test default) turns them off; the limits are read from the environment', async () => {
    const off = await createTestApp();
    const low = await createTestApp({ ...LIMITED, RATE_LIMIT_LOGIN_PER_MINUTE: '2' });
    try {
      for (let i = 0; i < 8; i += 1) expect((await restLogin(off, 'free@example.in')).statusCode).toBe(401);
      expect((await restLogin(low, 'low@example.in')).statusCode).toBe(401);
      expect((await restLogin(low, 'low@example.in')).statusCode).toBe(401);
      expect((await restLogin(low, 'low@example.in')).statusCode).toBe(429);
    } finally {
      await off.close();
      await low.close();
    }
  });

  it('with Redis unreachable, sign-in fails closed (503) and quotes fail open (200)', async () => {
    const t = await createTestApp({ ...LIMITED, REDIS_URL: 'redis://127.0.0.1:1' });
    try {
      const login = await restLogin(t, 'closed@example.in');
      expect(login.statusCode).toBe(503);
      expect(login.headers['retry-after']).toBe('60');
      expect(login.json()).toEqual({ detail: expect.stringMatching(/briefly unavailable/) });
      expect((await call(t, { method: 'POST', url: '/api/quotation/instant', payload: quote(1) })).statusCode).toBe(
        200,
      );
    } finally {
      await t.close();
    }
  });
});

describe.skipIf(!redisUp)(
  `rate limits shared through Redis (${redisUp ? REDIS_URL : `skipped: no Redis at ${REDIS_URL}`})`,
  () => {
    // A prefix of this run's own, so parallel runs on one Redis never share counters.
    const prefix = `test:${randomBytes(6).toString('hex')}:`;
    const env = { ...LIMITED, REDIS_URL, RATE_LIMIT_KEY_PREFIX: prefix };
    let a: TestApp;
    let b: TestApp;
    beforeAll(async () => {
      a = await createTestApp(env);
      b = await createTestApp(env);
    });
    afterAll(async () => {
      await a?.close();
      await b?.close();
      const redis = new Redis(REDIS_URL);
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
    });

    it('two instances enforce one login limit: 3 + 3 alternating attempts, the 6th is 429 whichever instance gets it', async () => {
      const email = 'shared@example.in';
      const answers: number[] = [];
      for (let i = 0; i < 6; i += 1) answers.push((await restLogin(i % 2 === 0 ? a : b, email)).statusCode);
      expect(answers).toEqual([401, 401, 401, 401, 401, 429]);
      expectLimited(await trpcLogin(a, email), 60, /^Too many sign-in attempts/);
      expectLimited(await restLogin(b, email), 60, /^Too many sign-in attempts/);
    });

    it('two instances enforce one quote limit, and other IPs keep their own counter', async () => {
      const ip = '198.51.100.80';
      for (let n = 0; n < 30; n += 1) {
        const res = await call(n % 2 === 0 ? a : b, {
          method: 'POST',
          url: '/api/quotation/instant',
          payload: quote(100 + n),
          ip,
        });
        expect(res.statusCode).toBe(200);
      }
      expectLimited(
        await call(a, { method: 'POST', url: '/api/quotation/instant', payload: quote(200), ip }),
        60,
        /^Too many quote/,
      );
      expectLimited(
        await call(b, { method: 'POST', url: '/api/quotation/instant', payload: quote(201), ip }),
        60,
        /^Too many quote/,
      );
      expect(
        (await call(b, { method: 'POST', url: '/api/quotation/instant', payload: quote(202), ip: '198.51.100.81' }))
          .statusCode,
      ).toBe(200);
    });

    it('two instances enforce one per-address sign-in limit across e-mails and one per-e-mail inquiry limit', async () => {
      const ip = '198.51.100.90';
      const answers: number[] = [];
      for (let i = 0; i < 21; i += 1) {
        answers.push((await restLogin(i % 2 === 0 ? a : b, `redis-spray${i}@example.in`, ip)).statusCode);
      }
      expect(answers.slice(0, 20)).toEqual(Array(20).fill(401));
      expect(answers[20]).toBe(429);
      const victim = 'redis.victim@example.in';
      const sent: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        const res = await call(i % 2 === 0 ? a : b, {
          method: 'POST',
          url: '/api/bookings',
          payload: inquiry(victim),
          ip: `198.51.101.${i}`,
        });
        sent.push(res.statusCode);
      }
      expect(sent).toEqual([201, 201, 201, 429]);
    });

    it('counters expire with their window and hold no e-mail address', async () => {
      const redis = new Redis(REDIS_URL);
      try {
        const keys = await redis.keys(`${prefix}*`);
        expect(keys.length).toBeGreaterThan(0);
        expect(keys.join(' ')).not.toMatch(/@|example\.in/);
        for (const key of keys) {
          const ttl = await redis.pttl(key);
          expect(ttl).toBeGreaterThan(0);
          expect(ttl).toBeLessThanOrEqual(60 * 60 * 1000);
        }
      } finally {
        redis.disconnect();
      }
    });
  },
);
