import { and, asc, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { paiseToRupees } from '../../../shared/pricing';
import {
  createSupplierInputSchema,
  supplierIdInputSchema,
  suppliersQuerySchema,
  updateSupplierInputSchema,
  type CreateSupplierInput,
  type SupplierChangeResult,
  type SupplierDto,
  type SupplierProjectDto,
  type SuppliersQuery,
  type UpdateSupplierInput,
} from '../../../shared/schemas/suppliers';
import type { Page } from '../../../shared/schemas/admin';
import type { Executor } from '../../db/client';
import { bookings, projectInvitations, projects, supplierQuotes, suppliers, users } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import { containsPattern } from '../../lib/search';
import type { ServiceDeps } from '../../context';
import { awaitingAdminSince, invitationQuoteJoin, projectBookingDetails } from '../projects/invitation-quote';

const supplierColumns = {
  id: suppliers.id,
  name: suppliers.name,
  businessName: suppliers.businessName,
  email: suppliers.email,
  phone: suppliers.phone,
  location: suppliers.location,
  services: suppliers.services,
  isVerified: suppliers.isVerified,
  isActive: suppliers.isActive,
  approvalStatus: suppliers.approvalStatus,
  rating: suppliers.rating,
  createdAt: suppliers.createdAt,
};

/**
 * Suppliers with their project counts (docs/decisions.md "Vendors and admin"): the projects each was invited to,
 * and how many of those it won. A lateral aggregate per supplier row, which reads only that supplier's
 * invitations through their index.
 */
function selectSuppliers(executor: Executor) {
  const counts = executor
    .select({
      total: sql<number>`count(*)::int`.as('project_total'),
      awarded:
        sql<number>`(count(*) filter (where ${projects.awardedSupplierId} = ${projectInvitations.supplierId}))::int`.as(
          'project_awarded',
        ),
    })
    .from(projectInvitations)
    .innerJoin(projects, eq(projects.id, projectInvitations.projectId))
    .where(eq(projectInvitations.supplierId, suppliers.id))
    .as('project_counts');
  return executor
    .select({ ...supplierColumns, totalProjects: counts.total, awardedProjects: counts.awarded })
    .from(suppliers)
    .leftJoinLateral(counts, sql`true`)
    .$dynamic();
}

type SupplierRow = Pick<
  typeof suppliers.$inferSelect,
  | 'id'
  | 'name'
  | 'businessName'
  | 'email'
  | 'phone'
  | 'location'
  | 'services'
  | 'isVerified'
  | 'isActive'
  | 'approvalStatus'
  | 'rating'
  | 'createdAt'
> & { totalProjects: number; awardedProjects: number };

function toSupplierDto(row: SupplierRow): SupplierDto {
  return {
    id: row.id,
    name: row.name,
    business_name: row.businessName,
    email: row.email,
    phone: row.phone,
    location: row.location,
    services: row.services,
    is_verified: row.isVerified,
    is_active: row.isActive,
    approval_status: row.approvalStatus,
    rating: Number(row.rating),
    total_projects: Number(row.totalProjects),
    awarded_projects: Number(row.awardedProjects),
    created_at: row.createdAt.toISOString(),
  };
}

/** One supplier as the admin sees it, on any executor (the approve and edit transactions answer with it). */
export async function supplierDto(executor: Executor, id: string): Promise<SupplierDto | null> {
  const [row] = await selectSuppliers(executor).where(eq(suppliers.id, id)).limit(1);
  return row ? toSupplierDto(row) : null;
}

/** An e-mail already used by an account or a supplier, case-insensitively (duplicate e-mail is a 409). */
export async function emailInUse(executor: Executor, email: string): Promise<boolean> {
  const lower = email.toLowerCase();
  const [user] = await executor
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${lower}`)
    .limit(1);
  if (user) return true;
  const [supplier] = await executor
    .select({ id: suppliers.id })
    .from(suppliers)
    .where(sql`lower(${suppliers.email}) = ${lower}`)
    .limit(1);
  return Boolean(supplier);
}

/**
 * The admin's supplier roster (docs/api.md `GET /suppliers`): every supplier, the ones that can take work
 * (approved and active) first, then by business name; `q` searches business, contact, e-mail and location.
 */
export async function listSuppliers(deps: ServiceDeps, query: SuppliersQuery = {}): Promise<Page<SupplierDto>> {
  const { limit, offset, q, approval_status } = suppliersQuerySchema.parse(query);
  const where = and(
    approval_status ? eq(suppliers.approvalStatus, approval_status) : undefined,
    q
      ? or(
          ilike(suppliers.businessName, containsPattern(q)),
          ilike(suppliers.name, containsPattern(q)),
          ilike(suppliers.email, containsPattern(q)),
          ilike(suppliers.location, containsPattern(q)),
        )
      : undefined,
  );
  const [rows, [count]] = await Promise.all([
    selectSuppliers(deps.db)
      .where(where)
      .orderBy(
        desc(sql`(${suppliers.approvalStatus} = 'approved' and ${suppliers.isActive})`),
        asc(sql`lower(${suppliers.businessName})`),
        asc(suppliers.id),
      )
      .limit(limit)
      .offset(offset),
    deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(suppliers)
      .where(where),
  ]);
  return { items: rows.map(toSupplierDto), total: Number(count?.n ?? 0) };
}

/**
 * Adds a supplier by hand (docs/api.md `POST /suppliers`, admin only): approved and active at once, not
 * verified and without a login until it claims one (docs/product.md#vendors). An e-mail already used by an
 * account or a supplier is a 409.
 */
export async function createSupplier(
  deps: ServiceDeps,
  input: CreateSupplierInput,
  actorUserId: string,
): Promise<SupplierChangeResult> {
  const data = createSupplierInputSchema.parse(input);
  try {
    return await deps.db.transaction(async (tx) => {
      if (await emailInUse(tx, data.email)) throw new AppError('EMAIL_TAKEN');
      const [row] = await tx
        .insert(suppliers)
        .values({
          name: data.name,
          businessName: data.business_name,
          email: data.email,
          phone: data.phone,
          location: data.location,
          services: data.services,
          approvalStatus: 'approved',
          isActive: true,
          isVerified: false,
          reviewedAt: new Date(),
        })
        .returning({ id: suppliers.id });
      await writeAudit(tx, { actorUserId, action: 'supplier.created', entityType: 'supplier', entityId: row!.id });
      return { message: 'Supplier added successfully!', supplier: (await supplierDto(tx, row!.id))! };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('EMAIL_TAKEN');
    throw error;
  }
}

/**
 * The admin's Edit: name, phone, location, services and active. Only an approved supplier can be
 * made active (a pending vendor goes through Approve). Deactivating also ends the supplier's sessions.
 */
export async function updateSupplier(
  deps: ServiceDeps,
  input: UpdateSupplierInput,
  actorUserId: string,
): Promise<SupplierChangeResult> {
  const { id, data } = updateSupplierInputSchema.parse(input);
  return deps.db.transaction(async (tx) => {
    const [current] = await tx.select().from(suppliers).where(eq(suppliers.id, id)).limit(1).for('update');
    if (!current) throw new AppError('NOT_FOUND', 'Supplier not found');
    if (data.is_active === true && !current.isActive && current.approvalStatus !== 'approved') {
      throw new AppError('SUPPLIER_NOT_APPROVED');
    }
    const changes = {
      ...(data.name !== undefined && { name: data.name }),
      ...(data.phone !== undefined && { phone: data.phone }),
      ...(data.location !== undefined && { location: data.location }),
      ...(data.services !== undefined && { services: data.services }),
      ...(data.is_active !== undefined && { isActive: data.is_active }),
    };
    await tx
      .update(suppliers)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(suppliers.id, id));
    if (data.is_active === false && current.isActive && current.userId) {
      await tx
        .update(users)
        .set({ tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
        .where(eq(users.id, current.userId));
    }
    await writeAudit(tx, {
      actorUserId,
      action: 'supplier.updated',
      entityType: 'supplier',
      entityId: id,
      data: { changes: data },
    });
    return { message: 'Supplier updated', supplier: (await supplierDto(tx, id))! };
  });
}

/**
 * The projects a supplier was invited to, newest first, each with this supplier's quote.
 * Empty until the supplier-portal work opens projects; an unknown supplier is a 404.
 */
export async function listSupplierProjects(deps: ServiceDeps, input: { id: string }): Promise<SupplierProjectDto[]> {
  const { id } = supplierIdInputSchema.parse(input);
  const [supplier] = await deps.db.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.id, id)).limit(1);
  if (!supplier) throw new AppError('NOT_FOUND', 'Supplier not found');
  const rows = await deps.db
    .select({
      project: projects,
      invitedAt: projectInvitations.createdAt,
      booking: {
        eventName: bookings.eventName,
        clientName: bookings.clientName,
        eventType: bookings.eventType,
        eventDate: bookings.eventDate,
        venueName: bookings.venueName,
        finalAmountPaise: bookings.finalAmountPaise,
        guestCount: bookings.guestCount,
        requirements: bookings.requirements,
      },
      quote: {
        id: supplierQuotes.id,
        amountPaise: supplierQuotes.amountPaise,
        notes: supplierQuotes.notes,
        submittedAt: supplierQuotes.submittedAt,
      },
    })
    .from(projectInvitations)
    .innerJoin(projects, eq(projects.id, projectInvitations.projectId))
    .innerJoin(bookings, eq(bookings.id, projects.bookingId))
    .leftJoin(supplierQuotes, invitationQuoteJoin)
    .where(eq(projectInvitations.supplierId, id))
    .orderBy(desc(projectInvitations.createdAt), desc(projects.id))
    .limit(200);
  return rows.map(({ project, invitedAt, booking, quote }) => ({
    id: project.id,
    booking_id: project.bookingId,
    status: project.status,
    auto_assign_date: project.autoAssignDate.toISOString(),
    awaiting_admin_since: awaitingAdminSince(project),
    invited_at: invitedAt.toISOString(),
    is_awarded: project.awardedSupplierId === id,
    booking_details: projectBookingDetails(
      booking,
      booking.finalAmountPaise === null ? null : paiseToRupees(booking.finalAmountPaise),
    ),
    quote: quote?.id
      ? {
          id: quote.id,
          quoted_amount: paiseToRupees(quote.amountPaise),
          notes: quote.notes,
          submitted_at: quote.submittedAt.toISOString(),
        }
      : null,
  }));
}
