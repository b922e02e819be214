import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/client';
import { insertRows } from '../../src/server/db/insert-rows';
import { reusableSelect, reusableStatement, type ValueOf } from '../../src/server/db/reusable-statements';
import { rowsOf } from '../../src/server/db/client';
import { bookings } from '../../src/server/db/schema';
import { openTestDatabase } from './helpers/test-app';

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openTestDatabase();
  await insertRows(handle.db, bookings, [booking('a@example.in', '2027-02-14'), booking('b@example.in', '2027-03-01')]);
});

afterAll(async () => {
  await handle?.close();
});

function booking(email: string, eventDate: string) {
  return {
    id: randomUUID(),
    clientName: 'Meera',
    clientEmail: email,
    eventType: 'wedding',
    eventName: 'Sangeet',
    eventDate,
    venueType: 'indoor',
    city: 'Indore',
    guestCount: 240,
    pricingTier: 'premium',
    requirements: { venue_type: 'indoor' },
    subtotalPaise: 100,
    gstPaise: 5,
    gstPercent: 5,
    finalAmountPaise: 105,
    validUntil: '2027-01-01',
    status: 'quoted',
    source: 'instant_quote',
  } as const;
}

/** The columns of every kind the bookings table decodes: uuid, text, date, JSON, numeric, integer, timestamp. */
const columns = {
  id: bookings.id,
  email: bookings.clientEmail,
  eventDate: bookings.eventDate,
  requirements: bookings.requirements,
  gstPercent: bookings.gstPercent,
  guests: bookings.guestCount,
  createdAt: bookings.createdAt,
  upper: sql<string>`upper(${bookings.clientEmail})`,
};

const byEmailAndDate = reusableSelect((db, value: ValueOf<{ email: string; date: string }>) =>
  db
    .select(columns)
    .from(bookings)
    .where(and(eq(bookings.clientEmail, value('email')), eq(bookings.eventDate, value('date')))),
);

const byEmails = reusableSelect((db, value: ValueOf<{ emails: string[] }>) =>
  db
    .select({ email: bookings.clientEmail })
    .from(bookings)
    .where(sql`${bookings.clientEmail} = any(${value('emails')}::text[])`)
    .orderBy(bookings.clientEmail),
);

describe('reusableSelect', () => {
  it('reads the same rows, decoded the same way, as the builder with the values written in', async () => {
    for (const [email, date] of [
      ['a@example.in', '2027-02-14'],
      ['b@example.in', '2027-03-01'],
      ['b@example.in', '2027-02-14'],
    ] as const) {
      const built = await handle.db
        .select(columns)
        .from(bookings)
        .where(and(eq(bookings.clientEmail, email), eq(bookings.eventDate, date)));
      expect(await byEmailAndDate(handle.db, { email, date })).toEqual(built);
    }
    const [row] = (await byEmailAndDate(handle.db, { email: 'a@example.in', date: '2027-02-14' })) as {
      createdAt: unknown;
      requirements: unknown;
    }[];
    expect(row!.createdAt).toBeInstanceOf(Date);
    expect(row!.requirements).toEqual({ venue_type: 'indoor' });
  });

  it('runs inside a transaction, seeing its writes', async () => {
    const seen = await handle.db.transaction(async (tx) => {
      await insertRows(tx, bookings, [booking('c@example.in', '2027-04-01')]);
      return byEmailAndDate(tx, { email: 'c@example.in', date: '2027-04-01' });
    });
    expect(seen).toHaveLength(1);
  });

  it('takes a list as one value', async () => {
    expect(await byEmails(handle.db, { emails: ['b@example.in', 'a@example.in', 'x@example.in'] })).toEqual([
      { email: 'a@example.in' },
      { email: 'b@example.in' },
    ]);
    expect(await byEmails(handle.db, { emails: [] })).toEqual([]);
  });

  it('goes out in the order awaited, behind a drizzle query awaited just before it, without waiting for its answer', async () => {
    const step = reusableStatement(
      (value: ValueOf<{ name: string }>) => sql`select current_setting(${value('name')}, true) as step`,
    );
    const seen = await handle.db.transaction(async (tx) => {
      const [, read] = await Promise.all([
        tx.execute(sql`select set_config('app.step', 'set before', true)`),
        step(tx, { name: 'app.step' }),
      ]);
      return rowsOf<{ step: string }>(read)[0]?.step;
    });
    expect(seen).toBe('set before');
  });
});
