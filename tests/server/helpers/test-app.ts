import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
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

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const pgliteVersion = (
  JSON.parse(readFileSync(join(repoRoot, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')) as {
    version: string;
  }
).version;

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
  if (!adminUrl) return migratedPglite();
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

/**
 * A migrated in-memory PGlite. Creating one from nothing (initdb, then every migration) costs seconds of CPU per
 * test file; the first file to need one dumps it to a file in the temporary folder, named after the migrations and
 * the PGlite version, and every later one starts from that dump. Two workers may write it at once: each writes its
 * own file and renames it into place, so a reader sees one whole dump or none.
 */
async function migratedPglite(): Promise<DatabaseHandle> {
  const file = templateFile();
  if (existsSync(file)) {
    const handle = await openDatabase({ pgliteDir: 'memory', pgliteDump: new Blob([readFileSync(file)]) });
    await runMigrations(handle);
    return handle;
  }
  const handle = await openDatabase({ pgliteDir: 'memory' });
  await runMigrations(handle);
  if (handle.kind === 'pglite') {
    const dump = await handle.client.dumpDataDir('none');
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  }
  return handle;
}

function templateFile(): string {
  const hash = createHash('sha256');
  hash.update(pgliteVersion);
  const folder = join(repoRoot, 'drizzle');
  const files = readdirSync(folder, { recursive: true, encoding: 'utf8' }).sort();
  for (const name of files) {
    const path = join(folder, name);
    if (statSync(path).isFile()) hash.update(name).update(readFileSync(path));
  }
  return join(tmpdir(), `annapurna-test-db-${hash.digest('hex').slice(0, 16)}.tar`);
}

/** Settings for an app taking payments through the Cashfree gateway (its calls stubbed with `setGatewayFetch`). */
export function cashfreeTestEnv(webhookSecret: string): Record<string, string> {
  return {
    PAYMENT_GATEWAY: 'cashfree',
    CASHFREE_APP_ID: 'TEST_APP',
    CASHFREE_SECRET_KEY: 'TEST_SECRET',
    CASHFREE_API_BASE: 'https://sandbox.cashfree.com/pg',
    CASHFREE_WEBHOOK_SECRET: webhookSecret,
    PUBLIC_BASE_URL: 'https://events.example.in',
  };
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
