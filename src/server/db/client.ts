import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { trackCommits } from './after-commit';
import { acquireDirLock } from './lock';

/**
 * The one database type services see, whichever driver is behind it. Services write their queries with the query
 * builder over the tables of `./schema`; drizzle is given no schema, so it does not set up its relational query API
 * (`db.query.*`, unused here) on every database and every transaction it opens.
 */
export type Database = PgDatabase<PgQueryResultHKT>;
export type Transaction = PgTransaction<
  PgQueryResultHKT,
  Record<string, never>,
  ExtractTablesWithRelations<Record<string, never>>
>;
/** A service runs on the database or inside a caller's transaction alike. */
export type Executor = Database | Transaction;

/**
 * The rows of a `db.execute` answer, whose shape is the driver's own: an array on postgres.js, `{ rows }` on PGlite.
 * Rows come back as the database names its columns (no mapping to the schema's properties).
 */
export function rowsOf<Row>(result: unknown): Row[] {
  return (Array.isArray(result) ? result : (result as { rows: Row[] }).rows) as Row[];
}

export type DatabaseHandle =
  | { kind: 'pglite'; db: Database; client: PGlite; close(): Promise<void> }
  | { kind: 'postgres'; db: Database; client: postgres.Sql; url: string; close(): Promise<void> };

export type DatabaseOptions = {
  /** postgres:// URL; when absent the embedded PGlite is used. */
  url?: string | undefined;
  /** PGlite data directory, or 'memory'. */
  pgliteDir: string;
  /** For an in-memory PGlite: start from this dump of a data directory (`dumpDataDir`) instead of an empty one. */
  pgliteDump?: Blob | undefined;
  /** Connections in the postgres.js pool. */
  poolSize?: number;
  /** Prepare parameterised statements on the server (default true; see `preparingStatements`). */
  preparedStatements?: boolean;
};

/**
 * postgres.js as drizzle sees it, with every parameterised statement prepared on the server. Drizzle sends
 * its queries through `sql.unsafe`, which postgres.js runs unprepared by default; an unprepared statement with
 * parameters costs two round trips (postgres.js first asks the server for the parameter types) and is parsed and
 * planned again each time. Prepared, it is parsed once per connection and costs one round trip. postgres.js keeps the
 * statements per connection, keyed by their text: drizzle writes one text per query shape (values are always
 * parameters), so the set is bounded by the app's queries. Statements without parameters still go as simple queries.
 * A connection pooler in transaction mode (PgBouncer before 1.21) cannot keep prepared statements: set
 * DATABASE_PREPARED_STATEMENTS=false there.
 */
export function preparingStatements(sql: postgres.Sql): postgres.Sql {
  const wrapScope =
    <T>(scope: (inner: postgres.Sql) => T) =>
    (inner: postgres.Sql) =>
      scope(preparingStatements(inner));
  return new Proxy(sql, {
    get(target, key, receiver) {
      if (key === 'unsafe') {
        return (query: string, params?: unknown[], options?: postgres.UnsafeQueryOptions) =>
          target.unsafe(query, params as postgres.ParameterOrJSON<never>[], { ...options, prepare: true });
      }
      if (key === 'begin' || key === 'savepoint') {
        const open = Reflect.get(target, key, receiver) as (...args: unknown[]) => unknown;
        return (...args: unknown[]) =>
          open.apply(
            target,
            args.map((arg) => (typeof arg === 'function' ? wrapScope(arg as (inner: postgres.Sql) => unknown) : arg)),
          );
      }
      return Reflect.get(target, key, receiver);
    },
  });
}

/** A transaction's end that did not commit: one of its statements failed, and no caller was told. */
export class TransactionRolledBackError extends Error {
  constructor(command: string | undefined) {
    super(`The transaction did not commit (the server answered ${command ?? 'nothing'}): one of its statements failed`);
    this.name = 'TransactionRolledBackError';
  }
}

/**
 * postgres.js whose transactions send `begin` together with their first statements. postgres.js's own `begin`
 * waits for the server's answer to `begin` before it runs the transaction's code, one round trip of every
 * transaction spent on nothing. Here the transaction has a connection to itself (`reserve`), `begin` is queued on it
 * and the code runs at once: its statements go out behind `begin` and the server runs them in the order sent, so
 * they are inside the transaction all the same. When the code fails, `rollback`; when it succeeds, `commit`, whose
 * answer is checked: a statement that failed without its caller awaiting it leaves the transaction aborted, and the
 * server then answers `commit` with `ROLLBACK`, which is an error here, as postgres.js's `begin` makes it one.
 * Savepoints (nested transactions) work as in postgres.js.
 */
export function pipeliningBegin(sql: postgres.Sql): postgres.Sql {
  return new Proxy(sql, {
    get(target, key, receiver) {
      if (key === 'begin') return (...args: unknown[]) => beginPipelined(target, args);
      return Reflect.get(target, key, receiver);
    },
  });
}

async function beginPipelined(sql: postgres.Sql, args: unknown[]): Promise<unknown> {
  const scope = args.at(-1) as (tx: postgres.Sql) => unknown;
  // The same transaction modes postgres.js's `begin` takes (`begin isolation level serializable`, …).
  const modes = args.length > 1 ? String(args[0]).replace(/[^a-z ]/gi, '') : '';
  const connection = await sql.reserve();
  try {
    // Executed now, so `begin` is first in the connection's queue, ahead of every statement the scope sends.
    const begun = connection.unsafe(`begin ${modes}`).execute();
    let result: unknown;
    try {
      [, result] = await Promise.all([begun, scope(withSavepoints(connection))]);
    } catch (error) {
      await connection.unsafe('rollback').catch(() => undefined);
      throw error;
    }
    const committed = await connection.unsafe('commit');
    if (committed.command !== 'COMMIT') throw new TransactionRolledBackError(committed.command);
    return result;
  } finally {
    connection.release();
  }
}

/** The transaction's connection with postgres.js's `savepoint(scope)`: a nested transaction. */
function withSavepoints(connection: postgres.ReservedSql): postgres.Sql {
  let count = 0;
  const savepoint = async (scope: (tx: postgres.Sql) => unknown) => {
    const name = `s${count++}`;
    await connection.unsafe(`savepoint ${name}`);
    try {
      const result = await scope(connection);
      await connection.unsafe(`release savepoint ${name}`);
      return result;
    } catch (error) {
      await connection.unsafe(`rollback to savepoint ${name}`);
      throw error;
    }
  };
  return Object.assign(connection, { savepoint });
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) {
    const client = postgres(options.url, {
      max: options.poolSize ?? 10,
      onnotice: () => {},
      connection: { application_name: 'annapurna-events' },
    });
    const transactional = pipeliningBegin(client);
    const db = trackCommits(
      drizzlePostgres({
        client: options.preparedStatements === false ? transactional : preparingStatements(transactional),
      }) as unknown as Database,
    );
    return { kind: 'postgres', db, client, url: options.url, close: () => client.end({ timeout: 5 }) };
  }

  const inMemory = options.pgliteDir === 'memory';
  const release = inMemory ? () => {} : acquireDirLock(options.pgliteDir);
  try {
    const client = inMemory
      ? new PGlite(options.pgliteDump ? { loadDataDir: options.pgliteDump } : {})
      : new PGlite(options.pgliteDir);
    await client.waitReady;
    const db = trackCommits(drizzlePglite({ client }) as unknown as Database);
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
