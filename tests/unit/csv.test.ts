import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvFileName, FORMULA_TRIGGER, neutralizeFormula, toCsv, type CsvRow } from '../../src/shared/csv';

/** The characters that break naive CSV writers or spreadsheets, plus Hindi and the rupee sign. */
const TRICKY = [
  ',',
  '"',
  '""',
  '\n',
  '\r',
  '\r\n',
  ';',
  "'",
  '=',
  '+',
  '-',
  '@',
  '\t',
  ' ',
  'a',
  'Z',
  '7',
  '{',
  '}',
  'क',
  'ि',
  'ष्',
  'ा',
  '₹',
  'नमस्ते',
  '🎉',
];

const trickyText = fc.oneof(
  fc.string({ unit: fc.constantFrom(...TRICKY), maxLength: 12 }),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.constantFrom('=SUM(A1:A9)', '+91 98260 12345', '-2+3', '@cmd', '\t=1', '\r=1', '=1\n+2', "'=already quoted"),
);

const cellValue = fc.oneof(
  { weight: 6, arbitrary: trickyText },
  { weight: 1, arbitrary: fc.integer({ min: -1_000_000, max: 1_000_000 }) },
  { weight: 1, arbitrary: fc.constant(null) },
  {
    weight: 1,
    arbitrary: fc.record({ ip_address: trickyText, device: fc.constantFrom('mobile', 'desktop', null) }),
  },
);

const COLUMNS = ['customer_name', 'email', 'phone', 'notes', 'extra'] as const;
const rowsArbitrary = fc.array(
  fc.record(
    Object.fromEntries(COLUMNS.map((column) => [column, cellValue])) as Record<
      (typeof COLUMNS)[number],
      fc.Arbitrary<unknown>
    >,
  ),
  { minLength: 1, maxLength: 8 },
);

/** What a cell must read as after a round trip, by the documented rules. */
function expectedCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'object') return JSON.stringify(value).replace(/,/g, ';');
  return neutralizeFormula(String(value));
}

function parseCsv(text: string): string[][] {
  expect(text.startsWith(CSV_BOM)).toBe(true);
  const parsed = Papa.parse<string[]>(text.slice(CSV_BOM.length), { newline: '\r\n' });
  expect(parsed.errors).toEqual([]);
  return parsed.data;
}

/**
 * How Excel reads a cell of a CSV file (and LibreOffice and Google Sheets alike): a leading =, +, - or @ starts a
 * formula, a number is a number, anything else is text shown as written (a leading ' included).
 */
function spreadsheetReads(cell: string): { formula: string } | { number: number } | { text: string } {
  if (/^[=+\-@]/.test(cell) && !/^-?\d+(\.\d+)?$/.test(cell)) return { formula: cell };
  if (/^-?\d+(\.\d+)?$/.test(cell)) return { number: Number(cell) };
  return { text: cell };
}

describe('phone numbers in a spreadsheet', () => {
  it('read as the number to dial, not as a formula and not behind an apostrophe', () => {
    const rows = ['+919826012345', '+91 98260 12345', '+91-98260-12345'].map((phone) => ({
      customer_name: 'Asha',
      phone,
    }));
    const [, ...cells] = parseCsv(toCsv(rows));
    for (const [, phone] of cells) expect(spreadsheetReads(phone!)).toEqual({ text: '(+91) 98260 12345' });
  });

  it('never turns a value into a formula, phone-like or not', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          trickyText,
          fc.constantFrom('+91 98260 12345+SUM(A1)', '+91 98260 1234', '+9198260123456', '+1 555 0100'),
        ),
        (text) => {
          const [, [cell]] = parseCsv(toCsv([{ value: text, other: 'x' }])) as [string[], string[]];
          expect(spreadsheetReads(cell!)).not.toHaveProperty('formula');
        },
      ),
    );
  });
});

describe('toCsv', () => {
  it('round-trips any text through papaparse: every value comes back, formula triggers neutralized', () => {
    fc.assert(
      fc.property(rowsArbitrary, (rows) => {
        const text = toCsv(rows as CsvRow[]);
        const [header, ...body] = parseCsv(text);
        expect(header).toEqual([...COLUMNS]);
        expect(body).toEqual(rows.map((row) => COLUMNS.map((column) => expectedCell(row[column]))));
        for (const [index, row] of rows.entries()) {
          for (const [col, column] of COLUMNS.entries()) {
            const value = row[column];
            const cell = body[index]![col]!;
            if (typeof value === 'string') {
              // The only changes to text: one leading apostrophe, only before a formula trigger, and an Indian
              // mobile number written as (+91) 98260 12345.
              expect(FORMULA_TRIGGER.test(cell)).toBe(false);
              const phone = /^\+91[\s-]?(\d{5})[\s-]?(\d{5})$/.exec(value);
              expect(
                cell === value || cell === `'${value}` || (phone !== null && cell === `(+91) ${phone[1]} ${phone[2]}`),
              ).toBe(true);
            }
          }
        }
      }),
      { numRuns: 400 },
    );
  });

  it('quotes every cell, starts with the UTF-8 BOM and uses CRLF line ends', () => {
    const text = toCsv([{ name: 'Priya', guests: 250, city: null }]);
    expect(text).toBe(`${CSV_BOM}"name","guests","city"\r\n"Priya","250",""`);
    expect(new TextEncoder().encode(text).slice(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
  });

  it('omits the analytics column and writes other nested values as JSON with semicolons for commas', () => {
    const text = toCsv([
      { business_name: 'Swaad Sagar', services: ['Thali', 'Chaat'], analytics: { ip_address: '203.0.113.9' } },
    ]);
    const [header, row] = parseCsv(text);
    expect(header).toEqual(['business_name', 'services']);
    expect(row).toEqual(['Swaad Sagar', '["Thali";"Chaat"]']);
  });

  it('neutralizes spreadsheet formulas, even when the value spans lines', () => {
    const [, row] = parseCsv(
      toCsv([{ a: '=HYPERLINK("http://x")', b: '+91 98260 12345', c: '=1\n=2', d: 'safe = fine', e: -5 }]),
    );
    expect(row).toEqual(['\'=HYPERLINK("http://x")', '(+91) 98260 12345', "'=1\n=2", 'safe = fine', '-5']);
  });

  it('keeps Devanagari and the rupee sign intact', () => {
    const [, row] = parseCsv(toCsv([{ name: 'प्रिया शर्मा', amount: '₹1,23,450' }]));
    expect(row).toEqual(['प्रिया शर्मा', '₹1,23,450']);
  });

  it('takes its columns from every row, in the order first seen', () => {
    const [header, first, second] = parseCsv(toCsv([{ a: 1 }, { b: 2, a: 3 }]));
    expect(header).toEqual(['a', 'b']);
    expect(first).toEqual(['1', '']);
    expect(second).toEqual(['3', '2']);
  });
});

describe('csvFileName', () => {
  it('names the file after the report and the date in India (YYYY-MM-DD)', () => {
    expect(csvFileName('customer-reports', new Date('2027-03-05T06:00:00Z'))).toBe('customer-reports-2027-03-05.csv');
    // 20:00 UTC is already the next morning in India.
    expect(csvFileName('vendor-reports', new Date('2027-03-05T20:00:00Z'))).toBe('vendor-reports-2027-03-06.csv');
  });

  it('always has the <report>-YYYY-MM-DD.csv shape', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }),
        (date) => {
          expect(csvFileName('customer-reports', date)).toMatch(
            /^customer-reports-\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])\.csv$/,
          );
        },
      ),
    );
  });
});
