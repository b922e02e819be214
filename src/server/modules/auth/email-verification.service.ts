import { and, eq, isNull, sql } from 'drizzle-orm';
import { HOUR_MS } from '../../../shared/dates';
import { verifyEmailInputSchema, type VerifyEmailInput } from '../../../shared/schemas/auth';
import type { Executor } from '../../db/client';
import { bookings, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { verifyEmailEmail } from '../../mail/auth-templates';
import { enqueueEmail } from '../../mail/outbox';
import type { ServiceDeps } from '../../context';
import { claimSubscriberDiscounts } from '../payments/subscriptions.service';
import { consumeAccountToken, issueAccountToken } from './account-tokens';

/** How long a verification link works (docs/decisions.md, "Verified e-mail"). */
export const VERIFY_EMAIL_TTL_HOURS = 48;
export const VERIFY_LINK_INVALID =
  'This confirmation link is invalid, has expired or has already been used. Sign in and ask for a new one.';

/** Queues the confirmation e-mail on the caller's transaction (registration, a re-send). */
export async function queueVerificationEmail(
  deps: ServiceDeps,
  tx: Executor,
  user: { id: string; email: string; fullName: string },
): Promise<void> {
  const token = await issueAccountToken(deps, tx, user, 'verify_email', VERIFY_EMAIL_TTL_HOURS * HOUR_MS);
  // The token travels in the fragment: browsers never send it to a server, so no access log or Referer holds it.
  const link = `${deps.config.publicBaseUrl}/verify-email#token=${token}`;
  await enqueueEmail(
    tx,
    verifyEmailEmail(deps.config.brand, { email: user.email, name: user.fullName }, link, VERIFY_EMAIL_TTL_HOURS),
  );
}

/**
 * Bookings made in a verified address and not yet linked to any account become the account's own, so the admin's
 * views and the customer's list agree. Never called for an unverified account.
 */
export async function linkBookingsOfVerifiedEmail(tx: Executor, user: { id: string; email: string }): Promise<void> {
  await tx
    .update(bookings)
    .set({ userId: user.id })
    .where(and(isNull(bookings.userId), sql`lower(${bookings.clientEmail}) = ${user.email.toLowerCase()}`));
}

/**
 * Opens a confirmation link: the account's address is verified, the bookings made in it become visible, and a
 * subscription bought in it from one of them gives that booking its discount (docs/product.md#subscriptions).
 */
export async function verifyEmail(
  deps: ServiceDeps,
  input: VerifyEmailInput,
): Promise<{ message: string; email: string }> {
  const { token } = verifyEmailInputSchema.parse(input);
  return deps.db.transaction(async (tx) => {
    const userId = await consumeAccountToken(deps, tx, 'verify_email', token, VERIFY_LINK_INVALID);
    const [user] = await tx
      .update(users)
      .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning({ id: users.id, email: users.email, role: users.role });
    if (!user) throw new AppError('BAD_REQUEST', VERIFY_LINK_INVALID);
    if (user.role === 'customer') {
      await linkBookingsOfVerifiedEmail(tx, user);
      await claimSubscriberDiscounts(deps, tx, user);
    }
    return { message: 'Thank you: your e-mail address is confirmed.', email: user.email };
  });
}

/** A new confirmation link for a signed-in account; the door rate-limits it per account. */
export async function resendVerification(
  deps: ServiceDeps,
  user: { id: string; email: string; fullName: string; emailVerified: boolean },
): Promise<{ message: string }> {
  if (user.emailVerified) throw new AppError('CONFLICT', 'Your e-mail address is already confirmed.');
  await deps.db.transaction((tx) => queueVerificationEmail(deps, tx, user));
  return { message: `We have sent a new confirmation link to ${user.email}.` };
}
