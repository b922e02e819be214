import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountTokens } from '../../src/server/db/schema';
import * as accountTokenModule from '../../src/server/modules/auth/account-tokens';
import * as authTemplates from '../../src/server/mail/auth-templates';
import { FORGOT_PASSWORD_MESSAGE } from '../../src/server/modules/auth/password.service';
import { makeUser, outboxMails, setUserActive } from './helpers/fixtures';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * "Forgot password?" gives nothing away about which addresses have accounts (docs/decisions.md, "Passwords and the
 * second factor"): the same status, body and headers, and the same work — a token drawn and keyed-hashed, the e-mail
 * written — for an account, an unknown address and a deactivated account. Only the account's token is stored and
 * its e-mail queued. Asserted on what the service does, not on the clock.
 */

vi.mock('../../src/server/modules/auth/account-tokens', async (importOriginal) => {
  const actual = await importOriginal<typeof accountTokenModule>();
  return { ...actual, newAccountToken: vi.fn(actual.newAccountToken) };
});
vi.mock('../../src/server/mail/auth-templates', async (importOriginal) => {
  const actual = await importOriginal<typeof authTemplates>();
  return { ...actual, passwordResetEmail: vi.fn(actual.passwordResetEmail) };
});

const newToken = vi.mocked(accountTokenModule.newAccountToken);
const resetMail = vi.mocked(authTemplates.passwordResetEmail);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => {
  newToken.mockClear();
  resetMail.mockClear();
});

/** Headers that differ between any two answers whatever they say (time, request id). */
const PER_REQUEST = new Set(['date', 'x-request-id', 'x-ratelimit-reset', 'x-ratelimit-remaining', 'retry-after']);

async function forgot(email: string) {
  newToken.mockClear();
  resetMail.mockClear();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/password/forgot',
    payload: { email },
    // A client address of its own, so the door's limit answers every probe alike.
    remoteAddress: `203.0.113.${Math.floor(Math.random() * 200) + 20}`,
  });
  const headers = Object.fromEntries(Object.entries(res.headers).filter(([name]) => !PER_REQUEST.has(name)));
  return {
    status: res.statusCode,
    body: res.body,
    headers,
    work: {
      tokensDrawn: newToken.mock.calls.map(([, purpose]) => purpose),
      mailsWritten: resetMail.mock.calls.length,
      linkShape: resetMail.mock.calls.map(([, , link]) => link.replace(/#token=[A-Za-z0-9_-]{43}$/, '#token=…')),
    },
  };
}

describe('Forgot password? answers and works alike for every address', () => {
  it('an account, an unknown address and a deactivated account: same status, body, headers and work', async () => {
    const account = await makeUser(t.deps);
    const inactive = await makeUser(t.deps);
    await setUserActive(t.deps, inactive.id, false);
    const unknown = `nobody.${Date.now()}@example.in`;

    const forAccount = await forgot(account.email);
    const forUnknown = await forgot(unknown);
    const forInactive = await forgot(inactive.email);

    expect(forAccount.status).toBe(202);
    expect(JSON.parse(forAccount.body)).toEqual({ message: FORGOT_PASSWORD_MESSAGE });
    expect(forAccount.work).toEqual({
      tokensDrawn: ['password_reset'],
      mailsWritten: 1,
      linkShape: [`${t.deps.config.publicBaseUrl}/reset-password#token=…`],
    });
    for (const other of [forUnknown, forInactive]) {
      expect(other.status).toBe(forAccount.status);
      expect(other.body).toBe(forAccount.body);
      expect(other.headers).toEqual(forAccount.headers);
      expect(other.work).toEqual(forAccount.work);
    }

    // Only the account's token is kept and only its e-mail leaves.
    const stored = await t.deps.db.select().from(accountTokens).where(eq(accountTokens.purpose, 'password_reset'));
    expect(stored.filter((row) => row.userId === account.id)).toHaveLength(1);
    expect(stored.filter((row) => row.userId === inactive.id)).toHaveLength(0);
    for (const [address, count] of [
      [account.email, 1],
      [unknown, 0],
      [inactive.email, 0],
    ] as const) {
      const mails = await outboxMails(t.deps, { to: address, template: 'password_reset' });
      expect(mails, address).toHaveLength(count);
    }
  });

  it('the tRPC door answers an unknown address exactly as an account, after the same work', async () => {
    const account = await makeUser(t.deps);
    await t.caller().auth.forgotPassword({ email: account.email });
    const accountWork = [newToken.mock.calls.length, resetMail.mock.calls.length];
    newToken.mockClear();
    resetMail.mockClear();
    const answer = await t.caller().auth.forgotPassword({ email: `nobody.trpc.${Date.now()}@example.in` });
    expect(answer).toEqual({ message: FORGOT_PASSWORD_MESSAGE });
    expect([newToken.mock.calls.length, resetMail.mock.calls.length]).toEqual(accountWork);
    expect(accountWork).toEqual([1, 1]);
  });
});
