import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { afterCommit } from '../../src/server/db/after-commit';
import { rowsOf, type Database, type DatabaseHandle, type Executor } from '../../src/server/db/client';
import { openTestDatabase } from './helpers/test-app';

/*
 * Work after a commit (src/server/db/after-commit.ts): it runs once the transaction has committed, and then sees
 * what the transaction wrote; it never runs for a transaction, or a savepoint, that rolled back.
 */
let database: DatabaseHandle;
let db: Database;

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  await db.execute(sql`create table after_commit_marks (mark text primary key)`);
}, 120_000);

afterAll(async () => {
  await database?.close();
});

/** Work that records its mark and whether the mark's row is visible from outside the transaction when it runs. */
function recorder() {
  const ran: string[] = [];
  const checks: Promise<{ mark: string; visible: boolean }>[] = [];
  const work = (mark: string) => (root: Database) => {
    ran.push(mark);
    checks.push(
      root
        .execute(sql`select count(*)::int as n from after_commit_marks where mark = ${mark}`)
        .then((result) => ({ mark, visible: rowsOf<{ n: number }>(result)[0]!.n === 1 })),
    );
  };
  return { ran, work, visibility: () => Promise.all(checks) };
}

const mark = (executor: Executor, value: string) =>
  executor.execute(sql`insert into after_commit_marks (mark) values (${value})`);

describe('afterCommit', () => {
  it('runs at the commit, after the rows are visible to every connection', async () => {
    const { ran, work, visibility } = recorder();
    await db.transaction(async (tx) => {
      await mark(tx, 'committed');
      afterCommit(tx, work('committed'));
      expect(ran).toEqual([]);
    });
    expect(ran).toEqual(['committed']);
    expect(await visibility()).toEqual([{ mark: 'committed', visible: true }]);
  });

  it('never runs for a transaction that rolls back', async () => {
    const { ran, work } = recorder();
    await expect(
      db.transaction(async (tx) => {
        await mark(tx, 'rolled-back');
        afterCommit(tx, work('rolled-back'));
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(ran).toEqual([]);
  });

  it('runs at once on the database itself, where each statement commits on its own', () => {
    const { ran, work } = recorder();
    afterCommit(db, work('autocommit'));
    expect(ran).toEqual(['autocommit']);
  });

  it('refuses a transaction of a database that does not track commits', async () => {
    if (database.kind !== 'pglite') return;
    const untracked = drizzle({ client: database.client }) as unknown as Database;
    await expect(untracked.transaction(async (tx) => afterCommit(tx, () => {}))).rejects.toThrow(/trackCommits/);
  });

  it('keeps a released savepoint’s work for the outer commit, and drops a rolled-back one’s', async () => {
    const { ran, work } = recorder();
    await db.transaction(async (tx) => {
      await tx.transaction(async (savepoint) => {
        afterCommit(savepoint, work('released'));
      });
      await tx
        .transaction(async (savepoint) => {
          afterCommit(savepoint, work('rolled back to'));
          throw new Error('inner refusal');
        })
        .catch(() => undefined);
      expect(ran).toEqual([]);
    });
    expect(ran).toEqual(['released']);
  });

  /** A transaction's steps: queue work, open a savepoint with steps of its own, and how each level ends. */
  type Level = { steps: Step[]; commits: boolean };
  type Step = { work: true } | { savepoint: Level };
  const level: fc.Memo<Level> = fc.memo((depth) =>
    fc.record({
      steps: fc.array(
        depth > 1
          ? fc.oneof(
              fc.constant<Step>({ work: true }),
              level(depth - 1).map((l): Step => ({ savepoint: l })),
            )
          : fc.constant<Step>({ work: true }),
        { maxLength: 4 },
      ),
      commits: fc.boolean(),
    }),
  );

  it('runs exactly the work whose transaction and every enclosing savepoint committed, after the commit', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(level(3), async (outer) => {
        run += 1;
        const { ran, work, visibility } = recorder();
        const expected: string[] = [];
        let next = 0;
        const play = async (executor: Executor, steps: Step[], chainCommits: boolean) => {
          for (const step of steps) {
            if ('work' in step) {
              const id = `${run}-${next++}`;
              await mark(executor, id);
              afterCommit(executor, work(id));
              if (chainCommits) expected.push(id);
            } else {
              const inner = step.savepoint;
              await (executor as Database)
                .transaction(async (savepoint) => {
                  await play(savepoint, inner.steps, chainCommits && inner.commits);
                  if (!inner.commits) throw new Error('savepoint rolled back');
                })
                .catch((error: Error) => {
                  if (error.message !== 'savepoint rolled back') throw error;
                });
            }
          }
        };
        await db
          .transaction(async (tx) => {
            await play(tx, outer.steps, outer.commits);
            expect(ran).toEqual([]);
            if (!outer.commits) throw new Error('rolled back');
          })
          .catch((error: Error) => {
            if (error.message !== 'rolled back') throw error;
          });
        expect(ran).toEqual(expected);
        for (const seen of await visibility()) expect(seen.visible).toBe(true);
      }),
      { numRuns: 60 },
    );
  });
});
