import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import {
  customerIdInputSchema,
  customersQuerySchema,
  updateCustomerInputSchema,
  type CustomerChangeResult,
  type CustomerDto,
  type CustomersQuery,
  type Page,
  type UpdateCustomerInput,
} from '../../../shared/schemas/admin';
import type { Transaction } from '../../db/client';
import { users } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { containsPattern } from '../../lib/search';
import type { ServiceDeps } from '../deps';

type UserRow = typeof users.$inferSelect;

function toCustomerDto(row: UserRow): CustomerDto {
  return {
    id: row.id,
    full_name: row.fullName,
    email: row.email,
    phone: row.phone,
    city: row.city,
    created_at: row.createdAt.toISOString(),
    is_active: row.isActive,
  };
}

const isCustomer = eq(users.role, 'customer');

/**
 * The Customers tab (spec section 7 `GET /admin/customers`): customer accounts only, newest first, 10 by default
 * (spec section 9); `q` searches name, e-mail and phone.
 */
export async function listCustomers(deps: ServiceDeps, query: CustomersQuery = {}): Promise<Page<CustomerDto>> {
  const { limit, offset, q } = customersQuerySchema.parse(query);
  const where = and(
    isCustomer,
    q
      ? or(ilike(users.fullName, containsPattern(q)), ilike(users.email, containsPattern(q)), ilike(users.phone, containsPattern(q)))
      : undefined,
  );
  const [rows, [count]] = await Promise.all([
    deps.db.select().from(users).where(where).orderBy(desc(users.createdAt), desc(users.id)).limit(limit).offset(offset),
    deps.db.select({ n: sql<number>`count(*)::int` }).from(users).where(where),
  ]);
  return { items: rows.map(toCustomerDto), total: Number(count?.n ?? 0) };
}

/** The customer account with this id, locked for the change; admins and suppliers are not customers (404). */
async function lockCustomer(tx: Transaction, id: string): Promise<UserRow> {
  const [row] = await tx.select().from(users).where(and(eq(users.id, id), isCustomer)).limit(1).for('update');
  if (!row) throw new AppError('NOT_FOUND', 'Customer not found');
  return row;
}

/** The admin's Edit (issue 4): full name, phone and city; nothing else of the account can be written here. */
export async function updateCustomer(deps: ServiceDeps, input: UpdateCustomerInput, actorUserId: string): Promise<CustomerChangeResult> {
  const { id, data } = updateCustomerInputSchema.parse(input);
  return deps.db.transaction(async (tx) => {
    await lockCustomer(tx, id);
    const [row] = await tx
      .update(users)
      .set({
        ...(data.full_name !== undefined && { fullName: data.full_name }),
        ...(data.phone !== undefined && { phone: data.phone }),
        ...(data.city !== undefined && { city: data.city }),
        updatedAt: new Date(),
      })
      .where(eq(users.id, id))
      .returning();
    await writeAudit(tx, { actorUserId, action: 'customer.updated', entityType: 'user', entityId: id, data: { changes: data } });
    return { message: 'Customer updated', customer: toCustomerDto(row!) };
  });
}

/**
 * Deactivate or reactivate a customer (issue 4). Deactivating bumps the token version, so every session the
 * customer has ends at once (their next call is a 401), and sign-in answers 403 until an admin reactivates.
 * Asking for the state the account is already in changes nothing.
 */
export async function setCustomerActive(
  deps: ServiceDeps,
  input: { id: string; active: boolean },
  actorUserId: string,
): Promise<CustomerChangeResult> {
  const { id } = customerIdInputSchema.parse(input);
  return deps.db.transaction(async (tx) => {
    const current = await lockCustomer(tx, id);
    if (current.isActive === input.active) {
      return { message: input.active ? 'Customer is already active' : 'Customer is already deactivated', customer: toCustomerDto(current) };
    }
    const [row] = await tx
      .update(users)
      .set({
        isActive: input.active,
        ...(!input.active && { tokenVersion: sql`${users.tokenVersion} + 1` }),
        updatedAt: new Date(),
      })
      .where(eq(users.id, id))
      .returning();
    await writeAudit(tx, {
      actorUserId,
      action: input.active ? 'customer.activated' : 'customer.deactivated',
      entityType: 'user',
      entityId: id,
    });
    return { message: input.active ? 'Customer activated' : 'Customer deactivated', customer: toCustomerDto(row!) };
  });
}
