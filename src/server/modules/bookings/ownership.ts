import { or, sql, type SQL } from 'drizzle-orm';
import { BOOKING_NOT_FOUND } from '../../../shared/schemas/bookings';
import { bookings } from '../../db/schema';

/**
 * The bookings a customer account owns: linked to it (made while signed in), or made in its e-mail once the account
 * has proved it owns that address (quotes from before the account existed; docs/decisions.md "Customer account and
 * payments", "Verified e-mail"). Anything else answers like a missing id.
 */
export function ownedBy(user: { id: string; email: string; emailVerified: boolean }): SQL {
  if (!user.emailVerified) return sql`${bookings.userId} = ${user.id}`;
  return or(sql`${bookings.userId} = ${user.id}`, sql`lower(${bookings.clientEmail}) = ${user.email.toLowerCase()}`)!;
}

/** Re-exported for the services and doors of every module, which answer a missing booking with it. */
export { BOOKING_NOT_FOUND };
