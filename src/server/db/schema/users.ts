import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
    /**
     * Bumped when every session must end at once (password reset or change, deactivation, erasure): every token
     * carries it, so older tokens stop working. Logout ends one session (`user_sessions`).
     */
    tokenVersion: integer('token_version').notNull().default(0),
    /**
     * When the account proved it owns `email` by opening the link sent there. Until then it sees only the bookings
     * it made while signed in, never those made in its e-mail by someone else (docs/decisions.md, "Verified e-mail").
     */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true, mode: 'date' }),
    /**
     * The second sign-in step (docs/decisions.md, "Passwords and the second factor"): the authenticator app's TOTP
     * secret, encrypted under a key derived from JWT_SECRET; set once enrolment is confirmed with a code.
     */
    totpSecret: text('totp_secret'),
    /** A secret shown for enrolment and not yet confirmed with a code from the app. */
    totpPendingSecret: text('totp_pending_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true, mode: 'date' }),
    /** The 30-second step of the last code accepted: a code is good once, and never for an earlier step. */
    totpLastStep: integer('totp_last_step'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    index('users_role_created_idx').on(t.role, t.createdAt),
    // The admin Customers tab: its first page and its count read this small index only.
    index('users_customers_created_idx')
      .on(t.createdAt, t.id)
      .where(sql`role = 'customer'`),
    check('users_role_check', oneOf('role', ROLES)),
  ],
);

export const ACCOUNT_TOKEN_PURPOSES = ['verify_email', 'password_reset'] as const;
export type AccountTokenPurpose = (typeof ACCOUNT_TOKEN_PURPOSES)[number];

/**
 * One-time links sent by e-mail (address verification, password reset). Only a keyed hash of the token is kept, so
 * a copy of the database opens no account; each is bound to the address it was sent to, expires and is used once.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ACCOUNT_TOKEN_PURPOSES }).notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The address the link was sent to: a link for an address the account no longer has opens nothing. */
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('account_tokens_hash_key').on(t.tokenHash),
    index('account_tokens_user_idx').on(t.userId, t.purpose),
    check('account_tokens_purpose_check', oneOf('purpose', ACCOUNT_TOKEN_PURPOSES)),
  ],
);

/** Single-use recovery codes of the second sign-in step: only a keyed hash of each is kept. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('recovery_codes_hash_key').on(t.codeHash), index('recovery_codes_user_idx').on(t.userId)],
);

/**
 * One signed-in device (docs/decisions.md, "Sessions and the browser binding"): every access token names its row
 * (`sid`), and a token whose row is revoked, expired or from an older token version is refused on every door. The
 * account settings page lists the live ones; only a summary of the browser and a prefix of the address are kept.
 */
export const userSessions = pgTable(
  'user_sessions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The account's token version when the session began: a later bump ends it. */
    tokenVersion: integer('token_version').notNull(),
    /** "Chrome on Windows": browser family and system, never the full User-Agent. */
    userAgent: text('user_agent'),
    /** The first 24 (IPv4) or 48 (IPv6) bits of the address that signed in, as `203.0.113.0/24`. */
    ipPrefix: text('ip_prefix'),
    createdAt: createdAt(),
    /** Moved forward at most every few minutes, not on each request. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('user_sessions_user_idx').on(t.userId, t.lastUsedAt)],
);
