import { bigint, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';

/**
 * Running counts behind the admin dashboard and reports: bookings per status (with their final
 * amounts), event type and city; analytics events per kind and device; live suppliers per city; accounts per
 * role. Database triggers on those tables keep them in the same transaction as the change (migrations 0003 and
 * 0004), so the dashboard reads a few dozen rows however many bookings, events and customers there are.
 *
 * Each metric and key is spread over `slot`s (the writing connection's backend pid modulo 32), so concurrent
 * quotes do not queue on one counter row; readers sum the slots.
 */
export const statCounters = pgTable(
  'stat_counters',
  {
    /**
     * `bookings.status`, `.event_type`, `.city`; `analytics.kind`, `.device`; `suppliers.live_city`; `users.role`
     * (0004).
     */
    metric: text('metric').notNull(),
    key: text('key').notNull(),
    slot: smallint('slot').notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
    /** Sum of `final_amount_paise` for the booking metrics; 0 elsewhere. */
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'stat_counters_pkey', columns: [t.metric, t.key, t.slot] })],
);
