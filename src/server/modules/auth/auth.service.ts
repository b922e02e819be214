import { and, eq, isNull, sql } from 'drizzle-orm';
import type { LoginInput, LoginResult, RegisterInput, AuthResult, UserDto } from '../../../shared/schemas/auth';
import { loginInputSchema, registerInputSchema } from '../../../shared/schemas/auth';
import type { Role } from '../../../shared/domain';
import { suppliers, users, userSessions } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/db-errors';
import { assertPasswordNotCommon, isCommonPassword } from '../../lib/password-policy';
import { ConfigError } from '../../config';
import { COMMON_PASSWORD_MESSAGE } from '../../../shared/auth-limits';
import { dummyHash, hashPassword, verifyPassword } from '../../lib/password';
import { verifyAccessToken } from '../../lib/tokens';
import type { ServiceDeps } from '../../context';
import { emailInUse } from '../suppliers/suppliers.service';
import { checkAccountPassword } from './password-check';
import { queueVerificationEmail } from './email-verification.service';
import { secondStepChallenge } from './second-factor.service';
import { fingerprintMatches, sessionIsLive, startSession, touchSession, type SessionDeps } from './sessions.service';

type UserRow = typeof users.$inferSelect;

/** The signed-in user as procedures and routes see it. */
export type AuthUser = {
  id: string;
  email: string;
  fullName: string;
  phone: string | null;
  city: string | null;
  role: Role;
  createdAt: Date;
  /** The supplier row of a supplier account. */
  supplierId: string | null;
  /** The account proved it owns `email` (docs/decisions.md, "Verified e-mail"). */
  emailVerified: boolean;
  /** The session of the token that signed this request in; absent for hand-made users (tests, jobs). */
  sessionId?: string | null;
  /**
   * An admin without a second factor while ADMIN_SECOND_FACTOR_REQUIRED is on: it may only enrol (docs/decisions.md,
   * "Admin second factor and step-up"). Unset for hand-made users of in-process callers.
   */
  mustEnrolSecondFactor?: boolean;
};

/**
 * The gate of every admin door: an admin who must enrol a second factor gets a 403 saying so, with
 * `reason: "second_factor_required"` for the client to open enrolment (docs/api.md, "Errors").
 */
export function assertAdminMayAct(user: AuthUser): void {
  if (user.role === 'admin' && user.mustEnrolSecondFactor) {
    throw new AppError('SECOND_FACTOR_REQUIRED', undefined, { reason: 'second_factor_required' });
  }
}

/**
 * The supplier row a signed-in user acts for: only a supplier account linked to its row (the token check already
 * refuses unapproved or inactive suppliers); anyone else is 403. Both doors use it for their supplier tier.
 */
export function actingSupplierId(user: AuthUser): string {
  if (user.role !== 'supplier' || !user.supplierId) throw new AppError('FORBIDDEN');
  return user.supplierId;
}

export function toUserDto(
  user: Pick<UserRow, 'id' | 'email' | 'fullName' | 'phone' | 'city' | 'role' | 'createdAt'> &
    ({ emailVerifiedAt: Date | null } | { emailVerified: boolean }),
): UserDto {
  return {
    id: user.id,
    full_name: user.fullName,
    email: user.email,
    phone: user.phone,
    role: user.role,
    city: user.city,
    created_at: user.createdAt.toISOString(),
    email_verified: 'emailVerified' in user ? user.emailVerified : user.emailVerifiedAt !== null,
  };
}

/**
 * A new session for a user row: the token (bound to the browser when it asked) and the user, as sign-in answers
 * (docs/decisions.md, "Sessions and the browser binding").
 */
export async function issueSession(deps: SessionDeps, user: UserRow): Promise<AuthResult> {
  const access_token = await startSession(deps, user);
  return { access_token, token_type: 'bearer', user: toUserDto(user) };
}

function findUserByEmail(deps: ServiceDeps, email: string) {
  return deps.db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1)
    .then((rows) => rows[0]);
}

/**
 * Creates a customer account and signs it in (docs/api.md `POST /api/auth/register`). E-mails are unique
 * case-insensitively; a taken e-mail is a 409.
 */
export async function registerCustomer(deps: SessionDeps, input: RegisterInput): Promise<AuthResult> {
  const data = registerInputSchema.parse(input);
  // An address held by an account or by a supplier the team added (which claims its login later) is taken, as at
  // vendor registration (docs/decisions.md, "Duplicate e-mail"); the unique index settles a race between accounts.
  if (await emailInUse(deps.db, data.email)) throw new AppError('EMAIL_TAKEN');
  await assertPasswordNotCommon(data.password);
  const passwordHash = await hashPassword(data.password, deps.config.passwordHash, deps.config.passwordPepper);
  try {
    const user = await deps.db.transaction(async (tx) => {
      if (await emailInUse(tx, data.email)) throw new AppError('EMAIL_TAKEN');
      const [created] = await tx
        .insert(users)
        .values({ email: data.email, fullName: data.full_name, phone: data.phone, passwordHash, role: 'customer' })
        .returning();
      await queueVerificationEmail(deps, tx, created!);
      return created!;
    });
    return issueSession(deps, user);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('EMAIL_TAKEN');
    throw error;
  }
}

/**
 * Signs a user in (docs/api.md `POST /api/auth/login`); an enrolled admin gets the second step's token instead. Unknown
 * e-mail and wrong password give the same 401 and take the same time. Vendors that are not approved and active are
 * refused with a 403 saying why (docs/product.md#vendors); so are deactivated accounts.
 */
export async function login(deps: SessionDeps, input: LoginInput): Promise<LoginResult> {
  const data = loginInputSchema.parse(input);
  const user = await findUserByEmail(deps, data.email);
  if (!user?.passwordHash) {
    await verifyPassword(
      await dummyHash(deps.config.passwordHash, deps.config.passwordPepper),
      data.password,
      deps.config.passwordPepper,
    );
    throw new AppError('INVALID_CREDENTIALS');
  }
  if (!(await checkAccountPassword(deps, user, data.password))) throw new AppError('INVALID_CREDENTIALS');

  if (user.role === 'supplier') {
    const [supplier] = await deps.db.select().from(suppliers).where(eq(suppliers.userId, user.id)).limit(1);
    if (!supplier || supplier.approvalStatus === 'pending') throw new AppError('VENDOR_PENDING');
    if (supplier.approvalStatus === 'rejected') {
      throw new AppError(
        'VENDOR_REJECTED',
        supplier.rejectionReason
          ? `Your vendor application was not approved. Reason: ${supplier.rejectionReason}`
          : undefined,
      );
    }
    if (!supplier.isActive) throw new AppError('ACCOUNT_INACTIVE');
  }
  if (!user.isActive) throw new AppError('ACCOUNT_INACTIVE');
  // An account with a second step gets no session yet: only a token for `POST /api/auth/login/second-step`.
  if (user.totpEnabledAt) return secondStepChallenge(deps, user);
  return issueSession(deps, user);
}

/**
 * Resolves a bearer token to its user. A bad signature, a wrong issuer or audience, an expired token, a deleted
 * or deactivated user, a token from before the last bump of the token version, a session signed out or expired, a
 * bound token without its fingerprint cookie (`fingerprint`), or a supplier no longer approved: all 401.
 */
export async function authenticate(
  deps: ServiceDeps,
  token: string,
  fingerprint: string | null = null,
): Promise<AuthUser> {
  const claims = await verifyAccessToken(deps.config, token);
  if (!claims) throw new AppError('INVALID_TOKEN');
  // A stolen bound token is refused before any database work (docs/decisions.md, "Sessions and the browser binding").
  if (claims.fph !== undefined && !fingerprintMatches(claims.fph, fingerprint)) throw new AppError('INVALID_TOKEN');
  const [row] = await deps.db
    .select({
      user: users,
      supplierId: suppliers.id,
      supplierApproval: suppliers.approvalStatus,
      supplierActive: suppliers.isActive,
      session: {
        id: userSessions.id,
        tokenVersion: userSessions.tokenVersion,
        lastUsedAt: userSessions.lastUsedAt,
        expiresAt: userSessions.expiresAt,
        revokedAt: userSessions.revokedAt,
      },
    })
    .from(users)
    .leftJoin(suppliers, eq(suppliers.userId, users.id))
    .leftJoin(userSessions, and(eq(userSessions.id, claims.sid), eq(userSessions.userId, users.id)))
    .where(eq(users.id, claims.sub))
    .limit(1);
  if (!row || !row.user.isActive || row.user.tokenVersion !== claims.ver) throw new AppError('INVALID_TOKEN');
  if (!sessionIsLive(row.session, row.user.tokenVersion)) throw new AppError('INVALID_TOKEN');
  const { user } = row;
  if (user.role === 'supplier' && (row.supplierApproval !== 'approved' || !row.supplierActive)) {
    throw new AppError('INVALID_TOKEN');
  }
  await touchSession(deps, row.session!);
  return {
    id: user.id,
    email: user.email,
    fullName: user.fullName,
    phone: user.phone,
    city: user.city,
    role: user.role,
    createdAt: user.createdAt,
    supplierId: row.supplierId ?? null,
    emailVerified: user.emailVerifiedAt !== null,
    sessionId: row.session!.id,
    mustEnrolSecondFactor:
      deps.config.adminSecondFactorRequired && user.role === 'admin' && user.totpEnabledAt === null,
  };
}

/**
 * Ends the session the request was signed in with, and only it (docs/decisions.md, "Sessions and the browser
 * binding"); the account's other devices stay signed in. A hand-made user without a session ends nothing.
 */
export async function logout(deps: ServiceDeps, user: Pick<AuthUser, 'id' | 'sessionId'>): Promise<void> {
  if (!user.sessionId) return;
  await deps.db
    .update(userSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(userSessions.id, user.sessionId), eq(userSessions.userId, user.id), isNull(userSessions.revokedAt)));
}

/**
 * Makes sure the admin account from ADMIN_EMAIL / ADMIN_PASSWORD exists, is an active admin, and has exactly
 * that password (idempotent; the password is reset to the given one). A password on the common-password list stops
 * the start-up with a configuration error, as any other door refuses it (its length is checked with the config).
 */
export async function ensureAdmin(
  deps: ServiceDeps,
  admin: { email: string; password: string; name: string },
): Promise<'created' | 'updated'> {
  if (await isCommonPassword(admin.password)) {
    throw new ConfigError([`ADMIN_PASSWORD: ${COMMON_PASSWORD_MESSAGE}`]);
  }
  const email = admin.email.trim().toLowerCase();
  const existing = await findUserByEmail(deps, email);
  if (!existing) {
    const passwordHash = await hashPassword(admin.password, deps.config.passwordHash, deps.config.passwordPepper);
    // The operator named this address in the environment: nothing to prove to anyone.
    await deps.db
      .insert(users)
      .values({ email, fullName: admin.name, passwordHash, role: 'admin', emailVerifiedAt: new Date() });
    return 'created';
  }
  // A changed password also ends the sessions signed in with the old one.
  const passwordChanged =
    !existing.passwordHash ||
    !(await verifyPassword(existing.passwordHash, admin.password, deps.config.passwordPepper));
  await deps.db
    .update(users)
    .set({
      role: 'admin',
      isActive: true,
      ...(passwordChanged && {
        passwordHash: await hashPassword(admin.password, deps.config.passwordHash, deps.config.passwordPepper),
        tokenVersion: existing.tokenVersion + 1,
      }),
      updatedAt: new Date(),
    })
    .where(eq(users.id, existing.id));
  return 'updated';
}
