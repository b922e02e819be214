import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GstDocumentRow } from '../../src/server/modules/gst/gst-documents.service';
import { buildGstr1, invoiceClass } from '../../src/server/modules/gst/gstr1';
import { isoDateInIndia } from '../../src/shared/dates';
import {
  apportionSplit,
  financialYearOf,
  gstDocumentNumber,
  GST_NUMBER_PATTERN,
  isIntraState,
  placeOfSupply,
  rateOn,
  splitInclusive,
  stateForCity,
  stateLabel,
  taxOn,
  venueStateOf,
  DEFAULT_GST_RATES,
  GST_STATE_CODES,
  GST_STATES,
  type GstDocumentKind,
} from '../../src/shared/gst';

describe('place of supply and the tax heads (IGST Act s.12)', () => {
  const HOME = '23';
  it('catering follows the venue; event organisation follows a registered customer, else the venue', () => {
    // The brief's table: consumer in Indore, consumer in Mumbai, Delhi company in Indore, Delhi company in Mumbai.
    expect(placeOfSupply('catering', '23', null)).toBe('23');
    expect(placeOfSupply('event_organisation', '23', null)).toBe('23');
    expect(placeOfSupply('catering', '27', null)).toBe('27');
    expect(placeOfSupply('event_organisation', '27', null)).toBe('27');
    expect(placeOfSupply('catering', '23', '07AABCD5678E1Z1')).toBe('23');
    expect(placeOfSupply('event_organisation', '23', '07AABCD5678E1Z1')).toBe('07');
    expect(placeOfSupply('catering', '27', '07AABCD5678E1Z1')).toBe('27');
    expect(placeOfSupply('event_organisation', '27', '07AABCD5678E1Z1')).toBe('07');
  });

  it('CGST + SGST inside Madhya Pradesh, IGST outside, and IGST when the state is unknown (rule 50)', () => {
    expect(isIntraState(HOME, '23')).toBe(true);
    expect(isIntraState(HOME, '27')).toBe(false);
    expect(isIntraState(HOME, null)).toBe(false);
    expect(stateForCity(' indore ')).toBe('23');
    expect(stateForCity('Mumbai')).toBe('27');
    expect(stateForCity('Khandala Hills')).toBeNull();
    expect(venueStateOf({ venueStateCode: null, city: 'Khandala Hills' })).toBeNull();
    expect(venueStateOf({ venueStateCode: '27', city: 'Indore' })).toBe('27');
    expect(stateLabel('23')).toBe('23-Madhya Pradesh');
  });

  it('₹999 at 5% inside the state splits exactly as the brief works it: 951.42 + 23.79 + 23.79', () => {
    expect(splitInclusive(999_00, 5, true)).toEqual({
      taxable_paise: 951_42,
      cgst_paise: 23_79,
      sgst_paise: 23_79,
      igst_paise: 0,
      round_off_paise: 0,
      total_paise: 999_00,
    });
    // At 18% no split totals ₹999: the round-off line carries the paisa.
    const at18 = splitInclusive(999_00, 18, true);
    expect(at18.taxable_paise + at18.cgst_paise + at18.sgst_paise + at18.round_off_paise).toBe(999_00);
    expect(Math.abs(at18.round_off_paise)).toBeLessThanOrEqual(1);
  });

  it('any amount at any rate: the parts sum to the amount, each head is rate × taxable to the paisa', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50_00_00_000 }),
        fc.constantFrom(0, 5, 12, 18, 28, 2.5, 0.25),
        fc.boolean(),
        (gross, rate, intra) => {
          const split = splitInclusive(gross, rate, intra);
          expect(
            split.taxable_paise + split.cgst_paise + split.sgst_paise + split.igst_paise + split.round_off_paise,
          ).toBe(gross);
          const heads = taxOn(split.taxable_paise, rate, intra);
          expect(heads).toMatchObject({
            cgst_paise: split.cgst_paise,
            sgst_paise: split.sgst_paise,
            igst_paise: split.igst_paise,
          });
          if (intra) expect(split.igst_paise).toBe(0);
          else expect(split.cgst_paise + split.sgst_paise).toBe(0);
          // The round-off stays under a rupee (rule 46 allows it), in practice a paisa or two.
          expect(Math.abs(split.round_off_paise)).toBeLessThanOrEqual(2);
        },
      ),
    );
  });
});

describe('the list of states', () => {
  it('holds every state once, by name: Andaman and Nicobar Islands first, West Bengal last, Delhi among the Ds', () => {
    expect([...GST_STATE_CODES].sort()).toEqual(Object.keys(GST_STATES).sort());
    const names = GST_STATE_CODES.map((code) => GST_STATES[code]!);
    expect(names[0]).toBe('Andaman and Nicobar Islands');
    expect(names.at(-1)).toBe('West Bengal');
    expect(names.indexOf('Delhi')).toBe(names.indexOf('Dadra and Nagar Haveli and Daman and Diu') + 1);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en-IN')));
  });
});

describe('the financial year and the numbers (rule 46(b))', () => {
  it('rolls over on 1 April in India time, not in UTC', () => {
    // 31 March 2027 23:59 IST is 18:29 UTC; 1 April 00:10 IST is 31 March 18:40 UTC.
    expect(financialYearOf(isoDateInIndia(new Date('2027-03-31T18:29:00Z')))).toBe(2026);
    expect(financialYearOf(isoDateInIndia(new Date('2027-03-31T18:40:00Z')))).toBe(2027);
    expect(financialYearOf('2026-04-01')).toBe(2026);
    expect(financialYearOf('2027-01-15')).toBe(2026);
  });

  it('a series per kind and year; at most 16 characters of letters, digits, - and /', () => {
    expect(gstDocumentNumber('tax_invoice', 2026, 1)).toBe('INV/26-27/00001');
    expect(gstDocumentNumber('receipt_voucher', 2026, 42)).toBe('RV/26-27/00042');
    expect(gstDocumentNumber('credit_note', 2099, 123_456)).toBe('CN/99-00/123456');
    fc.assert(
      fc.property(
        fc.constantFrom<GstDocumentKind>(
          'receipt_voucher',
          'tax_invoice',
          'refund_voucher',
          'credit_note',
          'debit_note',
        ),
        fc.integer({ min: 2017, max: 2099 }),
        fc.integer({ min: 1, max: 999_999 }),
        (kind, year, serial) => {
          const number = gstDocumentNumber(kind, year, serial);
          expect(number.length).toBeLessThanOrEqual(16);
          expect(number).toMatch(GST_NUMBER_PATTERN);
        },
      ),
    );
  });

  it('the rate in force on a day is the latest row started by then', () => {
    const rates = [
      ...DEFAULT_GST_RATES,
      { ...DEFAULT_GST_RATES[0]!, rate_percent: 5, itc: false, effective_from: '2027-01-01' },
    ];
    expect(rateOn(rates, '996334', '2026-12-31')!.rate_percent).toBe(18);
    expect(rateOn(rates, '996334', '2027-01-01')).toMatchObject({ rate_percent: 5, itc: false });
    expect(rateOn(rates, '998596', '2027-06-01')!.rate_percent).toBe(18);
    expect(rateOn(rates, '996334', '2017-06-30')).toBeNull();
  });
});

describe('a document shared out over its lines', () => {
  it('every line is whole paise and the lines add up to the document head by head (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50_00_000_00 }),
        fc.constantFrom(5, 12, 18, 28),
        fc.boolean(),
        fc.array(fc.integer({ min: 0, max: 20_00_000_00 }), { minLength: 1, maxLength: 8 }),
        (gross, rate, intra, weights) => {
          fc.pre(weights.some((w) => w > 0));
          const split = splitInclusive(gross, rate, intra);
          const lines = apportionSplit(split, weights);
          for (const key of ['taxable_paise', 'cgst_paise', 'sgst_paise', 'igst_paise', 'round_off_paise'] as const) {
            expect(lines.reduce((acc, line) => acc + line[key], 0)).toBe(split[key]);
          }
          expect(lines.reduce((acc, line) => acc + line.total_paise, 0)).toBe(gross);
          lines.forEach((line, i) => {
            if (weights[i] === 0) expect(line.total_paise).toBe(0);
            expect(Number.isInteger(line.taxable_paise)).toBe(true);
          });
        },
      ),
      { numRuns: 300 },
    );
  });
});

// --- GSTR-1 totals equal the documents, to the paisa (property) ---------------------------------------------------

const MONTH = { from: '2026-11-01', to: '2026-11-30' };
let seq = 0;

function doc(
  kind: GstDocumentKind,
  gross: number,
  options: { rate: number; pos: string; gstin: string | null; date: string; references?: GstDocumentRow['references'] },
): GstDocumentRow {
  seq += 1;
  const intra = options.pos === '23';
  const split = splitInclusive(gross, options.rate, intra);
  return {
    id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    kind,
    financialYear: 2026,
    serial: seq,
    number: gstDocumentNumber(kind, 2026, seq),
    bookingId: '00000000-0000-4000-8000-000000000000',
    subscriptionId: null,
    issueDate: options.date,
    supplier: {} as GstDocumentRow['supplier'],
    recipient: {
      name: 'Client',
      company_name: options.gstin ? 'Company' : null,
      gstin: options.gstin,
      address: null,
      state_code: options.pos,
      email: 'c@example.in',
    },
    placeOfSupply: options.pos,
    intraState: intra,
    sac: '996334',
    serviceKind: 'catering',
    description: 'Catering',
    ratePercent: options.rate,
    itc: true,
    taxablePaise: split.taxable_paise,
    cgstPaise: split.cgst_paise,
    sgstPaise: split.sgst_paise,
    igstPaise: split.igst_paise,
    roundOffPaise: split.round_off_paise,
    totalPaise: split.total_paise,
    advanceAdjustedPaise: 0,
    references: options.references ?? [],
    lines: [],
    ledgerPaymentId: null,
    refundId: null,
    reason: null,
    issuedBy: null,
    createdAt: new Date(),
    issuedAt: new Date(),
  };
}

const rupeesToPaise = (value: unknown) => Math.round(Number(value) * 100);
const sumColumn = (rows: Record<string, string | number>[], column: string) =>
  rows.reduce((acc, row) => acc + rupeesToPaise(row[column]), 0);

describe('GSTR-1 tables from the documents issued in a month', () => {
  it('every table adds up to the documents it covers, to the paisa, whatever the mix', () => {
    const bookingArb = fc.record({
      gross: fc.integer({ min: 100, max: 5_00_000_00 }),
      rate: fc.constantFrom(5, 18),
      pos: fc.constantFrom('23', '27', '07'),
      gstin: fc.option(fc.constant('07AABCD5678E1Z1'), { nil: null }),
      advances: fc.array(fc.integer({ min: 100, max: 50_000_00 }), { maxLength: 3 }),
      advanceEarlier: fc.boolean(),
      invoiced: fc.boolean(),
      credit: fc.integer({ min: 0, max: 100 }),
      debit: fc.integer({ min: 0, max: 100 }),
      refundShare: fc.integer({ min: 0, max: 100 }),
    });
    fc.assert(
      fc.property(fc.array(bookingArb, { minLength: 1, maxLength: 12 }), (bookings) => {
        const documents: GstDocumentRow[] = [];
        const referenced = new Map<string, GstDocumentRow>();
        for (const b of bookings) {
          const options = { rate: b.rate, pos: b.pos, gstin: b.gstin };
          const vouchers = b.advances.map((amount) =>
            doc('receipt_voucher', amount, { ...options, date: b.advanceEarlier ? '2026-10-20' : '2026-11-03' }),
          );
          for (const v of vouchers) {
            if (b.advanceEarlier) referenced.set(v.id, v);
            else documents.push(v);
          }
          if (b.invoiced) {
            const refs = vouchers.map((v) => ({
              id: v.id,
              kind: v.kind,
              number: v.number,
              issue_date: v.issueDate,
              total_paise: v.totalPaise,
              applied_paise: Math.min(v.totalPaise, b.gross),
            }));
            const invoice = doc('tax_invoice', b.gross, { ...options, date: '2026-11-20', references: refs });
            documents.push(invoice);
            const debit = Math.floor((b.gross * b.debit) / 100);
            if (debit > 0) {
              documents.push(
                doc('debit_note', debit, {
                  ...options,
                  date: '2026-11-22',
                  references: [{ ...refs[0]!, id: invoice.id, kind: 'tax_invoice', applied_paise: debit }],
                }),
              );
            }
            const credit = Math.floor((b.gross * b.credit) / 100);
            if (credit > 0) {
              documents.push(
                doc('credit_note', credit, {
                  ...options,
                  date: '2026-11-25',
                  references: [{ ...refs[0]!, id: invoice.id, kind: 'tax_invoice', applied_paise: credit }],
                }),
              );
            }
          } else {
            for (const v of vouchers) {
              const back = Math.floor((v.totalPaise * b.refundShare) / 100);
              if (back <= 0) continue;
              documents.push(
                doc('refund_voucher', back, {
                  ...options,
                  date: '2026-11-28',
                  references: [
                    {
                      id: v.id,
                      kind: v.kind,
                      number: v.number,
                      issue_date: v.issueDate,
                      total_paise: v.totalPaise,
                      applied_paise: back,
                    },
                  ],
                }),
              );
            }
          }
        }
        const out = buildGstr1({ month: MONTH, documents, referenced });
        const of = (kind: GstDocumentKind) => documents.filter((d) => d.kind === kind);
        const taxable = (docs: GstDocumentRow[]) => docs.reduce((acc, d) => acc + d.taxablePaise, 0);
        const invoices = of('tax_invoice');
        const notes = of('credit_note');
        const debits = of('debit_note');

        // B2B + B2CL + B2CS (net of its notes) + the notes reported apart (debits "D" add, credits "C" take away)
        // = invoices + debit notes − credit notes.
        const { b2b, b2cl, b2cs, cdnr, cdnur, at, atadj, hsn_b2b, hsn_b2c, docs } = out.tables;
        const signed = (rows: Record<string, string | number>[]) =>
          rows.reduce((acc, row) => acc + (row['Note Type'] === 'D' ? 1 : -1) * rupeesToPaise(row['Taxable Value']), 0);
        for (const row of [...cdnr.rows, ...cdnur.rows]) expect(['C', 'D']).toContain(row['Note Type']);
        expect(cdnr.rows.length + cdnur.rows.length).toBeLessThanOrEqual(notes.length + debits.length);
        const reportedNotes = signed(cdnr.rows) + signed(cdnur.rows);
        const notesInB2cs = taxable(debits) - taxable(notes) - reportedNotes;
        expect(
          sumColumn(b2b.rows, 'Taxable Value') +
            sumColumn(b2cl.rows, 'Taxable Value') +
            sumColumn(b2cs.rows, 'Taxable Value'),
        ).toBe(taxable(invoices) + notesInB2cs);
        expect(sumColumn(b2b.rows, 'Taxable Value')).toBe(taxable(invoices.filter((d) => invoiceClass(d) === 'b2b')));
        expect(sumColumn(b2cl.rows, 'Taxable Value')).toBe(taxable(invoices.filter((d) => invoiceClass(d) === 'b2cl')));
        expect(sumColumn(b2b.rows, 'Invoice Value') + sumColumn(b2cl.rows, 'Invoice Value')).toBe(
          invoices.filter((d) => invoiceClass(d) !== 'b2cs').reduce((acc, d) => acc + d.totalPaise, 0),
        );
        // Table 12: invoices less notes, B2B and B2C together, every head.
        for (const [column, key] of [
          ['Taxable Value', 'taxablePaise'],
          ['Integrated Tax Amount', 'igstPaise'],
          ['Central Tax Amount', 'cgstPaise'],
          ['State/UT Tax Amount', 'sgstPaise'],
          ['Total Value', 'totalPaise'],
        ] as const) {
          expect(sumColumn(hsn_b2b.rows, column) + sumColumn(hsn_b2c.rows, column)).toBe(
            invoices.reduce((acc, d) => acc + d[key], 0) +
              debits.reduce((acc, d) => acc + d[key], 0) -
              notes.reduce((acc, d) => acc + d[key], 0),
          );
        }
        // 11A + 11B: what was received this month less what this month adjusted or refunded of it, and the earlier
        // months' advances adjusted or refunded now.
        expect(sumColumn(at.rows, 'Gross Advance Received')).toBe(out.totals.advancesReceived.taxable);
        expect(sumColumn(atadj.rows, 'Gross Advance Adjusted')).toBe(out.totals.advancesAdjusted.taxable);
        // When nothing is adjusted or refunded, 11A is exactly the receipt vouchers' taxable value.
        if (of('tax_invoice').length === 0 && of('refund_voucher').length === 0) {
          expect(out.totals.advancesReceived.taxable).toBe(taxable(of('receipt_voucher')));
        }
        // Table 13 counts every document once; the summary's kinds equal the documents.
        expect(docs.rows.reduce((acc, row) => acc + Number(row['Total Number']), 0)).toBe(documents.length);
        for (const kind of ['receipt_voucher', 'tax_invoice', 'refund_voucher', 'credit_note', 'debit_note'] as const) {
          expect(out.totals.byKind[kind].total).toBe(of(kind).reduce((acc, d) => acc + d.totalPaise, 0));
          expect(out.totals.byKind[kind].count).toBe(of(kind).length);
        }
        expect(out.tables.register.rows).toHaveLength(documents.length);
      }),
      { numRuns: 200 },
    );
  });
});
