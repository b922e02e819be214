import { createHash } from 'node:crypto';
import { DAY_MS } from '../../shared/dates';
import { and, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { AppError } from './errors';

/** Names the advisory-lock space of idempotency keys (any fixed number; the migration lock uses another). */
const IDEMPOTENCY_LOCK_SPACE = 724_180_332;

/** How long a key is remembered: a quote is valid 7 days, and nobody retries a request after that. */
export const IDEMPOTENCY_KEY_RETENTION_DAYS = 7;

/** SHA-256 of a parsed request (schema order, trimmed and normalised values), to tell a retry from a new request. */
export function requestHash(request: unknown): string {
  return createHash('sha256').update(JSON.stringify(request)).digest('hex');
}

/**
 * The transaction-scoped advisory lock of one key, as an expression for the caller's `select`: concurrent requests
 * with one key wait for each other. A caller that takes other locks too names them in the same `select`, this one
 * first, so every path takes them in one order.
 */
export function idempotencyLock(operation: string, key: string): SQL {
  return sql`pg_advisory_xact_lock(${IDEMPOTENCY_LOCK_SPACE}, hashtext(${`${operation}:${key}`}))`;
}

/**
 * The first answer stored under the key, if any, for the caller to send again; read under `idempotencyLock`. The
 * same key with a different request is a 409: the client reused a key by mistake, and answering with another
 * request's result would be wrong.
 */
export async function storedAnswer<T>(
  tx: Transaction,
  operation: string,
  key: string,
  hash: string,
): Promise<T | undefined> {
  const [stored] = await tx
    .select({ requestHash: idempotencyKeys.requestHash, response: idempotencyKeys.response })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.operation, operation), eq(idempotencyKeys.key, key)))
    .limit(1);
  if (!stored) return undefined;
  if (stored.requestHash !== hash) {
    throw new AppError(
      'CONFLICT',
      'This Idempotency-Key was already used for a different request. Send a new key with a new request.',
    );
  }
  return stored.response as T;
}

/** Stores the answer under the key, in the transaction of the write it answers: both commit, or neither does. */
export async function rememberIdempotent(
  tx: Transaction,
  entry: { operation: string; key: string; hash: string; response: object; bookingId: string | null },
): Promise<void> {
  await tx.insert(idempotencyKeys).values({
    operation: entry.operation,
    key: entry.key,
    requestHash: entry.hash,
    response: entry.response as Record<string, unknown>,
    bookingId: entry.bookingId,
  });
}

/** Forgets keys older than the retention period (the data-retention job runs it). */
export async function purgeExpiredIdempotencyKeys(db: Database, now: Date = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_KEY_RETENTION_DAYS * DAY_MS);
  const purged = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, cutoff))
    .returning({ key: idempotencyKeys.key });
  return purged.length;
}
