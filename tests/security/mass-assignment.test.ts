import { randomBytes } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  analyticsEvents,
  bookings,
  paymentOrders,
  projects,
  subscriptions,
  supplierQuotes,
  suppliers,
  users,
} from '../../src/server/db/schema';
import { addDays, todayInIndia } from '../../src/shared/dates';
import { vendorPayload } from '../server/helpers/admin-fixtures';
import { send, trpcCall } from './helpers/http';
import { inquiryPayload, quotePayload, registerPayload, supplierCreatePayload } from './helpers/surface';
import { buildWorld, type World } from './helpers/world';

/*
 * Mass assignment (docs/security.md#access-control): fields a caller may not set (role, status, activation, approval,
 * ownership, amounts, ids, timestamps) sent with any input are dropped, never written. Each case goes through
 * both doors and reads the rows back.
 */

let w: World;
const CHOSEN_ID = '00000000-0000-4000-8000-00000000abcd';
let EXTRAS: Record<string, unknown>;

beforeAll(async () => {
  w = await buildWorld();
  const foreign = w.subjects.supplierB;
  EXTRAS = {
    id: CHOSEN_ID,
    role: 'admin',
    roles: ['admin'],
    status: 'confirmed',
    is_active: true,
    isActive: true,
    active: true,
    approval_status: 'approved',
    approvalStatus: 'approved',
    is_verified: true,
    isVerified: true,
    rating: 5,
    supplier_id: foreign.supplierId,
    supplierId: foreign.supplierId,
    user_id: w.subjects.admin.userId,
    userId: w.subjects.admin.userId,
    total: 1,
    final_amount: 1,
    finalAmountPaise: 1,
    final_amount_paise: 1,
    token_amount: 0,
    amount: 1,
    amount_paise: 1,
    amountPaise: 1,
    paid: true,
    is_paid: true,
    discount_percent: 100,
    token_version: 99,
    tokenVersion: 99,
    password_hash: 'plain',
    passwordHash: 'plain',
    source: 'admin',
    created_at: '2000-01-01T00:00:00.000Z',
    createdAt: '2000-01-01T00:00:00.000Z',
    submitted_at: '2000-01-01T00:00:00.000Z',
  };
});

afterAll(async () => {
  await w?.close();
});

const DOORS = ['rest', 'trpc'] as const;
type Door = (typeof DOORS)[number];

async function call(
  door: Door,
  rest: { method: string; url: string },
  procedure: [type: 'query' | 'mutation', path: string],
  input: unknown,
  token: string | null = null,
) {
  const request = door === 'rest' ? { ...rest, payload: input } : trpcCall(procedure[0], procedure[1], input);
  const answer = await send(w.t.app, request, token);
  return { status: answer.status, body: JSON.parse(answer.body || 'null') };
}

const recent = (date: Date) => Date.now() - date.getTime() < 60_000;

describe('extra fields are dropped, never written', () => {
  it.each(DOORS)('customer registration (%s): always a plain, active customer with its own id', async (door) => {
    const payload = { ...registerPayload(), ...EXTRAS };
    const answer = await call(
      door,
      { method: 'POST', url: '/api/auth/register' },
      ['mutation', 'auth.register'],
      payload,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(door === 'rest' ? 201 : 200);
    const [row] = await w.t.deps.db.select().from(users).where(eq(users.email, payload.email));
    expect(row).toMatchObject({ role: 'customer', isActive: true, tokenVersion: 0 });
    expect(row!.id).not.toBe(CHOSEN_ID);
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(recent(row!.createdAt)).toBe(true);
  });

  it.each(DOORS)(
    'vendor registration (%s): pending, inactive, unverified, unrated, with its own login',
    async (door) => {
      const payload = { ...vendorPayload(), ...EXTRAS };
      const answer = await call(
        door,
        { method: 'POST', url: '/api/vendor/register' },
        ['mutation', 'vendor.register'],
        payload,
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(door === 'rest' ? 201 : 200);
      const [supplier] = await w.t.deps.db.select().from(suppliers).where(eq(suppliers.email, payload.email));
      expect(supplier).toMatchObject({ approvalStatus: 'pending', isActive: false, isVerified: false, rating: 0 });
      expect(supplier!.id).not.toBe(CHOSEN_ID);
      const [user] = await w.t.deps.db.select().from(users).where(eq(users.id, supplier!.userId!));
      expect(user).toMatchObject({ role: 'supplier', isActive: false, tokenVersion: 0 });
      const login = await send(w.t.app, {
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: payload.email, password: payload.password },
      });
      expect(login.status).toBe(403);
    },
  );

  it.each(DOORS)('instant quote (%s): status, source, amounts and owner come from the server', async (door) => {
    // Signed in as customer A, quoting in customer B's e-mail and naming the admin as owner.
    const payload = { ...quotePayload({ client_email: w.subjects.customerB.email }), ...EXTRAS };
    const answer = await call(
      door,
      { method: 'POST', url: '/api/quotation/instant' },
      ['mutation', 'quote.instant'],
      payload,
      w.subjects.customerA.token,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const quote = door === 'rest' ? answer.body : answer.body.result.data;
    const [row] = await w.t.deps.db.select().from(bookings).where(eq(bookings.id, quote.quote_id));
    expect(row).toMatchObject({
      status: 'quoted',
      source: 'instant_quote',
      userId: null,
      subscriberDiscountPaise: null,
    });
    expect(row!.finalAmountPaise).toBe(Math.round(quote.final_amount * 100));
    expect(quote.final_amount).toBeGreaterThan(1000);
    expect(quote.discount_percent).toBeLessThan(100);
  });

  it.each(DOORS)(
    'inquiry (%s): an inquiry with no price, no owner, no admin notes, and only the known requirements',
    async (door) => {
      const payload = {
        ...inquiryPayload(),
        ...EXTRAS,
        notes: 'Admin-only note',
        requirements: { guest_count: 40, ...EXTRAS, dietary_restrictions: ['x'], special_requests: 'Jain' },
      };
      const answer = await call(
        door,
        { method: 'POST', url: '/api/bookings' },
        ['mutation', 'bookings.createInquiry'],
        payload,
        w.subjects.customerA.token,
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(door === 'rest' ? 201 : 200);
      const id = door === 'rest' ? answer.body.id : answer.body.result.data.id;
      const [row] = await w.t.deps.db.select().from(bookings).where(eq(bookings.id, id));
      expect(row).toMatchObject({
        status: 'inquiry',
        source: 'inquiry',
        userId: null,
        finalAmountPaise: null,
        notes: null,
        pricingTier: null,
      });
      expect(Object.keys(row!.requirements).sort()).toEqual(
        ['decoration_required', 'entertainment_required', 'photography_required', 'special_requests'].sort(),
      );
    },
  );

  it.each(DOORS)("the admin's customer edit (%s): name, phone and city only", async (door) => {
    const target = await w.customer();
    const data = { full_name: 'Edited Name', ...EXTRAS, email: 'taken.over@example.in', password: 'new-password' };
    const answer = await call(
      door,
      { method: 'PUT', url: `/api/admin/customers/${target.id}` },
      ['mutation', 'admin.customers.update'],
      door === 'rest' ? data : { id: target.id, data, role: 'admin' },
      w.subjects.admin.token,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const [row] = await w.t.deps.db.select().from(users).where(eq(users.id, target.id));
    expect(row).toMatchObject({
      fullName: 'Edited Name',
      email: target.email,
      role: 'customer',
      isActive: true,
      tokenVersion: 0,
    });
  });

  it.each(DOORS)("the admin's supplier edit (%s): a pending vendor stays pending and unverified", async (door) => {
    const vendorId = await w.pendingVendor();
    const data = { name: 'Renamed', ...EXTRAS, is_active: undefined, isActive: undefined, email: 'evil@example.in' };
    const answer = await call(
      door,
      { method: 'PUT', url: `/api/suppliers/${vendorId}` },
      ['mutation', 'admin.suppliers.update'],
      door === 'rest' ? data : { id: vendorId, data },
      w.subjects.admin.token,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const [row] = await w.t.deps.db.select().from(suppliers).where(eq(suppliers.id, vendorId));
    expect(row).toMatchObject({
      name: 'Renamed',
      approvalStatus: 'pending',
      isVerified: false,
      rating: 0,
      isActive: false,
    });
    expect(row!.email).not.toBe('evil@example.in');
  });

  it.each(DOORS)(
    "the admin's new supplier (%s): approved and active by the rule, never verified, rated or given a login",
    async (door) => {
      const payload = { ...supplierCreatePayload(), ...EXTRAS, approval_status: 'pending', is_active: false };
      const answer = await call(
        door,
        { method: 'POST', url: '/api/suppliers' },
        ['mutation', 'admin.suppliers.create'],
        payload,
        w.subjects.admin.token,
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(door === 'rest' ? 201 : 200);
      const [row] = await w.t.deps.db.select().from(suppliers).where(eq(suppliers.email, payload.email));
      expect(row).toMatchObject({
        approvalStatus: 'approved',
        isActive: true,
        isVerified: false,
        rating: 0,
        userId: null,
      });
    },
  );

  it.each(DOORS)("a supplier's quote (%s): for itself, at its amount, now, on an open project", async (door) => {
    const { bookingId, projectId } = await w.project(['supplierA', 'supplierB']);
    const payload = {
      booking_id: bookingId,
      quoted_amount: 123456.5,
      notes: 'Ours',
      ...EXTRAS,
      project_id: CHOSEN_ID,
      is_awarded: true,
    };
    const answer = await call(
      door,
      { method: 'POST', url: '/api/supplier/quote-submit' },
      ['mutation', 'supplier.quotes.submit'],
      payload,
      w.subjects.supplierA.token,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(door === 'rest' ? 201 : 200);
    const rows = await w.t.deps.db.select().from(supplierQuotes).where(eq(supplierQuotes.projectId, projectId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ supplierId: w.subjects.supplierA.supplierId, amountPaise: 12_345_650 });
    expect(rows[0]!.id).not.toBe(CHOSEN_ID);
    expect(recent(rows[0]!.submittedAt)).toBe(true);
    const [project] = await w.t.deps.db.select().from(projects).where(eq(projects.id, projectId));
    expect(project).toMatchObject({ status: 'open', awardedSupplierId: null });
  });

  it.each(DOORS)("a customer's date change (%s): the date moves, nothing else", async (door) => {
    const id = await w.booking('customerA');
    const [before] = await w.t.deps.db.select().from(bookings).where(eq(bookings.id, id));
    const newDate = addDays(todayInIndia(), 75);
    const payload = {
      new_date: newDate,
      ...EXTRAS,
      event_date: addDays(todayInIndia(), 300),
      original_event_date: '2030-01-01',
      date_changed_at: null,
    };
    const answer = await call(
      door,
      { method: 'POST', url: `/api/me/bookings/${id}/change-date` },
      ['mutation', 'bookings.changeDate'],
      door === 'rest' ? payload : { ...payload, id },
      w.subjects.customerA.token,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const [after] = await w.t.deps.db.select().from(bookings).where(eq(bookings.id, id));
    expect(after).toMatchObject({
      eventDate: newDate,
      originalEventDate: before!.eventDate,
      status: before!.status,
      finalAmountPaise: before!.finalAmountPaise,
      userId: before!.userId,
      source: before!.source,
    });
    expect(after!.dateChangedAt).not.toBeNull();
  });

  it.each(DOORS)(
    'payment orders (%s): the token is ₹999 and open, the subscription ₹99 and pending, whatever is sent',
    async (door) => {
      const bookingId = await w.booking('customerB');
      const token = await call(
        door,
        { method: 'POST', url: '/api/payments/token-order' },
        ['mutation', 'payments.createTokenOrder'],
        { booking_id: bookingId, ...EXTRAS, purpose: 'subscription' },
        w.subjects.customerB.token,
      );
      expect(token.status, JSON.stringify(token.body)).toBe(door === 'rest' ? 201 : 200);
      const [order] = await w.t.deps.db.select().from(paymentOrders).where(eq(paymentOrders.bookingId, bookingId));
      expect(order).toMatchObject({
        purpose: 'token',
        amountPaise: 999_00,
        status: 'created',
        utr: null,
        paidAt: null,
        userId: w.subjects.customerB.userId,
      });

      const email = `sub.${randomBytes(4).toString('hex')}@example.in`;
      const sub = await call(
        door,
        { method: 'POST', url: '/api/payments/subscription-order' },
        ['mutation', 'payments.createSubscriptionOrder'],
        { email, phone: '9826012345', ...EXTRAS },
      );
      expect(sub.status, JSON.stringify(sub.body)).toBe(door === 'rest' ? 201 : 200);
      const [subscription] = await w.t.deps.db.select().from(subscriptions).where(eq(subscriptions.email, email));
      expect(subscription).toMatchObject({
        status: 'pending',
        discountPercent: 5,
        userId: null,
        usedOnBookingId: null,
      });
      const [subOrder] = await w.t.deps.db
        .select()
        .from(paymentOrders)
        .where(eq(paymentOrders.id, subscription!.paymentOrderId!));
      expect(subOrder).toMatchObject({ purpose: 'subscription', amountPaise: 99_00, status: 'created' });
    },
  );

  it.each(DOORS)(
    "the admin's status move and vendor rejection (%s): only the status, only the decision",
    async (door) => {
      const id = await w.booking(null);
      const [before] = await w.t.deps.db.select().from(bookings).where(eq(bookings.id, id));
      const move = { ...EXTRAS, status: 'confirmed', client_email: 'other@example.in', event_name: 'Renamed' };
      const moved = await call(
        door,
        { method: 'PUT', url: `/api/bookings/${id}/status` },
        ['mutation', 'admin.bookings.setStatus'],
        door === 'rest' ? move : { ...move, id },
        w.subjects.admin.token,
      );
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      const [after] = await w.t.deps.db.select().from(bookings).where(eq(bookings.id, id));
      expect(after).toMatchObject({
        status: 'confirmed',
        clientEmail: before!.clientEmail,
        eventName: before!.eventName,
        finalAmountPaise: before!.finalAmountPaise,
      });

      if (door === 'trpc') {
        const vendorId = await w.pendingVendor();
        const rejected = await call(
          door,
          { method: '', url: '' },
          ['mutation', 'admin.vendors.reject'],
          { ...EXTRAS, id: vendorId, reason: 'No licence' },
          w.subjects.admin.token,
        );
        expect(rejected.status).toBe(200);
        const [row] = await w.t.deps.db.select().from(suppliers).where(eq(suppliers.id, vendorId));
        expect(row).toMatchObject({ approvalStatus: 'rejected', isActive: false, isVerified: false });
      }
    },
  );

  it.each(DOORS)('a page view (%s): kind, address and browser are the server’s', async (door) => {
    const path = `/mass-${randomBytes(3).toString('hex')}`;
    const answer = await call(
      door,
      { method: 'POST', url: '/api/analytics/page-view' },
      ['mutation', 'analytics.pageView'],
      {
        path,
        ...EXTRAS,
        kind: 'vendor_registration',
        ip_address: '203.0.113.9',
        browser: 'Evil',
        device: 'tablet',
        booking_id: CHOSEN_ID,
      },
    );
    expect(answer.status).toBe(door === 'rest' ? 204 : 200);
    const [row] = await w.t.deps.db
      .select()
      .from(analyticsEvents)
      .where(and(eq(analyticsEvents.path, path)))
      .orderBy(desc(analyticsEvents.createdAt));
    expect(row).toMatchObject({ kind: 'page_view', bookingId: null, supplierId: null });
    expect(row!.ipAddress).not.toBe('203.0.113.9');
    expect(row!.browser).not.toBe('Evil');
  });

  it.each(DOORS)('sign-in (%s): a role sent with the credentials changes nothing', async (door) => {
    const customer = w.subjects.customerB;
    const answer = await call(door, { method: 'POST', url: '/api/auth/login' }, ['mutation', 'auth.login'], {
      email: customer.email,
      password: customer.password,
      ...EXTRAS,
    });
    expect(answer.status).toBe(200);
    const result = door === 'rest' ? answer.body : answer.body.result.data;
    expect(result.user.role).toBe('customer');
    const [row] = await w.t.deps.db
      .select({ role: users.role, ver: users.tokenVersion })
      .from(users)
      .where(eq(users.id, customer.userId!));
    expect(row).toEqual({ role: 'customer', ver: 0 });
    expect((await send(w.t.app, { method: 'GET', url: '/api/admin/customers' }, result.access_token)).status).toBe(403);
  });

  it('no account became an admin and no supplier approved itself along the way', async () => {
    const [admins] = await w.t.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(eq(users.role, 'admin'));
    expect(admins!.n).toBe(1);
    const approved = await w.t.deps.db
      .select({ email: suppliers.email })
      .from(suppliers)
      .where(and(eq(suppliers.approvalStatus, 'approved'), sql`${suppliers.userId} is not null`));
    expect(approved.map((s) => s.email).sort()).toEqual(
      [w.subjects.supplierA.email, w.subjects.supplierB.email].sort(),
    );
  });
});
