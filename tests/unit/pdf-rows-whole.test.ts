import { describe, expect, it } from 'vitest';
import type { GstDocumentRow } from '../../src/server/modules/gst/gst-documents.service';
import { renderGstPdf } from '../../src/server/modules/gst/gst-pdf';
import { renderEventOrderPdf } from '../../src/server/modules/menus/event-order-pdf';
import { DEFAULT_BRAND } from '../../src/shared/brand';
import type { EventOrderDish, EventOrderDto } from '../../src/shared/schemas/menus';
import { pdfPageTexts } from '../server/helpers/pdf-text';

/*
 * A table that runs onto a second page breaks between its rows, never inside one: each dish of the event order, each
 * line of a GST document, is printed whole on one page (docs/product.md#kitchen), and the table's heading row is
 * printed again on the next page.
 */

const pad = (n: number) => String(n).padStart(2, '0');
/**
 * Row `n`'s long text, one to five sentences: the rows wrap over a few lines of their cells, each row's height not
 * its neighbour's, so a page's foot falls inside a row somewhere unless the rows are kept whole.
 */
const notes = (n: number) =>
  'Slow cooked overnight with whole spices, finished with cream and butter, served hot. '.repeat(1 + (n % 5));

/** The page each of `markers` is printed on (-1 when none is). */
const pageOf = (pages: string[], marker: string) => pages.findIndex((page) => page.includes(marker));

/** Each row's first and last words are on the same page; the rows fill more than one page. */
function expectRowsWhole(pages: string[], rows: number, first: (n: number) => string, last: (n: number) => string) {
  const where = Array.from({ length: rows }, (_, n) => [pageOf(pages, first(n)), pageOf(pages, last(n))]);
  for (const [n, [top, foot]] of where.entries()) {
    expect(top, `the start of row ${n}`).toBeGreaterThanOrEqual(0);
    expect(foot, `the end of row ${n}, which starts on page ${top! + 1}`).toBe(top);
  }
  expect(new Set(where.map(([top]) => top)).size).toBeGreaterThan(1);
  return where.map(([top]) => top!);
}

describe('the event order PDF', () => {
  const dish = (n: number): EventOrderDish => ({
    name: `Kofta${pad(n)}`,
    diet: 'veg',
    diet_mark: 'V',
    allergens: ['dairy', 'nuts'],
    region: 'north_indian',
    description: `${notes(n)}Tail${pad(n)}`,
    add_on: false,
    eaters: 150,
  });
  const order: EventOrderDto = {
    booking_id: '00000000-0000-4000-8000-000000000001',
    reference: 'ABCD1234',
    event_name: 'Sharma wedding',
    event_type: 'wedding',
    event_date: '2026-12-12',
    event_time: '7:30 PM',
    venue_name: 'Lawn',
    venue_address: null,
    city: 'Indore',
    status: 'confirmed',
    package: 'premium',
    guest_count: 150,
    guests: { veg: 150, jain: 0, non_veg: 0 },
    menu_saved: true,
    courses: [{ course: 'mains', label: 'Main course', dishes: Array.from({ length: 30 }, (_, n) => dish(n)) }],
    counters: [],
    staff: { servers: 8, counter_staff: 0, total: 8, guests_per_server: 20 },
    allergy_notes: null,
    setup_notes: null,
    supplier: null,
    client: { name: 'Priya Sharma', email: 'priya@example.in', phone: null },
    freeze_date: null,
    generated_at: '2026-12-01T10:00:00.000Z',
  };

  it("prints each dish whole on one page, the course's name again at the top of the next", async () => {
    const pages = pdfPageTexts(await renderEventOrderPdf(DEFAULT_BRAND, order, { compress: false }));
    const on = expectRowsWhole(
      pages,
      30,
      (n) => `Kofta${pad(n)}`,
      (n) => `Tail${pad(n)}`,
    );
    for (const page of new Set(on)) expect(pages[page]).toContain('Main course');
  });
});

describe('a GST document PDF', () => {
  const line = (n: number) => ({
    kind: 'add_on' as const,
    sac: '996334',
    description: `Line${pad(n)} ${notes(n)}Tail${pad(n)}`,
    taxable_paise: 10_000_00,
    cgst_paise: 25_000,
    sgst_paise: 25_000,
    igst_paise: 0,
    round_off_paise: 0,
    total_paise: 10_500_00,
  });
  const reference = (n: number) => ({
    id: `00000000-0000-4000-8000-0000000001${pad(n)}`,
    kind: 'receipt_voucher' as const,
    number: `RV/26-27/000${pad(n)}`,
    issue_date: '2026-11-02',
    total_paise: 999_00,
    applied_paise: 999_00,
  });
  const invoice: GstDocumentRow = {
    id: '00000000-0000-4000-8000-000000000002',
    kind: 'tax_invoice',
    financialYear: 2026,
    serial: 1,
    number: 'INV/26-27/00001',
    bookingId: '00000000-0000-4000-8000-000000000001',
    subscriptionId: null,
    issueDate: '2026-11-20',
    supplier: {
      legal_name: 'Utsav Catering Pvt Ltd',
      trade_name: 'Utsav Catering',
      address: '12 MG Road, Indore',
      state_code: '23',
      gstin: '23ABCDE1234F1Z5',
      fssai: null,
      phone: '+91 98260 00000',
      email: 'accounts@example.in',
    },
    recipient: {
      name: 'Priya Sharma',
      company_name: null,
      gstin: null,
      address: null,
      state_code: '23',
      email: 'priya@example.in',
    },
    placeOfSupply: '23',
    intraState: true,
    sac: '996334',
    serviceKind: 'catering',
    description: 'Outdoor catering',
    ratePercent: 5,
    itc: false,
    taxablePaise: 30 * 10_000_00,
    cgstPaise: 30 * 25_000,
    sgstPaise: 30 * 25_000,
    igstPaise: 0,
    roundOffPaise: 0,
    totalPaise: 30 * 10_500_00,
    advanceAdjustedPaise: 0,
    references: Array.from({ length: 60 }, (_, n) => reference(n)),
    lines: Array.from({ length: 30 }, (_, n) => line(n)),
    ledgerPaymentId: null,
    refundId: null,
    reason: null,
    issuedBy: null,
    createdAt: new Date('2026-11-20T10:00:00Z'),
    issuedAt: new Date('2026-11-20T10:00:00Z'),
  };

  it('prints each line whole on one page, the column heads again at the top of the next', async () => {
    const pages = pdfPageTexts(await renderGstPdf(invoice, { compress: false }));
    const on = expectRowsWhole(
      pages,
      30,
      (n) => `Line${pad(n)}`,
      (n) => `Tail${pad(n)}`,
    );
    for (const page of new Set(on)) expect(pages[page]).toContain('Taxable value');
  });

  it('prints the heads of the documents it adjusts again on each page they run onto', async () => {
    const pages = pdfPageTexts(await renderGstPdf(invoice, { compress: false }));
    const on = new Set(Array.from({ length: 60 }, (_, n) => pageOf(pages, `RV/26-27/000${pad(n)}`)));
    expect(on.size).toBeGreaterThan(1);
    for (const page of on) expect(pages[page]).toContain('Applied here');
  });
});
