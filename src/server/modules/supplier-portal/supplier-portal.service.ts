import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { paiseToRupees, rupeesToPaise } from '../../../shared/pricing';
import {
  pageInputSchema,
  submitQuoteInputSchema,
  type PageInput,
  type SubmitQuoteInput,
  type SubmitQuoteResult,
  type SupplierDashboardDto,
  type SupplierNotificationDto,
  type SupplierProjectDto,
  type SupplierProjectOutcome,
} from '../../../shared/schemas/projects';
import { bookings, notifications, projectInvitations, projects, supplierQuotes } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { formatIndiaDateTime } from '../../mail/project-templates';
import type { ServiceDeps } from '../../context';
import { INBOX_ORDER, markInboxNotificationRead, markInboxRead, supplierInbox } from '../notifications/inbox';
import { invitationQuoteJoin, projectBookingDetails } from '../projects/invitation-quote';
import { currentOperationsRules } from '../calendar/calendar.service';
import { todayInIndia } from '../../../shared/dates';
import { bidFlag, isActiveSupplierWork, supplierBudgetPaise, type BidRules } from '../../../shared/supplier-bids';

/** The spec's supplier dashboard shows at most this many notifications. */
export const MAX_NOTIFICATIONS = 50;

/** One answer for "no such project" and "not your project", so a supplier cannot probe for other projects. */
const PROJECT_NOT_FOUND = 'Project not found';

/**
 * `GET /api/supplier/notifications` / `supplier.notifications.list` (docs/api.md): the supplier's own
 * notifications, unread first, then newest first; at most 50.
 */
export async function listNotifications(deps: ServiceDeps, supplierId: string): Promise<SupplierNotificationDto[]> {
  const rows = await deps.db
    .select()
    .from(notifications)
    .where(supplierInbox(supplierId).where)
    .orderBy(...INBOX_ORDER)
    .limit(MAX_NOTIFICATIONS);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    message: row.message,
    project_id: row.projectId,
    read: row.readAt !== null,
    created_at: row.createdAt.toISOString(),
  }));
}

/** Marks one of the supplier's notifications read (idempotent); someone else's, or none, is the same 404. */
export function markNotificationRead(
  deps: ServiceDeps,
  supplierId: string,
  input: { notification_id: string },
): Promise<{ id: string; read: true }> {
  return markInboxNotificationRead(deps, supplierInbox(supplierId), input);
}

/** Marks every unread notification of the supplier read; answers how many changed. */
export function markAllNotificationsRead(deps: ServiceDeps, supplierId: string): Promise<{ updated: number }> {
  return markInboxRead(deps, supplierInbox(supplierId));
}

/**
 * Where the supplier stands on a project. A job the supplier won whose booking was then cancelled reads
 * `cancelled`, not `won` (docs/product.md#supplier-changes).
 */
function outcomeOf(
  status: string,
  awardedSupplierId: string | null,
  supplierId: string,
  bookingStatus: string,
): SupplierProjectOutcome {
  if (status === 'open') return 'open';
  if (status === 'awarded' && awardedSupplierId === supplierId)
    return bookingStatus === 'cancelled' ? 'cancelled' : 'won';
  if (status === 'awarded') return 'not_selected';
  if (status === 'cancelled') return 'cancelled';
  return 'unassigned';
}

/**
 * The supplier budget (docs/product.md#supplier-bids): the configured share of the booking's taxable amount, in
 * rupees; never the customer's GST-inclusive price or the budget the customer typed. Null while it has no price.
 */
function estimatedBudget(booking: { subtotalPaise: number | null }, rules: BidRules): number | null {
  const budget = supplierBudgetPaise(booking.subtotalPaise, rules);
  return budget === null ? null : paiseToRupees(budget);
}

/**
 * `GET /api/supplier/projects` / `supplier.projects.list` (docs/product.md#auto-assign): only projects the supplier is
 * invited to, newest first, a page at a time, each with the event as the supplier needs it to quote (no client
 * contact details), the supplier's own quote and the outcome once the project is closed.
 */
export async function listSupplierProjects(
  deps: ServiceDeps,
  supplierId: string,
  page: PageInput = {},
): Promise<SupplierProjectDto[]> {
  const { limit, offset } = pageInputSchema.parse(page);
  const { bids } = await currentOperationsRules(deps.db);
  const rows = await deps.db
    .select({ project: projects, booking: bookings, quote: supplierQuotes })
    .from(projectInvitations)
    .innerJoin(projects, eq(projects.id, projectInvitations.projectId))
    .innerJoin(bookings, eq(bookings.id, projects.bookingId))
    .leftJoin(supplierQuotes, invitationQuoteJoin)
    .where(eq(projectInvitations.supplierId, supplierId))
    // The invitation's copy of the project's creation time: one index range, however many invitations.
    .orderBy(desc(projectInvitations.projectCreatedAt), desc(projectInvitations.projectId))
    .limit(limit)
    .offset(offset);
  return rows.map(({ project, booking, quote }) => ({
    id: project.id,
    booking_id: project.bookingId,
    auto_assign_date: project.autoAssignDate.toISOString(),
    status: project.status,
    booking_details: projectBookingDetails(booking, estimatedBudget(booking, bids)),
    my_quote: quote
      ? { amount: paiseToRupees(quote.amountPaise), notes: quote.notes, submitted_at: quote.submittedAt.toISOString() }
      : null,
    outcome: outcomeOf(project.status, project.awardedSupplierId, supplierId, booking.status),
  }));
}

/**
 * `POST /api/supplier/quote-submit` / `supplier.quotes.submit` (docs/product.md#auto-assign "Supplier quote payload"):
 * submits or revises (one quote per supplier and project) the supplier's quote on the booking's project. Only while the
 * project is open and before its auto-assign date; the project row is share-locked, so an award running at the same
 * moment either sees this quote or makes it a 409. A booking that does not exist and one the supplier is not invited to
 * give the same 404.
 */
export async function submitQuote(
  deps: ServiceDeps,
  supplierId: string,
  input: SubmitQuoteInput,
  now: Date = new Date(),
): Promise<SubmitQuoteResult> {
  const data = submitQuoteInputSchema.parse(input);
  const amountPaise = rupeesToPaise(data.quoted_amount);
  return deps.db.transaction(async (tx) => {
    const { bids } = await currentOperationsRules(tx);
    const [project] = await tx
      .select({
        id: projects.id,
        status: projects.status,
        autoAssignDate: projects.autoAssignDate,
        subtotalPaise: bookings.subtotalPaise,
      })
      .from(projects)
      .innerJoin(
        projectInvitations,
        and(eq(projectInvitations.projectId, projects.id), eq(projectInvitations.supplierId, supplierId)),
      )
      .innerJoin(bookings, eq(bookings.id, projects.bookingId))
      .where(eq(projects.bookingId, data.booking_id))
      .orderBy(desc(sql`${projects.status} = 'open'`), desc(projects.createdAt))
      .limit(1)
      .for('share', { of: projects });
    if (!project) throw new AppError('NOT_FOUND', PROJECT_NOT_FOUND);
    if (project.status !== 'open')
      throw new AppError('CONFLICT', 'This project is closed; quotes are no longer accepted');
    if (project.autoAssignDate.getTime() <= now.getTime()) {
      throw new AppError(
        'CONFLICT',
        `Quotes for this project closed on ${formatIndiaDateTime(project.autoAssignDate)}`,
      );
    }
    // A bid below the floor or above the budget is kept, and flagged for the admin (docs/product.md#supplier-bids).
    const budgetPaise = supplierBudgetPaise(project.subtotalPaise, bids);
    const flag = bidFlag(amountPaise, budgetPaise, bids);
    const values = {
      amountPaise,
      notes: data.notes,
      items: data.items,
      flag,
      budgetPaise,
      submittedAt: now,
      updatedAt: now,
    };
    const [row] = await tx
      .insert(supplierQuotes)
      .values({ projectId: project.id, supplierId, ...values })
      .onConflictDoUpdate({ target: [supplierQuotes.projectId, supplierQuotes.supplierId], set: values })
      .returning({
        id: supplierQuotes.id,
        amountPaise: supplierQuotes.amountPaise,
        notes: supplierQuotes.notes,
        submittedAt: supplierQuotes.submittedAt,
        inserted: sql<boolean>`(xmax = 0)`,
      });
    return {
      id: row!.id,
      project_id: project.id,
      booking_id: data.booking_id,
      amount: paiseToRupees(row!.amountPaise),
      notes: row!.notes,
      submitted_at: row!.submittedAt.toISOString(),
      revised: !row!.inserted,
    };
  });
}

/**
 * `supplier.dashboard`: the counts behind the dashboard's cards. Active projects follow the shared rule
 * (`isActiveSupplierWork`): the open ones the supplier is invited to and the ones it won whose event is still ahead;
 * quotes submitted are the supplier's quotes on those; estimated revenue sums their supplier budgets
 * (docs/product.md#supplier-bids), each rounded to the paisa as the project card shows it. The spec's Response Rate
 * is a fixed display on the client.
 */
export async function supplierDashboard(
  deps: ServiceDeps,
  supplierId: string,
  now: Date = new Date(),
): Promise<SupplierDashboardDto> {
  const { bids } = await currentOperationsRules(deps.db);
  const today = todayInIndia(now);
  const [rows, [unreadRow]] = await Promise.all([
    deps.db
      .select({
        status: projects.status,
        awardedSupplierId: projects.awardedSupplierId,
        bookingStatus: bookings.status,
        eventDate: bookings.eventDate,
        subtotalPaise: bookings.subtotalPaise,
        quoteId: supplierQuotes.id,
      })
      .from(projectInvitations)
      .innerJoin(projects, eq(projects.id, projectInvitations.projectId))
      .innerJoin(bookings, eq(bookings.id, projects.bookingId))
      .leftJoin(supplierQuotes, invitationQuoteJoin)
      // Only a project still open or one awarded to this supplier can be active or won; the rest is history.
      .where(
        and(
          eq(projectInvitations.supplierId, supplierId),
          or(eq(projects.status, 'open'), eq(projects.awardedSupplierId, supplierId)),
        ),
      ),
    deps.db
      .select({ unread: sql<number>`count(*)::int` })
      .from(notifications)
      .where(and(eq(notifications.supplierId, supplierId), isNull(notifications.readAt))),
  ]);
  const figures = { active: 0, quoted: 0, revenuePaise: 0, won: 0 };
  for (const row of rows) {
    const outcome = outcomeOf(row.status, row.awardedSupplierId, supplierId, row.bookingStatus);
    if (outcome === 'won') figures.won += 1;
    if (!isActiveSupplierWork({ outcome, eventDate: row.eventDate, bookingStatus: row.bookingStatus }, today)) continue;
    figures.active += 1;
    if (row.quoteId) figures.quoted += 1;
    figures.revenuePaise += supplierBudgetPaise(row.subtotalPaise, bids) ?? 0;
  }
  return {
    active_projects: figures.active,
    unread_notifications: Number(unreadRow?.unread ?? 0),
    estimated_revenue: paiseToRupees(figures.revenuePaise),
    quotes_submitted: figures.quoted,
    won_projects: figures.won,
  };
}
