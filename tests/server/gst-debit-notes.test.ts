import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookingLedger, gstDocuments } from '../../src/server/db/schema';
import { ledgerSums } from '../../src/shared/booking-rules';
import { todayInIndia } from '../../src/shared/dates';
import { gstinCheckChar } from '../../src/shared/gstin';
import { registerForGst } from './helpers/gst';
import { makePricedBooking } from './helpers/projects';
import { pdfText } from './helpers/pdf-text';
import { setUpSuite } from './helpers/suite';

/*
 * Debit notes (docs/gst.md#debit-note): when an invoiced amount goes up (add-ons or guests added after the tax
 * invoice), a debit note referencing the invoice, in its own gapless series, immutable, with its PDF, in My Bookings
 * and Booking Details, and in GSTR-1's credit/debit note tables and the month's summary.
 */
const { t, admin, alice, inject } = setUpSuite();
const dish: Record<string, string> = {};
const withCheck = (first14: string) => first14 + gstinCheckChar(first14);
const DELHI_GSTIN = withCheck('07AABCD5678E1Z');

beforeAll(async () => {
  await registerForGst(t, admin.auth);
  for (const [key, body] of [
    ['starter', { name: 'Hara Bhara Kebab', course: 'starters', diet: 'veg' }],
    ['main', { name: 'Dal Makhani', course: 'mains', diet: 'veg' }],
    ['counter', { name: 'Live Dosa Counter', course: 'live_counters', diet: 'veg', add_on_price: 150 }],
  ] as const) {
    const response = await inject('POST', '/api/admin/dishes', admin.auth, {
      region: 'south_indian',
      description: 'As we make it',
      allergens: [],
      yield_per_100: 10,
      yield_unit: 'kg',
      ...body,
    });
    expect(response.statusCode, response.body).toBe(201);
    dish[key] = (response.json() as { id: string }).id;
  }
}, 60_000);

async function invoicedBooking(options: { guests: number; city: string; reference: string }) {
  const booking = await makePricedBooking(t.deps, alice, options.guests, { city: options.city, days: 45 });
  const pay = await inject('POST', `/api/admin/bookings/${booking.id}/payments`, admin.auth, {
    amount: 999,
    method: 'bank_transfer',
    reference: options.reference,
  });
  expect(pay.statusCode, pay.body).toBe(201);
  const issued = await inject('POST', `/api/bookings/${booking.id}/gst/invoice`, admin.auth);
  expect(issued.statusCode, issued.body).toBe(200);
  return booking;
}

const docsOf = (bookingId: string) =>
  t.deps.db.select().from(gstDocuments).where(eq(gstDocuments.bookingId, bookingId)).orderBy(gstDocuments.issuedAt);

async function chargedOf(bookingId: string) {
  const rows = await t.deps.db.select().from(bookingLedger).where(eq(bookingLedger.bookingId, bookingId));
  return ledgerSums(rows.map((row) => ({ kind: row.kind, amount_paise: row.amountPaise }))).charged_paise;
}

/** The invoice plus its debit notes less its credit notes: what the documents say the booking is charged. */
async function documentedOf(bookingId: string) {
  const docs = await docsOf(bookingId);
  const sum = (kind: string) => docs.filter((d) => d.kind === kind).reduce((acc, d) => acc + d.totalPaise, 0);
  return sum('tax_invoice') + sum('debit_note') - sum('credit_note');
}

const serialOf = (number: string) => Number(number.split('/')[2]);

describe('debit notes', () => {
  let registeredBookingId = '';

  it('add-ons and guests added after the invoice each issue a debit note against it; fewer guests a credit note', async () => {
    const booking = await invoicedBooking({ guests: 150, city: 'Indore', reference: 'NEFT-DN-1' });
    registeredBookingId = booking.id;
    const before = await docsOf(booking.id);
    const invoice = before.find((d) => d.kind === 'tax_invoice')!;

    // The admin adds a live counter after invoicing: the booking's price goes up by it.
    const menu = await inject('PUT', `/api/bookings/${booking.id}/menu`, admin.auth, {
      guests: { veg: 150, jain: 0, non_veg: 0 },
      dish_ids: [dish.starter, dish.main, dish.counter],
    });
    expect(menu.statusCode, menu.body).toBe(200);
    let docs = await docsOf(booking.id);
    const first = docs.find((d) => d.kind === 'debit_note')!;
    expect(first.number).toMatch(/^DN\/\d{2}-\d{2}\/\d{5}$/);
    expect(first.totalPaise).toBe((await chargedOf(booking.id)) - invoice.totalPaise);
    expect(first.references).toEqual([
      expect.objectContaining({ id: invoice.id, number: invoice.number, applied_paise: first.totalPaise }),
    ]);
    expect(first).toMatchObject({
      sac: invoice.sac,
      ratePercent: invoice.ratePercent,
      placeOfSupply: invoice.placeOfSupply,
      intraState: invoice.intraState,
      reason: 'Menu add-ons changed',
    });
    expect(first.taxablePaise + first.cgstPaise + first.sgstPaise + first.igstPaise + first.roundOffPaise).toBe(
      first.totalPaise,
    );
    expect(await documentedOf(booking.id)).toBe(await chargedOf(booking.id));

    // Guests added by the team: a second debit note, the next number of the series.
    const more = await inject('PATCH', `/api/admin/bookings/${booking.id}/details`, admin.auth, { guest_count: 180 });
    expect(more.statusCode, more.body).toBe(200);
    docs = await docsOf(booking.id);
    const debits = docs.filter((d) => d.kind === 'debit_note');
    expect(debits).toHaveLength(2);
    expect(serialOf(debits[1]!.number)).toBe(serialOf(debits[0]!.number) + 1);
    expect(debits[1]!.reason).toBe('Guests changed from 150 to 180');
    expect(await documentedOf(booking.id)).toBe(await chargedOf(booking.id));

    // Fewer guests: the invoiced amount goes down, so a credit note, and the documents still equal the ledger.
    const fewer = await inject('PATCH', `/api/admin/bookings/${booking.id}/details`, admin.auth, { guest_count: 160 });
    expect(fewer.statusCode, fewer.body).toBe(200);
    docs = await docsOf(booking.id);
    expect(docs.filter((d) => d.kind === 'credit_note')).toHaveLength(1);
    expect(await documentedOf(booking.id)).toBe(await chargedOf(booking.id));

    // The customer sees the debit notes in My Bookings and downloads their PDF; the admin too.
    const mine = await inject('GET', `/api/me/bookings/${booking.id}/gst`, alice.auth);
    const listed = (mine.json() as { documents: { kind: string; title: string; number: string }[] }).documents;
    expect(listed.filter((d) => d.kind === 'debit_note').map((d) => d.title)).toEqual(['Debit Note', 'Debit Note']);
    const adminView = await inject('GET', `/api/bookings/${booking.id}/gst`, admin.auth);
    expect((adminView.json() as { documents: { kind: string }[] }).documents.map((d) => d.kind)).toContain(
      'debit_note',
    );
    const pdf = await inject('GET', `/api/me/bookings/${booking.id}/gst/${first.id}/pdf`, alice.auth);
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    for (const expected of [
      'DEBIT NOTE',
      'Nature of document: Debit Note',
      first.number,
      invoice.number,
      'Reason: Menu add-ons',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toContain('Value debited');
    const adminPdf = await inject('GET', `/api/admin/gst/documents/${first.id}/pdf`, admin.auth);
    expect(adminPdf.statusCode).toBe(200);

    // Immutable like every document.
    await expect(
      t.deps.db.update(gstDocuments).set({ totalPaise: 1 }).where(eq(gstDocuments.id, first.id)),
    ).rejects.toThrow();
  });

  it('nothing is issued before the invoice: the invoice is then for the new value', async () => {
    const booking = await makePricedBooking(t.deps, alice, 100, { days: 45 });
    await inject('POST', `/api/admin/bookings/${booking.id}/payments`, admin.auth, {
      amount: 999,
      method: 'bank_transfer',
      reference: 'NEFT-DN-PRE',
    });
    await inject('PATCH', `/api/admin/bookings/${booking.id}/details`, admin.auth, { guest_count: 130 });
    expect((await docsOf(booking.id)).map((d) => d.kind)).toEqual(['receipt_voucher']);
  });

  it('GSTR-1 reports debit notes as "D" in 9B (registered and unregistered) and the summary counts them', async () => {
    // A registered customer: the Delhi company's GSTIN goes on before the invoice.
    const large = await makePricedBooking(t.deps, alice, 200, { city: 'Mumbai', pricingTier: 'luxury', days: 45 });
    await inject('POST', `/api/admin/bookings/${large.id}/payments`, admin.auth, {
      amount: 999,
      method: 'bank_transfer',
      reference: 'NEFT-DN-B2CL',
    });
    expect((await inject('POST', `/api/bookings/${large.id}/gst/invoice`, admin.auth)).statusCode).toBe(200);
    // Unregistered, inter-State (Maharashtra), above ₹1,00,000: a B2CL invoice, so its notes go to CDNUR.
    expect(
      (await inject('PATCH', `/api/admin/bookings/${large.id}/details`, admin.auth, { guest_count: 220 })).statusCode,
    ).toBe(200);
    const b2clDebit = (await docsOf(large.id)).find((d) => d.kind === 'debit_note')!;
    expect(b2clDebit.intraState).toBe(false);
    expect(b2clDebit.igstPaise).toBeGreaterThan(0);

    const registered = await invoicedBookingWithGstin();
    const registeredDebit = (await docsOf(registered)).find((d) => d.kind === 'debit_note')!;

    const month = todayInIndia().slice(0, 7);
    const csv = async (table: string) => {
      const response = await inject('GET', `/api/admin/gst/gstr1.csv?month=${month}&table=${table}`, admin.auth);
      expect(response.statusCode).toBe(200);
      return response.body;
    };
    const cdnr = await csv('cdnr');
    expect(cdnr).toContain(`"${registeredDebit.number}"`);
    expect(cdnr).toMatch(new RegExp(`"${registeredDebit.number.replace(/\//g, '\\/')}","[^"]+","D"`));
    const cdnur = await csv('cdnur');
    expect(cdnur).toMatch(new RegExp(`"B2CL","${b2clDebit.number.replace(/\//g, '\\/')}","[^"]+","D"`));
    expect(await csv('docs')).toContain('"Debit Note"');

    const summary = (await inject('GET', `/api/admin/gst/summary?month=${month}`, admin.auth)).json() as {
      documents: { kind: string; count: number; total: number; taxable_value: number }[];
      supplies_by_rate: { taxable_value: number }[];
    };
    const all = await t.deps.db.select().from(gstDocuments);
    const of = (kind: string) => all.filter((d) => d.kind === kind);
    const sum = (docs: typeof all, key: 'totalPaise' | 'taxablePaise') => docs.reduce((acc, d) => acc + d[key], 0);
    const debitRow = summary.documents.find((d) => d.kind === 'debit_note')!;
    expect(debitRow.count).toBe(of('debit_note').length);
    expect(Math.round(debitRow.total * 100)).toBe(sum(of('debit_note'), 'totalPaise'));
    const supplies = summary.supplies_by_rate.reduce((acc, r) => acc + Math.round(r.taxable_value * 100), 0);
    expect(supplies).toBe(
      sum(of('tax_invoice'), 'taxablePaise') +
        sum(of('debit_note'), 'taxablePaise') -
        sum(of('credit_note'), 'taxablePaise'),
    );
    expect(registeredBookingId).not.toBe('');
  });
});

describe('the place of supply once money is documented', () => {
  it('cannot move to another state after a receipt voucher; the rest of the details can still change', async () => {
    const booking = await makePricedBooking(t.deps, alice, 80, { days: 45 });
    const paid = await inject('POST', `/api/admin/bookings/${booking.id}/payments`, admin.auth, {
      amount: 999,
      method: 'bank_transfer',
      reference: 'NEFT-POS-1',
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const [voucher] = await t.deps.db.select().from(gstDocuments).where(eq(gstDocuments.bookingId, booking.id));
    expect(voucher).toMatchObject({ kind: 'receipt_voucher', placeOfSupply: '23' });

    const moved = await inject('PUT', `/api/me/bookings/${booking.id}/gst`, alice.auth, { venue_state_code: '27' });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().detail).toBe(
      "This booking's GST receipts name Madhya Pradesh as the place of supply: the state the event is held in " +
        'cannot change after them',
    );
    const asAdmin = await inject('PUT', `/api/bookings/${booking.id}/gst`, admin.auth, { venue_state_code: '27' });
    expect(asAdmin.statusCode).toBe(409);
    const named = await inject('PUT', `/api/me/bookings/${booking.id}/gst`, alice.auth, {
      company_name: 'Malwa Traders',
      billing_address: '12, MG Road, Indore',
      venue_state_code: '23',
    });
    expect(named.statusCode, named.body).toBe(200);
  });
});

/** A booking for the Delhi company, invoiced, then a counter added: its debit note is B2B (table 9B, CDNR). */
async function invoicedBookingWithGstin(): Promise<string> {
  const booking = await makePricedBooking(t.deps, alice, 90, { eventType: 'corporate', days: 45 });
  const details = await inject('PUT', `/api/me/bookings/${booking.id}/gst`, alice.auth, {
    company_name: 'Delhi Events Pvt Ltd',
    gstin: DELHI_GSTIN,
  });
  expect(details.statusCode, details.body).toBe(200);
  await inject('POST', `/api/admin/bookings/${booking.id}/payments`, admin.auth, {
    amount: 999,
    method: 'bank_transfer',
    reference: 'NEFT-DN-B2B',
  });
  expect((await inject('POST', `/api/bookings/${booking.id}/gst/invoice`, admin.auth)).statusCode).toBe(200);
  const menu = await inject('PUT', `/api/bookings/${booking.id}/menu`, admin.auth, {
    guests: { veg: 90, jain: 0, non_veg: 0 },
    dish_ids: [dish.starter, dish.main, dish.counter],
  });
  expect(menu.statusCode, menu.body).toBe(200);
  return booking.id;
}
