import { join } from 'node:path';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { PROJECT_ROOT } from '../config';
import type { DatabaseHandle } from './client';

export const MIGRATIONS_FOLDER = join(PROJECT_ROOT, 'drizzle');

/** Any fixed number: it names the advisory lock that serialises migrations across instances. */
const MIGRATION_LOCK_KEY = 724_180_331;

/**
 * Applies pending migrations from `drizzle/`. On PostgreSQL it runs on a dedicated single connection holding an
 * advisory lock, so several instances starting together migrate once, one after the other.
 */
export async function runMigrations(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    return;
  }
  const client = postgres(handle.url, { max: 1, onnotice: () => {} });
  try {
    await client`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`;
    await migratePostgres(drizzlePostgres({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await client`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`.catch(() => {});
    await client.end({ timeout: 5 });
  }
}
