/**
 * R3 of the benchmark: argon2id verifies with the app's parameters, called directly from Node through the app's
 * own `verifyPassword` (so with the same limit on concurrent hashes), by `concurrency` callers for `durationSec`.
 * Prints one JSON line: verifies per second and latency percentiles. Argv: concurrency durationSec.
 */
import { loadConfig } from '../../src/server/config';
import { hashPassword, verifyPassword } from '../../src/server/lib/password';
import { latencyStats } from './stats';

const concurrency = Number(process.argv[2] ?? 50);
const durationSec = Number(process.argv[3] ?? 10);
const password = 'Bench@Pass-2026';
const hash = await hashPassword(password, loadConfig({ NODE_ENV: 'test' }).passwordHash);
await verifyPassword(hash, password);

const samples: number[] = [];
const end = performance.now() + durationSec * 1000;
async function caller(): Promise<void> {
  while (performance.now() < end) {
    const t0 = performance.now();
    if (!(await verifyPassword(hash, password))) throw new Error('verify failed');
    samples.push(performance.now() - t0);
  }
}
const t0 = performance.now();
await Promise.all(Array.from({ length: concurrency }, caller));
const seconds = (performance.now() - t0) / 1000;
process.stdout.write(`${JSON.stringify({ rps: samples.length / seconds, ...latencyStats(samples) })}\n`);
