import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import * as schema from './schema';
import { acquireDirLock } from './lock';

export type Schema = typeof schema;
/** The one database type services see, whichever driver is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A service runs on the database or inside a caller's transaction alike. */
export type Executor = Database | Transaction;

export type DatabaseHandle =
  | { kind: 'pglite'; db: Database; client: PGlite; close(): Promise<void> }
  | { kind: 'postgres'; db: Database; client: postgres.Sql; url: string; close(): Promise<void> };

export type DatabaseOptions = {
  /** postgres:// URL; when absent the embedded PGlite is used. */
  url?: string | undefined;
  /** PGlite data directory, or 'memory'. */
  pgliteDir: string;
  /** Connections in the postgres.js pool. */
  poolSize?: number;
};

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) {
    const client = postgres(options.url, {
      max: options.poolSize ?? 10,
      onnotice: () => {},
      connection: { application_name: 'annapurna-events' },
    });
    const db = drizzlePostgres({ client, schema }) as unknown as Database;
    return { kind: 'postgres', db, client, url: options.url, close: () => client.end({ timeout: 5 }) };
  }

  const inMemory = options.pgliteDir === 'memory';
  const release = inMemory ? () => {} : acquireDirLock(options.pgliteDir);
  try {
    const client = inMemory ? new PGlite() : new PGlite(options.pgliteDir);
    await client.waitReady;
    const db = drizzlePglite({ client, schema }) as unknown as Database;
    return {
      kind: 'pglite',
      db,
      client,
      async close() {
        try {
          if (!client.closed) await client.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}
