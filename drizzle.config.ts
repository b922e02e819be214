import { defineConfig } from 'drizzle-kit';

// drizzle-kit only generates SQL from the schema here; the app applies it (src/server/db/migrate.ts),
// so generating never touches a database and never opens the embedded data directory.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema/index.ts',
  out: './drizzle',
});
