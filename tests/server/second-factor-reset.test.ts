import { eq } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, recoveryCodes, settings, users } from '../../src/server/db/schema';
import {
  issueSecondFactorReset,
  SecondFactorResetError,
} from '../../src/server/modules/auth/second-factor-reset.service';
import { bearer, tokenFor } from './helpers/admin-fixtures';
import { makeUser, outboxMails } from './helpers/fixtures';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * A lost second factor (ASVS 2.5.7; docs/decisions.md, "Admin second factor and step-up"): the operator's one-time,
 * 1-hour code replaces the second step after the password, once. Then the factor is off, every session ends, the
 * change is audited and e-mailed, and (with ADMIN_SECOND_FACTOR_REQUIRED on) the admin can only enrol again.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_SECOND_FACTOR_REQUIRED: 'true' });
});
afterAll(async () => {
  await t?.close();
});

type Res = Awaited<ReturnType<TestApp['app']['inject']>>;
const post = (url: string, payload?: object, token?: string): Promise<Res> =>
  t.app.inject({ method: 'POST', url, headers: token ? bearer(token) : {}, ...(payload !== undefined && { payload }) });
const get = (url: string, token: string): Promise<Res> => t.app.inject({ method: 'GET', url, headers: bearer(token) });

async function enrolledAdmin() {
  const admin = await makeUser(t.deps, { role: 'admin' });
  const token = await tokenFor(t.deps, admin.id);
  const setup = await post('/api/auth/second-factor/setup', undefined, token);
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(setup.json().secret as string) });
  const confirm = await post(
    '/api/auth/second-factor/confirm',
    { password: admin.password, code: totp.generate() },
    token,
  );
  expect(confirm.statusCode).toBe(200);
  return { ...admin, token };
}

async function secondStepWith(email: string, password: string, code: string): Promise<Res> {
  const login = await post('/api/auth/login', { email, password });
  expect(login.json()).toMatchObject({ second_step_required: true });
  return post('/api/auth/login/second-step', { second_step_token: login.json().second_step_token, code });
}

describe('operator reset of a lost second factor', () => {
  it('with the password, the code turns the factor off once, ends every session, is audited and e-mailed', async () => {
    const admin = await enrolledAdmin();
    const { code, expiresAt } = await issueSecondFactorReset(t.deps, admin.email.toUpperCase());
    expect(code).toMatch(/^reset-([a-z2-9]{5}-){4}[a-z2-9]{5}$/);
    expect(expiresAt.getTime() - Date.now()).toBeGreaterThan(59 * 60_000);
    expect(expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(60 * 60_000);
    // Only a keyed hash is stored.
    const stored = await t.deps.db.select().from(settings);
    expect(stored.some((row) => row.key.includes(code) || JSON.stringify(row.value).includes(code))).toBe(false);

    const res = await secondStepWith(admin.email, admin.password, code.toUpperCase());
    expect(res.statusCode).toBe(200);
    const fresh = res.json().access_token as string;
    expect((await get('/api/auth/me', admin.token)).statusCode).toBe(401);
    expect((await get('/api/auth/second-factor', fresh)).json()).toMatchObject({ enabled: false, required: true });
    expect(await t.deps.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, admin.id))).toEqual([]);
    // Enrolment is asked for again: every admin door refuses until it is on.
    const stats = await get('/api/dashboard/stats', fresh);
    expect(stats.statusCode).toBe(403);
    expect(stats.json().reason).toBe('second_factor_required');

    const audit = await t.deps.db.select().from(auditLog).where(eq(auditLog.entityId, admin.id));
    expect(audit.map((row) => row.action).sort()).toEqual([
      'user.second_factor_reset',
      'user.second_factor_reset_issued',
    ]);
    const mails = await outboxMails(t.deps, { to: admin.email, template: 'second_factor_changed' });
    expect(mails.map((mail) => mail.subject)).toContain('Two-step sign-in is off');
  });

  it('refuses the code without the password, for another account, once used, expired or replaced', async () => {
    const admin = await enrolledAdmin();
    const other = await enrolledAdmin();
    const { code: first } = await issueSecondFactorReset(t.deps, admin.email);
    // A code is no password: sign-in with it fails at the first step.
    expect((await post('/api/auth/login', { email: admin.email, password: first })).statusCode).toBe(401);
    // Another account's second step.
    expect((await secondStepWith(other.email, other.password, first)).statusCode).toBe(422);
    // A newer code replaces it.
    const { code: second } = await issueSecondFactorReset(t.deps, admin.email);
    expect((await secondStepWith(admin.email, admin.password, first)).statusCode).toBe(422);
    // Expired.
    await t.deps.db
      .update(settings)
      .set({ value: { user_id: admin.id, expires_at: new Date(Date.now() - 1000).toISOString() } })
      .where(
        eq(
          settings.key,
          (await t.deps.db.select().from(settings)).find((row) => row.key.startsWith('second_factor_reset:'))!.key,
        ),
      );
    expect((await secondStepWith(admin.email, admin.password, second)).statusCode).toBe(422);
    const [row] = await t.deps.db.select().from(users).where(eq(users.id, admin.id));
    expect(row!.totpEnabledAt).not.toBeNull();

    // Used once: the same code does nothing the second time (the account now has no second step at all).
    const { code: third } = await issueSecondFactorReset(t.deps, other.email);
    expect((await secondStepWith(other.email, other.password, third)).statusCode).toBe(200);
    await expect(issueSecondFactorReset(t.deps, other.email)).rejects.toThrow(SecondFactorResetError);
  });

  it('is refused for an unknown address and an account without a second factor', async () => {
    await expect(issueSecondFactorReset(t.deps, 'nobody@example.in')).rejects.toThrow('No account has the e-mail');
    const plain = await makeUser(t.deps, { role: 'admin' });
    await expect(issueSecondFactorReset(t.deps, plain.email)).rejects.toThrow('has no second factor to reset');
  });
});
