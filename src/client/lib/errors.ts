import { TRPCClientError } from '@trpc/client';

/** The HTTP status the server answered with, when the failure came from the server at all. */
export function httpStatusOf(error: unknown): number | undefined {
  if (!(error instanceof TRPCClientError)) return undefined;
  const status = (error.data as { httpStatus?: unknown } | undefined)?.httpStatus;
  return typeof status === 'number' ? status : undefined;
}

/**
 * The server's human-readable detail (docs/product.md#screens: "server detail, else ..."). Only errors the server itself
 * formatted count: a network failure or a proxy's HTML page has no `shape`, and its parser message is not for
 * people.
 */
export function serverDetail(error: unknown): string | null {
  if (!(error instanceof TRPCClientError) || error.shape === undefined) return null;
  const message = error.message.trim();
  return message === '' ? null : message;
}
