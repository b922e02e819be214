import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { APPROVAL_STATUSES } from '../../../shared/domain';
import { createdAt, id, oneOf, updatedAt } from './helpers';
import { users } from './users';

/** One row per vendor or admin-added supplier (docs/architecture.md). */
export const suppliers = pgTable(
  'suppliers',
  {
    id: id(),
    /** Null for an admin-added supplier until it claims its login. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    businessName: text('business_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    location: text('location'),
    businessAddress: text('business_address'),
    services: text('services')
      .array()
      .notNull()
      .default(sql`ARRAY[]::text[]`),
    servicesOffered: text('services_offered'),
    experienceYears: integer('experience_years').notNull().default(0),
    gstNumber: text('gst_number'),
    portfolioLink: text('portfolio_link'),
    approvalStatus: text('approval_status', { enum: APPROVAL_STATUSES }).notNull().default('pending'),
    rejectionReason: text('rejection_reason'),
    isVerified: boolean('is_verified').notNull().default(false),
    isActive: boolean('is_active').notNull().default(false),
    rating: numeric('rating', { precision: 2, scale: 1, mode: 'number' }).notNull().default(0),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('suppliers_user_id_key').on(t.userId),
    uniqueIndex('suppliers_email_lower_key').on(sql`lower(${t.email})`),
    index('suppliers_approval_created_idx').on(t.approvalStatus, t.createdAt),
    // The admin Suppliers tab's order (live suppliers first, then by name) and the vendor report's (newest
    // first): both read the first page straight off an index.
    index('suppliers_list_order_idx').on(
      sql`(${t.approvalStatus} = 'approved' and ${t.isActive}) desc`,
      sql`lower(${t.businessName})`,
      t.id,
    ),
    index('suppliers_created_idx').on(t.createdAt, t.id),
    check('suppliers_approval_status_check', oneOf('approval_status', APPROVAL_STATUSES)),
    // Only an approved supplier is active (docs/product.md#vendors): a pending or rejected one never is.
    check('suppliers_active_approved_check', sql`NOT is_active OR approval_status = 'approved'`),
    check('suppliers_experience_check', sql`experience_years BETWEEN 0 AND 50`),
    check('suppliers_rating_check', sql`rating BETWEEN 0 AND 5`),
  ],
);
