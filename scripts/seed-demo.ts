/**
 * `npm run seed:demo`: loads the demo data into the configured database (PGlite under DATA_DIR, or DATABASE_URL),
 * applying migrations first. Safe to run twice: the second run reports that the demo data are already there.
 */
import { ConfigError, loadConfig } from '../src/server/config';
import { openDatabase, type DatabaseHandle } from '../src/server/db/client';
import { DataDirLockedError } from '../src/server/db/lock';
import { runMigrations } from '../src/server/db/migrate';
import { DEMO_LOGINS, formatDemoLogins, seedDemo } from '../src/server/db/seed-demo';

async function main(): Promise<number> {
  const config = loadConfig();
  if (config.env === 'production' && !config.seedDemoInProduction) {
    console.error(
      'seed:demo: refused in production. Set SEED_DEMO_IN_PRODUCTION=true ' +
        'to load the demo data with random passwords, printed once.',
    );
    return 1;
  }
  let handle: DatabaseHandle | undefined;
  try {
    handle = await openDatabase({ url: config.databaseUrl, pgliteDir: config.pgliteDir });
    console.log(
      handle.kind === 'pglite'
        ? `Database: embedded PGlite in ${config.pgliteDir}`
        : 'Database: PostgreSQL (DATABASE_URL)',
    );
    await runMigrations(handle);
    const result = await seedDemo({ db: handle.db, config }, { randomPasswords: config.seedDemoRandomPasswords });
    if (result.seeded) {
      console.log(
        `Demo data loaded: ${result.users} users, ${result.suppliers} suppliers, ${result.bookings} bookings, ` +
          `${result.testimonials} testimonials.`,
      );
    } else {
      console.log('Demo data were already loaded; nothing changed.');
    }
    if (config.seedDemoRandomPasswords) {
      // Random passwords exist only in this output: a second run cannot show them again.
      if (result.logins)
        console.log(`\nDemo sign-ins (random passwords, shown this once):\n\n${formatDemoLogins(result.logins)}`);
      return 0;
    }
    console.log(`\nDemo sign-ins:\n\n${formatDemoLogins(DEMO_LOGINS)}`);
    return 0;
  } finally {
    await handle?.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof DataDirLockedError || error instanceof ConfigError) {
      console.error(`seed:demo: ${error.message}`);
    } else {
      console.error('seed:demo failed. No demo data were written: they load in one transaction.');
      console.error(error);
    }
    process.exitCode = 1;
  },
);
