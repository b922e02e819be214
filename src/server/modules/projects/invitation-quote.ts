import { and, eq, type SQL } from 'drizzle-orm';
import { projectInvitations, supplierQuotes } from '../../db/schema';

/**
 * Joins an invitation to the invited supplier's own quote on that project (at most one: quotes are unique per
 * project and supplier). Every read that shows invitations with their quotes left-joins on this.
 */
export const invitationQuoteJoin: SQL = and(
  eq(supplierQuotes.projectId, projectInvitations.projectId),
  eq(supplierQuotes.supplierId, projectInvitations.supplierId),
)!;
