import { setTimeout as sleep } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import {
  changePasswordInputSchema,
  forgotPasswordInputSchema,
  resetPasswordInputSchema,
  type AuthResult,
  type ChangePasswordInput,
  type ForgotPasswordInput,
  type ResetPasswordInput,
} from '../../../shared/schemas/auth';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema';
import { AppError, ValidationError } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/password';
import { assertPasswordNotCommon } from '../../lib/password-policy';
import { passwordChangedEmail, passwordResetEmail } from '../../mail/auth-templates';
import { enqueueEmail } from '../../mail/outbox';
import { formatIndiaDateTime } from '../../mail/project-templates';
import type { ServiceDeps } from '../../context';
import { consumeAccountToken, newAccountToken, storeAccountToken } from './account-tokens';
import { issueSession, type AuthUser } from './auth.service';

/** How long a reset link works (docs/decisions.md, "Passwords and the second factor"; OWASP Forgot Password). */
export const PASSWORD_RESET_TTL_MINUTES = 30;
export const RESET_LINK_INVALID =
  'This reset link is invalid, has expired or has already been used. Ask for a new one from the sign-in page.';
/** The one answer to "Forgot password?", whether or not the address has an account. */
export const FORGOT_PASSWORD_MESSAGE =
  'If an account uses this e-mail address, we have sent it a ' +
  'link to choose a new password. The link works for 30 minutes.';
/**
 * Every "Forgot password?" answer leaves no sooner than this after the request came in, so an address with an
 * account (a token written, an e-mail queued) and one without take the same time to answer.
 */
export const FORGOT_PASSWORD_ANSWER_MS = 300;

const resetPageLink = (deps: ServiceDeps) => `${deps.config.publicBaseUrl}/reset-password`;

/**
 * "Forgot password?" (OWASP Forgot Password cheat sheet): an active account with a password gets a one-time link,
 * valid 30 minutes and stored only as a keyed hash (a newer link replaces it); nothing about the account changes
 * until the link is used. The answer and its timing are the same for any address; the door limits it per client
 * address and per target e-mail.
 */
export async function requestPasswordReset(
  deps: ServiceDeps,
  input: ForgotPasswordInput,
): Promise<{ message: string }> {
  const started = Date.now();
  const { email } = forgotPasswordInputSchema.parse(input);
  const [user] = await deps.db
    .select({ id: users.id, email: users.email, fullName: users.fullName })
    .from(users)
    .where(
      sql`lower(${users.email}) = ${email.toLowerCase()} and ${users.isActive} and ${users.passwordHash} is not null`,
    )
    .limit(1);
  // The same work for every address: a token is drawn and hashed and the e-mail is written; only an account's is
  // stored and queued (docs/decisions.md, "Passwords and the second factor").
  const { token, hash } = newAccountToken(deps, 'password_reset');
  // In the fragment: never sent to a server, so no access log or Referer holds it.
  const link = `${resetPageLink(deps)}#token=${token}`;
  const mail = passwordResetEmail(
    deps.config.brand,
    { email: user?.email ?? email, name: user?.fullName ?? email },
    link,
    PASSWORD_RESET_TTL_MINUTES,
  );
  if (user) {
    await deps.db.transaction(async (tx) => {
      await storeAccountToken(tx, user, 'password_reset', hash, PASSWORD_RESET_TTL_MINUTES * 60_000);
      await enqueueEmail(tx, mail);
    });
  }
  const left = FORGOT_PASSWORD_ANSWER_MS - (Date.now() - started);
  if (left > 0) await sleep(left);
  return { message: FORGOT_PASSWORD_MESSAGE };
}

/**
 * Sets a new password for the account whose reset link this is: the link is used (once; expired, reused,
 * tampered or replaced links are a 400), every session of the account ends (token version), and the owner gets a
 * confirmation e-mail. The user signs in again with the new password; nobody is signed in by a link. A refused
 * new password (too short, too common) leaves the link unused.
 */
export async function resetPassword(deps: ServiceDeps, input: ResetPasswordInput): Promise<{ message: string }> {
  const data = resetPasswordInputSchema.parse(input);
  await assertPasswordNotCommon(data.password);
  const passwordHash = await hashPassword(data.password, deps.config.passwordHash, deps.config.passwordPepper);
  await deps.db.transaction(async (tx) => {
    const userId = await consumeAccountToken(deps, tx, 'password_reset', data.token, RESET_LINK_INVALID);
    await setPassword(deps, tx, userId, passwordHash, 'reset');
  });
  return { message: 'Your password has been changed. Please sign in with the new password.' };
}

/**
 * A signed-in user changes the password, proving the current one (a wrong one is a 422 on `current_password`;
 * the door limits tries per account). Every other session ends; this one gets a fresh token in the answer.
 */
export async function changePassword(
  deps: ServiceDeps,
  user: Pick<AuthUser, 'id'>,
  input: ChangePasswordInput,
): Promise<AuthResult> {
  const data = changePasswordInputSchema.parse(input);
  const [row] = await deps.db.select().from(users).where(eq(users.id, user.id)).limit(1);
  if (!row?.passwordHash) throw new AppError('NOT_AUTHENTICATED');
  if (!(await verifyPassword(row.passwordHash, data.current_password, deps.config.passwordPepper))) {
    throw new ValidationError([
      { loc: ['body', 'current_password'], msg: 'Your current password is not correct', type: 'value_error' },
    ]);
  }
  if (data.new_password === data.current_password) {
    throw new ValidationError([
      { loc: ['body', 'new_password'], msg: 'The new password must differ from the current one', type: 'value_error' },
    ]);
  }
  await assertPasswordNotCommon(data.new_password, 'new_password');
  const passwordHash = await hashPassword(data.new_password, deps.config.passwordHash, deps.config.passwordPepper);
  const updated = await deps.db.transaction((tx) => setPassword(deps, tx, user.id, passwordHash, 'change'));
  return issueSession(deps, updated);
}

/** The new hash, every session ended (token version), and the owner told, in the caller's transaction. */
async function setPassword(
  deps: ServiceDeps,
  tx: Executor,
  userId: string,
  passwordHash: string,
  how: 'reset' | 'change',
) {
  const now = new Date();
  const [updated] = await tx
    .update(users)
    .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: now })
    .where(eq(users.id, userId))
    .returning();
  if (!updated) throw new AppError('BAD_REQUEST', RESET_LINK_INVALID);
  await enqueueEmail(
    tx,
    passwordChangedEmail(
      deps.config.brand,
      { email: updated.email, name: updated.fullName },
      { when: formatIndiaDateTime(now), how, resetLink: resetPageLink(deps) },
    ),
  );
  return updated;
}
