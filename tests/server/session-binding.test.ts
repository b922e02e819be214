import { createHash } from 'node:crypto';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fingerprintCookieName, fingerprintSetCookie } from '../../src/server/modules/auth/sessions.service';
import { SESSION_BINDING_HEADER, SESSION_BINDING_VALUE } from '../../src/shared/session-binding';
import { send } from '../security/helpers/http';
import { makeUser, type MadeUser } from './helpers/fixtures';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * The browser binding of tokens (docs/security.md, ASVS 3.2.3; docs/decisions.md, "Sessions and the browser
 * binding"): a client that asks gets a token carrying only the hash of a random fingerprint kept in an HttpOnly,
 * SameSite=Strict cookie; that token works only with the cookie, on every door. A token issued without asking works
 * with the Bearer header alone, as before.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

const BIND = { [SESSION_BINDING_HEADER]: SESSION_BINDING_VALUE };
const COOKIE = 'session_fp';

type Issued = { token: string; setCookie: string[] };

function setCookies(headers: Record<string, unknown>): string[] {
  const value = headers['set-cookie'];
  return value === undefined ? [] : Array.isArray(value) ? value.map(String) : [String(value)];
}

async function restLogin(user: MadeUser, bind: boolean): Promise<Issued> {
  const answer = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: bind ? BIND : {},
    payload: { email: user.email, password: user.password },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return { token: answer.json<{ access_token: string }>().access_token, setCookie: setCookies(answer.headers) };
}

/** The fingerprint the answer set, read from its Set-Cookie. */
function fingerprintOf(issued: Issued): string {
  const line = issued.setCookie.find((c) => c.startsWith(`${COOKIE}=`));
  expect(line, 'a fingerprint cookie was set').toBeDefined();
  return line!.split(';')[0]!.slice(COOKIE.length + 1);
}

/** The status on the REST and the tRPC door (the same on both), with an optional Cookie header. */
async function doors(token: string, cookie?: string): Promise<number> {
  const headers = { authorization: `Bearer ${token}`, ...(cookie !== undefined && { cookie }) };
  const viaRest = (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers })).statusCode;
  const viaTrpc = (await t.app.inject({ method: 'GET', url: '/api/trpc/auth.me', headers })).statusCode;
  expect(viaTrpc, 'the tRPC door answers as the REST door').toBe(viaRest);
  return viaRest;
}

describe('a bound token', () => {
  it('comes with an HttpOnly, SameSite=Strict fingerprint cookie; the token holds only its hash', async () => {
    const user = await makeUser(t.deps, { role: 'customer' });
    const issued = await restLogin(user, true);
    const line = issued.setCookie.find((c) => c.startsWith(`${COOKIE}=`))!;
    expect(line).toMatch(/; HttpOnly/);
    expect(line).toMatch(/; SameSite=Strict/);
    expect(line).toMatch(/; Path=\//);
    expect(line).toMatch(new RegExp(`; Max-Age=${t.config.jwt.ttlSeconds}`));
    const fingerprint = fingerprintOf(issued);
    expect(fingerprint).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const claims = decodeJwt(issued.token);
    expect(claims.fph).toBe(createHash('sha256').update(fingerprint).digest('base64url'));
    expect(issued.token).not.toContain(fingerprint);
  });

  it('is refused without its cookie and with a wrong one, on both doors; accepted with it', async () => {
    const user = await makeUser(t.deps, { role: 'customer' });
    const issued = await restLogin(user, true);
    const fingerprint = fingerprintOf(issued);
    expect(await doors(issued.token)).toBe(401);
    expect(await doors(issued.token, `${COOKIE}=${'A'.repeat(43)}`)).toBe(401);
    // Another browser's fingerprint does not fit either.
    const other = fingerprintOf(await restLogin(user, true));
    expect(await doors(issued.token, `${COOKIE}=${other}`)).toBe(401);
    expect(await doors(issued.token, `${COOKIE}=${fingerprint}x`)).toBe(401);
    expect(await doors(issued.token, `theme=dark; ${COOKIE}=${fingerprint}; lang=en`)).toBe(200);
  });

  it('is refused on the live stream without its cookie', async () => {
    const admin = await makeUser(t.deps, { role: 'admin' });
    const issued = await restLogin(admin, true);
    const sse = await send(t.app, { method: 'GET', url: '/api/notifications/stream' }, issued.token);
    expect(sse.status).toBe(401);
  });

  it('the cookie alone signs nobody in: the Bearer header stays required (no cross-site request forgery)', async () => {
    const user = await makeUser(t.deps, { role: 'customer' });
    const fingerprint = fingerprintOf(await restLogin(user, true));
    const cookie = `${COOKIE}=${fingerprint}`;
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(401);
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/change',
      headers: { cookie },
      payload: { current_password: user.password, new_password: 'saffron-kheer-2026' },
    });
    expect(change.statusCode).toBe(401);
    const end = await t.app.inject({
      method: 'POST',
      url: '/api/trpc/sessions.endOthers',
      headers: { cookie, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(end.statusCode).toBe(401);
  });

  it('is what registration and a password change give a browser that asks, on the tRPC door too', async () => {
    const register = await t.app.inject({
      method: 'POST',
      url: '/api/trpc/auth.register',
      headers: { ...BIND, 'content-type': 'application/json' },
      payload: JSON.stringify({
        email: `bound.${Date.now()}@example.in`,
        password: 'masala-chai-at-six',
        full_name: 'Kavya Menon',
        phone: '+91 98260 11223',
      }),
    });
    expect(register.statusCode, register.body).toBe(200);
    const registered = {
      token: register.json<{ result: { data: { access_token: string } } }>().result.data.access_token,
      setCookie: setCookies(register.headers),
    };
    const fingerprint = fingerprintOf(registered);
    expect(await doors(registered.token)).toBe(401);
    expect(await doors(registered.token, `${COOKIE}=${fingerprint}`)).toBe(200);

    const change = await t.app.inject({
      method: 'POST',
      url: '/api/trpc/auth.changePassword',
      headers: {
        ...BIND,
        authorization: `Bearer ${registered.token}`,
        cookie: `${COOKIE}=${fingerprint}`,
        'content-type': 'application/json',
      },
      payload: JSON.stringify({ current_password: 'masala-chai-at-six', new_password: 'saffron-kheer-2026' }),
    });
    expect(change.statusCode, change.body).toBe(200);
    const changed = {
      token: change.json<{ result: { data: { access_token: string } } }>().result.data.access_token,
      setCookie: setCookies(change.headers),
    };
    const next = fingerprintOf(changed);
    expect(next).not.toBe(fingerprint);
    expect(await doors(changed.token, `${COOKIE}=${fingerprint}`)).toBe(401);
    expect(await doors(changed.token, `${COOKIE}=${next}`)).toBe(200);
  });
});

describe('logout', () => {
  it('clears the fingerprint cookie on the REST door', async () => {
    const user = await makeUser(t.deps, { role: 'customer' });
    const issued = await restLogin(user, true);
    const cookie = `${COOKIE}=${fingerprintOf(issued)}`;
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${issued.token}`, cookie },
    });
    expect(out.statusCode).toBe(204);
    const cleared = setCookies(out.headers).find((c) => c.startsWith(`${COOKIE}=`));
    expect(cleared).toMatch(new RegExp(`^${COOKIE}=;`));
    expect(cleared).toMatch(/Max-Age=0/);
    expect(await doors(issued.token, cookie)).toBe(401);
  });

  it('clears the fingerprint cookie on the tRPC door', async () => {
    const user = await makeUser(t.deps, { role: 'customer' });
    const issued = await restLogin(user, true);
    const cookie = `${COOKIE}=${fingerprintOf(issued)}`;
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/trpc/auth.logout',
      headers: { authorization: `Bearer ${issued.token}`, cookie, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(out.statusCode).toBe(200);
    expect(setCookies(out.headers).find((c) => c.startsWith(`${COOKIE}=`))).toMatch(/Max-Age=0/);
  });
});

describe('an API client that does not ask', () => {
  it('gets no cookie and a token that works with the Bearer header alone, whatever cookies come with it', async () => {
    const user = await makeUser(t.deps, { role: 'customer' });
    const issued = await restLogin(user, false);
    expect(issued.setCookie).toEqual([]);
    expect(decodeJwt(issued.token).fph).toBeUndefined();
    expect(await doors(issued.token)).toBe(200);
    expect(await doors(issued.token, `${COOKIE}=${'B'.repeat(43)}`)).toBe(200);
  });
});

describe('the cookie in production', () => {
  it('is a __Host- cookie marked Secure', () => {
    const production = { env: 'production' as const };
    expect(fingerprintCookieName(production)).toBe('__Host-session_fp');
    const line = fingerprintSetCookie(production, fingerprintCookieName(production), 'abc', 60);
    expect(line).toBe('__Host-session_fp=abc; Path=/; Max-Age=60; HttpOnly; SameSite=Strict; Secure');
    expect(fingerprintSetCookie({ env: 'test' }, COOKIE, 'abc', 60)).not.toMatch(/Secure/);
  });
});
