import type { Executor } from '../../db/client';
import type { bookings } from '../../db/schema';
import { bookingRepricedEmail } from '../../mail/account-templates';
import { enqueueEmail } from '../../mail/outbox';
import type { ServiceDeps } from '../../context';
import { documentRepricing } from '../gst/gst-documents.service';
import { bookingsMoney } from './booking-money';
import { oweBackOverTotal } from './payment-orders.service';

type BookingRow = typeof bookings.$inferSelect;

/**
 * The money side of a running booking's charge moving to a new price: an invoiced booking's documents follow the
 * ledger with a debit or credit note (docs/gst.md#debit-note), and what was paid over the new total is owed back.
 * Returns what is owed back.
 */
export async function settleNewPrice(
  deps: ServiceDeps,
  tx: Executor,
  booking: BookingRow,
  reason: string,
  actorUserId: string | null,
): Promise<number> {
  await documentRepricing(deps, tx, booking, reason, actorUserId);
  return oweBackOverTotal(tx, booking, actorUserId);
}

/**
 * What follows once a running booking's charge has moved to a new price (the team's new quote, menu add-ons, the
 * subscriber discount; docs/product.md#payments): its money settles (`settleNewPrice`) and the customer gets the new
 * price by e-mail, told when it confirmed their date. Returns what is owed back.
 */
export async function settleRepricing(
  deps: ServiceDeps,
  tx: Executor,
  booking: BookingRow,
  change: {
    previousTotalPaise: number;
    /** The documents' reason for the note. */
    reason: string;
    cause: Parameters<typeof bookingRepricedEmail>[4];
    /** The new price left a quote holding its booking amount, and confirmed it. */
    confirmed: boolean;
    actorUserId: string | null;
  },
): Promise<number> {
  const owedBack = await settleNewPrice(deps, tx, booking, change.reason, change.actorUserId);
  const money = (await bookingsMoney(tx, [booking]))[0]!;
  await enqueueEmail(
    tx,
    bookingRepricedEmail(
      deps.config.brand,
      { email: booking.clientEmail, name: booking.clientName },
      { id: booking.id, eventName: booking.eventName, eventDate: booking.eventDate },
      {
        previousTotalPaise: change.previousTotalPaise,
        totalPaise: booking.finalAmountPaise ?? 0,
        paidPaise: money.sums.held_paise,
        outstandingPaise: money.summary.outstanding_paise,
        refundPaise: owedBack,
        confirmed: change.confirmed,
      },
      change.cause,
    ),
    { bookingId: booking.id },
  );
  return owedBack;
}
