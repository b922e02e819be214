import { randomBytes, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { base64url, exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig, type Config } from '../../src/server/config';
import type { DatabaseHandle } from '../../src/server/db/client';
import { users, userSessions } from '../../src/server/db/schema';
import { makeUser, setUserActive, type MadeUser } from '../server/helpers/fixtures';
import { tokenFor } from '../server/helpers/admin-fixtures';
import { createTestApp, openTestDatabase, testConfig, type TestApp } from '../server/helpers/test-app';
import { send } from './helpers/http';

/*
 * Tokens and passwords (docs/security.md#accounts-and-tokens): every forged, stale or misdirected token is a 401 with a
 * generic body on REST and tRPC alike; the account in the database, not the token, decides the role; logout ends
 * the token on the server; an unknown e-mail and a wrong password cannot be told apart, not even by timing.
 */

let t: TestApp;
let customer: MadeUser;
let admin: MadeUser;
/** A live session of `customer`, which forged tokens name unless told otherwise. */
let customerSession: string;

async function sessionOf(user: MadeUser): Promise<string> {
  const [row] = await t.deps.db
    .insert(userSessions)
    .values({ userId: user.id, tokenVersion: 0, expiresAt: new Date(Date.now() + 3600_000) })
    .returning({ id: userSessions.id });
  return row!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  customer = await makeUser(t.deps, { role: 'customer' });
  admin = await makeUser(t.deps, { role: 'admin' });
  customerSession = await sessionOf(customer);
});

afterAll(async () => {
  await t?.close();
});

const now = () => Math.floor(Date.now() / 1000);

/** A token with the app's claims, changed as asked; signed HS256 with the app's key unless told otherwise. */
async function forge(
  options: {
    claims?: JWTPayload;
    omit?: ('exp' | 'iss' | 'aud' | 'iat' | 'sub' | 'sid')[];
    alg?: string;
    key?: Uint8Array | CryptoKey;
    header?: Record<string, unknown>;
    sub?: string;
  } = {},
): Promise<string> {
  const omit = new Set(options.omit ?? []);
  const payload: JWTPayload = {
    ver: 0,
    ...(!omit.has('sid') && { sid: customerSession }),
    ...(!omit.has('sub') && { sub: options.sub ?? customer.id }),
    ...(!omit.has('iss') && { iss: t.config.jwt.issuer }),
    ...(!omit.has('aud') && { aud: t.config.jwt.audience }),
    ...(!omit.has('iat') && { iat: now() }),
    ...(!omit.has('exp') && { exp: now() + 3600 }),
    ...options.claims,
  };
  return new SignJWT(payload)
    .setProtectedHeader({ alg: options.alg ?? 'HS256', typ: 'JWT', ...options.header })
    .sign(options.key ?? t.config.jwt.secret);
}

function unsigned(header: object, payload: object, signature = ''): string {
  const part = (value: object) => base64url.encode(JSON.stringify(value));
  return `${part(header)}.${part(payload)}.${signature}`;
}

/** The same token on the REST and the tRPC door; both must refuse it the same way. */
async function expectRefused(token: string, why: string): Promise<void> {
  const rest = await send(t.app, { method: 'GET', url: '/api/auth/me' }, token);
  expect(rest.status, `${why} (REST)`).toBe(401);
  expect(JSON.parse(rest.body), why).toEqual({ detail: 'Could not validate credentials' });
  const trpc = await send(t.app, { method: 'GET', url: '/api/trpc/auth.me' }, token);
  expect(trpc.status, `${why} (tRPC)`).toBe(401);
  expect(JSON.parse(trpc.body).error.message, why).toBe('Could not validate credentials');
}

async function expectAccepted(token: string): Promise<void> {
  const rest = await send(t.app, { method: 'GET', url: '/api/auth/me' }, token);
  expect(rest.status, rest.body).toBe(200);
}

describe('forged and stale tokens', () => {
  it('a token made like the app makes it is accepted (the control)', async () => {
    await expectAccepted(await forge());
    await expectAccepted(await tokenFor(t.deps, customer.id));
  });

  it('alg "none", in any spelling, is refused', async () => {
    const payload = {
      sub: customer.id,
      ver: 0,
      iss: t.config.jwt.issuer,
      aud: t.config.jwt.audience,
      iat: now(),
      exp: now() + 3600,
    };
    for (const alg of ['none', 'None', 'NONE', 'nOnE']) {
      await expectRefused(unsigned({ alg, typ: 'JWT' }, payload), `alg ${alg}`);
      await expectRefused(unsigned({ alg, typ: 'JWT' }, payload, 'AAAA'), `alg ${alg} with a signature`);
    }
  });

  it('a wrong key, HS384 or HS512 with the right key, and RS256/ES256 are refused', async () => {
    await expectRefused(await forge({ key: randomBytes(32) }), 'wrong key');
    await expectRefused(await forge({ key: new TextEncoder().encode('secret') }), 'guessable key');
    await expectRefused(await forge({ alg: 'HS384' }), 'HS384');
    await expectRefused(await forge({ alg: 'HS512' }), 'HS512');
    const rsa = await generateKeyPair('RS256');
    await expectRefused(await forge({ alg: 'RS256', key: rsa.privateKey }), 'RS256');
    const ec = await generateKeyPair('ES256');
    await expectRefused(await forge({ alg: 'ES256', key: ec.privateKey }), 'ES256');
    // The attacker's own key in the header (jwk) or behind a URL (jku, x5u) is never used.
    const jwk = await exportJWK(rsa.publicKey);
    await expectRefused(await forge({ alg: 'RS256', key: rsa.privateKey, header: { jwk } }), 'embedded jwk');
    await expectRefused(
      await forge({ alg: 'RS256', key: rsa.privateKey, header: { jku: 'https://evil.example/jwks.json' } }),
      'jku',
    );
    await expectRefused(await forge({ key: randomBytes(32), header: { kid: '../../dev/null' } }), 'unknown kid');
  });

  it('missing or past exp, future nbf, wrong or missing iss and aud, a too old iat are refused', async () => {
    await expectRefused(await forge({ omit: ['exp'] }), 'no exp');
    await expectRefused(await forge({ claims: { exp: now() - 2 } }), 'expired');
    await expectRefused(await forge({ claims: { exp: now() - 3600, iat: now() - 7200 } }), 'expired an hour ago');
    await expectRefused(await forge({ claims: { nbf: now() + 60 } }), 'nbf in a minute');
    await expectRefused(await forge({ claims: { iss: 'someone-else' } }), 'wrong iss');
    await expectRefused(await forge({ omit: ['iss'] }), 'no iss');
    await expectRefused(await forge({ claims: { aud: 'another-app' } }), 'wrong aud');
    await expectRefused(await forge({ omit: ['aud'] }), 'no aud');
    await expectRefused(await forge({ omit: ['iat'] }), 'no iat');
    // A token claiming a lifetime far beyond the app's 12 hours.
    await expectRefused(
      await forge({ claims: { iat: now() - 13 * 3600, exp: now() + 3600 } }),
      'older than the lifetime',
    );
  });

  it('odd subjects and versions are refused', async () => {
    await expectRefused(await forge({ omit: ['sub'] }), 'no sub');
    await expectRefused(await forge({ sub: 'admin' }), 'sub not an id');
    await expectRefused(await forge({ sub: `${customer.id}' OR '1'='1` }), 'sub with SQL');
    await expectRefused(await forge({ claims: { ver: '0' } }), 'ver as text');
    await expectRefused(await forge({ claims: { ver: 1 } }), 'a version the account never had');
    await expectRefused(await forge({ claims: { ver: undefined } }), 'no ver');
  });

  it('an edited payload without the key fails its signature', async () => {
    const [header, , signature] = (await forge()).split('.');
    const payload = {
      sub: admin.id,
      ver: 0,
      role: 'admin',
      iss: t.config.jwt.issuer,
      aud: t.config.jwt.audience,
      iat: now(),
      exp: now() + 3600,
    };
    await expectRefused(
      `${header}.${base64url.encode(JSON.stringify(payload))}.${signature}`,
      'payload edited to the admin',
    );
    const longer = { ...payload, sub: customer.id, exp: now() + 365 * 86400 };
    await expectRefused(`${header}.${base64url.encode(JSON.stringify(longer))}.${signature}`, 'exp edited');
  });

  it("a token without its session, or naming another account's or an unknown session, is refused", async () => {
    await expectRefused(await forge({ omit: ['sid'] }), 'no session id');
    await expectRefused(await forge({ claims: { sid: 'not-a-uuid' } }), 'malformed session id');
    await expectRefused(await forge({ claims: { sid: randomUUID() } }), 'unknown session');
    await expectRefused(await forge({ claims: { sid: await sessionOf(admin) } }), "another account's session");
    await expectRefused(await forge({ claims: { fph: 'short' } }), 'malformed fingerprint hash');
  });

  it('a validly signed role claim is ignored: the role comes from the database', async () => {
    const token = await forge({ claims: { role: 'admin', roles: ['admin'], is_admin: true } });
    const me = await send(t.app, { method: 'GET', url: '/api/auth/me' }, token);
    expect(JSON.parse(me.body).role).toBe('customer');
    expect((await send(t.app, { method: 'GET', url: '/api/admin/customers' }, token)).status).toBe(403);
    expect((await send(t.app, { method: 'GET', url: '/api/trpc/admin.customers.list' }, token)).status).toBe(403);
  });

  it('garbled tokens are refused, never a 500', async () => {
    const good = await forge();
    const [h, p, s] = good.split('.') as [string, string, string];
    const garbled = [
      `${h}.${p}.${s.slice(0, -4)}`,
      `${h}.${p}`,
      `${h}..${s}`,
      `${h}.${p}.${s}.${s}`,
      `${h}.${p}!!.${s}`,
      `${h.replace(/[A-Za-z]/, '%')}.${p}.${s}`,
      `${base64url.encode('{"alg":"HS256"')}.${p}.${s}`,
      `${base64url.encode('[]')}.${p}.${s}`,
      `${h}.${base64url.encode('not json')}.${s}`,
      `${h}.${base64url.encode('null')}.${s}`,
      `${h}.${p}.${'A'.repeat(43)}`,
      'e30.e30.e30',
      '...',
      '.',
      'null',
      'undefined',
      '\u00e9\u00e9\u00e9.\u00e9.\u00e9',
      Buffer.from(good).toString('base64'),
    ];
    for (const token of garbled) await expectRefused(token, `garbled ${token.slice(0, 40)}`);
  });

  it('tokens over 8 KB are refused before they are parsed, even validly signed ones', async () => {
    const padded = await forge({ claims: { pad: 'x'.repeat(8 * 1024) } });
    expect(padded.length).toBeGreaterThan(8 * 1024);
    await expectRefused(padded, 'over 8 KB');
    await expectRefused(`${'a'.repeat(9000)}.${'b'.repeat(9000)}.c`, 'huge garbage');
  });

  it('only the Bearer scheme carries a token: a bare token or another scheme does not sign anyone in', async () => {
    const token = await tokenFor(t.deps, customer.id);
    for (const authorization of [token, `Basic ${token}`, `Token ${token}`, `Bearer  ${token} extra`, `Bearer`]) {
      const answer = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization } });
      expect(answer.statusCode, authorization.slice(0, 30)).toBe(401);
    }
    // The scheme is case-insensitive (RFC 9110), so this is the same as "Bearer".
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `bearer ${token}` } }))
        .statusCode,
    ).toBe(200);
    // A bad header on a public route is ignored, as a stale token is.
    const brand = await t.app.inject({
      method: 'GET',
      url: '/api/site/brand',
      headers: { authorization: `Basic ${token}` },
    });
    expect(brand.statusCode).toBe(200);
  });
});

describe('accounts that no longer exist or may not sign in', () => {
  it('a deleted user, a deactivated customer and a deactivated supplier get 401 with their old tokens', async () => {
    const gone = await makeUser(t.deps, { role: 'customer' });
    const goneToken = await tokenFor(t.deps, gone.id);
    await expectAccepted(goneToken);
    await t.deps.db.delete(users).where(eq(users.id, gone.id));
    await expectRefused(goneToken, 'deleted user');

    const idle = await makeUser(t.deps, { role: 'customer' });
    const idleToken = await tokenFor(t.deps, idle.id);
    await setUserActive(t.deps, idle.id, false);
    await expectRefused(idleToken, 'deactivated (flag only)');

    const viaAdmin = await makeUser(t.deps, { role: 'customer' });
    const viaAdminToken = await tokenFor(t.deps, viaAdmin.id);
    const adminToken = await tokenFor(t.deps, admin.id);
    expect(
      (await send(t.app, { method: 'PUT', url: `/api/admin/customers/${viaAdmin.id}/deactivate` }, adminToken)).status,
    ).toBe(200);
    await expectRefused(viaAdminToken, 'deactivated by an admin');
    // Reactivating restores sign-in, not the old sessions.
    expect(
      (await send(t.app, { method: 'PUT', url: `/api/admin/customers/${viaAdmin.id}/activate` }, adminToken)).status,
    ).toBe(200);
    await expectRefused(viaAdminToken, 'reactivated: old token');

    const supplier = await makeUser(t.deps, { role: 'supplier' });
    const supplierToken = await tokenFor(t.deps, supplier.id);
    expect((await send(t.app, { method: 'GET', url: '/api/supplier/dashboard' }, supplierToken)).status).toBe(200);
    const update = await send(
      t.app,
      { method: 'PUT', url: `/api/suppliers/${supplier.supplierId}`, payload: { is_active: false } },
      adminToken,
    );
    expect(update.status).toBe(200);
    await expectRefused(supplierToken, 'deactivated supplier');
  });
});

describe('logout', () => {
  async function signIn(user: MadeUser): Promise<string> {
    const answer = await send(t.app, {
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
    });
    expect(answer.status).toBe(200);
    return JSON.parse(answer.body).access_token as string;
  }

  it("REST: after POST /api/auth/logout the token gets 401; the account's other devices stay signed in", async () => {
    const user = await makeUser(t.deps, { role: 'customer' });
    const token = await signIn(user);
    const otherDevice = await signIn(user);
    await expectAccepted(token);
    expect((await send(t.app, { method: 'POST', url: '/api/auth/logout' }, token)).status).toBe(204);
    await expectRefused(token, 'after REST logout');
    await expectAccepted(otherDevice);
    // A fresh sign-in works again.
    await expectAccepted(await signIn(user));
  });

  it('tRPC: after auth.logout the same token gets 401 on both doors', async () => {
    const user = await makeUser(t.deps, { role: 'supplier' });
    const token = await signIn(user);
    expect((await send(t.app, { method: 'GET', url: '/api/trpc/supplier.dashboard' }, token)).status).toBe(200);
    const out = await send(t.app, { method: 'POST', url: '/api/trpc/auth.logout', payload: {} }, token);
    expect(out.status).toBe(200);
    await expectRefused(token, 'after tRPC logout');
    expect((await send(t.app, { method: 'GET', url: '/api/trpc/supplier.dashboard' }, token)).status).toBe(401);
    // Logging out again with the revoked token is itself a 401.
    expect((await send(t.app, { method: 'POST', url: '/api/auth/logout' }, token)).status).toBe(401);
  });
});

describe('sign-in refusals cannot be told apart', () => {
  /** An app hashing with the production argon2 parameters (19 MiB, 2 passes), as the timing must be measured. */
  let app: FastifyInstance;
  let database: DatabaseHandle;
  let known: MadeUser;

  beforeAll(async () => {
    const production = loadConfig({ NODE_ENV: 'test' }).passwordHash;
    const config: Config = { ...testConfig(), passwordHash: production };
    database = await openTestDatabase();
    app = await buildApp(config, { database, migrate: false, startWorkers: false });
    await app.ready();
    known = await makeUser({ db: database.db, config }, { role: 'customer' });
    // The production cost, and the pepper's id (docs/security.md, "Passwords, reset and the second factor").
    expect(
      (await database.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, known.id)))[0]!.hash,
    ).toMatch(/^\$argon2id\$v=19\$m=19456,(t=2,p=1|p=1,t=2),keyid=[0-9a-f]{8}\$/);
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const login = (email: string, password: string) =>
    app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

  it('unknown e-mail and wrong password: same status, same body, and the same time within noise', async () => {
    const unknown = () => login(`nobody.${randomBytes(4).toString('hex')}@example.in`, 'wrong-password-1');
    const wrong = () => login(known.email, 'wrong-password-1');

    const [a, b] = [await unknown(), await wrong()]; // also warms both paths up
    expect(a.statusCode).toBe(401);
    expect(b.statusCode).toBe(a.statusCode);
    expect(b.body).toBe(a.body);
    expect(JSON.parse(a.body)).toEqual({ detail: 'Incorrect email or password' });
    const trpcUnknown = await app.inject({
      method: 'POST',
      url: '/api/trpc/auth.login',
      payload: { email: 'nobody@example.in', password: 'x1234567' },
    });
    const trpcWrong = await app.inject({
      method: 'POST',
      url: '/api/trpc/auth.login',
      payload: { email: known.email, password: 'x1234567' },
    });
    expect(trpcWrong.statusCode).toBe(trpcUnknown.statusCode);
    expect(trpcWrong.body).toBe(trpcUnknown.body);

    const TRIES = 20;
    const times = { unknown: [] as number[], wrong: [] as number[] };
    for (let i = 0; i < TRIES; i += 1) {
      // Interleaved, so a slow moment of the shared machine hits both sides alike.
      for (const [side, attempt] of [
        ['unknown', unknown],
        ['wrong', wrong],
      ] as const) {
        const started = performance.now();
        const answer = await attempt();
        times[side].push(performance.now() - started);
        expect(answer.statusCode).toBe(401);
      }
    }
    const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;
    const ratio = median(times.unknown) / median(times.wrong);
    console.log(
      `login timing over ${TRIES} tries each: unknown e-mail median ${median(times.unknown).toFixed(1)} ms, ` +
        `wrong password ${median(times.wrong).toFixed(1)} ms, ratio ${ratio.toFixed(2)}`,
    );
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
    // And the dummy hash is real work: both take at least what one production hash takes, not a shortcut.
    expect(median(times.unknown)).toBeGreaterThan(5);
  });
});
