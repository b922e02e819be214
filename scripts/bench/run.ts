/**
 * `npm run bench`: the server benchmark (docs/benchmarks.md), against a fresh PostgreSQL database filled by the data
 * generator. The app runs as in production (`src/server/main.ts`, NODE_ENV=production) in a child process pinned
 * to CPU 0; autocannon, pgbench and the probes run in other processes pinned to CPU 1. Each comparison warms up,
 * then runs interleaved rounds (A B A B …) and reports the median of the per-round ratios, so machine noise that
 * hits both sides of a round cancels out.
 *
 *   npm run bench                    full run (about 12 minutes): prints the target table, writes docs/benchmarks.md
 *   npm run bench -- --growth        also times the admin load at 10k and 1M bookings (several more minutes)
 *   npm run bench -- --smoke         a few seconds per phase on a small data set; no targets enforced, no docs
 *
 * Options: --rounds N, --duration S, --warmup S, --keep (keep the database), --no-pin, --no-docs, --pg
 * postgres://…/postgres (the server to create the database on; default BENCH_PG_URL or the local server).
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { loadConfig, PROJECT_ROOT } from '../../src/server/config';
import {
  BENCH_ADMIN_EMAIL,
  BENCH_PASSWORD,
  benchCustomerEmail,
  benchSupplierEmail,
  FULL_SIZES,
  parseFlags,
  prepareBenchDatabase,
  type DataSizes,
} from './data';
import type { CallsResult, CannonJob, CannonResult, LoadJob, ProbeResult } from './load';
import {
  CAN_PIN,
  freePort,
  LOAD_CPU,
  nodeCommand,
  pinned,
  runJson,
  SERVER_CPU,
  startChild,
  stopAllChildren,
  waitForHttp,
  type Child,
} from './processes';
import {
  ADMIN_MAIN_CALLS,
  ADMIN_REPORT_CALLS,
  executionMsByCall,
  explainCalls,
  seqScansOver,
  SUPPLIER_CALLS,
  trpcGetUrl,
  type BenchCall,
  type ExplainedQuery,
} from './queries';
import { machineFacts, table, textTable, writeSection, type MachineFacts } from './report';
import { median, type LatencyStats } from './stats';

const flags = parseFlags(process.argv.slice(2));
const SMOKE = flags.has('smoke');
const GROWTH = flags.has('growth') && !SMOKE;
const ROUNDS = Number(flags.get('rounds') ?? (SMOKE ? 1 : 5));
const DURATION = Number(flags.get('duration') ?? (SMOKE ? 2 : 10));
const WARMUP = Number(flags.get('warmup') ?? (SMOKE ? 0 : 5));
const CONNECTIONS = 50;
const CALL_ITERATIONS = SMOKE ? 10 : 200;
const PAGE_ITERATIONS = SMOKE ? 5 : 100;
const PG_ADMIN_URL = flags.get('pg') ?? process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SMOKE_SIZES: DataSizes = {
  bookings: 2_000,
  suppliers: 500,
  customers: 1_000,
  events: 20_000,
  invitationsPerSupplier: 300,
};
const SIZES = SMOKE ? SMOKE_SIZES : FULL_SIZES;
const GROWTH_BOOKINGS = [10_000, 1_000_000];
/** The big tables no hot path may read whole. */
const HOT_TABLES = ['bookings', 'analytics_events'];

const log = (line: string) => process.stdout.write(`${line}\n`);
/** USER_HZ of /proc/<pid>/stat: 100 on Linux. */
const CLOCK_TICKS = 100;
const fmt = (x: number, digits = 2) => (Number.isFinite(x) ? x.toFixed(digits) : 'n/a');

function dbUrl(name: string): string {
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function createDatabase(admin: postgres.Sql): Promise<string> {
  const name = `bench_${randomBytes(4).toString('hex')}`;
  await admin.unsafe(`create database ${name}`);
  return name;
}

async function dropDatabase(admin: postgres.Sql, name: string): Promise<void> {
  await admin.unsafe(`drop database if exists ${name} with (force)`);
}

/** The app as `npm start` runs it in production, on its own core, against the bench database. */
async function startApp(url: string, dataDir: string): Promise<{ child: Child; base: string; readyMs: number }> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    DATABASE_URL: url,
    JWT_SECRET: randomBytes(48).toString('base64url'),
    PASSWORD_PEPPER: randomBytes(48).toString('base64url'),
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    // The login target is about hashing throughput; 5 sign-ins a minute per address would stop it at once.
    RATE_LIMITS: 'false',
    // The admin reads measure the server, not the second-factor gate production turns on (tested on its own).
    ADMIN_SECOND_FACTOR_REQUIRED: 'false',
  };
  const child = startChild(nodeCommand(SERVER_CPU, 'src/server/main.ts'), env, PROJECT_ROOT);
  const base = `http://127.0.0.1:${port}`;
  const readyMs = await waitForHttp(`${base}/api/health`, 120_000, child);
  return { child, base, readyMs };
}

async function startReference(): Promise<{ child: Child; base: string }> {
  const port = await freePort();
  const child = startChild(
    nodeCommand(SERVER_CPU, 'scripts/bench/reference-server.ts'),
    { PATH: process.env.PATH, PORT: String(port) },
    PROJECT_ROOT,
  );
  const base = `http://127.0.0.1:${port}`;
  await waitForHttp(`${base}/`, 30_000, child);
  return { child, base };
}

function load<T>(job: LoadJob): Promise<T> {
  return runJson<T>(
    nodeCommand(LOAD_CPU, 'scripts/bench/load.ts', [JSON.stringify(job)]),
    { PATH: process.env.PATH },
    PROJECT_ROOT,
  );
}

/** How long a sign-in waits out the server's overload guard (503), which a slow machine can trip just after start. */
const LOGIN_PATIENCE_MS = 60_000;

async function login(base: string, email: string): Promise<string> {
  const started = Date.now();
  for (;;) {
    const response = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: BENCH_PASSWORD }),
    });
    if (response.ok) return ((await response.json()) as { access_token: string }).access_token;
    const detail = await response.text();
    if (response.status !== 503 || Date.now() - started > LOGIN_PATIENCE_MS) {
      throw new Error(`login of ${email}: HTTP ${response.status} ${detail}`);
    }
    const retryAfterS = Number(response.headers.get('retry-after')) || 1;
    await new Promise((resolve) => setTimeout(resolve, retryAfterS * 1000));
  }
}

// ---------------------------------------------------------------------------------------------------------------
// R2: pgbench running the quote's INSERTs as plain SQL.

/**
 * The rows an instant quote writes, as one pgbench transaction: the booking, its audit row, the quotation event
 * and the quote e-mail (the e-mail's subject and bodies are a real one the app queued, read from a side table so
 * pgbench does not take the colons in the HTML for its variables). The event dates spread over the same days as the
 * app's load (`quoteBody`), so no single day gathers every booking of the run; the e-mail is written as already
 * sent, so the app's mail worker, which runs in the server under test, does not spend the next rounds sending
 * pgbench's e-mails.
 */
const PGBENCH_SCRIPT = [
  `\\set n random(1, 1000000000)`,
  `BEGIN;`,
  `INSERT INTO bookings (client_name, client_email, client_phone, event_type, event_name, event_date, venue_type, ` +
    `city, guest_count, requirements, pricing_tier, base_price_per_person_paise, discount_paise, subtotal_paise, ` +
    `gst_paise, final_amount_paise, valid_until, status, source) ` +
    `VALUES ('Load Test Client', 'pgbench.' || :client_id || '.' || :n || '@example.in', '+919826012345', ` +
    `'wedding', 'Load test event ' || :n, current_date + 30 + :n % 330, 'banquet', 'Indore', 300, ` +
    `'{"guest_count": 300, "venue_type": "banquet"}', 'premium', 126500, 1897500, 36052500, 6489450, 42541950, ` +
    `current_date + 7, 'quoted', 'instant_quote') RETURNING id \\gset`,
  `INSERT INTO audit_log (actor_user_id, action, entity_type, entity_id, data) ` +
    `VALUES (NULL, 'booking.status_changed', 'booking', :id, '{"from": null, "to": "quoted"}');`,
  `INSERT INTO analytics_events (kind, ip_address, browser, device, city, event_type, booking_id) ` +
    `VALUES ('quotation', '127.0.0.1', 'Other', 'desktop', 'Indore', 'wedding', :id);`,
  `INSERT INTO email_outbox (to_address, subject, text_body, html_body, template, status, sent_at) ` +
    `SELECT 'pgbench.' || :client_id || '.' || :n || '@example.in', subject, text_body, html_body, 'quote', ` +
    `'sent', now() ` +
    `FROM bench_quote_email;`,
  `COMMIT;`,
  ``,
].join('\n');

async function preparePgbench(url: string, dir: string): Promise<string> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const newest = sql`order by created_at desc limit 1`;
    await sql`create table if not exists bench_quote_email as
              select subject, text_body, html_body from email_outbox where template = 'quote' ${newest}`;
    const [{ n }] = await sql<[{ n: number }]>`select count(*)::int as n from bench_quote_email`;
    if (n !== 1) throw new Error('no quote e-mail to copy: the quote warm-up wrote none');
  } finally {
    await sql.end({ timeout: 5 });
  }
  const file = join(dir, 'quote.pgbench.sql');
  writeFileSync(file, PGBENCH_SCRIPT);
  return file;
}

async function pgbench(url: string, script: string, seconds: number): Promise<{ rps: number; latencyMs: number }> {
  const u = new URL(url);
  const args = [
    'pgbench',
    '-n',
    '-M',
    'prepared',
    '-c',
    String(CONNECTIONS),
    '-j',
    '2',
    '-T',
    String(seconds),
    '-f',
    script,
  ];
  args.push(
    '-h',
    u.hostname,
    '-p',
    u.port || '5432',
    '-U',
    decodeURIComponent(u.username) || 'postgres',
    u.pathname.slice(1),
  );
  const child = startChild(
    pinned(LOAD_CPU, args),
    { PATH: process.env.PATH, PGPASSWORD: decodeURIComponent(u.password) },
    PROJECT_ROOT,
  );
  const code = await child.exited;
  const out = child.output();
  const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(out);
  const latency = /latency average = ([\d.]+) ms/.exec(out);
  if (code !== 0 || !tps) throw new Error(`pgbench failed (exit ${code}):\n${out.slice(-2000)}`);
  return { rps: Number(tps[1]), latencyMs: Number(latency?.[1] ?? NaN) };
}

// ---------------------------------------------------------------------------------------------------------------
// Interleaved rounds.

type Sample = { rps: number; p99: number; extra?: Record<string, number> };
type Target = { name: string; run(seconds: number): Promise<Sample> };

async function interleave(label: string, targets: Target[]): Promise<Record<string, Sample[]>> {
  log(`\n${label}: ${WARMUP > 0 ? `warm-up ${WARMUP} s each, then ` : ''}${ROUNDS} round(s) of ${DURATION} s`);
  if (WARMUP > 0) for (const target of targets) await target.run(WARMUP);
  const samples: Record<string, Sample[]> = Object.fromEntries(targets.map((t) => [t.name, []]));
  for (let round = 1; round <= ROUNDS; round++) {
    const parts: string[] = [];
    for (const target of targets) {
      const sample = await target.run(DURATION);
      samples[target.name]!.push(sample);
      parts.push(`${target.name} ${fmt(sample.rps, 0)}/s p99 ${fmt(sample.p99, 1)} ms`);
    }
    log(`  round ${round}: ${parts.join(' | ')}`);
  }
  return samples;
}

/** CPU seconds (user + system) a process has used so far, from /proc; NaN where there is no /proc. */
function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return NaN;
  }
}

/**
 * An autocannon run against one route. With the serving process's pid, it also records the server's CPU time per
 * answered request: unlike req/s, that does not depend on how much of its core other work on the machine left it.
 */
function cannonTarget(
  name: string,
  job: Omit<CannonJob, 'mode' | 'durationSec' | 'connections'>,
  serverPid?: number,
): Target {
  return {
    name,
    async run(seconds) {
      const cpuBefore = serverPid ? cpuSeconds(serverPid) : NaN;
      const result = await load<CannonResult>({
        mode: 'cannon',
        connections: CONNECTIONS,
        durationSec: seconds,
        ...job,
      });
      const cpuUs = serverPid ? ((cpuSeconds(serverPid) - cpuBefore) * 1e6) / Math.max(1, result.ok) : NaN;
      if (result.non2xx > 0 || result.errors > 0) {
        log(
          `  ! ${name}: ${result.non2xx} non-2xx answers ` +
            `(${JSON.stringify(result.statusCodes)}), ${result.errors} errors`,
        );
      }
      return { rps: result.rps, p99: result.p99, extra: { non2xx: result.non2xx, errors: result.errors, cpuUs } };
    },
  };
}

/** Per-round ratio a/b, summarised as median (min–max). */
function ratio(
  samples: Record<string, Sample[]>,
  a: string,
  b: string,
): { median: number; min: number; max: number; perRound: number[] } {
  const perRound = samples[a]!.map((s, i) => s.rps / samples[b]![i]!.rps);
  return { median: median(perRound), min: Math.min(...perRound), max: Math.max(...perRound), perRound };
}

// ---------------------------------------------------------------------------------------------------------------

type Row = { operation: string; target: string; measured: string; pass: boolean | null };

async function timeCalls(
  base: string,
  headers: Record<string, string>,
  calls: BenchCall[],
  page?: BenchCall[][],
): Promise<CallsResult> {
  return load<CallsResult>({
    mode: 'calls',
    base,
    headers,
    calls: calls.map((call) => ({ name: call.path, path: trpcGetUrl([call]) })),
    // Unrecorded first passes: plans cached, pages in shared buffers, code optimised.
    warmup: SMOKE ? 2 : 10,
    iterations: CALL_ITERATIONS,
    ...(page && { page: { paths: page.map((batch) => trpcGetUrl(batch)), iterations: PAGE_ITERATIONS } }),
  });
}

async function adminLoad(base: string): Promise<{ admin: CallsResult; supplier: CallsResult }> {
  const adminToken = await login(base, BENCH_ADMIN_EMAIL);
  const supplierToken = await login(base, benchSupplierEmail(0));
  const admin = await timeCalls(
    base,
    { authorization: `Bearer ${adminToken}` },
    [...ADMIN_MAIN_CALLS, ...ADMIN_REPORT_CALLS],
    [ADMIN_MAIN_CALLS, ADMIN_REPORT_CALLS],
  );
  const supplier = await timeCalls(base, { authorization: `Bearer ${supplierToken}` }, SUPPLIER_CALLS);
  return { admin, supplier };
}

async function supplierIdOf(url: string, email: string): Promise<string> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql<[{ id: string }]>`select id from suppliers where email = ${email}`;
    return row.id;
  } finally {
    await sql.end({ timeout: 5 });
  }
}

async function serverVersion(admin: postgres.Sql): Promise<string> {
  const [row] = await admin<[{ version: string }]>`select version()`;
  return row.version.split(' on ')[0] ?? row.version;
}

async function growthRun(
  admin: postgres.Sql,
  dataDir: string,
  at100k: CallsResult,
): Promise<{ bookings: number; genSeconds: number; result: CallsResult }[]> {
  const points: { bookings: number; genSeconds: number; result: CallsResult }[] = [];
  for (const bookings of GROWTH_BOOKINGS) {
    const name = await createDatabase(admin);
    try {
      log(`\ngrowth: ${bookings.toLocaleString('en-US')} bookings into ${name}`);
      const { seconds } = await prepareBenchDatabase(dbUrl(name), { ...FULL_SIZES, bookings }, { log });
      const app = await startApp(dbUrl(name), dataDir);
      try {
        const adminToken = await login(app.base, BENCH_ADMIN_EMAIL);
        const result = await timeCalls(
          app.base,
          { authorization: `Bearer ${adminToken}` },
          [...ADMIN_MAIN_CALLS, ...ADMIN_REPORT_CALLS],
          [ADMIN_MAIN_CALLS, ADMIN_REPORT_CALLS],
        );
        points.push({ bookings, genSeconds: seconds, result });
      } finally {
        await app.child.stop();
      }
    } finally {
      if (!flags.has('keep')) await dropDatabase(admin, name);
    }
  }
  points.push({ bookings: SIZES.bookings, genSeconds: NaN, result: at100k });
  return points.sort((a, b) => a.bookings - b.bookings);
}

async function main(): Promise<number> {
  const facts: MachineFacts = machineFacts();
  const admin = postgres(PG_ADMIN_URL, { max: 1, onnotice: () => {} });
  const pgVersion = await serverVersion(admin);
  const workDir = mkdtempSync(join(tmpdir(), 'bench-'));
  const dataDir = join(workDir, 'data');
  const name = await createDatabase(admin);
  const url = dbUrl(name);
  const children: Child[] = [];
  log(
    `Benchmark${SMOKE ? ' (smoke: short, small data, targets not enforced)' : ''}: ` +
      `${facts.nproc} CPUs, Node ${facts.node}, ${pgVersion}`,
  );
  log(
    CAN_PIN
      ? 'Server processes on CPU 0, load generators on CPU 1 (taskset).'
      : 'Not pinned (no taskset or a single CPU).',
  );

  try {
    log(`\ndata: ${JSON.stringify(SIZES)} into ${name}`);
    const data = await prepareBenchDatabase(url, SIZES, { log });
    log(`  generated in ${fmt(data.seconds, 1)} s`);

    const app = await startApp(url, dataDir);
    children.push(app.child);
    const reference = await startReference();
    children.push(reference.child);
    log(`app healthy after ${fmt(app.readyMs, 0)} ms`);

    // Plans first, on the data as generated.
    const supplierId = await supplierIdOf(url, benchSupplierEmail(0));
    const explained: ExplainedQuery[] = await explainCalls(
      url,
      loadConfig({ NODE_ENV: 'test' }),
      [...ADMIN_MAIN_CALLS, ...ADMIN_REPORT_CALLS, ...SUPPLIER_CALLS],
      supplierId,
    );
    const scans = explained.flatMap((q) => seqScansOver(q.plan, HOT_TABLES).map((t) => `${q.call}: ${t}`));

    log('\nadmin dashboard and supplier lists');
    const { admin: adminCalls, supplier: supplierCalls } = await adminLoad(app.base);

    // Framework: R1 against two light routes of the app.
    const framework = await interleave('R1 (bare Fastify) vs GET /api/testimonials and /api/health', [
      cannonTarget('R1', { base: reference.base, path: '/' }, reference.child.pid),
      cannonTarget('testimonials', { base: app.base, path: '/api/testimonials' }, app.child.pid),
      cannonTarget('health', { base: app.base, path: '/api/health' }, app.child.pid),
    ]);

    // Quotes: REST and tRPC against R2 (pgbench with the same INSERTs). A smoke run goes on without pgbench.
    const hasPgbench = spawnSync('pgbench', ['--version']).status === 0;
    if (!hasPgbench && !SMOKE)
      throw new Error('pgbench is not installed (Debian: it comes with the postgresql package)');
    const quoteRest = cannonTarget(
      'quote REST',
      { base: app.base, path: '/api/quotation/instant', method: 'POST', vary: 'quote-rest' },
      app.child.pid,
    );
    await quoteRest.run(Math.max(1, Math.min(WARMUP, 2)));
    const script = await preparePgbench(url, workDir);
    const quotes = await interleave(
      'R2 (pgbench, the quote INSERTs) vs POST /api/quotation/instant and quote.instant over tRPC',
      [
        {
          name: 'R2',
          run: async (seconds) => ({ rps: hasPgbench ? (await pgbench(url, script, seconds)).rps : NaN, p99: NaN }),
        },
        quoteRest,
        cannonTarget(
          'quote tRPC',
          { base: app.base, path: '/api/trpc/quote.instant', method: 'POST', vary: 'quote-trpc' },
          app.child.pid,
        ),
      ],
    );

    // Logins against R3 (argon2id verify with the app's parameters), and /api/health while logins saturate.
    const logins = {
      emails: Array.from({ length: Math.min(SIZES.customers, 1000) }, (_, i) => benchCustomerEmail(i)),
      password: BENCH_PASSWORD,
    };
    const loginSamples = await interleave(
      'R3 (argon2id verify, same concurrency) vs POST /api/auth/login, with /api/health probed',
      [
        {
          name: 'R3',
          run: async (seconds) => {
            const r = await runJson<{ rps: number } & LatencyStats>(
              nodeCommand(SERVER_CPU, 'scripts/bench/argon2-ceiling.ts', [String(CONNECTIONS), String(seconds)]),
              { PATH: process.env.PATH },
              PROJECT_ROOT,
            );
            return { rps: r.rps, p99: r.p99 };
          },
        },
        {
          name: 'login',
          run: async (seconds) => {
            const [cannon, health] = await Promise.all([
              load<CannonResult>({
                mode: 'cannon',
                base: app.base,
                path: '/api/auth/login',
                method: 'POST',
                connections: CONNECTIONS,
                durationSec: seconds,
                vary: 'login',
                logins,
              }),
              load<ProbeResult>({
                mode: 'probe',
                base: app.base,
                path: '/api/health',
                intervalMs: 20,
                durationSec: Math.max(1, seconds - 1),
              }),
            ]);
            if (cannon.non2xx > 0)
              log(`  ! login: ${cannon.non2xx} non-2xx answers (${JSON.stringify(cannon.statusCodes)})`);
            return { rps: cannon.rps, p99: cannon.p99, extra: { healthP99: health.p99 } };
          },
        },
        {
          name: 'health idle',
          run: async (seconds) => {
            const health = await load<ProbeResult>({
              mode: 'probe',
              base: app.base,
              path: '/api/health',
              intervalMs: 20,
              durationSec: Math.max(1, seconds - 1),
            });
            return { rps: health.n / Math.max(1, seconds - 1), p99: health.p99 };
          },
        },
      ],
    );

    const growth = GROWTH ? await growthRun(admin, dataDir, adminCalls) : null;

    // ------------------------------------------------------------------------------------------------------------
    const rows: Row[] = [];
    const quoteVsR2 = ratio(quotes, 'quote REST', 'R2');
    const quoteP99 = median(quotes['quote REST']!.map((s) => s.p99));
    const trpcVsRest = ratio(quotes, 'quote tRPC', 'quote REST');
    const testimonials = ratio(framework, 'testimonials', 'R1');
    const health = ratio(framework, 'health', 'R1');
    const loginVsR3 = ratio(loginSamples, 'login', 'R3');
    const healthRatios = loginSamples.login!.map((s, i) => s.extra!.healthP99! / loginSamples['health idle']![i]!.p99);
    const healthUnderLogin = median(healthRatios);
    const abs = (s: Sample[]) => `${fmt(median(s.map((x) => x.rps)), 0)}/s`;
    const cpu = (s: Sample[]) => median(s.map((x) => x.extra?.cpuUs ?? NaN));
    /** What the ratio would be with a whole core each: reference CPU per request over the route's. */
    const cpuRatio = (route: Sample[], reference: Sample[]) =>
      `; server CPU ${fmt(cpu(route), 0)} µs/request vs R1 ${fmt(cpu(reference), 0)} ` +
      `µs (CPU-bound ratio ${fmt(cpu(reference) / cpu(route))})`;
    const spread = (r: { min: number; max: number }) => (ROUNDS > 1 ? ` (${fmt(r.min)}–${fmt(r.max)})` : '');

    rows.push({
      operation: 'POST /api/quotation/instant',
      target: '≥ 0.5 × R2, p99 ≤ 50 ms',
      measured:
        `${fmt(quoteVsR2.median)} × R2${spread(quoteVsR2)}; ` +
        `${abs(quotes['quote REST']!)} vs R2 ${abs(quotes.R2!)}; p99 ${fmt(quoteP99, 0)} ms; ` +
        `server CPU ${fmt(cpu(quotes['quote REST']!) / 1000, 2)} ms/quote`,
      pass: quoteVsR2.median >= 0.5 && quoteP99 <= 50,
    });
    rows.push({
      operation: 'quote.instant over tRPC vs REST',
      target: '≥ 0.9',
      measured:
        `${fmt(trpcVsRest.median)}${spread(trpcVsRest)}; ${abs(quotes['quote tRPC']!)}; ` +
        `server CPU ${fmt(cpu(quotes['quote tRPC']!) / 1000, 2)} ms/quote`,
      pass: trpcVsRest.median >= 0.9,
    });
    rows.push({
      operation: 'GET /api/testimonials',
      target: '≥ 0.6 × R1',
      measured:
        `${fmt(testimonials.median)} × R1${spread(testimonials)}; ${abs(framework.testimonials!)} ` +
        `vs R1 ${abs(framework.R1!)}${cpuRatio(framework.testimonials!, framework.R1!)}`,
      pass: testimonials.median >= 0.6,
    });
    rows.push({
      operation: 'GET /api/health',
      target: '≥ 0.6 × R1',
      measured:
        `${fmt(health.median)} × R1${spread(health)}; ` +
        `${abs(framework.health!)}${cpuRatio(framework.health!, framework.R1!)}`,
      pass: health.median >= 0.6,
    });
    rows.push({
      operation: 'POST /api/auth/login',
      target: '≥ 0.85 × R3',
      measured:
        `${fmt(loginVsR3.median)} × R3${spread(loginVsR3)}; ` +
        `${abs(loginSamples.login!)} vs R3 ${abs(loginSamples.R3!)}`,
      pass: loginVsR3.median >= 0.85,
    });
    rows.push({
      operation: '/api/health p99 while logins saturate',
      target: '≤ 3 × idle p99',
      measured:
        `${fmt(healthUnderLogin)} × idle (${fmt(median(loginSamples.login!.map((s) => s.extra!.healthP99!)), 1)} ` +
        `ms vs ${fmt(median(loginSamples['health idle']!.map((s) => s.p99)), 1)} ms)`,
      pass: healthUnderLogin <= 3,
    });
    const adminP95s = Object.values(adminCalls.calls).map((s) => s.p95);
    const worstAdmin = Object.entries(adminCalls.calls).sort((a, b) => b[1].p95 - a[1].p95)[0]!;
    rows.push({
      operation: 'Admin first load: each of the 10 calls',
      target: 'p95 ≤ 25 ms',
      measured: `worst ${worstAdmin[0]} p95 ${fmt(worstAdmin[1].p95)} ms`,
      pass: adminP95s.every((p) => p <= 25),
    });
    rows.push({
      operation: 'Admin first load: the 10 together (2 tRPC batches, as the page)',
      target: '≤ 150 ms wall',
      measured: `p95 ${fmt(adminCalls.page!.p95)} ms (p50 ${fmt(adminCalls.page!.p50)} ms)`,
      pass: adminCalls.page!.p95 <= 150,
    });
    const supplierP95 = Object.entries(supplierCalls.calls);
    rows.push({
      operation:
        'Supplier projects and notifications ' +
        `(${SIZES.invitationsPerSupplier.toLocaleString('en-US')} invitations)`,
      target: 'p95 ≤ 15 ms',
      measured: supplierP95.map(([call, s]) => `${call.replace('supplier.', '')} ${fmt(s.p95)} ms`).join(', '),
      pass: supplierP95.every(([, s]) => s.p95 <= 15),
    });
    rows.push({
      operation: 'EXPLAIN: no seq scan of bookings / analytics_events',
      target: 'none',
      measured: scans.length === 0 ? `none in ${explained.length} statements` : scans.join('; '),
      pass: scans.length === 0,
    });
    if (growth) {
      const first = growth[0]!;
      const last = growth.at(-1)!;
      const factors = Object.keys(last.result.calls).map(
        (call) => last.result.calls[call]!.p95 / first.result.calls[call]!.p95,
      );
      const worst = Math.max(...factors);
      rows.push({
        operation:
          `Admin load growth, ${first.bookings.toLocaleString('en-US')} ` +
          `→ ${last.bookings.toLocaleString('en-US')} bookings`,
        target: 'flat or logarithmic',
        measured: `worst call p95 × ${fmt(worst)} for × ${last.bookings / first.bookings} bookings`,
        pass: worst <= 3,
      });
    }

    const verdict = (pass: boolean | null) => (SMOKE ? '(smoke)' : pass === null ? '' : pass ? 'PASS' : 'FAIL');
    const header = ['Operation', 'Target', 'Measured (median of rounds)', 'Result'];
    const tableRows = rows.map((r) => [r.operation, r.target, r.measured, verdict(r.pass)]);
    log(`\n${textTable(header, tableRows)}`);

    const dbMs = executionMsByCall(explained);
    const perCall = (result: CallsResult) =>
      Object.entries(result.calls).map(([call, s]) => [
        call,
        fmt(s.p50),
        fmt(s.p95),
        fmt(s.p99),
        fmt(s.max),
        fmt(dbMs.get(call) ?? NaN),
        s.failures,
      ]);
    const callHeader = ['Call', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'SQL ms', 'failed'];
    log(`\n${textTable(callHeader, [...perCall(adminCalls), ...perCall(supplierCalls)])}`);

    if (!SMOKE && !flags.has('no-docs')) {
      writeDocs({
        facts,
        pgVersion,
        rows: tableRows,
        header,
        adminCalls,
        supplierCalls,
        framework,
        quotes,
        loginSamples,
        healthRatios,
        explained,
        growth,
        data,
      });
      log('\nwritten to docs/benchmarks.md');
    }
    const failed = rows.filter((r) => r.pass === false);
    return SMOKE || failed.length === 0 ? 0 : 1;
  } catch (error) {
    // What the servers said is usually why a run stopped (a refused request, a crash).
    for (const child of children)
      log(`\n--- output of process ${child.pid} (last 4 KB) ---\n${child.output().slice(-4096)}`);
    throw error;
  } finally {
    for (const child of children.reverse()) await child.stop();
    if (!flags.has('keep')) await dropDatabase(admin, name);
    else log(`database kept: ${url}`);
    await admin.end({ timeout: 5 });
    rmSync(workDir, { recursive: true, force: true });
  }
}

type DocInput = {
  facts: MachineFacts;
  pgVersion: string;
  header: string[];
  rows: (string | number)[][];
  adminCalls: CallsResult;
  supplierCalls: CallsResult;
  framework: Record<string, Sample[]>;
  quotes: Record<string, Sample[]>;
  loginSamples: Record<string, Sample[]>;
  healthRatios: number[];
  explained: ExplainedQuery[];
  growth: { bookings: number; genSeconds: number; result: CallsResult }[] | null;
  data: { counts: Record<string, number>; seconds: number };
};

function writeDocs(input: DocInput): void {
  const { facts } = input;
  const load = `${facts.load} (other work on the machine shares its ${facts.nproc} CPUs)`;
  writeSection(
    'machine',
    `## Machine

| Fact | Value |
| --- | --- |
| CPUs (\`nproc\`) | ${facts.nproc} (${facts.cpu}) |
| Memory | ${facts.memoryGiB} GiB |
| Kernel | ${facts.kernel} |
| Node (\`node -v\`) | ${facts.node} |
| PostgreSQL | ${input.pgVersion} (default configuration) |
| Measured | ${facts.date} |
| Load average (1 / 5 / 15 min) at the start | ${load} |
| Placement | ${CAN_PIN ? 'server processes on CPU 0, load generators on CPU 1 (taskset)' : 'not pinned'} |`,
  );

  const rounds = (samples: Record<string, Sample[]>) =>
    table(
      ['Round', ...Object.keys(samples)],
      samples[Object.keys(samples)[0]!]!.map((_, i) => [
        i + 1,
        ...Object.values(samples).map((s) => `${fmt(s[i]!.rps, 0)}/s, p99 ${fmt(s[i]!.p99, 1)} ms`),
      ]),
    );
  const dbMs = executionMsByCall(input.explained);
  const callRows = (result: CallsResult) =>
    Object.entries(result.calls).map(([call, s]) => [
      `\`${call}\``,
      fmt(s.p50),
      fmt(s.p95),
      fmt(s.p99),
      fmt(s.max),
      fmt(dbMs.get(call) ?? NaN),
    ]);
  const page = input.adminCalls.page!;
  const counts = Object.entries(input.data.counts)
    .map(([t, n]) => `${t} ${n.toLocaleString('en-US')}`)
    .join(', ');

  writeSection(
    'server',
    `## Server: \`npm run bench\`

Command: \`npm run bench\` (add \`-- --growth\` for the growth section; \`-- --smoke\` is the short CI version, which
enforces nothing). A fresh PostgreSQL database is filled by \`npm run bench:data\` (${counts}; generated in
${fmt(input.data.seconds, 0)} s), migrated, and served by \`src/server/main.ts\` with NODE_ENV=production,
LOG_LEVEL=warn and RATE_LIMITS=false, pinned to CPU 0. autocannon (${CONNECTIONS} connections), pgbench and the
probes run in their own processes on CPU 1. Each comparison: a ${WARMUP} s warm-up per side, then ${ROUNDS} interleaved
rounds of ${DURATION} s; the ratio is the median of the per-round ratios (min–max in brackets).

- **R1**: a bare Fastify route returning \`{hello: 'world'}\` with a response schema, in its own process on CPU 0.
- **R2**: pgbench (\`-M prepared -c ${CONNECTIONS} -j 2\`) running the instant quote's INSERTs as one transaction: the
  booking, its audit row, the quotation event and the quote e-mail (a real one the app queued, written as sent so
  the app's mail worker leaves it). Both sides spread their event dates over 330 days.
- **R3**: argon2id verify with the app's parameters (config: 19 MiB, t=2, p=1) through the app's own
  \`verifyPassword\` (so with its cap on concurrent hashes), ${CONNECTIONS} concurrent callers, in a process on CPU 0.

${table(input.header, input.rows)}

### Rounds

R1, testimonials and health:

${rounds(input.framework)}

Quotes (R2 is pgbench transactions per second):

${rounds(input.quotes)}

Logins (R3 is verifies per second; the login row's p99 is the login's; /api/health p99 during logins over idle,
per round: ${input.healthRatios.map((r) => fmt(r)).join(', ')}):

${rounds(input.loginSamples)}

### Admin dashboard first load and supplier lists

Each call alone over HTTP as the client sends it (\`GET /api/trpc/<procedure>?batch=1&input=…\` with the admin's
or supplier's token), ${CALL_ITERATIONS} times in a row after a warm-up; the page load is the two batches the page
sends (the five main calls, then the five reports once they are in), ${PAGE_ITERATIONS} times. Milliseconds. "SQL" is
the time PostgreSQL spent executing the call's statements (EXPLAIN ANALYZE, see the plans below): the rest of each
call is HTTP, authentication, the ORM and the wait for a CPU.

${table(['Call', 'p50', 'p95', 'p99', 'max', 'SQL'], [...callRows(input.adminCalls), ...callRows(input.supplierCalls)])}

Page load (both batches): p50 ${fmt(page.p50)} ms, p95 ${fmt(page.p95)} ms, p99 ${fmt(page.p99)} ms.`,
  );

  if (input.growth) {
    const points = input.growth;
    const calls = Object.keys(points[0]!.result.calls);
    const linearGrowth = points.at(-1)!.bookings / points[0]!.bookings;
    writeSection(
      'growth',
      `## Growth: admin load at ${points.map((p) => p.bookings.toLocaleString('en-US')).join(', ')} bookings

\`npm run bench -- --growth\`: the same admin calls (p95, ms) on databases with more and more bookings; suppliers,
customers, analytics events and invitations as in the main run. A linear call would grow × ${linearGrowth}.
Generating the data took ${points
        .filter((p) => Number.isFinite(p.genSeconds))
        .map((p) => `${fmt(p.genSeconds, 0)} s at ${p.bookings.toLocaleString('en-US')}`)
        .join(', ')}.

${table(
  [
    'Call',
    ...points.map((p) => p.bookings.toLocaleString('en-US')),
    `× (${points.at(-1)!.bookings / points[0]!.bookings}× bookings)`,
  ],
  [
    ...calls.map((call) => [
      `\`${call}\``,
      ...points.map((p) => fmt(p.result.calls[call]!.p95)),
      fmt(points.at(-1)!.result.calls[call]!.p95 / points[0]!.result.calls[call]!.p95),
    ]),
    [
      'page load (2 batches)',
      ...points.map((p) => fmt(p.result.page!.p95)),
      fmt(points.at(-1)!.result.page!.p95 / points[0]!.result.page!.p95),
    ],
  ],
)}`,
    );
  }

  const plans = input.explained
    .map((q) => `#### \`${q.call}\`\n\n\`\`\`sql\n${q.sql}\n\`\`\`\n\n\`\`\`\n${q.plan}\n\`\`\``)
    .join('\n\n');
  writeSection(
    'plans',
    `## Query plans

\`EXPLAIN (ANALYZE, BUFFERS)\` of every statement the admin first load and the supplier lists run, on the
benchmark data, captured from the services themselves. Bookings and analytics-event counts come from
\`stat_counters\` (kept by triggers, migrations 0003 and 0004); the lists read the first page off an index.

${plans}`,
  );
}

process.on('SIGINT', () => {
  stopAllChildren();
  process.exit(130);
});

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    stopAllChildren();
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exitCode = 1;
  },
);
