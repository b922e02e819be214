import { getTableColumns, getTableName, is, Param, Placeholder, SQL, StringChunk } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client';

/**
 * `insert into <table> (<the columns given>) values (…), (…)`: drizzle's typing of the rows and its encoding of each
 * value (the column's `mapToDriverValue`, as its builder does), without its builder. The builder names every column
 * of the table and wraps every value in objects its SQL writer then identifies one by one, which costs about 0.2 ms
 * for a bookings row on the server's CPU (docs/decisions.md, "Statements the instant quote builds"); this writes the
 * same statement in about a tenth of that. Columns no row gives take the database's default; a row without a column
 * another row gives writes `default` there. With `onlyIf`, the one row is written only when that condition holds
 * (`insert … select … where`). A value may be a named placeholder (`reusableStatement`), encoded by its column when
 * filled in. Defaults made in JavaScript (`$defaultFn`) are the builder's alone: the schema has
 * none, and a table that gains one is refused here rather than written without.
 *
 * For the rows the instant quote writes on every request (the booking, its e-mail, WhatsApp message, alert,
 * analytics and audit rows); everywhere else drizzle's builder reads better and costs nothing that matters.
 */
export function insertRowsSql<T extends PgTable>(
  table: T,
  typedRows: readonly WithPlaceholders<T['$inferInsert']>[],
  options: { onlyIf?: SQL } = {},
): SQL {
  const { name, columns } = shapeOf(table);
  const rows = typedRows as readonly Record<string, unknown>[];
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row).filter((key) => row[key] !== undefined)))];
  const unknown = keys.find((key) => !columns[key]);
  if (unknown) throw new Error(`${name} has no column ${unknown}`);
  if (keys.length === 0) throw new Error(`A row for ${name} needs at least one column`);
  const names = keys.map((key) => quoteName(columns[key]!.name)).join(', ');
  if (options.onlyIf && rows.length !== 1) throw new Error('A conditional insert writes one row');
  // Structure as plain text chunks and values as bare parameters: the two kinds drizzle's writer places at once.
  const chunks: unknown[] = [new StringChunk(`insert into ${quoteName(name)} (${names}) `)];
  rows.forEach((row, r) => {
    chunks.push(new StringChunk(options.onlyIf ? 'select ' : r === 0 ? 'values (' : ', ('));
    keys.forEach((key, k) => {
      if (k > 0) chunks.push(new StringChunk(', '));
      const value = row[key];
      if (value === undefined) chunks.push(new StringChunk('default'));
      else if (is(value, Placeholder)) chunks.push(new Param(value, columns[key]));
      else chunks.push(value === null ? null : columns[key]!.mapToDriverValue(value));
    });
    if (!options.onlyIf) chunks.push(new StringChunk(')'));
  });
  if (options.onlyIf) chunks.push(new StringChunk(' where '), options.onlyIf);
  return new SQL(chunks as SQL['queryChunks']);
}

/** A row whose values may be named placeholders (`reusableStatement`), encoded by their column when filled in. */
type WithPlaceholders<Row> = { [K in keyof Row]: Row[K] | Placeholder };

/** Writes the rows (`insertRowsSql`) on the caller's executor; none writes nothing. */
export async function insertRows<T extends PgTable>(
  db: Executor,
  table: T,
  rows: readonly T['$inferInsert'][],
): Promise<void> {
  if (rows.length > 0) await db.execute(insertRowsSql(table, rows));
}

/** An identifier as PostgreSQL quotes it (the schema's own table and column names, never input). */
function quoteName(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

type Shape = { name: string; columns: Readonly<Record<string, PgColumn>> };
const shapes = new WeakMap<PgTable, Shape>();

/** A table's name and columns by property, read once per table (the schema does not change while the app runs). */
function shapeOf(table: PgTable): Shape {
  let shape = shapes.get(table);
  if (!shape) {
    const columns = getTableColumns(table) as Record<string, PgColumn>;
    if (Object.values(columns).some((column) => column.defaultFn || column.onUpdateFn)) {
      throw new Error(`${getTableName(table)} has defaults made in JavaScript: insert it with drizzle's builder`);
    }
    shape = { name: getTableName(table), columns };
    shapes.set(table, shape);
  }
  return shape;
}
