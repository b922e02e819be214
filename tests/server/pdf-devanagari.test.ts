import { beforeAll, describe, expect, it } from 'vitest';
import { registerForGst } from './helpers/gst';
import { makePricedBooking } from './helpers/projects';
import { setUpSuite } from './helpers/suite';

/*
 * A customer who writes their name in Devanagari finds it on their quote and GST documents, set in a font that has
 * those letters (the PDFs' Roboto has none, so the name came out blank).
 */
const { t, admin, customer, inject } = setUpSuite({ admin: 'admin', customer: 'customer' });
const NAME = 'श्रीमती प्रिया शर्मा';

beforeAll(async () => {
  await registerForGst(t, admin.auth);
}, 60_000);

const fonts = (pdf: Buffer) =>
  [...pdf.toString('latin1').matchAll(/\/BaseFont \/[A-Z]{6}\+([A-Za-z-]+)/g)].map((m) => m[1]);

describe('a name written in Devanagari', () => {
  it('is set in Noto Sans Devanagari on the quote PDF and the receipt voucher', async () => {
    const booking = await makePricedBooking(t.deps, customer, 120, { clientName: NAME });
    const quote = await inject('GET', `/api/me/bookings/${booking.id}/quote.pdf`, customer.auth);
    expect(quote.statusCode, quote.body).toBe(200);
    expect(fonts(quote.rawPayload)).toContain('NotoSansDevanagari-Regular');

    const paid = await inject('POST', `/api/admin/bookings/${booking.id}/payments`, admin.auth, {
      amount: 999,
      method: 'bank_transfer',
      reference: 'NEFT-DEVA-1',
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const documents = (await inject('GET', `/api/bookings/${booking.id}/gst`, admin.auth)).json().documents;
    const voucher = documents.find((d: { kind: string }) => d.kind === 'receipt_voucher');
    expect(voucher.recipient_name).toBe(NAME);
    const pdf = await inject('GET', `/api/admin/gst/documents/${voucher.id}/pdf`, admin.auth);
    expect(pdf.statusCode).toBe(200);
    expect(fonts(pdf.rawPayload)).toEqual(expect.arrayContaining(['Roboto-Regular', 'NotoSansDevanagari-Regular']));
  });
});
