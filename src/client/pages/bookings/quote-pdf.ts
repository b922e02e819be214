import { downloadFromApi } from '../../lib/download';

/**
 * Downloads the booking's quote as a PDF (`GET /api/me/bookings/:id/quote.pdf`, bearer token) and saves it under
 * the server's file name. Throws an Error with the server's detail when it refuses.
 */
export async function downloadQuotePdf(bookingId: string, reference: string): Promise<void> {
  await downloadFromApi(
    `/api/me/bookings/${encodeURIComponent(bookingId)}/quote.pdf`,
    `quote-${reference}.pdf`,
    'The quote PDF could not be downloaded. Please try again.',
  );
}
