import { inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { statCounters } from '../../db/schema';

export type CounterMetric =
  | 'bookings.status'
  | 'bookings.event_type'
  | 'bookings.city'
  | 'analytics.kind'
  | 'analytics.device'
  | 'suppliers.live_city'
  | 'users.role';

export type CounterTotals = Map<string, { n: number; amountPaise: number }>;

/**
 * The running counts of `stat_counters` (kept by database triggers in the writing transaction; schema
 * `counters.ts`) for these metrics, slots summed: one small index read instead of a scan of bookings or
 * analytics events. Keys whose count went back to zero are left out.
 */
export async function readCounters(
  executor: Executor,
  metrics: CounterMetric[],
): Promise<Map<CounterMetric, CounterTotals>> {
  const rows = await executor
    .select({
      metric: statCounters.metric,
      key: statCounters.key,
      n: sql<string>`sum(${statCounters.n})::text`,
      amountPaise: sql<string>`sum(${statCounters.amountPaise})::text`,
    })
    .from(statCounters)
    .where(inArray(statCounters.metric, metrics))
    .groupBy(statCounters.metric, statCounters.key)
    .having(sql`sum(${statCounters.n}) <> 0`);
  const out = new Map<CounterMetric, CounterTotals>(metrics.map((m) => [m, new Map()]));
  for (const row of rows) {
    out.get(row.metric as CounterMetric)?.set(row.key, { n: Number(row.n), amountPaise: Number(row.amountPaise) });
  }
  return out;
}

/** The sum of the counts (or amounts) of some keys of a metric's totals; every key when none are named. */
export function totalOf(
  totals: CounterTotals | undefined,
  keys?: readonly string[],
  field: 'n' | 'amountPaise' = 'n',
): number {
  let sum = 0;
  for (const [key, value] of totals ?? []) if (!keys || keys.includes(key)) sum += value[field];
  return sum;
}
