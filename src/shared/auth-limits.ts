/**
 * docs/product.md#accounts: minimum password length 6; the upper bound keeps hashing cost bounded. Kept apart from the auth
 * schemas (schemas/auth.ts) so the sign-in forms can show them without loading zod before their first submit
 *.
 */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
