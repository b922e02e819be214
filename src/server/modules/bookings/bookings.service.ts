import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import {
  BOOKING_TRANSITIONS,
  canMoveBooking,
  enumWords,
  statusAllowsPrice,
  type BookingStatus,
} from '../../../shared/domain';
import { isIsoDate } from '../../../shared/dates';
import { statusDateRefusal } from '../../../shared/booking-rules';
import { paiseToRupees, type QuoteBreakdown } from '../../../shared/pricing';
import {
  adminBookingsQuerySchema,
  bookingIdInputSchema,
  setBookingStatusInputSchema,
  type AdminBookingDto,
  type AdminBookingsQuery,
  type BookingChangeResult,
  type Page,
  type SetBookingStatusInput,
} from '../../../shared/schemas/admin';
import {
  bookingInquiryInputSchema,
  type BookingInquiryInput,
  type BookingInquiryResult,
  type BookingRequirements,
} from '../../../shared/schemas/bookings';
import type { QuotationDto } from '../../../shared/schemas/quotation';
import type { Executor } from '../../db/client';
import { bookings } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { containsPattern } from '../../lib/search';
import { inquiryAcknowledgementEmail } from '../../mail/templates';
import { enqueueEmail } from '../../mail/outbox';
import type { Requester, ServiceDeps } from '../../context';
import { readCounters, totalOf } from '../reports/stat-counters';
import { issueTaxInvoice } from '../gst/gst-documents.service';
import { confirmBooking } from '../payments/payment-orders.service';
import { bookingSums } from '../payments/ledger';
import { applyCancellation, refundFor, toRefundPreviewDto } from './cancellation';
import { BOOKING_NOT_FOUND } from './ownership';
import { recordOptIn } from '../messages/consent';
import { announceLead } from '../notifications/leads';
import { closeProjectsOfCompletedBooking } from '../projects/award.service';

export const INQUIRY_RECEIVED_MESSAGE =
  'Thank you! Your inquiry has been received. We will contact you soon with a customized quote.';

/**
 * The account a public booking belongs to: the signed-in customer, when the booking is in that customer's own
 * e-mail. Anyone else's booking stays anonymous, so nobody can attach bookings to an account by typing its e-mail.
 */
export function customerIdFor(user: Requester['user'], clientEmail: string): string | null {
  if (!user || user.role !== 'customer') return null;
  return user.email.toLowerCase() === clientEmail.toLowerCase() ? user.id : null;
}

/** The price columns a booking priced by the pricing tiers stores (docs/product.md#pricing). */
export function tierPriceColumns(price: QuoteBreakdown) {
  return {
    basePricePerPersonPaise: price.basePricePerPersonPaise,
    discountPaise: price.discountPaise,
    surchargePaise: price.surcharge?.amountPaise ?? null,
    surchargePercent: price.surcharge?.percent ?? null,
    surchargeReason: price.surcharge?.reason ?? null,
    subtotalPaise: price.subtotalPaise,
    gstPaise: price.gstPaise,
    gstPercent: price.gstPercent,
    finalAmountPaise: price.finalAmountPaise,
  };
}

/** The first entry of a booking's history, as every later status move is written (docs/product.md#booking-statuses). */
export async function auditBookingCreated(
  tx: Executor,
  bookingId: string,
  status: BookingStatus,
  actorUserId: string | null,
): Promise<void> {
  await writeAudit(tx, {
    actorUserId,
    action: 'booking.status_changed',
    entityType: 'booking',
    entityId: bookingId,
    data: { from: null, to: status },
  });
}

/** Keeps the keys that carry a value: the stored requirements never hold nulls or empty strings. */
function compact<T extends Record<string, unknown>>(value: T): { [K in keyof T]?: Exclude<T[K], null> } {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null && v !== undefined && v !== '')) as {
    [K in keyof T]?: Exclude<T[K], null>;
  };
}

/**
 * A service inquiry from the landing page (docs/product.md#booking-statuses "Booking/inquiry payload"): a booking with
 * status `inquiry` and source `inquiry`, and the acknowledgement e-mail queued in the same transaction.
 * A guest count of 0 means "not known yet" (the form sends 0 when it cannot read a number,
 * docs/product.md#booking-statuses).
 */
export async function createInquiry(
  deps: ServiceDeps,
  input: BookingInquiryInput,
  requester: Requester,
): Promise<BookingInquiryResult> {
  const data = bookingInquiryInputSchema.parse(input);
  const userId = customerIdFor(requester.user, data.client_email);
  const { guest_count: guestCount, ...stored } = data.requirements;
  const requirements: BookingRequirements = compact(stored);

  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(bookings)
      .values({
        userId,
        clientName: data.client_name,
        clientEmail: data.client_email,
        clientPhone: data.client_phone,
        eventType: data.event_type,
        eventName: data.event_name,
        eventDate: data.event_date,
        eventTime: data.event_time,
        venueName: data.venue_name,
        venueAddress: data.venue_address,
        guestCount: guestCount > 0 ? guestCount : null,
        requirements,
        status: 'inquiry',
        source: 'inquiry',
      })
      .returning({ id: bookings.id });
    const id = row!.id;
    await auditBookingCreated(tx, id, 'inquiry', userId);
    await enqueueEmail(tx, inquiryAcknowledgementEmail(deps.config.brand, data, id), { bookingId: id });
    if (data.whatsapp_opt_in) await recordOptIn(tx, data.client_phone, 'inquiry');
    await announceLead(tx, {
      kind: 'inquiry',
      bookingId: id,
      clientName: data.client_name,
      eventName: data.event_name,
      eventDate: data.event_date,
    });
    return { id, status: 'inquiry', message: INQUIRY_RECEIVED_MESSAGE };
  });
}

type BookingRow = typeof bookings.$inferSelect;

/** The admin's custom quote behind a booking's amounts, as the admin and the customer read it (rupees). */
export function toQuotationDto(row: BookingRow): QuotationDto | null {
  const q = row.quotation;
  if (!q || row.finalAmountPaise === null) return null;
  const items = q.items.map((item) => ({
    kind: item.kind,
    description: item.description,
    unit_price: paiseToRupees(item.unit_price_paise),
    quantity: item.quantity,
    amount: paiseToRupees(item.unit_price_paise * item.quantity),
  }));
  return {
    quoted_amount: paiseToRupees(row.finalAmountPaise),
    notes: q.notes,
    items,
    gross_amount: paiseToRupees(q.items.reduce((sum, item) => sum + item.unit_price_paise * item.quantity, 0)),
    discount: paiseToRupees(q.discount_paise),
    discount_reason: q.discount_reason,
    subscriber_discount: paiseToRupees(row.subscriberDiscountPaise ?? 0),
    subtotal: paiseToRupees(row.subtotalPaise ?? 0),
    gst_percent: row.gstPercent ?? 0,
    gst_amount: paiseToRupees(row.gstPaise ?? 0),
    quoted_at: q.quoted_at,
  };
}

/** docs/product.md#pricing "Booking (admin view)": amounts in rupees, `requirements.guest_count` always present. */
export function toAdminBookingDto(row: BookingRow): AdminBookingDto {
  return {
    id: row.id,
    event_name: row.eventName,
    event_type: row.eventType,
    client_name: row.clientName,
    client_email: row.clientEmail,
    client_phone: row.clientPhone,
    event_date: row.eventDate,
    original_event_date: row.originalEventDate,
    event_time: row.eventTime,
    requirements: { ...row.requirements, guest_count: row.guestCount ?? 0 },
    status: row.status,
    venue_name: row.venueName,
    venue_address: row.venueAddress,
    city: row.city,
    notes: row.notes,
    pricing_tier: row.pricingTier,
    final_amount: row.finalAmountPaise === null ? null : paiseToRupees(row.finalAmountPaise),
    gst_percent: row.gstPercent,
    quotation: toQuotationDto(row),
    source: row.source,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** `q` as a date: a whole `YYYY-MM-DD` that is a real date, or a year or month prefix of one. */
function dateSearch(q: string): SQL | undefined {
  if (/^\d{4}-\d{2}-\d{2}$/.test(q)) return isIsoDate(q) ? eq(bookings.eventDate, q) : undefined;
  if (/^\d{4}(-\d{2})?$/.test(q)) return sql`to_char(${bookings.eventDate}, 'YYYY-MM-DD') like ${`${q}-%`}`;
  return undefined;
}

/**
 * The admin's bookings (docs/api.md `GET /bookings`): newest first, a page at a time
 * (10 by default, docs/product.md#booking-statuses); `q` matches client name or e-mail or event name (case-insensitive,
 * anywhere), or the event date; `status` filters by status.
 */
export async function listBookings(deps: ServiceDeps, query: AdminBookingsQuery = {}): Promise<Page<AdminBookingDto>> {
  const { limit, offset, q, status } = adminBookingsQuerySchema.parse(query);
  const where = and(
    status ? eq(bookings.status, status) : undefined,
    q
      ? or(
          ilike(bookings.clientName, containsPattern(q)),
          ilike(bookings.clientEmail, containsPattern(q)),
          ilike(bookings.eventName, containsPattern(q)),
          dateSearch(q),
        )
      : undefined,
  );
  const [rows, total] = await Promise.all([
    deps.db
      .select()
      .from(bookings)
      .where(where)
      .orderBy(desc(bookings.createdAt), desc(bookings.id))
      .limit(limit)
      .offset(offset),
    q
      ? countBookings(deps, where)
      : readCounters(deps.db, ['bookings.status']).then((c) => totalOf(c.get('bookings.status'), status && [status])),
  ]);
  return { items: rows.map(toAdminBookingDto), total };
}

/** A search's total has to count its matches; an unfiltered or status-only total is a running count. */
async function countBookings(deps: ServiceDeps, where: SQL | undefined): Promise<number> {
  const [count] = await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(bookings)
    .where(where);
  return Number(count?.n ?? 0);
}

/**
 * One booking for the Booking Details dialog, with what cancelling it now would owe back: an admin's cancellation is
 * the company's, and its confirmation states the refund `applyCancellation` would record (docs/product.md#refunds).
 * An unknown id is a 404.
 */
export async function getBooking(deps: ServiceDeps, input: { id: string }): Promise<AdminBookingDto> {
  const { id } = bookingIdInputSchema.parse(input);
  const [row] = await deps.db.select().from(bookings).where(eq(bookings.id, id)).limit(1);
  if (!row) throw new AppError('NOT_FOUND', BOOKING_NOT_FOUND);
  const refund = canMoveBooking(row.status, 'cancelled')
    ? toRefundPreviewDto(refundFor(row, await bookingSums(deps.db, row.id), 'company'))
    : null;
  return { ...toAdminBookingDto(row), cancellation_refund: refund };
}

/**
 * An admin moves a booking along the state machine of docs/product.md#booking-statuses (`BOOKING_TRANSITIONS` in
 * `src/shared/domain.ts`): the row is locked, the move checked, the status written and the audit row added in
 * one transaction. A move the machine does not allow, or to the current status, is a 409 saying what is allowed; so
 * is a move to quoted or confirmed of a booking without a price (`statusAllowsPrice`), and a move to in progress
 * before or after the event day or to completed before it (`statusDateRefusal`, India time).
 */
export async function setBookingStatus(
  deps: ServiceDeps,
  input: SetBookingStatusInput,
  actorUserId: string,
): Promise<BookingChangeResult> {
  const { id, status } = setBookingStatusInputSchema.parse(input);
  return deps.db.transaction(async (tx) => {
    const [current] = await tx.select().from(bookings).where(eq(bookings.id, id)).limit(1).for('update');
    if (!current) throw new AppError('NOT_FOUND', BOOKING_NOT_FOUND);
    if (current.status === status) {
      throw new AppError('BOOKING_STATUS_NOT_ALLOWED', `This booking is already ${enumWords(status)}`);
    }
    if (!canMoveBooking(current.status, status)) {
      const allowed = BOOKING_TRANSITIONS[current.status].map(enumWords);
      throw new AppError(
        'BOOKING_STATUS_NOT_ALLOWED',
        allowed.length === 0
          ? `This booking is ${enumWords(current.status)} and cannot change status any more`
          : `This booking is ${enumWords(current.status)}: ` +
              `it can move to ${allowed.join(' or ')}, not to ${enumWords(status)}`,
      );
    }
    if (!statusAllowsPrice(status, current.finalAmountPaise)) {
      // A booking the customer can pay, or that is running, has an agreed price (docs/decisions.md).
      throw new AppError(
        'BOOKING_STATUS_NOT_ALLOWED',
        'This booking has no price yet: send the customer a quote ' +
          `(Price this booking) before marking it ${enumWords(status)}`,
      );
    }
    // In progress only on the event day, completed only from it (docs/product.md#booking-statuses).
    const tooEarly = statusDateRefusal(status, current.eventDate);
    if (tooEarly) throw new AppError('BOOKING_STATUS_NOT_ALLOWED', tooEarly.detail);
    if (status === 'cancelled') {
      // An admin cancelling is the company cancelling: 100% refund including the deposit (docs/product.md#refunds).
      const { row } = await applyCancellation(deps, tx, current, 'company', actorUserId);
      return { message: 'Booking marked cancelled', booking: toAdminBookingDto(row) };
    }
    if (status === 'confirmed') {
      // Confirmed by hand (the customer paid outside the product, or the team agreed terms): the total is charged
      // and the schedule counts from today, as when the booking amount confirms it.
      const row = await confirmBooking(tx, current, actorUserId, {});
      return { message: `Booking marked ${enumWords(status)}`, booking: toAdminBookingDto(row) };
    }
    const [row] = await tx
      .update(bookings)
      .set({ status, updatedAt: new Date() })
      .where(eq(bookings.id, id))
      .returning();
    await writeAudit(tx, {
      actorUserId,
      action: 'booking.status_changed',
      entityType: 'booking',
      entityId: id,
      data: { from: current.status, to: status },
    });
    if (status === 'completed') {
      // The supply is done: its tax invoice is issued now (docs/gst.md#tax-invoice), unless it already was.
      await issueTaxInvoice(deps, tx, row!, actorUserId);
      // Nothing is left to award for an event that is over: its open project closes (docs/product.md#auto-assign).
      await closeProjectsOfCompletedBooking(deps, tx, id);
    }
    return { message: `Booking marked ${enumWords(status)}`, booking: toAdminBookingDto(row!) };
  });
}
