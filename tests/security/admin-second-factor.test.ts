import { eq } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { users } from '../../src/server/db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { procedures, send, trpcCall, type Call } from './helpers/http';
import { REST_ROWS, rowName, TRPC_ROWS, type Row } from './helpers/surface';
import { buildWorld, type World } from './helpers/world';

/*
 * ASVS 4.3.1 (docs/decisions.md, "Admin second factor and step-up"): with ADMIN_SECOND_FACTOR_REQUIRED on, an admin
 * without a second factor can only enrol. Every admin door of the matrix (REST and tRPC, the live inbox too) answers
 * the same 403 saying what to do; account doors and enrolment stay open, and after enrolment the admin doors open.
 */

let w: World;
const procedureTypes = procedures();
beforeAll(async () => {
  w = await buildWorld({ ADMIN_SECOND_FACTOR_REQUIRED: 'true' });
});
afterAll(async () => {
  await w?.close();
});

const DETAIL = 'Set up two-step sign-in first: an admin account needs it before the admin pages open.';
/** The doors that stay open: enrolment itself (admin-only doors, open to an admin who must enrol). */
const ENROLMENT = new Set([
  'POST /api/auth/second-factor/setup',
  'POST /api/auth/second-factor/confirm',
  'trpc auth.startSecondFactor',
  'trpc auth.confirmSecondFactor',
]);
const adminDoors = () => [...REST_ROWS, ...TRPC_ROWS].filter((row) => row.access === 'admin' || row.access === 'inbox');

/** The matrix's own enrolment rows turn the factor on: each door is tried with the admin back to none. */
async function withoutSecondFactor() {
  await w.t.deps.db
    .update(users)
    .set({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null })
    .where(eq(users.id, w.subjects.admin.userId!));
}

async function call(row: Row, token: string | null) {
  await withoutSecondFactor();
  const built = await row.build(w, w.subjects.admin, '');
  const request: Call =
    row.kind === 'rest' ? (built as Call) : trpcCall(procedureTypes.get(row.path)!.type, row.path, built);
  return send(w.t.app, request, token);
}

const post = (url: string, token: string, payload?: object) =>
  w.t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}` }, ...(payload && { payload }) });

describe('an admin without a second factor, with the switch on', () => {
  it('is refused at every admin door with the same 403 and reason, on REST and tRPC', async () => {
    const doors = adminDoors();
    expect(doors.length).toBeGreaterThan(60);
    const problems: string[] = [];
    for (const row of doors) {
      const answer = await call(row, w.subjects.admin.token);
      if (ENROLMENT.has(rowName(row))) {
        if (answer.status !== 200) problems.push(`${rowName(row)} (enrolment): ${answer.status}`);
        continue;
      }
      if (answer.status !== 403) {
        problems.push(`${rowName(row)}: ${answer.status} ${answer.body.slice(0, 120)}`);
        continue;
      }
      const body = answer.body;
      if (row.kind === 'rest') {
        if (!(body.includes(`"detail":"${DETAIL}"`) && body.includes('"reason":"second_factor_required"')))
          problems.push(`${rowName(row)}: ${body.slice(0, 160)}`);
      } else if (!(body.includes(DETAIL) && body.includes('"reason":"second_factor_required"'))) {
        problems.push(`${rowName(row)}: ${body.slice(0, 160)}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('still reads its account, sees that enrolment is required, and cannot turn the factor off once on', async () => {
    await withoutSecondFactor();
    const token = w.subjects.admin.token!;
    const me = await w.t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.statusCode).toBe(200);
    const status = await w.t.app.inject({
      method: 'GET',
      url: '/api/auth/second-factor',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(status.json()).toEqual({ enabled: false, recovery_codes_left: 0, available: true, required: true });

    // Enrolment stays open to it, and once on, the same token opens the admin doors.
    const setup = await post('/api/auth/second-factor/setup', token);
    expect(setup.statusCode).toBe(200);
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(setup.json().secret as string) });
    const confirm = await post('/api/auth/second-factor/confirm', token, {
      password: w.subjects.admin.password,
      code: totp.generate({ timestamp: Date.now() - 30_000 }),
    });
    expect(confirm.statusCode).toBe(200);
    const stats = await w.t.app.inject({
      method: 'GET',
      url: '/api/dashboard/stats',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(stats.statusCode).toBe(200);
    await expect(w.t.caller({ token }).admin.stats()).resolves.toBeDefined();

    const off = await post('/api/auth/second-factor/disable', token, {
      password: w.subjects.admin.password,
      code: (confirm.json().recovery_codes as string[])[0],
    });
    expect(off.statusCode).toBe(409);
    expect(off.json().detail).toBe('Two-step sign-in is required for admin accounts and cannot be turned off.');
  });
});
