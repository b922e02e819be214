import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { startServer } from '../support/app-process';

const root = join(import.meta.dirname, '..', '..');

/** The built client the app serves: CLIENT_DIST_DIR (a build made beside a dist/ being rebuilt) or dist/client. */
export function clientDistDir(): string {
  return process.env.CLIENT_DIST_DIR ?? join(root, 'dist', 'client');
}

export function hasClientBuild(dir = clientDistDir()): boolean {
  return existsSync(join(dir, 'index.html'));
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
  const server = await startServer({
    CLIENT_DIST_DIR: clientDist,
    SEED_DEMO: 'true',
    // The browser tests sign in, register and quote many times from one address: limits stay on, but high.
    RATE_LIMIT_LOGIN_PER_MINUTE: '1000',
    RATE_LIMIT_REGISTER_PER_HOUR: '1000',
    RATE_LIMIT_QUOTE_PER_MINUTE: '1000',
    ...extraEnv,
  });

  // An app that dies under a test would only show as refused connections: say so, with what it printed.
  let stopping = false;
  void server.exited.then(({ code, signal }) => {
    if (!stopping) {
      const log = server.output().slice(-8000);
      console.error(`The app at ${server.url} exited (${signal ?? code}) while tests were using it:\n${log}`);
    }
  });

  return {
    baseURL: server.url,
    dataDir: server.dataDir,
    stop: async () => {
      stopping = true;
      await server.stop();
    },
  };
}
