import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { userSessions } from '../../src/server/db/schema';
import { purgeOldSessions } from '../../src/server/jobs/retention';
import { LAST_USED_STEP_MS, untilSessionEnds } from '../../src/server/modules/auth/sessions.service';
import type { SessionDto } from '../../src/shared/schemas/sessions';
import { send } from '../security/helpers/http';
import { makeUser, type MadeUser } from './helpers/fixtures';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * Signed-in devices (docs/security.md, ASVS 3.3.4; docs/api.md, "Signed-in devices"): every token names its session,
 * the account lists its live sessions and ends one or all others, and an ended or expired session's token is a 401
 * on the REST door, the tRPC door and the live streams.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 ' +
  'Mobile/15E148 Safari/604.1';

async function signIn(user: MadeUser, userAgent = CHROME_WINDOWS, remoteAddress = '203.0.113.45'): Promise<string> {
  const answer = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'user-agent': userAgent },
    remoteAddress,
    payload: { email: user.email, password: user.password },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ access_token: string }>().access_token;
}

const rest = (method: string, url: string, token: string) =>
  t.app.inject({ method: method as 'GET', url, headers: { authorization: `Bearer ${token}` } });

const signInAgain = (user: MadeUser) => signIn(user, SAFARI_IPHONE);

async function restList(token: string): Promise<SessionDto[]> {
  const answer = await rest('GET', '/api/auth/sessions', token);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<SessionDto[]>();
}

/** 200 or 401 on both doors, the same on each. */
async function doors(token: string): Promise<number> {
  const viaRest = (await rest('GET', '/api/auth/me', token)).statusCode;
  const viaTrpc = (await rest('GET', '/api/trpc/auth.me', token)).statusCode;
  expect(viaTrpc, 'the tRPC door answers as the REST door').toBe(viaRest);
  return viaRest;
}

describe('REST', () => {
  it('lists the live sessions with a browser summary and an address prefix, marking this device', async () => {
    const user = await makeUser(t.deps, { role: 'customer' });
    const laptop = await signIn(user, CHROME_WINDOWS, '203.0.113.45');
    const phone = await signIn(user, SAFARI_IPHONE, '2001:db8:85a3:1234::7');
    const list = await restList(laptop);
    expect(list).toHaveLength(2);
    const current = list.find((s) => s.current)!;
    const other = list.find((s) => !s.current)!;
    expect(current).toMatchObject({ device: 'Chrome on Windows', ip_prefix: '203.0.113.0/24' });
    expect(other).toMatchObject({ device: 'Safari on iOS', ip_prefix: '2001:db8:85a3::/48' });
    expect(Date.parse(current.expires_at) - Date.parse(current.created_at)).toBe(t.config.jwt.ttlSeconds * 1000);
    // The phone sees the same two, with itself marked.
    expect((await restList(phone)).find((s) => s.current)!.id).toBe(other.id);
    // Neither the whole address nor the whole User-Agent is kept.
    const rows = await t.deps.db.select().from(userSessions).where(eq(userSessions.userId, user.id));
    expect(JSON.stringify(rows)).not.toMatch(/203\.0\.113\.45|1234::7|Chrome\/126|Version\/17/);
  });

  it('signs one other device out: its token is a 401 on both doors, this one keeps working', async () => {
    const user = await makeUser(t.deps, { role: 'customer' });
    const mine = await signIn(user);
    const theirs = await signIn(user, SAFARI_IPHONE);
    const other = (await restList(mine)).find((s) => !s.current)!;
    expect(await doors(theirs)).toBe(200);
    expect((await rest('DELETE', `/api/auth/sessions/${other.id}`, mine)).statusCode).toBe(204);
    expect(await doors(theirs)).toBe(401);
    expect(await doors(mine)).toBe(200);
    expect((await restList(mine)).map((s) => s.id)).not.toContain(other.id);
    // Ending it again, an unknown id or a path that is no id is a 404 with the detail.
    expect((await rest('DELETE', `/api/auth/sessions/${other.id}`, mine)).statusCode).toBe(404);
    expect((await rest('DELETE', '/api/auth/sessions/00000000-0000-4000-8000-000000000000', mine)).statusCode).toBe(
      404,
    );
    const bad = await rest('DELETE', '/api/auth/sessions/not-an-id', mine);
    expect(bad.statusCode).toBe(404);
    expect(bad.json()).toMatchObject({ detail: 'No such signed-in device' });
  });

  it("cannot see or end another account's sessions", async () => {
    const owner = await makeUser(t.deps, { role: 'customer' });
    const stranger = await makeUser(t.deps, { role: 'customer' });
    const ownerToken = await signIn(owner);
    const strangerToken = await signIn(stranger);
    const ownerSession = (await restList(ownerToken))[0]!;
    expect((await restList(strangerToken)).map((s) => s.id)).not.toContain(ownerSession.id);
    expect((await rest('DELETE', `/api/auth/sessions/${ownerSession.id}`, strangerToken)).statusCode).toBe(404);
    expect(await doors(ownerToken)).toBe(200);
  });

  it('signs out everywhere else: every other session ends, this one stays', async () => {
    const user = await makeUser(t.deps, { role: 'customer' });
    const mine = await signIn(user);
    const others = [await signIn(user, SAFARI_IPHONE), await signIn(user)];
    const answer = await rest('POST', '/api/auth/sessions/end-others', mine);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ ended: 2 });
    for (const token of others) expect(await doors(token)).toBe(401);
    expect(await doors(mine)).toBe(200);
    expect(await restList(mine)).toHaveLength(1);
    expect((await rest('POST', '/api/auth/sessions/end-others', mine)).json()).toEqual({ ended: 0 });
  });

  it('logout ends this session only', async () => {
    const user = await makeUser(t.deps, { role: 'customer' });
    const mine = await signIn(user);
    const other = await signIn(user, SAFARI_IPHONE);
    expect((await rest('POST', '/api/auth/logout', mine)).statusCode).toBe(204);
    expect(await doors(mine)).toBe(401);
    expect(await doors(other)).toBe(200);
    expect(await restList(other)).toHaveLength(1);
  });

  it('an expired session is refused even while its token is still within its lifetime', async () => {
    const user = await makeUser(t.deps, { role: 'customer' });
    const token = await signIn(user);
    const [session] = await restList(token);
    await t.deps.db
      .update(userSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(userSessions.id, session!.id));
    expect(await doors(token)).toBe(401);
  });

  it('moves "last used" forward at most once per step, not on every request', async () => {
    const user = await makeUser(t.deps, { role: 'customer' });
    const token = await signIn(user);
    const [session] = await restList(token);
    const lastUsed = async () =>
      (await t.deps.db.select().from(userSessions).where(eq(userSessions.id, session!.id)))[0]!.lastUsedAt.getTime();
    const first = await lastUsed();
    expect(await doors(token)).toBe(200);
    expect(await lastUsed()).toBe(first);
    const old = new Date(Date.now() - LAST_USED_STEP_MS - 60_000);
    await t.deps.db.update(userSessions).set({ lastUsedAt: old }).where(eq(userSessions.id, session!.id));
    expect(await doors(token)).toBe(200);
    const moved = await lastUsed();
    expect(moved).toBeGreaterThan(old.getTime());
    expect(await doors(token)).toBe(200);
    expect(await lastUsed()).toBe(moved);
  });

  it('a password change ends every other session and lists only the new one', async () => {
    const user = await makeUser(t.deps, { role: 'customer' });
    const mine = await signIn(user);
    const other = await signIn(user, SAFARI_IPHONE);
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/change',
      headers: { authorization: `Bearer ${mine}` },
      payload: { current_password: user.password, new_password: 'saffron-kheer-2026' },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const fresh = answer.json<{ access_token: string }>().access_token;
    expect(await doors(mine)).toBe(401);
    expect(await doors(other)).toBe(401);
    expect(await doors(fresh)).toBe(200);
    const list = await restList(fresh);
    expect(list).toHaveLength(1);
    expect(list[0]!.current).toBe(true);
  });
});

describe('tRPC', () => {
  const trpc = (token: string, path: string, input?: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/api/trpc/${path}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: JSON.stringify(input ?? {}),
    });
  const list = async (token: string) => {
    const answer = await rest('GET', '/api/trpc/sessions.list', token);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<{ result: { data: SessionDto[] } }>().result.data;
  };

  it('lists, ends one and ends all others, as the REST door does', async () => {
    const user = await makeUser(t.deps, { role: 'admin' });
    const mine = await signIn(user);
    const second = await signIn(user, SAFARI_IPHONE);
    const third = await signIn(user);
    const sessions = await list(mine);
    expect(sessions).toHaveLength(3);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    const secondId = (await list(second)).find((s) => s.current)!.id;
    expect((await trpc(mine, 'sessions.end', { id: secondId })).statusCode).toBe(200);
    expect(await doors(second)).toBe(401);
    expect((await trpc(mine, 'sessions.end', { id: secondId })).statusCode).toBe(404);
    expect((await trpc(mine, 'sessions.end', { id: 'nope' })).statusCode).toBe(400);
    const others = await trpc(mine, 'sessions.endOthers');
    expect(others.json<{ result: { data: unknown } }>().result.data).toEqual({ ended: 1 });
    expect(await doors(third)).toBe(401);
    expect(await doors(mine)).toBe(200);
  });

  it('auth.logout ends this session only', async () => {
    const user = await makeUser(t.deps, { role: 'supplier', approval: 'approved' });
    const mine = await signIn(user);
    const other = await signIn(user);
    expect((await trpc(mine, 'auth.logout')).statusCode).toBe(200);
    expect(await doors(mine)).toBe(401);
    expect(await doors(other)).toBe(200);
  });

  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/trpc/sessions.list' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/sessions' })).statusCode).toBe(401);
  });
});

describe('live streams', () => {
  it("refuse a signed-out session's token on the SSE door and the tRPC subscription", async () => {
    const admin = await makeUser(t.deps, { role: 'admin' });
    const mine = await signIn(admin);
    const other = await signIn(admin, SAFARI_IPHONE);
    const otherId = (await restList(other)).find((s) => s.current)!.id;
    expect((await rest('DELETE', `/api/auth/sessions/${otherId}`, mine)).statusCode).toBe(204);
    const sse = await send(t.app, { method: 'GET', url: '/api/notifications/stream' }, other);
    expect(sse.status).toBe(401);
    const subscription = await send(t.app, { method: 'GET', url: '/api/trpc/notifications.live?input=%7B%7D' }, other);
    expect(subscription.status).toBe(401);
  });
});

describe('an open live stream', () => {
  it('is stopped once its session ends, not before', async () => {
    const admin = await makeUser(t.deps, { role: 'admin' });
    const token = await signIn(admin);
    const [session] = await restList(token);
    const open = new AbortController();
    const stop = untilSessionEnds(t.deps, { id: admin.id, sessionId: session!.id }, open.signal, 10);
    // Live session: the stream runs on.
    const before = await t.deps.db.select().from(userSessions).where(eq(userSessions.id, session!.id));
    expect(before[0]!.revokedAt).toBeNull();
    expect(stop.aborted).toBe(false);
    expect((await rest('DELETE', `/api/auth/sessions/${session!.id}`, (await signInAgain(admin))!)).statusCode).toBe(
      204,
    );
    await vi.waitFor(() => expect(stop.aborted).toBe(true), { timeout: 5000, interval: 10 });
    open.abort();
  });
});

describe('retention', () => {
  it('deletes a session 30 days after it stopped working, not before', async () => {
    const user = await makeUser(t.deps, { role: 'customer' });
    const day = 24 * 60 * 60 * 1000;
    const rows = await t.deps.db
      .insert(userSessions)
      .values([
        { userId: user.id, tokenVersion: 0, expiresAt: new Date(Date.now() - 31 * day) },
        { userId: user.id, tokenVersion: 0, expiresAt: new Date(Date.now() - 29 * day), revokedAt: new Date() },
      ])
      .returning({ id: userSessions.id });
    expect(await purgeOldSessions(t.deps)).toBeGreaterThanOrEqual(1);
    const left = await t.deps.db.select().from(userSessions).where(eq(userSessions.userId, user.id));
    expect(left.map((row) => row.id)).toEqual([rows[1]!.id]);
  });
});
