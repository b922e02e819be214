import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { HOUR_MS, todayInIndia } from '../../../shared/dates';
import { type BookingStatus, enumWords } from '../../../shared/domain';
import { paiseToRupees } from '../../../shared/pricing';
import {
  assignProjectInputSchema,
  bookingIdInputSchema,
  projectIdInputSchema,
  type AssignProjectInput,
  type AssignProjectResult,
  type ProjectDetailDto,
  type ProjectSupplierDto,
} from '../../../shared/schemas/projects';
import { writeAudit } from '../../lib/audit';
import { bookings, projectInvitations, projects, supplierQuotes, suppliers } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { enqueueEmail } from '../../mail/outbox';
import { invitationMessage, projectInvitationEmail, type ProjectEvent } from '../../mail/project-templates';
import type { ServiceDeps } from '../../context';
import { BOOKING_NOT_FOUND } from '../bookings/ownership';
import { awaitingAdminSince, invitationQuoteJoin } from './invitation-quote';
import { judgeBid } from '../../../shared/supplier-bids';
import { currentOperationsRules } from '../calendar/calendar.service';
import { addNotifications, PROJECT_ALERT_KINDS, settleProjectAlerts } from '../notifications/inbox';
import { supplierInvitedWhatsApp } from '../messages/whatsapp-messages';
import { enqueueWhatsApp } from '../messages/whatsapp-outbox';

/** Suppliers get 48 hours to quote (docs/product.md#vendors)... */
export const AUTO_ASSIGN_AFTER_MS = 48 * HOUR_MS;
/** ...but the award is made at least 24 hours before the event starts (00:00 IST on the event date)... */
export const AUTO_ASSIGN_BEFORE_EVENT_MS = 24 * HOUR_MS;
/** ...and never sooner than one hour after the invitation, so even a last-minute project can get quotes. */
export const AUTO_ASSIGN_MIN_LEAD_MS = 1 * HOUR_MS;

/** Bookings in these states are over: nothing is assigned or awarded for them. */
export const CLOSED_BOOKING_STATUSES: readonly BookingStatus[] = ['cancelled', 'completed'];

/** 00:00 on the event date in India time. */
export function eventStartInIndia(eventDate: string): Date {
  return new Date(`${eventDate}T00:00:00+05:30`);
}

/**
 * When a new project is awarded automatically (docs/product.md#auto-assign): 48 hours after opening, but no later than
 * 24 hours before the event (00:00 IST); when that is already (nearly) past, because the event is within about a
 * day, one hour from now. A booking without an event date gets the full 48 hours.
 */
export function computeAutoAssignDate(now: Date, eventDate: string | null): Date {
  let at = now.getTime() + AUTO_ASSIGN_AFTER_MS;
  if (eventDate) at = Math.min(at, eventStartInIndia(eventDate).getTime() - AUTO_ASSIGN_BEFORE_EVENT_MS);
  return new Date(Math.max(at, now.getTime() + AUTO_ASSIGN_MIN_LEAD_MS));
}

/**
 * A project's auto-assign date once its booking's event has moved to `newEventDate` (docs/product.md#auto-assign):
 * 24 hours before the new event starts (00:00 IST on the new date, so 00:00 IST the day before), unless the date
 * already set is earlier. A date moved later never gives suppliers longer than they were promised; a date moved
 * earlier brings the award forward. When the answer is already past, the project is due at once.
 */
export function autoAssignDateAfterDateChange(current: Date, newEventDate: string): Date {
  const cap = eventStartInIndia(newEventDate).getTime() - AUTO_ASSIGN_BEFORE_EVENT_MS;
  return new Date(Math.min(current.getTime(), cap));
}

type BookingRow = typeof bookings.$inferSelect;

/** What project messages say about a booking's event. */
export function projectEventOf(booking: BookingRow): ProjectEvent {
  return {
    eventName: booking.eventName,
    eventType: booking.eventType,
    eventDate: booking.eventDate,
    guestCount: booking.guestCount,
    venueName: booking.venueName,
    city: booking.city,
  };
}

/**
 * Why a supplier cannot be invited, or null when it can (only active, approved suppliers: docs/product.md#auto-assign).
 */
function ineligibility(supplier: { isActive: boolean; approvalStatus: string }): string | null {
  if (supplier.approvalStatus === 'pending') return 'awaiting approval';
  if (supplier.approvalStatus === 'rejected') return 'rejected';
  if (supplier.approvalStatus !== 'approved') return supplier.approvalStatus;
  if (!supplier.isActive) return 'inactive';
  return null;
}

/**
 * An admin puts a booking out to suppliers (docs/api.md `POST /projects?booking_id=..&supplier_ids=..`,
 * docs/product.md#auto-assign). In one transaction, with the booking row locked so two admins cannot open two
 * projects: opens the booking's open project or reuses it (its auto-assign date is kept, unless less than an hour
 * is left for the new invitees, then it moves to an hour from now, and a project waiting for an admin's award by
 * hand goes back into the sweep), invites every supplier not yet invited, and for each new invitee writes a
 * notification and queues an e-mail; a new project reads the admins' "No supplier for" alerts about the booking's
 * earlier projects. All or nothing: a supplier that is not active and approved, an unknown supplier, or a booking
 * that is cancelled, completed or in the past refuses the whole call and writes nothing.
 */
export async function assignSuppliers(
  deps: ServiceDeps,
  input: AssignProjectInput,
  actorUserId: string | null,
  now: Date = new Date(),
): Promise<AssignProjectResult & { created: boolean }> {
  const { booking_id: bookingId, supplier_ids: supplierIds } = assignProjectInputSchema.parse(input);
  return deps.db.transaction(async (tx) => {
    const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).limit(1).for('update');
    if (!booking) throw new AppError('NOT_FOUND', BOOKING_NOT_FOUND);
    if (CLOSED_BOOKING_STATUSES.includes(booking.status)) {
      throw new AppError(
        'CONFLICT',
        `This booking is ${enumWords(booking.status)}; suppliers cannot be assigned to it`,
      );
    }
    if (booking.eventDate && booking.eventDate < todayInIndia(now)) {
      throw new AppError('CONFLICT', 'The event date of this booking has passed; suppliers cannot be assigned to it');
    }

    const found = await tx
      .select({
        id: suppliers.id,
        userId: suppliers.userId,
        name: suppliers.name,
        businessName: suppliers.businessName,
        email: suppliers.email,
        phone: suppliers.phone,
        isActive: suppliers.isActive,
        approvalStatus: suppliers.approvalStatus,
      })
      .from(suppliers)
      .where(inArray(suppliers.id, supplierIds));
    const byId = new Map(found.map((s) => [s.id, s]));
    const missing = supplierIds.filter((id) => !byId.has(id));
    if (missing.length > 0) throw new AppError('NOT_FOUND', `Supplier not found: ${missing.join(', ')}`);
    const refused = supplierIds
      .map((id) => byId.get(id)!)
      .map((s) => ({ s, why: ineligibility(s) }))
      .filter((r) => r.why !== null);
    if (refused.length > 0) {
      throw new AppError(
        'CONFLICT',
        'Only active, approved suppliers can be assigned: ' +
          `${refused.map((r) => `${r.s.businessName} (${r.why})`).join(', ')}`,
      );
    }

    let [project] = await tx
      .select()
      .from(projects)
      .where(and(eq(projects.bookingId, bookingId), eq(projects.status, 'open')))
      .limit(1)
      .for('update');
    const created = !project;
    if (!project) {
      [project] = await tx
        .insert(projects)
        .values({
          bookingId,
          status: 'open',
          autoAssignDate: computeAutoAssignDate(now, booking.eventDate),
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await writeAudit(tx, {
        actorUserId,
        action: 'project.opened',
        entityType: 'project',
        entityId: project!.id,
        data: { booking_id: bookingId, auto_assign_date: project!.autoAssignDate.toISOString() },
      });
    }
    const projectId = project!.id;
    // A new round is under way: the booking's earlier projects that closed without a supplier ask for nothing more
    // (docs/product.md#live-alerts).
    if (created) await settleProjectAlerts(tx, { bookingId }, [PROJECT_ALERT_KINDS.unassigned]);
    const existing = await tx
      .select({ supplierId: projectInvitations.supplierId })
      .from(projectInvitations)
      .where(and(eq(projectInvitations.projectId, projectId), inArray(projectInvitations.supplierId, supplierIds)));
    const alreadyInvited = new Set(existing.map((row) => row.supplierId));
    // Joining a project whose date is (nearly) up would leave no time to quote: the date moves to an hour from now.
    // A project the auto-assign left to the admins (its date passed) goes back into the sweep with it: the quotes
    // are open again until that date, when the award rule runs again (docs/product.md#auto-assign), and its
    // "Award by hand" alerts ask for nothing meanwhile.
    const earliest = new Date(now.getTime() + AUTO_ASSIGN_MIN_LEAD_MS);
    if (!created && project!.autoAssignDate < earliest && supplierIds.some((id) => !alreadyInvited.has(id))) {
      const awaitingAdmin = project!.awaitingAdminAt !== null;
      const from = project!.autoAssignDate;
      [project] = await tx
        .update(projects)
        .set({ autoAssignDate: earliest, awaitingAdminAt: null, updatedAt: now })
        .where(eq(projects.id, projectId))
        .returning();
      if (awaitingAdmin) {
        await settleProjectAlerts(tx, { projectId }, [PROJECT_ALERT_KINDS.bidsFlagged]);
        await writeAudit(tx, {
          actorUserId,
          action: 'project.auto_assign_moved',
          entityType: 'project',
          entityId: projectId,
          data: { from: from.toISOString(), to: earliest.toISOString(), reason: 'invited_while_awaiting_admin' },
        });
      }
    }

    const toInvite = supplierIds.filter((id) => !alreadyInvited.has(id));

    if (toInvite.length > 0) {
      await tx
        .insert(projectInvitations)
        .values(toInvite.map((supplierId) => ({ projectId, supplierId, createdAt: now })))
        .onConflictDoNothing();
      const event = projectEventOf(booking);
      const message = invitationMessage(event);
      await addNotifications(
        tx,
        toInvite.map((supplierId) => ({
          userId: byId.get(supplierId)!.userId,
          supplierId,
          projectId,
          kind: 'project_invitation',
          message,
          createdAt: now,
        })),
      );
      for (const supplierId of toInvite) {
        const s = byId.get(supplierId)!;
        await enqueueEmail(
          tx,
          projectInvitationEmail(
            deps.config.brand,
            { email: s.email, name: s.name, businessName: s.businessName },
            event,
            project!.autoAssignDate,
          ),
          { bookingId },
        );
        await enqueueWhatsApp(
          tx,
          supplierInvitedWhatsApp(
            s,
            { bookingId, eventName: booking.eventName, eventDate: booking.eventDate, guestCount: booking.guestCount },
            project!.autoAssignDate,
          ),
        );
      }
      await tx.update(projects).set({ updatedAt: now }).where(eq(projects.id, projectId));
      await writeAudit(tx, {
        actorUserId,
        action: 'project.suppliers_invited',
        entityType: 'project',
        entityId: projectId,
        data: { supplier_ids: toInvite },
      });
    }

    return {
      project_id: projectId,
      booking_id: bookingId,
      auto_assign_date: project!.autoAssignDate.toISOString(),
      invited: toInvite,
      already_invited: supplierIds.filter((id) => alreadyInvited.has(id)),
      created,
    };
  });
}

/** A project with its invitees and their quotes side by side, for the admin's Booking Details. */
async function projectDetail(
  deps: ServiceDeps,
  project: typeof projects.$inferSelect,
  now: Date,
): Promise<ProjectDetailDto> {
  const [[booking], { bids }, rows] = await Promise.all([
    deps.db.select().from(bookings).where(eq(bookings.id, project.bookingId)).limit(1),
    currentOperationsRules(deps.db),
    deps.db
      .select({
        supplier: {
          id: suppliers.id,
          businessName: suppliers.businessName,
          name: suppliers.name,
          location: suppliers.location,
          rating: suppliers.rating,
          isActive: suppliers.isActive,
          approvalStatus: suppliers.approvalStatus,
        },
        invitedAt: projectInvitations.createdAt,
        quote: {
          id: supplierQuotes.id,
          amountPaise: supplierQuotes.amountPaise,
          notes: supplierQuotes.notes,
          items: supplierQuotes.items,
          submittedAt: supplierQuotes.submittedAt,
        },
      })
      .from(projectInvitations)
      .innerJoin(suppliers, eq(suppliers.id, projectInvitations.supplierId))
      .leftJoin(supplierQuotes, invitationQuoteJoin)
      .where(eq(projectInvitations.projectId, project.id))
      .orderBy(
        sql`${supplierQuotes.amountPaise} asc nulls last`,
        desc(suppliers.rating),
        asc(supplierQuotes.submittedAt),
        asc(projectInvitations.createdAt),
        asc(suppliers.businessName),
      ),
  ]);
  if (!booking) throw new AppError('NOT_FOUND', 'Project not found');

  const supplierRows: ProjectSupplierDto[] = rows.map((row) => {
    // Judged against the booking's supplier budget as it is now (docs/product.md#supplier-bids).
    const judged = row.quote && judgeBid(row.quote.amountPaise, booking.subtotalPaise, bids);
    return {
      supplier_id: row.supplier.id,
      business_name: row.supplier.businessName,
      name: row.supplier.name,
      location: row.supplier.location,
      rating: Number(row.supplier.rating),
      is_active: row.supplier.isActive,
      approval_status: row.supplier.approvalStatus,
      invited_at: row.invitedAt.toISOString(),
      quote:
        row.quote && judged
          ? {
              id: row.quote.id,
              amount: paiseToRupees(row.quote.amountPaise),
              notes: row.quote.notes,
              items: row.quote.items,
              submitted_at: row.quote.submittedAt.toISOString(),
              flag: judged.flag,
              budget: judged.budgetPaise === null ? null : paiseToRupees(judged.budgetPaise),
            }
          : null,
      is_winner: project.awardedSupplierId === row.supplier.id,
    };
  });
  const quoted = supplierRows.filter((s) => s.quote);
  const open = project.status === 'open';
  return {
    id: project.id,
    booking_id: project.bookingId,
    status: project.status,
    auto_assign_date: project.autoAssignDate.toISOString(),
    seconds_until_auto_assign: open
      ? Math.max(0, Math.ceil((project.autoAssignDate.getTime() - now.getTime()) / 1000))
      : null,
    server_time: now.toISOString(),
    awaiting_admin_since: awaitingAdminSince(project),
    created_at: project.createdAt.toISOString(),
    awarded_at: project.awardedAt?.toISOString() ?? null,
    awarded_supplier_id: project.awardedSupplierId,
    awarded_quote_id: project.awardedQuoteId,
    booking: {
      event_name: booking.eventName,
      event_type: booking.eventType,
      event_date: booking.eventDate,
      client_name: booking.clientName,
      status: booking.status,
      guest_count: booking.guestCount,
      final_amount: booking.finalAmountPaise === null ? null : paiseToRupees(booking.finalAmountPaise),
    },
    suppliers: supplierRows,
    quote_count: quoted.length,
    lowest_amount: quoted[0]?.quote?.amount ?? null,
  };
}

/** `GET /api/projects/:id` / `admin.projects.get`: one project; an unknown id is a 404. */
export async function getProject(
  deps: ServiceDeps,
  input: { project_id: string },
  now: Date = new Date(),
): Promise<ProjectDetailDto> {
  const { project_id: id } = projectIdInputSchema.parse(input);
  const [project] = await deps.db.select().from(projects).where(eq(projects.id, id)).limit(1);
  if (!project) throw new AppError('NOT_FOUND', 'Project not found');
  return projectDetail(deps, project, now);
}

/**
 * `GET /api/bookings/:id/project` / `admin.projects.forBooking`: the booking's open project, else its latest one;
 * null when it was never put out to suppliers. An unknown booking is a 404.
 */
export async function projectForBooking(
  deps: ServiceDeps,
  input: { booking_id: string },
  now: Date = new Date(),
): Promise<ProjectDetailDto | null> {
  const { booking_id: bookingId } = bookingIdInputSchema.parse(input);
  const [booking] = await deps.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, bookingId)).limit(1);
  if (!booking) throw new AppError('NOT_FOUND', BOOKING_NOT_FOUND);
  const [project] = await deps.db
    .select()
    .from(projects)
    .where(eq(projects.bookingId, bookingId))
    .orderBy(desc(sql`${projects.status} = 'open'`), desc(projects.createdAt), desc(projects.id))
    .limit(1);
  return project ? projectDetail(deps, project, now) : null;
}
