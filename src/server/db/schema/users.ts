import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ROLES } from '../../../shared/domain';
import { createdAt, id, oneOf, updatedAt } from './helpers';

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    fullName: text('full_name').notNull(),
    phone: text('phone'),
    city: text('city'),
    passwordHash: text('password_hash'),
    role: text('role', { enum: ROLES }).notNull().default('customer'),
    isActive: boolean('is_active').notNull().default(true),
    /** Bumped on logout and deactivation: every token carries it, so older tokens stop working. */
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    index('users_role_created_idx').on(t.role, t.createdAt),
    // The admin Customers tab: its first page and its count read this small index only (issue 7).
    index('users_customers_created_idx').on(t.createdAt, t.id).where(sql`role = 'customer'`),
    check('users_role_check', oneOf('role', ROLES)),
  ],
);
