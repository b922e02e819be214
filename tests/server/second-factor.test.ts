import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recoveryCodes, users } from '../../src/server/db/schema';
import { completeSecondStep, secondStepAccount, totpStep } from '../../src/server/modules/auth/second-factor.service';
import { bearer, tokenFor } from './helpers/admin-fixtures';
import { makeUser } from './helpers/fixtures';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * The admin's second sign-in step (docs/decisions.md, "Passwords and the second factor"): TOTP with a window of one
 * step either way, no replay, single-use recovery codes, and a second-step token that opens nothing else.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Res = Awaited<ReturnType<TestApp['app']['inject']>>;
const post = (url: string, payload?: object, token?: string): Promise<Res> =>
  t.app.inject({ method: 'POST', url, headers: token ? bearer(token) : {}, ...(payload !== undefined && { payload }) });
const get = (url: string, token: string): Promise<Res> => t.app.inject({ method: 'GET', url, headers: bearer(token) });

const totpOf = (secret: string) =>
  new OTPAuth.TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: OTPAuth.Secret.fromBase32(secret) });
const codeAt = (secret: string, offsetSteps: number) =>
  totpOf(secret).generate({ timestamp: Date.now() + offsetSteps * 30_000 });

/** An admin who has set up the app: its password, secret and recovery codes. */
async function enrolledAdmin() {
  const admin = await makeUser(t.deps, { role: 'admin' });
  const token = await tokenFor(t.deps, admin.id);
  const setup = await post('/api/auth/second-factor/setup', undefined, token);
  expect(setup.statusCode).toBe(200);
  const { secret, otpauth_url } = setup.json() as { secret: string; otpauth_url: string };
  expect(otpauth_url).toMatch(/^otpauth:\/\/totp\/.+secret=/);
  // Confirm with the code of the previous step, so the current one is still unused for the tests that follow.
  const confirm = await post(
    '/api/auth/second-factor/confirm',
    { password: admin.password, code: codeAt(secret, -1) },
    token,
  );
  expect(confirm.statusCode).toBe(200);
  const { recovery_codes } = confirm.json() as { recovery_codes: string[] };
  return { ...admin, token, secret, recoveryCodes: recovery_codes };
}

async function passwordStep(email: string, password: string): Promise<string> {
  const res = await post('/api/auth/login', { email, password });
  expect(res.statusCode).toBe(200);
  expect(res.json()).not.toHaveProperty('access_token');
  expect(res.json()).toMatchObject({ second_step_required: true, expires_in: 300 });
  return res.json().second_step_token as string;
}

describe('enrolment', () => {
  it('is offered to admins only, shows ten recovery codes once, and is prompted, not forced', async () => {
    const admin = await makeUser(t.deps, { role: 'admin' });
    const adminToken = await tokenFor(t.deps, admin.id);
    // Not enrolled: the password alone still signs the admin in (the demo admin and the browser tests rely on it).
    const plain = await post('/api/auth/login', { email: admin.email, password: admin.password });
    expect(plain.json()).toHaveProperty('access_token');
    expect((await get('/api/auth/second-factor', adminToken)).json()).toEqual({
      enabled: false,
      recovery_codes_left: 0,
      available: true,
      required: false,
    });
    const customer = await makeUser(t.deps);
    const customerToken = await tokenFor(t.deps, customer.id);
    expect((await post('/api/auth/second-factor/setup', undefined, customerToken)).statusCode).toBe(403);
    expect((await get('/api/auth/second-factor', customerToken)).json()).toMatchObject({ available: false });

    const enrolled = await enrolledAdmin();
    expect(enrolled.recoveryCodes).toHaveLength(10);
    expect(new Set(enrolled.recoveryCodes).size).toBe(10);
    expect((await get('/api/auth/second-factor', enrolled.token)).json()).toEqual({
      enabled: true,
      recovery_codes_left: 10,
      available: true,
      required: false,
    });
    const [row] = await t.deps.db.select().from(users).where(eq(users.id, enrolled.id));
    // The secret is stored sealed, never as the app's text.
    expect(row!.totpSecret).not.toContain(enrolled.secret);
    expect(row!.totpPendingSecret).toBeNull();
  });

  it('refuses a wrong code at confirmation', async () => {
    const admin = await makeUser(t.deps, { role: 'admin' });
    const token = await tokenFor(t.deps, admin.id);
    await post('/api/auth/second-factor/setup', undefined, token);
    const res = await post('/api/auth/second-factor/confirm', { password: admin.password, code: '000000' }, token);
    expect(res.statusCode).toBe(422);
    expect((await get('/api/auth/second-factor', token)).json()).toMatchObject({ enabled: false });
  });

  it('needs the account’s password: a taken session cannot put its own authenticator on the account', async () => {
    const admin = await makeUser(t.deps, { role: 'admin' });
    const token = await tokenFor(t.deps, admin.id);
    const setup = await post('/api/auth/second-factor/setup', undefined, token);
    const secret = (setup.json() as { secret: string }).secret;
    const withoutPassword = await post('/api/auth/second-factor/confirm', { code: codeAt(secret, 0) }, token);
    expect(withoutPassword.statusCode).toBe(422);
    expect(withoutPassword.json().detail).toEqual([
      expect.objectContaining({ loc: ['body', 'password'], msg: 'Password is required' }),
    ]);
    const wrong = await post('/api/auth/second-factor/confirm', { password: 'not-it', code: codeAt(secret, 0) }, token);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().detail).toEqual([
      expect.objectContaining({ loc: ['body', 'password'], msg: 'Your password is not correct' }),
    ]);
    expect((await get('/api/auth/second-factor', token)).json()).toMatchObject({ enabled: false });
    const right = await post(
      '/api/auth/second-factor/confirm',
      { password: admin.password, code: codeAt(secret, 0) },
      token,
    );
    expect(right.statusCode, right.body).toBe(200);
    expect((await get('/api/auth/second-factor', token)).json()).toMatchObject({ enabled: true });
  });
});

describe('signing in with the second step', () => {
  it('needs a code once enrolled; the code of the current or a neighbouring step works, once', async () => {
    const admin = await enrolledAdmin();
    const challenge = await passwordStep(admin.email, admin.password);
    const now = await post('/api/auth/login/second-step', {
      second_step_token: challenge,
      code: codeAt(admin.secret, 0),
    });
    expect(now.statusCode).toBe(200);
    expect(now.json().user.role).toBe('admin');
    expect((await get('/api/auth/me', now.json().access_token)).statusCode).toBe(200);

    // Replay: the same code again, and the code of the step just before, are refused.
    const again = await passwordStep(admin.email, admin.password);
    const replay = await post('/api/auth/login/second-step', {
      second_step_token: again,
      code: codeAt(admin.secret, 0),
    });
    expect(replay.statusCode).toBe(422);
    expect(
      (await post('/api/auth/login/second-step', { second_step_token: again, code: codeAt(admin.secret, -1) }))
        .statusCode,
    ).toBe(422);
    // The next step's code (a phone clock slightly ahead) is accepted.
    const ahead = await post('/api/auth/login/second-step', {
      second_step_token: again,
      code: codeAt(admin.secret, 1),
    });
    expect(ahead.statusCode).toBe(200);
  });

  it('accepts exactly one step of drift either way', () => {
    const secret = new OTPAuth.Secret({ size: 20 }).base32;
    const totp = totpOf(secret);
    const now = 1_900_000_000_000;
    const step = Math.floor(now / 30_000);
    const at = (steps: number) => totp.generate({ timestamp: now + steps * 30_000 });
    expect(totpStep(totp, at(0), now)).toBe(step);
    expect(totpStep(totp, at(-1), now)).toBe(step - 1);
    expect(totpStep(totp, at(1), now)).toBe(step + 1);
    expect(totpStep(totp, at(-2), now)).toBeNull();
    expect(totpStep(totp, at(2), now)).toBeNull();
    expect(totpStep(totp, `${at(0).slice(0, 3)} ${at(0).slice(3)}`, now)).toBe(step);
    expect(totpStep(totp, 'abcdef', now)).toBeNull();
  });

  it('accepts each recovery code once, in any letter case', async () => {
    const admin = await enrolledAdmin();
    const [first, second] = admin.recoveryCodes;
    const challenge = await passwordStep(admin.email, admin.password);
    expect(
      (await post('/api/auth/login/second-step', { second_step_token: challenge, code: first!.toUpperCase() }))
        .statusCode,
    ).toBe(200);
    const again = await passwordStep(admin.email, admin.password);
    expect((await post('/api/auth/login/second-step', { second_step_token: again, code: first })).statusCode).toBe(422);
    const viaTrpc = await t.caller().auth.loginSecondStep({ second_step_token: again, code: second! });
    expect(viaTrpc.user.id).toBe(admin.id);
    expect((await get('/api/auth/second-factor', viaTrpc.access_token)).json()).toMatchObject({
      recovery_codes_left: 8,
    });
  });

  it('a second-step token opens one session: after it has, another good code on it is refused, even at once', async () => {
    const admin = await enrolledAdmin();
    const [first, second, third] = admin.recoveryCodes;
    const challenge = await passwordStep(admin.email, admin.password);
    const opened = await post('/api/auth/login/second-step', { second_step_token: challenge, code: first! });
    expect(opened.statusCode).toBe(200);
    // A good code of the authenticator, and another unused recovery code: the token is spent.
    for (const code of [codeAt(admin.secret, 0), second!]) {
      const reused = await post('/api/auth/login/second-step', { second_step_token: challenge, code });
      expect(reused.statusCode, code).toBe(401);
    }
    await expect(
      t.caller().auth.loginSecondStep({ second_step_token: challenge, code: second! }),
    ).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    // Two requests with good codes that both passed the token check before either finished (the race the account's
    // row lock settles): one session, and the refused one's code is not used up.
    const step = await secondStepAccount(t.deps, await passwordStep(admin.email, admin.password));
    const issued: string[] = [];
    const issue = async (user: { id: string }) => {
      issued.push(user.id);
      return {} as never;
    };
    const both = await Promise.allSettled([
      completeSecondStep(t.deps, step, second!, issue),
      completeSecondStep(t.deps, step, third!, issue),
    ]);
    expect(both.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(issued).toEqual([admin.id]);
    const status = await get('/api/auth/second-factor', opened.json().access_token);
    expect(status.json()).toMatchObject({ recovery_codes_left: 8 });
    // A wrong code leaves the token as it was: the right one still works.
    const later = await passwordStep(admin.email, admin.password);
    expect((await post('/api/auth/login/second-step', { second_step_token: later, code: '000000' })).statusCode).toBe(
      422,
    );
    expect(
      (await post('/api/auth/login/second-step', { second_step_token: later, code: codeAt(admin.secret, 0) }))
        .statusCode,
    ).toBe(200);
  });

  it('the second-step token opens no other route, on REST or tRPC, and dies with the sessions', async () => {
    const admin = await enrolledAdmin();
    const challenge = await passwordStep(admin.email, admin.password);
    for (const url of ['/api/auth/me', '/api/dashboard/stats', '/api/bookings', '/api/auth/second-factor']) {
      expect((await get(url, challenge)).statusCode, url).toBe(401);
    }
    await expect(t.caller({ token: challenge }).auth.me()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    // An access token is no second-step token.
    expect(
      (await post('/api/auth/login/second-step', { second_step_token: admin.token, code: codeAt(admin.secret, 1) }))
        .statusCode,
    ).toBe(401);
    // Ending every session (a password change; logout ends one device only) ends a pending second step too.
    const change = await post(
      '/api/auth/password/change',
      { current_password: admin.password, new_password: 'tamarind-rice-at-noon' },
      admin.token,
    );
    expect(change.statusCode, change.body).toBe(200);
    expect(
      (await post('/api/auth/login/second-step', { second_step_token: challenge, code: codeAt(admin.secret, 1) }))
        .statusCode,
    ).toBe(401);
  });

  it('turns off with the password and a code, and the password alone signs in again', async () => {
    const admin = await enrolledAdmin();
    const wrong = await post(
      '/api/auth/second-factor/disable',
      { password: 'not-it', code: admin.recoveryCodes[0] },
      admin.token,
    );
    expect(wrong.statusCode).toBe(422);
    const off = await post(
      '/api/auth/second-factor/disable',
      { password: admin.password, code: admin.recoveryCodes[0] },
      admin.token,
    );
    expect(off.statusCode).toBe(200);
    const plain = await post('/api/auth/login', { email: admin.email, password: admin.password });
    expect(plain.json()).toHaveProperty('access_token');
  });
});

describe('recovery code storage (ASVS 2.6.2)', () => {
  const storedCodes = (userId: string) =>
    t.deps.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, userId));

  it('stores each code salted and hashed: its own 16-byte salt, no plain or unsalted form', async () => {
    const admin = await enrolledAdmin();
    const rows = await storedCodes(admin.id);
    expect(rows).toHaveLength(10);
    const salts = new Set<string>();
    for (const row of rows) {
      const match = /^s1\$([A-Za-z0-9_-]{22})\$([A-Za-z0-9_-]{43})$/.exec(row.codeHash);
      expect(match, row.codeHash).not.toBeNull();
      salts.add(match![1]!);
    }
    expect(salts.size).toBe(10);
    for (const code of admin.recoveryCodes) {
      expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
      const plain = code.replace('-', '');
      const unsalted = createHmac('sha256', t.config.jwt.secret).update(`recovery_code:${plain}`).digest('base64url');
      expect(rows.some((row) => row.codeHash.includes(plain) || row.codeHash === unsalted)).toBe(false);
    }
  });

  it('a code stored before the salt still works, once, and new enrolment makes salted codes only', async () => {
    const admin = await enrolledAdmin();
    // The form codes had before: HMAC of the code alone under the app's key, no salt.
    const legacy = 'abcde-fghjk';
    await t.deps.db.delete(recoveryCodes).where(eq(recoveryCodes.userId, admin.id));
    await t.deps.db.insert(recoveryCodes).values({
      userId: admin.id,
      codeHash: createHmac('sha256', t.config.jwt.secret).update('recovery_code:abcdefghjk').digest('base64url'),
    });
    const challenge = await passwordStep(admin.email, admin.password);
    expect(
      (await post('/api/auth/login/second-step', { second_step_token: challenge, code: 'ABCDE FGHJK' })).statusCode,
    ).toBe(200);
    const again = await passwordStep(admin.email, admin.password);
    expect((await post('/api/auth/login/second-step', { second_step_token: again, code: legacy })).statusCode).toBe(
      422,
    );
  });
});
