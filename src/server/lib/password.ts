import argon2 from 'argon2';
import type { PasswordHashOptions } from '../config';

export function hashPassword(password: string, options: PasswordHashOptions): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id, ...options });
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

const dummyHashes = new Map<string, Promise<string>>();

/**
 * A hash with the current parameters, verified when the e-mail is unknown, so "no such user" and "wrong
 * password" take the same time (security plan: no account enumeration by timing).
 */
export function dummyHash(options: PasswordHashOptions): Promise<string> {
  const key = `${options.memoryCost}:${options.timeCost}:${options.parallelism}`;
  let hash = dummyHashes.get(key);
  if (!hash) {
    hash = hashPassword('not-a-real-password-0f3c', options);
    dummyHashes.set(key, hash);
  }
  return hash;
}
