import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

/*
 * The strength meter's estimator (docs/security.md, "Passwords"): zxcvbn-ts with its common-password list, the same
 * list the server refuses passwords from. Its own chunk, loaded when a password field is first typed into.
 */
const zxcvbn = new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
const common = new Set(dictionary['passwords-common'].map((entry) => entry.toLowerCase()));

export type Strength = { score: 0 | 1 | 2 | 3 | 4; common: boolean };

/** 0 (guessed at once) to 4 (very hard to guess); `common`: the server will refuse it. */
export function estimateStrength(password: string, userInputs: string[] = []): Strength {
  const isCommon = common.has(password.toLowerCase());
  const { score } = zxcvbn.check(password, userInputs);
  return { score: isCommon ? 0 : score, common: isCommon };
}
