import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerForGst } from './helpers/gst';
import { makeActor, makePricedBooking, type Actor } from './helpers/projects';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * A customer who writes their name in Devanagari finds it on their quote and GST documents, set in a font that has
 * those letters (the PDFs' Roboto has none, so the name came out blank).
 */
let t: TestApp;
let admin: Actor;
let customer: Actor;
const NAME = 'श्रीमती प्रिया शर्मा';

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, auth?: object, payload?: object) =>
  t.app.inject({ method, url, headers: (auth ?? {}) as Record<string, string>, ...(payload && { payload }) });

beforeAll(async () => {
  t = await createTestApp();
  admin = await makeActor(t.deps, 'admin');
  customer = await makeActor(t.deps, 'customer');
  await registerForGst(t, admin.auth);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

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
