import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { auditLog, notifications, projects, supplierQuotes } from '../../src/server/db/schema';
import {
  awardDueProjects,
  awardProject,
  awardProjectManually,
  decideAward,
  type AwardCandidate,
} from '../../src/server/modules/projects/award.service';
import { bidFlag, bidFloorPaise, supplierBudgetPaise } from '../../src/shared/supplier-bids';
import { makeBooking, makeInquiry, makePricedBooking, makeProject, makeSupplier } from './helpers/projects';
import { setUpSuite } from './helpers/suite';
import { outboxMails } from './helpers/fixtures';

const { t, admin, customer } = setUpSuite({ admin: 'admin', customer: 'customer' });

const inAnHour = () => new Date(Date.now() + 3_600_000);

/** The wedding of the complaint: ₹3,60,000 before GST, ₹4,24,800 with it. */
const wedding = () =>
  makeBooking(t.deps, { subtotalPaise: 3_60_000_00, gstPaise: 64_800_00, finalAmountPaise: 4_24_800_00 });

const submitRaw = (auth: { authorization: string }, body: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/supplier/quote-submit',
    headers: { ...auth, 'content-type': 'application/json' },
    payload: body,
  });

describe('the supplier budget', () => {
  it('shows suppliers 70% of the taxable amount, never the customer’s GST-inclusive price', async () => {
    const supplier = await makeSupplier(t.deps);
    const booking = await wedding();
    await makeProject(t.deps, {
      bookingId: booking.id,
      supplierIds: [supplier.supplierId],
      autoAssignDate: inAnHour(),
    });
    const response = await t.app.inject({ method: 'GET', url: '/api/supplier/projects', headers: supplier.auth });
    expect(response.statusCode).toBe(200);
    const [project] = response.json() as { booking_details: { estimated_budget: number | null } }[];
    expect(project!.booking_details.estimated_budget).toBe(252000);
    expect(response.body).not.toContain('424800');
    const dashboard = await t.app.inject({ method: 'GET', url: '/api/supplier/dashboard', headers: supplier.auth });
    expect((dashboard.json() as { estimated_revenue: number }).estimated_revenue).toBe(252000);
  });
});

describe('bids as typed', () => {
  it('refuses 1e3 and other exponent forms with 422 and stores nothing', async () => {
    const supplier = await makeSupplier(t.deps);
    const booking = await wedding();
    const project = await makeProject(t.deps, {
      bookingId: booking.id,
      supplierIds: [supplier.supplierId],
      autoAssignDate: inAnHour(),
    });
    for (const amount of ['1e3', '1E3', '1e+3', '2.5e5', '1000.001', '-1000']) {
      const response = await submitRaw(
        supplier.auth,
        `{"booking_id":"${booking.id}","quoted_amount":${amount},"notes":"","items":[]}`,
      );
      expect(response.statusCode, amount).toBe(422);
      expect(JSON.stringify(response.json())).toContain('quoted_amount');
    }
    expect(await t.deps.db.select().from(supplierQuotes).where(eq(supplierQuotes.projectId, project.id))).toEqual([]);
    // A negative amount written plainly is refused for what is wrong with it, as the form says it.
    const negative = await submitRaw(
      supplier.auth,
      `{"booking_id":"${booking.id}","quoted_amount":-5,"notes":"","items":[]}`,
    );
    expect(negative.json().detail).toEqual([
      expect.objectContaining({ loc: ['body', 'quoted_amount'], msg: 'Quote amount must be more than ₹0' }),
    ]);
    const plain = await submitRaw(
      supplier.auth,
      `{"booking_id":"${booking.id}","quoted_amount":250000.50,"notes":"","items":[]}`,
    );
    expect(plain.statusCode).toBe(201);
  });

  it('reads the amount as written however the body spells its key, on both doors, after the caller is known', async () => {
    const supplier = await makeSupplier(t.deps);
    const booking = await wedding();
    const project = await makeProject(t.deps, {
      bookingId: booking.id,
      supplierIds: [supplier.supplierId],
      autoAssignDate: inAnHour(),
    });
    const body = (amount: string, key = 'quoted_amount') =>
      `{"booking_id":"${booking.id}","${key}":${amount},"notes":"","items":[]}`;
    const raw = (url: string, payload: string, auth: Record<string, string> = supplier.auth) =>
      t.app.inject({ method: 'POST', url, headers: { ...auth, 'content-type': 'application/json' }, payload });

    // A key written with an escape is the same key.
    const escaped = await raw('/api/supplier/quote-submit', body('2.4e5', 'quoted\\u005famount'));
    expect(escaped.statusCode).toBe(422);
    expect(escaped.json().detail[0].loc).toEqual(['body', 'quoted_amount']);
    // Who is asking comes first: no token is a 401, whatever the body says.
    expect((await raw('/api/supplier/quote-submit', body('1e3'), {})).statusCode).toBe(401);
    // tRPC answers in its own envelope, alone or in a batch with another call.
    const alone = await raw('/api/trpc/supplier.quotes.submit', body('1e3'));
    expect(alone.statusCode).toBe(400);
    expect(alone.json().error.data).toMatchObject({
      code: 'BAD_REQUEST',
      issues: [expect.objectContaining({ loc: ['input', 'quoted_amount'] })],
    });
    const batch = await raw(
      '/api/trpc/supplier.notifications.markAllRead,supplier.quotes.submit?batch=1',
      `{"1":${body('2.7e5')}}`,
    );
    const answers = batch.json() as { error?: { data: { code: string } } }[];
    expect(answers[1]!.error?.data.code).toBe('BAD_REQUEST');
    expect(await t.deps.db.select().from(supplierQuotes).where(eq(supplierQuotes.projectId, project.id))).toEqual([]);
    // Written plainly, the same bid is taken on tRPC too.
    expect((await raw('/api/trpc/supplier.quotes.submit', body('270000'))).statusCode).toBe(200);
  });

  it('flags a bid below the floor or above the budget when it is submitted, and keeps a fair one unflagged', async () => {
    const booking = await wedding();
    const [low, high, fair] = [await makeSupplier(t.deps), await makeSupplier(t.deps), await makeSupplier(t.deps)];
    const project = await makeProject(t.deps, {
      bookingId: booking.id,
      supplierIds: [low.supplierId, high.supplierId, fair.supplierId],
      autoAssignDate: inAnHour(),
    });
    const submit = (auth: { authorization: string }, amount: string) =>
      submitRaw(auth, `{"booking_id":"${booking.id}","quoted_amount":${amount},"notes":"","items":[]}`);
    expect((await submit(low.auth, '1000')).statusCode).toBe(201);
    expect((await submit(high.auth, '252000.01')).statusCode).toBe(201);
    expect((await submit(fair.auth, '100800')).statusCode).toBe(201); // exactly the floor: 40% of ₹2,52,000
    const rows = await t.deps.db.select().from(supplierQuotes).where(eq(supplierQuotes.projectId, project.id));
    const flagOf = (supplierId: string) => rows.find((r) => r.supplierId === supplierId)!;
    expect(flagOf(low.supplierId)).toMatchObject({ flag: 'below_floor', budgetPaise: 252_000_00 });
    expect(flagOf(high.supplierId)).toMatchObject({ flag: 'over_budget' });
    expect(flagOf(fair.supplierId)).toMatchObject({ flag: null });

    // The admin's project view carries each flag and the budget it was judged against.
    const view = await t.app.inject({ method: 'GET', url: `/api/projects/${project.id}`, headers: admin.auth });
    expect(view.statusCode, view.body).toBe(200);
    const quoteOf = (supplierId: string) =>
      (view.json().suppliers as { supplier_id: string; quote: object | null }[]).find(
        (s) => s.supplier_id === supplierId,
      )!.quote;
    expect(quoteOf(low.supplierId)).toMatchObject({ amount: 1000, flag: 'below_floor', budget: 252_000 });
    expect(quoteOf(high.supplierId)).toMatchObject({ flag: 'over_budget', budget: 252_000 });
    expect(quoteOf(fair.supplierId)).toMatchObject({ flag: null });
  });
});

describe('auto-award and flagged bids', () => {
  it('passes over the ₹1,000 bid and asks every admin instead; the sweep then leaves it to the admin', async () => {
    const booking = await wedding();
    const [cheap, fair] = [await makeSupplier(t.deps), await makeSupplier(t.deps)];
    const project = await makeProject(t.deps, {
      bookingId: booking.id,
      supplierIds: [cheap.supplierId, fair.supplierId],
      autoAssignDate: inAnHour(),
    });
    const submit = (auth: { authorization: string }, amount: string) =>
      submitRaw(auth, `{"booking_id":"${booking.id}","quoted_amount":${amount},"notes":"","items":[]}`);
    await submit(cheap.auth, '1000');
    await submit(fair.auth, '240000');
    await t.deps.db
      .update(projects)
      .set({ autoAssignDate: new Date(Date.now() - 1000) })
      .where(eq(projects.id, project.id));

    const result = await awardProject(t.deps, project.id);
    expect(result).toMatchObject({ status: 'open', rule: 'flagged_bid', supplier_id: null, amount: 1000 });
    const [row] = await t.deps.db.select().from(projects).where(eq(projects.id, project.id));
    expect(row!.status).toBe('open');
    expect(row!.awaitingAdminAt).toBeInstanceOf(Date);
    const asked = await t.deps.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.projectId, project.id), eq(notifications.kind, 'project_bids_flagged')));
    expect(asked.map((n) => n.userId)).toContain(admin.id);
    expect(asked[0]!.message).toContain('below the floor');
    const mails = await outboxMails(t.deps, { to: admin.email, template: 'project_bids_flagged' });
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toContain('₹1,00,800'); // the floor

    // Neither the job nor the sweep awards it, nor asks again.
    expect(await awardProject(t.deps, project.id)).toBeNull();
    const sweep = await awardDueProjects(t.deps);
    expect(sweep.results.map((r) => r.project_id)).not.toContain(project.id);
    expect(
      await t.deps.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.projectId, project.id), eq(notifications.kind, 'project_bids_flagged'))),
    ).toHaveLength(asked.length);

    // The admin decides: the fair bid wins by hand.
    const manual = await awardProjectManually(
      t.deps,
      { project_id: project.id, supplier_id: fair.supplierId },
      admin.id,
    );
    expect(manual).toMatchObject({ status: 'awarded', rule: 'manual', supplier_id: fair.supplierId, amount: 240000 });
    const audit = await t.deps.db.select().from(auditLog).where(eq(auditLog.entityId, project.id));
    expect(audit.map((a) => a.action)).toEqual(['project.award_needs_admin', 'project.awarded']);
  });

  it('judges a bid made before the inquiry was priced against the price set afterwards', async () => {
    const booking = await makeInquiry(t.deps);
    const [cheap, other] = [await makeSupplier(t.deps), await makeSupplier(t.deps)];
    const project = await makeProject(t.deps, {
      bookingId: booking.id,
      supplierIds: [cheap.supplierId, other.supplierId],
      autoAssignDate: inAnHour(),
    });
    const bid = await submitRaw(
      cheap.auth,
      `{"booking_id":"${booking.id}","quoted_amount":1000,"notes":"","items":[]}`,
    );
    expect(bid.statusCode).toBe(201);
    // ₹1,500 a guest for 200 guests: ₹3,00,000 before GST, so a ₹2,10,000 budget and a ₹84,000 floor.
    const priced = await t.app.inject({
      method: 'PUT',
      url: `/api/bookings/${booking.id}/quote`,
      headers: admin.auth,
      payload: { items: [{ kind: 'per_person', description: 'Wedding dinner', unit_price: 1500, quantity: 200 }] },
    });
    expect(priced.statusCode, priced.body).toBe(200);

    const view = await t.app.inject({ method: 'GET', url: `/api/projects/${project.id}`, headers: admin.auth });
    const cheapQuote = (view.json().suppliers as { supplier_id: string; quote: object | null }[]).find(
      (s) => s.supplier_id === cheap.supplierId,
    )!.quote;
    expect(cheapQuote).toMatchObject({ amount: 1000, flag: 'below_floor', budget: 210_000 });

    const closed = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${project.id}/close-quotes`,
      headers: admin.auth,
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ status: 'open', rule: 'flagged_bid', supplier_id: null, amount: 1000 });
    const mails = await outboxMails(t.deps, { to: admin.email, template: 'project_bids_flagged' });
    expect(mails.filter((m) => m.bookingId === booking.id)).toHaveLength(1);
  });

  it('judges a fair bid again when the guests are cut after it: over the new budget, it is not awarded', async () => {
    const booking = await makePricedBooking(t.deps, customer, 320, { days: 60 });
    const budget = supplierBudgetPaise(booking.subtotalPaise, { budgetPercent: 70, floorPercent: 40 })!;
    const bidder = await makeSupplier(t.deps);
    const project = await makeProject(t.deps, {
      bookingId: booking.id,
      supplierIds: [bidder.supplierId, (await makeSupplier(t.deps)).supplierId],
      autoAssignDate: inAnHour(),
    });
    const amount = Math.floor((budget * 0.85) / 100);
    const bid = await submitRaw(
      bidder.auth,
      `{"booking_id":"${booking.id}","quoted_amount":${amount},"notes":"","items":[]}`,
    );
    expect(bid.statusCode).toBe(201);
    const [stored] = await t.deps.db.select().from(supplierQuotes).where(eq(supplierQuotes.projectId, project.id));
    expect(stored!.flag).toBeNull();

    const cut = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/bookings/${booking.id}/details`,
      headers: admin.auth,
      payload: { guest_count: 100 },
    });
    expect(cut.statusCode, cut.body).toBe(200);

    await t.deps.db
      .update(projects)
      .set({ autoAssignDate: new Date(Date.now() - 1000) })
      .where(eq(projects.id, project.id));
    expect(await awardProject(t.deps, project.id)).toMatchObject({
      status: 'open',
      rule: 'flagged_bid',
      supplier_id: null,
      amount,
    });
  });

  it('awards the lowest bid as before when it is fair', async () => {
    const booking = await wedding();
    const [a, b] = [await makeSupplier(t.deps), await makeSupplier(t.deps)];
    const project = await makeProject(t.deps, {
      bookingId: booking.id,
      supplierIds: [a.supplierId, b.supplierId],
      autoAssignDate: inAnHour(),
    });
    await submitRaw(a.auth, `{"booking_id":"${booking.id}","quoted_amount":230000,"notes":"","items":[]}`);
    await submitRaw(b.auth, `{"booking_id":"${booking.id}","quoted_amount":200000,"notes":"","items":[]}`);
    await t.deps.db
      .update(projects)
      .set({ autoAssignDate: new Date(Date.now() - 1000) })
      .where(eq(projects.id, project.id));
    expect(await awardProject(t.deps, project.id)).toMatchObject({
      status: 'awarded',
      rule: 'lowest_quote',
      supplier_id: b.supplierId,
    });
  });
});

describe('the bid rules over random figures', () => {
  const rules = fc.record({
    budgetPercent: fc.integer({ min: 1, max: 10000 }).map((n) => n / 100),
    floorPercent: fc.integer({ min: 1, max: 10000 }).map((n) => n / 100),
  });

  it('flags exactly the bids outside [floor, budget]', () => {
    fc.assert(
      fc.property(
        rules,
        fc.integer({ min: 1, max: 10_00_00_000_00 }),
        fc.integer({ min: 1, max: 10_00_00_000_00 }),
        (r, taxable, amount) => {
          const budget = supplierBudgetPaise(taxable, r)!;
          const floor = bidFloorPaise(budget, r);
          const flag = bidFlag(amount, budget, r);
          expect(budget).toBeLessThanOrEqual(taxable);
          expect(floor).toBeLessThanOrEqual(budget);
          expect(flag === null).toBe(amount >= floor && amount <= budget);
        },
      ),
    );
  });

  it('never awards a flagged bid automatically, and asks the admin exactly when the lowest eligible bid is flagged', () => {
    const candidate = fc.record({
      supplierId: fc.uuid(),
      eligible: fc.boolean(),
      rating: fc.integer({ min: 0, max: 5 }),
      quote: fc.option(
        fc.record({
          id: fc.uuid(),
          amountPaise: fc.integer({ min: 1, max: 1_000_000 }),
          submittedAt: fc.date({ min: new Date('2026-01-01'), max: new Date('2027-01-01'), noInvalidDate: true }),
          flag: fc.constantFrom(null, 'below_floor' as const, 'over_budget' as const),
        }),
        { nil: null },
      ),
    });
    fc.assert(
      fc.property(fc.array(candidate, { maxLength: 8 }), (candidates: AwardCandidate[]) => {
        const decision = decideAward(candidates);
        if (decision.kind === 'awarded' && decision.quoteId !== null) {
          const won = candidates.find((c) => c.quote?.id === decision.quoteId)!;
          expect(won.quote!.flag ?? null).toBeNull();
        }
        const quoted = candidates.filter((c) => c.eligible && c.quote !== null);
        const lowest = Math.min(...quoted.map((c) => c.quote!.amountPaise));
        if (decision.kind === 'needs_admin') expect(decision.amountPaise).toBe(lowest);
        if (quoted.length > 0 && quoted.every((c) => c.quote!.flag)) expect(decision.kind).toBe('needs_admin');
      }),
    );
  });
});
