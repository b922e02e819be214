import { and, asc, eq, gt, isNull, lte, notInArray } from 'drizzle-orm';
import { paiseToRupees } from '../../../shared/pricing';
import { formatInr } from '../../../shared/money';
import {
  awardProjectInputSchema,
  projectIdInputSchema,
  type AwardProjectInput,
  type AwardResultDto,
  type AwardRule,
} from '../../../shared/schemas/projects';
import type { Transaction } from '../../db/client';
import { bookings, type notifications, projectInvitations, projects, supplierQuotes, suppliers } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { enqueueEmail } from '../../mail/outbox';
import type { EmailMessage } from '../../mail/templates';
import {
  awardCancelledMessage,
  awardedMessage,
  projectAwardCancelledEmail,
  cancelledMessage,
  dateChangedMessage,
  notSelectedMessage,
  projectAwardedEmail,
  projectCancelledEmail,
  projectDateChangedEmail,
  projectNotSelectedEmail,
  projectUnassignedEmail,
  unassignedMessage,
} from '../../mail/project-templates';
import type { ServiceDeps } from '../../context';
import { autoAssignDateAfterDateChange, CLOSED_BOOKING_STATUSES, projectEventOf } from './projects.service';
import { writeAudit } from '../../lib/audit';
import { invitationQuoteJoin } from './invitation-quote';
import type { BidFlag } from '../../../shared/domain';
import { bidFloorPaise, judgeBid } from '../../../shared/supplier-bids';
import {
  bidsNeedDecisionEmail,
  bidsNeedDecisionMessage,
  eventDetailsChangedMessage,
  projectDetailsChangedEmail,
  type DetailChange,
  type FlaggedBid,
} from '../../mail/operations-templates';
import { currentOperationsRules } from '../calendar/calendar.service';
import { activeAdmins, addNotifications, PROJECT_ALERT_KINDS, settleProjectAlerts } from '../notifications/inbox';

/** One invited supplier as the award rule sees it. */
export type AwardCandidate = {
  supplierId: string;
  /** Active and approved right now: a supplier deactivated after quoting is not awarded. */
  eligible: boolean;
  rating: number;
  quote: {
    id: string;
    amountPaise: number;
    submittedAt: Date;
    /** Below the floor or over the supplier budget (docs/product.md#supplier-bids); null when fair. */
    flag?: BidFlag | null;
    budgetPaise?: number | null;
  } | null;
};

export type AwardDecision =
  | { kind: 'awarded'; supplierId: string; quoteId: string | null; amountPaise: number | null; rule: AwardRule }
  | { kind: 'unassigned'; rule: 'no_quotes' }
  | {
      kind: 'needs_admin';
      rule: 'flagged_bid';
      supplierId: string;
      quoteId: string;
      amountPaise: number;
      flag: BidFlag;
    };

/**
 * The award rule (docs/product.md#auto-assign): the lowest quote wins; on a tie the higher supplier rating, then the
 * earlier quote (a revision counts from when it was submitted), then the lower quote id so the answer is always
 * the same. Without a quote, the only invitee wins if there is exactly one; otherwise nobody does. Only suppliers
 * that are still active and approved take part. A winning bid that is flagged (below the floor or over the supplier
 * budget, docs/product.md#supplier-bids) is never taken automatically: the admin is asked instead.
 */
export function decideAward(candidates: readonly AwardCandidate[]): AwardDecision {
  const eligible = candidates.filter((c) => c.eligible);
  const quoted = eligible
    .filter((c): c is AwardCandidate & { quote: NonNullable<AwardCandidate['quote']> } => c.quote !== null)
    .sort(
      (a, b) =>
        a.quote.amountPaise - b.quote.amountPaise ||
        b.rating - a.rating ||
        a.quote.submittedAt.getTime() - b.quote.submittedAt.getTime() ||
        (a.quote.id < b.quote.id ? -1 : a.quote.id > b.quote.id ? 1 : 0),
    );
  const best = quoted[0];
  if (best?.quote.flag) {
    return {
      kind: 'needs_admin',
      rule: 'flagged_bid',
      supplierId: best.supplierId,
      quoteId: best.quote.id,
      amountPaise: best.quote.amountPaise,
      flag: best.quote.flag,
    };
  }
  if (best) {
    return {
      kind: 'awarded',
      supplierId: best.supplierId,
      quoteId: best.quote.id,
      amountPaise: best.quote.amountPaise,
      rule: 'lowest_quote',
    };
  }
  if (eligible.length === 1) {
    return {
      kind: 'awarded',
      supplierId: eligible[0]!.supplierId,
      quoteId: null,
      amountPaise: null,
      rule: 'only_invitee',
    };
  }
  return { kind: 'unassigned', rule: 'no_quotes' };
}

type ProjectRow = typeof projects.$inferSelect;

type Invitee = AwardCandidate & { userId: string | null; name: string; businessName: string; email: string };

/** The project's invitees with their quotes, each judged against the booking's supplier budget as it is now. */
async function inviteesOf(tx: Transaction, projectId: string): Promise<Invitee[]> {
  const { bids } = await currentOperationsRules(tx);
  const rows = await tx
    .select({
      supplierId: suppliers.id,
      userId: suppliers.userId,
      name: suppliers.name,
      businessName: suppliers.businessName,
      email: suppliers.email,
      rating: suppliers.rating,
      isActive: suppliers.isActive,
      approvalStatus: suppliers.approvalStatus,
      quoteId: supplierQuotes.id,
      amountPaise: supplierQuotes.amountPaise,
      submittedAt: supplierQuotes.submittedAt,
      taxablePaise: bookings.subtotalPaise,
    })
    .from(projectInvitations)
    .innerJoin(projects, eq(projects.id, projectInvitations.projectId))
    .innerJoin(bookings, eq(bookings.id, projects.bookingId))
    .innerJoin(suppliers, eq(suppliers.id, projectInvitations.supplierId))
    .leftJoin(supplierQuotes, invitationQuoteJoin)
    .where(eq(projectInvitations.projectId, projectId))
    .orderBy(asc(projectInvitations.createdAt), asc(suppliers.id));
  return rows.map((row) => ({
    supplierId: row.supplierId,
    userId: row.userId,
    name: row.name,
    businessName: row.businessName,
    email: row.email,
    eligible: row.isActive && row.approvalStatus === 'approved',
    rating: Number(row.rating),
    quote:
      row.quoteId !== null && row.amountPaise !== null && row.submittedAt !== null
        ? {
            id: row.quoteId,
            amountPaise: row.amountPaise,
            submittedAt: row.submittedAt,
            ...judgeBid(row.amountPaise, row.taxablePaise, bids),
          }
        : null,
  }));
}

const recipient = (s: Invitee) => ({ email: s.email, name: s.name, businessName: s.businessName });

/** One person told about a project's outcome: the in-app notification and the e-mail that goes with it. */
type Message = { notification: typeof notifications.$inferInsert; email: EmailMessage };

/**
 * Writes the notifications, then queues the e-mails, all in the caller's transaction; both carry the booking, so
 * the booking's message thread shows what its suppliers were told.
 */
async function tell(tx: Transaction, bookingId: string, messages: Message[]): Promise<void> {
  if (messages.length === 0) return;
  await addNotifications(
    tx,
    messages.map((m) => m.notification),
  );
  for (const m of messages) await enqueueEmail(tx, m.email, { bookingId });
}

/** The project locked for this transaction: 404 when there is none, 409 once it is no longer open. */
async function lockOpenProject(tx: Transaction, projectId: string): Promise<ProjectRow> {
  const [project] = await tx.select().from(projects).where(eq(projects.id, projectId)).limit(1).for('update');
  if (!project) throw new AppError('NOT_FOUND', 'Project not found');
  if (project.status !== 'open') throw new AppError('CONFLICT', `This project is already ${project.status}`);
  return project;
}

/**
 * The guarded update that closes a project: `... WHERE id = $1 AND status = 'open' RETURNING`. False when another
 * worker closed it first, and then the caller writes nothing more. A project that was waiting for an admin
 * (`askAdminToAward`) needs no award by hand once closed: its "Award by hand" alerts are read for every admin in the
 * same transaction (docs/product.md#live-alerts).
 */
async function closeIfOpen(
  tx: Transaction,
  projectId: string,
  set: Partial<ProjectRow> & { status: Exclude<ProjectRow['status'], 'open'> },
): Promise<boolean> {
  const closed = await tx
    .update(projects)
    .set(set)
    .where(and(eq(projects.id, projectId), eq(projects.status, 'open')))
    .returning({ awaitingAdminAt: projects.awaitingAdminAt });
  if (closed.length === 0) return false;
  if (closed[0]!.awaitingAdminAt) await settleProjectAlerts(tx, { projectId }, [PROJECT_ALERT_KINDS.bidsFlagged]);
  return true;
}

/**
 * Closes one open project that the caller has locked, in the caller's transaction. The status change is the
 * guarded update `... WHERE id = $1 AND status = 'open' RETURNING`, and every notification and e-mail is written
 * after it in the same transaction: if another worker got there first, nothing at all is written, so a project is
 * awarded, and its people told, exactly once. The booking's status is not touched (it moves when the customer
 * pays or an admin confirms).
 */
async function closeProject(
  deps: ServiceDeps,
  tx: Transaction,
  project: ProjectRow,
  now: Date,
  manual: { supplierId: string; actorUserId: string } | null,
): Promise<AwardResultDto | null> {
  const [booking] = await tx.select().from(bookings).where(eq(bookings.id, project.bookingId)).limit(1);
  if (!booking) return null;
  const event = projectEventOf(booking);
  const brand = deps.config.brand;
  const invitees = await inviteesOf(tx, project.id);

  if (CLOSED_BOOKING_STATUSES.includes(booking.status)) {
    if (manual) throw new AppError('CONFLICT', `This booking is ${booking.status}; the project cannot be awarded`);
    if (!(await closeIfOpen(tx, project.id, { status: 'cancelled', updatedAt: now }))) return null;
    await tell(
      tx,
      booking.id,
      invitees.map((s) => ({
        notification: {
          userId: s.userId,
          supplierId: s.supplierId,
          projectId: project.id,
          kind: 'project_cancelled',
          message: cancelledMessage(event),
          createdAt: now,
        },
        email: projectCancelledEmail(
          brand,
          recipient(s),
          event,
          booking.status === 'completed' ? 'completed' : 'cancelled',
        ),
      })),
    );
    await writeAudit(tx, {
      actorUserId: null,
      action: 'project.cancelled',
      entityType: 'project',
      entityId: project.id,
      data: { booking_status: booking.status },
    });
    return {
      project_id: project.id,
      status: 'cancelled',
      rule: 'booking_closed',
      supplier_id: null,
      quote_id: null,
      amount: null,
      awarded_at: null,
    };
  }

  let decision: AwardDecision;
  if (manual) {
    const chosen = invitees.find((s) => s.supplierId === manual.supplierId);
    if (!chosen) throw new AppError('CONFLICT', 'This supplier was not invited to the project');
    if (!chosen.eligible) throw new AppError('CONFLICT', `${chosen.businessName} is not an active, approved supplier`);
    decision = {
      kind: 'awarded',
      supplierId: chosen.supplierId,
      quoteId: chosen.quote?.id ?? null,
      amountPaise: chosen.quote?.amountPaise ?? null,
      rule: 'manual',
    };
  } else {
    decision = decideAward(invitees);
  }

  if (decision.kind === 'needs_admin') return askAdminToAward(deps, tx, project, booking, invitees, decision, now);

  if (decision.kind === 'unassigned') {
    if (!(await closeIfOpen(tx, project.id, { status: 'unassigned', updatedAt: now }))) return null;
    const admins = await activeAdmins(tx);
    const message = unassignedMessage(event, invitees.length);
    await tell(
      tx,
      booking.id,
      admins.map((a) => ({
        notification: {
          userId: a.id,
          projectId: project.id,
          kind: PROJECT_ALERT_KINDS.unassigned,
          message,
          createdAt: now,
        },
        email: projectUnassignedEmail(brand, { email: a.email, name: a.fullName }, event, {
          projectId: project.id,
          bookingId: booking.id,
          invitees: invitees.length,
        }),
      })),
    );
    await writeAudit(tx, {
      actorUserId: null,
      action: 'project.unassigned',
      entityType: 'project',
      entityId: project.id,
      data: { invitees: invitees.length },
    });
    return {
      project_id: project.id,
      status: 'unassigned',
      rule: 'no_quotes',
      supplier_id: null,
      quote_id: null,
      amount: null,
      awarded_at: null,
    };
  }

  const awarded = await closeIfOpen(tx, project.id, {
    status: 'awarded',
    awardedSupplierId: decision.supplierId,
    awardedQuoteId: decision.quoteId,
    awardedAt: now,
    updatedAt: now,
  });
  if (!awarded) return null;

  const amount = decision.amountPaise === null ? null : paiseToRupees(decision.amountPaise);
  const winner = invitees.find((s) => s.supplierId === decision.supplierId)!;
  const others = invitees.filter((s) => s.supplierId !== decision.supplierId);
  await tell(tx, booking.id, [
    {
      notification: {
        userId: winner.userId,
        supplierId: winner.supplierId,
        projectId: project.id,
        kind: 'project_awarded',
        message: awardedMessage(event, amount),
        createdAt: now,
      },
      email: projectAwardedEmail(brand, recipient(winner), event, amount),
    },
    ...others.map((s) => ({
      notification: {
        userId: s.userId,
        supplierId: s.supplierId,
        projectId: project.id,
        kind: 'project_not_selected',
        message: notSelectedMessage(event),
        createdAt: now,
      },
      email: projectNotSelectedEmail(brand, recipient(s), event),
    })),
  ]);
  await writeAudit(tx, {
    actorUserId: manual?.actorUserId ?? null,
    action: 'project.awarded',
    entityType: 'project',
    entityId: project.id,
    data: {
      supplier_id: decision.supplierId,
      quote_id: decision.quoteId,
      amount_paise: decision.amountPaise,
      rule: decision.rule,
    },
  });
  return {
    project_id: project.id,
    status: 'awarded',
    rule: decision.rule,
    supplier_id: decision.supplierId,
    quote_id: decision.quoteId,
    amount,
    awarded_at: now.toISOString(),
  };
}

/**
 * The auto-assign found a flagged winning bid (docs/product.md#supplier-bids): the project stays open but leaves the
 * sweep (`awaiting_admin_at`), quotes stay closed (its auto-assign date has passed), and every active admin gets a
 * notification and an e-mail asking them to award it by hand. Guarded like the other closings, so the admins are
 * asked once.
 */
async function askAdminToAward(
  deps: ServiceDeps,
  tx: Transaction,
  project: ProjectRow,
  booking: typeof bookings.$inferSelect,
  invitees: Invitee[],
  decision: Extract<AwardDecision, { kind: 'needs_admin' }>,
  now: Date,
): Promise<AwardResultDto | null> {
  const parked = await tx
    .update(projects)
    .set({ awaitingAdminAt: now, updatedAt: now })
    .where(and(eq(projects.id, project.id), eq(projects.status, 'open'), isNull(projects.awaitingAdminAt)))
    .returning({ id: projects.id });
  if (parked.length === 0) return null;
  const bidder = invitees.find((s) => s.supplierId === decision.supplierId)!;
  const rules = (await currentOperationsRules(tx)).bids;
  const budgetPaise = bidder.quote?.budgetPaise ?? null;
  const bid: FlaggedBid = {
    businessName: bidder.businessName,
    amountPaise: decision.amountPaise,
    flag: decision.flag,
    budgetPaise,
    floorPaise: budgetPaise === null ? null : bidFloorPaise(budgetPaise, rules),
  };
  const event = projectEventOf(booking);
  const admins = await activeAdmins(tx);
  const message = bidsNeedDecisionMessage(event, bid);
  await tell(
    tx,
    booking.id,
    admins.map((a) => ({
      notification: {
        userId: a.id,
        projectId: project.id,
        kind: PROJECT_ALERT_KINDS.bidsFlagged,
        message,
        createdAt: now,
      },
      email: bidsNeedDecisionEmail(deps.config.brand, { email: a.email, name: a.fullName }, event, bid, {
        projectId: project.id,
        bookingId: booking.id,
      }),
    })),
  );
  await writeAudit(tx, {
    actorUserId: null,
    action: 'project.award_needs_admin',
    entityType: 'project',
    entityId: project.id,
    data: {
      supplier_id: decision.supplierId,
      quote_id: decision.quoteId,
      amount_paise: decision.amountPaise,
      flag: decision.flag,
    },
  });
  return {
    project_id: project.id,
    status: 'open',
    rule: 'flagged_bid',
    supplier_id: null,
    quote_id: decision.quoteId,
    amount: paiseToRupees(decision.amountPaise),
    awarded_at: null,
  };
}

/**
 * The auto-assign of one project (the pg-boss job): awards it if it is still open and due at `now`, else does
 * nothing and answers null. Safe to run any number of times, from any number of processes: the row lock waits
 * for a concurrent quote or award, and the guarded update inside `closeProject` lets only the first one through.
 */
export async function awardProject(
  deps: ServiceDeps,
  projectId: string,
  now: Date = new Date(),
): Promise<AwardResultDto | null> {
  return deps.db.transaction(async (tx) => {
    const [project] = await tx
      .select()
      .from(projects)
      .where(
        and(
          eq(projects.id, projectId),
          eq(projects.status, 'open'),
          isNull(projects.awaitingAdminAt),
          lte(projects.autoAssignDate, now),
        ),
      )
      .limit(1)
      .for('update');
    return project ? closeProject(deps, tx, project, now, null) : null;
  });
}

export type SweepResult = { results: AwardResultDto[]; failed: { projectId: string; error: unknown }[] };

/**
 * The sweep: awards every open project whose auto-assign date is at or before `now`, one transaction per project,
 * oldest due first. Each project is claimed with `FOR UPDATE SKIP LOCKED`, so sweeps in several processes share
 * the work instead of queueing behind each other. A project whose award fails is reported and skipped for the
 * rest of this sweep (the next sweep tries it again), so one bad row cannot stall the others.
 */
export async function awardDueProjects(
  deps: ServiceDeps,
  now: Date = new Date(),
  options: { limit?: number } = {},
): Promise<SweepResult> {
  const limit = options.limit ?? 500;
  const result: SweepResult = { results: [], failed: [] };
  const skip: string[] = [];
  while (result.results.length + result.failed.length < limit) {
    const claim: { id: string | null } = { id: null };
    try {
      const outcome = await deps.db.transaction(async (tx) => {
        const [project] = await tx
          .select()
          .from(projects)
          .where(
            and(
              eq(projects.status, 'open'),
              isNull(projects.awaitingAdminAt),
              lte(projects.autoAssignDate, now),
              skip.length > 0 ? notInArray(projects.id, skip) : undefined,
            ),
          )
          .orderBy(asc(projects.autoAssignDate), asc(projects.id))
          .limit(1)
          .for('update', { skipLocked: true });
        if (!project) return 'none' as const;
        claim.id = project.id;
        return closeProject(deps, tx, project, now, null);
      });
      if (outcome === 'none') break;
      if (outcome) result.results.push(outcome);
      else skip.push(claim.id!);
    } catch (error) {
      if (claim.id === null) throw error;
      skip.push(claim.id);
      result.failed.push({ projectId: claim.id, error });
    }
  }
  return result;
}

/** Open projects due by `until` that are not yet due at `now`: the ones a job should be queued for. */
export async function projectsDueBetween(
  deps: ServiceDeps,
  now: Date,
  until: Date,
): Promise<{ id: string; autoAssignDate: Date }[]> {
  return deps.db
    .select({ id: projects.id, autoAssignDate: projects.autoAssignDate })
    .from(projects)
    .where(
      and(
        eq(projects.status, 'open'),
        isNull(projects.awaitingAdminAt),
        gt(projects.autoAssignDate, now),
        lte(projects.autoAssignDate, until),
      ),
    )
    .orderBy(asc(projects.autoAssignDate))
    .limit(1000);
}

/**
 * An admin awards a project by hand before its date: the supplier must be an
 * invitee that is still active and approved; its quote, if any, is the awarded one. A project that is no longer
 * open is a 409 (whoever closed it first wins, the auto-assign included).
 */
export async function awardProjectManually(
  deps: ServiceDeps,
  input: AwardProjectInput,
  actorUserId: string,
  now: Date = new Date(),
): Promise<AwardResultDto> {
  const { project_id: projectId, supplier_id: supplierId } = awardProjectInputSchema.parse(input);
  return deps.db.transaction(async (tx) => {
    const project = await lockOpenProject(tx, projectId);
    const result = await closeProject(deps, tx, project, now, { supplierId, actorUserId });
    if (!result) throw new AppError('CONFLICT', 'This project is no longer open');
    return result;
  });
}

/** How a flagged quote is off, as an admin reads it (docs/product.md#supplier-bids). */
function flaggedQuoteWords(flag: BidFlag, budgetPaise: number | null): string {
  const budget = budgetPaise === null ? null : formatInr(paiseToRupees(budgetPaise));
  if (flag === 'below_floor') return budget ? `below the floor of the ${budget} supplier budget` : 'below the floor';
  return budget ? `over the ${budget} supplier budget` : 'over the supplier budget';
}

/**
 * The 409 for closing the quotes of a project the auto-assign already left to the admins (`askAdminToAward`): its
 * quotes are closed and it waits to be awarded by hand, naming the flagged lowest quote while it still is the one.
 */
async function awaitingAdminConflict(tx: Transaction, projectId: string): Promise<AppError> {
  const invitees = await inviteesOf(tx, projectId);
  const decision = decideAward(invitees);
  const bidder = decision.kind === 'needs_admin' ? invitees.find((s) => s.supplierId === decision.supplierId) : null;
  const why =
    decision.kind === 'needs_admin' && bidder
      ? `its lowest quote (${formatInr(paiseToRupees(decision.amountPaise))} from ${bidder.businessName}) is ` +
        `${flaggedQuoteWords(decision.flag, bidder.quote?.budgetPaise ?? null)}, so `
      : '';
  return new AppError(
    'CONFLICT',
    `The quotes for this project are already closed: ${why}it waits for an admin to award it by hand.`,
  );
}

/**
 * An admin closes the quotes early: the project's auto-assign date moves to now and the award rule runs at once,
 * exactly as the job would have at the old date (lowest quote, ties to the higher rating, no quotes → unassigned).
 * The move is audited with both dates. A project that is no longer open is a 409, and so is one whose quotes the
 * auto-assign already closed, leaving it to an admin to award by hand (docs/product.md#supplier-bids).
 */
export async function closeQuotesNow(
  deps: ServiceDeps,
  input: { project_id: string },
  actorUserId: string,
  now: Date = new Date(),
): Promise<AwardResultDto> {
  const { project_id: projectId } = projectIdInputSchema.parse(input);
  return deps.db.transaction(async (tx) => {
    const project = await lockOpenProject(tx, projectId);
    if (project.awaitingAdminAt) throw await awaitingAdminConflict(tx, projectId);
    await tx.update(projects).set({ autoAssignDate: now, updatedAt: now }).where(eq(projects.id, projectId));
    await writeAudit(tx, {
      actorUserId,
      action: 'project.auto_assign_moved',
      entityType: 'project',
      entityId: projectId,
      data: { from: project.autoAssignDate.toISOString(), to: now.toISOString(), reason: 'closed_early' },
    });
    const result = await closeProject(deps, tx, { ...project, autoAssignDate: now }, now, null);
    if (!result) throw new AppError('CONFLICT', 'This project is no longer open');
    return result;
  });
}

/**
 * When a booking is cancelled, its open project closes at once instead of at its auto-assign date: the project
 * becomes `cancelled` and every invited supplier is told (notification and e-mail). Runs inside the caller's
 * transaction, after the booking row has been marked cancelled; a booking without an open project is a no-op.
 * Answers how many suppliers were told.
 */
async function cancelOpenProjectOf(
  deps: ServiceDeps,
  tx: Transaction,
  bookingId: string,
  now: Date = new Date(),
): Promise<number> {
  const [project] = await tx
    .select()
    .from(projects)
    .where(and(eq(projects.bookingId, bookingId), eq(projects.status, 'open')))
    .limit(1)
    .for('update');
  if (!project || !(await closeProject(deps, tx, project, now, null))) return 0;
  return (await inviteesOf(tx, project.id)).length;
}

/**
 * A booking marked completed (docs/product.md#auto-assign): its open project closes at once as `cancelled`, as the
 * auto-assign would close it at its date and as a cancelled booking's does, and its invitees are told. This is what
 * ends a project the auto-assign left to the admins, which no sweep picks up again. The admins' alerts about the
 * booking's projects are read: nothing is left to award or to put out again for an event that is over
 * (docs/product.md#live-alerts). Runs inside the caller's transaction, after the booking row (locked by the caller)
 * holds the new status; a booking without an open project only has its alerts read. Answers how many suppliers were
 * told.
 */
export async function closeProjectsOfCompletedBooking(
  deps: ServiceDeps,
  tx: Transaction,
  bookingId: string,
  now: Date = new Date(),
): Promise<number> {
  const told = await cancelOpenProjectOf(deps, tx, bookingId, now);
  await settleProjectAlerts(tx, { bookingId }, Object.values(PROJECT_ALERT_KINDS));
  return told;
}

type BookingRow = typeof bookings.$inferSelect;

/** What changed about a booking's event, as its suppliers hear it. */
export type ProjectChange =
  | { kind: 'cancelled' }
  | { kind: 'date'; previousDate: string }
  | { kind: 'details'; changes: readonly DetailChange[] };

/**
 * The one way a change to a booking's event reaches its suppliers (docs/product.md#supplier-changes): every caller
 * that cancels a booking, moves its date or changes its details (guests, venue, time or notes) calls this, inside
 * its transaction, after the booking row (locked by the caller) holds the change. Invited suppliers of the open
 * project and the supplier of every awarded project get a notification (live on their dashboard) and an e-mail:
 * - cancelled: the open project closes at once as `cancelled`, its invitees told; each awarded supplier is told the
 *   job will not go ahead (its card then reads "Cancelled"); the admins' alerts about the booking's projects are read;
 * - date: as `applyDateChange` below (the open project's quotes may close earlier, or award at once);
 * - details: what changed, each with its new value.
 * Answers how many suppliers were told, for the staff's confirmation.
 */
export async function announceProjectChange(
  deps: ServiceDeps,
  tx: Transaction,
  booking: BookingRow,
  change: ProjectChange,
  actorUserId: string | null,
  now: Date = new Date(),
): Promise<number> {
  if (change.kind === 'date') return applyDateChange(deps, tx, booking, change.previousDate, actorUserId, now);
  if (change.kind === 'details' && change.changes.length === 0) return 0;
  const event = projectEventOf(booking);
  const brand = deps.config.brand;
  let openId: string | null = null;
  let invitees = 0;
  if (change.kind === 'cancelled') {
    invitees = await cancelOpenProjectOf(deps, tx, booking.id, now);
    // Nothing is left to award or to put out again for a cancelled event (docs/product.md#live-alerts).
    await settleProjectAlerts(tx, { bookingId: booking.id }, Object.values(PROJECT_ALERT_KINDS));
  } else {
    const [open] = await tx
      .select({ id: projects.id })
      .from(projects)
      .where(and(eq(projects.bookingId, booking.id), eq(projects.status, 'open')))
      .limit(1);
    if (open) {
      openId = open.id;
      const invited = await inviteesOf(tx, open.id);
      invitees = invited.length;
      await tell(
        tx,
        booking.id,
        invited.map((s) => ({
          notification: {
            userId: s.userId,
            supplierId: s.supplierId,
            projectId: open.id,
            kind: 'project_details_changed',
            message: eventDetailsChangedMessage(event, change.changes),
            createdAt: now,
          },
          email: projectDetailsChangedEmail(brand, recipient(s), event, change.changes, 'invitee'),
        })),
      );
    }
  }
  const awarded = (await awardedSuppliersOf(tx, booking.id)).filter((w) => w.projectId !== openId);
  await tell(
    tx,
    booking.id,
    awarded.map((w) => ({
      notification: {
        userId: w.userId,
        supplierId: w.supplierId,
        projectId: w.projectId,
        kind: change.kind === 'cancelled' ? 'project_cancelled' : 'project_details_changed',
        message:
          change.kind === 'cancelled'
            ? awardCancelledMessage(event)
            : eventDetailsChangedMessage(event, change.changes),
        createdAt: now,
      },
      email:
        change.kind === 'cancelled'
          ? projectAwardCancelledEmail(brand, w, event)
          : projectDetailsChangedEmail(brand, w, event, change.changes, 'awarded'),
    })),
  );
  return invitees + awarded.length;
}

/** The supplier of each awarded project of the booking, oldest award first. */
async function awardedSuppliersOf(tx: Transaction, bookingId: string) {
  return tx
    .select({
      projectId: projects.id,
      supplierId: suppliers.id,
      userId: suppliers.userId,
      name: suppliers.name,
      businessName: suppliers.businessName,
      email: suppliers.email,
    })
    .from(projects)
    .innerJoin(suppliers, eq(suppliers.id, projects.awardedSupplierId))
    .where(and(eq(projects.bookingId, bookingId), eq(projects.status, 'awarded')))
    .orderBy(asc(projects.awardedAt), asc(projects.id));
}

/**
 * A booking's event has moved (docs/product.md#date-changes, docs/decisions.md "Date changes, suppliers and status
 * dates"). Runs inside the caller's transaction, after the booking row (locked by the caller) holds the new date:
 *
 * - its open project's auto-assign date becomes `autoAssignDateAfterDateChange`: no later than 24 hours before the
 *   new event starts (00:00 IST on the new date), never later than it was; the move is audited;
 * - every supplier invited to that project, and the supplier of each awarded project of the booking, gets a
 *   notification and an e-mail with the new date;
 * - when that auto-assign date has already passed, the project is awarded at once by the rule the job uses
 *   (`closeProject`, as `awardProject` would at the date), so no award is left for after the event has begun.
 *
 * Locks the open project after the booking, the order `assignSuppliers` and the cancellation use; an award that
 * got to the project first has closed it, and its winner is then told as an awarded supplier.
 */
async function applyDateChange(
  deps: ServiceDeps,
  tx: Transaction,
  booking: BookingRow,
  previousDate: string,
  actorUserId: string | null,
  now: Date = new Date(),
): Promise<number> {
  if (booking.eventDate === null) return 0;
  const event = projectEventOf(booking);
  const brand = deps.config.brand;
  const message = dateChangedMessage(event, previousDate);
  const [open] = await tx
    .select()
    .from(projects)
    .where(and(eq(projects.bookingId, booking.id), eq(projects.status, 'open')))
    .limit(1)
    .for('update');

  let told = 0;
  if (open) {
    const autoAssignDate = autoAssignDateAfterDateChange(open.autoAssignDate, booking.eventDate);
    if (autoAssignDate.getTime() !== open.autoAssignDate.getTime()) {
      await tx.update(projects).set({ autoAssignDate, updatedAt: now }).where(eq(projects.id, open.id));
      await writeAudit(tx, {
        actorUserId,
        action: 'project.auto_assign_moved',
        entityType: 'project',
        entityId: open.id,
        data: {
          from: open.autoAssignDate.toISOString(),
          to: autoAssignDate.toISOString(),
          reason: 'event_date_changed',
        },
      });
    }
    const due = autoAssignDate.getTime() <= now.getTime();
    // A project left to an admin's award by hand stays so: its quotes are closed already, and no rule awards it.
    const parked = open.awaitingAdminAt !== null;
    const invitees = await inviteesOf(tx, open.id);
    told += invitees.length;
    await tell(
      tx,
      booking.id,
      invitees.map((s) => ({
        notification: {
          userId: s.userId,
          supplierId: s.supplierId,
          projectId: open.id,
          kind: 'project_date_changed',
          message,
          createdAt: now,
        },
        email: projectDateChangedEmail(
          brand,
          recipient(s),
          event,
          previousDate,
          parked ? { role: 'awaiting_admin' } : { role: 'invitee', quotesClose: due ? null : autoAssignDate },
        ),
      })),
    );
    if (due && !parked) await closeProject(deps, tx, { ...open, autoAssignDate }, now, null);
  }

  // A project this change has just awarded told its winner already, with the new date.
  const awarded = (await awardedSuppliersOf(tx, booking.id)).filter((w) => w.projectId !== open?.id);
  await tell(
    tx,
    booking.id,
    awarded.map((w) => ({
      notification: {
        userId: w.userId,
        supplierId: w.supplierId,
        projectId: w.projectId,
        kind: 'project_date_changed',
        message,
        createdAt: now,
      },
      email: projectDateChangedEmail(brand, w, event, previousDate, { role: 'awarded' }),
    })),
  );
  return told + awarded.length;
}
