import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..');

/** The built client the app serves: CLIENT_DIST_DIR (a build made beside a dist/ being rebuilt) or dist/client. */
export function clientDistDir(): string {
  return process.env.CLIENT_DIST_DIR ?? join(root, 'dist', 'client');
}

export function hasClientBuild(dir = clientDistDir()): boolean {
  return existsSync(join(dir, 'index.html'));
}

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

export type RunningApp = {
  baseURL: string;
  /** The app's data directory (embedded database, the development JWT secret); deleted by `stop`. */
  dataDir: string;
  stop: () => Promise<void>;
};

/**
 * Starts the built app as `npm start` would, on a free port with a fresh data directory and the demo data, and
 * returns its address and a function that stops it and deletes the data. Used by the browser tests' global setup,
 * by test files that change the seeded data, and by `npm run screenshots`.
 */
export async function startApp(
  clientDist = clientDistDir(),
  /** Settings on top of the defaults (e.g. ADMIN_SECOND_FACTOR_REQUIRED for its own browser test). */
  extraEnv: Record<string, string> = {},
): Promise<RunningApp> {
  if (!hasClientBuild(clientDist)) throw new Error('Build the client first: npm run build');
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
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (log += chunk));
  child.stderr?.on('data', (chunk) => (log += chunk));
  const baseURL = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(baseURL, child, () => log);
  } catch (error) {
    child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }

  // An app that dies under a test would only show as refused connections: say so, with what it printed.
  let stopping = false;
  child.once('exit', (code, signal) => {
    if (!stopping)
      console.error(`The app at ${baseURL} exited (${signal ?? code}) while tests were using it:\n${log.slice(-8000)}`);
  });

  return {
    baseURL,
    dataDir,
    stop: async () => {
      stopping = true;
      child.kill('SIGTERM');
      await new Promise((resolve) =>
        child.exitCode !== null || child.signalCode !== null ? resolve(null) : child.once('exit', resolve),
      );
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
