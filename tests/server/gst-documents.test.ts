import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookings, gstDocuments, refunds } from '../../src/server/db/schema';
import { addDays, formatLongDate, todayInIndia } from '../../src/shared/dates';
import { gstinCheckChar } from '../../src/shared/gstin';
import { gstDocumentAttachment } from '../../src/server/modules/gst/gst.service';
import { makeBooking } from './helpers/projects';
import { pdfText } from './helpers/pdf-text';
import { setUpSuite } from './helpers/suite';
import { outboxMails } from './helpers/fixtures';

/*
 * GST documents issued with the money events (docs/gst.md): receipt vouchers on payments, the tax invoice on
 * completion, a refund voucher when an advance goes back, credit notes, the PDFs and the month's GSTR-1 tables.
 */
const { t, admin, alice, inject } = setUpSuite();

const withCheck = (first14: string) => first14 + gstinCheckChar(first14);
const HOME_GSTIN = withCheck('23AAACA1234A1Z');
const DELHI_GSTIN = withCheck('07AABCD5678E1Z');

const settingsBody = {
  business: {
    legal_name: 'Annapurna Hospitality Private Limited',
    trade_name: 'Annapurna Events',
    address: '12, Race Course Road, Indore, Madhya Pradesh 452003',
    state_code: '23',
    gstin: HOME_GSTIN,
    fssai: '11423999000123',
    package_sac: '996334',
  },
  rates: [
    {
      sac: '996334',
      description: 'Outdoor catering services',
      service_kind: 'catering',
      rate_percent: 18,
      itc: true,
      effective_from: '2017-07-01',
    },
    {
      sac: '998596',
      description: 'Event organisation services',
      service_kind: 'event_organisation',
      rate_percent: 18,
      itc: true,
      effective_from: '2017-07-01',
    },
  ],
};

const record = (bookingId: string, amount: number, reference: string) =>
  inject('POST', `/api/admin/bookings/${bookingId}/payments`, admin.auth, {
    amount,
    method: 'bank_transfer',
    reference,
  });

const docsOf = async (bookingId: string) =>
  t.deps.db.select().from(gstDocuments).where(eq(gstDocuments.bookingId, bookingId)).orderBy(gstDocuments.issuedAt);

describe('GST settings', () => {
  it('issues nothing before the business has a GSTIN', async () => {
    const booking = await makeBooking(t.deps, { clientEmail: alice.email, userId: alice.id });
    expect((await record(booking.id, 999, 'NEFT-PRE-1')).statusCode).toBe(201);
    expect(await docsOf(booking.id)).toHaveLength(0);
  });

  it('refuses an invalid GSTIN and a state that does not match it, at the field', async () => {
    const bad = await inject('PUT', '/api/admin/settings/gst', admin.auth, {
      ...settingsBody,
      business: { ...settingsBody.business, gstin: HOME_GSTIN.slice(0, 14) + (HOME_GSTIN[14] === 'A' ? 'B' : 'A') },
    });
    expect(bad.statusCode).toBe(422);
    expect(JSON.stringify(bad.json())).toContain('not valid');
    const otherState = await inject('PUT', '/api/admin/settings/gst', admin.auth, {
      ...settingsBody,
      business: { ...settingsBody.business, state_code: '27' },
    });
    expect(otherState.statusCode).toBe(422);
    expect((await inject('PUT', '/api/admin/settings/gst', alice.auth, settingsBody)).statusCode).toBe(403);
  });

  it('saves the identity and the rate table; the site footer brand shows the GSTIN and FSSAI number', async () => {
    const saved = await inject('PUT', '/api/admin/settings/gst', admin.auth, settingsBody);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().business.gstin).toBe(HOME_GSTIN);
    const brand = (await inject('GET', '/api/site/brand')).json();
    expect(brand).toMatchObject({ gstin: HOME_GSTIN, fssai: '11423999000123' });
  });
});

describe('receipt vouchers, the tax invoice and the PDFs', () => {
  it('a payment in Indore gets a receipt voucher with CGST + SGST; completion issues the invoice adjusting it', async () => {
    const booking = await makeBooking(t.deps, {
      clientEmail: alice.email,
      userId: alice.id,
      finalAmountPaise: 1_18_000_00,
      eventDate: todayInIndia(),
    });
    expect((await record(booking.id, 999, 'NEFT-A-1')).statusCode).toBe(201);
    expect((await record(booking.id, 29_001, 'NEFT-A-2')).statusCode).toBe(201);
    let docs = await docsOf(booking.id);
    expect(docs.map((d) => d.kind)).toEqual(['receipt_voucher', 'receipt_voucher']);
    const [rv] = docs;
    expect(rv!.number).toMatch(/^RV\/\d{2}-\d{2}\/\d{5}$/);
    expect(rv!.placeOfSupply).toBe('23');
    expect(rv!.intraState).toBe(true);
    expect(rv!.igstPaise).toBe(0);
    expect(rv!.cgstPaise).toBe(rv!.sgstPaise);
    expect(rv!.taxablePaise + rv!.cgstPaise + rv!.sgstPaise + rv!.roundOffPaise).toBe(999_00);

    // The receipt e-mail names the voucher and carries it as its PDF, made from the issued row when it is sent.
    const mails = await outboxMails(t.deps, { to: alice.email });
    const receipt = mails.find((m) => (m.htmlBody ?? '').includes(rv!.number))!;
    expect(receipt.textBody).toContain(`Your GST receipt voucher ${rv!.number} is attached (PDF)`);
    expect(receipt.attachments).toEqual([{ kind: 'gst_document', id: rv!.id }]);
    const file = await gstDocumentAttachment(t.deps, receipt.attachments[0]!);
    expect(file).toMatchObject({ filename: `${rv!.number.replace(/\//g, '-')}.pdf`, contentType: 'application/pdf' });
    expect(pdfText(file.content)).toContain(rv!.number);

    await inject('PUT', `/api/bookings/${booking.id}/status`, admin.auth, { status: 'in_progress' });
    const done = await inject('PUT', `/api/bookings/${booking.id}/status`, admin.auth, { status: 'completed' });
    expect(done.statusCode).toBe(200);
    docs = await docsOf(booking.id);
    const invoice = docs.find((d) => d.kind === 'tax_invoice')!;
    expect(invoice.totalPaise).toBe(1_18_000_00);
    expect(invoice.taxablePaise).toBe(1_00_000_00);
    expect(invoice.cgstPaise).toBe(9_000_00);
    expect(invoice.advanceAdjustedPaise).toBe(30_000_00);
    expect(invoice.references.map((r) => r.number)).toEqual(
      docs.filter((d) => d.kind === 'receipt_voucher').map((d) => d.number),
    );

    // A payment after the invoice settles it: no receipt voucher.
    expect((await record(booking.id, 10_000, 'NEFT-A-3')).statusCode).toBe(201);
    expect((await docsOf(booking.id)).filter((d) => d.kind === 'receipt_voucher')).toHaveLength(2);

    // The customer's view and PDF; every required field is printed.
    const view = await inject('GET', `/api/me/bookings/${booking.id}/gst`, alice.auth);
    expect(view.statusCode).toBe(200);
    expect(view.json().documents).toHaveLength(3);
    // The booking's timeline names each document by its kind and number, and tells each change in the order its
    // rows were written, though one transaction wrote them.
    const timeline = (await inject('GET', `/api/me/bookings/${booking.id}`, alice.auth)).json().timeline;
    const [, secondVoucher] = docs.filter((d) => d.kind === 'receipt_voucher');
    expect(timeline.map((entry: { label: string }) => entry.label)).toEqual([
      'Payment received',
      `Receipt voucher ${rv!.number} issued`,
      'Status: confirmed',
      'Payment received',
      `Receipt voucher ${secondVoucher!.number} issued`,
      'Status: in progress',
      'Status: completed',
      `Tax invoice ${invoice.number} issued`,
      'Payment received',
    ]);
    const pdf = await inject('GET', `/api/me/bookings/${booking.id}/gst/${invoice.id}/pdf`, alice.auth);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.rawPayload);
    for (const expected of [
      'TAX INVOICE',
      invoice.number,
      'Annapurna Hospitality Private Limited',
      HOME_GSTIN,
      'FSSAI licence no.: 11423999000123',
      'Meera Joshi',
      'Sayaji Banquets',
      '23-Madhya Pradesh',
      '996334',
      'CGST @ 9%',
      'SGST @ 9%',
      '₹1,00,000',
      '₹1,18,000',
      'Rupees One Lakh Eighteen Thousand Only',
      'Reverse charge: No',
      'Authorised Signatory',
      rv!.number,
    ]) {
      expect(text).toContain(expected);
    }
    const rvPdf = pdfText((await inject('GET', `/api/admin/gst/documents/${rv!.id}/pdf`, admin.auth)).rawPayload);
    expect(rvPdf).toContain('RECEIPT VOUCHER');
    expect(rvPdf).toContain('Amount of advance');
  });

  it('outside Madhya Pradesh is IGST; a Delhi GSTIN is B2B; an invalid GSTIN is refused at the field', async () => {
    const booking = await makeBooking(t.deps, { clientEmail: alice.email, userId: alice.id, city: 'Mumbai' });
    const invalid = await inject('PUT', `/api/me/bookings/${booking.id}/gst`, alice.auth, {
      company_name: 'Delhi Events Pvt Ltd',
      gstin: '07AABCD5678E1ZZ',
    });
    expect(invalid.statusCode).toBe(422);
    const saved = await inject('PUT', `/api/me/bookings/${booking.id}/gst`, alice.auth, {
      company_name: 'Delhi Events Pvt Ltd',
      gstin: DELHI_GSTIN.toLowerCase(),
      billing_address: 'Connaught Place, New Delhi 110001',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().details).toMatchObject({ gstin: DELHI_GSTIN, venue_state_code: '27' });
    expect((await record(booking.id, 999, 'NEFT-B-1')).statusCode).toBe(201);
    const [rv] = await docsOf(booking.id);
    // Catering: the place of supply is the venue (Maharashtra), inter-State, whoever the customer is.
    expect(rv).toMatchObject({ placeOfSupply: '27', intraState: false, cgstPaise: 0 });
    expect(rv!.recipient).toMatchObject({ gstin: DELHI_GSTIN, company_name: 'Delhi Events Pvt Ltd' });
  });

  it('a venue in an unknown city takes no payment until its state is named', async () => {
    const booking = await makeBooking(t.deps, { clientEmail: alice.email, userId: alice.id, city: 'Khandala Hills' });
    const refused = await record(booking.id, 999, 'NEFT-C-1');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toContain('state the event is held in');
    const named = await inject('PUT', `/api/bookings/${booking.id}/gst`, admin.auth, { venue_state_code: '27' });
    expect(named.statusCode).toBe(200);
    expect((await record(booking.id, 999, 'NEFT-C-2')).statusCode).toBe(201);
    expect((await docsOf(booking.id))[0]!.placeOfSupply).toBe('27');
  });
});

describe('cancellations, refunds and credit notes', () => {
  it('a company cancellation before the invoice: the refund paid out gets a refund voucher naming the receipts', async () => {
    const booking = await makeBooking(t.deps, { clientEmail: alice.email, userId: alice.id });
    await record(booking.id, 999, 'NEFT-D-1');
    await inject('PUT', `/api/bookings/${booking.id}/status`, admin.auth, { status: 'cancelled' });
    const [refund] = await t.deps.db.select().from(refunds).where(eq(refunds.bookingId, booking.id));
    expect((await docsOf(booking.id)).map((d) => d.kind)).toEqual(['receipt_voucher']);
    expect((await inject('PUT', `/api/admin/refunds/${refund!.id}/paid`, admin.auth, {})).statusCode).toBe(200);
    const docs = await docsOf(booking.id);
    const voucher = docs.find((d) => d.kind === 'refund_voucher')!;
    expect(voucher.totalPaise).toBe(999_00);
    expect(voucher.references[0]!.number).toBe(docs[0]!.number);
    const text = pdfText((await inject('GET', `/api/admin/gst/documents/${voucher.id}/pdf`, admin.auth)).rawPayload);
    expect(text).toContain('REFUND VOUCHER');
    expect(text).toContain(docs[0]!.number);
  });

  it('a company cancellation that keeps nothing offers no tax invoice, for the reason the issue call gives', async () => {
    const booking = await makeBooking(t.deps, { clientEmail: alice.email, userId: alice.id });
    await record(booking.id, 999, 'NEFT-D0-1');
    await inject('PUT', `/api/bookings/${booking.id}/status`, admin.auth, { status: 'cancelled' });
    const view = await inject('GET', `/api/bookings/${booking.id}/gst`, admin.auth);
    expect(view.statusCode, view.body).toBe(200);
    const refusal = 'Nothing is charged on this booking, so there is nothing to invoice';
    expect(view.json().invoice).toMatchObject({ can_issue: false, reason: refusal });
    const issued = await inject('POST', `/api/bookings/${booking.id}/gst/invoice`, admin.auth);
    expect(issued.statusCode).toBe(409);
    expect(issued.json().detail).toBe(refusal);
  });

  it('a refund voucher after a date change names the receipt voucher and the supply on the current date', async () => {
    const firstDate = addDays(todayInIndia(), 60);
    const newDate = addDays(todayInIndia(), 85);
    const booking = await makeBooking(t.deps, {
      clientEmail: alice.email,
      userId: alice.id,
      status: 'confirmed',
      eventName: 'Priya Cousin Engagement',
      eventDate: firstDate,
    });
    await record(booking.id, 20_000, 'NEFT-DC-1');
    const moved = await inject('POST', `/api/me/bookings/${booking.id}/change-date`, alice.auth, {
      new_date: newDate,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await inject('PUT', `/api/bookings/${booking.id}/status`, admin.auth, { status: 'cancelled' });
    const [refund] = await t.deps.db.select().from(refunds).where(eq(refunds.bookingId, booking.id));
    expect((await inject('PUT', `/api/admin/refunds/${refund!.id}/paid`, admin.auth, {})).statusCode).toBe(200);
    const docs = await docsOf(booking.id);
    const receipt = docs.find((d) => d.kind === 'receipt_voucher')!;
    const voucher = docs.find((d) => d.kind === 'refund_voucher')!;
    // docs/gst.md#refund-voucher: the receipt voucher it refunds and the supply, the event as typed, one date.
    expect(voucher.description).toBe(
      `Refund of the advance received under receipt voucher ${receipt.number}: ` +
        `Outdoor catering services for Priya Cousin Engagement on ${formatLongDate(newDate)}`,
    );
    // The receipt voucher's own line words the supply as the rate table does, as every document's line does.
    expect(receipt.description).toMatch(
      new RegExp(
        `^Advance \\([^)]+\\): Outdoor catering services for Priya Cousin Engagement on ${formatLongDate(firstDate)}$`,
      ),
    );
    const text = pdfText((await inject('GET', `/api/admin/gst/documents/${voucher.id}/pdf`, admin.auth)).rawPayload);
    expect(text).not.toContain(formatLongDate(firstDate));
  });

  it('cancelled after the invoice with a refund: a credit note against the invoice for what is no longer kept', async () => {
    const booking = await makeBooking(t.deps, {
      clientEmail: alice.email,
      userId: alice.id,
      finalAmountPaise: 1_00_000_00,
      eventDate: addDays(todayInIndia(), 60),
    });
    await record(booking.id, 999, 'NEFT-E-1');
    await record(booking.id, 49_001, 'NEFT-E-2');
    const issued = await inject('POST', `/api/bookings/${booking.id}/gst/invoice`, admin.auth);
    expect(issued.statusCode).toBe(200);
    expect((await inject('POST', `/api/bookings/${booking.id}/gst/invoice`, admin.auth)).statusCode).toBe(409);
    const cancel = await inject('POST', `/api/me/bookings/${booking.id}/cancel`, alice.auth);
    expect(cancel.statusCode).toBe(200);
    const docs = await docsOf(booking.id);
    const invoice = docs.find((d) => d.kind === 'tax_invoice')!;
    const note = docs.find((d) => d.kind === 'credit_note')!;
    const [row] = await t.deps.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row!.status).toBe('cancelled');
    // Kept: the 25% deposit plus 75%'s complement of the rest (more than 30 days out): 25,000 + 25% × 25,000.
    expect(invoice.totalPaise - note.totalPaise).toBe(31_250_00);
    expect(note.references[0]).toMatchObject({ number: invoice.number });
    expect(note.intraState).toBe(invoice.intraState);
    const text = pdfText((await inject('GET', `/api/admin/gst/documents/${note.id}/pdf`, admin.auth)).rawPayload);
    expect(text).toContain('CREDIT NOTE');
    expect(text).toContain(invoice.number);
  });

  it('documents can be neither edited nor deleted', async () => {
    const [doc] = await t.deps.db.select().from(gstDocuments).limit(1);
    await expect(
      t.deps.db.update(gstDocuments).set({ totalPaise: 1 }).where(eq(gstDocuments.id, doc!.id)),
    ).rejects.toThrow();
    await expect(t.deps.db.execute(sql`DELETE FROM gst_documents WHERE id = ${doc!.id}`)).rejects.toThrow();
  });
});

describe("the accountant's month", () => {
  it('the summary and every GSTR-1 table agree with the documents issued this month, to the paisa', async () => {
    const month = todayInIndia().slice(0, 7);
    const summary = await inject('GET', `/api/admin/gst/summary?month=${month}`, admin.auth);
    expect(summary.statusCode).toBe(200);
    const docs = await t.deps.db.select().from(gstDocuments);
    const body = summary.json();
    const sum = (kind: string, key: 'taxablePaise' | 'totalPaise') =>
      docs.filter((d) => d.kind === kind).reduce((acc, d) => acc + d[key], 0) / 100;
    for (const kind of ['receipt_voucher', 'tax_invoice', 'refund_voucher', 'credit_note']) {
      const row = body.documents.find((d: { kind: string }) => d.kind === kind);
      expect(row.total).toBeCloseTo(sum(kind, 'totalPaise'), 2);
      expect(row.count).toBe(docs.filter((d) => d.kind === kind).length);
    }
    const supplies = body.supplies_by_rate.reduce(
      (acc: number, r: { taxable_value: number }) => acc + r.taxable_value,
      0,
    );
    expect(supplies).toBeCloseTo(sum('tax_invoice', 'taxablePaise') - sum('credit_note', 'taxablePaise'), 2);

    const csv = await inject('GET', `/api/admin/gst/gstr1.csv?month=${month}&table=b2b`, admin.auth);
    expect(csv.statusCode).toBe(200);
    expect(csv.body.startsWith('\uFEFF"GSTIN/UIN of Recipient","Receiver Name","Invoice Number"')).toBe(true);
    const docsCsv = (await inject('GET', `/api/admin/gst/gstr1.csv?month=${month}&table=docs`, admin.auth)).body;
    expect(docsCsv).toContain('"Receipt voucher"');
    expect(docsCsv).toContain('"Invoices for outward supply"');
    expect((await inject('GET', `/api/admin/gst/gstr1.csv?month=${month}&table=nope`, admin.auth)).statusCode).toBe(
      422,
    );
    expect((await inject('GET', `/api/admin/gst/summary?month=2026-13`, admin.auth)).statusCode).toBe(422);
    expect((await inject('GET', `/api/admin/gst/summary?month=0000-01`, admin.auth)).statusCode).toBe(422);
    expect((await inject('GET', `/api/admin/gst/summary?month=${month}`, alice.auth)).statusCode).toBe(403);
  });
});

describe('a rate that changes between the quote and its documents (docs/gst.md#settings)', () => {
  it('issues each document at the rate of its day, and the customer still pays the total agreed', async () => {
    expect((await inject('PUT', '/api/admin/settings/gst', admin.auth, settingsBody)).statusCode).toBe(200);
    const booking = await makeBooking(t.deps, {
      clientEmail: alice.email,
      userId: alice.id,
      finalAmountPaise: 1_18_000_00,
      subtotalPaise: 1_00_000_00,
      gstPaise: 18_000_00,
      gstPercent: 18,
      eventDate: todayInIndia(),
    });
    expect((await record(booking.id, 999, 'NEFT-RATE-1')).statusCode).toBe(201);
    // Outdoor catering at 5% without ITC from today: a row the admin adds on the CA's advice.
    const cateringAt5 = { ...settingsBody.rates[0]!, rate_percent: 5, itc: false, effective_from: todayInIndia() };
    const changed = await inject('PUT', '/api/admin/settings/gst', admin.auth, {
      ...settingsBody,
      rates: [...settingsBody.rates, cateringAt5],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await record(booking.id, 29_001, 'NEFT-RATE-2')).statusCode).toBe(201);
    await inject('PUT', `/api/bookings/${booking.id}/status`, admin.auth, { status: 'in_progress' });
    expect(
      (await inject('PUT', `/api/bookings/${booking.id}/status`, admin.auth, { status: 'completed' })).statusCode,
    ).toBe(200);

    const docs = await docsOf(booking.id);
    const [before, after] = docs.filter((d) => d.kind === 'receipt_voucher');
    const invoice = docs.find((d) => d.kind === 'tax_invoice')!;
    const whole = (d: typeof invoice) => d.taxablePaise + d.cgstPaise + d.sgstPaise + d.igstPaise + d.roundOffPaise;
    // The voucher issued before the change keeps its rate; the later ones take the new one.
    expect(before!.ratePercent).toBe(18);
    expect(whole(before!)).toBe(999_00);
    expect(after!.ratePercent).toBe(5);
    expect(whole(after!)).toBe(29_001_00);
    expect(after!.cgstPaise * 2).toBeLessThan(Math.round((29_001_00 * 18) / 118));
    // The invoice is the agreed total, split at the new rate: ₹1,18,000 = ₹1,12,380.95 + 5%.
    expect(invoice.ratePercent).toBe(5);
    expect(invoice.totalPaise).toBe(1_18_000_00);
    expect(whole(invoice)).toBe(1_18_000_00);
    expect(invoice.cgstPaise + invoice.sgstPaise).toBe(1_18_000_00 - invoice.taxablePaise - invoice.roundOffPaise);
    const [stored] = await t.deps.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(stored!.finalAmountPaise).toBe(1_18_000_00);
    // Later documents of the file start from the table as it was.
    expect((await inject('PUT', '/api/admin/settings/gst', admin.auth, settingsBody)).statusCode).toBe(200);
  });
});
