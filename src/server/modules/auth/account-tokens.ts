import { createHmac, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { accountTokens, users, type AccountTokenPurpose } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { ServiceDeps } from '../../context';

/** 32 random bytes, base64url: what the e-mailed link carries. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * The stored form of a token: HMAC-SHA256 under the app's key, with the purpose mixed in. A copy of the table opens
 * nothing (the key is not in the database), and a verification token can never pass as a reset token.
 */
function tokenHash(deps: ServiceDeps, purpose: AccountTokenPurpose, token: string): string {
  return createHmac('sha256', deps.config.jwt.secret).update(`${purpose}:${token}`).digest('base64url');
}

/** A fresh token and its stored form: the same random draw and keyed hash whether or not it will be stored. */
export function newAccountToken(deps: ServiceDeps, purpose: AccountTokenPurpose): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: tokenHash(deps, purpose, token) };
}

/** Stores a token made by newAccountToken for the account's current address; earlier unused ones stop working. */
export async function storeAccountToken(
  tx: Executor,
  user: { id: string; email: string },
  purpose: AccountTokenPurpose,
  hash: string,
  ttlMs: number,
): Promise<void> {
  const now = new Date();
  await tx
    .update(accountTokens)
    .set({ usedAt: now })
    .where(and(eq(accountTokens.userId, user.id), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)));
  await tx.insert(accountTokens).values({
    userId: user.id,
    purpose,
    tokenHash: hash,
    email: user.email,
    expiresAt: new Date(now.getTime() + ttlMs),
  });
}

/** Makes a one-time token for the account's current address; earlier unused tokens of the same purpose stop working. */
export async function issueAccountToken(
  deps: ServiceDeps,
  tx: Executor,
  user: { id: string; email: string },
  purpose: AccountTokenPurpose,
  ttlMs: number,
): Promise<string> {
  const { token, hash } = newAccountToken(deps, purpose);
  await storeAccountToken(tx, user, purpose, hash, ttlMs);
  return token;
}

/**
 * Uses a token once, in the caller's transaction: it must be of this purpose, unused, unexpired, and the account must
 * still have the address it was sent to. Whatever is wrong, the answer is the same 400 with `invalidDetail`.
 * Returns the account's id.
 */
export async function consumeAccountToken(
  deps: ServiceDeps,
  tx: Executor,
  purpose: AccountTokenPurpose,
  token: string,
  invalidDetail: string,
): Promise<string> {
  if (!TOKEN_PATTERN.test(token)) throw new AppError('BAD_REQUEST', invalidDetail);
  const now = new Date();
  // One guarded UPDATE: of two concurrent uses, exactly one finds the row still unused.
  const [used] = await tx
    .update(accountTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(accountTokens.tokenHash, tokenHash(deps, purpose, token)),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, now),
      ),
    )
    .returning({ userId: accountTokens.userId, email: accountTokens.email });
  if (!used) throw new AppError('BAD_REQUEST', invalidDetail);
  const [owner] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, used.userId), sql`lower(${users.email}) = ${used.email.toLowerCase()}`))
    .limit(1);
  if (!owner) throw new AppError('BAD_REQUEST', invalidDetail);
  return owner.id;
}
