import { and, asc, eq, sql } from 'drizzle-orm';
import type { Page } from '../../../shared/schemas/admin';
import type { SupplierChangeResult } from '../../../shared/schemas/suppliers';
import {
  pendingVendorsQuerySchema,
  rejectVendorInputSchema,
  splitServices,
  VENDOR_REGISTERED_MESSAGE,
  vendorIdInputSchema,
  vendorRegisterInputSchema,
  type PendingVendorDto,
  type PendingVendorsQuery,
  type RejectVendorInput,
  type VendorRegisterInput,
  type VendorRegisterResult,
} from '../../../shared/schemas/vendor';
import type { Transaction } from '../../db/client';
import { suppliers, users } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import { hashPassword } from '../../lib/password';
import { assertPasswordNotCommon } from '../../lib/password-policy';
import { enqueueEmail } from '../../mail/outbox';
import { vendorApprovedEmail, vendorRegistrationReceivedEmail, vendorRejectedEmail } from '../../mail/templates';
import { recordAnalyticsEvent } from '../analytics/analytics.service';
import type { Requester, ServiceDeps } from '../../context';
import { queueVerificationEmail } from '../auth/email-verification.service';
import { emailInUse, supplierDto } from '../suppliers/suppliers.service';
import { recordOptIn } from '../messages/consent';
import { announceLead } from '../notifications/leads';
import { settleVendorAlerts } from '../notifications/inbox';

/**
 * A vendor applies (docs/api.md `POST /api/vendor/register`, docs/product.md#vendors). In one transaction: a
 * user with role supplier that cannot sign in yet, a supplier row pending approval (inactive, unverified; its
 * services split from the free text), a `vendor_registration` analytics event and the acknowledgement e-mail.
 * An e-mail already used by an account or a supplier, in any letter case, is a 409.
 */
export async function registerVendor(
  deps: ServiceDeps,
  input: VendorRegisterInput,
  requester: Pick<Requester, 'ip' | 'userAgent'>,
): Promise<VendorRegisterResult> {
  const data = vendorRegisterInputSchema.parse(input);
  // Cheap refusal before the deliberately slow hash; the unique indexes settle any race.
  if (await emailInUse(deps.db, data.email)) throw new AppError('EMAIL_TAKEN');
  await assertPasswordNotCommon(data.password);
  const passwordHash = await hashPassword(data.password, deps.config.passwordHash, deps.config.passwordPepper);
  try {
    return await deps.db.transaction(async (tx) => {
      if (await emailInUse(tx, data.email)) throw new AppError('EMAIL_TAKEN');
      const [user] = await tx
        .insert(users)
        .values({
          email: data.email,
          fullName: data.contact_person,
          phone: data.phone,
          city: data.location,
          passwordHash,
          role: 'supplier',
          isActive: false,
        })
        .returning({ id: users.id, email: users.email, fullName: users.fullName });
      await queueVerificationEmail(deps, tx, user!);
      const [supplier] = await tx
        .insert(suppliers)
        .values({
          userId: user!.id,
          name: data.contact_person,
          businessName: data.business_name,
          email: data.email,
          phone: data.phone,
          location: data.location,
          businessAddress: data.business_address,
          services: splitServices(data.services_offered),
          servicesOffered: data.services_offered,
          experienceYears: data.experience_years,
          gstNumber: data.gst_number,
          portfolioLink: data.portfolio_link,
          approvalStatus: 'pending',
          isActive: false,
          isVerified: false,
        })
        .returning({ id: suppliers.id });
      const supplierId = supplier!.id;
      await recordAnalyticsEvent(tx, {
        kind: 'vendor_registration',
        request: requester,
        path: '/vendor-register',
        city: data.location,
        supplierId,
      });
      await enqueueEmail(tx, vendorRegistrationReceivedEmail(deps.config.brand, data));
      if (data.whatsapp_opt_in) await recordOptIn(tx, data.phone, 'vendor_registration');
      await announceLead(tx, {
        kind: 'vendor',
        vendorId: supplierId,
        businessName: data.business_name,
        location: data.location,
      });
      return { message: VENDOR_REGISTERED_MESSAGE, supplier_id: supplierId };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('EMAIL_TAKEN');
    throw error;
  }
}

/** Vendor applications awaiting a decision (docs/api.md `GET /admin/vendors/pending`), oldest first: a queue. */
export async function listPendingVendors(
  deps: ServiceDeps,
  query: PendingVendorsQuery = {},
): Promise<Page<PendingVendorDto>> {
  const { limit, offset } = pendingVendorsQuerySchema.parse(query);
  const pending = eq(suppliers.approvalStatus, 'pending');
  const [rows, [count]] = await Promise.all([
    deps.db
      .select({ s: suppliers, emailVerifiedAt: users.emailVerifiedAt })
      .from(suppliers)
      .leftJoin(users, eq(users.id, suppliers.userId))
      .where(pending)
      .orderBy(asc(suppliers.createdAt), asc(suppliers.id))
      .limit(limit)
      .offset(offset),
    deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(suppliers)
      .where(pending),
  ]);
  return {
    items: rows.map(({ s, emailVerifiedAt }) => ({
      id: s.id,
      business_name: s.businessName,
      contact_person: s.name,
      email: s.email,
      phone: s.phone,
      location: s.location,
      experience_years: s.experienceYears,
      business_address: s.businessAddress,
      services_offered: s.servicesOffered,
      gst_number: s.gstNumber,
      portfolio_link: s.portfolioLink,
      created_at: s.createdAt.toISOString(),
      email_verified: emailVerifiedAt !== null && emailVerifiedAt !== undefined,
    })),
    total: Number(count?.n ?? 0),
  };
}

type Decided = typeof suppliers.$inferSelect;

/**
 * Moves a pending vendor to its decision with one guarded UPDATE (`... WHERE approval_status = 'pending'`), so
 * of two admins deciding at once exactly one wins; the other, and any second decision, gets a 409. The admins'
 * alert of the application is settled with it.
 */
async function decide(tx: Transaction, id: string, changes: Partial<typeof suppliers.$inferInsert>): Promise<Decided> {
  const now = new Date();
  const [row] = await tx
    .update(suppliers)
    .set({ ...changes, reviewedAt: now, updatedAt: now })
    .where(and(eq(suppliers.id, id), eq(suppliers.approvalStatus, 'pending')))
    .returning();
  if (row) {
    await settleVendorAlerts(tx, id);
    return row;
  }
  const [existing] = await tx
    .select({ status: suppliers.approvalStatus })
    .from(suppliers)
    .where(eq(suppliers.id, id))
    .limit(1);
  if (!existing) throw new AppError('NOT_FOUND', 'Vendor not found');
  throw new AppError('VENDOR_NOT_PENDING', `This vendor has already been ${existing.status}`);
}

/**
 * Approve (docs/api.md `PUT /admin/vendors/{id}/approve`, docs/product.md#vendors): pending → approved, active,
 * verified; the vendor's login is activated, the decision audited and the vendor e-mailed, all in one transaction.
 */
export async function approveVendor(
  deps: ServiceDeps,
  input: { id: string },
  actorUserId: string,
): Promise<SupplierChangeResult> {
  const { id } = vendorIdInputSchema.parse(input);
  return deps.db.transaction(async (tx) => {
    const vendor = await decide(tx, id, {
      approvalStatus: 'approved',
      isActive: true,
      isVerified: true,
      rejectionReason: null,
    });
    if (vendor.userId)
      await tx.update(users).set({ isActive: true, updatedAt: new Date() }).where(eq(users.id, vendor.userId));
    await writeAudit(tx, { actorUserId, action: 'vendor.approved', entityType: 'supplier', entityId: id });
    await enqueueEmail(
      tx,
      vendorApprovedEmail(deps.config.brand, {
        email: vendor.email,
        contactPerson: vendor.name,
        businessName: vendor.businessName,
      }),
    );
    return { message: 'Vendor approved successfully!', supplier: (await supplierDto(tx, id))! };
  });
}

/**
 * Reject with a required reason (docs/api.md `PUT /admin/vendors/{id}/reject?reason=`): pending → rejected,
 * inactive; sign-in then answers 403 with the reason. Audited and e-mailed in the same transaction.
 */
export async function rejectVendor(
  deps: ServiceDeps,
  input: RejectVendorInput,
  actorUserId: string,
): Promise<SupplierChangeResult> {
  const { id, reason } = rejectVendorInputSchema.parse(input);
  return deps.db.transaction(async (tx) => {
    const vendor = await decide(tx, id, {
      approvalStatus: 'rejected',
      isActive: false,
      isVerified: false,
      rejectionReason: reason,
    });
    await writeAudit(tx, {
      actorUserId,
      action: 'vendor.rejected',
      entityType: 'supplier',
      entityId: id,
      data: { reason },
    });
    await enqueueEmail(
      tx,
      vendorRejectedEmail(
        deps.config.brand,
        { email: vendor.email, contactPerson: vendor.name, businessName: vendor.businessName },
        reason,
      ),
    );
    return { message: 'Vendor rejected', supplier: (await supplierDto(tx, id))! };
  });
}
