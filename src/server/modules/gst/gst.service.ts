import { and, eq, gte, inArray, lte } from 'drizzle-orm';
import { toCsv } from '../../../shared/csv';
import { GST_DOCUMENT_KINDS, GST_DOCUMENT_META, GST_STATES, monthRange } from '../../../shared/gst';
import { formatLongDate, isoDateInIndia, todayInIndia } from '../../../shared/dates';
import { formatInr } from '../../../shared/money';
import { paiseToRupees, rupeesToPaise } from '../../../shared/pricing';
import {
  bookingGstDetailsInputSchema,
  gstMonthQuerySchema,
  gstr1ExportQuerySchema,
  GSTR1_TABLES,
  issueCreditNoteInputSchema,
  type BookingGstDetailsInput,
  type BookingGstDto,
  type GstDocumentDto,
  type GstMonthQuery,
  type GstSummaryDto,
  type Gstr1ExportQuery,
  type IssueCreditNoteInput,
} from '../../../shared/schemas/gst';
import type { Executor } from '../../db/client';
import { bookingLedger, bookings, gstDocuments, type MailAttachmentRef } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { currentGstSettings } from './gst-settings.service';
import { AppError } from '../../lib/errors';
import type { ServiceDeps } from '../../context';
import type { MailAttachment } from '../../mail/transport';
import type { AuthUser } from '../auth/auth.service';
import { ownedBooking } from '../bookings/ownership';
import { BOOKING_NOT_FOUND } from '../bookings/ownership';
import { bookingSums } from '../payments/ledger';
import { oweBackOverTotal } from '../payments/payment-orders.service';
import {
  bookingDocuments,
  documentOfBooking,
  gstDetailsOf,
  invoiceDueBy,
  issueCreditNoteFor,
  issueTaxInvoice,
  packageLine,
  toGstDocumentDto,
  type BookingRow,
  type GstDocumentRow,
} from './gst-documents.service';
import { gstPdfFileName, renderGstPdf } from './gst-pdf';
import { buildGstr1, type TaxHeads } from './gstr1';

/**
 * The GST screens' calls (docs/api.md, "GST"): a booking's GST details and documents for its customer and the
 * admin, the admin's tax invoice and credit notes, the PDFs, and the month's summary and GSTR-1 CSVs.
 */

async function bookingRow(db: Executor, id: string, lock = false): Promise<BookingRow> {
  const query = db.select().from(bookings).where(eq(bookings.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('NOT_FOUND', BOOKING_NOT_FOUND);
  return row;
}

/**
 * Why the booking's tax invoice cannot be issued now, or null when it can: the booking's side of the issue call's
 * refusals (`invoiceFigures`), so the button is not offered for an invoice the call would refuse. A cancellation
 * that kept nothing charges nothing, so it has nothing to invoice (docs/gst.md#tax-invoice).
 */
async function invoiceRefusal(db: Executor, booking: BookingRow, docs: GstDocumentRow[]): Promise<string | null> {
  if (docs.some((doc) => doc.kind === 'tax_invoice')) return 'The tax invoice is issued';
  if (!['confirmed', 'in_progress', 'completed', 'cancelled'].includes(booking.status)) {
    return 'The booking is not confirmed yet';
  }
  if ((await bookingSums(db, booking.id)).charged_paise <= 0) {
    return 'Nothing is charged on this booking, so there is nothing to invoice';
  }
  return null;
}

async function bookingGst(db: Executor, booking: BookingRow): Promise<BookingGstDto> {
  const docs = await bookingDocuments(db, booking.id);
  const reason = await invoiceRefusal(db, booking, docs);
  return {
    details: gstDetailsOf(booking, docs),
    documents: docs.map(toGstDocumentDto),
    invoice: {
      can_issue: reason === null,
      reason,
      due_by: invoiceDueBy(booking.eventDate),
    },
  };
}

export async function myBookingGst(deps: ServiceDeps, user: AuthUser, id: string): Promise<BookingGstDto> {
  return bookingGst(deps.db, await ownedBooking(deps.db, user, id));
}

export async function adminBookingGst(deps: ServiceDeps, input: { id: string }): Promise<BookingGstDto> {
  return bookingGst(deps.db, await bookingRow(deps.db, input.id));
}

/**
 * The customer's (or the team's) company name, GSTIN, billing address and venue state for the booking's GST
 * documents. They may change until the tax invoice is issued; documents already issued keep what they printed.
 */
async function updateGstDetails(
  deps: ServiceDeps,
  bookingId: string,
  input: BookingGstDetailsInput,
  actorUserId: string,
): Promise<BookingGstDto> {
  const data = bookingGstDetailsInputSchema.parse(input);
  return deps.db.transaction(async (tx) => {
    const booking = await bookingRow(tx, bookingId, true);
    const docs = await bookingDocuments(tx, booking.id);
    if (!gstDetailsOf(booking, docs).editable) {
      throw new AppError(
        'CONFLICT',
        booking.status === 'cancelled'
          ? 'This booking is cancelled: its GST details can no longer change'
          : 'The tax invoice is issued: its details are fixed (a credit note corrects it)',
      );
    }
    // A booking's documents never mix places of supply (docs/gst.md#place-of-supply): once a receipt voucher is
    // issued, the venue's state (or a business GSTIN that decides it) may not move the supply to another state.
    if (docs.length > 0) {
      const issuedAt = docs[0]!.placeOfSupply;
      const settings = await currentGstSettings(tx, deps.config.brand);
      const changed = { ...booking, customerGstin: data.gstin, venueStateCode: data.venue_state_code };
      const next = packageLine(settings, changed, todayInIndia()).placeOfSupply;
      if (next !== issuedAt) {
        throw new AppError(
          'CONFLICT',
          `This booking's GST receipts name ${(issuedAt && GST_STATES[issuedAt]) ?? 'another state'} as the place ` +
            'of supply: the state the event is held in cannot change after them',
        );
      }
    }
    const [row] = await tx
      .update(bookings)
      .set({
        customerCompanyName: data.company_name,
        customerGstin: data.gstin,
        billingAddress: data.billing_address,
        venueStateCode: data.venue_state_code,
        updatedAt: new Date(),
      })
      .where(eq(bookings.id, booking.id))
      .returning();
    await writeAudit(tx, {
      actorUserId,
      action: 'booking.gst_details_changed',
      entityType: 'booking',
      entityId: booking.id,
      data: { ...data },
    });
    return bookingGst(tx, row!);
  });
}

export async function updateMyBookingGstDetails(
  deps: ServiceDeps,
  user: AuthUser,
  id: string,
  input: BookingGstDetailsInput,
): Promise<BookingGstDto> {
  await ownedBooking(deps.db, user, id);
  return updateGstDetails(deps, id, input, user.id);
}

export async function adminUpdateBookingGstDetails(
  deps: ServiceDeps,
  id: string,
  input: BookingGstDetailsInput,
  adminId: string,
): Promise<BookingGstDto> {
  return updateGstDetails(deps, id, input, adminId);
}

/** The admin issues the tax invoice before completion (e.g. when the balance is paid); 409 saying why not. */
export async function adminIssueTaxInvoice(
  deps: ServiceDeps,
  input: { id: string },
  adminId: string,
): Promise<BookingGstDto> {
  return deps.db.transaction(async (tx) => {
    const booking = await bookingRow(tx, input.id, true);
    const outcome = await issueTaxInvoice(deps, tx, booking, adminId);
    if ('refused' in outcome) throw new AppError('CONFLICT', outcome.refused);
    return bookingGst(tx, booking);
  });
}

/**
 * The admin reduces an invoiced amount (a deficient service, an agreed discount): a credit note against the
 * invoice, a ledger adjustment lowering what the booking owes by the same amount, and a refund owed when the
 * customer has paid more than it now costs (docs/gst.md#credit-note). A note for the same amount and reason as one
 * already issued on the booking is the same credit twice (a second click, two people at once, a retried request):
 * a 409 that names it. The booking's row lock orders two at once, so the second sees the first.
 */
export async function adminIssueCreditNote(
  deps: ServiceDeps,
  input: IssueCreditNoteInput,
  adminId: string,
): Promise<BookingGstDto> {
  const data = issueCreditNoteInputSchema.parse(input);
  const amountPaise = rupeesToPaise(data.amount);
  return deps.db.transaction(async (tx) => {
    const booking = await bookingRow(tx, data.id, true);
    const same = (await bookingDocuments(tx, booking.id)).find(
      (doc) => doc.kind === 'credit_note' && doc.totalPaise === amountPaise && sameReason(doc.reason, data.reason),
    );
    if (same) {
      throw new AppError(
        'CONFLICT',
        `Credit note ${same.number} for ${formatInr(paiseToRupees(amountPaise))} with this reason was issued on ` +
          `${formatLongDate(isoDateInIndia(same.issuedAt))}. ` +
          'To credit the booking again, give the new credit its own reason.',
      );
    }
    const note = await issueCreditNoteFor(deps, tx, booking, amountPaise, data.reason, adminId);
    await tx.insert(bookingLedger).values({
      bookingId: booking.id,
      kind: 'adjustment',
      amountPaise: -amountPaise,
      actorUserId: adminId,
      note: `Credit note ${note.number}: ${data.reason}`,
    });
    await oweBackOverTotal(tx, booking, adminId);
    return bookingGst(tx, booking);
  });
}

/** Two reasons are the same written either way: case and runs of spaces aside. */
function sameReason(a: string | null, b: string): boolean {
  const plain = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();
  return a !== null && plain(a) === plain(b);
}

export type GstPdf = { fileName: string; pdf: Buffer };

async function pdfOf(deps: ServiceDeps, doc: GstDocumentRow): Promise<GstPdf> {
  return { fileName: gstPdfFileName(doc), pdf: await renderGstPdf(doc, { compress: deps.config.env !== 'test' }) };
}

export async function myGstDocumentPdf(
  deps: ServiceDeps,
  user: AuthUser,
  bookingId: string,
  documentId: string,
): Promise<GstPdf> {
  await ownedBooking(deps.db, user, bookingId);
  return pdfOf(deps, await documentOfBooking(deps.db, bookingId, documentId));
}

export async function adminGstDocumentPdf(deps: ServiceDeps, documentId: string): Promise<GstPdf> {
  const [doc] = await deps.db.select().from(gstDocuments).where(eq(gstDocuments.id, documentId)).limit(1);
  if (!doc) throw new AppError('NOT_FOUND', 'Document not found');
  return pdfOf(deps, doc);
}

/** A GST document's PDF as a mail attachment, the admin's download made when the message is sent. */
export async function gstDocumentAttachment(deps: ServiceDeps, ref: MailAttachmentRef): Promise<MailAttachment> {
  const { fileName, pdf } = await adminGstDocumentPdf(deps, ref.id);
  return { filename: fileName, content: pdf, contentType: 'application/pdf' };
}

/** The month's documents and the ones they refer to (issued in earlier months). */
async function monthDocuments(db: Executor, month: string) {
  const range = monthRange(month);
  const documents = await db
    .select()
    .from(gstDocuments)
    .where(and(gte(gstDocuments.issueDate, range.from), lte(gstDocuments.issueDate, range.to)));
  const ids = [...new Set(documents.flatMap((doc) => doc.references.map((ref) => ref.id)))];
  const referenced = ids.length
    ? await db.select().from(gstDocuments).where(inArray(gstDocuments.id, ids))
    : ([] as GstDocumentRow[]);
  return { range, documents, referenced: new Map(referenced.map((doc) => [doc.id, doc])) };
}

const heads = (h: TaxHeads) => ({
  taxable_value: paiseToRupees(h.taxable),
  cgst: paiseToRupees(h.cgst),
  sgst: paiseToRupees(h.sgst),
  igst: paiseToRupees(h.igst),
});

/**
 * The month's GST summary for the accountant: supplies by rate (invoices less credit notes), each kind of document,
 * advances received and adjusted (GSTR-1 11A/11B), the net tax, and how many rows each GSTR-1 table has.
 */
export async function gstSummary(deps: ServiceDeps, query: GstMonthQuery): Promise<GstSummaryDto> {
  const { month } = gstMonthQuerySchema.parse(query);
  const { range, documents, referenced } = await monthDocuments(deps.db, month);
  const gstr1 = buildGstr1({ month: range, documents, referenced });
  const { byKind, suppliesByRate, advancesReceived, advancesAdjusted } = gstr1.totals;
  const net = (key: 'cgst' | 'sgst' | 'igst') =>
    paiseToRupees(
      byKind.tax_invoice[key] +
        byKind.debit_note[key] +
        advancesReceived[key] -
        advancesAdjusted[key] -
        byKind.credit_note[key],
    );
  return {
    month,
    ...range,
    supplies_by_rate: [...suppliesByRate]
      .sort(([a], [b]) => a - b)
      .map(([rate, h]) => ({ rate_percent: rate, ...heads(h) })),
    documents: GST_DOCUMENT_KINDS.map((kind) => ({
      kind,
      title: GST_DOCUMENT_META[kind].title,
      count: byKind[kind].count,
      ...heads(byKind[kind]),
      total: paiseToRupees(byKind[kind].total),
    })),
    advances_received: paiseToRupees(advancesReceived.taxable),
    advances_adjusted: paiseToRupees(advancesAdjusted.taxable),
    net_tax: { cgst: net('cgst'), sgst: net('sgst'), igst: net('igst') },
    tables: GSTR1_TABLES.map((table) => ({ table, rows: gstr1.tables[table].rows.length })),
  };
}

/** One GSTR-1 table of the month as CSV, with the shared CSV rule (formula-safe, BOM, CRLF). */
export async function gstr1Csv(deps: ServiceDeps, query: Gstr1ExportQuery): Promise<{ fileName: string; csv: string }> {
  const { month, table } = gstr1ExportQuerySchema.parse(query);
  const { range, documents, referenced } = await monthDocuments(deps.db, month);
  const { columns, rows } = buildGstr1({ month: range, documents, referenced }).tables[table];
  return { fileName: `gstr1-${table}-${month}.csv`, csv: toCsv(rows, { columns, omit: [] }) };
}

export type { GstDocumentDto };
