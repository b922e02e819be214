/**
 * The calls the benchmarks time, exactly as the client makes them: the admin dashboard's first load (the five
 * main calls, then the five reports once they are in; `src/client/pages/admin/admin-queries.ts`) and the supplier
 * dashboard's lists. Each names its tRPC procedure and input, and the service function behind it, so the same
 * call can be timed over HTTP and its SQL explained.
 */
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import type { Config } from '../../src/server/config';
import type { Database } from '../../src/server/db/client';
import * as schema from '../../src/server/db/schema';
import { listBookings } from '../../src/server/modules/bookings/bookings.service';
import { listCustomers } from '../../src/server/modules/customers/customers.service';
import type { ServiceDeps } from '../../src/server/context';
import {
  cityWiseReport,
  customerReport,
  dashboardStats,
  eventTypeWiseReport,
  reportsSummary,
  vendorReport,
} from '../../src/server/modules/reports/reports.service';
import {
  listNotifications,
  listSupplierProjects,
} from '../../src/server/modules/supplier-portal/supplier-portal.service';
import { listSuppliers } from '../../src/server/modules/suppliers/suppliers.service';
import { listPendingVendors } from '../../src/server/modules/vendor/vendor.service';

export type BenchCall = {
  /** The tRPC procedure path. */
  path: string;
  input: unknown;
  /** The service behind it, for EXPLAIN. */
  run(deps: ServiceDeps, supplierId: string): Promise<unknown>;
};

const RECENT_BOOKINGS = { limit: 10 };
const CUSTOMERS_FIRST_PAGE = { limit: 10, offset: 0 };
const REPORT_FIRST_PAGE = { limit: 500, offset: 0 };

/** The five calls the admin page waits for before it shows anything. */
export const ADMIN_MAIN_CALLS: BenchCall[] = [
  { path: 'admin.stats', input: undefined, run: (deps) => dashboardStats(deps) },
  { path: 'admin.bookings.list', input: RECENT_BOOKINGS, run: (deps) => listBookings(deps, RECENT_BOOKINGS) },
  { path: 'admin.suppliers.list', input: undefined, run: (deps) => listSuppliers(deps) },
  {
    path: 'admin.customers.list',
    input: CUSTOMERS_FIRST_PAGE,
    run: (deps) => listCustomers(deps, CUSTOMERS_FIRST_PAGE),
  },
  { path: 'admin.vendors.pending', input: undefined, run: (deps) => listPendingVendors(deps) },
];

/** The five report calls made once the main load is in. */
export const ADMIN_REPORT_CALLS: BenchCall[] = [
  { path: 'admin.reports.summary', input: undefined, run: (deps) => reportsSummary(deps) },
  { path: 'admin.reports.customers', input: REPORT_FIRST_PAGE, run: (deps) => customerReport(deps, REPORT_FIRST_PAGE) },
  { path: 'admin.reports.vendors', input: REPORT_FIRST_PAGE, run: (deps) => vendorReport(deps, REPORT_FIRST_PAGE) },
  { path: 'admin.reports.cityWise', input: undefined, run: (deps) => cityWiseReport(deps) },
  { path: 'admin.reports.eventTypeWise', input: undefined, run: (deps) => eventTypeWiseReport(deps) },
];

/** The supplier dashboard's two lists (`supplier.projects.list` is the first page of 50). */
export const SUPPLIER_CALLS: BenchCall[] = [
  {
    path: 'supplier.projects.list',
    input: undefined,
    run: (deps, supplierId) => listSupplierProjects(deps, supplierId),
  },
  {
    path: 'supplier.notifications.list',
    input: undefined,
    run: (deps, supplierId) => listNotifications(deps, supplierId),
  },
];

/** `GET /api/trpc/<path>?input=…` as httpBatchLink sends a single call (no transformer). */
export function trpcGetUrl(calls: BenchCall[]): string {
  const input: Record<string, unknown> = {};
  calls.forEach((call, i) => {
    if (call.input !== undefined) input[i] = call.input;
  });
  return `/api/trpc/${calls.map((c) => c.path).join(',')}?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`;
}

export type ExplainedQuery = { call: string; sql: string; plan: string };

/**
 * Runs each call's service on a connection that records every statement, then EXPLAIN (ANALYZE, BUFFERS) each
 * statement with its parameters. Calls run one at a time, so statements are attributed to the right call.
 */
export async function explainCalls(
  url: string,
  config: Config,
  calls: BenchCall[],
  supplierId: string,
): Promise<ExplainedQuery[]> {
  let capture: { sql: string; params: unknown[] }[] = [];
  const client = postgres(url, { max: 1, onnotice: () => {} });
  const logger = { logQuery: (query: string, params: unknown[]) => void capture.push({ sql: query, params }) };
  const db = drizzle({ client, schema, logger }) as unknown as Database;
  const plain = postgres(url, { max: 1, onnotice: () => {} });
  const out: ExplainedQuery[] = [];
  try {
    for (const call of calls) {
      capture = [];
      await call.run({ db, config }, supplierId);
      for (const statement of capture) {
        const rows = await plain.unsafe(
          `explain (analyze, buffers, costs off) ${statement.sql}`,
          statement.params as never[],
        );
        out.push({ call: call.path, sql: statement.sql, plan: rows.map((r) => String(r['QUERY PLAN'])).join('\n') });
      }
    }
  } finally {
    await client.end({ timeout: 5 });
    await plain.end({ timeout: 5 });
  }
  return out;
}

/** Milliseconds PostgreSQL spent executing each call's statements (the sum of their EXPLAIN ANALYZE times). */
export function executionMsByCall(explained: ExplainedQuery[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const q of explained) {
    const ms = Number(/Execution Time: ([\d.]+) ms/.exec(q.plan)?.[1] ?? NaN);
    out.set(q.call, (out.get(q.call) ?? 0) + ms);
  }
  return out;
}

/** Plan nodes that read a whole big table: what the hot paths must not contain. */
export function seqScansOver(plan: string, tables: readonly string[]): string[] {
  return tables.filter((table) => new RegExp(`Seq Scan on ${table}\\b`).test(plan));
}
