import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The real server in a child process, as `npm start` runs it: used by the browser tests (their app with the demo
 * data) and by the security suite's reliability tests (crash, load, shutdown).
 */
const root = join(import.meta.dirname, '..', '..');

/** Servers still running when the test process ends (a failed or timed-out test) are killed with it. */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export type ServerProcess = {
  url: string;
  port: number;
  /** The server's data directory (embedded database, the development JWT secret, the development mail folder). */
  dataDir: string;
  child: ChildProcess;
  /** Everything the process wrote so far (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code (null when killed by a signal) and the signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Stops the process with SIGTERM if it still runs, and removes its data directory unless it was given. */
  stop(): Promise<void>;
};

/**
 * Starts the real server (`src/server/main.ts`) in a child process on a free port, with its own data directory,
 * and waits until `/api/health` answers. `stop()` (or the caller's SIGKILL) ends it for good.
 */
export async function startServer(
  env: Record<string, string>,
  options: { port?: number; dataDir?: string } = {},
): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'app-data-'));
  let output = '';
  // tsx as a loader in this one process (not the tsx command, which runs the server in a grandchild): a signal,
  // SIGKILL included, reaches the server itself.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  running.add(child);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      running.delete(child);
      resolve({ code, signal });
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    url,
    port,
    dataDir,
    child,
    output: () => output,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(timer);
      }
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
  // Generous: on a busy machine the first start compiles the server and migrates a fresh database.
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await server.stop();
  throw new Error(`The server did not become healthy:\n${output}`);
}
