import { createCipheriv, createDecipheriv, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, count, eq, isNotNull, isNull, or, lt, sql } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import * as OTPAuth from 'otpauth';
import {
  confirmSecondFactorInputSchema,
  disableSecondFactorInputSchema,
  type AuthResult,
  type ConfirmSecondFactorInput,
  type DisableSecondFactorInput,
  type SecondFactorEnrolment,
  type SecondFactorStatus,
  type SecondStepRequired,
} from '../../../shared/schemas/auth';
import type { Role } from '../../../shared/domain';
import type { Executor } from '../../db/client';
import { recoveryCodes, users } from '../../db/schema';
import { AppError, ValidationError } from '../../lib/errors';
import { secondFactorChangedEmail } from '../../mail/auth-templates';
import { enqueueEmail } from '../../mail/outbox';
import { formatIndiaDateTime } from '../../mail/project-templates';
import type { ServiceDeps } from '../../context';
import type { AuthUser } from './auth.service';
import { checkAccountPassword } from './password-check';
import { isSecondFactorResetCode, useSecondFactorReset } from './second-factor-reset.service';

/*
 * The admin's second sign-in step (docs/decisions.md, "Passwords and the second factor"): TOTP (RFC 6238: SHA-1,
 * 6 digits, 30 s, one step of clock drift either way) with ten single-use recovery codes. Offered to admins,
 * required at every sign-in once enrolled; enrolment is prompted at sign-in, not forced.
 */

/** Who may enrol: the admin, who sees and changes everything. */
export const SECOND_FACTOR_ROLES: readonly Role[] = ['admin'];
export const TOTP_PERIOD_SECONDS = 30;
/** Codes of the step before and after the current one are accepted too (clocks drift). */
export const TOTP_WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;
/** How long the token between the password and the code works. */
export const SECOND_STEP_TTL_SECONDS = 5 * 60;
const SECOND_STEP_AUDIENCE_SUFFIX = ':second-step';
export const CODE_INVALID = 'That code is not right. Enter the current code from your authenticator app.';
const SECOND_STEP_EXPIRED = 'Your sign-in took too long. Please sign in again.';

// --- Secret storage ------------------------------------------------------------------------------------------------

/** AES-256-GCM under a key derived from JWT_SECRET: a copy of the database alone yields no authenticator secret. */
function secretKey(deps: ServiceDeps): Buffer {
  return createHmac('sha256', deps.config.jwt.secret).update('totp-secret-encryption').digest();
}

function sealSecret(deps: ServiceDeps, base32: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', secretKey(deps), iv);
  const sealed = Buffer.concat([cipher.update(base32, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), sealed.toString('base64url'), cipher.getAuthTag().toString('base64url')].join(
    '.',
  );
}

function openSecret(deps: ServiceDeps, stored: string): string {
  const [version, iv, sealed, tag] = stored.split('.');
  if (version !== 'v1' || !iv || !sealed || !tag) throw new Error('unreadable second-factor secret');
  const decipher = createDecipheriv('aes-256-gcm', secretKey(deps), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
}

function totpFor(deps: ServiceDeps, email: string, base32: string): OTPAuth.TOTP {
  return new OTPAuth.TOTP({
    issuer: deps.config.brand.name,
    label: email,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_SECONDS,
    secret: OTPAuth.Secret.fromBase32(base32),
  });
}

/** The 30-second step a valid code belongs to, or null. `now` is injectable for the window tests. */
export function totpStep(totp: OTPAuth.TOTP, code: string, now: number = Date.now()): number | null {
  const digits = code.replace(/[\s-]/g, '');
  if (!/^\d{6}$/.test(digits)) return null;
  const delta = totp.validate({ token: digits, timestamp: now, window: TOTP_WINDOW });
  return delta === null ? null : Math.floor(now / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

// --- Recovery codes ------------------------------------------------------------------------------------------------

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const RECOVERY_CODE_PATTERN = /^[a-z0-9]{10}$/;

/** The marker of a salted stored code: `s1$<16-byte salt>$<HMAC>`. Codes stored without it predate the salt. */
const SALTED_PREFIX = 's1$';

const normaliseCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

/**
 * The stored form of a recovery code (ASVS 2.6.2): HMAC-SHA256 under JWT_SECRET of a random per-code 16-byte salt and
 * the code, so equal codes never share a stored form and no table of precomputed codes fits two accounts.
 */
function saltedRecoveryCodeHash(deps: ServiceDeps, code: string, salt: string = randomBytes(16).toString('base64url')) {
  const mac = createHmac('sha256', deps.config.jwt.secret)
    .update(`recovery_code:${salt}:${normaliseCode(code)}`)
    .digest('base64url');
  return `${SALTED_PREFIX}${salt}$${mac}`;
}

/** The form codes were stored in before the salt: kept working until used or replaced, never made any more. */
function unsaltedRecoveryCodeHash(deps: ServiceDeps, code: string): string {
  return createHmac('sha256', deps.config.jwt.secret)
    .update(`recovery_code:${normaliseCode(code)}`)
    .digest('base64url');
}

/** Whether a typed code is the one a stored form was made from (either form), compared in constant time. */
function recoveryCodeMatches(deps: ServiceDeps, stored: string, code: string): boolean {
  let expected: string;
  if (stored.startsWith(SALTED_PREFIX)) {
    const salt = stored.slice(SALTED_PREFIX.length).split('$')[0] ?? '';
    expected = saltedRecoveryCodeHash(deps, code, salt);
  } else {
    expected = unsaltedRecoveryCodeHash(deps, code);
  }
  const a = Buffer.from(expected);
  const b = Buffer.from(stored);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * `abcde-fghjk`: 10 characters drawn evenly from a 31-letter alphabet (about 50 bits), easy to read and type; stored
 * salted and hashed, and guessed online at most 5 times in 15 minutes per account.
 */
function newRecoveryCode(): string {
  const letters = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  return `${letters.slice(0, 5)}-${letters.slice(5)}`;
}

async function replaceRecoveryCodes(deps: ServiceDeps, tx: Executor, userId: string): Promise<string[]> {
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await tx
    .insert(recoveryCodes)
    .values(codes.map((code) => ({ userId, codeHash: saltedRecoveryCodeHash(deps, code) })));
  return codes;
}

// --- Checking a code -----------------------------------------------------------------------------------------------

/**
 * Accepts a code of an enrolled account once, in the caller's transaction: a TOTP code of a step later than the last
 * one accepted (a code seen once, or one of an earlier step, is refused: no replay), or an unused recovery code,
 * which is then used up. One guarded UPDATE each, so two concurrent uses of one code let exactly one through.
 */
async function acceptCode(deps: ServiceDeps, tx: Executor, user: UserRow, code: string): Promise<boolean> {
  if (!user.totpSecret) return false;
  const step = totpStep(totpFor(deps, user.email, openSecret(deps, user.totpSecret)), code);
  if (step !== null) {
    const [accepted] = await tx
      .update(users)
      .set({ totpLastStep: step })
      .where(and(eq(users.id, user.id), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
      .returning({ id: users.id });
    return accepted !== undefined;
  }
  if (!RECOVERY_CODE_PATTERN.test(normaliseCode(code))) return false;
  // Each code has its own salt, so the account's unused codes (ten at most) are each compared.
  const unused = await tx
    .select({ id: recoveryCodes.id, codeHash: recoveryCodes.codeHash })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, user.id), isNull(recoveryCodes.usedAt)));
  const match = unused.find((row) => recoveryCodeMatches(deps, row.codeHash, code));
  if (!match) return false;
  const [used] = await tx
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(recoveryCodes.id, match.id), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return used !== undefined;
}

type UserRow = typeof users.$inferSelect;

/** A code of an enrolled account, accepted once (TOTP or recovery code): the step-up check uses it too. */
export function acceptSecondFactorCode(deps: ServiceDeps, tx: Executor, user: UserRow, code: string): Promise<boolean> {
  return acceptCode(deps, tx, user, code);
}

async function userRow(deps: Pick<ServiceDeps, 'db'>, userId: string): Promise<UserRow> {
  const [row] = await deps.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw new AppError('NOT_AUTHENTICATED');
  return row;
}

function assertMayEnrol(user: Pick<AuthUser, 'role'>): void {
  if (!SECOND_FACTOR_ROLES.includes(user.role)) {
    throw new AppError('FORBIDDEN', 'Two-step sign-in is available to admin accounts.');
  }
}

const codeIssue = (field = 'code') =>
  new ValidationError([{ loc: ['body', field], msg: CODE_INVALID, type: 'value_error' }]);
const wrongPassword = () =>
  new ValidationError([{ loc: ['body', 'password'], msg: 'Your password is not correct', type: 'value_error' }]);

// --- The second sign-in step ---------------------------------------------------------------------------------------

const secondStepAudience = (deps: ServiceDeps) => `${deps.config.jwt.audience}${SECOND_STEP_AUDIENCE_SUFFIX}`;

/**
 * What an accepted code changes on the account: the TOTP step last accepted and how many recovery codes are used. A
 * second-step token carries this as it was when the token was issued, so once a code has been accepted (the token
 * opened its session, or another sign-in or a step-up of the account used a code since) the token opens nothing.
 */
async function codeUseMark(db: Executor, user: Pick<UserRow, 'id' | 'totpLastStep'>): Promise<string> {
  const [used] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, user.id), isNotNull(recoveryCodes.usedAt)));
  return `${user.totpLastStep ?? '-'}:${used?.n ?? 0}`;
}

/**
 * What sign-in answers an enrolled account after its password: a 5-minute token whose audience is the second step's
 * own, so every other route (which checks the app's audience) refuses it with 401. It opens one session at most
 * (`codeUseMark`).
 */
export async function secondStepChallenge(deps: ServiceDeps, user: UserRow): Promise<SecondStepRequired> {
  const token = await new SignJWT({ ver: user.tokenVersion, use: await codeUseMark(deps.db, user) })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(user.id)
    .setIssuer(deps.config.jwt.issuer)
    .setAudience(secondStepAudience(deps))
    .setIssuedAt()
    .setExpirationTime(`${SECOND_STEP_TTL_SECONDS}s`)
    .sign(deps.config.jwt.secret);
  return { second_step_required: true, second_step_token: token, expires_in: SECOND_STEP_TTL_SECONDS };
}

/** A second-step token's account, and the code-use mark it was issued under (`codeUseMark`). */
export type SecondStep = { userId: string; use: string };

/**
 * The account a second-step token was issued to; an expired, forged or used token (a code accepted on the account
 * since it was issued) is a 401.
 */
export async function secondStepAccount(deps: ServiceDeps, token: string): Promise<SecondStep> {
  try {
    const { payload } = await jwtVerify(token, deps.config.jwt.secret, {
      algorithms: ['HS256'],
      issuer: deps.config.jwt.issuer,
      audience: secondStepAudience(deps),
      requiredClaims: ['exp', 'sub', 'iat'],
      maxTokenAge: SECOND_STEP_TTL_SECONDS + 5,
    });
    const [row] =
      typeof payload.sub === 'string' && /^[0-9a-f-]{36}$/i.test(payload.sub)
        ? await deps.db
            .select({ id: users.id, ver: users.tokenVersion, active: users.isActive, totpLastStep: users.totpLastStep })
            .from(users)
            .where(eq(users.id, payload.sub))
            .limit(1)
        : [];
    if (!row || !row.active || row.ver !== payload.ver) throw new AppError('INVALID_TOKEN', SECOND_STEP_EXPIRED);
    const use = typeof payload.use === 'string' ? payload.use : null;
    if (use === null || use !== (await codeUseMark(deps.db, row))) {
      throw new AppError('INVALID_TOKEN', SECOND_STEP_EXPIRED);
    }
    return { userId: row.id, use };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('INVALID_TOKEN', SECOND_STEP_EXPIRED);
  }
}

/** Completes sign-in with a code: the session, or a 422 for a wrong, reused or used-up code. */
export async function completeSecondStep(
  deps: ServiceDeps,
  step: SecondStep,
  code: string,
  issue: (user: UserRow) => Promise<AuthResult>,
): Promise<AuthResult> {
  const { userId } = step;
  const user = await userRow(deps, userId);
  if (isSecondFactorResetCode(code)) {
    // The operator's one-time reset code (second-factor-reset.service.ts): the factor goes, every session ends,
    // and this sign-in gets the account's only new session, with enrolment asked for again.
    const reset = await deps.db.transaction((tx) => useSecondFactorReset(deps, tx, user, code));
    if (!reset) throw codeIssue();
    return issue(await userRow(deps, userId));
  }
  // With the account's row locked, the token's mark is read again: of two completions of one token at once, the
  // second finds the first's accepted code and opens nothing.
  const accepted = await deps.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(users).where(eq(users.id, userId)).limit(1).for('update');
    if (!locked || (await codeUseMark(tx, locked)) !== step.use)
      throw new AppError('INVALID_TOKEN', SECOND_STEP_EXPIRED);
    return acceptCode(deps, tx, locked, code);
  });
  if (!accepted) throw codeIssue();
  return issue(user);
}

// --- Enrolment and status ------------------------------------------------------------------------------------------

export async function secondFactorStatus(
  deps: ServiceDeps,
  user: Pick<AuthUser, 'id' | 'role'>,
): Promise<SecondFactorStatus> {
  const row = await userRow(deps, user.id);
  const [left] = await deps.db
    .select({ count: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, user.id), isNull(recoveryCodes.usedAt)));
  return {
    enabled: row.totpEnabledAt !== null,
    recovery_codes_left: row.totpEnabledAt ? (left?.count ?? 0) : 0,
    available: SECOND_FACTOR_ROLES.includes(user.role),
    required: deps.config.adminSecondFactorRequired && SECOND_FACTOR_ROLES.includes(user.role),
  };
}

/** A new secret for the authenticator app (shown as a QR code and as text), kept pending until a code confirms it. */
export async function startSecondFactorEnrolment(
  deps: ServiceDeps,
  user: Pick<AuthUser, 'id' | 'role' | 'email'>,
): Promise<SecondFactorEnrolment> {
  assertMayEnrol(user);
  const row = await userRow(deps, user.id);
  if (row.totpEnabledAt) throw new AppError('CONFLICT', 'Two-step sign-in is already on.');
  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  await deps.db
    .update(users)
    .set({ totpPendingSecret: sealSecret(deps, secret), updatedAt: new Date() })
    .where(eq(users.id, user.id));
  return { secret, otpauth_url: totpFor(deps, user.email, secret).toString() };
}

/**
 * Confirms enrolment with the account's password and a code from the app: the secret becomes the account's, ten
 * recovery codes are made (the answer is the only time they are shown), and the owner is told by e-mail. Without the
 * password a taken session could put its own authenticator on the account and keep it.
 */
export async function confirmSecondFactor(
  deps: ServiceDeps,
  user: Pick<AuthUser, 'id' | 'role' | 'email' | 'fullName'>,
  input: ConfirmSecondFactorInput,
): Promise<{ recovery_codes: string[] }> {
  assertMayEnrol(user);
  const { password, code } = confirmSecondFactorInputSchema.parse(input);
  const row = await userRow(deps, user.id);
  if (row.totpEnabledAt) throw new AppError('CONFLICT', 'Two-step sign-in is already on.');
  if (!row.totpPendingSecret) throw new AppError('CONFLICT', 'Start the set-up again: no authenticator is waiting.');
  if (!(await checkAccountPassword(deps, row, password))) throw wrongPassword();
  const step = totpStep(totpFor(deps, row.email, openSecret(deps, row.totpPendingSecret)), code);
  if (step === null) throw codeIssue();
  return deps.db.transaction(async (tx) => {
    const now = new Date();
    const [enabled] = await tx
      .update(users)
      .set({
        totpSecret: row.totpPendingSecret,
        totpPendingSecret: null,
        totpEnabledAt: now,
        totpLastStep: step,
        updatedAt: now,
      })
      .where(and(eq(users.id, user.id), isNull(users.totpEnabledAt)))
      .returning({ id: users.id });
    if (!enabled) throw new AppError('CONFLICT', 'Two-step sign-in is already on.');
    const codes = await replaceRecoveryCodes(deps, tx, user.id);
    await enqueueEmail(
      tx,
      secondFactorChangedEmail(
        deps.config.brand,
        { email: row.email, name: row.fullName },
        { when: formatIndiaDateTime(now), enabled: true },
      ),
    );
    return { recovery_codes: codes };
  });
}

/** Turns the second step off, with the password and a code (or a recovery code); the owner is told by e-mail. */
export async function disableSecondFactor(
  deps: ServiceDeps,
  user: Pick<AuthUser, 'id'>,
  input: DisableSecondFactorInput,
): Promise<{ message: string }> {
  const data = disableSecondFactorInputSchema.parse(input);
  const row = await userRow(deps, user.id);
  if (!row.totpEnabledAt) throw new AppError('CONFLICT', 'Two-step sign-in is already off.');
  if (deps.config.adminSecondFactorRequired && SECOND_FACTOR_ROLES.includes(row.role)) {
    throw new AppError('CONFLICT', 'Two-step sign-in is required for admin accounts and cannot be turned off.');
  }
  if (!(await checkAccountPassword(deps, row, data.password))) throw wrongPassword();
  await deps.db.transaction(async (tx) => {
    if (!(await acceptCode(deps, tx, row, data.code))) throw codeIssue();
    const now = new Date();
    await tx
      .update(users)
      .set({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null, updatedAt: now })
      .where(eq(users.id, user.id));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    await enqueueEmail(
      tx,
      secondFactorChangedEmail(
        deps.config.brand,
        { email: row.email, name: row.fullName },
        { when: formatIndiaDateTime(now), enabled: false },
      ),
    );
  });
  return { message: 'Two-step sign-in is off.' };
}
