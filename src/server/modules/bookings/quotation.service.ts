import { eq } from 'drizzle-orm';
import { addDays, todayInIndia } from '../../../shared/dates';
import { enumWords, QUOTABLE_STATUSES, REPRICEABLE_STATUSES, venueLine } from '../../../shared/domain';
import {
  addOnQuoteLines,
  priceCustomQuote,
  pricedAddOns,
  rupeesToPaise,
  subscriberPrice,
} from '../../../shared/pricing';
import type { BookingChangeResult } from '../../../shared/schemas/admin';
import { quotationInputSchema, type QuotationInput } from '../../../shared/schemas/quotation';
import { bookings, type StoredQuotation } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { enqueueEmail } from '../../mail/outbox';
import { quotationEmail } from '../../mail/templates';
import type { ServiceDeps } from '../../context';
import { chargePrice } from '../payments/ledger';
import { confirmBooking, holdsBookingAmount } from '../payments/payment-orders.service';
import { settleRepricing } from '../payments/repricing';
import { currentPaymentRules } from '../payments/payment-rules.service';
import { addOnsOf, storedMenu } from '../menus/booking-menu.service';
import { subscriberPercentOf } from '../payments/subscriptions.service';
import { currentPricingRates } from '../quote/quote.service';
import { toAdminBookingDto, toQuotationDto } from './bookings.service';
import { quoteSentWhatsApp } from '../messages/whatsapp-messages';
import { enqueueWhatsApp } from '../messages/whatsapp-outbox';
import { BOOKING_NOT_FOUND } from './ownership';
import { expireOrdersOfOldPrice } from './orders-of-old-price';

/**
 * An admin prices an inquiry (or re-prices a quote) with a custom quote (docs/decisions.md, "Custom quotes and
 * prices"): per-person lines, fixed charges and add-ons, a discount that gives its reason, GST at the settings'
 * rate by the shared `priceCustomQuote`. A booking that took the subscriber's discount keeps it, by the same rule
 * (`subscriberPrice`, docs/product.md#subscriptions). In one transaction the booking takes the price, becomes
 * `quoted`, valid for the quote validity from today in India, the move and the quote are audited and the quote
 * e-mail is queued to the booking's e-mail. A confirmed, running or completed booking is re-priced in place: its
 * status stays, the ledger's charge follows the new total (what it holds over a lower total is owed back) and the
 * customer is e-mailed the new price with what is still to pay. A quote that already holds the booking amount of
 * its new total (money the team recorded towards a higher one) is confirmed by it, as that payment would have
 * confirmed it: the day's capacity is enforced (409 when full), the total is charged, anything over it is owed back,
 * and the customer gets the new price as a booking, not a quote to pay. A cancelled booking cannot be priced: 409.
 */
export async function quoteBooking(
  deps: ServiceDeps,
  input: QuotationInput,
  adminId: string,
): Promise<BookingChangeResult> {
  const data = quotationInputSchema.parse(input);
  const rates = await currentPricingRates(deps);
  const lines = data.items.map((item) => ({
    kind: item.kind,
    description: item.description,
    unitPricePaise: rupeesToPaise(item.unit_price),
    quantity: item.quantity,
  }));
  const now = new Date();
  const validUntil = addDays(todayInIndia(now), rates.validityDays);
  const quotation: StoredQuotation = {
    items: lines.map((line) => ({
      kind: line.kind,
      description: line.description,
      unit_price_paise: line.unitPricePaise,
      quantity: line.quantity,
    })),
    discount_paise: rupeesToPaise(data.discount),
    discount_reason: data.discount > 0 ? data.discount_reason : null,
    notes: data.notes,
    quoted_by: adminId,
    quoted_at: now.toISOString(),
  };

  return deps.db.transaction(async (tx) => {
    const [current] = await tx.select().from(bookings).where(eq(bookings.id, data.id)).limit(1).for('update');
    if (!current) throw new AppError('NOT_FOUND', BOOKING_NOT_FOUND);
    const repricing = REPRICEABLE_STATUSES.includes(current.status);
    if (!QUOTABLE_STATUSES.includes(current.status) && !repricing) {
      throw new AppError(
        'BOOKING_STATUS_NOT_ALLOWED',
        `This booking is ${enumWords(current.status)}: only an inquiry, ` +
          'a quote or a booking that goes ahead can be priced',
      );
    }
    // The menu's add-ons stay on the bill, each as a line of guests × its price (docs/product.md#menus).
    const menu = await storedMenu(tx, current.id);
    const addOns = addOnsOf(menu.items, menu.dishes);
    const addOnLines = addOnQuoteLines(addOns, current.guestCount ?? 0);
    const price = priceCustomQuote([...lines, ...addOnLines], rupeesToPaise(data.discount), rates.gstPercent);
    const subscriber =
      current.subscriberDiscountPaise === null ? null : subscriberPrice(price, await subscriberPercentOf(tx, current));
    const billed = subscriber ?? price;
    const [row] = await tx
      .update(bookings)
      .set({
        status: repricing ? current.status : 'quoted',
        basePricePerPersonPaise: null,
        discountPaise: price.discountPaise,
        subtotalPaise: billed.subtotalPaise,
        gstPaise: billed.gstPaise,
        gstPercent: price.gstPercent,
        finalAmountPaise: billed.finalAmountPaise,
        subscriberDiscountPaise: subscriber?.discountPaise ?? null,
        quotation,
        validUntil: repricing ? current.validUntil : validUntil,
        updatedAt: now,
      })
      .where(eq(bookings.id, current.id))
      .returning();
    let booking = row!;
    // A payment order opened for the old price is not paid on the new one.
    await expireOrdersOfOldPrice(
      tx,
      booking.id,
      { before: current.finalAmountPaise, after: billed.finalAmountPaise },
      now,
    );
    await writeAudit(tx, {
      actorUserId: adminId,
      action: 'booking.quoted',
      entityType: 'booking',
      entityId: booking.id,
      data: {
        final_amount_paise: billed.finalAmountPaise,
        previous_final_amount_paise: current.finalAmountPaise,
        gst_percent: price.gstPercent,
        discount_paise: price.discountPaise,
        subscriber_discount_paise: subscriber?.discountPaise ?? null,
        discount_reason: quotation.discount_reason,
        lines: quotation.items.length,
      },
    });
    if (!repricing && current.status !== 'quoted') {
      await writeAudit(tx, {
        actorUserId: adminId,
        action: 'booking.status_changed',
        entityType: 'booking',
        entityId: booking.id,
        data: { from: current.status, to: 'quoted', via: 'custom_quote' },
      });
    }
    const confirming = !repricing && (await holdsBookingAmount(tx, booking));
    if (confirming) booking = await confirmBooking(tx, booking, adminId, { via: 'custom_quote' });
    if (repricing || confirming) {
      // Confirming charged the total already.
      if (repricing) await chargePrice(tx, booking.id, billed.finalAmountPaise, adminId, 'Re-priced');
      await settleRepricing(deps, tx, booking, {
        previousTotalPaise: current.finalAmountPaise ?? 0,
        reason: 'Booking re-priced',
        cause: 'repriced',
        confirmed: confirming,
        actorUserId: adminId,
      });
      return { message: `New price sent to ${booking.clientEmail}`, booking: toAdminBookingDto(booking) };
    }
    const venue = venueLine({ name: booking.venueName, address: booking.venueAddress, city: booking.city });
    await enqueueEmail(
      tx,
      quotationEmail(
        deps.config.brand,
        {
          bookingId: booking.id,
          clientName: booking.clientName,
          clientEmail: booking.clientEmail,
          eventName: booking.eventName,
          eventType: booking.eventType,
          eventDate: booking.eventDate,
          guestCount: booking.guestCount,
          venue: venue || null,
          validUntil,
          quotation: toQuotationDto(booking)!,
          addOns: pricedAddOns(addOns, booking.guestCount ?? 0),
        },
        await currentPaymentRules(tx),
      ),
      { bookingId: booking.id },
    );
    await enqueueWhatsApp(tx, quoteSentWhatsApp(booking, booking.finalAmountPaise!, validUntil));
    return { message: `Quote sent to ${booking.clientEmail}`, booking: toAdminBookingDto(booking) };
  });
}
