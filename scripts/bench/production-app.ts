import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../src/server/config';
import { PUBLIC_PAGES } from '../../src/shared/public-pages';
import { freePort, startChild, waitForHttp, type Child } from './processes';

export type ProductionApp = { port: number; server: Child };

/** Every public page's path (src/shared/public-pages.ts), the pages the measuring scripts may open. */
export const ALL_PUBLIC_PAGES: readonly string[] = PUBLIC_PAGES.map((page) => page.path);

/** The pages a `--pages /,/book` option names, or `fallback` without one; refuses a path that is not public. */
export function pagesFlag(flags: Map<string, string>, fallback: readonly string[]): readonly string[] {
  if (!flags.has('pages')) return fallback;
  const pages = String(flags.get('pages')).split(',');
  const unknown = pages.filter((page) => !ALL_PUBLIC_PAGES.includes(page));
  if (unknown.length > 0) throw new Error(`--pages: not a public page: ${unknown.join(', ')}`);
  return pages;
}

/**
 * Builds the client when it is missing or stale (scripts/ensure-client-build.ts); false when that failed.
 * The measuring scripts run against the built client, as `npm start` serves it in production.
 */
export function ensureClientBuild(): boolean {
  const build = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(PROJECT_ROOT, 'scripts', 'ensure-client-build.ts')],
    { stdio: 'inherit' },
  );
  return build.status === 0;
}

/**
 * The app as `npm start` runs it in production (the built client, brotli copies, NODE_ENV=production) on an
 * embedded database under `dir` with the demo data, so the landing page shows real testimonials. `publicBaseUrl`
 * is the address pages name as canonical (docs/decisions.md, "Link previews and search"); it defaults to the app's
 * own port.
 */
export async function startProductionApp(
  dir: string,
  publicBaseUrl?: (port: number) => string,
): Promise<ProductionApp> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    JWT_SECRET: randomBytes(48).toString('base64url'),
    PASSWORD_PEPPER: randomBytes(48).toString('base64url'),
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_BASE_URL: publicBaseUrl?.(port) ?? `http://127.0.0.1:${port}`,
    DATA_DIR: join(dir, 'data'),
    SEED_DEMO: 'true',
    SEED_DEMO_IN_PRODUCTION: 'true',
  };
  const server = startChild([process.execPath, ['--import', 'tsx', 'src/server/main.ts']], env, PROJECT_ROOT);
  try {
    await waitForHttp(`http://127.0.0.1:${port}/api/health`, 120_000, server);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return { port, server };
}
