import { eq } from 'drizzle-orm';
import { pricedAddOns } from '../../../shared/pricing';
import { bookings } from '../../db/schema';
import { addOnsOf, packageQuoteLines, storedMenu } from '../menus/booking-menu.service';
import { subscriberPercentOf } from '../payments/subscriptions.service';
import { AppError } from '../../lib/errors';
import type { ServiceDeps } from '../../context';
import type { AuthUser } from '../auth/auth.service';
import { ownedBooking } from './ownership';
import { BOOKING_NOT_FOUND } from './ownership';
import { quotePdfFileName, renderQuotePdf } from './quote-pdf';

type BookingRow = typeof bookings.$inferSelect;
export type QuotePdf = { fileName: string; pdf: Buffer };

/** Any booking by id, for the admin's quote PDF; unknown is a 404. */
async function getBookingRow(deps: ServiceDeps, id: string): Promise<BookingRow> {
  const [row] = await deps.db.select().from(bookings).where(eq(bookings.id, id)).limit(1);
  if (!row) throw new AppError('NOT_FOUND', BOOKING_NOT_FOUND);
  return row;
}

/**
 * A booking's quote as a PDF file. A booking that has not been priced yet has no quote to print (409).
 * Test runs keep the text streams uncompressed so tests can search them.
 */
async function quotePdf(deps: ServiceDeps, booking: BookingRow): Promise<QuotePdf> {
  if (booking.finalAmountPaise === null) throw new AppError('CONFLICT', 'This booking has no quote yet');
  const menu = await storedMenu(deps.db, booking.id);
  const addOns = booking.guestCount ? pricedAddOns(addOnsOf(menu.items, menu.dishes), booking.guestCount) : [];
  // A package booking prints the quote e-mail's lines (docs/product.md#pricing).
  const lines = await packageQuoteLines(deps.db, booking, menu);
  // The percent of the booking's subscriber discount, as My Bookings prints it (docs/product.md#subscriptions).
  const subscriberPercent =
    booking.subscriberDiscountPaise === null ? null : await subscriberPercentOf(deps.db, booking);
  const pdf = await renderQuotePdf(deps, booking, {
    compress: deps.config.env !== 'test',
    addOns,
    lines,
    subscriberPercent,
  });
  return { fileName: quotePdfFileName(booking), pdf };
}

/** The customer's own quote PDF; another customer's booking answers like a missing one. */
export async function myQuotePdf(deps: ServiceDeps, user: AuthUser, id: string): Promise<QuotePdf> {
  return quotePdf(deps, await ownedBooking(deps.db, user, id));
}

/** Any booking's quote PDF, for the admin. */
export async function adminQuotePdf(deps: ServiceDeps, id: string): Promise<QuotePdf> {
  return quotePdf(deps, await getBookingRow(deps, id));
}
