/**
 * The load generator, run by the benchmark in a process of its own (pinned to another core than the server).
 * Reads one job as JSON from argv[2], prints one JSON result line on stdout.
 *
 * - `cannon`: autocannon against one route; `vary` makes every request's body unique (quotes) or cycles
 *   through accounts (logins), so the server does the work a real mix of visitors would cause.
 * - `probe`: one request at a time at a fixed interval, timed to the microsecond (event-loop latency).
 * - `calls`: each call in turn, `iterations` times, and then the page's batches in order, timed each.
 */
import http from 'node:http';
import autocannon from 'autocannon';
import { addDays, todayInIndia } from '../../src/shared/dates';
import { latencyStats, type LatencyStats } from './stats';

export type CannonJob = {
  mode: 'cannon';
  base: string;
  path: string;
  method?: 'GET' | 'POST';
  connections: number;
  durationSec: number;
  headers?: Record<string, string>;
  body?: unknown;
  vary?: 'quote-rest' | 'quote-trpc' | 'login';
  /** Accounts a login load cycles through, all with `password`. */
  logins?: { emails: string[]; password: string };
};
export type ProbeJob = { mode: 'probe'; base: string; path: string; intervalMs: number; durationSec: number };
export type CallsJob = {
  mode: 'calls';
  base: string;
  headers: Record<string, string>;
  calls: { name: string; path: string }[];
  /** Passes over the calls before timing starts. */
  warmup: number;
  iterations: number;
  /** Requests made one after the other as one page load (the admin page's two tRPC batches). */
  page?: { paths: string[]; iterations: number };
};
export type LoadJob = CannonJob | ProbeJob | CallsJob;

export type CannonResult = {
  rps: number;
  p50: number;
  p99: number;
  ok: number;
  non2xx: number;
  errors: number;
  statusCodes: Record<string, number>;
};
export type ProbeResult = LatencyStats;
export type CallsResult = { calls: Record<string, LatencyStats>; page?: LatencyStats };

const CITIES = ['Indore', 'Bhopal', 'Mumbai', 'Pune', 'Jaipur', 'Delhi', 'Ujjain', 'Hyderabad'];
const EVENT_TYPES = ['wedding', 'corporate', 'birthday', 'anniversary', 'engagement', 'gala', 'private'];
const VENUES = ['indoor', 'outdoor', 'banquet', 'garden'];
const TIERS = ['basic', 'premium', 'luxury'];

/**
 * A valid instant-quote body, different every time (a new client and event), so each one writes a booking. The
 * event dates spread over 330 days from 30 days ahead, as real quotes do: on one date, every quote of the run
 * would gather on a single day and each day check would read thousands of bookings no real day has.
 */
function quoteBody(n: number): Record<string, unknown> {
  return {
    event_type: EVENT_TYPES[n % EVENT_TYPES.length],
    event_date: addDays(todayInIndia(), 30 + (n % 330)),
    guest_count: 50 + ((n * 37) % 950),
    venue_type: VENUES[n % VENUES.length],
    tier: TIERS[n % TIERS.length],
    location: CITIES[n % CITIES.length],
    client_email: `load.${process.pid}.${n}@example.in`,
    client_name: 'Load Test Client',
    event_name: `Load test event ${n}`,
    client_phone: '+919826012345',
  };
}

async function cannon(job: CannonJob): Promise<CannonResult> {
  const headers = { 'content-type': 'application/json', ...job.headers };
  let n = 0;
  const setupRequest = (request: { body?: string }) => {
    n += 1;
    if (job.vary === 'quote-rest' || job.vary === 'quote-trpc') request.body = JSON.stringify(quoteBody(n));
    if (job.vary === 'login' && job.logins) {
      const emails = job.logins.emails;
      request.body = JSON.stringify({ email: emails[n % emails.length], password: job.logins.password });
    }
    return request;
  };
  const result = await autocannon({
    url: job.base,
    connections: job.connections,
    duration: job.durationSec,
    timeout: 30,
    requests: [
      {
        method: job.method ?? 'GET',
        path: job.path,
        headers,
        ...(job.body !== undefined && { body: JSON.stringify(job.body) }),
        ...(job.vary && { setupRequest }),
      },
    ],
  });
  const statusCodes = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, s]) => [code, Number(s.count)]),
  );
  return {
    rps: result['2xx'] / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    statusCodes,
  };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** One GET; resolves with the time to the last byte in milliseconds, or rejects on a non-2xx answer. */
function timedGet(base: string, path: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    const request = http.get(new URL(path, base), { agent, headers }, (response) => {
      response.on('data', () => {});
      response.on('end', () => {
        const ms = Number(process.hrtime.bigint() - t0) / 1e6;
        if ((response.statusCode ?? 0) >= 200 && (response.statusCode ?? 0) < 300) resolve(ms);
        else reject(new Error(`${path}: HTTP ${response.statusCode}`));
      });
    });
    request.on('error', reject);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function probe(job: ProbeJob): Promise<ProbeResult> {
  const samples: number[] = [];
  let failures = 0;
  const end = Date.now() + job.durationSec * 1000;
  while (Date.now() < end) {
    const started = Date.now();
    try {
      samples.push(await timedGet(job.base, job.path));
    } catch {
      failures += 1;
    }
    await sleep(Math.max(0, job.intervalMs - (Date.now() - started)));
  }
  return latencyStats(samples, failures);
}

async function calls(job: CallsJob): Promise<CallsResult> {
  const out: CallsResult = { calls: {} };
  for (let i = 0; i < job.warmup; i++) {
    for (const call of job.calls) await timedGet(job.base, call.path, job.headers).catch(() => 0);
  }
  for (const call of job.calls) {
    const samples: number[] = [];
    let failures = 0;
    for (let i = 0; i < job.iterations; i++) {
      try {
        samples.push(await timedGet(job.base, call.path, job.headers));
      } catch {
        failures += 1;
      }
    }
    out.calls[call.name] = latencyStats(samples, failures);
  }
  if (job.page) {
    const samples: number[] = [];
    let failures = 0;
    for (let i = 0; i < job.page.iterations; i++) {
      let total = 0;
      try {
        for (const path of job.page.paths) total += await timedGet(job.base, path, job.headers);
        samples.push(total);
      } catch {
        failures += 1;
      }
    }
    out.page = latencyStats(samples, failures);
  }
  return out;
}

async function main(): Promise<void> {
  const job = JSON.parse(process.argv[2] ?? '{}') as LoadJob;
  const result = job.mode === 'cannon' ? await cannon(job) : job.mode === 'probe' ? await probe(job) : await calls(job);
  process.stdout.write(`${JSON.stringify(result)}\n`);
  agent.destroy();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
