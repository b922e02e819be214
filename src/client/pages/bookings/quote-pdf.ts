import { readToken } from '../../lib/token-storage';

/** The file name the server suggests in Content-Disposition, else a sensible one. */
function fileNameOf(response: Response, fallback: string): string {
  const header = response.headers.get('content-disposition') ?? '';
  const match = /filename="([^"]+)"/.exec(header);
  return match?.[1] ?? fallback;
}

async function detailOf(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { detail?: unknown };
    if (typeof body.detail === 'string' && body.detail.trim() !== '') return body.detail;
  } catch {
    // Not JSON: fall through to the generic message.
  }
  return 'The quote PDF could not be downloaded. Please try again.';
}

/**
 * Downloads the booking's quote as a PDF (`GET /api/me/bookings/:id/quote.pdf`, bearer token) and saves it under
 * the server's file name. Throws an Error with the server's detail when it refuses.
 */
export async function downloadQuotePdf(bookingId: string, reference: string): Promise<void> {
  const token = readToken();
  const response = await fetch(`/api/me/bookings/${encodeURIComponent(bookingId)}/quote.pdf`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw new Error(await detailOf(response));
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileNameOf(response, `quote-${reference}.pdf`);
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Give the browser a moment to start the download before the object URL goes.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
