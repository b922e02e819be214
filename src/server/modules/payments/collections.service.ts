import { and, asc, eq, gte, lt } from 'drizzle-orm';
import { toCsv } from '../../../shared/csv';
import { addDays, isoDateInIndia } from '../../../shared/dates';
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS, type PaymentMethod } from '../../../shared/domain';
import { paiseToRupees } from '../../../shared/pricing';
import {
  collectionsCsvQuerySchema,
  collectionsQuerySchema,
  type CollectionEntryDto,
  type CollectionsCsvQuery,
  type CollectionsDto,
  type CollectionsFiguresDto,
  type CollectionsQuery,
} from '../../../shared/schemas/money';
import { bookingLedger, bookings, refunds } from '../../db/schema';
import { quoteReference } from '../../mail/templates';
import type { ServiceDeps } from '../../context';

/*
 * Collections (docs/product.md#money): the money the ledger says came in, by India date and method, and the
 * refunds paid out, over a range of days. Any payment row counts, whatever wrote it (a paid order, an admin's
 * record of a bank transfer, cash or cheque, a reversing row with its negative amount).
 */

type Entry = {
  id: string;
  at: Date;
  kind: 'payment' | 'refund';
  method: PaymentMethod | null;
  amountPaise: number;
  reference: string | null;
  bookingId: string;
  eventName: string;
  clientName: string;
  note: string | null;
};

/** The instant an India date starts. */
function startOfIndiaDay(isoDate: string): Date {
  return new Date(`${isoDate}T00:00:00+05:30`);
}

/**
 * The ledger rows that moved money in the range, oldest first: payment rows on the day they were recorded, refund
 * rows on the day their refund was marked paid out (a refund still due has moved no money).
 */
async function entriesBetween(deps: ServiceDeps, from: string, to: string): Promise<Entry[]> {
  const start = startOfIndiaDay(from);
  const end = startOfIndiaDay(addDays(to, 1));
  const booking = { eventName: bookings.eventName, clientName: bookings.clientName };
  const [payments, paidOut] = await Promise.all([
    deps.db
      .select({ row: bookingLedger, ...booking })
      .from(bookingLedger)
      .innerJoin(bookings, eq(bookings.id, bookingLedger.bookingId))
      .where(
        and(eq(bookingLedger.kind, 'payment'), gte(bookingLedger.createdAt, start), lt(bookingLedger.createdAt, end)),
      )
      .orderBy(asc(bookingLedger.createdAt), asc(bookingLedger.id)),
    deps.db
      .select({ row: bookingLedger, paidAt: refunds.paidAt, payoutReference: refunds.reference, ...booking })
      .from(bookingLedger)
      .innerJoin(refunds, eq(refunds.id, bookingLedger.refundId))
      .innerJoin(bookings, eq(bookings.id, bookingLedger.bookingId))
      .where(
        and(
          eq(bookingLedger.kind, 'refund'),
          eq(refunds.status, 'paid'),
          gte(refunds.paidAt, start),
          lt(refunds.paidAt, end),
        ),
      ),
  ]);
  const entries: Entry[] = [
    ...payments.map(({ row, eventName, clientName }) => ({
      id: row.id,
      at: row.createdAt,
      kind: 'payment' as const,
      method: row.method,
      amountPaise: row.amountPaise,
      reference: row.reference,
      bookingId: row.bookingId,
      eventName,
      clientName,
      note: row.note,
    })),
    ...paidOut.map(({ row, paidAt, payoutReference, eventName, clientName }) => ({
      id: row.id,
      at: paidAt!,
      kind: 'refund' as const,
      method: null,
      amountPaise: row.amountPaise,
      reference: payoutReference,
      bookingId: row.bookingId,
      eventName,
      clientName,
      note: row.note,
    })),
  ];
  return entries.sort((a, b) => a.at.getTime() - b.at.getTime() || a.id.localeCompare(b.id));
}

/** Received by method, refunds paid and the net, summed in paise and given in rupees. */
function figuresOf(entries: readonly Entry[]): CollectionsFiguresDto {
  const byMethod = Object.fromEntries(PAYMENT_METHODS.map((method) => [method, 0])) as Record<PaymentMethod, number>;
  let notRecorded = 0;
  let refunded = 0;
  for (const entry of entries) {
    if (entry.kind === 'refund') refunded += entry.amountPaise;
    else if (entry.method) byMethod[entry.method] += entry.amountPaise;
    else notRecorded += entry.amountPaise;
  }
  const received = PAYMENT_METHODS.reduce((sum, method) => sum + byMethod[method], notRecorded);
  return {
    by_method: Object.fromEntries(PAYMENT_METHODS.map((m) => [m, paiseToRupees(byMethod[m])])) as Record<
      PaymentMethod,
      number
    >,
    method_not_recorded: paiseToRupees(notRecorded),
    received: paiseToRupees(received),
    refunds_paid: paiseToRupees(refunded),
    net: paiseToRupees(received - refunded),
  };
}

function toEntryDto(entry: Entry): CollectionEntryDto {
  return {
    id: entry.id,
    date: isoDateInIndia(entry.at),
    at: entry.at.toISOString(),
    kind: entry.kind,
    method: entry.method,
    amount: paiseToRupees(entry.amountPaise),
    reference: entry.reference,
    booking_id: entry.bookingId,
    booking_reference: quoteReference(entry.bookingId),
    event_name: entry.eventName,
    client_name: entry.clientName,
    note: entry.note,
  };
}

/**
 * The admin's Collections (docs/product.md#money): by India date (days with money moved, oldest first) and in all
 * over the range (this month so far by default), with a page of the ledger rows behind the figures.
 */
export async function collections(deps: ServiceDeps, query: CollectionsQuery = {}): Promise<CollectionsDto> {
  const { from, to, limit, offset } = collectionsQuerySchema.parse(query);
  const entries = await entriesBetween(deps, from, to);
  const byDay = new Map<string, Entry[]>();
  for (const entry of entries) {
    const day = isoDateInIndia(entry.at);
    const list = byDay.get(day);
    if (list) list.push(entry);
    else byDay.set(day, [entry]);
  }
  return {
    from,
    to,
    days: [...byDay].map(([date, rows]) => ({ date, ...figuresOf(rows) })),
    totals: figuresOf(entries),
    entries: entries.slice(offset, offset + limit).map(toEntryDto),
    total_entries: entries.length,
  };
}

const COLLECTIONS_CSV_COLUMNS = [
  'date',
  'recorded_at',
  'kind',
  'method',
  'amount',
  'reference',
  'booking_reference',
  'event_name',
  'client_name',
  'note',
] as const;

/**
 * Collections as a CSV file (docs/api.md): every ledger row of the range, oldest first, as the list shows them;
 * written by the shared CSV rule (formula triggers neutralised, BOM, CRLF).
 */
export async function collectionsCsv(
  deps: ServiceDeps,
  query: CollectionsCsvQuery = {},
): Promise<{ fileName: string; csv: string }> {
  const { from, to } = collectionsCsvQuerySchema.parse(query);
  const rows = (await entriesBetween(deps, from, to)).map(toEntryDto).map(
    (entry) =>
      ({
        date: entry.date,
        recorded_at: entry.at,
        kind: entry.kind === 'payment' ? 'Received' : 'Refund paid',
        method: entry.method ? PAYMENT_METHOD_LABELS[entry.method] : null,
        amount: entry.amount,
        reference: entry.reference,
        booking_reference: entry.booking_reference,
        event_name: entry.event_name,
        client_name: entry.client_name,
        note: entry.note,
      }) satisfies Record<(typeof COLLECTIONS_CSV_COLUMNS)[number], unknown>,
  );
  return { fileName: `collections-${from}-to-${to}.csv`, csv: toCsv(rows, { columns: COLLECTIONS_CSV_COLUMNS }) };
}
