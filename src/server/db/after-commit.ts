import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Database, Executor, Transaction } from './client';

/** Work that waits for a commit; it is given the database, to run statements of its own outside the transaction. */
export type AfterCommit = (db: Database) => void;

/** The work each open transaction (or savepoint) of a tracked database has waiting for its commit. */
const waiting = new WeakMap<Executor, AfterCommit[]>();

/**
 * Runs `work` once what `executor` has written is committed: at once on the database itself (every statement there
 * commits on its own), at the commit of a transaction, and never if the transaction rolls back. Inside a savepoint
 * (`tx.transaction`) the work joins the enclosing transaction when the savepoint is released and is dropped when it
 * rolls back. The work must not throw: the transaction has committed by the time it runs (docs/architecture.md,
 * "Live notifications").
 */
export function afterCommit(executor: Executor, work: AfterCommit): void {
  const queue = waiting.get(executor);
  if (queue) {
    queue.push(work);
    return;
  }
  if (executor instanceof PgTransaction) {
    throw new Error('afterCommit: the transaction belongs to a database that does not track commits (trackCommits)');
  }
  work(executor as Database);
}

/** Runs each piece of work; one that throws all the same is reported without keeping the others from running. */
function runAll(queue: AfterCommit[], db: Database): void {
  for (const work of queue) {
    try {
      work(db);
    } catch (error) {
      process.emitWarning(`work after a commit failed: ${String(error)}`);
    }
  }
}

type TransactionRunner = <T>(run: (tx: Transaction) => Promise<T>, config?: unknown) => Promise<T>;

/** Gives the transaction, and every savepoint opened in it, a queue of work for the outer commit. */
function track(tx: Transaction, queue: AfterCommit[]): void {
  waiting.set(tx, queue);
  const savepoint = (tx.transaction as TransactionRunner).bind(tx);
  (tx as { transaction: TransactionRunner }).transaction = async (run, config) => {
    const inner: AfterCommit[] = [];
    const result = await savepoint((nested) => {
      track(nested, inner);
      return run(nested);
    }, config);
    queue.push(...inner);
    return result;
  };
}

/**
 * The database with `afterCommit` working on its transactions: `db.transaction` runs the work its transaction (and
 * released savepoints) queued once the commit has been answered, before the caller goes on.
 */
export function trackCommits(db: Database): Database {
  const transaction = (db.transaction as TransactionRunner).bind(db);
  (db as { transaction: TransactionRunner }).transaction = async (run, config) => {
    const queue: AfterCommit[] = [];
    const result = await transaction((tx) => {
      track(tx, queue);
      return run(tx);
    }, config);
    runAll(queue, db);
    return result;
  };
  return db;
}
