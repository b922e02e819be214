import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { gstDocuments } from '../../src/server/db/schema';
import { ledgerSums } from '../../src/shared/booking-rules';
import { apportionSplit, splitInclusive } from '../../src/shared/gst';
import { gstinCheckChar } from '../../src/shared/gstin';
import { packagePriceParts, pricePackage } from '../../src/shared/pricing';
import { bookingLedger } from '../../src/server/db/schema';
import { makePricedBooking } from './helpers/projects';
import { pdfText } from './helpers/pdf-text';
import { setUpSuite } from './helpers/suite';

/*
 * The tax invoice lists the menu's add-ons as their own lines (docs/gst.md#lines): each with its SAC, description,
 * taxable value and tax split, shared out of the invoice by the same pricing functions, adding up to it to the
 * paisa; and the invoice still agrees with the ledger.
 */
const { t, admin, alice, inject } = setUpSuite();
const dish: Record<string, string> = {};

const HOME_GSTIN = ((first14: string) => first14 + gstinCheckChar(first14))('23AAACA1234A1Z');

async function addDish(key: string, body: object) {
  const response = await inject('POST', '/api/admin/dishes', admin.auth, {
    region: 'malwa',
    description: 'As we make it',
    allergens: [],
    yield_per_100: 10,
    yield_unit: 'kg',
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  dish[key] = (response.json() as { id: string }).id;
}

beforeAll(async () => {
  const settings = await inject('GET', '/api/admin/settings/gst', admin.auth);
  const current = settings.json() as { business: object; rates: object[] };
  const saved = await inject('PUT', '/api/admin/settings/gst', admin.auth, {
    business: { ...current.business, gstin: HOME_GSTIN, state_code: '23', fssai: '11423999000123' },
    rates: current.rates,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  await addDish('starter', { name: 'Jain Paneer Tikka', course: 'starters', diet: 'jain' });
  await addDish('main', { name: 'Jain Dal Tadka', course: 'mains', diet: 'jain' });
  await addDish('counter', {
    name: 'Live Jalebi Counter',
    course: 'live_counters',
    diet: 'jain',
    add_on_price: 110.5,
    staff_per_counter: 2,
  });
  await addDish('kulfi', { name: 'Kesar Kulfi', course: 'desserts', diet: 'jain', add_on_price: 70 });
}, 60_000);

/** A premium wedding in Indore priced by the shared instant-quote rule, quoted to Alice. */
async function pricedBooking(guests: number) {
  return makePricedBooking(t.deps, alice, guests);
}

const docsOf = (bookingId: string) =>
  t.deps.db.select().from(gstDocuments).where(eq(gstDocuments.bookingId, bookingId)).orderBy(gstDocuments.issuedAt);

const chargedOf = async (bookingId: string) =>
  ledgerSums(
    (await t.deps.db.select().from(bookingLedger).where(eq(bookingLedger.bookingId, bookingId))).map((row) => ({
      kind: row.kind,
      amount_paise: row.amountPaise,
    })),
  ).charged_paise;

describe('add-on lines on the tax invoice', () => {
  it.each([
    ['below the volume discount', 120],
    ['at the 5% volume discount boundary', 300],
    ['at the 10% volume discount boundary', 700],
  ])('lists the package and each add-on with its own tax split, %s', async (_label, guests) => {
    const booking = await pricedBooking(guests);
    const menu = await inject('PUT', `/api/me/bookings/${booking.id}/menu`, alice.auth, {
      guests: { veg: 0, jain: guests, non_veg: 0 },
      dish_ids: [dish.starter, dish.main, dish.counter, dish.kulfi],
    });
    expect(menu.statusCode, menu.body).toBe(200);
    const pay = await inject('POST', `/api/admin/bookings/${booking.id}/payments`, admin.auth, {
      amount: 999,
      method: 'bank_transfer',
      reference: `NEFT-LINES-${guests}`,
    });
    expect(pay.statusCode, pay.body).toBe(201);
    const issued = await inject('POST', `/api/bookings/${booking.id}/gst/invoice`, admin.auth);
    expect(issued.statusCode, issued.body).toBe(200);

    // The price with the add-ons, by the shared functions the menu priced it with.
    const price = pricePackage({
      tier: 'premium',
      guestCount: guests,
      basePricePerPersonPaise: booking.basePricePerPersonPaise!,
      addOns: [
        // In menu order: desserts come before live counters.
        { description: 'Kesar Kulfi', perGuestPaise: 70_00 },
        { description: 'Live Jalebi Counter', perGuestPaise: 110_50 },
      ],
    });
    const invoice = (await docsOf(booking.id)).find((doc) => doc.kind === 'tax_invoice')!;
    // The invoice agrees with the ledger and the booking's price.
    expect(invoice.totalPaise).toBe(price.finalAmountPaise);
    expect(invoice.totalPaise).toBe(await chargedOf(booking.id));

    const parts = packagePriceParts(price, 'Premium package');
    const expected = apportionSplit(
      splitInclusive(price.finalAmountPaise, 18, true),
      parts.map((part) => part.amountPaise),
    );
    expect(invoice.lines.map((line) => line.description)).toEqual([
      `Premium package, ${guests.toLocaleString('en-IN')} guests`,
      `Kesar Kulfi (add-on): ₹70 × ${guests.toLocaleString('en-IN')} guests`,
      `Live Jalebi Counter (add-on): ₹110.50 × ${guests.toLocaleString('en-IN')} guests`,
    ]);
    invoice.lines.forEach((line, i) => {
      expect(line).toMatchObject({ sac: '996334', ...expected[i] });
      expect(line.igst_paise).toBe(0);
    });
    // Each add-on's taxable value is its price after the volume discount, within a paisa.
    const discounted = (amount: number) => (amount * (100 - price.discountPercent)) / 100;
    expect(Math.abs(invoice.lines[2]!.taxable_paise - discounted(110_50 * guests))).toBeLessThanOrEqual(1);
    expect(Math.abs(invoice.lines[1]!.taxable_paise - discounted(70_00 * guests))).toBeLessThanOrEqual(1);
    // The lines add up to the invoice, head by head.
    const sum = (key: 'taxable_paise' | 'cgst_paise' | 'sgst_paise' | 'igst_paise' | 'total_paise') =>
      invoice.lines.reduce((acc, line) => acc + line[key], 0);
    expect(sum('taxable_paise')).toBe(invoice.taxablePaise);
    expect(sum('cgst_paise')).toBe(invoice.cgstPaise);
    expect(sum('sgst_paise')).toBe(invoice.sgstPaise);
    expect(sum('igst_paise')).toBe(invoice.igstPaise);
    expect(sum('total_paise')).toBe(invoice.totalPaise);

    // The customer's view lists the lines in rupees; the PDF prints each with its split.
    const view = await inject('GET', `/api/me/bookings/${booking.id}/gst`, alice.auth);
    const dto = (
      view.json() as { documents: { kind: string; lines: { description: string; taxable_value: number }[] }[] }
    ).documents.find((doc) => doc.kind === 'tax_invoice')!;
    expect(dto.lines.map((line) => line.taxable_value)).toEqual(invoice.lines.map((line) => line.taxable_paise / 100));
    const pdf = await inject('GET', `/api/me/bookings/${booking.id}/gst/${invoice.id}/pdf`, alice.auth);
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    const inr = (paise: number) => {
      const digits = { minimumFractionDigits: paise % 100 ? 2 : 0, maximumFractionDigits: 2 };
      return `₹${(paise / 100).toLocaleString('en-IN', digits)}`;
    };
    // (The test font's subset maps a few glyphs oddly, so the descriptions are checked by their plain parts.)
    for (const part of [
      'Premium package',
      'Kesar Kul',
      'Jalebi Counter (add-on): ₹110.50',
      'Supply: Outdoor catering',
    ]) {
      expect(text).toContain(part);
    }
    for (const line of invoice.lines) {
      expect(text).toContain(`${inr(line.cgst_paise)} + ${inr(line.sgst_paise)}`);
      expect(text).toContain(inr(line.taxable_paise));
    }
    expect(text).toContain('CGST + SGST');
    expect(text).toContain(inr(invoice.totalPaise));
  });

  it('receipt vouchers stay one line each: an advance is not a supply of particular dishes', async () => {
    const booking = await pricedBooking(150);
    await inject('PUT', `/api/me/bookings/${booking.id}/menu`, alice.auth, {
      guests: { veg: 0, jain: 150, non_veg: 0 },
      dish_ids: [dish.starter, dish.main, dish.counter],
    });
    await inject('POST', `/api/admin/bookings/${booking.id}/payments`, admin.auth, {
      amount: 999,
      method: 'bank_transfer',
      reference: 'NEFT-LINES-RV',
    });
    const [voucher] = await docsOf(booking.id);
    expect(voucher).toMatchObject({ kind: 'receipt_voucher', lines: [] });
  });
});
