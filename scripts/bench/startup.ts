/**
 * `npm run bench:startup`: how long `npm start` takes to answer /api/health (targets in docs/benchmarks.md:
 * ≤ 5 s on an existing data directory, ≤ 60 s for a fresh clone's first start, which builds the client, creates
 * the embedded database and applies the migrations).
 *
 * - Existing data: a data directory is made once (with the demo data), then `npm start` is timed --runs times
 *   (default 5) from spawn to the first healthy answer, and stopped with SIGTERM each time.
 * - Fresh clone: the working tree is copied without dist/, data/ and .git (node_modules is linked: installing
 *   packages is `npm ci`'s time, not start-up's) and its first `npm start` is timed.
 *
 * `--docs` writes the results into docs/benchmarks.md.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { PROJECT_ROOT } from '../../src/server/config';
import { parseFlags } from './data';
import { freePort } from './processes';
import { machineFacts, table, textTable, writeSection } from './report';
import { median } from './stats';

const flags = parseFlags(process.argv.slice(2));
const RUNS = Number(flags.get('runs') ?? 5);
const EXISTING_TARGET_S = 5;
const FRESH_TARGET_S = 60;

/**
 * Runs `npm start` in `cwd` (in a process group of its own, so npm, the shell and node stop together) and resolves
 * with the seconds until /api/health answered, after stopping it with SIGTERM.
 */
async function timeStart(cwd: string, env: NodeJS.ProcessEnv, timeoutS: number): Promise<number> {
  const port = await freePort();
  const child = spawn('npm', ['start', '--silent'], {
    cwd,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const t0 = performance.now();
  try {
    for (;;) {
      const seconds = (performance.now() - t0) / 1000;
      if (seconds > timeoutS) throw new Error(`not healthy after ${timeoutS} s:\n${output.slice(-3000)}`);
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}:\n${output.slice(-3000)}`);
      try {
        const response = await fetch(`http://127.0.0.1:${port}/api/health`);
        if (response.ok) return seconds;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    if (child.exitCode === null && child.pid) {
      process.kill(-child.pid, 'SIGTERM');
      const timer = setTimeout(() => child.pid && process.kill(-child.pid, 'SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    }
  }
}

function baseEnv(dataDir: string): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
}

async function main(): Promise<number> {
  const work = mkdtempSync(join(tmpdir(), 'startup-'));
  try {
    // Existing data directory: the app's own data, created (and seeded) by a first start.
    const dataDir = join(work, 'data');
    const seedSeconds = await timeStart(PROJECT_ROOT, { ...baseEnv(dataDir), SEED_DEMO: 'true' }, 180);
    console.log(`first start with demo data (creates the data directory): ${seedSeconds.toFixed(2)} s`);
    const existing: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      existing.push(await timeStart(PROJECT_ROOT, baseEnv(dataDir), 60));
      console.log(`  existing data, run ${i + 1}: ${existing.at(-1)!.toFixed(2)} s`);
    }

    // A fresh clone: sources only, no build, no data.
    const clone = join(work, 'clone');
    cpSync(PROJECT_ROOT, clone, {
      recursive: true,
      filter: (source) => {
        const rel = relative(PROJECT_ROOT, source);
        return !/^(node_modules|dist|data|\.git|coverage|screenshots)(\/|$)/.test(rel);
      },
    });
    symlinkSync(join(PROJECT_ROOT, 'node_modules'), join(clone, 'node_modules'));
    const fresh = await timeStart(clone, baseEnv(join(clone, 'data')), 300);
    console.log(`fresh clone, first npm start (build, database, migrations): ${fresh.toFixed(2)} s`);

    const med = median(existing);
    const rows = [
      [
        'existing data directory',
        `≤ ${EXISTING_TARGET_S} s`,
        `${med.toFixed(2)} s (median of ${RUNS}; ` +
          `${Math.min(...existing).toFixed(2)}–${Math.max(...existing).toFixed(2)})`,
        med <= EXISTING_TARGET_S ? 'PASS' : 'FAIL',
      ],
      [
        'fresh clone, first start',
        `≤ ${FRESH_TARGET_S} s`,
        `${fresh.toFixed(2)} s`,
        fresh <= FRESH_TARGET_S ? 'PASS' : 'FAIL',
      ],
    ];
    const header = ['`npm start` until /api/health answers', 'Target', 'Measured', 'Result'];
    console.log(`\n${textTable(header, rows)}`);
    if (flags.has('docs')) {
      const facts = machineFacts();
      writeSection(
        'startup',
        `## Start-up: \`npm run bench:startup\`

Time from spawning \`npm start\` to the first 200 from /api/health, embedded database (PGlite), LOG_LEVEL=warn.
"Existing data" reuses a data directory made by a first start with the demo data (that first start took
${seedSeconds.toFixed(1)} s); "fresh clone" copies the sources without dist/, data/ and .git (node_modules linked, as
after \`npm ci\`), so its first start builds the client, initialises PGlite and applies every migration. Measured
${facts.date} on ${facts.nproc} CPUs.

${table(header, rows)}`,
      );
    }
    return rows.every((row) => row[3] === 'PASS') ? 0 : 1;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  },
);
