import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { BID_FLAGS, PROJECT_STATUSES } from '../../../shared/domain';
import { bookings } from './bookings';
import { createdAt, id, oneOf, updatedAt } from './helpers';
import { suppliers } from './suppliers';
import { users } from './users';

/**
 * A booking put out to suppliers for quotes (docs/product.md#auto-assign, "Projects, supplier quotes, auto-assign").
 */
export const projects = pgTable(
  'projects',
  {
    id: id(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    status: text('status', { enum: PROJECT_STATUSES }).notNull().default('open'),
    autoAssignDate: timestamp('auto_assign_date', { withTimezone: true }).notNull(),
    awardedSupplierId: uuid('awarded_supplier_id').references(() => suppliers.id, { onDelete: 'set null' }),
    awardedQuoteId: uuid('awarded_quote_id'),
    awardedAt: timestamp('awarded_at', { withTimezone: true }),
    /**
     * Set when the auto-assign found that the winning bid was flagged (docs/product.md#supplier-bids): the project
     * stays open for the admin to award by hand, and the sweep passes it over.
     */
    awaitingAdminAt: timestamp('awaiting_admin_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One open project per booking: "opens (or reuses) the open project".
    uniqueIndex('projects_one_open_per_booking')
      .on(t.bookingId)
      .where(sql`status = 'open'`),
    index('projects_due_idx')
      .on(t.autoAssignDate)
      .where(sql`status = 'open' AND awaiting_admin_at IS NULL`),
    check('projects_status_check', oneOf('status', PROJECT_STATUSES)),
  ],
);

export const projectInvitations = pgTable(
  'project_invitations',
  {
    id: id(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    supplierId: uuid('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    /**
     * The project's `created_at`, copied by a database trigger on insert (migration 0003): a supplier's projects
     * list, newest project first, is then one index range however many invitations the supplier has.
     */
    projectCreatedAt: timestamp('project_created_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('project_invitations_project_supplier_key').on(t.projectId, t.supplierId),
    index('project_invitations_supplier_created_idx').on(t.supplierId, t.createdAt),
    index('project_invitations_supplier_project_idx').on(t.supplierId, t.projectCreatedAt, t.projectId),
  ],
);

export const supplierQuotes = pgTable(
  'supplier_quotes',
  {
    id: id(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    supplierId: uuid('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'cascade' }),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    notes: text('notes'),
    items: jsonb('items').$type<unknown[]>().notNull().default([]),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    /** Below the floor share of the supplier budget, or above the budget, when it was submitted; null when fair. */
    flag: text('flag', { enum: BID_FLAGS }),
    /** The supplier budget the bid was judged against (paise). */
    budgetPaise: bigint('budget_paise', { mode: 'number' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('supplier_quotes_project_supplier_key').on(t.projectId, t.supplierId),
    // Positive and at most 10 crore rupees (docs/product.md#auto-assign).
    check('supplier_quotes_amount_check', sql`amount_paise > 0 AND amount_paise <= 10000000000`),
    check('supplier_quotes_flag_check', sql`flag IS NULL OR ${oneOf('flag', BID_FLAGS)}`),
  ],
);

export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    supplierId: uuid('supplier_id').references(() => suppliers.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    /** A lead's booking (an admin's new-inquiry or new-booking alert), so the dashboard can open it. */
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'cascade' }),
    /** A vendor application's alert to the admins: the applicant, so deciding it settles the alert. */
    vendorId: uuid('vendor_id').references(() => suppliers.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    message: text('message').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_supplier_created_idx').on(t.supplierId, t.createdAt),
    // The supplier's list order: unread first, then newest.
    index('notifications_supplier_unread_created_idx').on(t.supplierId, sql`(${t.readAt} is null)`, t.createdAt, t.id),
    index('notifications_user_created_idx').on(t.userId, t.createdAt),
    index('notifications_booking_idx').on(t.bookingId),
    index('notifications_vendor_idx').on(t.vendorId),
    // A project's alerts, read together once it needs no decision (docs/product.md#live-alerts).
    index('notifications_project_idx').on(t.projectId),
  ],
);
