import { QueryPromise, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Executor } from './client';

/** The named placeholders of a reusable select, one per key of its values (`value('email')`). */
export type ValueOf<Values> = (name: keyof Values & string) => Placeholder;

/** A select as drizzle's builder gives it, before it runs: what `reusableSelect` asks for. */
type SelectQuery<Row> = { prepare(name?: string): { execute(values?: Record<string, unknown>): Promise<Row[]> } };

/** What drizzle's prepared query keeps of the statement it wrote (the same on postgres.js and PGlite). */
type Written = {
  queryString: string;
  params: unknown[];
  fields: unknown;
  joinsNotNullableMap?: unknown;
};

/** The part of drizzle's session that turns a written statement into one that runs on its connection. */
type Session = {
  prepareQuery(
    query: { sql: string; params: unknown[] },
    fields: unknown,
    name: undefined,
    isResponseInArrayMode: boolean,
  ): { execute(values: Record<string, unknown>): Promise<unknown>; joinsNotNullableMap?: unknown };
};

const sessionOf = (db: Executor) => db._.session as unknown as Session;

/**
 * A select drizzle's builder writes once and runs with new values on any executor, the database or a transaction.
 * The builder writes its statement anew on every run, identifying each column and condition with a chain of class
 * checks: 70–130 µs of CPU for each read of the instant quote, which makes several on every request
 * (docs/decisions.md, "Statements the instant quote builds"). Here the values are named placeholders (`value('email')`)
 * and the statement, its parameters' encoders and its columns' decoders are kept from the first run; each run fills in
 * the values and reads the rows back as the builder's own run does. Rows, types and encoding are the builder's;
 * `tests/server/reusable-statements.test.ts` checks they read the same as the builder's run.
 *
 * The build function must give the same statement every time: everything that varies is a placeholder. Its values
 * are typed by its second parameter (`value: ValueOf<{ email: string }>`), its rows by the select.
 */
export function reusableSelect<Values extends Record<string, unknown>, Row>(
  build: (db: Executor, value: ValueOf<Values>) => SelectQuery<Row>,
): (db: Executor, values: Values) => Promise<Row[]> {
  let written: Written | undefined;
  return (db, values) =>
    new RunWhenAwaited(() => {
      written ??= build(db, (name) => sql.placeholder(name)).prepare() as unknown as Written;
      const query = sessionOf(db).prepareQuery(
        { sql: written.queryString, params: written.params },
        written.fields,
        undefined,
        true,
      );
      query.joinsNotNullableMap = written.joinsNotNullableMap;
      return query.execute(values) as Promise<Row[]>;
    });
}

/**
 * A statement that runs when awaited, as drizzle's own queries do (they are the same kind of promise). The statements
 * of one transaction go out in the order they are awaited because each reaches the driver the same number of steps
 * after its await; the instant quote relies on it to send its reads behind its locks and its rows behind the booking
 * they reference without waiting for answers (docs/decisions.md, "Statements the instant quote builds"). A statement
 * run at once, when called, would overtake the ones awaited just before it.
 */
class RunWhenAwaited<T> extends QueryPromise<T> {
  constructor(private readonly run: () => Promise<T>) {
    super();
  }

  override execute(): Promise<T> {
    return this.run();
  }
}

/** drizzle's SQL writer, as every database object of the app has it (no naming options). */
const dialect = new PgDialect();

/**
 * `reusableSelect` for a statement written with drizzle's `sql` (an insert that selects, a data-modifying `with`):
 * written once with named placeholders, run with new values. The answer is the driver's, as `db.execute` gives it
 * (read its rows with `rowsOf`).
 */
export function reusableStatement<Values extends Record<string, unknown>>(
  build: (value: ValueOf<Values>) => SQL,
): (db: Executor, values: Values) => Promise<unknown> {
  let written: { sql: string; params: unknown[] } | undefined;
  return (db, values) =>
    new RunWhenAwaited(() => {
      written ??= dialect.sqlToQuery(build((name) => sql.placeholder(name)));
      return sessionOf(db).prepareQuery(written, undefined, undefined, false).execute(values);
    });
}
