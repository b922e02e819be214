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

/**
 * Gives every transaction `executor.transaction` opens (a savepoint, when the executor is itself a transaction) a
 * queue of its own, and hands the queue to `succeeded` once the transaction has succeeded: a savepoint's joins its
 * parent's, the outermost one's runs. A transaction that fails drops its queue.
 */
function queueWork(executor: Executor, succeeded: (queue: AfterCommit[]) => void): void {
  const open = (executor.transaction as TransactionRunner).bind(executor);
  (executor as { transaction: TransactionRunner }).transaction = async (run, config) => {
    const queue: AfterCommit[] = [];
    const result = await open((tx) => {
      waiting.set(tx, queue);
      queueWork(tx, (released) => queue.push(...released));
      return run(tx);
    }, config);
    succeeded(queue);
    return result;
  };
}

/**
 * The database with `afterCommit` working on its transactions: `db.transaction` runs the work its transaction (and
 * released savepoints) queued once the commit has been answered, before the caller goes on.
 */
export function trackCommits(db: Database): Database {
  queueWork(db, (queue) => runAll(queue, db));
  return db;
}
