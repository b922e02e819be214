import { formatLongDate } from '../../../shared/dates';
import { formatInr } from '../../../shared/money';
import { LEAD_ALERT_KINDS } from '../../../shared/schemas/notifications';
import type { Executor } from '../../db/client';
import { notifyAdmins } from './inbox';

/**
 * The business hears of a new lead the moment it arrives (docs/product.md#live-alerts): every active admin gets a
 * notification, live on the dashboard, written in the lead's own transaction.
 */
export type Lead =
  | { kind: 'inquiry'; bookingId: string; clientName: string; eventName: string; eventDate: string | null }
  | {
      kind: 'booking';
      bookingId: string;
      clientName: string;
      eventName: string;
      eventDate: string;
      guestCount: number;
      totalRupees: number;
    }
  | { kind: 'vendor'; vendorId: string; businessName: string; location: string };

export function leadMessage(lead: Lead): string {
  switch (lead.kind) {
    case 'inquiry':
      return (
        `New inquiry: ${lead.eventName} from ` +
        `${lead.clientName}${lead.eventDate ? ` for ${formatLongDate(lead.eventDate)}` : ''}`
      );
    case 'booking':
      return (
        `New booking: ${lead.eventName} for ${lead.clientName} on ${formatLongDate(lead.eventDate)}, ` +
        `${lead.guestCount.toLocaleString('en-IN')} guests, quoted ${formatInr(lead.totalRupees)}`
      );
    case 'vendor':
      return `New vendor application: ${lead.businessName} (${lead.location}) is waiting for approval`;
  }
}

export async function announceLead(tx: Executor, lead: Lead): Promise<void> {
  await notifyAdmins(tx, {
    kind: LEAD_ALERT_KINDS[lead.kind],
    message: leadMessage(lead),
    bookingId: lead.kind === 'vendor' ? null : lead.bookingId,
    vendorId: lead.kind === 'vendor' ? lead.vendorId : null,
  });
}
