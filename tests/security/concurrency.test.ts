import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client';
import { runMigrations } from '../../src/server/db/migrate';
import { auditLog, emailOutbox, paymentOrders, supplierQuotes, suppliers, users } from '../../src/server/db/schema';
import type { ServiceDeps } from '../../src/server/context';
import { bearer } from '../server/helpers/admin-fixtures';
import {
  makeActor,
  makeBooking,
  makeProject,
  makeSupplier,
  type Actor,
  type MadeSupplier,
} from '../server/helpers/projects';
import { makeUser } from '../server/helpers/fixtures';
import { openTestDatabase, testConfig } from '../server/helpers/test-app';

/*
 * Concurrency (docs/security.md#concurrent-writes): identical requests racing each other change the data once. Runs
 * on the embedded database and, when TEST_DATABASE_URL names a PostgreSQL server, on a fresh database there too (real
 * parallel transactions, a pool of 5 connections).
 *
 * The third case of the issue, the same payment webhook delivered 5 times concurrently marking one payment, is
 * tests/server/payments-gateway.test.ts ("the same webhook 5 times concurrently: paid once, one receipt").
 */

const BACKENDS = ['PGlite', ...(process.env.TEST_DATABASE_URL ? ['PostgreSQL'] : [])] as const;

describe.each(BACKENDS)('concurrent identical writes on %s', (backend) => {
  let app: FastifyInstance;
  let database: DatabaseHandle;
  let deps: ServiceDeps;
  let admin: Actor;
  let supplier: MadeSupplier;

  beforeAll(async () => {
    if (backend === 'PGlite') {
      database = await openDatabase({ pgliteDir: 'memory' });
      await runMigrations(database);
    } else {
      database = await openTestDatabase();
    }
    const config = testConfig();
    deps = { db: database.db, config };
    app = await buildApp(config, { database, migrate: false, startWorkers: false });
    await app.ready();
    admin = await makeActor(deps, 'admin');
    supplier = await makeSupplier(deps);
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('50 parallel identical quote submissions make one quote row: one 201, the others 200 revisions of it', async () => {
    const project = await makeProject(deps, {
      supplierIds: [supplier.supplierId],
      autoAssignDate: new Date(Date.now() + 86_400_000),
    });
    const payload = {
      booking_id: project.bookingId,
      quoted_amount: 275000,
      notes: 'Live counters included',
      items: [],
    };
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        i % 2 === 0
          ? app.inject({ method: 'POST', url: '/api/supplier/quote-submit', headers: supplier.auth, payload })
          : app.inject({ method: 'POST', url: '/api/trpc/supplier.quotes.submit', headers: supplier.auth, payload }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(
      statuses.filter((s) => s >= 300),
      answers.find((a) => a.statusCode >= 300)?.body,
    ).toEqual([]);
    const rows = await deps.db.select().from(supplierQuotes).where(eq(supplierQuotes.projectId, project.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ supplierId: supplier.supplierId, amountPaise: 27_500_000 });
    const ids = new Set(answers.map((a) => (a.json().result?.data ?? a.json()).id as string));
    expect([...ids]).toEqual([rows[0]!.id]);
    const firsts = answers.filter((a) => (a.json().result?.data ?? a.json()).revised === false);
    expect(firsts).toHaveLength(1);
    console.log(`${backend}: 50 concurrent quotes -> ${rows.length} row, statuses ${JSON.stringify(count(statuses))}`);
  });

  it('10 parallel approvals of one vendor make one transition, one audit row and one e-mail', async () => {
    const vendor = await makeUser(deps, { role: 'supplier', approval: 'pending' });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        app.inject({ method: 'PUT', url: `/api/admin/vendors/${vendor.supplierId}/approve`, headers: admin.auth }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([200, ...Array(9).fill(409)]);
    for (const refused of answers.filter((a) => a.statusCode === 409)) {
      expect(refused.json()).toEqual({ detail: 'This vendor has already been approved' });
    }
    const audits = await deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, vendor.supplierId!), eq(auditLog.action, 'vendor.approved')));
    expect(audits).toHaveLength(1);
    const mails = await deps.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, vendor.email));
    expect(mails).toHaveLength(1);
    const [row] = await deps.db.select().from(suppliers).where(eq(suppliers.id, vendor.supplierId!));
    expect(row).toMatchObject({ approvalStatus: 'approved', isActive: true });
    const [login] = await deps.db.select({ active: users.isActive }).from(users).where(eq(users.id, vendor.id));
    expect(login!.active).toBe(true);
    console.log(
      `${backend}: 10 concurrent approvals -> ${audits.length} audit row, statuses ${JSON.stringify(count(statuses))}`,
    );
  });

  it('approvals and rejections racing: exactly one decision, audited once', async () => {
    const vendor = await makeUser(deps, { role: 'supplier', approval: 'pending' });
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        app.inject({
          method: 'PUT',
          url: `/api/admin/vendors/${vendor.supplierId}/${i % 2 === 0 ? 'approve' : 'reject?reason=Duplicate'}`,
          headers: admin.auth,
        }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(9);
    const audits = await deps.db.select().from(auditLog).where(eq(auditLog.entityId, vendor.supplierId!));
    expect(audits).toHaveLength(1);
  });

  it('10 parallel token orders for one booking open one order, and every caller gets it', async () => {
    const customer = await makeActor(deps, 'customer');
    const booking = await makeBooking(deps, { userId: customer.id, clientEmail: customer.email });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        app.inject({
          method: 'POST',
          url: '/api/payments/token-order',
          headers: bearer(customer.token),
          payload: { booking_id: booking.id },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(201));
    const orders = await deps.db.select().from(paymentOrders).where(eq(paymentOrders.bookingId, booking.id));
    expect(orders).toHaveLength(1);
    expect(new Set(answers.map((a) => a.json().order_id))).toEqual(new Set([orders[0]!.orderCode]));
  });
});

function count(values: number[]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const value of values) out[value] = (out[value] ?? 0) + 1;
  return out;
}
