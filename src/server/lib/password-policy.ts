import { COMMON_PASSWORD_MESSAGE } from '../../shared/auth-limits';
import { ValidationError } from './errors';

let commonPasswords: Promise<ReadonlySet<string>> | undefined;

/**
 * The common-password list of @zxcvbn-ts/language-common (about 49,000 leaked passwords, most used first, among
 * them `123456`, `password` and `12345678`): the same list the forms' strength meter reads, so a password the
 * meter calls common is the one the server refuses. Loaded on first use and kept.
 */
function loadCommonPasswords(): Promise<ReadonlySet<string>> {
  commonPasswords ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common'].map((entry) => entry.toLowerCase())),
  );
  return commonPasswords;
}

/** Whether the password, in any letter case, is on the common-password list. */
export async function isCommonPassword(password: string): Promise<boolean> {
  return (await loadCommonPasswords()).has(password.toLowerCase());
}

/**
 * Refuses a new password that is on the common-password list: a 422 naming the field, as a schema failure would
 * (registration, vendor registration, owner setup, reset and change all call it). The length rules stay in the
 * shared schema.
 */
export async function assertPasswordNotCommon(password: string, field = 'password'): Promise<void> {
  if (await isCommonPassword(password)) {
    throw new ValidationError([{ loc: ['body', field], msg: COMMON_PASSWORD_MESSAGE, type: 'value_error' }]);
  }
}
