/**
 * A process that runs only the project auto-assign runner (`src/server/jobs/auto-assign.ts`) against the
 * PostgreSQL named by DATABASE_URL: what every server instance runs beside the API, without the API. The
 * multi-process test starts three of these; it can also run as a dedicated worker next to API instances.
 *
 *   DATABASE_URL=postgres://... node --import tsx scripts/auto-assign-worker.ts
 *
 * Optional: AUTO_ASSIGN_SWEEP_SECONDS (default 60), AUTO_ASSIGN_POLL_SECONDS (pg-boss polling, default 2).
 * Logs one JSON line per event on stdout; prints {"msg":"ready"} once pg-boss runs. SIGTERM/SIGINT stop it
 * gracefully (the award in progress finishes).
 */
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { startAutoAssignRunner } from '../src/server/jobs/auto-assign';

const config = loadConfig();
if (!config.databaseUrl) {
  process.stderr.write(
    'auto-assign-worker: set DATABASE_URL; the embedded database belongs to the one server process.\n',
  );
  process.exit(2);
}

const numberFromEnv = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};

const line = (level: string) => (obj: object, msg: string) => {
  const record = { level, pid: process.pid, time: new Date().toISOString(), msg, ...obj } as Record<string, unknown>;
  if (record.err instanceof Error) {
    const { message, cause } = record.err;
    record.err = cause instanceof Error ? `${message} (${cause.message})` : message;
  }
  process.stdout.write(`${JSON.stringify(record)}\n`);
};
const log = { info: line('info'), warn: line('warn'), error: line('error') };

const database = await openDatabase({
  url: config.databaseUrl,
  pgliteDir: config.pgliteDir,
  poolSize: 4,
  preparedStatements: config.preparedStatements,
});
const runner = startAutoAssignRunner(
  database,
  { db: database.db, config },
  {
    log,
    sweepIntervalMs: config.autoAssignSweepSeconds * 1000,
    pollingIntervalSeconds: numberFromEnv('AUTO_ASSIGN_POLL_SECONDS', 2),
  },
);
await runner.ready;
log.info({ mode: runner.mode }, 'ready');

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'stopping');
  await runner.stop();
  await database.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
