/**
 * docs/product.md#accounts: minimum password length 6; the upper bound keeps hashing cost bounded. Kept apart from the
 * auth schemas (schemas/auth.ts) so the sign-in forms can show them without loading zod before their first submit
 *.
 */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;

/**
 * A password found in the list of common leaked passwords is refused at every door that sets one (docs/security.md,
 * "Passwords"), with this message; there are no composition rules.
 */
export const COMMON_PASSWORD_MESSAGE =
  'This password is one of the most common leaked passwords and would be ' +
  'guessed quickly. Please choose another: a few unrelated words work well.';
