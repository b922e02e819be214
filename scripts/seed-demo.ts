/**
 * `npm run seed:demo`: loads the demo data into the configured database (PGlite under DATA_DIR, or DATABASE_URL),
 * applying migrations first. Safe to run twice: the second run reports that the demo data are already there.
 */
import { ConfigError, loadConfig } from '../src/server/config';
import { openDatabase, type DatabaseHandle } from '../src/server/db/client';
import { DataDirLockedError } from '../src/server/db/lock';
import { runMigrations } from '../src/server/db/migrate';
import { DEMO_LOGINS, seedDemo } from '../src/server/db/seed-demo';

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const line = (row: string[]) => row.map((cell, column) => cell.padEnd(widths[column]!)).join('  ').trimEnd();
  return [line(rows[0]!), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)].join('\n');
}

async function main(): Promise<number> {
  const config = loadConfig();
  let handle: DatabaseHandle | undefined;
  try {
    handle = await openDatabase({ url: config.databaseUrl, pgliteDir: config.pgliteDir });
    console.log(
      handle.kind === 'pglite' ? `Database: embedded PGlite in ${config.pgliteDir}` : 'Database: PostgreSQL (DATABASE_URL)',
    );
    await runMigrations(handle);
    const result = await seedDemo({ db: handle.db, config });
    if (result.seeded) {
      console.log(
        `Demo data loaded: ${result.users} users, ${result.suppliers} suppliers, ${result.bookings} bookings, ` +
          `${result.testimonials} testimonials.`,
      );
    } else {
      console.log('Demo data were already loaded; nothing changed.');
    }
    console.log('\nDemo sign-ins:\n');
    const header = ['Role', 'E-mail', 'Password', 'Note'];
    console.log(table([header, ...DEMO_LOGINS.map((l) => [l.role, l.email, l.password, l.note])]));
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
