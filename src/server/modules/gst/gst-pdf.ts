import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { amountInWordsIndian } from '../../../shared/amount-words';
import { formatLongDate } from '../../../shared/dates';
import { GST_DOCUMENT_META, GST_STATES, stateLabel } from '../../../shared/gst';
import { formatInr } from '../../../shared/money';
import { paiseToRupees } from '../../../shared/pricing';
import { renderPdf } from '../../lib/pdf';
import type { GstDocumentRow } from './gst-documents.service';

/** A recipient's state as the document prints it: its name and code. */
function stateText(code: string): string {
  return `${GST_STATES[code] ?? ''} (code ${code})`;
}

const rupees = (paise: number) => formatInr(paiseToRupees(paise));
const percent = (n: number) => `${Number(n.toFixed(2))}%`;

/** "INV/26-27/00001" → "INV-26-27-00001.pdf". */
export function gstPdfFileName(doc: Pick<GstDocumentRow, 'number'>): string {
  return `${doc.number.replace(/\//g, '-')}.pdf`;
}

/**
 * One GST document as a PDF (docs/gst.md#tax-invoice): every particular rule 46 (invoice), 50 (receipt voucher), 51
 * (refund voucher) or 53(1A) (credit note) asks for, from the document's frozen row only, so a PDF printed later is the
 * document as issued. `compress: false` keeps the text readable for tests.
 */
export async function renderGstPdf(doc: GstDocumentRow, options: { compress?: boolean } = {}): Promise<Buffer> {
  const meta = GST_DOCUMENT_META[doc.kind];
  const { supplier, recipient } = doc;
  const half = doc.ratePercent / 2;
  const amountLabel =
    doc.kind === 'receipt_voucher'
      ? 'Amount of advance'
      : doc.kind === 'refund_voucher'
        ? 'Amount refunded'
        : doc.kind === 'credit_note'
          ? 'Value credited'
          : doc.kind === 'debit_note'
            ? 'Value debited'
            : 'Invoice value';

  const head = (text: string) => ({ text, bold: true, fillColor: '#F4EDE4' });
  const taxRows: string[][] = doc.intraState
    ? [
        [`CGST @ ${percent(half)}`, rupees(doc.cgstPaise)],
        [`SGST @ ${percent(half)}`, rupees(doc.sgstPaise)],
      ]
    : [[`IGST @ ${percent(doc.ratePercent)}`, rupees(doc.igstPaise)]];

  // A document that lists lines (the package, each add-on: docs/gst.md#lines) prints each with its own tax split;
  // a one-line document prints its single line. The lines add up to the totals below.
  const lines = doc.lines.length
    ? doc.lines
    : [
        {
          sac: doc.sac,
          description: doc.description,
          taxable_paise: doc.taxablePaise,
          cgst_paise: doc.cgstPaise,
          sgst_paise: doc.sgstPaise,
          igst_paise: doc.igstPaise,
          round_off_paise: doc.roundOffPaise,
          total_paise: doc.totalPaise,
        },
      ];
  const right = (text: string) => ({ text, alignment: 'right' as const });
  const lineRows = lines.map((line) => [
    line.sac,
    line.description,
    stateLabel(doc.placeOfSupply),
    percent(doc.ratePercent),
    right(rupees(line.taxable_paise)),
    right(doc.intraState ? `${rupees(line.cgst_paise)} + ${rupees(line.sgst_paise)}` : rupees(line.igst_paise)),
    right(rupees(line.total_paise)),
  ]);

  const references: Content[] = doc.references.length
    ? [
        {
          text:
            doc.kind === 'tax_invoice'
              ? 'Receipt vouchers adjusted against this invoice'
              : doc.kind === 'refund_voucher'
                ? 'Receipt vouchers refunded'
                : 'Original invoice',
          bold: true,
          margin: [0, 12, 0, 4],
        },
        {
          table: {
            headerRows: 1,
            keepWithHeaderRows: 1,
            dontBreakRows: true,
            widths: ['*', 'auto', 'auto', 'auto'],
            body: [
              [head('Number'), head('Date'), head('Amount'), head('Applied here')],
              ...doc.references.map((ref) => [
                ref.number,
                formatLongDate(ref.issue_date),
                rupees(ref.total_paise),
                rupees(ref.applied_paise),
              ]),
            ],
          },
          layout: 'lightHorizontalLines',
        },
      ]
    : [];

  const definition: TDocumentDefinitions = {
    compress: options.compress ?? true,
    info: { title: `${meta.title} ${doc.number}`, author: supplier.legal_name },
    pageSize: 'A4',
    pageMargins: [40, 40, 40, 50],
    defaultStyle: { font: 'Roboto', fontSize: 9.5, color: '#2D2320' },
    footer: (page, pages) => ({
      text: `${supplier.legal_name} · ${meta.title} ${doc.number} · Page ${page} of ${pages}`,
      alignment: 'center',
      fontSize: 8,
      color: '#6B5E57',
    }),
    content: [
      {
        columns: [
          [
            { text: supplier.trade_name, fontSize: 18, bold: true, color: '#6B2142' },
            { text: supplier.legal_name, bold: true },
            { text: supplier.address },
            { text: `State: ${stateLabel(supplier.state_code)}` },
            { text: `GSTIN: ${supplier.gstin ?? 'not registered'}` },
            ...(supplier.fssai ? [{ text: `FSSAI licence no.: ${supplier.fssai}` }] : []),
            { text: `${supplier.phone} · ${supplier.email}`, color: '#6B5E57' },
          ],
          [
            { text: meta.title.toUpperCase(), fontSize: 16, bold: true, alignment: 'right' },
            { text: `Nature of document: ${meta.nature}`, alignment: 'right' },
            { text: `No.: ${doc.number}`, alignment: 'right', bold: true },
            { text: `Date of issue: ${formatLongDate(doc.issueDate)}`, alignment: 'right' },
            { text: `Reverse charge: No`, alignment: 'right' },
          ],
        ],
      },
      { canvas: [{ type: 'line', x1: 0, y1: 6, x2: 515, y2: 6, lineWidth: 0.5, lineColor: '#C9B8A8' }] },
      {
        columns: [
          [
            { text: 'Recipient', bold: true, margin: [0, 10, 0, 2] as [number, number, number, number] },
            ...(recipient.company_name ? [{ text: recipient.company_name, bold: true }] : []),
            { text: recipient.name },
            { text: recipient.address ?? 'Address not given' },
            {
              text: `State: ${recipient.state_code ? stateText(recipient.state_code) : 'not known'}`,
            },
            { text: `GSTIN: ${recipient.gstin ?? 'Unregistered'}` },
          ],
          [
            { text: 'Place of supply', bold: true, margin: [0, 10, 0, 2] as [number, number, number, number] },
            { text: stateLabel(doc.placeOfSupply) },
            { text: doc.intraState ? 'Intra-State supply (CGST + SGST)' : 'Inter-State supply (IGST)' },
          ],
        ],
      },
      ...(doc.lines.length
        ? [{ text: `Supply: ${doc.description}`, margin: [0, 12, 0, 0] as [number, number, number, number] }]
        : []),
      // Like every table of the PDFs, the lines break between rows, never inside one, and a table that runs onto the
      // next page repeats its heads there (docs/product.md#payments).
      {
        margin: [0, doc.lines.length ? 4 : 14, 0, 0] as [number, number, number, number],
        table: {
          headerRows: 1,
          keepWithHeaderRows: 1,
          dontBreakRows: true,
          widths: ['auto', '*', 'auto', 'auto', 'auto', 'auto', 'auto'],
          body: [
            [
              head('SAC'),
              head('Description'),
              head('Place of supply'),
              head('Rate'),
              head('Taxable value'),
              head(doc.intraState ? 'CGST + SGST' : 'IGST'),
              head('Amount'),
            ],
            ...lineRows,
          ],
        },
        layout: 'lightHorizontalLines',
      },
      {
        margin: [0, 8, 0, 0],
        columns: [
          { width: '*', text: '' },
          {
            width: 240,
            table: {
              widths: ['*', 'auto'],
              body: [
                ['Taxable value', rupees(doc.taxablePaise)],
                ...taxRows,
                ...(doc.roundOffPaise !== 0 ? [['Round off', rupees(doc.roundOffPaise)]] : []),
                [
                  { text: amountLabel, bold: true },
                  { text: rupees(doc.totalPaise), bold: true },
                ],
              ],
            },
            layout: 'noBorders',
          },
        ],
      },
      {
        text: `${amountLabel} in words: ${amountInWordsIndian(doc.totalPaise)}`,
        margin: [0, 6, 0, 0] as [number, number, number, number],
      },
      ...(doc.reason && (doc.kind === 'credit_note' || doc.kind === 'debit_note')
        ? [{ text: `Reason: ${doc.reason}`, margin: [0, 4, 0, 0] as [number, number, number, number] }]
        : []),
      ...references,
      {
        text:
          'Tax payable on reverse charge: No. Input tax credit on this supply: ' +
          `${doc.itc ? 'available' : 'not available'}.`,
        margin: [0, 12, 0, 0],
        color: '#6B5E57',
      },
      {
        margin: [0, 30, 0, 0],
        columns: [
          { width: '*', text: '' },
          {
            width: 220,
            stack: [
              { text: `For ${supplier.legal_name}`, bold: true, alignment: 'right' },
              { text: ' ', margin: [0, 14, 0, 0] as [number, number, number, number] },
              { text: 'Authorised Signatory', alignment: 'right' },
              {
                text: 'Electronically issued; no signature required (Notification 74/2018-Central Tax).',
                alignment: 'right',
                fontSize: 7.5,
                color: '#6B5E57',
              },
            ],
          },
        ],
      },
    ],
  };
  return renderPdf(definition);
}
