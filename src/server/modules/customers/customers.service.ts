import { and, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import {
  customerIdInputSchema,
  customersQuerySchema,
  ERASED_EMAIL_DOMAIN,
  updateCustomerInputSchema,
  type CustomerChangeResult,
  type CustomerDto,
  type CustomersQuery,
  type Page,
  type UpdateCustomerInput,
} from '../../../shared/schemas/admin';
import type { Transaction } from '../../db/client';
import {
  accountTokens,
  analyticsEvents,
  auditLog,
  bookingMenus,
  bookings,
  emailOutbox,
  notifications,
  paymentOrders,
  subscriptions,
  users,
  whatsappConsents,
  whatsappOutbox,
} from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { phoneSearchDigits } from '../../../shared/schemas/common';
import { containsPattern } from '../../lib/search';
import type { ServiceDeps } from '../../context';
import { readCounters, totalOf } from '../reports/stat-counters';

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

/** Written out, not a parameter, so the planner can use the partial index of customers. */
const isCustomer = sql`${users.role} = 'customer'`;

/**
 * The Customers tab (docs/api.md `GET /admin/customers`): customer accounts only, newest first, 10 by default
 * (docs/product.md#accounts); `q` searches name, e-mail and phone (a phone typed as people write it too).
 */
export async function listCustomers(deps: ServiceDeps, query: CustomersQuery = {}): Promise<Page<CustomerDto>> {
  const { limit, offset, q } = customersQuerySchema.parse(query);
  const phoneDigits = q ? phoneSearchDigits(q) : null;
  const where = and(
    isCustomer,
    q
      ? or(
          ilike(users.fullName, containsPattern(q)),
          ilike(users.email, containsPattern(q)),
          ilike(users.phone, containsPattern(q)),
          // A number typed with spaces, dashes or a 0 in front finds the stored +91 number.
          ...(phoneDigits ? [ilike(users.phone, containsPattern(phoneDigits))] : []),
        )
      : undefined,
  );
  const [rows, total] = await Promise.all([
    deps.db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(limit)
      .offset(offset),
    // A search counts its matches; the whole list's total is a running count.
    q
      ? deps.db
          .select({ n: sql<number>`count(*)::int` })
          .from(users)
          .where(where)
          .then(([count]) => Number(count?.n ?? 0))
      : readCounters(deps.db, ['users.role']).then((counts) => totalOf(counts.get('users.role'), ['customer'])),
  ]);
  return { items: rows.map(toCustomerDto), total };
}

/** The customer account with this id, locked for the change; admins and suppliers are not customers (404). */
async function lockCustomer(tx: Transaction, id: string): Promise<UserRow> {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, id), isCustomer))
    .limit(1)
    .for('update');
  if (!row) throw new AppError('NOT_FOUND', 'Customer not found');
  return row;
}

/** The admin's Edit: full name, phone and city; nothing else of the account can be written here. */
export async function updateCustomer(
  deps: ServiceDeps,
  input: UpdateCustomerInput,
  actorUserId: string,
): Promise<CustomerChangeResult> {
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
    await writeAudit(tx, {
      actorUserId,
      action: 'customer.updated',
      entityType: 'user',
      entityId: id,
      data: { changes: data },
    });
    return { message: 'Customer updated', customer: toCustomerDto(row!) };
  });
}

/**
 * Deactivate or reactivate a customer. Deactivating bumps the token version, so every session the
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
      return {
        message: input.active ? 'Customer is already active' : 'Customer is already deactivated',
        customer: toCustomerDto(current),
      };
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

/** What an erased customer's name becomes in every table. */
export const ERASED_NAME = 'Erased customer';

/** The e-mail an erased account keeps: unique, not deliverable (`.invalid` is reserved), and naming nobody. */
export function erasedEmail(userId: string): string {
  return `erased-${userId}@${ERASED_EMAIL_DOMAIN}`;
}

/**
 * Erases a customer on request (DPDP Act s.12(3), docs/security.md "Privacy"): the contact details go from every
 * table that holds them, while the bookings and payments stay for the accounts. In one transaction: the account
 * (name, e-mail, phone, city, password; deactivated, every session ended), the bookings linked to it or made in
 * its e-mail (name, e-mail, phone, venue address), their payment orders and the subscriptions (e-mail, phone),
 * the IP addresses of their analytics events, the e-mails addressed to it (unsent ones are dropped), and the
 * contact details written into its audit entries; then one `customer.erased` audit row with the counts.
 * Erasing an erased customer changes nothing.
 */
export async function eraseCustomer(
  deps: ServiceDeps,
  input: { id: string },
  actorUserId: string,
): Promise<CustomerChangeResult> {
  const { id } = customerIdInputSchema.parse(input);
  return deps.db.transaction(async (tx) => {
    const current = await lockCustomer(tx, id);
    const placeholder = erasedEmail(id);
    if (current.email === placeholder)
      return { message: 'Customer is already erased', customer: toCustomerDto(current) };
    const email = current.email.toLowerCase();
    const now = new Date();

    const [row] = await tx
      .update(users)
      .set({
        email: placeholder,
        fullName: ERASED_NAME,
        phone: null,
        city: null,
        passwordHash: null,
        isActive: false,
        tokenVersion: sql`${users.tokenVersion} + 1`,
        updatedAt: now,
      })
      .where(eq(users.id, id))
      .returning();
    // The names and phone numbers the bookings were made under: notifications and WhatsApp rows hold them too.
    const madeUnder = await tx
      .select({ name: bookings.clientName, phone: bookings.clientPhone })
      .from(bookings)
      .where(or(eq(bookings.userId, id), sql`lower(${bookings.clientEmail}) = ${email}`));
    const names = [...new Set([current.fullName, ...madeUnder.map((b) => b.name)])].filter((n) => n.trim().length > 1);
    const phones = [...new Set([current.phone, ...madeUnder.map((b) => b.phone)])].filter((p): p is string => !!p);
    const erasedBookings = await tx
      .update(bookings)
      .set({
        userId: id,
        clientName: ERASED_NAME,
        clientEmail: placeholder,
        clientPhone: null,
        venueAddress: null,
        updatedAt: now,
      })
      .where(or(eq(bookings.userId, id), sql`lower(${bookings.clientEmail}) = ${email}`))
      .returning({ id: bookings.id });
    const bookingIds = erasedBookings.map((b) => b.id);
    const orders = await tx
      .update(paymentOrders)
      .set({ email: placeholder, phone: null, updatedAt: now })
      .where(
        or(
          eq(paymentOrders.userId, id),
          sql`lower(${paymentOrders.email}) = ${email}`,
          bookingIds.length > 0 ? inArray(paymentOrders.bookingId, bookingIds) : undefined,
        ),
      )
      .returning({ id: paymentOrders.id });
    const subs = await tx
      .update(subscriptions)
      .set({ email: placeholder, phone: null, updatedAt: now })
      .where(or(eq(subscriptions.userId, id), sql`lower(${subscriptions.email}) = ${email}`))
      .returning({ id: subscriptions.id });
    let menus: { id: string }[] = [];
    if (bookingIds.length > 0) {
      await tx.update(analyticsEvents).set({ ipAddress: null }).where(inArray(analyticsEvents.bookingId, bookingIds));
      // Allergy notes describe the guests' health (docs/product.md#menus): they go; the dishes and the split stay.
      menus = await tx
        .update(bookingMenus)
        .set({ allergyNotes: null, updatedAt: now })
        .where(and(inArray(bookingMenus.bookingId, bookingIds), sql`${bookingMenus.allergyNotes} is not null`))
        .returning({ id: bookingMenus.bookingId });
    }
    const unsent = await tx
      .delete(emailOutbox)
      .where(and(sql`lower(${emailOutbox.toAddress}) = ${email}`, eq(emailOutbox.status, 'pending')))
      .returning({ id: emailOutbox.id });
    const mail = await tx
      .update(emailOutbox)
      .set({ toAddress: placeholder, subject: '[erased]', textBody: '[erased]', htmlBody: null })
      .where(sql`lower(${emailOutbox.toAddress}) = ${email}`)
      .returning({ id: emailOutbox.id });
    // Alerts to the team named the customer (a new lead, a booking): the name goes, the alert stays.
    for (const name of names) {
      await tx
        .update(notifications)
        .set({ message: sql`replace(${notifications.message}, ${name}, ${ERASED_NAME})` })
        .where(sql`strpos(${notifications.message}, ${name}) > 0`);
    }
    // WhatsApp: the consent of the customer's numbers and the messages of their bookings.
    if (phones.length > 0) await tx.delete(whatsappConsents).where(inArray(whatsappConsents.phone, phones));
    if (bookingIds.length > 0) {
      await tx
        .delete(whatsappOutbox)
        .where(and(inArray(whatsappOutbox.bookingId, bookingIds), eq(whatsappOutbox.status, 'pending')));
      await tx
        .update(whatsappOutbox)
        .set({ toPhone: '[erased]', params: [], preview: '[erased]' })
        .where(inArray(whatsappOutbox.bookingId, bookingIds));
    }
    // Links sent to the address (e-mail confirmation) hold it too, and an erased account has no use for them.
    await tx.delete(accountTokens).where(eq(accountTokens.userId, id));
    // The admin's earlier edits recorded the old name and phone.
    await tx
      .update(auditLog)
      .set({ data: sql`${auditLog.data} - 'changes'` })
      .where(and(eq(auditLog.entityType, 'user'), eq(auditLog.entityId, id)));
    await writeAudit(tx, {
      actorUserId,
      action: 'customer.erased',
      entityType: 'user',
      entityId: id,
      data: {
        bookings: bookingIds.length,
        payment_orders: orders.length,
        subscriptions: subs.length,
        emails: mail.length + unsent.length,
        menu_allergy_notes: menus.length,
      },
    });
    return { message: 'Customer erased', customer: toCustomerDto(row!) };
  });
}
