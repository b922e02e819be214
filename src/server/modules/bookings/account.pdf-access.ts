import { eq } from 'drizzle-orm';
import { bookings } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { ServiceDeps } from '../../context';
import { BOOKING_NOT_FOUND } from './ownership';

/** Any booking by id, for the admin's quote PDF; unknown is a 404. */
export async function getBookingRow(deps: ServiceDeps, id: string): Promise<typeof bookings.$inferSelect> {
  const [row] = await deps.db.select().from(bookings).where(eq(bookings.id, id)).limit(1);
  if (!row) throw new AppError('NOT_FOUND', BOOKING_NOT_FOUND);
  return row;
}
