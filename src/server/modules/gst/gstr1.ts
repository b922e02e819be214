import {
  b2clLimitPaise,
  GST_DOCUMENT_KINDS,
  GST_DOCUMENT_META,
  gstr1Date,
  splitInclusive,
  stateLabel,
  type GstDocumentKind,
} from '../../../shared/gst';
import { paiseToRupees } from '../../../shared/pricing';
import type { Gstr1Table } from '../../../shared/schemas/gst';
import type { GstDocumentRow } from './gst-documents.service';

/**
 * GSTR-1 from the documents issued in a month (docs/gst.md#gstr-1), pure: the service reads the month's documents
 * and the ones they refer to, this shapes them into the offline tool's tables with its column headings. Amounts
 * stay in paise until a row is written.
 */

export type TaxHeads = { taxable: number; cgst: number; sgst: number; igst: number };
const ZERO: TaxHeads = { taxable: 0, cgst: 0, sgst: 0, igst: 0 };
const add = (a: TaxHeads, b: TaxHeads, sign = 1): TaxHeads => ({
  taxable: a.taxable + sign * b.taxable,
  cgst: a.cgst + sign * b.cgst,
  sgst: a.sgst + sign * b.sgst,
  igst: a.igst + sign * b.igst,
});
export const headsOf = (doc: GstDocumentRow): TaxHeads => ({
  taxable: doc.taxablePaise,
  cgst: doc.cgstPaise,
  sgst: doc.sgstPaise,
  igst: doc.igstPaise,
});

/** An invoice to a registered recipient, a large inter-State one to an unregistered recipient, or any other. */
export type InvoiceClass = 'b2b' | 'b2cl' | 'b2cs';
export function invoiceClass(invoice: GstDocumentRow): InvoiceClass {
  if (invoice.recipient.gstin) return 'b2b';
  if (!invoice.intraState && invoice.totalPaise > b2clLimitPaise(invoice.issueDate)) return 'b2cl';
  return 'b2cs';
}

/** The part of a receipt voucher an invoice adjusted or a refund voucher returned, split at the voucher's rate. */
type AdvanceEntry = { pos: string | null; rate: number; heads: TaxHeads };

function advancePart(voucher: GstDocumentRow, appliedPaise: number): AdvanceEntry {
  const split =
    appliedPaise === voucher.totalPaise
      ? headsOf(voucher)
      : (({ taxable_paise, cgst_paise, sgst_paise, igst_paise }) => ({
          taxable: taxable_paise,
          cgst: cgst_paise,
          sgst: sgst_paise,
          igst: igst_paise,
        }))(splitInclusive(appliedPaise, voucher.ratePercent, voucher.intraState));
  return { pos: voucher.placeOfSupply, rate: voucher.ratePercent, heads: split };
}

export type Gstr1Input = {
  month: { from: string; to: string };
  /** Every document issued in the month. */
  documents: readonly GstDocumentRow[];
  /** Documents they refer to (the invoices credit notes correct, the receipt vouchers invoices adjust), any month. */
  referenced: ReadonlyMap<string, GstDocumentRow>;
};

export type Gstr1 = {
  tables: Record<Gstr1Table, { columns: string[]; rows: Record<string, string | number>[] }>;
  /** Totals the summary shows, in paise. */
  totals: {
    byKind: Record<GstDocumentKind, TaxHeads & { count: number; total: number }>;
    suppliesByRate: Map<number, TaxHeads>;
    advancesReceived: TaxHeads;
    advancesAdjusted: TaxHeads;
  };
};

const rupees = (paise: number) => paiseToRupees(paise);
const inMonth = (date: string, month: { from: string; to: string }) => date >= month.from && date <= month.to;

export const GSTR1_COLUMNS: Record<Gstr1Table, string[]> = {
  b2b: [
    'GSTIN/UIN of Recipient',
    'Receiver Name',
    'Invoice Number',
    'Invoice date',
    'Invoice Value',
    'Place Of Supply',
    'Reverse Charge',
    'Applicable % of Tax Rate',
    'Invoice Type',
    'E-Commerce GSTIN',
    'Rate',
    'Taxable Value',
    'Cess Amount',
  ],
  b2cl: [
    'Invoice Number',
    'Invoice date',
    'Invoice Value',
    'Place Of Supply',
    'Applicable % of Tax Rate',
    'Rate',
    'Taxable Value',
    'Cess Amount',
    'E-Commerce GSTIN',
  ],
  b2cs: [
    'Type',
    'Place Of Supply',
    'Applicable % of Tax Rate',
    'Rate',
    'Taxable Value',
    'Cess Amount',
    'E-Commerce GSTIN',
  ],
  cdnr: [
    'GSTIN/UIN of Recipient',
    'Receiver Name',
    'Note Number',
    'Note Date',
    'Note Type',
    'Place Of Supply',
    'Reverse Charge',
    'Note Supply Type',
    'Note Value',
    'Applicable % of Tax Rate',
    'Rate',
    'Taxable Value',
    'Cess Amount',
  ],
  cdnur: [
    'UR Type',
    'Note Number',
    'Note Date',
    'Note Type',
    'Place Of Supply',
    'Note Value',
    'Applicable % of Tax Rate',
    'Rate',
    'Taxable Value',
    'Cess Amount',
  ],
  at: ['Place Of Supply', 'Applicable % of Tax Rate', 'Rate', 'Gross Advance Received', 'Cess Amount'],
  atadj: ['Place Of Supply', 'Applicable % of Tax Rate', 'Rate', 'Gross Advance Adjusted', 'Cess Amount'],
  hsn_b2b: [
    'HSN',
    'Description',
    'UQC',
    'Total Quantity',
    'Total Value',
    'Rate',
    'Taxable Value',
    'Integrated Tax Amount',
    'Central Tax Amount',
    'State/UT Tax Amount',
    'Cess Amount',
  ],
  hsn_b2c: [],
  docs: ['Nature of Document', 'Sr. No. From', 'Sr. No. To', 'Total Number', 'Cancelled'],
  register: [
    'Document Type',
    'Number',
    'Date',
    'Booking',
    'Recipient',
    'Recipient GSTIN',
    'Place Of Supply',
    'Supply',
    'SAC',
    'Rate',
    'Taxable Value',
    'CGST',
    'SGST',
    'IGST',
    'Round Off',
    'Total',
    'Refers To',
    'Status',
  ],
};
GSTR1_COLUMNS.hsn_b2c = GSTR1_COLUMNS.hsn_b2b;

/** Groups entries by a key, summing their heads. */
function grouped<K extends string>(entries: { key: K; heads: TaxHeads }[]): Map<K, TaxHeads> {
  const map = new Map<K, TaxHeads>();
  for (const { key, heads } of entries) map.set(key, add(map.get(key) ?? ZERO, heads));
  return map;
}

const posRateKey = (pos: string | null, rate: number) => `${pos ?? ''}|${rate}`;
const splitKey = (key: string) => {
  const [pos, rate] = key.split('|') as [string, string];
  return { pos: pos === '' ? null : pos, rate: Number(rate) };
};

export function buildGstr1(input: Gstr1Input): Gstr1 {
  const { documents, referenced, month } = input;
  const byId = new Map<string, GstDocumentRow>([...referenced, ...documents.map((d) => [d.id, d] as const)]);
  const ofKind = (kind: GstDocumentKind) => documents.filter((doc) => doc.kind === kind);
  const invoices = ofKind('tax_invoice');
  // Credit and debit notes against invoices (s.34): reported together in 9B, a credit as "C", a debit as "D"; a
  // debit adds to the supplies where a credit takes away (docs/gst.md#debit-note).
  const notes = [...ofKind('credit_note'), ...ofKind('debit_note')];
  const noteSign = (note: GstDocumentRow) => (note.kind === 'debit_note' ? 1 : -1);
  const noteType = (note: GstDocumentRow) => (note.kind === 'debit_note' ? 'D' : 'C');
  const originalOf = (note: GstDocumentRow) => byId.get(note.references[0]?.id ?? '') ?? null;
  const noteClass = (note: GstDocumentRow): InvoiceClass => {
    if (note.recipient.gstin) return 'b2b';
    const original = originalOf(note);
    return original && invoiceClass(original) === 'b2cl' ? 'b2cl' : 'b2cs';
  };

  const b2b = invoices
    .filter((doc) => invoiceClass(doc) === 'b2b')
    .map((doc) => ({
      'GSTIN/UIN of Recipient': doc.recipient.gstin!,
      'Receiver Name': doc.recipient.company_name ?? doc.recipient.name,
      'Invoice Number': doc.number,
      'Invoice date': gstr1Date(doc.issueDate),
      'Invoice Value': rupees(doc.totalPaise),
      'Place Of Supply': stateLabel(doc.placeOfSupply),
      'Reverse Charge': 'N',
      'Applicable % of Tax Rate': '',
      'Invoice Type': 'Regular B2B',
      'E-Commerce GSTIN': '',
      Rate: doc.ratePercent,
      'Taxable Value': rupees(doc.taxablePaise),
      'Cess Amount': 0,
    }));
  const b2cl = invoices
    .filter((doc) => invoiceClass(doc) === 'b2cl')
    .map((doc) => ({
      'Invoice Number': doc.number,
      'Invoice date': gstr1Date(doc.issueDate),
      'Invoice Value': rupees(doc.totalPaise),
      'Place Of Supply': stateLabel(doc.placeOfSupply),
      'Applicable % of Tax Rate': '',
      Rate: doc.ratePercent,
      'Taxable Value': rupees(doc.taxablePaise),
      'Cess Amount': 0,
      'E-Commerce GSTIN': '',
    }));
  // Table 7: small B2C invoices net of their credit and debit notes, by place of supply and rate.
  const b2csMap = grouped([
    ...invoices
      .filter((doc) => invoiceClass(doc) === 'b2cs')
      .map((doc) => ({ key: posRateKey(doc.placeOfSupply, doc.ratePercent), heads: headsOf(doc) })),
    ...notes
      .filter((note) => noteClass(note) === 'b2cs')
      .map((note) => ({
        key: posRateKey(note.placeOfSupply, note.ratePercent),
        heads: add(ZERO, headsOf(note), noteSign(note)),
      })),
  ]);
  const b2cs = [...b2csMap].map(([key, heads]) => {
    const { pos, rate } = splitKey(key);
    return {
      Type: 'OE',
      'Place Of Supply': stateLabel(pos),
      'Applicable % of Tax Rate': '',
      Rate: rate,
      'Taxable Value': rupees(heads.taxable),
      'Cess Amount': 0,
      'E-Commerce GSTIN': '',
    };
  });
  const cdnr = notes
    .filter((note) => noteClass(note) === 'b2b')
    .map((note) => ({
      'GSTIN/UIN of Recipient': note.recipient.gstin!,
      'Receiver Name': note.recipient.company_name ?? note.recipient.name,
      'Note Number': note.number,
      'Note Date': gstr1Date(note.issueDate),
      'Note Type': noteType(note),
      'Place Of Supply': stateLabel(note.placeOfSupply),
      'Reverse Charge': 'N',
      'Note Supply Type': 'Regular B2B',
      'Note Value': rupees(note.totalPaise),
      'Applicable % of Tax Rate': '',
      Rate: note.ratePercent,
      'Taxable Value': rupees(note.taxablePaise),
      'Cess Amount': 0,
    }));
  const cdnur = notes
    .filter((note) => noteClass(note) === 'b2cl')
    .map((note) => ({
      'UR Type': 'B2CL',
      'Note Number': note.number,
      'Note Date': gstr1Date(note.issueDate),
      'Note Type': noteType(note),
      'Place Of Supply': stateLabel(note.placeOfSupply),
      'Note Value': rupees(note.totalPaise),
      'Applicable % of Tax Rate': '',
      Rate: note.ratePercent,
      'Taxable Value': rupees(note.taxablePaise),
      'Cess Amount': 0,
    }));

  // Tables 11A and 11B: advances received this month and not adjusted in it; earlier advances adjusted or refunded
  // this month (docs/gst.md#gstr-1).
  const received: AdvanceEntry[] = ofKind('receipt_voucher').map((rv) => ({
    pos: rv.placeOfSupply,
    rate: rv.ratePercent,
    heads: headsOf(rv),
  }));
  const adjusted: AdvanceEntry[] = [];
  for (const doc of documents) {
    if (doc.kind !== 'tax_invoice' && doc.kind !== 'refund_voucher') continue;
    for (const ref of doc.references) {
      const voucher = byId.get(ref.id);
      if (!voucher || voucher.kind !== 'receipt_voucher') continue;
      const part = advancePart(voucher, ref.applied_paise);
      if (inMonth(voucher.issueDate, month)) received.push({ ...part, heads: add(ZERO, part.heads, -1) });
      else adjusted.push(part);
    }
  }
  const advanceRows = (entries: AdvanceEntry[], column: string) =>
    [...grouped(entries.map((e) => ({ key: posRateKey(e.pos, e.rate), heads: e.heads })))]
      .filter(([, heads]) => heads.taxable !== 0)
      .map(([key, heads]) => {
        const { pos, rate } = splitKey(key);
        return {
          'Place Of Supply': stateLabel(pos),
          'Applicable % of Tax Rate': '',
          Rate: rate,
          [column]: rupees(heads.taxable),
          'Cess Amount': 0,
        };
      });
  const sumHeads = (entries: AdvanceEntry[]) => entries.reduce((acc, e) => add(acc, e.heads), ZERO);

  // Table 12: supplies (invoices plus debit notes less credit notes) by SAC and rate, B2B and B2C apart.
  const hsn = (registered: boolean) => {
    const map = new Map<string, { sac: string; description: string; rate: number; value: number; heads: TaxHeads }>();
    const take = (doc: GstDocumentRow, sign: number) => {
      if (!!doc.recipient.gstin !== registered) return;
      const key = `${doc.sac}|${doc.ratePercent}`;
      const row = map.get(key) ?? {
        sac: doc.sac,
        description: GST_SAC_DESCRIPTION(doc),
        rate: doc.ratePercent,
        value: 0,
        heads: ZERO,
      };
      row.value += sign * doc.totalPaise;
      row.heads = add(row.heads, headsOf(doc), sign);
      map.set(key, row);
    };
    invoices.forEach((doc) => take(doc, 1));
    notes.forEach((doc) => take(doc, noteSign(doc)));
    return [...map.values()].map((row) => ({
      HSN: row.sac,
      Description: row.description,
      UQC: 'OTH-OTHERS',
      'Total Quantity': 0,
      'Total Value': rupees(row.value),
      Rate: row.rate,
      'Taxable Value': rupees(row.heads.taxable),
      'Integrated Tax Amount': rupees(row.heads.igst),
      'Central Tax Amount': rupees(row.heads.cgst),
      'State/UT Tax Amount': rupees(row.heads.sgst),
      'Cess Amount': 0,
    }));
  };

  // Table 13: each series used this month, first and last number, how many.
  const docs = GST_DOCUMENT_KINDS.flatMap((kind) => {
    const series = new Map<number, GstDocumentRow[]>();
    for (const doc of ofKind(kind)) series.set(doc.financialYear, [...(series.get(doc.financialYear) ?? []), doc]);
    return [...series.values()].map((rows) => {
      const sorted = [...rows].sort((a, b) => a.serial - b.serial);
      return {
        'Nature of Document': GST_DOCUMENT_META[kind].nature,
        'Sr. No. From': sorted[0]!.number,
        'Sr. No. To': sorted[sorted.length - 1]!.number,
        'Total Number': sorted.length,
        Cancelled: 0,
      };
    });
  });

  const register = [...documents]
    .sort((a, b) =>
      a.issueDate === b.issueDate ? a.number.localeCompare(b.number) : a.issueDate < b.issueDate ? -1 : 1,
    )
    .map((doc) => ({
      'Document Type': GST_DOCUMENT_META[doc.kind].short,
      Number: doc.number,
      Date: gstr1Date(doc.issueDate),
      Booking: doc.bookingId ? doc.bookingId.slice(0, 8).toUpperCase() : 'Subscription',
      Recipient: doc.recipient.company_name ?? doc.recipient.name,
      'Recipient GSTIN': doc.recipient.gstin ?? '',
      'Place Of Supply': stateLabel(doc.placeOfSupply),
      Supply: doc.intraState ? 'Intra-State' : 'Inter-State',
      SAC: doc.sac,
      Rate: doc.ratePercent,
      'Taxable Value': rupees(doc.taxablePaise),
      CGST: rupees(doc.cgstPaise),
      SGST: rupees(doc.sgstPaise),
      IGST: rupees(doc.igstPaise),
      'Round Off': rupees(doc.roundOffPaise),
      Total: rupees(doc.totalPaise),
      'Refers To': doc.references.map((ref) => ref.number).join(' '),
      Status: 'Issued',
    }));

  const byKind = Object.fromEntries(
    GST_DOCUMENT_KINDS.map((kind) => {
      const rows = ofKind(kind);
      return [
        kind,
        {
          ...rows.reduce((acc, doc) => add(acc, headsOf(doc)), ZERO),
          count: rows.length,
          total: rows.reduce((sum, doc) => sum + doc.totalPaise, 0),
        },
      ];
    }),
  ) as Gstr1['totals']['byKind'];
  const suppliesByRate = new Map<number, TaxHeads>();
  for (const doc of invoices)
    suppliesByRate.set(doc.ratePercent, add(suppliesByRate.get(doc.ratePercent) ?? ZERO, headsOf(doc)));
  for (const doc of notes)
    suppliesByRate.set(doc.ratePercent, add(suppliesByRate.get(doc.ratePercent) ?? ZERO, headsOf(doc), noteSign(doc)));

  const table = (name: Gstr1Table, rows: Record<string, string | number>[]) => ({ columns: GSTR1_COLUMNS[name], rows });
  return {
    tables: {
      b2b: table('b2b', b2b),
      b2cl: table('b2cl', b2cl),
      b2cs: table('b2cs', b2cs),
      cdnr: table('cdnr', cdnr),
      cdnur: table('cdnur', cdnur),
      at: table('at', advanceRows(received, 'Gross Advance Received')),
      atadj: table('atadj', advanceRows(adjusted, 'Gross Advance Adjusted')),
      hsn_b2b: table('hsn_b2b', hsn(true)),
      hsn_b2c: table('hsn_b2c', hsn(false)),
      docs: table('docs', docs),
      register: table('register', register),
    },
    totals: { byKind, suppliesByRate, advancesReceived: sumHeads(received), advancesAdjusted: sumHeads(adjusted) },
  };
}

/** Table 12's description: the SAC's own words, without the booking-specific part of the line. */
function GST_SAC_DESCRIPTION(doc: GstDocumentRow): string {
  return doc.serviceKind === 'catering' ? 'Outdoor catering services' : 'Event organisation services';
}
