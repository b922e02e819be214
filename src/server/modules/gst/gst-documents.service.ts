import { and, asc, eq, sql } from 'drizzle-orm';
import { addDays, formatLongDate, todayInIndia } from '../../../shared/dates';
import {
  apportionSplit,
  financialYearOf,
  GST_DOCUMENT_META,
  gstDocumentNumber,
  INVOICE_DAYS_AFTER_EVENT,
  isIntraState,
  placeOfSupply,
  rateOn,
  splitInclusive,
  stateLabel,
  taxOfSplit,
  venueStateOf,
  type GstDocumentKind,
  type ServiceKind,
} from '../../../shared/gst';
import { venueLine } from '../../../shared/domain';
import { formatInr } from '../../../shared/money';
import { paiseToRupees, type PricePart } from '../../../shared/pricing';
import { GST_DETAILS_REQUIRED, type BookingGstDetailsDto, type GstDocumentDto } from '../../../shared/schemas/gst';
import type { Executor } from '../../db/client';
import {
  bookings,
  gstDocuments,
  gstDocumentSeries,
  type refunds,
  type GstDocumentLine,
  type GstDocumentReference,
  type GstRecipientSnapshot,
  type GstSupplierSnapshot,
} from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { ServiceDeps } from '../../context';
import { bookingPriceParts } from '../menus/booking-menu.service';
import { bookingSums } from '../payments/ledger';
import { currentGstSettings, type GstSettings } from './gst-settings.service';

/**
 * GST documents (docs/gst.md): a receipt voucher for each advance received before the supply is invoiced, the tax
 * invoice for the supply, a refund voucher for an advance that goes back without a supply, and a credit note when
 * an invoiced amount is reduced. Every function here runs on the caller's transaction, after the booking row is
 * locked, so a document is issued exactly when the money event that calls for it commits.
 */

export type BookingRow = typeof bookings.$inferSelect;
export type GstDocumentRow = typeof gstDocuments.$inferSelect;

/** The business issues GST documents once it has a GSTIN (docs/gst.md#settings); before that it cannot charge GST. */
export function gstRegistered(settings: GstSettings): boolean {
  return settings.business.gstin !== null;
}

/**
 * The next serial of a series, taken inside the issuing transaction (docs/gst.md#numbering): the counter row is
 * inserted or incremented in one statement, which holds its row lock until the transaction ends. A concurrent issuer
 * waits for it; a rollback (or a killed process) undoes the increment with the document, so the numbers are
 * consecutive and never reused.
 */
export async function nextSerial(tx: Executor, kind: GstDocumentKind, financialYear: number): Promise<number> {
  const [row] = await tx
    .insert(gstDocumentSeries)
    .values({ kind, financialYear, lastSerial: 1 })
    .onConflictDoUpdate({
      target: [gstDocumentSeries.kind, gstDocumentSeries.financialYear],
      set: { lastSerial: sql`${gstDocumentSeries.lastSerial} + 1` },
    })
    .returning({ serial: gstDocumentSeries.lastSerial });
  return row!.serial;
}

/** One document line as it is frozen: SAC, its rate on the day, its place of supply and the tax heads it uses. */
export type GstLine = {
  sac: string;
  serviceKind: ServiceKind;
  description: string;
  ratePercent: number;
  itc: boolean;
  placeOfSupply: string | null;
  intraState: boolean;
};

/**
 * The booking's package line on a day: the package SAC's rate in force then (rule 50's 18% when none has started),
 * its place of supply from the venue and the customer's GSTIN, CGST + SGST for the business's own state.
 */
export function packageLine(settings: GstSettings, booking: BookingRow, isoDate: string): GstLine {
  const supply = packageSupply(settings, isoDate);
  const pos = placeOfSupply(supply.serviceKind, venueStateOf(booking), booking.customerGstin);
  return { ...supply, placeOfSupply: pos, intraState: isIntraState(settings.business.state_code, pos) };
}

/** The package SAC's supply on a day: its rate table row then, or rule 50's 18% catering when none has started. */
export function packageSupply(settings: GstSettings, isoDate: string): Omit<GstLine, 'placeOfSupply' | 'intraState'> {
  const { business, rates } = settings;
  const rate = rateOn(rates, business.package_sac, isoDate);
  return {
    sac: business.package_sac,
    serviceKind: rate?.service_kind ?? 'catering',
    description: rate?.description ?? 'Catering services',
    ratePercent: rate?.rate_percent ?? 18,
    itc: rate?.itc ?? true,
  };
}

export function lineOf(doc: GstDocumentRow): GstLine {
  return {
    sac: doc.sac,
    serviceKind: doc.serviceKind,
    description: doc.description,
    ratePercent: doc.ratePercent,
    itc: doc.itc,
    placeOfSupply: doc.placeOfSupply,
    intraState: doc.intraState,
  };
}

function supplierSnapshot(deps: ServiceDeps, settings: GstSettings): GstSupplierSnapshot {
  const { business } = settings;
  return {
    legal_name: business.legal_name,
    trade_name: business.trade_name,
    address: business.address,
    state_code: business.state_code,
    gstin: business.gstin,
    fssai: business.fssai,
    phone: deps.config.brand.phone,
    email: deps.config.brand.email,
  };
}

/** Where to write to the customer: the billing address given, else the venue's. */
function recipientAddress(booking: BookingRow): string | null {
  if (booking.billingAddress) return booking.billingAddress;
  return venueLine({ name: booking.venueName, address: booking.venueAddress, city: booking.city }) || null;
}

function recipientSnapshot(booking: BookingRow): GstRecipientSnapshot {
  return {
    name: booking.clientName,
    company_name: booking.customerCompanyName,
    gstin: booking.customerGstin,
    address: recipientAddress(booking),
    state_code: booking.customerGstin?.slice(0, 2) ?? venueStateOf(booking),
    email: booking.clientEmail,
  };
}

/** What a document is for (docs/gst.md#subscription): a booking, or the ₹99 subscription sold on its own. */
export type GstDocumentSubject =
  { booking: BookingRow } | { subscription: { id: string }; recipient: GstRecipientSnapshot };

function subjectColumns(subject: GstDocumentSubject) {
  if ('booking' in subject) {
    const { booking } = subject;
    return {
      bookingId: booking.id,
      subscriptionId: null,
      recipient: recipientSnapshot(booking),
      entity: { entityType: 'booking' as const, entityId: booking.id },
    };
  }
  return {
    bookingId: null,
    subscriptionId: subject.subscription.id,
    recipient: subject.recipient,
    entity: { entityType: 'subscription' as const, entityId: subject.subscription.id },
  };
}

type IssueInput = {
  kind: GstDocumentKind;
  subject: GstDocumentSubject;
  line: GstLine;
  grossPaise: number;
  description: string;
  references?: GstDocumentReference[];
  /** The parts the document lists as its own lines (docs/gst.md#lines); none for a one-line document. */
  parts?: readonly PricePart[];
  advanceAdjustedPaise?: number;
  ledgerPaymentId?: string | null;
  refundId?: string | null;
  reason?: string | null;
  issuedBy: string | null;
};

/** Writes one document: its number from its series, its tax split to the paisa, its parties frozen. */
export async function issue(
  deps: ServiceDeps,
  tx: Executor,
  settings: GstSettings,
  input: IssueInput,
): Promise<GstDocumentRow> {
  const issueDate = todayInIndia();
  const financialYear = financialYearOf(issueDate);
  const serial = await nextSerial(tx, input.kind, financialYear);
  const split = splitInclusive(input.grossPaise, input.line.ratePercent, input.line.intraState);
  const lines = documentLines(split, input.line.sac, input.parts ?? []);
  const { bookingId, subscriptionId, recipient, entity } = subjectColumns(input.subject);
  const [row] = await tx
    .insert(gstDocuments)
    .values({
      kind: input.kind,
      financialYear,
      serial,
      number: gstDocumentNumber(input.kind, financialYear, serial),
      bookingId,
      subscriptionId,
      issueDate,
      supplier: supplierSnapshot(deps, settings),
      recipient,
      placeOfSupply: input.line.placeOfSupply,
      intraState: input.line.intraState,
      sac: input.line.sac,
      serviceKind: input.line.serviceKind,
      description: input.description,
      ratePercent: input.line.ratePercent,
      itc: input.line.itc,
      taxablePaise: split.taxable_paise,
      cgstPaise: split.cgst_paise,
      sgstPaise: split.sgst_paise,
      igstPaise: split.igst_paise,
      roundOffPaise: split.round_off_paise,
      totalPaise: split.total_paise,
      advanceAdjustedPaise: input.advanceAdjustedPaise ?? 0,
      references: input.references ?? [],
      lines,
      ledgerPaymentId: input.ledgerPaymentId ?? null,
      refundId: input.refundId ?? null,
      reason: input.reason ?? null,
      issuedBy: input.issuedBy,
    })
    .returning();
  await writeAudit(tx, {
    actorUserId: input.issuedBy,
    action: 'gst.document_issued',
    ...entity,
    data: { kind: input.kind, number: row!.number, total_paise: row!.totalPaise },
  });
  return row!;
}

/**
 * The document's lines (docs/gst.md#lines): its split shared out over the priced parts by `apportionSplit`, so the
 * lines add up to the document to the paisa. A single part (or none) leaves a one-line document.
 */
export function documentLines(
  split: ReturnType<typeof splitInclusive>,
  sac: string,
  parts: readonly PricePart[],
): GstDocumentLine[] {
  const priced = parts.filter((part) => part.amountPaise > 0);
  if (priced.length < 2) return [];
  return apportionSplit(
    split,
    priced.map((part) => part.amountPaise),
  ).map((share, i) => ({ kind: priced[i]!.kind, sac, description: priced[i]!.description, ...share }));
}

export async function bookingDocuments(db: Executor, bookingId: string): Promise<GstDocumentRow[]> {
  return db
    .select()
    .from(gstDocuments)
    .where(eq(gstDocuments.bookingId, bookingId))
    .orderBy(asc(gstDocuments.issuedAt), asc(gstDocuments.kind), asc(gstDocuments.serial));
}

/**
 * What is left of each receipt voucher: its total less what refund vouchers gave back and tax invoices adjusted
 * (their references name each voucher and the part applied). Oldest first.
 */
export function openAdvances(docs: readonly GstDocumentRow[]): { voucher: GstDocumentRow; openPaise: number }[] {
  const applied = new Map<string, number>();
  for (const doc of docs) {
    if (doc.kind !== 'refund_voucher' && doc.kind !== 'tax_invoice') continue;
    for (const ref of doc.references) {
      if (ref.kind === 'receipt_voucher') applied.set(ref.id, (applied.get(ref.id) ?? 0) + ref.applied_paise);
    }
  }
  return docs
    .filter((doc) => doc.kind === 'receipt_voucher')
    .map((voucher) => ({ voucher, openPaise: voucher.totalPaise - (applied.get(voucher.id) ?? 0) }))
    .filter((row) => row.openPaise > 0);
}

/** Takes `amountPaise` from the open vouchers, oldest first. */
function allocate(open: { voucher: GstDocumentRow; openPaise: number }[], amountPaise: number): GstDocumentReference[] {
  const refs: GstDocumentReference[] = [];
  let left = amountPaise;
  for (const { voucher, openPaise } of open) {
    if (left <= 0) break;
    const applied = Math.min(left, openPaise);
    refs.push(reference(voucher, applied));
    left -= applied;
  }
  return refs;
}

export function reference(doc: GstDocumentRow, appliedPaise: number): GstDocumentReference {
  return {
    id: doc.id,
    kind: doc.kind,
    number: doc.number,
    issue_date: doc.issueDate,
    total_paise: doc.totalPaise,
    applied_paise: appliedPaise,
  };
}

const eventWords = (booking: BookingRow) =>
  `${booking.eventName}${booking.eventDate ? ` on ${formatLongDate(booking.eventDate)}` : ''}`;

/**
 * Money received for a booking (from `receiveBookingPayment`): before the supply is invoiced it is an advance, and
 * a receipt voucher is issued for it (CGST Act s.31(3)(d), rule 50), at the package line's rate on the day. After
 * the tax invoice a payment settles the invoice and needs no voucher. Returns the voucher, or null.
 */
export async function issueReceiptVoucher(
  deps: ServiceDeps,
  tx: Executor,
  booking: BookingRow,
  payment: { ledgerId: string; amountPaise: number; label: string; actorUserId: string | null },
): Promise<GstDocumentRow | null> {
  const settings = await currentGstSettings(tx, deps.config.brand);
  if (!gstRegistered(settings) || payment.amountPaise <= 0) return null;
  const docs = await bookingDocuments(tx, booking.id);
  if (docs.some((doc) => doc.kind === 'tax_invoice')) return null;
  const line = packageLine(settings, booking, todayInIndia());
  return issue(deps, tx, settings, {
    kind: 'receipt_voucher',
    subject: { booking },
    line,
    grossPaise: payment.amountPaise,
    description: `Advance (${payment.label}): ${line.description} for ${eventWords(booking)}`,
    ledgerPaymentId: payment.ledgerId,
    reason: payment.label,
    issuedBy: payment.actorUserId,
  });
}

/**
 * A refund voucher's line (docs/gst.md#refund-voucher): the receipt vouchers it refunds by number, then the supply
 * as the rate table words it for their SAC, with the event's name as typed and its current date. Built afresh, not
 * from a receipt voucher's own line, whose words (the instalment, a date since changed) are that voucher's.
 */
function refundVoucherDescription(
  settings: GstSettings,
  booking: BookingRow,
  voucher: GstDocumentRow,
  refs: readonly GstDocumentReference[],
): string {
  const numbers = refs.map((ref) => ref.number);
  const vouchers =
    numbers.length === 1
      ? `receipt voucher ${numbers[0]}`
      : `receipt vouchers ${numbers.slice(0, -1).join(', ')} and ${numbers.at(-1)}`;
  const supply =
    rateOn(settings.rates, voucher.sac, voucher.issueDate)?.description ??
    (voucher.serviceKind === 'catering' ? 'Catering services' : 'Event organisation services');
  return `Refund of the advance received under ${vouchers}: ${supply} for ${eventWords(booking)}`;
}

/**
 * A refund paid out (from `markRefundPaid`): the part of it that returns an advance no invoice adjusted gets a
 * refund voucher (s.31(3)(e), rule 51) naming the receipt vouchers it refunds, at their rate and place of supply
 * (one voucher per rate and place). A refund of money an invoice covers is the credit note's business instead.
 */
export async function issueRefundVouchers(
  deps: ServiceDeps,
  tx: Executor,
  booking: BookingRow,
  refund: { id: string; amountPaise: number },
  actorUserId: string | null,
): Promise<GstDocumentRow[]> {
  const settings = await currentGstSettings(tx, deps.config.brand);
  if (!gstRegistered(settings)) return [];
  const refs = allocate(openAdvances(await bookingDocuments(tx, booking.id)), refund.amountPaise);
  const docsById = new Map((await bookingDocuments(tx, booking.id)).map((doc) => [doc.id, doc]));
  const groups = new Map<string, { line: GstLine; refs: GstDocumentReference[] }>();
  for (const ref of refs) {
    const line = lineOf(docsById.get(ref.id)!);
    const key = `${line.sac}|${line.ratePercent}|${line.placeOfSupply}|${line.intraState}`;
    const group = groups.get(key) ?? { line, refs: [] };
    group.refs.push(ref);
    groups.set(key, group);
  }
  const issued: GstDocumentRow[] = [];
  let first = true;
  for (const { line, refs: groupRefs } of groups.values()) {
    issued.push(
      await issue(deps, tx, settings, {
        kind: 'refund_voucher',
        subject: { booking },
        line,
        grossPaise: groupRefs.reduce((sum, ref) => sum + ref.applied_paise, 0),
        description: refundVoucherDescription(settings, booking, docsById.get(groupRefs[0]!.id)!, groupRefs),
        references: groupRefs,
        // The refund row is unique on the voucher; a refund spread over two rates links the first only.
        refundId: first ? refund.id : null,
        reason: booking.status === 'cancelled' ? 'Booking cancelled' : 'Advance returned',
        issuedBy: actorUserId,
      }),
    );
    first = false;
  }
  return issued;
}

export type InvoiceOutcome = { issued: GstDocumentRow } | { refused: string };

/**
 * Whether the tax invoice may be issued now, and for how much: once per booking, when the booking is running or
 * completed, or cancelled with an amount kept (the cancellation charge is consideration for the service, Circular
 * 178/10/2022). Its value is what the ledger charges the booking.
 */
async function invoiceFigures(
  tx: Executor,
  booking: BookingRow,
  settings: GstSettings,
): Promise<{ valuePaise: number } | { refused: string }> {
  if (!gstRegistered(settings)) {
    return { refused: 'Set the business GSTIN in Settings (GST and business identity) before issuing GST documents' };
  }
  const docs = await bookingDocuments(tx, booking.id);
  const invoice = docs.find((doc) => doc.kind === 'tax_invoice');
  if (invoice) return { refused: `Tax invoice ${invoice.number} is already issued for this booking` };
  if (!['confirmed', 'in_progress', 'completed', 'cancelled'].includes(booking.status)) {
    return { refused: 'A tax invoice is issued for a confirmed booking: this one is not confirmed' };
  }
  const valuePaise = (await bookingSums(tx, booking.id)).charged_paise;
  if (valuePaise <= 0) return { refused: 'Nothing is charged on this booking, so there is nothing to invoice' };
  return { valuePaise };
}

/**
 * The tax invoice for the supply (s.31, rule 46): the booking's charged value, the receipt vouchers it adjusts
 * (oldest first, up to its value), at the package line's rate on its date. Issued when the booking is marked
 * completed, when a cancellation keeps an amount, or by the admin earlier (docs/gst.md#tax-invoice).
 */
export async function issueTaxInvoice(
  deps: ServiceDeps,
  tx: Executor,
  booking: BookingRow,
  actorUserId: string | null,
): Promise<InvoiceOutcome> {
  const settings = await currentGstSettings(tx, deps.config.brand);
  const figures = await invoiceFigures(tx, booking, settings);
  if ('refused' in figures) return figures;
  const refs = allocate(openAdvances(await bookingDocuments(tx, booking.id)), figures.valuePaise);
  const line = packageLine(settings, booking, todayInIndia());
  const cancelled = booking.status === 'cancelled';
  // A cancellation charge is one line; the supply lists the package and each add-on (docs/gst.md#lines).
  const parts = cancelled ? [] : await bookingPriceParts(tx, booking);
  const issued = await issue(deps, tx, settings, {
    kind: 'tax_invoice',
    subject: { booking },
    line,
    grossPaise: figures.valuePaise,
    description: cancelled
      ? `Cancellation charge kept: ${line.description} for ${eventWords(booking)}`
      : `${line.description}: ${eventWords(booking)}${booking.guestCount ? `, ${booking.guestCount} guests` : ''}`,
    references: refs,
    parts,
    advanceAdjustedPaise: refs.reduce((sum, ref) => sum + ref.applied_paise, 0),
    reason: cancelled ? 'Cancellation charge' : null,
    issuedBy: actorUserId,
  });
  return { issued };
}

/**
 * A credit note against the booking's tax invoice (s.34, rule 53(1A)) for `amountPaise`, at the invoice's rate and
 * place of supply, naming it. At most what the invoice still stands at (its total less earlier notes).
 */
export async function issueCreditNoteFor(
  deps: ServiceDeps,
  tx: Executor,
  booking: BookingRow,
  amountPaise: number,
  reason: string,
  actorUserId: string | null,
): Promise<GstDocumentRow> {
  const settings = await currentGstSettings(tx, deps.config.brand);
  const docs = await bookingDocuments(tx, booking.id);
  const invoice = docs.find((doc) => doc.kind === 'tax_invoice');
  if (!invoice) throw new AppError('CONFLICT', 'This booking has no tax invoice to credit');
  const standing = invoiceStanding(docs);
  if (amountPaise > standing) {
    throw new AppError(
      'CONFLICT',
      `The invoice ${invoice.number} stands at ${formatInr(paiseToRupees(standing))}: ` +
        'a credit note can be at most that',
    );
  }
  return issue(deps, tx, settings, {
    kind: 'credit_note',
    subject: { booking },
    line: lineOf(invoice),
    grossPaise: amountPaise,
    description: `Credit against invoice ${invoice.number}: ${reason}`,
    references: [reference(invoice, amountPaise)],
    reason,
    issuedBy: actorUserId,
  });
}

/**
 * A debit note against the booking's tax invoice (s.34(3), rule 53(1A)) for `amountPaise` the invoiced amount went
 * up by (guests or add-ons added after invoicing), at the invoice's rate and place of supply, naming it
 * (docs/gst.md#debit-note). Mirrors the credit note: its own gapless series, immutable, one line.
 */
export async function issueDebitNoteFor(
  deps: ServiceDeps,
  tx: Executor,
  booking: BookingRow,
  amountPaise: number,
  reason: string,
  actorUserId: string | null,
): Promise<GstDocumentRow> {
  const settings = await currentGstSettings(tx, deps.config.brand);
  const docs = await bookingDocuments(tx, booking.id);
  const invoice = docs.find((doc) => doc.kind === 'tax_invoice');
  if (!invoice) throw new AppError('CONFLICT', 'This booking has no tax invoice to debit');
  if (!Number.isSafeInteger(amountPaise) || amountPaise <= 0) {
    throw new AppError('CONFLICT', 'A debit note is for an amount above ₹0');
  }
  return issue(deps, tx, settings, {
    kind: 'debit_note',
    subject: { booking },
    line: lineOf(invoice),
    grossPaise: amountPaise,
    description: `Additional charge against invoice ${invoice.number}: ${reason}`,
    references: [reference(invoice, amountPaise)],
    reason,
    issuedBy: actorUserId,
  });
}

/** What the tax invoice stands at: its total plus its debit notes less its credit notes (0 with no invoice). */
export function invoiceStanding(docs: readonly GstDocumentRow[]): number {
  const invoice = docs.find((doc) => doc.kind === 'tax_invoice');
  if (!invoice) return 0;
  const sum = (kind: GstDocumentKind) =>
    docs.filter((doc) => doc.kind === kind).reduce((acc, doc) => acc + doc.totalPaise, 0);
  return invoice.totalPaise + sum('debit_note') - sum('credit_note');
}

/**
 * After a re-price has moved the booking's ledger charge (a menu change, guests added or removed, a new quote, a
 * subscriber's discount: docs/gst.md#debit-note): once the tax invoice is issued, the documents follow the ledger,
 * a debit note for what the charge rose above what the invoice stands at, a credit note for what it fell below.
 * Before the invoice nothing is issued: the invoice will be for the new value. Returns the note, or null.
 */
export async function documentRepricing(
  deps: ServiceDeps,
  tx: Executor,
  booking: BookingRow,
  reason: string,
  actorUserId: string | null,
): Promise<GstDocumentRow | null> {
  const settings = await currentGstSettings(tx, deps.config.brand);
  if (!gstRegistered(settings) || booking.status === 'cancelled') return null;
  const docs = await bookingDocuments(tx, booking.id);
  if (!docs.some((doc) => doc.kind === 'tax_invoice')) return null;
  const charged = (await bookingSums(tx, booking.id)).charged_paise;
  const difference = charged - invoiceStanding(docs);
  if (difference > 0) return issueDebitNoteFor(deps, tx, booking, difference, reason, actorUserId);
  if (difference < 0) return issueCreditNoteFor(deps, tx, booking, -difference, reason, actorUserId);
  return null;
}

/**
 * After a cancellation has set what the business keeps (from `applyCancellation`): an invoiced booking gets a
 * credit note for what the invoice no longer stands for; a booking not yet invoiced that keeps an amount gets its
 * tax invoice for that amount. The advances refunded get their refund vouchers when the refunds are paid out.
 */
export async function documentCancellation(
  deps: ServiceDeps,
  tx: Executor,
  booking: BookingRow,
  actorUserId: string | null,
): Promise<void> {
  const settings = await currentGstSettings(tx, deps.config.brand);
  if (!gstRegistered(settings)) return;
  const docs = await bookingDocuments(tx, booking.id);
  if (docs.some((doc) => doc.kind === 'tax_invoice')) {
    const kept = (await bookingSums(tx, booking.id)).charged_paise;
    const over = invoiceStanding(docs) - Math.max(0, kept);
    if (over > 0) await issueCreditNoteFor(deps, tx, booking, over, 'Booking cancelled', actorUserId);
    return;
  }
  await issueTaxInvoice(deps, tx, booking, actorUserId);
}

/** The refund row's booking, locked, for `markRefundPaid`. */
export async function documentRefundPaid(
  deps: ServiceDeps,
  tx: Executor,
  refund: typeof refunds.$inferSelect,
  actorUserId: string | null,
): Promise<void> {
  const [booking] = await tx.select().from(bookings).where(eq(bookings.id, refund.bookingId)).limit(1).for('update');
  if (!booking) return;
  await issueRefundVouchers(deps, tx, booking, { id: refund.id, amountPaise: refund.amountPaise }, actorUserId);
}

/** The last day the tax invoice should carry (rule 47: 30 days from the supply, the event day). */
export function invoiceDueBy(eventDate: string | null): string | null {
  return eventDate ? addDays(eventDate, INVOICE_DAYS_AFTER_EVENT) : null;
}

export function toGstDocumentDto(row: GstDocumentRow): GstDocumentDto {
  return {
    id: row.id,
    booking_id: row.bookingId,
    subscription_id: row.subscriptionId,
    kind: row.kind,
    title: GST_DOCUMENT_META[row.kind].title,
    number: row.number,
    issue_date: row.issueDate,
    recipient_name: row.recipient.company_name ?? row.recipient.name,
    recipient_gstin: row.recipient.gstin,
    place_of_supply: row.placeOfSupply,
    place_of_supply_label: stateLabel(row.placeOfSupply),
    intra_state: row.intraState,
    sac: row.sac,
    description: row.description,
    rate_percent: row.ratePercent,
    taxable_value: paiseToRupees(row.taxablePaise),
    cgst: paiseToRupees(row.cgstPaise),
    sgst: paiseToRupees(row.sgstPaise),
    igst: paiseToRupees(row.igstPaise),
    round_off: paiseToRupees(row.roundOffPaise),
    total: paiseToRupees(row.totalPaise),
    references: row.references.map((ref) => ({
      kind: ref.kind,
      number: ref.number,
      issue_date: ref.issue_date,
      applied: paiseToRupees(ref.applied_paise),
    })),
    reason: row.reason,
    lines: row.lines.map((line) => ({
      kind: line.kind,
      sac: line.sac,
      description: line.description,
      taxable_value: paiseToRupees(line.taxable_paise),
      cgst: paiseToRupees(line.cgst_paise),
      sgst: paiseToRupees(line.sgst_paise),
      igst: paiseToRupees(line.igst_paise),
      tax: paiseToRupees(taxOfSplit(line)),
      total: paiseToRupees(line.total_paise),
    })),
  };
}

export function gstDetailsOf(booking: BookingRow, docs: readonly GstDocumentRow[]): BookingGstDetailsDto {
  return {
    company_name: booking.customerCompanyName,
    gstin: booking.customerGstin,
    billing_address: booking.billingAddress,
    venue_state_code: venueStateOf(booking),
    venue_state_named: booking.venueStateCode !== null,
    editable: !docs.some((doc) => doc.kind === 'tax_invoice') && booking.status !== 'cancelled',
  };
}

/** One document of a booking, by id (404 when it is not that booking's). */
export async function documentOfBooking(db: Executor, bookingId: string, documentId: string): Promise<GstDocumentRow> {
  const [row] = await db
    .select()
    .from(gstDocuments)
    .where(and(eq(gstDocuments.id, documentId), eq(gstDocuments.bookingId, bookingId)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'Document not found');
  return row;
}

/**
 * Before the first payment (docs/gst.md#recipient): once the business is registered, a receipt voucher needs the
 * place of supply, so a booking whose venue state is not known takes no money until it is named (409).
 */
export async function requireGstDetailsForPayment(deps: ServiceDeps, tx: Executor, booking: BookingRow): Promise<void> {
  const settings = await currentGstSettings(tx, deps.config.brand);
  if (!gstRegistered(settings) || venueStateOf(booking) !== null) return;
  throw new AppError(
    'CONFLICT',
    'Tell us the state the event is held in (GST details of the booking) before paying: the receipt needs it',
    // The pay dialog reads the reason, not the words, to lead the customer to the GST details card.
    { reason: GST_DETAILS_REQUIRED },
  );
}
