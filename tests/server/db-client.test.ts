import { eq, sql } from 'drizzle-orm';
import type postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  openDatabase,
  pipeliningBegin,
  preparingStatements,
  TransactionRolledBackError,
  type DatabaseHandle,
} from '../../src/server/db/client';
import { settings, users } from '../../src/server/db/schema';
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

describe('pipeliningBegin', () => {
  /** A stand-in for postgres.js's `reserve`: a connection that records what is sent and answers when told. */
  function reservingSql() {
    const sent: string[] = [];
    let answerBegin: () => void = () => {};
    const connection = Object.assign(() => undefined, {
      unsafe: (query: string) => {
        sent.push(query);
        const answer = query.startsWith('begin')
          ? new Promise<void>((resolve) => (answerBegin = resolve))
          : Promise.resolve();
        const result = answer.then(() => Object.assign([], { command: query.split(' ')[0]!.toUpperCase() }));
        return Object.assign(result, { execute: () => result });
      },
      release: () => sent.push('(released)'),
    });
    const sql = { reserve: async () => connection } as unknown as postgres.Sql;
    return { sql, sent, answerBegin: () => answerBegin() };
  }

  it('sends the first statements behind begin without waiting for its answer, then commits', async () => {
    const { sql, sent, answerBegin } = reservingSql();
    const done = pipeliningBegin(sql).begin(async (tx) => {
      await tx.unsafe('select 1');
      return 'result';
    });
    await vi.waitFor(() => expect(sent).toEqual(['begin ', 'select 1']));
    answerBegin();
    await expect(done).resolves.toBe('result');
    expect(sent).toEqual(['begin ', 'select 1', 'commit', '(released)']);
  });

  it('rolls back and gives the connection back when the code fails', async () => {
    const { sql, sent } = reservingSql();
    const failed = pipeliningBegin(sql).begin(async () => {
      throw new Error('no');
    });
    await expect(failed).rejects.toThrow('no');
    expect(sent).toEqual(['begin ', 'rollback', '(released)']);
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

describe.each(BACKENDS)('transactions on %s', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  const stored = async (key: string) =>
    (await database.db.select().from(settings).where(eq(settings.key, key))).map((row) => row.value);

  it('commits what the transaction wrote, and the statements after begin ran inside it', async () => {
    const inside = await database.db.transaction(async (tx) => {
      await tx.insert(settings).values({ key: 'tx.commit', value: 1 });
      const [row] = (await tx.execute(sql`select pg_current_xact_id_if_assigned() is not null as open`)) as unknown as {
        open: boolean;
      }[];
      return row!.open;
    });
    expect(inside).toBe(true);
    expect(await stored('tx.commit')).toEqual([1]);
  });

  it('writes nothing when the code fails after writing', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(settings).values({ key: 'tx.rollback', value: 1 });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await stored('tx.rollback')).toEqual([]);
  });

  it('writes nothing when a statement nobody awaited failed, and says so', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(settings).values({ key: 'tx.unawaited', value: 1 });
        // The same key again: a duplicate that fails, its promise left alone.
        tx.insert(settings)
          .values({ key: 'tx.unawaited', value: 2 })
          .catch(() => undefined);
        await tx.execute(sql`select pg_sleep(0.01)`).catch(() => undefined);
      }),
    ).rejects.toBeInstanceOf(TransactionRolledBackError);
    expect(await stored('tx.unawaited')).toEqual([]);
  });

  it('rolls a failed savepoint back and keeps the rest of the transaction', async () => {
    await database.db.transaction(async (tx) => {
      await tx.insert(settings).values({ key: 'tx.outer', value: 1 });
      await expect(
        tx.transaction(async (inner) => {
          await inner.insert(settings).values({ key: 'tx.inner', value: 1 });
          throw new Error('inner fails');
        }),
      ).rejects.toThrow('inner fails');
    });
    expect(await stored('tx.outer')).toEqual([1]);
    expect(await stored('tx.inner')).toEqual([]);
  });

  it('runs with the isolation level asked for', async () => {
    const level = await database.db.transaction(
      async (tx) => {
        const [row] = (await tx.execute(sql`show transaction_isolation`)) as unknown as {
          transaction_isolation: string;
        }[];
        return row!.transaction_isolation;
      },
      { isolationLevel: 'serializable' },
    );
    expect(level).toBe('serializable');
  });
});
