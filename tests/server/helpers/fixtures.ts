import { randomBytes } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { ApprovalStatus, Role } from '../../../src/shared/domain';
import { emailOutbox, suppliers, users } from '../../../src/server/db/schema';
import { hashPassword } from '../../../src/server/lib/password';
import type { ServiceDeps } from '../../../src/server/context';

export type EmailOutboxRow = typeof emailOutbox.$inferSelect;

export type MadeUser = { id: string; email: string; password: string; supplierId: string | null };

/** Inserts a user straight into the database, with a supplier row for vendors in the given approval state. */
export async function makeUser(
  deps: ServiceDeps,
  options: {
    role?: Role;
    approval?: ApprovalStatus;
    isActive?: boolean;
    supplierActive?: boolean;
    rejectionReason?: string;
    email?: string;
    /** Default true: a settled account that has confirmed its address; false for a fresh, unconfirmed sign-up. */
    emailVerified?: boolean;
  } = {},
): Promise<MadeUser> {
  const role = options.role ?? 'customer';
  const email = options.email ?? `${role}.${randomBytes(4).toString('hex')}@example.in`;
  const password = `pw-${randomBytes(6).toString('hex')}`;
  const approval = options.approval ?? 'approved';
  const isActive = options.isActive ?? (role !== 'supplier' || approval === 'approved');
  const [user] = await deps.db
    .insert(users)
    .values({
      email,
      fullName: `Test ${role}`,
      phone: '+919876543210',
      role,
      isActive,
      passwordHash: await hashPassword(password, deps.config.passwordHash, deps.config.passwordPepper),
      emailVerifiedAt: options.emailVerified === false ? null : new Date(),
    })
    .returning();
  let supplierId: string | null = null;
  if (role === 'supplier') {
    const [supplier] = await deps.db
      .insert(suppliers)
      .values({
        userId: user!.id,
        name: 'Test Vendor',
        businessName: `Vendor ${email}`,
        email,
        phone: '+919876543210',
        approvalStatus: approval,
        rejectionReason: options.rejectionReason,
        isActive: options.supplierActive ?? approval === 'approved',
        isVerified: approval === 'approved',
      })
      .returning();
    supplierId = supplier!.id;
  }
  return { id: user!.id, email, password, supplierId };
}

export async function setUserActive(deps: ServiceDeps, userId: string, isActive: boolean): Promise<void> {
  await deps.db.update(users).set({ isActive }).where(eq(users.id, userId));
}

/** The tRPC error code a call ends with, or 'OK' when it succeeds; any other error is thrown on. */
export async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof TRPCError) return error.code;
    throw error;
  }
  return 'OK';
}

/**
 * The e-mails in the outbox that match every given filter, oldest first (by creation time, then id);
 * `to` is one address or any of several. An empty filter answers every e-mail.
 */
export function outboxMails(
  deps: ServiceDeps,
  filter: { template?: string; to?: string | string[]; bookingId?: string },
): Promise<EmailOutboxRow[]> {
  const { template, to, bookingId } = filter;
  const conditions: SQL[] = [];
  if (template !== undefined) conditions.push(eq(emailOutbox.template, template));
  if (typeof to === 'string') conditions.push(eq(emailOutbox.toAddress, to));
  else if (to !== undefined) conditions.push(inArray(emailOutbox.toAddress, to));
  if (bookingId !== undefined) conditions.push(eq(emailOutbox.bookingId, bookingId));
  return deps.db
    .select()
    .from(emailOutbox)
    .where(and(...conditions))
    .orderBy(asc(emailOutbox.createdAt), asc(emailOutbox.id));
}
