import { randomBytes } from 'node:crypto';
import postgres from 'postgres';

/** The PostgreSQL server the reliability tests create their databases on (each test run gets fresh ones). */
export const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export async function postgresReachable(): Promise<boolean> {
  const sql = postgres(POSTGRES_URL, { max: 1, connect_timeout: 3, onnotice: () => {} });
  try {
    await sql`select 1`;
    return true;
  } catch {
    return false;
  } finally {
    await sql.end({ timeout: 1 }).catch(() => {});
  }
}

export type TestDatabase = { url: string; sql: postgres.Sql; drop(): Promise<void> };

/** A new, empty database on the PostgreSQL server, with a connection for the test's own checks. */
export async function createDatabase(prefix: string): Promise<TestDatabase> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = postgres(POSTGRES_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE "${name}"`);
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  const sql = postgres(url.toString(), { max: 2, onnotice: () => {} });
  return {
    url: url.toString(),
    sql,
    async drop() {
      await sql.end({ timeout: 5 }).catch(() => {});
      await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end({ timeout: 5 });
    },
  };
}

/** Waits until `condition` holds, polling; throws with `what` after `timeoutMs`. */
export async function waitUntil(
  condition: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
