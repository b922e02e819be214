import { and, eq } from 'drizzle-orm';
import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_MESSAGE } from '../../src/shared/auth-limits';
import { accountTokens, users } from '../../src/server/db/schema';
import { FORGOT_PASSWORD_MESSAGE } from '../../src/server/modules/auth/password.service';
import { bearer, tokenFor, vendorPayload } from './helpers/admin-fixtures';
import { makeUser, outboxMails, setUserActive } from './helpers/fixtures';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * Password rules, reset and change (docs/decisions.md, "Passwords and the second factor"; OWASP Forgot Password
 * cheat sheet): common leaked passwords refused at every door that sets one; one answer to "Forgot password?"
 * whatever the address; a reset link that is random, stored as a keyed hash only, 30 minutes, single use, ending
 * every session and confirmed by e-mail; a change that needs the current password.
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
const login = (email: string, password: string) => post('/api/auth/login', { email, password });

/** The e-mails of one template to an address, newest first. */
async function mailsTo(email: string, template: string) {
  return (await outboxMails(t.deps, { to: email, template })).reverse();
}

/** The token of the newest reset e-mail to an address, as the person would read it from the link. */
async function resetTokenFor(email: string): Promise<string> {
  const [mail] = await mailsTo(email, 'password_reset');
  expect(mail, `no reset e-mail to ${email}`).toBeDefined();
  const match = /\/reset-password#token=([A-Za-z0-9_-]{43})/.exec(mail!.textBody);
  expect(match).not.toBeNull();
  return match![1]!;
}

const commonIssue = (res: Res, field: string) => {
  expect(res.statusCode).toBe(422);
  expect(res.json().detail).toEqual([{ loc: ['body', field], msg: COMMON_PASSWORD_MESSAGE, type: 'value_error' }]);
};

describe('common leaked passwords', () => {
  it.each(['123456', 'password', '12345678', 'Password', 'QWERTY123'])(
    'refuses %s on registration, vendor registration and owner setup, with the clear message',
    async (password) => {
      commonIssue(
        await post('/api/auth/register', {
          email: `common.${Date.now()}@example.in`,
          password,
          full_name: 'Asha Rao',
          phone: '9876543210',
        }),
        'password',
      );
      commonIssue(await post('/api/vendor/register', vendorPayload({ password })), 'password');
      commonIssue(
        await post('/api/setup/owner', { code: 'x', full_name: 'Asha Rao', email: 'o@example.in', password }),
        'password',
      );
      const trpc = await t
        .caller()
        .auth.register({ email: `c2.${Date.now()}@example.in`, password, full_name: 'Asha Rao', phone: '9876543210' })
        .catch((error: unknown) => error);
      expect(trpc).toBeInstanceOf(TRPCError);
      expect((trpc as TRPCError).code).toBe('BAD_REQUEST');
      expect((trpc as TRPCError).message).toBe(COMMON_PASSWORD_MESSAGE);
    },
  );

  it("keeps the product description's minimum length and its message; an uncommon 6-character password is fine", async () => {
    const short = await post('/api/auth/register', {
      email: 'short@example.in',
      password: 'a1b2c',
      full_name: 'Asha Rao',
      phone: '9876543210',
    });
    expect(short.statusCode).toBe(422);
    expect(short.json().detail[0].msg).toBe('Password must be at least 6 characters long');
    const fine = await post('/api/auth/register', {
      email: 'six@example.in',
      password: 'k7$qZp',
      full_name: 'Asha Rao',
      phone: '9876543210',
    });
    expect(fine.statusCode).toBe(201);
  });
});

describe('Forgot password?', () => {
  it('answers the same for an account, an unknown address and a deactivated account, and e-mails only the account', async () => {
    const user = await makeUser(t.deps);
    const inactive = await makeUser(t.deps);
    await setUserActive(t.deps, inactive.id, false);
    const answers = await Promise.all(
      [user.email.toUpperCase(), 'nobody.here@example.in', inactive.email].map((email) =>
        post('/api/auth/password/forgot', { email }),
      ),
    );
    for (const res of answers) {
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ message: FORGOT_PASSWORD_MESSAGE });
    }
    expect(await mailsTo(user.email, 'password_reset')).toHaveLength(1);
    expect(await mailsTo('nobody.here@example.in', 'password_reset')).toHaveLength(0);
    expect(await mailsTo(inactive.email, 'password_reset')).toHaveLength(0);
    expect(await t.caller().auth.forgotPassword({ email: 'nobody.here@example.in' })).toEqual({
      message: FORGOT_PASSWORD_MESSAGE,
    });
  });

  it('stores only a keyed hash of the link, valid 30 minutes', async () => {
    const user = await makeUser(t.deps);
    await post('/api/auth/password/forgot', { email: user.email });
    const token = await resetTokenFor(user.email);
    const [row] = await t.deps.db
      .select()
      .from(accountTokens)
      .where(and(eq(accountTokens.userId, user.id), eq(accountTokens.purpose, 'password_reset')));
    expect(row!.tokenHash).not.toContain(token);
    expect(JSON.stringify(row)).not.toContain(token);
    const minutes = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 60_000;
    expect(minutes).toBeGreaterThan(29.9);
    expect(minutes).toBeLessThanOrEqual(30.1);
  });
});

describe('resetting with the link', () => {
  it('sets the new password once, ends every session, does not sign anyone in, and confirms by e-mail', async () => {
    const user = await makeUser(t.deps);
    const session = await tokenFor(t.deps, user.id);
    await post('/api/auth/password/forgot', { email: user.email });
    const token = await resetTokenFor(user.email);
    // Asking did not change the account: the old session and password still work.
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(session) })).statusCode).toBe(200);

    const res = await post('/api/auth/password/reset', { token, password: 'kesar-pista-kulfi' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).not.toHaveProperty('access_token');
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(session) })).statusCode).toBe(401);
    expect((await login(user.email, user.password)).statusCode).toBe(401);
    expect((await login(user.email, 'kesar-pista-kulfi')).statusCode).toBe(200);
    const [confirmation] = await mailsTo(user.email, 'password_changed');
    expect(confirmation!.textBody).toMatch(/was reset with an e-mailed link on .+ IST/);

    const again = await post('/api/auth/password/reset', { token, password: 'another-kulfi-99' });
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toMatch(/invalid, has expired or has already been used/);
    expect((await login(user.email, 'kesar-pista-kulfi')).statusCode).toBe(200);
  });

  it('refuses an expired link, a replaced link, a tampered link and a confirmation link', async () => {
    const user = await makeUser(t.deps, { emailVerified: false });
    await post('/api/auth/password/forgot', { email: user.email });
    const first = await resetTokenFor(user.email);
    await post('/api/auth/password/forgot', { email: user.email });
    const second = await resetTokenFor(user.email);
    expect(second).not.toBe(first);
    expect((await post('/api/auth/password/reset', { token: first, password: 'new-pass-111' })).statusCode).toBe(400);
    const tampered = `${second.slice(0, -1)}${second.endsWith('A') ? 'B' : 'A'}`;
    expect((await post('/api/auth/password/reset', { token: tampered, password: 'new-pass-111' })).statusCode).toBe(
      400,
    );
    expect(
      (await post('/api/auth/password/reset', { token: second.slice(0, 20), password: 'new-pass-111' })).statusCode,
    ).toBe(400);
    // A confirmation link is no reset link.
    await post('/api/auth/verify-email/resend', undefined, await tokenFor(t.deps, user.id));
    const [verifyMail] = await mailsTo(user.email, 'verify_email');
    const verifyToken = /#token=([A-Za-z0-9_-]{43})/.exec(verifyMail!.textBody)![1]!;
    expect((await post('/api/auth/password/reset', { token: verifyToken, password: 'new-pass-111' })).statusCode).toBe(
      400,
    );
    // 31 minutes later the link is dead.
    await t.deps.db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(and(eq(accountTokens.userId, user.id), eq(accountTokens.purpose, 'password_reset')));
    expect((await post('/api/auth/password/reset', { token: second, password: 'new-pass-111' })).statusCode).toBe(400);
    expect((await login(user.email, user.password)).statusCode).toBe(200);
  });

  it("changes only the link's own account, and not once that account's address changed", async () => {
    const owner = await makeUser(t.deps);
    const other = await makeUser(t.deps);
    await post('/api/auth/password/forgot', { email: owner.email });
    const token = await resetTokenFor(owner.email);
    expect((await post('/api/auth/password/reset', { token, password: 'owner-new-pass-1' })).statusCode).toBe(200);
    expect((await login(other.email, other.password)).statusCode).toBe(200);
    expect((await login(other.email, 'owner-new-pass-1')).statusCode).toBe(401);

    const moved = await makeUser(t.deps);
    await post('/api/auth/password/forgot', { email: moved.email });
    const movedToken = await resetTokenFor(moved.email);
    await t.deps.db
      .update(users)
      .set({ email: `new.${moved.email}` })
      .where(eq(users.id, moved.id));
    expect((await post('/api/auth/password/reset', { token: movedToken, password: 'moved-new-pass' })).statusCode).toBe(
      400,
    );
  });

  it('refuses a common new password and leaves the link usable', async () => {
    const user = await makeUser(t.deps);
    await post('/api/auth/password/forgot', { email: user.email });
    const token = await resetTokenFor(user.email);
    commonIssue(await post('/api/auth/password/reset', { token, password: '12345678' }), 'password');
    expect((await t.caller().auth.resetPassword({ token, password: 'jalebi-rabdi-22' })).message).toMatch(
      /password has been changed/,
    );
  });
});

describe('changing the password when signed in', () => {
  it('needs the current password, refuses the same or a common one, and ends the other sessions', async () => {
    const user = await makeUser(t.deps, { role: 'supplier' });
    const here = await tokenFor(t.deps, user.id);
    const elsewhere = await tokenFor(t.deps, user.id);
    const change = (payload: object, token = here) => post('/api/auth/password/change', payload, token);

    expect(
      (await post('/api/auth/password/change', { current_password: 'x', new_password: 'y-long-1' })).statusCode,
    ).toBe(401);
    const wrong = await change({ current_password: 'not-it', new_password: 'gajar-halwa-5' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().detail[0]).toMatchObject({ loc: ['body', 'current_password'] });
    const same = await change({ current_password: user.password, new_password: user.password });
    expect(same.statusCode).toBe(422);
    expect(same.json().detail[0]).toMatchObject({ loc: ['body', 'new_password'] });
    commonIssue(await change({ current_password: user.password, new_password: 'password' }), 'new_password');

    const ok = await change({ current_password: user.password, new_password: 'gajar-halwa-5' });
    expect(ok.statusCode).toBe(200);
    const fresh = ok.json().access_token as string;
    expect(ok.json().user.id).toBe(user.id);
    for (const old of [here, elsewhere]) {
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(old) })).statusCode).toBe(401);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(fresh) })).statusCode).toBe(200);
    expect((await login(user.email, 'gajar-halwa-5')).statusCode).toBe(200);
    const [confirmation] = await mailsTo(user.email, 'password_changed');
    expect(confirmation!.textBody).toMatch(/was changed in account settings on/);

    const viaTrpc = await t
      .caller({ token: fresh })
      .auth.changePassword({ current_password: 'gajar-halwa-5', new_password: 'moong-dal-halwa' });
    expect(viaTrpc.user.id).toBe(user.id);
  });
});
