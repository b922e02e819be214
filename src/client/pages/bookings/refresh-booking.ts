import type { trpc } from '../../lib/trpc';

type Utils = ReturnType<typeof trpc.useUtils>;

/**
 * After the customer changes a booking: My Bookings, the booking's page and its GST documents are read again. A
 * cancellation, a payment or a menu change may issue a document (docs/gst.md), and a cancelled booking's GST
 * details become fixed.
 */
export function refreshBooking(utils: Utils, id: string): void {
  void utils.bookings.mine.invalidate();
  void utils.bookings.mineDetail.invalidate({ id });
  void utils.gst.mine.invalidate({ id });
}
