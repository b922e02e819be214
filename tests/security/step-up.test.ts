import { eq } from 'drizzle-orm';
import { decodeJwt, SignJWT } from 'jose';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema';
import { startSession } from '../../src/server/modules/auth/sessions.service';
import { procedures, send, trpcCall, type Call } from './helpers/http';
import { REST_ROWS, rowName, TRPC_ROWS, type Row } from './helpers/surface';
import { buildWorld, type World } from './helpers/world';

/*
 * ASVS 4.3.3 step-up (docs/decisions.md, "Admin second factor and step-up"): with ADMIN_SECOND_FACTOR_REQUIRED on,
 * refunds, erasure and the business-wide settings need a re-authentication of the last 5 minutes (password or
 * authenticator code) carried in `X-Step-Up`; without it, or with a stale, foreign or revoked one, a 403 with
 * `reason: "step_up_required"`. Every other admin door works with the session alone.
 */

const STEP_UP_DOORS = [
  'PUT /api/admin/refunds/:id/paid',
  'PUT /api/admin/customers/:id/erase',
  'POST /api/admin/subscriptions/:id/refund',
  'PUT /api/admin/settings/payment-rules',
  'PUT /api/admin/settings/operations',
  'PUT /api/admin/settings/gst',
  'PUT /api/admin/menu-rules',
  'trpc admin.refunds.markPaid',
  'trpc admin.customers.erase',
  'trpc admin.subscriptions.refund',
  'trpc admin.settings.updatePaymentRules',
  'trpc admin.settings.updateOperationsRules',
  'trpc admin.gst.updateSettings',
  'trpc admin.menus.updateRules',
];
const DETAIL = 'Please confirm it is you: enter your password or a code from your authenticator app, then try again.';

let w: World;
let secret: string;
const procedureTypes = procedures();
beforeAll(async () => {
  w = await buildWorld({ ADMIN_SECOND_FACTOR_REQUIRED: 'true' });
  // The admin has its second factor on (the switch lets nothing else through).
  const token = w.subjects.admin.token!;
  const setup = await w.t.app.inject({
    method: 'POST',
    url: '/api/auth/second-factor/setup',
    headers: { authorization: `Bearer ${token}` },
  });
  secret = setup.json().secret as string;
  const confirm = await w.t.app.inject({
    method: 'POST',
    url: '/api/auth/second-factor/confirm',
    headers: { authorization: `Bearer ${token}` },
    payload: { password: w.subjects.admin.password, code: totp().generate({ timestamp: Date.now() - 30_000 }) },
  });
  expect(confirm.statusCode).toBe(200);
});
afterAll(async () => {
  await w?.close();
});

const totp = () => new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) });
const rows = () => [...REST_ROWS, ...TRPC_ROWS].filter((row) => STEP_UP_DOORS.includes(rowName(row)));

async function call(row: Row, stepUp?: string) {
  const built = await row.build(w, w.subjects.admin, '');
  const request: Call =
    row.kind === 'rest' ? (built as Call) : trpcCall(procedureTypes.get(row.path)!.type, row.path, built);
  if (stepUp) request.headers = { ...request.headers, 'x-step-up': stepUp };
  return send(w.t.app, request, w.subjects.admin.token);
}

async function reauthenticate(payload: object, token = w.subjects.admin.token!) {
  return w.t.app.inject({
    method: 'POST',
    url: '/api/auth/reauthenticate',
    headers: { authorization: `Bearer ${token}` },
    payload,
  });
}

const refusedForStepUp = (answer: { status: number; body: string }) =>
  answer.status === 403 && answer.body.includes(DETAIL) && answer.body.includes('"reason":"step_up_required"');

describe('step-up for high-value admin actions', () => {
  it('covers every listed door, on REST and tRPC', () => {
    expect(rows().map(rowName).sort()).toEqual([...STEP_UP_DOORS].sort());
  });

  it('refuses each without a re-authentication, and lets each through with a fresh one', async () => {
    const res = await reauthenticate({ password: w.subjects.admin.password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ expires_in: 300 });
    const stepUp = res.json().step_up_token as string;
    const problems: string[] = [];
    for (const row of rows()) {
      const without = await call(row);
      if (!refusedForStepUp(without)) problems.push(`${rowName(row)} without: ${without.status} ${without.body}`);
      const withIt = await call(row, stepUp);
      if (!row.ok.includes(withIt.status)) problems.push(`${rowName(row)} with: ${withIt.status} ${withIt.body}`);
    }
    expect(problems).toEqual([]);
    // Other admin doors need the session only.
    const stats = await send(w.t.app, { method: 'GET', url: '/api/dashboard/stats' }, w.subjects.admin.token);
    expect(stats.status).toBe(200);
  });

  it('accepts a current authenticator code instead of the password, once; refuses a wrong password or code', async () => {
    const wrong = await reauthenticate({ password: 'not-the-password' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().detail[0]).toMatchObject({ loc: ['body', 'password'], msg: 'Your password is not correct' });
    expect((await reauthenticate({})).statusCode).toBe(422);
    expect((await reauthenticate({ password: 'x', code: '123456' })).statusCode).toBe(422);
    const code = totp().generate();
    const byCode = await reauthenticate({ code });
    expect(byCode.statusCode).toBe(200);
    const replay = await reauthenticate({ code });
    expect(replay.statusCode).toBe(422);
    const settings = rows().find((row) => rowName(row) === 'PUT /api/admin/settings/gst')!;
    expect((await call(settings, byCode.json().step_up_token as string)).status).toBe(200);
  });

  it('refuses a stale, forged, foreign or revoked step-up token, and the token opens nothing by itself', async () => {
    const settings = rows().find((row) => rowName(row) === 'PUT /api/admin/settings/gst')!;
    const { config } = w.t;
    const [admin] = await w.t.deps.db.select().from(users).where(eq(users.id, w.subjects.admin.userId!));
    const sid = decodeJwt(w.subjects.admin.token!).sid;
    const sign = (iat: number, key: Uint8Array = config.jwt.secret, sub = admin!.id) =>
      new SignJWT({ ver: admin!.tokenVersion, sid })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(sub)
        .setIssuer(config.jwt.issuer)
        .setAudience(`${config.jwt.audience}:step-up`)
        .setIssuedAt(iat)
        .setExpirationTime(iat + 3600)
        .sign(key);
    const now = Math.floor(Date.now() / 1000);
    // Made more than 5 minutes ago, whatever its own expiry says.
    expect(refusedForStepUp(await call(settings, await sign(now - 301)))).toBe(true);
    expect(refusedForStepUp(await call(settings, await sign(now, new TextEncoder().encode('k'.repeat(48)))))).toBe(
      true,
    );
    // The app's session token is no step-up token, and a step-up token is no session.
    expect(refusedForStepUp(await call(settings, w.subjects.admin.token!))).toBe(true);
    const fresh = (await reauthenticate({ password: w.subjects.admin.password })).json().step_up_token as string;
    expect((await send(w.t.app, { method: 'GET', url: '/api/auth/me' }, fresh)).status).toBe(401);
    // Another admin's re-authentication does not count for this one.
    expect(
      refusedForStepUp(await call(settings, await sign(now, config.jwt.secret, w.subjects.customerA.userId!))),
    ).toBe(true);
    // Signing out ends the step-up with the session: another session of the same admin cannot use it.
    expect((await call(settings, fresh)).status).toBe(200);
    await w.t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${w.subjects.admin.token}` },
    });
    const session = await startSession(w.t.deps, { id: admin!.id, tokenVersion: admin!.tokenVersion });
    expect((await send(w.t.app, { method: 'GET', url: '/api/auth/me' }, session)).status).toBe(200);
    const answer = await send(
      w.t.app,
      { ...((await settings.build(w, w.subjects.admin, '')) as Call), headers: { 'x-step-up': fresh } },
      session,
    );
    expect(refusedForStepUp(answer)).toBe(true);
  });
});

describe('with the switch off (development, tests, the demo)', () => {
  it('needs no step-up: the product description flows run unchanged', async () => {
    const off = await buildWorld();
    try {
      const settings = [...REST_ROWS].find((row) => rowName(row) === 'PUT /api/admin/settings/gst')!;
      const answer = await send(
        off.t.app,
        (await settings.build(off, off.subjects.admin, '')) as Call,
        off.subjects.admin.token,
      );
      expect(answer.status).toBe(200);
    } finally {
      await off.close();
    }
  });
});
