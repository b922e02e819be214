import { createHmac, randomInt } from 'node:crypto';
import { HOUR_MS } from '../../../shared/dates';
import { and, eq, gt, like, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { recoveryCodes, settings, users } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { secondFactorChangedEmail } from '../../mail/auth-templates';
import { enqueueEmail } from '../../mail/outbox';
import { formatIndiaDateTime } from '../../mail/project-templates';
import type { ServiceDeps } from '../../context';

/*
 * A lost second factor (docs/decisions.md, "Admin second factor and step-up"; ASVS 2.5.7). The operator, who runs
 * the server (the same trust as ADMIN_PASSWORD and the owner setup link), runs `npm run admin:reset-second-factor --
 * <email>`: it prints a one-time code valid for 1 hour. The admin signs in with their password and enters that code
 * at the second step instead of an authenticator code. Then the second factor is off, every session of the account
 * ends (this sign-in gets the only new one), the change is audited and e-mailed, and enrolment is asked for again.
 * A code alone opens nothing: it only replaces the second step after the password.
 */

export const SECOND_FACTOR_RESET_TTL_MS = HOUR_MS;
const KEY_PREFIX = 'second_factor_reset:';
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
/** `reset-` and five groups of five (about 124 bits): typed once, from the operator's message. */
const RESET_CODE_PATTERN = /^reset-?([a-z0-9]{5}-?){4}[a-z0-9]{5}$/;

const normalise = (code: string) => code.toLowerCase().replace(/\s/g, '');

export function isSecondFactorResetCode(code: string): boolean {
  return RESET_CODE_PATTERN.test(normalise(code));
}

function codeHash(deps: ServiceDeps, code: string): string {
  const letters = normalise(code)
    .replace(/^reset-?/, '')
    .replace(/-/g, '');
  return createHmac('sha256', deps.config.jwt.secret).update(`second_factor_reset:${letters}`).digest('base64url');
}

export class SecondFactorResetError extends Error {}

/**
 * Makes the one-time code for an account with two-step sign-in on; an earlier unused code of the account stops
 * working. Audited (no actor: the operator at the server).
 */
export async function issueSecondFactorReset(
  deps: ServiceDeps,
  email: string,
): Promise<{ code: string; expiresAt: Date; email: string }> {
  const [user] = await deps.db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  if (!user) throw new SecondFactorResetError(`No account has the e-mail ${email}.`);
  if (!user.totpEnabledAt) throw new SecondFactorResetError(`${user.email} has no second factor to reset.`);
  const groups = Array.from({ length: 5 }, () =>
    Array.from({ length: 5 }, () => ALPHABET[randomInt(ALPHABET.length)]).join(''),
  );
  const code = `reset-${groups.join('-')}`;
  const expiresAt = new Date(Date.now() + SECOND_FACTOR_RESET_TTL_MS);
  await deps.db.transaction(async (tx) => {
    await tx
      .delete(settings)
      .where(and(like(settings.key, `${KEY_PREFIX}%`), sql`${settings.value}->>'user_id' = ${user.id}`));
    await tx.insert(settings).values({
      key: `${KEY_PREFIX}${codeHash(deps, code)}`,
      value: { user_id: user.id, expires_at: expiresAt.toISOString() },
    });
    await writeAudit(tx, {
      actorUserId: null,
      action: 'user.second_factor_reset_issued',
      entityType: 'user',
      entityId: user.id,
      data: { expires_at: expiresAt.toISOString() },
    });
  });
  return { code, expiresAt, email: user.email };
}

/**
 * At the second step, after the password: uses the operator's code once (a guarded delete, so two uses let one
 * through), turns the second factor off and ends every session, in the caller's transaction. False for a wrong,
 * used, expired or another account's code.
 */
export async function useSecondFactorReset(
  deps: ServiceDeps,
  tx: Executor,
  user: typeof users.$inferSelect,
  code: string,
): Promise<boolean> {
  const [used] = await tx
    .delete(settings)
    .where(
      and(
        eq(settings.key, `${KEY_PREFIX}${codeHash(deps, code)}`),
        sql`${settings.value}->>'user_id' = ${user.id}`,
        gt(sql`(${settings.value}->>'expires_at')::timestamptz`, sql`now()`),
      ),
    )
    .returning({ key: settings.key });
  if (!used) return false;
  const now = new Date();
  await tx
    .update(users)
    .set({
      totpSecret: null,
      totpPendingSecret: null,
      totpEnabledAt: null,
      totpLastStep: null,
      tokenVersion: sql`${users.tokenVersion} + 1`,
      updatedAt: now,
    })
    .where(eq(users.id, user.id));
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
  await writeAudit(tx, {
    actorUserId: user.id,
    action: 'user.second_factor_reset',
    entityType: 'user',
    entityId: user.id,
    data: { sessions_ended: true },
  });
  await enqueueEmail(
    tx,
    secondFactorChangedEmail(
      deps.config.brand,
      { email: user.email, name: user.fullName },
      { when: formatIndiaDateTime(now), enabled: false },
    ),
  );
  return true;
}
