import { eq, sql } from 'drizzle-orm';
import type postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, preparingStatements, type DatabaseHandle } from '../../src/server/db/client';
import { users } from '../../src/server/db/schema';
import { openTestDatabase } from './helpers/test-app';

/** A stand-in for postgres.js that records the options of each `unsafe` call and runs scopes with itself. */
function recordingSql() {
  const calls: { query: string; options: unknown }[] = [];
  const fake = Object.assign(() => undefined, {
    unsafe: (query: string, _params?: unknown[], options?: unknown) => {
      calls.push({ query, options });
      return Promise.resolve([]);
    },
    begin: (scope: (inner: unknown) => unknown) => scope(fake),
    savepoint: (scope: (inner: unknown) => unknown) => scope(fake),
    options: { parsers: {} },
  });
  return { sql: fake as unknown as postgres.Sql, calls };
}

describe('preparingStatements', () => {
  it('asks postgres.js to prepare every unsafe() query, in transactions and savepoints too', async () => {
    const { sql: raw, calls } = recordingSql();
    const wrapped = preparingStatements(raw);
    await wrapped.unsafe('select $1', [1], { prepare: false });
    await wrapped.begin(async (tx) => {
      await tx.unsafe('select $1 in tx', [1]);
      await (tx as unknown as postgres.TransactionSql).savepoint(async (sp) => {
        await sp.unsafe('select $1 in savepoint', [1]);
      });
    });
    expect(calls).toEqual([
      { query: 'select $1', options: { prepare: true } },
      { query: 'select $1 in tx', options: { prepare: true } },
      { query: 'select $1 in savepoint', options: { prepare: true } },
    ]);
    expect(wrapped.options).toBe(raw.options);
  });
});

// On PostgreSQL (TEST_DATABASE_URL, as CI runs the server suites): the server really holds the statements.
const BACKENDS = process.env.TEST_DATABASE_URL ? ['PostgreSQL'] : [];

describe.each(BACKENDS)('prepared statements on %s', () => {
  let prepared: DatabaseHandle;
  let unprepared: DatabaseHandle;

  beforeAll(async () => {
    prepared = await openTestDatabase();
    if (prepared.kind !== 'postgres') throw new Error('expected PostgreSQL');
    unprepared = await openDatabase({ url: prepared.url, pgliteDir: 'memory', poolSize: 1, preparedStatements: false });
  });

  afterAll(async () => {
    await unprepared?.close();
    await prepared?.close();
  });

  /** Runs a parameterised drizzle query and counts the statements the connection holds, in one transaction. */
  const statementsAfterQuery = (handle: DatabaseHandle) =>
    handle.db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.email, 'nobody@example.in'));
      const rows = await tx.execute(
        sql`select count(*)::int as n from pg_prepared_statements where statement like '%from "users"%'`,
      );
      return (rows as unknown as { n: number }[])[0]!.n;
    });

  it('prepares parameterised queries by default', async () => {
    expect(await statementsAfterQuery(prepared)).toBeGreaterThanOrEqual(1);
  });

  it('prepares nothing with DATABASE_PREPARED_STATEMENTS=false', async () => {
    expect(await statementsAfterQuery(unprepared)).toBe(0);
  });
});
