import { randomBytes } from 'node:crypto';
import { and, eq, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCsv } from '../../src/shared/csv';
import { analyticsEvents, auditLog, bookings, emailOutbox, paymentOrders, users } from '../../src/server/db/schema';
import { ERASED_NAME, erasedEmail } from '../../src/server/modules/customers/customers.service';
import { send, trpcCall } from './helpers/http';
import { inquiryPayload, quotePayload } from './helpers/surface';
import { buildWorld, type World } from './helpers/world';

/*
 * Privacy (docs/security.md#privacy-retention-and-erasure): an admin erases a customer on request. The contact
 * details go from every table (found by scanning every text and JSON column of the database), the bookings and
 * payments stay for the accounts, and no admin list, report or CSV export contains the e-mail afterwards.
 *
 * The other privacy promise, raw IP addresses of analytics events erased after 90 days, is
 * tests/server/retention.test.ts.
 */

let w: World;

beforeAll(async () => {
  w = await buildWorld();
});

afterAll(async () => {
  await w?.close();
});

type Person = { email: string; name: string; phone: string; password: string; token: string; id: string };

/** A customer who uses everything: an account, quotes signed in and out, an inquiry, payments, an admin's edit. */
async function busyCustomer(): Promise<Person> {
  const tag = randomBytes(4).toString('hex');
  const person = {
    email: `Erase.Me.${tag}@Example.in`,
    name: `Kavya Erasable ${tag}`,
    phone: `+9197${String(parseInt(tag, 16) % 100_000_000).padStart(8, '0')}`,
    password: 'secret-123',
  };
  const registered = await send(w.t.app, {
    method: 'POST',
    url: '/api/auth/register',
    payload: { email: person.email, password: person.password, full_name: person.name, phone: person.phone },
  });
  expect(registered.status).toBe(201);
  const { access_token: token, user } = JSON.parse(registered.body) as { access_token: string; user: { id: string } };
  const email = person.email.toLowerCase();
  // The customer has confirmed the address (as the link in their mailbox would), so the visitor's bookings made in
  // it are theirs (docs/product.md#accounts).
  await w.t.deps.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, user.id));

  const quoted = { client_email: email, client_name: person.name, client_phone: person.phone };
  expect(
    (await send(w.t.app, { method: 'POST', url: '/api/quotation/instant', payload: quotePayload(quoted) }, token))
      .status,
  ).toBe(200);
  const anonymous = await send(w.t.app, {
    method: 'POST',
    url: '/api/quotation/instant',
    payload: quotePayload({ ...quoted, client_email: person.email }),
  });
  expect(anonymous.status).toBe(200);
  const inquiry = inquiryPayload({ ...quoted, venue_address: `12 ${person.name} Lane, Indore` });
  expect((await send(w.t.app, { method: 'POST', url: '/api/bookings', payload: inquiry })).status).toBe(201);

  const order = await send(
    w.t.app,
    { method: 'POST', url: '/api/payments/token-order', payload: { booking_id: JSON.parse(anonymous.body).quote_id } },
    token,
  );
  expect(order.status).toBe(201);
  expect(
    (await send(w.t.app, { method: 'POST', url: '/api/payments/subscription-order', payload: {} }, token)).status,
  ).toBe(201);
  // An admin's earlier edit is in the audit log with the details it changed.
  const admin = w.subjects.admin.token;
  expect(
    (
      await send(
        w.t.app,
        {
          method: 'PUT',
          url: `/api/admin/customers/${user.id}`,
          payload: { city: `Ujjain ${tag}`, phone: person.phone },
        },
        admin,
      )
    ).status,
  ).toBe(200);
  // A booking the admin moved to confirmed: it is in the revenue the accounts need.
  const [booking] = await w.t.deps.db
    .select({ id: bookings.id })
    .from(bookings)
    .where(eq(bookings.userId, user.id))
    .limit(1);
  expect(
    (
      await send(
        w.t.app,
        { method: 'PUT', url: `/api/bookings/${booking!.id}/status`, payload: { status: 'confirmed' } },
        admin,
      )
    ).status,
  ).toBe(200);
  return { ...person, email, token, id: user.id };
}

/** Every text, varchar, array and JSON column of every table, and the rows where the needle appears. */
async function whereFound(needle: string): Promise<string[]> {
  const columns = (await w.t.deps.db.execute(sql`
    select table_name, column_name from information_schema.columns
    where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb', 'json', 'ARRAY')
  `)) as unknown as { rows?: { table_name: string; column_name: string }[] } & {
    table_name: string;
    column_name: string;
  }[];
  const list = columns.rows ?? columns;
  const found: string[] = [];
  const pattern = `%${needle}%`;
  for (const { table_name: table, column_name: column } of list) {
    const holdsNeedle = sql`${sql.identifier(column)}::text ilike ${pattern}`;
    const result = (await w.t.deps.db.execute(
      sql`select count(*)::int as n from ${sql.identifier(table)} where ${holdsNeedle}`,
    )) as unknown as { rows?: { n: number }[] } & { n: number }[];
    const n = Number((result.rows ?? result)[0]!.n);
    if (n > 0) found.push(`${table}.${column} (${n})`);
  }
  return found;
}

/** Everything an admin can list, report or export, as text. */
async function everythingAnAdminSees(): Promise<string> {
  const admin = w.subjects.admin.token;
  const urls = [
    '/api/admin/customers?limit=100',
    '/api/bookings?limit=100',
    '/api/admin/reports/customers?limit=500',
    '/api/admin/reports/vendors?limit=500',
    '/api/admin/reports/summary',
    '/api/admin/reports/city-wise',
    '/api/admin/payments?status=all&limit=100',
    '/api/admin/refunds?status=all&limit=100',
    '/api/dashboard/stats',
    '/api/suppliers?limit=500',
  ];
  const bodies: string[] = [];
  for (const url of urls) {
    const answer = await send(w.t.app, { method: 'GET', url }, admin);
    expect(answer.status, url).toBe(200);
    bodies.push(answer.body);
    if (url.includes('/reports/customers') || url.includes('/reports/vendors'))
      bodies.push(toCsv(JSON.parse(answer.body)));
  }
  const subs = await send(w.t.app, trpcCall('query', 'admin.subscriptions.list', undefined), admin);
  bodies.push(subs.body);
  const detail = await send(w.t.app, { method: 'GET', url: `/api/bookings?limit=100` }, admin);
  for (const booking of JSON.parse(detail.body) as { id: string }[]) {
    bodies.push((await send(w.t.app, { method: 'GET', url: `/api/bookings/${booking.id}` }, admin)).body);
  }
  return bodies.join('\n').toLowerCase();
}

describe('erasing a customer', () => {
  it('anonymises the contact details everywhere, keeps the bookings and payments, and no report or export holds the e-mail', async () => {
    const person = await busyCustomer();
    const before = await everythingAnAdminSees();
    expect(before).toContain(person.email);
    expect(before).toContain(person.name.toLowerCase());
    expect(await whereFound(person.email)).not.toEqual([]);
    const bookingsBefore = await w.t.deps.db
      .select({ id: bookings.id, amount: bookings.finalAmountPaise, status: bookings.status, date: bookings.eventDate })
      .from(bookings)
      .where(or(eq(bookings.userId, person.id), sql`lower(${bookings.clientEmail}) = ${person.email}`));
    expect(bookingsBefore.length).toBe(3);
    const [stats] = [
      JSON.parse((await send(w.t.app, { method: 'GET', url: '/api/dashboard/stats' }, w.subjects.admin.token)).body),
    ];

    const answer = await send(
      w.t.app,
      { method: 'PUT', url: `/api/admin/customers/${person.id}/erase` },
      w.subjects.admin.token,
    );
    expect(answer.status, answer.body).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({
      message: 'Customer erased',
      customer: {
        id: person.id,
        full_name: ERASED_NAME,
        email: erasedEmail(person.id),
        phone: null,
        city: null,
        is_active: false,
      },
    });

    // Nothing in any table: e-mail, name, phone.
    expect(await whereFound(person.email)).toEqual([]);
    expect(await whereFound(person.name)).toEqual([]);
    expect(await whereFound(person.phone.slice(3))).toEqual([]);
    // Nothing any admin screen or export shows.
    const after = await everythingAnAdminSees();
    for (const needle of [person.email, person.name.toLowerCase(), person.phone.slice(3)])
      expect(after).not.toContain(needle);

    // The bookings stay, with their amounts and states, now under the erased account; the revenue is unchanged.
    const bookingsAfter = await w.t.deps.db
      .select({ id: bookings.id, amount: bookings.finalAmountPaise, status: bookings.status, date: bookings.eventDate })
      .from(bookings)
      .where(eq(bookings.userId, person.id));
    expect(bookingsAfter.sort((a, b) => a.id.localeCompare(b.id))).toEqual(
      bookingsBefore.sort((a, b) => a.id.localeCompare(b.id)),
    );
    const stillThere = await w.t.deps.db
      .select()
      .from(bookings)
      .where(eq(bookings.clientEmail, erasedEmail(person.id)));
    expect(stillThere.length).toBeGreaterThanOrEqual(3);
    for (const row of stillThere)
      expect(row).toMatchObject({ clientName: ERASED_NAME, clientPhone: null, venueAddress: null });
    expect(
      JSON.parse((await send(w.t.app, { method: 'GET', url: '/api/dashboard/stats' }, w.subjects.admin.token)).body),
    ).toEqual(stats);
    const orders = await w.t.deps.db.select().from(paymentOrders).where(eq(paymentOrders.userId, person.id));
    expect(orders.length).toBe(2);
    for (const order of orders) expect(order).toMatchObject({ email: erasedEmail(person.id), phone: null });
    const ips = await w.t.deps.db
      .select({ ip: analyticsEvents.ipAddress })
      .from(analyticsEvents)
      .where(sql`${analyticsEvents.bookingId} in (select id from bookings where user_id = ${person.id})`);
    expect(ips.length).toBeGreaterThan(0);
    expect(ips.every((row) => row.ip === null)).toBe(true);
    // No e-mail will go to the person any more.
    expect(await w.t.deps.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, person.email))).toEqual([]);

    // The account is closed: the old token, the old password and the e-mail sign nobody in.
    expect((await send(w.t.app, { method: 'GET', url: '/api/auth/me' }, person.token)).status).toBe(401);
    expect(
      (
        await send(w.t.app, {
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: person.email, password: person.password },
        })
      ).status,
    ).toBe(401);
    const [account] = await w.t.deps.db.select().from(users).where(eq(users.id, person.id));
    expect(account).toMatchObject({ passwordHash: null, isActive: false, role: 'customer' });

    // One audit row records who erased whom and how much, with no personal data in it.
    const audits = await w.t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, person.id), eq(auditLog.action, 'customer.erased')));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      actorUserId: w.subjects.admin.userId,
      data: { bookings: 3, payment_orders: 2, subscriptions: 1 },
    });

    // Erasing again changes nothing; the person may later sign up again with the same e-mail.
    const again = await send(
      w.t.app,
      { method: 'PUT', url: `/api/admin/customers/${person.id}/erase` },
      w.subjects.admin.token,
    );
    expect(again.status).toBe(200);
    expect(JSON.parse(again.body).message).toBe('Customer is already erased');
    expect(
      await w.t.deps.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, person.id), eq(auditLog.action, 'customer.erased'))),
    ).toHaveLength(1);
    const back = await send(w.t.app, {
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: person.email, password: 'another-123', full_name: 'Kavya', phone: person.phone },
    });
    expect(back.status).toBe(201);
    expect(
      JSON.parse(
        (await send(w.t.app, { method: 'GET', url: '/api/me/bookings' }, JSON.parse(back.body).access_token)).body,
      ),
    ).toEqual([]);
  });

  it('works through tRPC too, is admin-only, and only erases customers', async () => {
    const person = await busyCustomer();
    const erase = (id: string, token: string | null) =>
      send(w.t.app, trpcCall('mutation', 'admin.customers.erase', { id }), token);
    expect((await erase(person.id, null)).status).toBe(401);
    expect((await erase(person.id, person.token)).status).toBe(403);
    expect((await erase(person.id, w.subjects.supplierA.token)).status).toBe(403);
    expect((await erase(w.subjects.supplierA.userId!, w.subjects.admin.token)).status).toBe(404);
    expect((await erase(w.subjects.admin.userId!, w.subjects.admin.token)).status).toBe(404);
    const done = await erase(person.id, w.subjects.admin.token);
    expect(done.status, done.body).toBe(200);
    expect(JSON.parse(done.body).result.data.customer.email).toBe(erasedEmail(person.id));
    expect(await whereFound(person.email)).toEqual([]);
  });
});
