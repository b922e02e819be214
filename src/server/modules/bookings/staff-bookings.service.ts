import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { dayRefusal, OCCUPYING_STATUSES } from '../../../shared/calendar';
import { addDays, formatLongDate, todayInIndia } from '../../../shared/dates';
import { enumWords, humanize, REPRICEABLE_STATUSES, type BookingStatus } from '../../../shared/domain';
import { formatInr } from '../../../shared/money';
import {
  addOnQuoteLines,
  paiseToRupees,
  priceCustomQuote,
  priceQuote,
  subscriberPrice,
  withPeakSurcharge,
  type TaxedAmount,
} from '../../../shared/pricing';
import { priceInstantQuote, toQuoteResult } from '../../../shared/quote-result';
import type { BookingChangeResult } from '../../../shared/schemas/admin';
import { bookingInquiryInputSchema } from '../../../shared/schemas/bookings';
import {
  eventDetailsInputSchema,
  staffBookingInputSchema,
  type EventDetailsInput,
  type StaffBookingInput,
} from '../../../shared/schemas/calendar';
import { instantQuoteInputSchema, venueTypeSchema } from '../../../shared/schemas/quote';
import type { Transaction } from '../../db/client';
import { bookings, users } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { eventDetailsChangedEmail, type DetailChange } from '../../mail/operations-templates';
import { enqueueEmail } from '../../mail/outbox';
import { inquiryAcknowledgementEmail, quoteEmail } from '../../mail/templates';
import type { ServiceDeps } from '../../context';
import { assertRoomOn, currentOperationsRules, lockDay, readDay, type CalendarDay } from '../calendar/calendar.service';
import { bookingsMoney } from '../payments/booking-money';
import { chargePrice } from '../payments/ledger';
import { settleNewPrice } from '../payments/repricing';
import { subscriberPercentOf } from '../payments/subscriptions.service';
import { addOnsOf, followGuestCount, storedMenu } from '../menus/booking-menu.service';
import { supplierBudgetPaise } from '../../../shared/supplier-bids';
import { announceProjectChange } from '../projects/award.service';
import { currentPricingRates, quotingSettings } from '../quote/quote.service';
import { auditBookingCreated, tierPriceColumns, toAdminBookingDto } from './bookings.service';
import { BOOKING_NOT_FOUND } from './ownership';
import { expireOrdersOfOldPrice } from './orders-of-old-price';

/**
 * A booking the team takes by phone, at the counter, on WhatsApp or by referral (docs/product.md#staff-bookings),
 * checked as the site checks it: the shared input rules, the day's capacity (409 with the next free dates), and
 * either the package price of /book (with the date's peak surcharge; the booking is `quoted` and the customer gets
 * the quote e-mail) or `custom`: an inquiry the admin prices line by line from Booking Details (the customer gets
 * the inquiry e-mail). An existing customer is chosen by id and the booking is made in that account's e-mail; the
 * booking is not linked to the account, so it shows in My Bookings once the customer has confirmed the address,
 * as every booking made in an e-mail does. Source and author are audited.
 */
export async function createStaffBooking(
  deps: ServiceDeps,
  input: StaffBookingInput,
  adminId: string,
): Promise<BookingChangeResult> {
  const data = staffBookingInputSchema.parse(input);
  let client = { name: data.client_name, email: data.client_email, phone: data.client_phone };
  if (data.customer_id) {
    const [account] = await deps.db
      .select()
      .from(users)
      .where(and(eq(users.id, data.customer_id), eq(users.role, 'customer')))
      .limit(1);
    if (!account) throw new AppError('NOT_FOUND', 'Customer not found');
    client = { name: account.fullName, email: account.email, phone: account.phone ?? data.client_phone };
  }
  const quoteInput = instantQuoteInputSchema.parse({
    event_type: data.event_type,
    event_date: data.event_date,
    guest_count: data.guest_count,
    venue_type: data.venue_type,
    tier: data.tier,
    location: data.location,
    client_email: client.email,
    client_name: client.name,
    event_name: data.event_name,
    client_phone: client.phone,
    venue_name: data.venue_name,
  });
  const { rates, paymentRules: rules, operations } = await quotingSettings(deps.db, deps.config.brand);
  const today = todayInIndia();
  const validUntil = addDays(today, rates.validityDays);
  const id = randomUUID();

  return deps.db.transaction(async (tx) => {
    // A full or closed day is refused; a package price takes the day's peak surcharge from the same read.
    const day = await readDay(tx, data.event_date, { rules: operations });
    await assertRoomForStaff(tx, day, data.guest_count);
    const surcharge = day.rule.surcharge;
    const price = data.pricing === 'package' ? priceInstantQuote(quoteInput, rates, { surcharge }) : null;
    const status: BookingStatus = price ? 'quoted' : 'inquiry';
    const [row] = await tx
      .insert(bookings)
      .values({
        id,
        userId: null,
        clientName: client.name,
        clientEmail: client.email,
        clientPhone: client.phone,
        eventType: data.event_type,
        eventName: data.event_name,
        eventDate: data.event_date,
        eventTime: data.event_time,
        venueName: data.venue_name,
        venueAddress: data.venue_address,
        venueType: data.venue_type,
        city: data.location,
        guestCount: data.guest_count,
        requirements: { venue_type: data.venue_type },
        notes: data.notes,
        status,
        source: data.source,
        ...(price && {
          pricingTier: data.tier,
          ...tierPriceColumns(price),
          validUntil,
        }),
      })
      .returning();
    await auditBookingCreated(tx, id, status, adminId);
    await writeAudit(tx, {
      actorUserId: adminId,
      action: 'booking.taken_by_staff',
      entityType: 'booking',
      entityId: id,
      data: { source: data.source, pricing: data.pricing, customer_id: data.customer_id },
    });
    if (price) {
      await enqueueEmail(
        tx,
        quoteEmail(deps.config.brand, quoteInput, toQuoteResult(id, price, validUntil), rules, today, 'staff'),
        { bookingId: id },
      );
    } else {
      const inquiry = bookingInquiryInputSchema.parse({
        client_name: client.name,
        client_email: client.email,
        client_phone: client.phone,
        event_type: data.event_type,
        event_name: data.event_name,
        event_date: data.event_date,
        event_time: data.event_time,
        venue_name: data.venue_name,
        venue_address: data.venue_address,
        requirements: { guest_count: data.guest_count, special_requests: data.notes ?? undefined },
      });
      await enqueueEmail(tx, inquiryAcknowledgementEmail(deps.config.brand, inquiry, id), { bookingId: id });
    }
    return {
      message:
        `Booking ${price ? 'quoted' : 'entered'} for ${client.name}; ` +
        `${price ? 'the quote' : 'an acknowledgement'} was e-mailed to ${client.email}`,
      booking: toAdminBookingDto(row!),
    };
  });
}

/**
 * The day's capacity check of a booking the team takes or changes (docs/product.md#staff-bookings). The shared
 * refusal is written for a customer, who is told to call when no date in the next year has room; the team is the one
 * they would call, and can act on the day itself. So its 409 names the reason and what the team can do: fewer guests,
 * the day's limits (or its closing) in Settings, or one of the next free dates, still sent as `next_free_dates`.
 */
async function assertRoomForStaff(tx: Transaction, day: CalendarDay, guests: number): Promise<void> {
  try {
    await assertRoomOn(tx, day, guests);
  } catch (error) {
    const refusal = dayRefusal(day.rule, day.load, guests);
    if (!(error instanceof AppError) || error.code !== 'DATE_UNAVAILABLE' || !refusal) throw error;
    const free = (error.extra?.next_free_dates ?? []) as string[];
    throw new AppError('DATE_UNAVAILABLE', staffDayRefusal(day, guests, refusal, free), error.extra);
  }
}

/** The team's sentence for a day that cannot take `guests` guests: why, how to go ahead on it, and the free dates. */
function staffDayRefusal(
  day: CalendarDay,
  guests: number,
  refusal: { status: 'full' | 'closed'; reason: string },
  freeDates: readonly string[],
): string {
  const count = guests.toLocaleString('en-IN');
  const settings = 'in Settings (Capacity and dates)';
  // A day that would take a smaller event is refused for its guests alone.
  const remedy =
    refusal.status === 'closed'
      ? `reopen it ${settings}`
      : dayRefusal(day.rule, day.load, 1) === null
        ? `lower the guest count or raise its guest limit ${settings}`
        : `raise its limits ${settings}`;
  const elsewhere =
    freeDates.length === 0
      ? `No other date in the next year has room for ${count} guests.`
      : `The next free ${freeDates.length === 1 ? 'date is' : 'dates are'} ` +
        `${freeDates.map(formatLongDate).join(', ')}.`;
  return (
    `${formatLongDate(day.date)} is not available for ${count} guests (${refusal.reason}). ` +
    `To go ahead on this date, ${remedy}. ${elsewhere}`
  );
}

type BookingRow = typeof bookings.$inferSelect;

/** The new price of a priced booking for a new guest count, by the rule that priced it; null when it has none. */
async function repriceForGuests(
  deps: ServiceDeps,
  tx: Transaction,
  row: BookingRow,
  guests: number,
): Promise<
  | (TaxedAmount & {
      basePricePerPersonPaise: number | null;
      discountPaise: number;
      surchargePaise: number | null;
      subscriberDiscountPaise: number | null;
    })
  | null
> {
  if (row.finalAmountPaise === null || row.gstPercent === null) return null;
  // The menu's add-ons are priced per guest, so they follow the guests too (docs/product.md#menus).
  const menu = await storedMenu(tx, row.id);
  const addOns = addOnsOf(menu.items, menu.dishes);
  let list: TaxedAmount & {
    basePricePerPersonPaise: number | null;
    discountPaise: number;
    surchargePaise: number | null;
  };
  if (row.quotation) {
    // A custom quote: its per-person lines follow the guests; fixed charges and add-ons stay.
    const lines = row.quotation.items.map((item) => ({
      kind: item.kind,
      description: item.description,
      unitPricePaise: item.unit_price_paise,
      quantity: item.kind === 'per_person' ? guests : item.quantity,
    }));
    lines.push(...addOnQuoteLines(addOns, guests));
    const gross = lines.reduce((sum, l) => sum + l.unitPricePaise * l.quantity, 0);
    const custom = priceCustomQuote(lines, Math.min(row.quotation.discount_paise, gross), row.gstPercent);
    list = { ...custom, basePricePerPersonPaise: null, surchargePaise: null };
  } else if (row.pricingTier) {
    const rates = { ...(await currentPricingRates({ ...deps, db: tx })), gstPercent: row.gstPercent };
    const base = priceQuote(
      {
        tier: row.pricingTier,
        eventType: row.eventType,
        venueType: row.venueType ?? venueTypeSchema.catch('indoor').parse(row.requirements.venue_type),
        city: row.city ?? '',
        guestCount: guests,
        addOns,
      },
      rates,
    );
    // The surcharge it was priced with stays (the date has not changed).
    const priced = withPeakSurcharge(
      base,
      row.surchargePercent && row.surchargeReason
        ? { percent: row.surchargePercent, reason: row.surchargeReason }
        : null,
    );
    list = { ...priced, surchargePaise: priced.surcharge?.amountPaise ?? null };
  } else return null;
  if (row.subscriberDiscountPaise === null) return { ...list, subscriberDiscountPaise: null };
  const subscriber = subscriberPrice(list, await subscriberPercentOf(tx, row));
  return { ...list, ...subscriber, subscriberDiscountPaise: subscriber.discountPaise };
}

const text = (value: string | null) => (value && value.trim() !== '' ? value : 'not set');

/**
 * What changed, as suppliers are told it (docs/product.md#supplier-bids): the supplier budget in place of the
 * customer's GST-inclusive total, which holds the business's margin and the tax.
 */
async function changesForSuppliers(
  tx: Transaction,
  changes: readonly DetailChange[],
  totalChange: DetailChange | null,
  before: { subtotalPaise: number | null },
  after: { subtotalPaise: number | null },
): Promise<DetailChange[]> {
  const kept = changes.filter((change) => change !== totalChange);
  const { bids } = await currentOperationsRules(tx);
  const from = supplierBudgetPaise(before.subtotalPaise, bids);
  const to = supplierBudgetPaise(after.subtotalPaise, bids);
  if (from === to || to === null) return kept;
  const rupees = (paise: number) => formatInr(paiseToRupees(paise));
  return [...kept, { label: 'Budget', from: from === null ? 'not set' : rupees(from), to: rupees(to) }];
}

/**
 * The admin edits an event's details: guests, venue, time, notes (docs/product.md#staff-bookings). A new guest count
 * re-derives the price by the rule that priced the booking (the package rate, or a custom quote's per-person lines)
 * at the GST rate it was priced at; a booking that holds its day must still fit in it (the day is locked, 409 with
 * the next free dates). A confirmed or running booking's ledger charge follows the new total (what it holds over it
 * is owed back) and its due dates follow, as they are derived. In one transaction: the change, the audit row, the
 * customer's e-mail with the new figures, and the suppliers told (`announceProjectChange`). A cancelled or
 * completed booking cannot be edited (409); nothing changed is a 409 too.
 */
export async function updateEventDetails(
  deps: ServiceDeps,
  input: EventDetailsInput,
  adminId: string,
  now: Date = new Date(),
): Promise<BookingChangeResult> {
  const { id, ...fields } = eventDetailsInputSchema.parse(input);
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(bookings).where(eq(bookings.id, id)).limit(1).for('update');
    if (!row) throw new AppError('NOT_FOUND', BOOKING_NOT_FOUND);
    if (row.status === 'cancelled' || row.status === 'completed') {
      throw new AppError(
        'BOOKING_STATUS_NOT_ALLOWED',
        `This booking is ${enumWords(row.status)}; its details can no longer be changed`,
      );
    }
    const changes: DetailChange[] = [];
    const set: Partial<typeof bookings.$inferInsert> = {};
    const guests = fields.guest_count;
    if (guests !== undefined && guests !== row.guestCount) {
      changes.push({
        label: 'Guests',
        from: row.guestCount ? row.guestCount.toLocaleString('en-IN') : 'not set',
        to: guests.toLocaleString('en-IN'),
      });
      set.guestCount = guests;
    }
    const textFields = [
      ['venue_name', 'venueName', 'Venue'],
      ['venue_address', 'venueAddress', 'Venue address'],
      ['event_time', 'eventTime', 'Time'],
      ['notes', 'notes', 'Notes'],
    ] as const;
    for (const [key, column, label] of textFields) {
      const value = fields[key];
      if (value === undefined || value === row[column]) continue;
      changes.push({ label, from: text(row[column]), to: text(value) });
      set[column] = value;
    }
    if (changes.length === 0) throw new AppError('CONFLICT', 'Nothing changed: the booking already has these details');

    const newGuests = set.guestCount ?? null;
    let totalChange: DetailChange | null = null;
    if (newGuests !== null && row.eventDate) {
      // A booking that holds its day takes the day's lock first, so the count and the change hold together.
      if (OCCUPYING_STATUSES.includes(row.status)) await lockDay(tx, row.eventDate);
      const day = await readDay(tx, row.eventDate, { excludeBookingId: row.id });
      await assertRoomForStaff(tx, day, newGuests);
    }
    const price = newGuests !== null ? await repriceForGuests(deps, tx, row, newGuests) : null;
    if (price) {
      Object.assign(set, {
        basePricePerPersonPaise: price.basePricePerPersonPaise,
        discountPaise: price.discountPaise,
        surchargePaise: price.surchargePaise,
        subtotalPaise: price.subtotalPaise,
        gstPaise: price.gstPaise,
        finalAmountPaise: price.finalAmountPaise,
        subscriberDiscountPaise: price.subscriberDiscountPaise,
      });
      if (row.quotation) {
        set.quotation = {
          ...row.quotation,
          items: row.quotation.items.map((item) =>
            item.kind === 'per_person' ? { ...item, quantity: newGuests! } : item,
          ),
        };
      }
      if (price.finalAmountPaise !== row.finalAmountPaise) {
        totalChange = {
          label: 'Total (incl. GST)',
          from: formatInr(paiseToRupees(row.finalAmountPaise ?? 0)),
          to: formatInr(paiseToRupees(price.finalAmountPaise)),
        };
        changes.push(totalChange);
      }
    }
    const [updated] = await tx
      .update(bookings)
      .set({ ...set, updatedAt: now })
      .where(eq(bookings.id, id))
      .returning();
    const booking = updated!;
    // A saved menu's guests by diet follow the new count (docs/product.md#menus, "Guests by diet").
    if (newGuests !== null) await followGuestCount(tx, booking.id, newGuests);
    // A payment order opened for the old price is not paid on the new one.
    await expireOrdersOfOldPrice(
      tx,
      booking.id,
      { before: row.finalAmountPaise, after: booking.finalAmountPaise },
      now,
    );
    let refundPaise = 0;
    if (price && REPRICEABLE_STATUSES.includes(booking.status) && price.finalAmountPaise !== row.finalAmountPaise) {
      await chargePrice(tx, booking.id, price.finalAmountPaise, adminId, 'Event details changed');
      const guests = (count: number) => count.toLocaleString('en-IN');
      const reason = `Guests changed from ${guests(row.guestCount ?? 0)} to ${guests(newGuests!)}`;
      // The customer hears of it in the event-details e-mail below, with the rest of what changed.
      refundPaise = await settleNewPrice(deps, tx, booking, reason, adminId);
    }
    await writeAudit(tx, {
      actorUserId: adminId,
      action: 'booking.details_changed',
      entityType: 'booking',
      entityId: id,
      data: {
        changes,
        previous_final_amount_paise: row.finalAmountPaise,
        final_amount_paise: booking.finalAmountPaise,
      },
    });
    const money = booking.finalAmountPaise === null ? null : (await bookingsMoney(tx, [booking]))[0]!;
    await enqueueEmail(
      tx,
      eventDetailsChangedEmail(
        deps.config.brand,
        { email: booking.clientEmail, name: booking.clientName },
        { id: booking.id, eventName: booking.eventName, eventDate: booking.eventDate },
        changes,
        {
          previousTotalPaise: row.finalAmountPaise,
          totalPaise: booking.finalAmountPaise,
          paidPaise: money?.sums.held_paise ?? 0,
          outstandingPaise: money?.summary.outstanding_paise ?? booking.finalAmountPaise ?? 0,
          refundPaise,
        },
      ),
      { bookingId: booking.id },
    );
    const toSuppliers = await changesForSuppliers(tx, changes, totalChange, row, booking);
    const told = await announceProjectChange(
      deps,
      tx,
      booking,
      { kind: 'details', changes: toSuppliers },
      adminId,
      now,
    );
    return {
      message:
        `${humanize(booking.eventName)} updated; ` +
        `the customer${told > 0 ? ` and ${told} supplier${told === 1 ? '' : 's'}` : ''} told`,
      booking: toAdminBookingDto(booking),
    };
  });
}
