import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

const root = join(import.meta.dirname, '..', '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The app exited with ${child.exitCode}:\n${output()}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`The app did not become healthy:\n${output()}`);
}

/** Starts the built app on a free port with a fresh data directory and the demo data. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // CLIENT_DIST_DIR points the browser tests at another build (one made while dist/ is being rebuilt).
  const clientDist = process.env.CLIENT_DIST_DIR ?? join(root, 'dist', 'client');
  if (!existsSync(join(clientDist, 'index.html'))) {
    throw new Error('Build the client first: npm run build');
  }
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'e2e-data-'));
  let log = '';
  const child = spawn(process.execPath, [join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'src/server/main.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      CLIENT_DIST_DIR: clientDist,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      // The browser tests sign in, register and quote many times from one address: limits stay on, but high.
      RATE_LIMIT_LOGIN_PER_MINUTE: '1000',
      RATE_LIMIT_REGISTER_PER_HOUR: '1000',
      RATE_LIMIT_QUOTE_PER_MINUTE: '1000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (log += chunk));
  child.stderr?.on('data', (chunk) => (log += chunk));
  const baseURL = `http://127.0.0.1:${port}`;
  await waitForHealth(baseURL, child, () => log);
  project.provide('baseURL', baseURL);

  return async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
