import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { runMigrations } from '../src/server/db/migrate';

/** `npm run db:migrate`: applies pending migrations, for deploys where instances do not migrate on start. */
const config = loadConfig();
const handle = await openDatabase({ url: config.databaseUrl, pgliteDir: config.pgliteDir }).catch((error: Error) => {
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
});
try {
  await runMigrations(handle);
  process.stdout.write(
    `Migrations applied (${config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.pgliteDir}`}).\n`,
  );
} finally {
  await handle.close();
}
