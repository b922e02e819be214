import { sql, type Placeholder } from 'drizzle-orm';
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
  ): { execute(values: Record<string, unknown>): Promise<unknown[]>; joinsNotNullableMap?: unknown };
};

/**
 * A select drizzle's builder writes once and runs with new values on any executor, the database or a transaction.
 * The builder writes its statement anew on every run, identifying each column and condition with a chain of class
 * checks: 70–130 µs of CPU for each read of the instant quote, which makes several on every request
 * (docs/decisions.md, "Statements the instant quote builds"). Here the values are named placeholders (`value('email')`)
 * and the statement, its parameters' encoders and its columns' decoders are kept from the first run; each run fills in
 * the values and reads the rows back as the builder's own run does. Rows, types and encoding are the builder's;
 * `tests/server/reusable-select.test.ts` checks they read the same as the builder's run.
 *
 * The build function must give the same statement every time: everything that varies is a placeholder. Its values
 * are typed by its second parameter (`value: ValueOf<{ email: string }>`), its rows by the select.
 */
export function reusableSelect<Values extends Record<string, unknown>, Row>(
  build: (db: Executor, value: ValueOf<Values>) => SelectQuery<Row>,
): (db: Executor, values: Values) => Promise<Row[]> {
  let written: Written | undefined;
  return (db, values) => {
    written ??= build(db, (name) => sql.placeholder(name)).prepare() as unknown as Written;
    const session = db._.session as unknown as Session;
    const query = session.prepareQuery(
      { sql: written.queryString, params: written.params },
      written.fields,
      undefined,
      true,
    );
    query.joinsNotNullableMap = written.joinsNotNullableMap;
    return query.execute(values) as Promise<Row[]>;
  };
}
