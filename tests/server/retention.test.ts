import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsEvents } from '../../src/server/db/schema';
import { eraseExpiredIps, IP_RETENTION_DAYS } from '../../src/server/jobs/retention';
import { openTestDatabase } from './helpers/test-app';

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe('IP retention', () => {
  it(`erases IP addresses older than ${IP_RETENTION_DAYS} days and keeps the rest of the event`, async () => {
    const now = new Date('2026-11-21T12:00:00Z');
    const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
    const [old, edge, fresh] = await database.db
      .insert(analyticsEvents)
      .values([
        {
          kind: 'page_view',
          path: '/',
          ipAddress: '203.0.113.10',
          browser: 'Chrome',
          device: 'mobile',
          createdAt: daysAgo(91),
        },
        { kind: 'quotation', ipAddress: '203.0.113.11', browser: 'Safari', device: 'desktop', createdAt: daysAgo(89) },
        {
          kind: 'page_view',
          path: '/book',
          ipAddress: '203.0.113.12',
          browser: 'Firefox',
          device: 'tablet',
          createdAt: daysAgo(1),
        },
      ])
      .returning();

    expect(await eraseExpiredIps({ db: database.db }, now)).toBe(1);
    const rows = new Map((await database.db.select().from(analyticsEvents)).map((row) => [row.id, row]));
    expect(rows.get(old!.id)).toMatchObject({ ipAddress: null, browser: 'Chrome', device: 'mobile', path: '/' });
    expect(rows.get(edge!.id)?.ipAddress).toBe('203.0.113.11');
    expect(rows.get(fresh!.id)?.ipAddress).toBe('203.0.113.12');

    expect(await eraseExpiredIps({ db: database.db }, now)).toBe(0);
    const [still] = await database.db.select().from(analyticsEvents).where(eq(analyticsEvents.id, old!.id));
    expect(still!.ipAddress).toBeNull();
  });
});
