import { eq, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { gstDocuments, subscriptions } from '../../src/server/db/schema';
import { gstDocumentAttachment } from '../../src/server/modules/gst/gst.service';
import { todayInIndia } from '../../src/shared/dates';
import { registerForGst } from './helpers/gst';
import { makeBooking } from './helpers/projects';
import { outboxMails } from './helpers/fixtures';
import { pdfText } from './helpers/pdf-text';
import { setUpSuite } from './helpers/suite';

/*
 * The ₹99 subscription's GST documents (docs/gst.md#subscription): a tax invoice when it is paid, a credit note
 * against it when an admin refunds ₹49.50, both sent with their e-mails, listed with the subscription and counted in
 * the month's GSTR-1.
 */
const { t, admin, inject } = setUpSuite();

let serial = 0;
/** A visitor's ₹99 order in a fresh e-mail address, paid by UPI with the UTR the admin records. */
async function paidSubscription() {
  serial += 1;
  const email = `member.${serial}.${Date.now()}@example.in`;
  const created = await inject('POST', '/api/payments/subscription-order', undefined, { email, phone: '98260 11111' });
  expect(created.statusCode, created.body).toBe(201);
  const order = created.json() as { order_id: string };
  const utr = `${998877660000 + serial}`;
  const paid = await inject('PUT', `/api/admin/payments/${order.order_id}/utr`, admin.auth, { utr });
  expect(paid.statusCode, paid.body).toBe(200);
  const [sub] = await t.deps.db.select().from(subscriptions).where(eq(subscriptions.email, email));
  expect(sub!.status).toBe('active');
  return { email, order, utr, sub: sub! };
}

const documentsOf = (subscriptionId: string) =>
  t.deps.db
    .select()
    .from(gstDocuments)
    .where(eq(gstDocuments.subscriptionId, subscriptionId))
    .orderBy(gstDocuments.issuedAt);

const listed = async (id: string) =>
  (await t.caller({ token: admin.token }).admin.subscriptions.list()).find((row) => row.id === id)!;

describe('before the business has a GSTIN', () => {
  it('a subscription paid and refunded issues no document, and its e-mails carry none', async () => {
    const { email, sub } = await paidSubscription();
    await t.caller({ token: admin.token }).admin.subscriptions.refund({ id: sub.id });
    expect(await documentsOf(sub.id)).toEqual([]);
    expect((await listed(sub.id)).gst_documents).toEqual([]);
    const mails = await outboxMails(t.deps, { to: email });
    expect(mails.map((mail) => mail.template).sort()).toEqual(['payment_receipt', 'subscription_refunded']);
    for (const mail of mails) expect(mail.attachments).toEqual([]);
  });
});

describe('once registered', () => {
  it('paying issues one tax invoice of ₹99 at 18% in the business’s own state, sent with the receipt', async () => {
    await registerForGst(t, admin.auth);
    const { email, order, utr, sub } = await paidSubscription();
    const [invoice, ...rest] = await documentsOf(sub.id);
    expect(rest).toEqual([]);
    // ₹99 includes GST: ₹83.90 taxable, ₹7.55 CGST + ₹7.55 SGST.
    expect(invoice).toMatchObject({
      kind: 'tax_invoice',
      bookingId: null,
      subscriptionId: sub.id,
      placeOfSupply: '23',
      intraState: true,
      ratePercent: 18,
      taxablePaise: 83_90,
      cgstPaise: 7_55,
      sgstPaise: 7_55,
      igstPaise: 0,
      roundOffPaise: 0,
      totalPaise: 99_00,
      advanceAdjustedPaise: 0,
      references: [],
    });
    expect(invoice!.number).toMatch(/^INV\/\d{2}-\d{2}\/\d{5}$/);
    expect(invoice!.description).toContain(order.order_id);
    expect(invoice!.recipient).toMatchObject({ name: email, email, gstin: null, address: null, state_code: null });

    const [receipt] = await outboxMails(t.deps, { template: 'payment_receipt', to: email });
    expect(receipt!.attachments).toEqual([{ kind: 'gst_document', id: invoice!.id }]);
    expect(receipt!.textBody).toContain(`Your GST tax invoice ${invoice!.number} is attached (PDF).`);
    expect(receipt!.textBody).not.toContain('My Bookings.');
    const file = await gstDocumentAttachment(t.deps, receipt!.attachments[0]!);
    expect(file.contentType).toBe('application/pdf');
    const text = pdfText(file.content);
    expect(text).toContain(invoice!.number);
    expect(text).toContain('Address not given');

    // The same UTR again changes nothing: no second invoice.
    const again = await inject('PUT', `/api/admin/payments/${order.order_id}/utr`, admin.auth, { utr });
    expect(again.statusCode).toBeLessThan(500);
    expect(await documentsOf(sub.id)).toHaveLength(1);
    expect((await listed(sub.id)).gst_documents).toEqual([
      { id: invoice!.id, kind: 'tax_invoice', title: 'Tax Invoice', number: invoice!.number },
    ]);
  });

  it('the ₹49.50 refund is a credit note against the invoice, sent with the refund e-mail, once', async () => {
    const { email, sub } = await paidSubscription();
    const refunded = await t.caller({ token: admin.token }).admin.subscriptions.refund({ id: sub.id });
    const [invoice, note, ...rest] = await documentsOf(sub.id);
    expect(rest).toEqual([]);
    expect(note).toMatchObject({
      kind: 'credit_note',
      subscriptionId: sub.id,
      bookingId: null,
      totalPaise: 49_50,
      placeOfSupply: '23',
      intraState: true,
      reason: 'Subscription refunded',
      references: [{ id: invoice!.id, kind: 'tax_invoice', number: invoice!.number, applied_paise: 49_50 }],
    });
    expect(note!.taxablePaise + note!.cgstPaise + note!.sgstPaise + note!.roundOffPaise).toBe(49_50);
    expect(refunded.gst_documents.map((doc) => doc.number)).toEqual([invoice!.number, note!.number]);

    const [mail] = await outboxMails(t.deps, { template: 'subscription_refunded', to: email });
    expect(mail!.attachments).toEqual([{ kind: 'gst_document', id: note!.id }]);
    expect(mail!.textBody).toContain(`The GST credit note ${note!.number} for the refund`);

    await expect(t.caller({ token: admin.token }).admin.subscriptions.refund({ id: sub.id })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    expect(await documentsOf(sub.id)).toHaveLength(2);
  });

  it('two refunds at once: one is refunded with one credit note, the other is a 409; a refund before payment is a 409', async () => {
    const { sub } = await paidSubscription();
    const refund = () => inject('POST', `/api/admin/subscriptions/${sub.id}/refund`, admin.auth);
    const answers = await Promise.all([refund(), refund()]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect((await documentsOf(sub.id)).map((doc) => doc.kind)).toEqual(['tax_invoice', 'credit_note']);

    const unpaidEmail = `unpaid.${Date.now()}@example.in`;
    const unpaid = await inject('POST', '/api/payments/subscription-order', undefined, {
      email: unpaidEmail,
      phone: '98260 11112',
    });
    expect(unpaid.statusCode).toBe(201);
    const [early] = await t.deps.db.select().from(subscriptions).where(eq(subscriptions.email, unpaidEmail));
    expect(early!.status).toBe('pending');
    expect((await inject('POST', `/api/admin/subscriptions/${early!.id}/refund`, admin.auth)).statusCode).toBe(409);
    expect(await documentsOf(early!.id)).toEqual([]);
  });

  it('the same UTR recorded twice at once issues one invoice', async () => {
    serial += 1;
    const email = `together.${serial}.${Date.now()}@example.in`;
    const order = (
      await inject('POST', '/api/payments/subscription-order', undefined, { email, phone: '98260 11113' })
    ).json() as { order_id: string };
    const record = () =>
      inject('PUT', `/api/admin/payments/${order.order_id}/utr`, admin.auth, { utr: `${998877670000 + serial}` });
    const answers = await Promise.all([record(), record()]);
    for (const answer of answers) expect(answer.statusCode).toBeLessThan(500);
    const [sub] = await t.deps.db.select().from(subscriptions).where(eq(subscriptions.email, email));
    expect(sub!.status).toBe('active');
    expect((await documentsOf(sub!.id)).map((doc) => doc.totalPaise)).toEqual([99_00]);
  });

  it('a document is for a booking or a subscription, never both or neither', async () => {
    const [doc] = await t.deps.db.select().from(gstDocuments).where(isNotNull(gstDocuments.subscriptionId)).limit(1);
    const { id: _id, number: _number, serial: _serial, ...rest } = doc!;
    const booking = await makeBooking(t.deps, {});
    for (const [n, subject] of [
      [1, { subscriptionId: null }],
      [2, { bookingId: booking.id }],
    ] as const) {
      const insert = t.deps.db
        .insert(gstDocuments)
        .values({ ...rest, ...subject, number: `TEST/${n}`, serial: 90_000 + n });
      await expect(insert).rejects.toSatisfy((error: Error) =>
        /gst_documents_subject_check/.test(`${error.message} ${String(error.cause)}`),
      );
    }
  });

  it("the month's summary and GSTR-1 count the subscriptions' invoices and notes", async () => {
    const month = todayInIndia().slice(0, 7);
    const docs = await t.deps.db.select().from(gstDocuments).where(isNotNull(gstDocuments.subscriptionId));
    const taxable = (kind: string) =>
      docs.filter((doc) => doc.kind === kind).reduce((sum, doc) => sum + doc.taxablePaise, 0);
    const summary = (await inject('GET', `/api/admin/gst/summary?month=${month}`, admin.auth)).json();
    const invoices = summary.documents.find((row: { kind: string }) => row.kind === 'tax_invoice');
    expect(invoices.count).toBe(docs.filter((doc) => doc.kind === 'tax_invoice').length);
    const b2cs = (await inject('GET', `/api/admin/gst/gstr1.csv?month=${month}&table=b2cs`, admin.auth)).body;
    const net = (taxable('tax_invoice') - taxable('credit_note')) / 100;
    expect(b2cs).toContain(`"23-Madhya Pradesh"`);
    expect(b2cs).toContain(String(net));
    const register = (await inject('GET', `/api/admin/gst/gstr1.csv?month=${month}&table=register`, admin.auth)).body;
    expect(register).toContain('"Subscription"');
    const hsn = (await inject('GET', `/api/admin/gst/gstr1.csv?month=${month}&table=hsn_b2c`, admin.auth)).body;
    expect(hsn).toContain(`"${docs[0]!.sac}"`);
    const series = (await inject('GET', `/api/admin/gst/gstr1.csv?month=${month}&table=docs`, admin.auth)).body;
    expect(series).toContain('"Invoices for outward supply"');
    expect(series).toContain('"Credit Note"');
  });
});
