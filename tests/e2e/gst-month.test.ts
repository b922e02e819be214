import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { addDays, todayInIndia } from '../../src/shared/dates';
import { gstinCheckChar } from '../../src/shared/gstin';
import type { AdminRefundDto } from '../../src/shared/schemas/account';
import type { BookingGstDto, GstDocumentDto, GstSummaryDto } from '../../src/shared/schemas/gst';
import { launchBrowser, newPage, screenshot } from './browser';
import { api, apiSignIn, DEMO_USERS, instantQuote } from './demo-api';
import { signIn } from './people';

/*
 * A month of bookings as the accountant receives it (docs/gst.md#gstr-1): bookings in and outside Madhya Pradesh,
 * a business customer, payments (receipt vouchers), invoices, guests added after invoicing (a debit note), a
 * cancellation with its refund paid out (refund voucher) and one after the invoice (credit note). The admin opens
 * Reports → GST in the browser, downloads every GSTR-1 CSV and a document's PDF from Booking Details, and every
 * CSV total equals the sum of the documents issued this month, to the paisa.
 */
const baseURL = inject('baseURL');
const run = Date.now() % 1_000_000;
const month = todayInIndia().slice(0, 7);
const DELHI_GSTIN = '07AABCD5678E1Z' + gstinCheckChar('07AABCD5678E1Z');

let browser: Browser;
let session: { context: BrowserContext; page: Page };
let adminToken = '';
const bookingIds: Record<string, string> = {};

const admin = <T>(method: string, path: string, body?: unknown) =>
  api<T>(baseURL, method, path, { token: adminToken, body });

/** A priced quote for a visitor, then the team's recorded payments (each a receipt voucher). */
async function booking(
  key: string,
  input: { location: string; guests: number; tier: 'premium' | 'luxury'; days: number },
) {
  const quote = await instantQuote(baseURL, {
    client_email: `gst.${key}.${run}@example.in`,
    client_name: `GST ${key} ${run}`,
    event_name: `GST month ${key} ${run}`,
    location: input.location,
    guest_count: input.guests,
    tier: input.tier,
    event_date: addDays(todayInIndia(), input.days),
  });
  bookingIds[key] = quote.quote_id;
  return quote.quote_id;
}

const pay = (id: string, amount: number, reference: string) =>
  admin('POST', `/admin/bookings/${id}/payments`, {
    amount,
    method: 'bank_transfer',
    reference: `${reference}-${run}`,
  });
const invoice = (id: string) => admin('POST', `/bookings/${id}/gst/invoice`);

beforeAll(async () => {
  adminToken = await apiSignIn(baseURL, DEMO_USERS.admin);
  // In Indore (CGST + SGST): paid in two parts, then invoiced.
  const indore = await booking('indore', { location: 'Indore', guests: 250, tier: 'premium', days: 41 });
  await pay(indore, 999, 'NEFT-GSTM-1');
  await pay(indore, 30_000, 'NEFT-GSTM-2');
  await invoice(indore);
  // In Mumbai (IGST), large: a B2C large invoice, then 50 guests more after invoicing: a debit note.
  const mumbai = await booking('mumbai', { location: 'Mumbai', guests: 300, tier: 'luxury', days: 43 });
  await pay(mumbai, 999, 'NEFT-GSTM-3');
  await invoice(mumbai);
  await admin('PATCH', `/admin/bookings/${mumbai}/details`, { guest_count: 350 });
  // A business customer (a Delhi GSTIN): B2B.
  const company = await booking('company', { location: 'Indore', guests: 120, tier: 'premium', days: 47 });
  await admin('PUT', `/bookings/${company}/gst`, { company_name: `Delhi Events ${run} Pvt Ltd`, gstin: DELHI_GSTIN });
  await pay(company, 999, 'NEFT-GSTM-4');
  await invoice(company);
  // Cancelled by the company before the invoice: the refund is paid out, so a refund voucher.
  const refunded = await booking('refunded', { location: 'Bhopal', guests: 150, tier: 'premium', days: 53 });
  await pay(refunded, 999, 'NEFT-GSTM-5');
  await pay(refunded, 15_000, 'NEFT-GSTM-6');
  await admin('PUT', `/bookings/${refunded}/status`, { status: 'cancelled' });
  const refunds = await admin<AdminRefundDto[]>(
    'GET',
    `/admin/refunds?limit=100&q=${encodeURIComponent(`GST month refunded ${run}`)}`,
  );
  const refund = refunds.find((row) => row.booking_id === refunded);
  if (!refund) throw new Error('The cancellation owed no refund');
  await admin('PUT', `/admin/refunds/${refund.id}/paid`, { reference: `RFND-${run}` });
  // Invoiced, then cancelled: a credit note against the invoice.
  const credited = await booking('credited', { location: 'Indore', guests: 100, tier: 'premium', days: 59 });
  await pay(credited, 999, 'NEFT-GSTM-7');
  await invoice(credited);
  await admin('PUT', `/bookings/${credited}/status`, { status: 'cancelled' });

  browser = await launchBrowser();
  session = await newPage(browser, baseURL);
}, 180_000);

afterAll(async () => {
  await session?.context.close();
  await browser?.close();
});

type Row = Record<string, string>;
const paise = (value: string | undefined) => Math.round(Number(value ?? 0) * 100);
const sum = (rows: Row[], column: string) => rows.reduce((acc, row) => acc + paise(row[column]), 0);

function parseCsv(bytes: Buffer): Row[] {
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const parsed = Papa.parse<Row>(bytes.toString('utf8').slice(1), {
    header: true,
    newline: '\r\n',
    skipEmptyLines: true,
  });
  expect(parsed.errors).toEqual([]);
  return parsed.data;
}

describe('a month of bookings', () => {
  it('the admin downloads the GSTR-1 CSVs and a PDF, and every CSV total equals the documents issued', async () => {
    const { page } = session;
    await signIn(page, DEMO_USERS.admin);
    await page.waitForURL((url) => url.pathname === '/admin');
    await page.getByRole('table', { name: 'Recent Bookings' }).waitFor();

    // A document's PDF from Booking Details.
    await page
      .getByRole('tab', { name: /Bookings/ })
      .first()
      .click();
    await page.getByRole('button', { name: 'View all' }).click();
    await page.getByLabel('Search bookings').fill(`GST month indore ${run}`);
    const found = page
      .getByRole('table', { name: 'All Bookings' })
      .getByRole('row')
      .filter({ hasText: `GST month indore ${run}` });
    await found.getByRole('button', { name: /^View / }).click();
    const details = page.getByRole('dialog', { name: 'Booking Details' });
    const invoiceNumber = (await admin<BookingGstDto>('GET', `/bookings/${bookingIds.indore}/gst`)).documents.find(
      (doc) => doc.kind === 'tax_invoice',
    )!.number;
    const pdfButton = details.getByRole('button', { name: `Download Tax Invoice ${invoiceNumber} as PDF` });
    await pdfButton.scrollIntoViewIfNeeded();
    const [pdf] = await Promise.all([page.waitForEvent('download'), pdfButton.click()]);
    expect(pdf.suggestedFilename()).toBe(`${invoiceNumber.replace(/\//g, '-')}.pdf`);
    const bytes = readFileSync(await pdf.path());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'detached' });

    await page.getByRole('tab', { name: /Reports/ }).click();
    const card = page.getByRole('region', { name: 'GST' });
    await card.getByRole('table', { name: 'Documents issued' }).waitFor();
    await screenshot(page, 'e2e-admin-gst-month-desktop');

    const csv: Record<string, Row[]> = {};
    for (const [table, label] of [
      ['b2b', 'B2B (4A)'],
      ['b2cl', 'B2C large (5)'],
      ['b2cs', 'B2C small (7)'],
      ['cdnr', 'Credit/debit notes, registered (9B)'],
      ['cdnur', 'Credit/debit notes, unregistered (9B)'],
      ['at', 'Advances received (11A)'],
      ['atadj', 'Advances adjusted (11B)'],
      ['hsn_b2b', 'HSN/SAC summary, B2B (12)'],
      ['hsn_b2c', 'HSN/SAC summary, B2C (12)'],
      ['docs', 'Documents issued (13)'],
      ['register', 'Document register'],
    ] as const) {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        card.getByRole('button', { name: `Download CSV of ${label}` }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`gstr1-${table}-${month}.csv`);
      csv[table] = parseCsv(readFileSync(await download.path()));
    }

    // The documents: every one of this month's bookings' documents is in the register as issued.
    const register = csv.register!;
    const mine: GstDocumentDto[] = [];
    for (const id of Object.values(bookingIds)) {
      mine.push(...(await admin<BookingGstDto>('GET', `/bookings/${id}/gst`)).documents);
    }
    expect(new Set(mine.map((doc) => doc.kind))).toEqual(
      new Set(['receipt_voucher', 'tax_invoice', 'debit_note', 'refund_voucher', 'credit_note']),
    );
    for (const doc of mine) {
      const row = register.find((r) => r.Number === doc.number);
      expect(row, doc.number).toBeDefined();
      expect(paise(row!.Total)).toBe(Math.round(doc.total * 100));
      expect(paise(row!['Taxable Value'])).toBe(Math.round(doc.taxable_value * 100));
    }
    const ofType = (type: string) => register.filter((row) => row['Document Type'] === type);
    const invoices = ofType('Tax invoice');
    const debits = ofType('Debit note');
    const credits = ofType('Credit note');
    const supplies = (column: string) => sum(invoices, column) + sum(debits, column) - sum(credits, column);

    // B2B + B2CL + B2CS + the notes reported in 9B (D adds, C takes away) = invoices + debit − credit notes.
    const signedNotes = (rows: Row[]) =>
      rows.reduce((acc, row) => acc + (row['Note Type'] === 'D' ? 1 : -1) * paise(row['Taxable Value']), 0);
    expect(
      sum(csv.b2b!, 'Taxable Value') +
        sum(csv.b2cl!, 'Taxable Value') +
        sum(csv.b2cs!, 'Taxable Value') +
        signedNotes(csv.cdnr!) +
        signedNotes(csv.cdnur!),
    ).toBe(supplies('Taxable Value'));
    // B2B is exactly the invoices to a GSTIN; our company's invoice is there, our Mumbai invoice in B2C large.
    expect(sum(csv.b2b!, 'Taxable Value')).toBe(
      sum(
        invoices.filter((r) => r['Recipient GSTIN'] !== ''),
        'Taxable Value',
      ),
    );
    const numberOf = (key: string, type: GstDocumentDto['kind']) =>
      mine.find((doc) => doc.kind === type && doc.booking_id === bookingIds[key])!.number;
    expect(csv.b2b!.map((r) => r['Invoice Number'])).toContain(numberOf('company', 'tax_invoice'));
    expect(csv.b2cl!.map((r) => r['Invoice Number'])).toContain(numberOf('mumbai', 'tax_invoice'));
    expect(csv.cdnur!.find((r) => r['Note Number'] === numberOf('mumbai', 'debit_note'))).toMatchObject({
      'Note Type': 'D',
      'UR Type': 'B2CL',
    });
    // Table 12: every head, invoices + debit − credit notes.
    for (const [column, registerColumn] of [
      ['Taxable Value', 'Taxable Value'],
      ['Integrated Tax Amount', 'IGST'],
      ['Central Tax Amount', 'CGST'],
      ['State/UT Tax Amount', 'SGST'],
      ['Total Value', 'Total'],
    ] as const) {
      expect(sum(csv.hsn_b2b!, column) + sum(csv.hsn_b2c!, column), column).toBe(supplies(registerColumn));
    }
    // Table 13 counts every document of the register once, per series.
    expect(csv.docs!.reduce((acc, row) => acc + Number(row['Total Number']), 0)).toBe(register.length);
    // The summary on the page reads the same documents: its kinds and 11A/11B agree with the CSVs.
    const summary = await admin<GstSummaryDto>('GET', `/admin/gst/summary?month=${month}`);
    for (const [kind, type] of [
      ['receipt_voucher', 'Receipt voucher'],
      ['tax_invoice', 'Tax invoice'],
      ['refund_voucher', 'Refund voucher'],
      ['credit_note', 'Credit note'],
      ['debit_note', 'Debit note'],
    ] as const) {
      const row = summary.documents.find((d) => d.kind === kind)!;
      expect(row.count, kind).toBe(ofType(type).length);
      expect(Math.round(row.total * 100), kind).toBe(sum(ofType(type), 'Total'));
    }
    expect(sum(csv.at!, 'Gross Advance Received')).toBe(Math.round(summary.advances_received * 100));
    expect(sum(csv.atadj!, 'Gross Advance Adjusted')).toBe(Math.round(summary.advances_adjusted * 100));
  });
});
