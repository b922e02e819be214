import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from '../../../src/server/app';
import { loadConfig, type Config } from '../../../src/server/config';
import { openDatabase, type DatabaseHandle } from '../../../src/server/db/client';
import { runMigrations } from '../../../src/server/db/migrate';
import type { AuthUser } from '../../../src/server/modules/auth/auth.service';
import { createContextInner, type RequestInfo, type ServiceDeps } from '../../../src/server/context';
import { createCallerFactory } from '../../../src/server/trpc/init';
import { appRouter } from '../../../src/server/trpc/router';

/** Cheap argon2 settings: tests hash hundreds of passwords; production keeps OWASP's. */
export const TEST_PASSWORD_HASH = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

/**
 * Rate limits and load shedding are off unless a test turns them on: suites sign in many times from one address,
 * and the embedded database runs on the test's own event loop.
 */
export function testConfig(env: Record<string, string> = {}): Config {
  const config = loadConfig({
    NODE_ENV: 'test',
    CLIENT_DIST_DIR: 'tests/fixtures/no-client',
    RATE_LIMITS: 'false',
    SHED_MAX_EVENT_LOOP_DELAY_MS: '0',
    SHED_MAX_EVENT_LOOP_UTILIZATION: '0',
    ...env,
  });
  return { ...config, passwordHash: TEST_PASSWORD_HASH };
}

/**
 * A fresh database for one test file: in-memory PGlite by default, or a new database on the PostgreSQL server
 * named by TEST_DATABASE_URL (dropped again on close), so suites never see each other's rows.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const handle = await openDatabase({ pgliteDir: 'memory' });
    await runMigrations(handle);
    return handle;
  }
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), pgliteDir: 'memory', poolSize: 5 });
  await runMigrations(handle);
  return {
    ...handle,
    async close() {
      await handle.close();
      await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    },
  } as DatabaseHandle;
}

export type TestApp = {
  app: FastifyInstance;
  config: Config;
  database: DatabaseHandle;
  deps: ServiceDeps;
  /** A tRPC caller as an HTTP request would make it: with a bearer token, or as a given user, from a given client. */
  caller(auth?: {
    token?: string | null;
    user?: AuthUser | null;
    request?: Partial<RequestInfo>;
  }): ReturnType<typeof createCaller>;
  close(): Promise<void>;
};

const createCaller = createCallerFactory(appRouter);

/**
 * An app on a fresh test database. Background workers stay off unless asked for: tests drive the mail worker
 * themselves (`startMailWorker(..., { poll: false })` and `drainOnce()`).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: Pick<BuildOptions, 'startWorkers' | 'mailTransport' | 'logStream'> = {},
): Promise<TestApp> {
  const config = testConfig(env);
  const database = await openTestDatabase();
  const app = await buildApp(config, { database, migrate: false, startWorkers: false, ...options });
  await app.ready();
  const deps = { db: database.db, config };
  return {
    app,
    config,
    database,
    deps,
    caller: (auth = {}) =>
      createCaller(createContextInner({ ...deps, token: auth.token ?? null, user: auth.user, request: auth.request })),
    async close() {
      await app.close();
      await database.close();
    },
  };
}
