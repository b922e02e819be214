import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { GST_DOCUMENT_KINDS, SERVICE_KINDS, type TaxSplit } from '../../../shared/gst';
import { bookings } from './bookings';
import { createdAt, id, oneOf } from './helpers';
import { bookingLedger, refunds, subscriptions } from './payments';
import { users } from './users';

const paise = (name: string) => bigint(name, { mode: 'number' });

/**
 * The last serial issued per document kind and financial year (docs/gst.md#numbering). A document takes its number
 * by incrementing this row inside the transaction that inserts it: the row lock queues concurrent issuers, and a
 * transaction that fails (or a process killed mid-issue) rolls its increment back, so numbers are consecutive and
 * never reused.
 */
export const gstDocumentSeries = pgTable(
  'gst_document_series',
  {
    kind: text('kind', { enum: GST_DOCUMENT_KINDS }).notNull(),
    financialYear: integer('financial_year').notNull(),
    lastSerial: integer('last_serial').notNull(),
  },
  (t) => [
    primaryKey({ name: 'gst_document_series_pkey', columns: [t.kind, t.financialYear] }),
    check('gst_document_series_kind_check', oneOf('kind', GST_DOCUMENT_KINDS)),
    check('gst_document_series_serial_check', sql`last_serial > 0`),
  ],
);

/** The supplier as printed on a document: the business identity settings when it was issued. */
export type GstSupplierSnapshot = {
  legal_name: string;
  trade_name: string;
  address: string;
  state_code: string;
  gstin: string | null;
  fssai: string | null;
  phone: string;
  email: string;
};

/** The recipient as printed on a document (rule 46(d)/(e)). */
export type GstRecipientSnapshot = {
  name: string;
  company_name: string | null;
  gstin: string | null;
  address: string | null;
  state_code: string | null;
  email: string;
};

/** A document it refers to: the receipt vouchers an invoice adjusts, the invoice a credit note corrects. */
export type GstDocumentReference = {
  id: string;
  kind: (typeof GST_DOCUMENT_KINDS)[number];
  number: string;
  issue_date: string;
  total_paise: number;
  /** The part of it this document adjusts, refunds or credits (gross). */
  applied_paise: number;
};

/**
 * One line of a document that lists lines (docs/gst.md#lines): the package or an add-on, with its share of the
 * document's taxable value and tax heads. The lines' heads add up to the document's.
 */
export type GstDocumentLine = TaxSplit & {
  kind: 'package' | 'add_on' | 'line';
  sac: string;
  description: string;
};

/**
 * GST documents issued (docs/gst.md): receipt vouchers, tax invoices, refund vouchers and credit notes. One line
 * each (one SAC, one rate, one place of supply), frozen with the supplier and recipient as they were; never edited
 * or deleted (a trigger refuses it): a mistake is corrected by a credit note.
 */
export const gstDocuments = pgTable(
  'gst_documents',
  {
    id: id(),
    kind: text('kind', { enum: GST_DOCUMENT_KINDS }).notNull(),
    financialYear: integer('financial_year').notNull(),
    serial: integer('serial').notNull(),
    number: text('number').notNull(),
    /** What the document is for: a booking, or the ₹99 subscription (docs/gst.md#subscription); exactly one. */
    bookingId: uuid('booking_id').references(() => bookings.id),
    subscriptionId: uuid('subscription_id').references(() => subscriptions.id),
    /** India date of issue. */
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    supplier: jsonb('supplier').$type<GstSupplierSnapshot>().notNull(),
    recipient: jsonb('recipient').$type<GstRecipientSnapshot>().notNull(),
    /** State code of the place of supply; null only when it was not known (treated as inter-State, rule 50). */
    placeOfSupply: text('place_of_supply'),
    intraState: boolean('intra_state').notNull(),
    sac: text('sac').notNull(),
    serviceKind: text('service_kind', { enum: SERVICE_KINDS }).notNull(),
    description: text('description').notNull(),
    ratePercent: numeric('rate_percent', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    itc: boolean('itc').notNull(),
    taxablePaise: paise('taxable_paise').notNull(),
    cgstPaise: paise('cgst_paise').notNull(),
    sgstPaise: paise('sgst_paise').notNull(),
    igstPaise: paise('igst_paise').notNull(),
    roundOffPaise: paise('round_off_paise').notNull(),
    totalPaise: paise('total_paise').notNull(),
    /** Tax invoice: the gross of the receipt vouchers it adjusts. */
    advanceAdjustedPaise: paise('advance_adjusted_paise').notNull().default(0),
    references: jsonb('references').$type<GstDocumentReference[]>().notNull().default([]),
    /** The lines a tax invoice lists (the package, each add-on); empty for a one-line document. */
    lines: jsonb('lines').$type<GstDocumentLine[]>().notNull().default([]),
    /** Receipt voucher: the ledger payment row it receipts (one voucher per payment). */
    ledgerPaymentId: uuid('ledger_payment_id').references(() => bookingLedger.id),
    /** Refund voucher: the refund paid out. */
    refundId: uuid('refund_id').references(() => refunds.id),
    /** Why a credit note was issued; what a receipt voucher received (the instalment). */
    reason: text('reason'),
    issuedBy: uuid('issued_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('gst_documents_number_key').on(t.number),
    uniqueIndex('gst_documents_series_key').on(t.kind, t.financialYear, t.serial),
    uniqueIndex('gst_documents_ledger_payment_key').on(t.ledgerPaymentId),
    uniqueIndex('gst_documents_refund_key').on(t.refundId),
    // One tax invoice per booking: later changes are credit notes against it.
    uniqueIndex('gst_documents_booking_invoice_key')
      .on(t.bookingId)
      .where(sql`kind = 'tax_invoice'`),
    // One tax invoice per subscription, and one credit note: its only change is the 50% refund.
    uniqueIndex('gst_documents_subscription_doc_key')
      .on(t.subscriptionId, t.kind)
      .where(sql`subscription_id IS NOT NULL`),
    index('gst_documents_booking_idx').on(t.bookingId, t.issuedAt),
    index('gst_documents_issue_date_idx').on(t.issueDate, t.kind),
    check('gst_documents_kind_check', oneOf('kind', GST_DOCUMENT_KINDS)),
    check('gst_documents_service_kind_check', oneOf('service_kind', SERVICE_KINDS)),
    check(
      'gst_documents_sum_check',
      sql`taxable_paise + cgst_paise + sgst_paise + igst_paise + round_off_paise = total_paise AND total_paise > 0`,
    ),
    check('gst_documents_subject_check', sql`num_nonnulls(booking_id, subscription_id) = 1`),
    check('gst_documents_number_check', sql`number ~ '^[A-Za-z0-9][A-Za-z0-9/-]{0,15}$'`),
  ],
);
