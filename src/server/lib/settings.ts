import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { reusableSelect, type ValueOf } from '../db/reusable-statements';
import { settings } from '../db/schema';

/**
 * The stored values of some `settings` keys, in one statement; a key without a row is absent. Each reader parses
 * its own value (and falls back to its defaults); a caller that needs several, like the instant quote, reads them
 * together instead of one round trip each.
 */
export async function settingValues(db: Executor, keys: readonly string[]): Promise<Map<string, unknown>> {
  const rows = await storedSettings(db, { keys: [...keys] });
  return new Map(rows.map((row) => [row.key, row.value]));
}

// Written once for any list of keys (the list is one value); every quote reads its settings.
const storedSettings = reusableSelect((db, value: ValueOf<{ keys: string[] }>) =>
  db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(sql`${settings.key} = any(${value('keys')}::text[])`),
);
