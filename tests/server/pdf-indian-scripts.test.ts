import { beforeAll, describe, expect, it } from 'vitest';
import { registerForGst } from './helpers/gst';
import { pdfText, wordsMissing } from './helpers/pdf-text';
import { makePricedBooking } from './helpers/projects';
import { setUpSuite } from './helpers/suite';

/*
 * A customer who writes their name in Devanagari, or in another Indian script, finds it on their quote and GST
 * documents, set in a font that has those letters (the PDFs' Roboto has none, so the name came out blank).
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

/**
 * A name and an event name in each other Indian script, and the font that sets them. The Gurmukhi, Telugu and
 * Malayalam names have marks that their font leaves without an anchor (ਸਿੰ, ప్రి, ണ്ണി), which once failed the PDF.
 */
const SCRIPTS = [
  { script: 'Bengali', font: 'NotoSansBengali', name: 'শ্রীমতী প্রিয়া সেন', event: 'বিয়ের ভোজ' },
  { script: 'Bengali (Assamese)', font: 'NotoSansBengali', name: 'প্ৰিয়া বৰুৱা', event: 'বিয়াৰ ভোজ' },
  { script: 'Gujarati', font: 'NotoSansGujarati', name: 'શ્રીમતી પ્રિયા પટેલ', event: 'લગ્ન સમારંભ' },
  { script: 'Gurmukhi', font: 'NotoSansGurmukhi', name: 'ਗੁਰਪ੍ਰੀਤ ਸਿੰਘ', event: 'ਵਿਆਹ ਦੀ ਦਾਅਵਤ' },
  { script: 'Odia', font: 'NotoSansOriya', name: 'ଶ୍ରୀମତୀ ପ୍ରିୟା ଦାସ', event: 'ବିବାହ ଭୋଜି' },
  { script: 'Tamil', font: 'NotoSansTamil', name: 'திருமதி பிரியா ராமன்', event: 'திருமண விருந்து' },
  { script: 'Telugu', font: 'NotoSansTelugu', name: 'శ్రీమతి ప్రియ రెడ్డి', event: 'పెళ్లి విందు' },
  { script: 'Kannada', font: 'NotoSansKannada', name: 'ಶ್ರೀಮತಿ ಪ್ರಿಯಾ ರಾವ್', event: 'ಮದುವೆ ಔತಣ' },
  { script: 'Malayalam', font: 'NotoSansMalayalam', name: 'ഉണ്ണികൃഷ്ണൻ നായർ', event: 'കല്യാണ സദ്യ' },
];

describe('a name written in another Indian script', () => {
  it.each(SCRIPTS)(
    'in $script is on the quote PDF and the receipt voucher, in $font',
    async ({ font, name, event }) => {
      const booking = await makePricedBooking(t.deps, customer, 120, { clientName: name, eventName: event });
      const quote = await inject('GET', `/api/me/bookings/${booking.id}/quote.pdf`, customer.auth);
      expect(quote.statusCode, quote.body).toBe(200);
      expect(fonts(quote.rawPayload)).toContain(`${font}-Regular`);
      expect(wordsMissing(pdfText(quote.rawPayload), `${name} ${event}`)).toEqual([]);

      const paid = await inject('POST', `/api/admin/bookings/${booking.id}/payments`, admin.auth, {
        amount: 999,
        method: 'bank_transfer',
        reference: `NEFT-${booking.id.slice(0, 8)}`,
      });
      expect(paid.statusCode, paid.body).toBe(201);
      const documents = (await inject('GET', `/api/bookings/${booking.id}/gst`, admin.auth)).json().documents;
      const voucher = documents.find((d: { kind: string }) => d.kind === 'receipt_voucher');
      const pdf = await inject('GET', `/api/admin/gst/documents/${voucher.id}/pdf`, admin.auth);
      expect(pdf.statusCode).toBe(200);
      expect(wordsMissing(pdfText(pdf.rawPayload), name)).toEqual([]);
    },
  );
});
