import { eq } from 'drizzle-orm';
import { addDays, todayInIndia } from '../../../shared/dates';
import { enumWords, QUOTABLE_STATUSES } from '../../../shared/domain';
import { priceCustomQuote, rupeesToPaise, subscriberPrice } from '../../../shared/pricing';
import type { BookingChangeResult } from '../../../shared/schemas/admin';
import { quotationInputSchema, type QuotationInput } from '../../../shared/schemas/quotation';
import { bookings, type StoredQuotation } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { enqueueEmail } from '../../mail/outbox';
import { quotationEmail } from '../../mail/templates';
import type { ServiceDeps } from '../../context';
import { currentPaymentRules } from '../payments/payment-rules.service';
import { subscriberPercentOf } from '../payments/subscriptions.service';
import { currentPricingRates } from '../quote/quote.service';
import { toAdminBookingDto, toQuotationDto } from './bookings.service';

/**
 * An admin prices an inquiry (or re-prices a quote) with a custom quote (docs/decisions.md, "Custom quotes and
 * prices"): per-person lines, fixed charges and add-ons, a discount that gives its reason, GST at the settings'
 * rate by the shared `priceCustomQuote`. A booking that took the subscriber's discount keeps it, by the same rule
 * (`subscriberPrice`, docs/product.md#subscriptions). In one transaction the booking takes the price, becomes
 * `quoted`, valid for the quote validity from today in India, the move and the quote are audited and the quote
 * e-mail is queued to the booking's e-mail. A confirmed (or later) booking's price is agreed: 409.
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
  const price = priceCustomQuote(lines, rupeesToPaise(data.discount), rates.gstPercent);
  const now = new Date();
  const validUntil = addDays(todayInIndia(now), rates.validityDays);
  const quotation: StoredQuotation = {
    items: lines.map((line) => ({
      kind: line.kind,
      description: line.description,
      unit_price_paise: line.unitPricePaise,
      quantity: line.quantity,
    })),
    discount_paise: price.discountPaise,
    discount_reason: price.discountPaise > 0 ? data.discount_reason : null,
    notes: data.notes,
    quoted_by: adminId,
    quoted_at: now.toISOString(),
  };

  return deps.db.transaction(async (tx) => {
    const [current] = await tx.select().from(bookings).where(eq(bookings.id, data.id)).limit(1).for('update');
    if (!current) throw new AppError('NOT_FOUND', 'Booking not found');
    if (!QUOTABLE_STATUSES.includes(current.status)) {
      throw new AppError(
        'BOOKING_STATUS_NOT_ALLOWED',
        `This booking is ${enumWords(current.status)}: only an inquiry or a quote that has not been accepted can be priced`,
      );
    }
    const subscriber =
      current.subscriberDiscountPaise === null ? null : subscriberPrice(price, await subscriberPercentOf(tx, current));
    const billed = subscriber ?? price;
    const [row] = await tx
      .update(bookings)
      .set({
        status: 'quoted',
        basePricePerPersonPaise: null,
        discountPaise: price.discountPaise,
        subtotalPaise: billed.subtotalPaise,
        gstPaise: billed.gstPaise,
        gstPercent: price.gstPercent,
        finalAmountPaise: billed.finalAmountPaise,
        subscriberDiscountPaise: subscriber?.discountPaise ?? null,
        quotation,
        validUntil,
        updatedAt: now,
      })
      .where(eq(bookings.id, current.id))
      .returning();
    const booking = row!;
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
    if (current.status !== 'quoted') {
      await writeAudit(tx, {
        actorUserId: adminId,
        action: 'booking.status_changed',
        entityType: 'booking',
        entityId: booking.id,
        data: { from: current.status, to: 'quoted', via: 'custom_quote' },
      });
    }
    const venue = [booking.venueName, booking.venueAddress ?? booking.city].filter(Boolean).join(', ');
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
        },
        await currentPaymentRules(tx),
      ),
    );
    return { message: `Quote sent to ${booking.clientEmail}`, booking: toAdminBookingDto(booking) };
  });
}
