import { tierPriceColumns } from '../modules/bookings/bookings.service';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { addDays, todayInIndia } from '../../shared/dates';
import { gstinCheckChar } from '../../shared/gstin';
import { priceQuote } from '../../shared/pricing';
import type { ServiceDeps } from '../context';
import { applyCancellation } from '../modules/bookings/cancellation';
import { issueReceiptVoucher, issueTaxInvoice, type BookingRow } from '../modules/gst/gst-documents.service';
import { currentGstSettings, getGstSettings, updateGstSettings } from '../modules/gst/gst-settings.service';
import { receiveBookingPayment } from '../modules/payments/payment-orders.service';
import { holdsPayment } from '../modules/payments/receivables.service';
import type { Transaction } from './client';
import { bookingLedger, bookings, gstDocuments, users } from './schema';
import type { SeedDemoResult } from './seed-demo';

/*
 * The demo's GST documents (docs/gst.md; docs/decisions.md, "Demo data"): the demo business saves a GSTIN in its
 * GST settings, and documents are then issued through the same services the product issues them with, never
 * written by hand: receipt vouchers for the payments of two confirmed demo bookings, and a booking taken and paid
 * today, invoiced early by the admin and then cancelled by its customer — its receipt vouchers, its tax invoice and
 * the credit note the cancellation issues against it. Runs in the demo seed's transaction.
 */

/** A valid GSTIN of the demo business in Madhya Pradesh (23): PAN AAECA4512K, checked with the shared checksum. */
export const DEMO_BUSINESS_GSTIN = `23AAECA4512K1Z${gstinCheckChar('23AAECA4512K1Z')}`;
const DEMO_FSSAI = '11423999000456';
const DEMO_CUSTOMER_EMAIL = 'priya.sharma@example.in';

export async function seedDemoGstDocuments(
  deps: ServiceDeps,
  tx: Transaction,
  result: SeedDemoResult,
): Promise<SeedDemoResult> {
  const txDeps: ServiceDeps = { ...deps, db: tx };
  const [admin] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'admin'))
    .orderBy(asc(users.createdAt))
    .limit(1);
  const adminId = admin?.id ?? null;
  // A business that already has a GSTIN (configured or saved) keeps it; otherwise the demo one is saved.
  const settings = await currentGstSettings(tx, deps.config.brand);
  if (!settings.business.gstin && adminId) {
    const current = await getGstSettings(txDeps);
    await updateGstSettings(
      txDeps,
      {
        business: { ...current.business, gstin: DEMO_BUSINESS_GSTIN, state_code: '23', fssai: DEMO_FSSAI },
        rates: current.rates,
      },
      adminId,
    );
  }

  // Receipt vouchers for the payments already received on two confirmed demo bookings, oldest payment first, as
  // receiving them would have issued (the one path money is received by issues them the same way).
  const confirmed = await tx
    .select()
    .from(bookings)
    .where(and(eq(bookings.status, 'confirmed'), holdsPayment))
    .orderBy(asc(bookings.createdAt))
    .limit(2);
  for (const booking of confirmed) {
    const payments = await tx
      .select()
      .from(bookingLedger)
      .where(and(eq(bookingLedger.bookingId, booking.id), inArray(bookingLedger.kind, ['payment'])))
      .orderBy(asc(bookingLedger.createdAt));
    for (const payment of payments) {
      await issueReceiptVoucher(txDeps, tx, booking, {
        ledgerId: payment.id,
        amountPaise: payment.amountPaise,
        label: payment.note ?? 'Payment',
        actorUserId: payment.actorUserId,
      });
    }
  }

  // A booking paid, invoiced and cancelled through the services: receipt vouchers, a tax invoice, a credit note.
  const [customer] = await tx.select().from(users).where(eq(users.email, DEMO_CUSTOMER_EMAIL)).limit(1);
  if (!customer) return result;
  const price = priceQuote({
    tier: 'premium',
    eventType: 'anniversary',
    venueType: 'banquet',
    city: 'Indore',
    guestCount: 80,
  });
  const [created] = await tx
    .insert(bookings)
    .values({
      userId: customer.id,
      clientName: customer.fullName,
      clientEmail: customer.email,
      clientPhone: customer.phone,
      eventType: 'anniversary',
      eventName: 'Sharma Silver Jubilee Dinner',
      eventDate: addDays(todayInIndia(), 75),
      eventTime: '19:30',
      venueName: 'Hotel Sayaji, Vijay Nagar',
      venueType: 'banquet',
      city: 'Indore',
      guestCount: 80,
      requirements: { special_requests: 'Jain food for the elders' },
      pricingTier: 'premium',
      ...tierPriceColumns(price),
      validUntil: addDays(todayInIndia(), 7),
      status: 'quoted',
      source: 'instant_quote',
    })
    .returning();
  const bookingId = created!.id;
  const paidAt = new Date();
  for (const [label, amountPaise, reference] of [
    ['Booking amount', 999_00, 'UPI-DEMO-SJ-1'],
    ['Advance', Math.round(price.finalAmountPaise / 2) - 999_00, 'NEFT-DEMO-SJ-2'],
  ] as const) {
    await receiveBookingPayment(txDeps, tx, bookingId, {
      amountPaise,
      method: label === 'Advance' ? 'bank_transfer' : 'upi',
      reference,
      order: null,
      label,
      actorUserId: adminId,
      via: 'recorded',
      paidAt,
    });
  }
  const lock = async (): Promise<BookingRow> =>
    (await tx.select().from(bookings).where(eq(bookings.id, bookingId)).limit(1).for('update'))[0]!;
  await issueTaxInvoice(txDeps, tx, await lock(), adminId);
  await applyCancellation(txDeps, tx, await lock(), 'customer', customer.id);
  const issued = await tx.select({ id: gstDocuments.id }).from(gstDocuments);
  if (issued.length === 0) throw new Error('Demo data: no GST document was issued');
  return { ...result, bookings: result.bookings + 1 };
}
