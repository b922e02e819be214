import { availableParallelism } from 'node:os';
import argon2 from 'argon2';
import type { PasswordHashOptions } from '../config';

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

export function hashPassword(password: string, options: PasswordHashOptions): Promise<string> {
  return withHashSlot(() => argon2.hash(password, { type: argon2.argon2id, ...options }));
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await withHashSlot(() => argon2.verify(hash, password));
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
