import { TRPCClientError } from '@trpc/client';

/** The HTTP status the server answered with, when the failure came from the server at all. */
export function httpStatusOf(error: unknown): number | undefined {
  if (!(error instanceof TRPCClientError)) return undefined;
  const status = (error.data as { httpStatus?: unknown } | undefined)?.httpStatus;
  return typeof status === 'number' ? status : undefined;
}

/**
 * The server's human-readable detail (docs/product.md#screens: "server detail, else ..."). Only errors the server
 * itself formatted count: a network failure or a proxy's HTML page has no `shape`, and its parser message is not for
 * people.
 */
export function serverDetail(error: unknown): string | null {
  if (!(error instanceof TRPCClientError) || error.shape === undefined) return null;
  const message = error.message.trim();
  return message === '' ? null : message;
}

/**
 * Why the server refused, when the client can act on it (docs/api.md, "Errors": `error.data.reason`):
 * `second_factor_required` (an admin must enrol first) or `step_up_required` (confirm it is you, then retry).
 */
export function errorReason(error: unknown): string | undefined {
  if (!(error instanceof TRPCClientError)) return undefined;
  const reason = (error.data as { reason?: unknown } | undefined)?.reason;
  return typeof reason === 'string' ? reason : undefined;
}

/**
 * The input field a conflict is about (docs/api.md, "Errors": `error.data.field`, e.g. `utr` for a UTR already
 * recorded), for a form to show the refusal at that field.
 */
export function errorField(error: unknown): string | undefined {
  if (!(error instanceof TRPCClientError)) return undefined;
  const field = (error.data as { field?: unknown } | undefined)?.field;
  return typeof field === 'string' ? field : undefined;
}

/**
 * The next free dates the server offers with a 409 for a full or closed day (docs/api.md "Calendar, staff bookings
 * and supplier bids": `error.data.next_free_dates`), or an empty list.
 */
export function nextFreeDates(error: unknown): string[] {
  if (!(error instanceof TRPCClientError)) return [];
  const dates = (error.data as { next_free_dates?: unknown } | undefined)?.next_free_dates;
  return Array.isArray(dates) ? dates.filter((date): date is string => typeof date === 'string') : [];
}
