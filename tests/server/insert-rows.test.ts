import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { PgDialect, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/client';
import { insertRows, insertRowsSql } from '../../src/server/db/insert-rows';
import { bookings, emailOutbox, whatsappOutbox } from '../../src/server/db/schema';
import { openTestDatabase } from './helpers/test-app';

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openTestDatabase();
});

afterAll(async () => {
  await handle?.close();
});

/** A quoted booking with a value of every kind the table encodes: text, enum, date, JSON, numeric, integer, null. */
const quoted = (id: string, email: string) =>
  ({
    id,
    userId: null,
    clientName: 'Meera "Quotes" O\'Neil',
    clientEmail: email,
    clientPhone: '+919826012345',
    eventType: 'wedding',
    eventName: 'Sangeet, then dinner',
    eventDate: '2027-02-14',
    venueType: 'indoor',
    city: 'Indore',
    guestCount: 240,
    pricingTier: 'premium',
    requirements: { venue_type: 'indoor', dietary_restrictions: ['jain'], special_requests: "No onion; 'none' at all" },
    subtotalPaise: 12_345_600,
    gstPaise: 617_280,
    gstPercent: 5,
    finalAmountPaise: 12_962_880,
    subscriberDiscountPaise: null,
    validUntil: '2026-12-03',
    status: 'quoted',
    source: 'instant_quote',
  }) satisfies typeof bookings.$inferInsert;

describe('insertRows', () => {
  it('writes a row exactly as drizzle’s builder writes the same values', async () => {
    const [built, written] = [randomUUID(), randomUUID()];
    await handle.db.insert(bookings).values(quoted(built, 'built@example.in'));
    await insertRows(handle.db, bookings, [quoted(written, 'written@example.in')]);

    const rows = await handle.db
      .select()
      .from(bookings)
      .where(inArray(bookings.id, [built, written]));
    const strip = ({ id: _id, clientEmail: _email, createdAt: _c, updatedAt: _u, ...rest }: (typeof rows)[number]) =>
      rest;
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(rows).toHaveLength(2);
    expect(strip(byId.get(written)!)).toEqual(strip(byId.get(built)!));
    expect(byId.get(written)!.requirements).toEqual({
      venue_type: 'indoor',
      dietary_restrictions: ['jain'],
      special_requests: "No onion; 'none' at all",
    });
    expect(byId.get(written)!.gstPercent).toBe(5);
  });

  it('leaves the columns it is not given to their defaults, per row', async () => {
    const later = new Date('2027-01-01T10:00:00Z');
    const [a, b] = [randomUUID(), randomUUID()];
    await insertRows(handle.db, emailOutbox, [
      { id: a, toAddress: 'a@example.in', subject: 'A', textBody: 'a', htmlBody: '<p>a</p>', template: 'quote' },
      {
        id: b,
        toAddress: 'b@example.in',
        subject: 'B',
        textBody: 'b',
        htmlBody: '<p>b</p>',
        template: 'quote',
        sendAfter: later,
        lastError: 'refused once',
      },
    ]);
    const rows = await handle.db
      .select()
      .from(emailOutbox)
      .where(inArray(emailOutbox.id, [a, b]));
    const first = rows.find((row) => row.id === a)!;
    const second = rows.find((row) => row.id === b)!;
    expect(first.status).toBe('pending');
    expect(first.attempts).toBe(0);
    expect(first.lastError).toBeNull();
    expect(Math.abs(first.sendAfter.getTime() - Date.now())).toBeLessThan(60_000);
    expect(second.sendAfter.toISOString()).toBe(later.toISOString());
    expect(second.lastError).toBe('refused once');
  });

  it('writes its one row only when the condition holds, with each value typed by its column', async () => {
    const row = (id: string) => ({
      id,
      toPhone: '+919826012345',
      template: 'quote_sent' as const,
      params: ['Meera', 'Sangeet', '₹1,29,628.80', '3 December 2026'],
      preview: 'Your quote is ready',
      bookingId: null,
    });
    const [yes, no] = [randomUUID(), randomUUID()];
    await handle.db.execute(insertRowsSql(whatsappOutbox, [row(yes)], { onlyIf: sql`1 = ${1}` }));
    await handle.db.execute(insertRowsSql(whatsappOutbox, [row(no)], { onlyIf: sql`1 = ${2}` }));
    const rows = await handle.db
      .select()
      .from(whatsappOutbox)
      .where(inArray(whatsappOutbox.id, [yes, no]));
    expect(rows.map((r) => r.id)).toEqual([yes]);
    expect(rows[0]!.params).toEqual(['Meera', 'Sangeet', '₹1,29,628.80', '3 December 2026']);
    expect(() => insertRowsSql(whatsappOutbox, [row(randomUUID()), row(randomUUID())], { onlyIf: sql`true` })).toThrow(
      'A conditional insert writes one row',
    );
  });

  it('sends values as parameters, never as text of the statement', () => {
    const query = new PgDialect().sqlToQuery(insertRowsSql(bookings, [quoted(randomUUID(), "x'); drop--@e.in")]));
    expect(query.sql).not.toContain('drop');
    expect(query.sql).toMatch(/^insert into "bookings" \("id", "user_id", "client_name", .*\) values \(\$1, \$2/);
    expect(query.params).toContain("x'); drop--@e.in");
    expect(query.params).toContain(
      '{"venue_type":"indoor","dietary_restrictions":["jain"],"special_requests":"No onion; \'none\' at all"}',
    );
  });

  it('writes nothing for no rows, and refuses what it cannot write as the builder would', async () => {
    const before = await handle.db.$count(emailOutbox);
    await insertRows(handle.db, emailOutbox, []);
    expect(await handle.db.$count(emailOutbox)).toBe(before);

    const row = { ...quoted(randomUUID(), 'odd@example.in'), colour: 'red' } as typeof bookings.$inferInsert;
    expect(() => insertRowsSql(bookings, [row])).toThrow('bookings has no column colour');
    const madeInJs = pgTable('made_in_js', { id: uuid('id').primaryKey(), code: text('code').$defaultFn(() => 'x') });
    expect(() => insertRowsSql(madeInJs, [{ id: randomUUID() }])).toThrow('defaults made in JavaScript');
    expect(await handle.db.select().from(bookings).where(eq(bookings.clientEmail, 'odd@example.in'))).toEqual([]);
  });
});
