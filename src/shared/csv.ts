import Papa from 'papaparse';
import { todayInIndia } from './dates';

/*
 * The CSV files the admin downloads (docs/api.md, CSV export): written the same way whether the browser builds the
 * file (Reports) or the server sends it (Receivables, Collections), so every export is formula-safe alike.
 */

/** UTF-8 byte order mark: without it Excel reads the file as Windows-1252 and shows ₹ and Hindi names as junk. */
export const CSV_BOM = '\uFEFF';

/**
 * Characters that make a spreadsheet read a cell as a formula (OWASP "CSV injection"). papaparse's own default
 * pattern ends in `.*$`, which does not match a value with a line break after the trigger, so ours checks the first
 * character only.
 */
export const FORMULA_TRIGGER = /^[=+\-@\t\r]/;

export type CsvRow = Readonly<Record<string, unknown>>;

/**
 * One value as written (docs/api.md): nothing for null, nested objects as JSON with commas turned into
 * semicolons, numbers and booleans as they are (a number cannot carry a formula, and -5 stays a number), anything
 * else as text.
 */
export function csvValue(value: unknown): string | number | boolean {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'object') return JSON.stringify(value).replace(/,/g, ';');
  return phoneForSpreadsheet(String(value));
}

/** An Indian mobile number as stored (+91XXXXXXXXXX) or typed with spaces or dashes after the +91. */
const INDIAN_PHONE = /^\+91[\s-]?([6-9]\d{4})[\s-]?(\d{5})$/;

/**
 * What a text cell reads as once written: a leading formula trigger gets a `'` in front, which a spreadsheet shows
 * as it is. A phone number is the one common value that starts with a trigger, and `'+91…` in every row is what
 * an admin would see; it is written as `(+91) 98260 12345` instead, which no spreadsheet reads as a formula or a
 * number and which is still the number to dial (docs/decisions.md, CSV phones).
 */
function phoneForSpreadsheet(text: string): string {
  const phone = INDIAN_PHONE.exec(text);
  return phone ? `(+91) ${phone[1]} ${phone[2]}` : text;
}

/** The documented rule for a text cell, as toCsv applies it (papaparse adds the `'`). */
export function neutralizeFormula(text: string): string {
  const written = phoneForSpreadsheet(text);
  return FORMULA_TRIGGER.test(written) ? `'${written}` : written;
}

/**
 * A whole CSV file (docs/api.md): a header row of the rows' keys without the omitted columns (the
 * analytics object by default), every cell quoted, formula triggers neutralized in text cells, CRLF line ends, and
 * the UTF-8 BOM in front. Columns are the keys of all rows, in the order first seen, unless `columns` names them
 * (then a file with no rows still has its header).
 */
export function toCsv(
  rows: readonly CsvRow[],
  { omit = ['analytics'], columns: fixed }: { omit?: readonly string[]; columns?: readonly string[] } = {},
): string {
  const columns: string[] = fixed ? [...fixed] : [];
  if (!fixed) {
    for (const row of rows) {
      for (const key of Object.keys(row)) if (!omit.includes(key) && !columns.includes(key)) columns.push(key);
    }
  }
  const data = rows.map((row) => columns.map((column) => csvValue(row[column])));
  return (
    CSV_BOM +
    Papa.unparse({ fields: columns, data }, { quotes: true, escapeFormulae: FORMULA_TRIGGER, newline: '\r\n' })
  );
}

/** `customer-reports-2027-03-05.csv`: the report's name and today's date in India (docs/product.md#screens). */
export function csvFileName(report: string, now: Date = new Date()): string {
  return `${report}-${todayInIndia(now)}.csv`;
}
