import { or, sql, type SQL } from 'drizzle-orm';
import { bookings } from '../../db/schema';

/**
 * The bookings a customer account owns: linked to it, or made in its e-mail (quotes from before the account
 * existed; docs/decisions.md "Customer account and payments"). Anything else answers like a missing id.
 */
export function ownedBy(user: { id: string; email: string }): SQL {
  return or(sql`${bookings.userId} = ${user.id}`, sql`lower(${bookings.clientEmail}) = ${user.email.toLowerCase()}`)!;
}

export const BOOKING_NOT_FOUND = 'Booking not found';
