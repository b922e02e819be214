import { and, eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { hashPassword, needsPepper, verifyPassword } from '../../lib/password';
import type { ServiceDeps } from '../../context';

/**
 * Checks an account's password. A right password whose stored hash was made without the configured pepper (before
 * PASSWORD_PEPPER existed) is hashed again with it, so the old form works once more at most (docs/security.md,
 * "Passwords"). The update is guarded by the old hash: a password changed meanwhile is never overwritten.
 */
export async function checkAccountPassword(
  deps: ServiceDeps,
  account: { id: string; passwordHash: string | null },
  password: string,
): Promise<boolean> {
  if (!account.passwordHash) return false;
  const { passwordHash: options, passwordPepper: pepper } = deps.config;
  if (!(await verifyPassword(account.passwordHash, password, pepper))) return false;
  if (needsPepper(account.passwordHash, pepper)) {
    const rehashed = await hashPassword(password, options, pepper);
    await deps.db
      .update(users)
      .set({ passwordHash: rehashed })
      .where(and(eq(users.id, account.id), eq(users.passwordHash, account.passwordHash)));
  }
  return true;
}
