import { createHmac, randomBytes } from 'node:crypto';
import { HOUR_MS } from '../../../shared/dates';
import { and, eq, gt, like, sql } from 'drizzle-orm';
import { ownerSetupInputSchema, type AuthResult, type OwnerSetupInput } from '../../../shared/schemas/auth';
import { settings, users } from '../../db/schema';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import { hashPassword } from '../../lib/password';
import { assertPasswordNotCommon } from '../../lib/password-policy';
import type { ServiceDeps } from '../../context';
import { issueSession } from './auth.service';
import { queueVerificationEmail } from './email-verification.service';

/** How long the printed setup link works (docs/decisions.md, "First run and demo data"). */
export const OWNER_SETUP_TTL_MS = HOUR_MS;
export const OWNER_SETUP_INVALID =
  'This setup link is invalid, has expired or has already been used. Restart the server to print a new one.';
const KEY_PREFIX = 'owner_setup:';

function codeHash(deps: ServiceDeps, code: string): string {
  return createHmac('sha256', deps.config.jwt.secret).update(`owner_setup:${code}`).digest('base64url');
}

async function adminExists(deps: Pick<ServiceDeps, 'db'>): Promise<boolean> {
  const [row] = await deps.db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
  return row !== undefined;
}

/**
 * At start-up with no admin in the database: a one-time code for the "Create the owner account" page, valid for an
 * hour, stored only as a keyed hash (each instance that starts prints its own). Null when an admin exists.
 */
export async function prepareOwnerSetup(deps: ServiceDeps): Promise<string | null> {
  if (await adminExists(deps)) return null;
  const code = randomBytes(32).toString('base64url');
  // Codes of earlier starts that ran out are of no use to anyone.
  await deps.db
    .delete(settings)
    .where(and(like(settings.key, `${KEY_PREFIX}%`), sql`(${settings.value}->>'expires_at')::timestamptz <= now()`));
  await deps.db.insert(settings).values({
    key: `${KEY_PREFIX}${codeHash(deps, code)}`,
    value: { expires_at: new Date(Date.now() + OWNER_SETUP_TTL_MS).toISOString() },
  });
  return code;
}

/**
 * Creates the first admin with the printed code and signs it in. One owner only: once any admin exists every code
 * is refused, and all codes are deleted with the first use (serialised by a transaction lock, so two tabs racing
 * make one owner).
 */
export async function createOwner(deps: ServiceDeps, input: OwnerSetupInput): Promise<AuthResult> {
  const data = ownerSetupInputSchema.parse(input);
  await assertPasswordNotCommon(data.password);
  const passwordHash = await hashPassword(data.password, deps.config.passwordHash, deps.config.passwordPepper);
  try {
    const owner = await deps.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('owner_setup'))`);
      const [valid] = await tx
        .select({ key: settings.key })
        .from(settings)
        .where(
          and(
            eq(settings.key, `${KEY_PREFIX}${codeHash(deps, data.code)}`),
            gt(sql`(${settings.value}->>'expires_at')::timestamptz`, sql`now()`),
          ),
        )
        .limit(1);
      if (!valid || (await adminExists({ db: tx }))) throw new AppError('BAD_REQUEST', OWNER_SETUP_INVALID);
      await tx.delete(settings).where(like(settings.key, `${KEY_PREFIX}%`));
      const [created] = await tx
        .insert(users)
        .values({ email: data.email, fullName: data.full_name, passwordHash, role: 'admin' })
        .returning();
      await queueVerificationEmail(deps, tx, created!);
      return created!;
    });
    return await issueSession(deps, owner);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('EMAIL_TAKEN');
    throw error;
  }
}
