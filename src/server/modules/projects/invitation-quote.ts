import { and, eq, type SQL } from 'drizzle-orm';
import type { ProjectBookingDetailsDto } from '../../../shared/schemas/projects';
import { type bookings, projectInvitations, type projects, supplierQuotes } from '../../db/schema';

/**
 * Joins an invitation to the invited supplier's own quote on that project (at most one: quotes are unique per
 * project and supplier). Every read that shows invitations with their quotes left-joins on this.
 */
export const invitationQuoteJoin: SQL = and(
  eq(supplierQuotes.projectId, projectInvitations.projectId),
  eq(supplierQuotes.supplierId, projectInvitations.supplierId),
)!;

/**
 * The `booking_details` of an invitation in a project list; `estimatedBudget` is the figure for its reader (the
 * supplier budget for a supplier, the quoted total for an admin). Stored requirements never hold empty strings.
 */
export function projectBookingDetails(
  booking: Pick<
    typeof bookings.$inferSelect,
    'eventName' | 'clientName' | 'eventType' | 'eventDate' | 'venueName' | 'guestCount' | 'requirements'
  >,
  estimatedBudget: number | null,
): ProjectBookingDetailsDto {
  return {
    event_name: booking.eventName,
    client_name: booking.clientName,
    event_type: booking.eventType,
    event_date: booking.eventDate,
    venue_name: booking.venueName,
    estimated_budget: estimatedBudget,
    requirements: {
      guest_count: booking.guestCount,
      special_requests: booking.requirements.special_requests ?? null,
    },
  };
}

/**
 * When the auto-assign left an open project to the admins (docs/product.md#auto-assign), as every project read
 * reports it: null once the project is no longer open, since only an open project can wait for a decision.
 */
export function awaitingAdminSince(
  project: Pick<typeof projects.$inferSelect, 'status' | 'awaitingAdminAt'>,
): string | null {
  return project.status === 'open' && project.awaitingAdminAt ? project.awaitingAdminAt.toISOString() : null;
}
