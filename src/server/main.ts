import { buildApp } from './app';
import { formatDemoLogins } from './db/seed-demo';
import { ConfigError, loadConfig } from './config';
import { DataDirLockedError } from './db/lock';

/**
 * The only place that listens. Stops cleanly on SIGTERM/SIGINT (docs/security.md, "Graceful shutdown"): no new
 * connections, requests already running complete, then the workers and the database close (so the embedded
 * database is checkpointed), and the process exits 0; after 10 s it gives up with exit code 1. A second signal
 * during the drain exits at once.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const app = await buildApp(config);
  for (const warning of config.warnings) app.log.warn(warning);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      app.log.warn(`${signal} received again, exiting without waiting`);
      process.exit(1);
    }
    stopping = true;
    app.log.info(`${signal} received, shutting down`);
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long, exiting');
      process.exit(1);
    }, 10_000);
    timer.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  // The address the socket is bound to, as the operating system reports it (HOST=localhost may be ::1 or
  // 127.0.0.1; PORT=0 is a free port chosen at start).
  const address = app.server.address();
  const bound = typeof address === 'object' && address ? address : null;
  const port = bound?.port ?? config.port;
  const boundHost = bound ? (bound.family === 'IPv6' ? `[${bound.address}]` : bound.address) : config.host;
  const everywhere = bound?.address === '0.0.0.0' || bound?.address === '::';
  const shownHost = everywhere || ['127.0.0.1', '::1'].includes(bound?.address ?? '') ? 'localhost' : boundHost;
  const listening = `http://${boundHost}:${port}`;
  const database = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.pgliteDir}`;
  const site = config.publicBaseUrl === `http://localhost:${config.port}` ? null : config.publicBaseUrl;
  process.stdout.write(
    `\n  ${config.brand.name} is listening on ${listening}${everywhere ? ' (every network interface)' : ''}\n` +
      (site ? `  Public address: ${site}\n` : '') +
      `  Database: ${database}\n\n`,
  );
  const { demoLogins, ownerSetupCode } = app.startupNotices;
  if (demoLogins) {
    process.stdout.write(
      `  Demo sign-ins (random passwords, shown this once; keep them now):\n\n${formatDemoLogins(demoLogins)}\n\n`,
    );
  }
  if (ownerSetupCode) {
    const base =
      config.publicBaseUrl === `http://localhost:${config.port}` ? `http://${shownHost}:${port}` : config.publicBaseUrl;
    process.stdout.write(
      `  No admin account yet. Open this link within 1 hour to create the owner account (it works once):\n\n` +
        `    ${base}/setup#code=${ownerSetupCode}\n\n` +
        `  (A restart prints a new link. ADMIN_EMAIL and ADMIN_PASSWORD create an admin without it.)\n\n`,
    );
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    process.stderr.write(`\n${error.message}\n\n`);
  } else {
    process.stderr.write(
      `\nFailed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n\n`,
    );
  }
  process.exit(1);
});
