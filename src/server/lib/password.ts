import { availableParallelism } from 'node:os';
import argon2 from 'argon2';
import type { PasswordHashOptions, PasswordPepper } from '../config';

/**
 * At most this many argon2 computations run at once, one per core the process may use; the others wait their
 * turn. argon2 runs on libuv's threadpool, so it never blocks the event loop, but unbounded a burst of sign-ins
 * would take all four pool threads (file and DNS work then queue behind them), hold 19 MiB per hash in flight and
 * leave no core to the event loop, for no more throughput than the cores give (performance research 2.2).
 */
export const MAX_CONCURRENT_HASHES = Math.max(1, availableParallelism());

let hashing = 0;
const waiting: (() => void)[] = [];

async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (hashing < MAX_CONCURRENT_HASHES) hashing += 1;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await work();
  } finally {
    // The slot passes straight to the next caller in line, if any.
    const next = waiting.shift();
    if (next) next();
    else hashing -= 1;
  }
}

/**
 * argon2id of the password with the pepper as argon2's `secret` (docs/security.md, "Passwords"). The hash records
 * which pepper made it in the PHC string's `keyid` parameter, which argon2 itself ignores: `$argon2id$v=19$m=19456,
 * p=1,t=2,keyid=1a2b3c4d$salt$hash`. Without a pepper (tests' own fixtures), a plain argon2id hash.
 */
export async function hashPassword(
  password: string,
  options: PasswordHashOptions,
  pepper?: PasswordPepper,
): Promise<string> {
  const hash = await withHashSlot(() =>
    argon2.hash(password, { type: argon2.argon2id, ...options, ...(pepper && { secret: pepper.secret }) }),
  );
  return pepper ? withKeyId(hash, pepper.id) : hash;
}

const PHC_PARAMS = /^(\$argon2(?:id|i|d)\$(?:v=\d+\$)?)([^$]+)(\$.*)$/;

function withKeyId(hash: string, keyId: string): string {
  const match = PHC_PARAMS.exec(hash);
  if (!match) throw new Error('unexpected argon2 hash format');
  return `${match[1]}${match[2]},keyid=${keyId}${match[3]}`;
}

/** The pepper id a stored hash was made with; null for a hash made without a pepper. */
export function hashKeyId(hash: string): string | null {
  const params = PHC_PARAMS.exec(hash)?.[2] ?? '';
  return /(?:^|,)keyid=([^,]+)/.exec(params)?.[1] ?? null;
}

/**
 * Checks a password against a stored hash. A hash that records a pepper is checked with it, and one recording
 * another pepper than the configured one never matches (a wrong PASSWORD_PEPPER signs nobody in); a hash made
 * before the pepper existed is checked without one, and `needsPepper` says it should be hashed again.
 */
export async function verifyPassword(hash: string, password: string, pepper?: PasswordPepper): Promise<boolean> {
  const keyId = hashKeyId(hash);
  if (keyId !== null && keyId !== pepper?.id) return false;
  try {
    return await withHashSlot(() => argon2.verify(hash, password, keyId ? { secret: pepper!.secret } : {}));
  } catch {
    return false;
  }
}

/** A stored hash made without the configured pepper (from before it existed): re-hash it at the next sign-in. */
export function needsPepper(hash: string, pepper: PasswordPepper): boolean {
  return hashKeyId(hash) !== pepper.id;
}

const dummyHashes = new Map<string, Promise<string>>();

/**
 * A hash with the current parameters, verified when the e-mail is unknown, so "no such user" and "wrong
 * password" take the same time (security plan: no account enumeration by timing).
 */
export function dummyHash(options: PasswordHashOptions, pepper?: PasswordPepper): Promise<string> {
  const key = `${options.memoryCost}:${options.timeCost}:${options.parallelism}:${pepper?.id ?? ''}`;
  let hash = dummyHashes.get(key);
  if (!hash) {
    hash = hashPassword('not-a-real-password-0f3c', options, pepper);
    dummyHashes.set(key, hash);
  }
  return hash;
}
