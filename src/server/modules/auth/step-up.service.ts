import { eq } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import { reauthenticateInputSchema, type ReauthenticateInput, type StepUpResult } from '../../../shared/schemas/auth';
import { users } from '../../db/schema';
import { AppError, ValidationError } from '../../lib/errors';
import type { Context, ServiceDeps } from '../../context';
import type { AuthUser } from './auth.service';
import { checkAccountPassword } from './password-check';
import { acceptSecondFactorCode } from './second-factor.service';

/*
 * Step-up for high-value admin actions (docs/decisions.md, "Admin second factor and step-up"; ASVS 4.3.3): refunds,
 * erasure of a customer's personal data and the business-wide settings (prices, GST rate, capacity, menu rules) need
 * the admin to have proved again, within the last 5 minutes, that it is them: the password, or a code from the
 * authenticator app when one is on. The proof is a short token of its own audience, bound to the account and its
 * session (the session id and the account's token version), sent in the `X-Step-Up` header; it opens nothing by
 * itself, and ends with the session that made it.
 */

export const STEP_UP_TTL_SECONDS = 5 * 60;
export const STEP_UP_HEADER = 'x-step-up';
const STEP_UP_AUDIENCE_SUFFIX = ':step-up';

const audience = (deps: ServiceDeps) => `${deps.config.jwt.audience}${STEP_UP_AUDIENCE_SUFFIX}`;

const refusal = (field: string, msg: string) =>
  new ValidationError([{ loc: ['body', field], msg, type: 'value_error' }]);

/**
 * Proves it is the signed-in admin again: the password, or a current code of the authenticator app (an account with
 * two-step sign-in on may use either). Answers the step-up token; a wrong one is a 422 on its field.
 */
export async function reauthenticate(
  deps: ServiceDeps,
  user: AuthUser,
  input: ReauthenticateInput,
): Promise<StepUpResult> {
  const data = reauthenticateInputSchema.parse(input);
  const [row] = await deps.db.select().from(users).where(eq(users.id, user.id)).limit(1);
  if (!row) throw new AppError('NOT_AUTHENTICATED');
  if (data.password !== undefined) {
    if (!(await checkAccountPassword(deps, row, data.password))) {
      throw refusal('password', 'Your password is not correct');
    }
  } else {
    if (!row.totpEnabledAt) throw refusal('code', 'Two-step sign-in is off: confirm with your password instead.');
    const accepted = await deps.db.transaction((tx) => acceptSecondFactorCode(deps, tx, row, data.code!));
    if (!accepted) throw refusal('code', 'That code is not right. Enter the current code from your authenticator app.');
  }
  const token = await new SignJWT({ ver: row.tokenVersion, sid: user.sessionId ?? null })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(row.id)
    .setIssuer(deps.config.jwt.issuer)
    .setAudience(audience(deps))
    .setIssuedAt()
    .setExpirationTime(`${STEP_UP_TTL_SECONDS}s`)
    .sign(deps.config.jwt.secret);
  return { step_up_token: token, expires_in: STEP_UP_TTL_SECONDS };
}

/** Whether a step-up token is this session's, at the account's current token version, and at most 5 minutes old. */
async function freshFor(deps: ServiceDeps, user: AuthUser, token: string | null): Promise<boolean> {
  if (!token || token.length > 2048) return false;
  try {
    const { payload } = await jwtVerify(token, deps.config.jwt.secret, {
      algorithms: ['HS256'],
      issuer: deps.config.jwt.issuer,
      audience: audience(deps),
      subject: user.id,
      requiredClaims: ['exp', 'sub', 'iat'],
      maxTokenAge: STEP_UP_TTL_SECONDS,
    });
    const [row] = await deps.db.select({ ver: users.tokenVersion }).from(users).where(eq(users.id, user.id)).limit(1);
    return row !== undefined && row.ver === payload.ver && (payload.sid ?? null) === (user.sessionId ?? null);
  } catch {
    return false;
  }
}

/**
 * The gate of a high-value admin action: while ADMIN_SECOND_FACTOR_REQUIRED is on, a 403 with
 * `reason: "step_up_required"` unless the request carries a fresh step-up token of this admin. Off (development,
 * tests, the demo), the admin session alone suffices, as the product description's flows expect.
 */
export async function assertSteppedUp(ctx: Pick<Context, 'db' | 'config' | 'stepUpToken'>, user: AuthUser) {
  if (!ctx.config.adminSecondFactorRequired) return;
  if (await freshFor(ctx, user, ctx.stepUpToken)) return;
  throw new AppError('STEP_UP_REQUIRED', undefined, { reason: 'step_up_required' });
}
