import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import { BOOKING_NOT_FOUND } from '../../../shared/schemas/bookings';
import type { Executor } from '../../db/client';
import { bookings } from '../../db/schema';
import { AppError } from '../../lib/errors';

/**
 * The bookings a customer account owns: linked to it (made while signed in), or made in its e-mail once the account
 * has proved it owns that address (quotes from before the account existed; docs/decisions.md "Customer account and
 * payments", "Verified e-mail"). Anything else answers like a missing id.
 */
type Owner = { id: string; email: string; emailVerified: boolean };

export function ownedBy(user: Owner): SQL {
  if (!user.emailVerified) return sql`${bookings.userId} = ${user.id}`;
  return or(sql`${bookings.userId} = ${user.id}`, sql`lower(${bookings.clientEmail}) = ${user.email.toLowerCase()}`)!;
}

/** Re-exported for the services and doors of every module, which answer a missing booking with it. */
export { BOOKING_NOT_FOUND };

/**
 * One of the customer's bookings, row-locked for the caller's transaction with `lock`; another customer's answers
 * exactly like a missing id (404).
 */
export async function ownedBooking(
  db: Executor,
  user: Owner,
  id: string,
  lock = false,
): Promise<typeof bookings.$inferSelect> {
  const query = db
    .select()
    .from(bookings)
    .where(and(eq(bookings.id, id), ownedBy(user)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('NOT_FOUND', BOOKING_NOT_FOUND);
  return row;
}
