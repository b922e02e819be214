import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { auditLog, bookings, notifications, projects } from '../../src/server/db/schema';
import { awardDueProjects } from '../../src/server/modules/projects/award.service';
import { eventStartInIndia } from '../../src/server/modules/projects/projects.service';
import { addDays, todayInIndia } from '../../src/shared/dates';
import type { BookingStatus } from '../../src/shared/domain';
import type {
  AwardResultDto,
  ProjectDetailDto,
  ProjectSupplierDto,
  SupplierProjectDto,
} from '../../src/shared/schemas/projects';
import type { SupplierProjectDto as AdminSupplierProjectDto } from '../../src/shared/schemas/suppliers';
import { tokenFor } from './helpers/admin-fixtures';
import { makeBooking, makeSupplier, type MadeSupplier } from './helpers/projects';
import { setUpSuite } from './helpers/suite';

/*
 * A booking's supplier projects under random sequences (docs/product.md#auto-assign, #supplier-bids, #live-alerts,
 * #date-changes; docs/decisions.md "Projects and auto-assign", "Date changes, suppliers and status dates"):
 * suppliers quote and revise (fair, below the floor, over the budget), the clock runs past the auto-assign date or
 * not, the sweep runs, an admin awards by hand (any supplier, invited or not, with a quote or without), closes the
 * quotes early, invites more suppliers or puts the booking out to suppliers again, the customer moves the date or
 * cancels, the team cancels, runs and completes the booking. Every answer is handled (no 5xx; a 4xx has a detail), each
 * step does what the rules say it does, and after every step no rule is broken: the admin's project view, the
 * audit log, the admins' alerts and each supplier's portal tell one story.
 *
 * The server's clock is a test clock (only `Date` is faked), so the sweep's `now`, the quote door's "past its
 * auto-assign date" and the alerts all read the same time; it moves a second between steps and jumps when a step
 * lets time pass. Tokens live 12 hours, so the actors sign in again after a jump.
 */
const { t, admin, secondAdmin, customer, inject } = setUpSuite(
  { admin: 'admin', secondAdmin: 'admin', customer: 'customer' },
  { timeout: 240_000 },
);

const HOUR = 3_600_000;
/** The booking's taxable amount is ₹3,60,000: suppliers see a ₹2,52,000 budget (70%), its floor ₹1,00,800 (40%). */
const BUDGET = 252_000;
const FLOOR = 100_800;
const POOL = 4;
const CLOSED_BOOKING: BookingStatus[] = ['cancelled', 'completed'];

type Command =
  | { kind: 'quote'; supplier: number; amount: number; door: Door }
  | { kind: 'sweep'; after: boolean }
  | { kind: 'wait'; hours: number }
  | { kind: 'award'; project: number; supplier: number; door: Door }
  | { kind: 'close'; project: number; door: Door }
  | { kind: 'invite'; suppliers: number[] }
  | { kind: 'date'; days: number }
  | { kind: 'cancel' }
  | { kind: 'status'; to: 'in_progress' | 'completed' | 'cancelled' };

const supplierPick = fc.nat(POOL - 1);
/** Quotes and awards go mostly to the two suppliers most sequences start by inviting. */
const bidderPick = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(0, 1) },
  { weight: 1, arbitrary: fc.constantFrom(2, 3) },
);
/** The current project (open, else the latest) most of the time, an older one sometimes. */
const projectPick = fc.constantFrom(0, 0, 1);
const door = fc.constantFrom<Door>('rest', 'trpc');
const bid = fc.oneof(
  // Fair, the floor and the budget themselves included; few values, so bids tie.
  { weight: 2, arbitrary: fc.constantFrom(FLOOR, 150_000, 180_000, BUDGET) },
  { weight: 2, arbitrary: fc.constantFrom(1_000, 100_799.99) },
  { weight: 1, arbitrary: fc.constantFrom(252_000.01, 300_000) },
);
const quote: fc.Arbitrary<Command> = fc.record({
  kind: fc.constant('quote' as const),
  supplier: bidderPick,
  amount: bid,
  door,
});
const command: fc.Arbitrary<Command> = fc.oneof(
  { weight: 5, arbitrary: quote },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('sweep' as const), after: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('wait' as const), hours: fc.constantFrom(1, 6, 50) }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('award' as const), project: projectPick, supplier: bidderPick, door }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('close' as const), project: projectPick, door }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('invite' as const),
      suppliers: fc.uniqueArray(supplierPick, { minLength: 1, maxLength: 2 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('date' as const), days: fc.constantFrom(0, 1, 3, 20, 60) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('status' as const),
      to: fc.constantFrom('in_progress' as const, 'completed' as const, 'cancelled' as const),
    }),
  },
);

// --- The test clock and the actors' tokens --------------------------------------------------------------------

let clock = 0;
let mintedAt = 0;
/** Each actor's current bearer token. */
const tokens = new Map<string, string>();

function setClock(ms: number) {
  clock = ms;
  vi.setSystemTime(ms);
}

/** Fresh sessions for everyone once the clock has moved on by more than a few hours (tokens live 12 hours). */
async function signInAgain(userIds: string[], force = false) {
  if (!force && clock - mintedAt < 6 * HOUR) return;
  for (const id of userIds) tokens.set(id, await tokenFor(t.deps, id));
  mintedAt = clock;
}

const auth = (user: { id: string }) => ({ authorization: `Bearer ${tokens.get(user.id)!}` });
/** The tRPC door, as the web client calls it. */
const trpc = (user: { id: string }) => t.caller({ token: tokens.get(user.id)! });

type Door = 'rest' | 'trpc';
type Answer = Pick<LightMyRequestResponse, 'statusCode' | 'body' | 'json'>;

/** A tRPC call's answer as the HTTP status and body its adapter would send: a refusal's message is its detail. */
async function viaTrpc<T>(call: () => Promise<T>, status: (value: T) => number = () => 200): Promise<Answer> {
  const answer = (statusCode: number, value: unknown): Answer => ({
    statusCode,
    body: JSON.stringify(value),
    json: <U>() => value as U,
  });
  try {
    const value = await call();
    return answer(status(value), value);
  } catch (error) {
    if (!(error instanceof TRPCError)) throw error;
    return answer(getHTTPStatusCodeFromError(error), { detail: error.message, code: error.code });
  }
}

/** Any answer but a server error: a refused step is a 4xx with a detail. */
function expectHandled(res: { statusCode: number; body: string }) {
  expect(res.statusCode, res.body).toBeLessThan(500);
  if (res.statusCode >= 400) expect(JSON.parse(res.body).detail, res.body).toBeDefined();
}

// --- Reading the state -----------------------------------------------------------------------------------------

type ProjectRow = typeof projects.$inferSelect;
type Project = { row: ProjectRow; detail: ProjectDetailDto };
type Snapshot = { booking: typeof bookings.$inferSelect; projects: Project[] };

/** The booking and its projects: the open one first, then newest first, each as the admin's project view shows it. */
async function snapshot(bookingId: string): Promise<Snapshot> {
  const [booking] = await t.deps.db.select().from(bookings).where(eq(bookings.id, bookingId));
  const rows = await t.deps.db
    .select()
    .from(projects)
    .where(eq(projects.bookingId, bookingId))
    .orderBy(desc(sql`${projects.status} = 'open'`), desc(projects.createdAt), desc(projects.id));
  const list: Project[] = [];
  for (const row of rows) {
    const res = await inject('GET', `/api/projects/${row.id}`, auth(admin));
    expect(res.statusCode, res.body).toBe(200);
    list.push({ row, detail: res.json() as ProjectDetailDto });
  }
  return { booking: booking!, projects: list };
}

const openOf = (snap: Snapshot) => snap.projects.find((p) => p.row.status === 'open') ?? null;
const parked = (p: Project) => p.row.status === 'open' && p.row.awaitingAdminAt !== null;
const rowOf = (p: Project, supplierId: string) => p.detail.suppliers.find((s) => s.supplier_id === supplierId) ?? null;
const quoteOf = (p: Project, supplierId: string) => rowOf(p, supplierId)?.quote ?? null;
const byId = (snap: Snapshot, id: string) => snap.projects.find((p) => p.row.id === id)!;

/** The flag a bid of `amount` rupees earns against the ₹2,52,000 budget (docs/product.md#supplier-bids). */
const flagFor = (amount: number) => (amount < FLOOR ? 'below_floor' : amount > BUDGET ? 'over_budget' : null);

type Quoted = ProjectSupplierDto & { quote: NonNullable<ProjectSupplierDto['quote']> };

/** The quoted invitees in the award rule's order: the lowest quote, ties to the higher rating, then the earlier one. */
function awardOrder(p: Project): Quoted[] {
  return p.detail.suppliers
    .filter((s): s is Quoted => s.quote !== null)
    .sort(
      (a, b) =>
        a.quote.amount - b.quote.amount ||
        b.rating - a.rating ||
        Date.parse(a.quote.submitted_at) - Date.parse(b.quote.submitted_at),
    );
}

type Decision =
  | { status: 'awarded'; supplierId: string; quoteId: string | null; rule: 'lowest_quote' | 'only_invitee' }
  | { status: 'open'; quoteId: string }
  | { status: 'unassigned' };

/**
 * The award rule as docs/product.md#auto-assign states it, worked from the admin's view: the lowest quote, ties to
 * the higher rating, then the earlier quote; a flagged lowest quote goes to the admins; without quotes the only
 * invitee, else nobody. (Every supplier here stays active and approved.)
 */
function awardRule(p: Project): Decision {
  const best = awardOrder(p)[0];
  if (best?.quote.flag) return { status: 'open', quoteId: best.quote.id };
  if (best) return { status: 'awarded', supplierId: best.supplier_id, quoteId: best.quote.id, rule: 'lowest_quote' };
  if (p.detail.suppliers.length === 1) {
    return { status: 'awarded', supplierId: p.detail.suppliers[0]!.supplier_id, quoteId: null, rule: 'only_invitee' };
  }
  return { status: 'unassigned' };
}

/** The project after the award rule ran on it (the sweep, "Close quotes now", a date change that made it due). */
function expectRuleApplied(before: Project, after: Project, at: number) {
  const decision = awardRule(before);
  if (decision.status === 'awarded') {
    expect(after.detail).toMatchObject({
      status: 'awarded',
      awarded_supplier_id: decision.supplierId,
      awarded_quote_id: decision.quoteId,
    });
  } else if (decision.status === 'open') {
    // Left to the admins, out of the sweep, since now.
    expect(after.detail).toMatchObject({ status: 'open', awaiting_admin_since: new Date(at).toISOString() });
  } else {
    expect(after.detail.status).toBe('unassigned');
  }
}

/** What a supplier's portal says of a project it was invited to (docs/api.md, "Supplier project"). */
function outcomeFor(p: Project, supplierId: string, bookingStatus: BookingStatus) {
  if (p.detail.status === 'open') return 'open';
  if (p.detail.status === 'awarded') {
    if (p.detail.awarded_supplier_id !== supplierId) return 'not_selected';
    return bookingStatus === 'cancelled' ? 'cancelled' : 'won';
  }
  return p.detail.status;
}

// --- The rules no sequence may break -------------------------------------------------------------------------------

type Closed = Pick<ProjectDetailDto, 'status' | 'awarded_supplier_id' | 'awarded_quote_id' | 'awarded_at'>;

async function checkRules(snap: Snapshot, pool: MadeSupplier[], closedBefore: Map<string, Closed>) {
  const { booking } = snap;
  const ids = snap.projects.map((p) => p.row.id);
  // At most one open project per booking, and none on a booking that is cancelled or completed.
  const open = snap.projects.filter((p) => p.row.status === 'open');
  expect(open.length).toBeLessThanOrEqual(1);
  if (CLOSED_BOOKING.includes(booking.status)) expect(open).toEqual([]);

  const audit =
    ids.length === 0
      ? []
      : await t.deps.db
          .select()
          .from(auditLog)
          .where(
            and(
              inArray(auditLog.entityId, ids),
              inArray(auditLog.action, ['project.awarded', 'project.award_needs_admin']),
            ),
          );
  const told =
    ids.length === 0
      ? []
      : await t.deps.db
          .select({
            userId: notifications.userId,
            supplierId: notifications.supplierId,
            projectId: notifications.projectId,
            kind: notifications.kind,
            readAt: notifications.readAt,
          })
          .from(notifications)
          .where(inArray(notifications.projectId, ids));
  const latest = [...snap.projects].sort((a, b) => b.row.createdAt.getTime() - a.row.createdAt.getTime())[0];

  for (const p of snap.projects) {
    const d = p.detail;
    const winners = d.suppliers.filter((s) => s.is_winner);
    // `awaiting_admin_since` only on an open project; a closed one has no countdown.
    if (d.awaiting_admin_since !== null) expect(d.status).toBe('open');
    expect(d.awaiting_admin_since).toBe(parked(p) ? p.row.awaitingAdminAt!.toISOString() : null);
    expect(d.seconds_until_auto_assign).toBe(
      d.status === 'open' ? Math.max(0, Math.ceil((p.row.autoAssignDate.getTime() - clock) / 1000)) : null,
    );
    // Invitees in the award order, those without a quote last; the count and the lowest amount agree with them.
    const order = awardOrder(p);
    expect(d.suppliers.slice(0, order.length).map((s) => s.supplier_id)).toEqual(order.map((s) => s.supplier_id));
    expect(d.quote_count).toBe(order.length);
    expect(d.lowest_amount).toBe(order[0]?.quote.amount ?? null);

    // At most one awarded supplier, only on an awarded project; the awarded quote is the winner's own.
    if (d.status === 'awarded') {
      expect(winners).toHaveLength(1);
      expect(d.awarded_supplier_id).toBe(winners[0]!.supplier_id);
      expect(d.awarded_quote_id).toBe(winners[0]!.quote?.id ?? null);
      expect(d.awarded_at).not.toBeNull();
    } else {
      expect(winners).toEqual([]);
      expect(d).toMatchObject({ awarded_supplier_id: null, awarded_quote_id: null, awarded_at: null });
    }
    // Unassigned only by the rule (no quote, not one invitee); cancelled only with its booking.
    if (d.status === 'unassigned') {
      expect(d.quote_count).toBe(0);
      expect(d.suppliers.length).not.toBe(1);
    }
    if (d.status === 'cancelled') expect(CLOSED_BOOKING).toContain(booking.status);

    // Every quote carries the flag its amount earns against the budget it was judged against.
    for (const s of d.suppliers) {
      if (s.quote) expect(s.quote, s.business_name).toMatchObject({ flag: flagFor(s.quote.amount), budget: BUDGET });
    }
    // Parked: the lowest quote is flagged, and its quotes are closed (its auto-assign date has passed).
    if (parked(p)) {
      expect(awardRule(p).status).toBe('open');
      expect(p.row.autoAssignDate.getTime()).toBeLessThanOrEqual(clock);
    }

    // Awarded exactly once; by the rule (no one's hand) only an unflagged lowest quote or the only invitee, and a
    // flagged quote only by an admin's hand.
    const awarded = audit.filter((a) => a.entityId === p.row.id && a.action === 'project.awarded');
    expect(awarded).toHaveLength(d.status === 'awarded' ? 1 : 0);
    if (d.status === 'awarded') {
      const data = awarded[0]!.data as { supplier_id: string; quote_id: string | null; rule: string };
      expect(data).toMatchObject({ supplier_id: d.awarded_supplier_id, quote_id: d.awarded_quote_id });
      const quote = winners[0]!.quote;
      if (data.rule === 'manual') {
        expect([admin.id, secondAdmin.id]).toContain(awarded[0]!.actorUserId);
      } else {
        expect(awarded[0]!.actorUserId).toBeNull();
        expect(quote?.flag ?? null).toBeNull();
        expect(awardRule(p)).toMatchObject({ status: 'awarded', supplierId: d.awarded_supplier_id, rule: data.rule });
      }
      if (quote?.flag) expect(data.rule).toBe('manual');
    }

    // Each invitee is invited once and told the outcome once: the winner that it won (and, its booking cancelled
    // since, that the job will not go ahead), the others that they were not selected; all of them that a project
    // closed with its booking was cancelled; nobody while it is open or when it closed without a supplier.
    const about = told.filter((n) => n.projectId === p.row.id);
    for (const s of d.suppliers) {
      const count = (kind: string) => about.filter((n) => n.supplierId === s.supplier_id && n.kind === kind).length;
      const won = d.awarded_supplier_id === s.supplier_id;
      expect(
        {
          invitation: count('project_invitation'),
          awarded: count('project_awarded'),
          notSelected: count('project_not_selected'),
          cancelled: count('project_cancelled'),
        },
        `${s.business_name} on a project ${d.status}`,
      ).toEqual({
        invitation: 1,
        awarded: won ? 1 : 0,
        notSelected: d.status === 'awarded' && !won ? 1 : 0,
        cancelled: d.status === 'cancelled' || (won && booking.status === 'cancelled') ? 1 : 0,
      });
    }
    // Every admin is asked to award by hand once each time the rule parks the project, and told once that it closed
    // without a supplier; the unread ones ask exactly while there is something to do: "Award by hand" while the
    // project is open and parked, "No supplier for" while it is the booking's last round, unassigned, and the
    // booking goes ahead.
    const parkings = audit.filter((a) => a.entityId === p.row.id && a.action === 'project.award_needs_admin').length;
    const waitsForSupplier =
      d.status === 'unassigned' && latest!.row.id === p.row.id && !CLOSED_BOOKING.includes(booking.status);
    for (const who of [admin, secondAdmin]) {
      const mine = about.filter((n) => n.userId === who.id);
      const flagged = mine.filter((n) => n.kind === 'project_bids_flagged');
      const unassigned = mine.filter((n) => n.kind === 'project_unassigned');
      expect(flagged).toHaveLength(parkings);
      expect(unassigned).toHaveLength(d.status === 'unassigned' ? 1 : 0);
      expect(
        flagged.some((n) => n.readAt === null),
        `Award by hand, ${d.status}`,
      ).toBe(parked(p));
      expect(
        unassigned.some((n) => n.readAt === null),
        `No supplier for, ${d.status}`,
      ).toBe(waitsForSupplier);
    }

    // Once closed, a project stays exactly as it closed.
    const before = closedBefore.get(p.row.id);
    if (before) expect(d).toMatchObject(before);
    if (d.status !== 'open') {
      closedBefore.set(p.row.id, {
        status: d.status,
        awarded_supplier_id: d.awarded_supplier_id,
        awarded_quote_id: d.awarded_quote_id,
        awarded_at: d.awarded_at,
      });
    }
  }

  // Booking Details shows the open project, else the latest.
  const shown = await inject('GET', `/api/bookings/${booking.id}/project`, auth(admin));
  expectHandled(shown);
  if (snap.projects.length === 0) expect(shown.statusCode).toBe(404);
  else expect(shown.json().id).toBe(snap.projects[0]!.row.id);

  // Each supplier's portal, and the admin's Suppliers tab, agree with the project view.
  for (const s of pool) {
    const invitedTo = snap.projects.filter((p) => rowOf(p, s.supplierId));
    const portal = await inject('GET', '/api/supplier/projects?limit=100', auth(s));
    expect(portal.statusCode, portal.body).toBe(200);
    const mine = (portal.json() as SupplierProjectDto[]).filter((x) => x.booking_id === booking.id);
    expect(mine.map((x) => x.id).sort()).toEqual(invitedTo.map((p) => p.row.id).sort());
    const tab = await inject('GET', `/api/suppliers/${s.supplierId}/projects`, auth(admin));
    expect(tab.statusCode, tab.body).toBe(200);
    const listed = (tab.json() as AdminSupplierProjectDto[]).filter((x) => x.booking_id === booking.id);
    for (const p of invitedTo) {
      const quote = quoteOf(p, s.supplierId);
      const seen = mine.find((x) => x.id === p.row.id)!;
      expect(seen, s.businessName).toMatchObject({
        status: p.detail.status,
        outcome: outcomeFor(p, s.supplierId, booking.status),
        auto_assign_date: p.detail.auto_assign_date,
        my_quote: quote ? { amount: quote.amount, submitted_at: quote.submitted_at } : null,
      });
      expect(listed.find((x) => x.id === p.row.id)).toMatchObject({
        status: p.detail.status,
        awaiting_admin_since: p.detail.awaiting_admin_since,
        is_awarded: p.detail.awarded_supplier_id === s.supplierId,
        quote: quote ? { id: quote.id, quoted_amount: quote.amount } : null,
      });
    }
  }
}

// --- The steps -------------------------------------------------------------------------------------------------

/** The booking's project a step aims at: the current one (open, else the latest) for 0, older ones after it. */
const pick = (snap: Snapshot, i: number) =>
  snap.projects.length === 0 ? null : snap.projects[i % snap.projects.length]!;

async function run(bookingId: string, pool: MadeSupplier[], commands: Command[]) {
  const users = [admin.id, secondAdmin.id, customer.id, ...pool.map((s) => s.id)];
  await signInAgain(users, true);
  const closed = new Map<string, Closed>();
  let snap = await snapshot(bookingId);
  await checkRules(snap, pool, closed);

  for (const step of commands) {
    setClock(clock + 1000);
    await signInAgain(users);
    const before = snap;
    const current = openOf(before);
    switch (step.kind) {
      case 'quote': {
        const s = pool[step.supplier]!;
        // The quote goes to the supplier's open project of the booking, else its latest (docs/api.md).
        const target = before.projects.find((p) => rowOf(p, s.supplierId)) ?? null;
        const body = { booking_id: bookingId, quoted_amount: step.amount, notes: '', items: [] };
        const res =
          step.door === 'rest'
            ? await inject('POST', '/api/supplier/quote-submit', auth(s), body)
            : await viaTrpc(
                () => trpc(s).supplier.quotes.submit(body),
                (quote) => (quote.revised ? 200 : 201),
              );
        expectHandled(res);
        snap = await snapshot(bookingId);
        if (!target) {
          expect(res.statusCode, res.body).toBe(404);
          break;
        }
        const had = quoteOf(target, s.supplierId);
        const now = quoteOf(byId(snap, target.row.id), s.supplierId);
        // Only on an open project, before its auto-assign date, and not while it waits for an admin.
        if (target.row.status !== 'open' || parked(target) || target.row.autoAssignDate.getTime() <= clock) {
          expect(res.statusCode, res.body).toBe(409);
          expect(now).toEqual(had);
        } else {
          expect(res.statusCode, res.body).toBe(had ? 200 : 201);
          expect(now).toMatchObject({ amount: step.amount, flag: flagFor(step.amount), budget: BUDGET });
        }
        break;
      }
      case 'wait':
        setClock(clock + step.hours * HOUR);
        await signInAgain(users);
        break;
      case 'sweep': {
        // Before the date: the sweep at the present time. After: the clock first runs past the open project's date.
        if (step.after && current && current.row.autoAssignDate.getTime() >= clock) {
          setClock(current.row.autoAssignDate.getTime() + 1000);
          await signInAgain(users);
        }
        const at = clock;
        const swept = await awardDueProjects(t.deps, new Date(at));
        expect(swept.failed).toEqual([]);
        snap = await snapshot(bookingId);
        for (const p of before.projects) {
          const after = byId(snap, p.row.id);
          const result = swept.results.find((r) => r.project_id === p.row.id);
          const due = p.row.status === 'open' && !parked(p) && p.row.autoAssignDate.getTime() <= at;
          if (!due) {
            // A parked project is never awarded by the sweep; a closed or not yet due one is not touched.
            expect(result).toBeUndefined();
            expect(after.row).toEqual(p.row);
            continue;
          }
          expect(result?.status).toBe(after.detail.status);
          expectRuleApplied(p, after, at);
        }
        break;
      }
      case 'award': {
        const p = pick(before, step.project);
        if (!p) break;
        const s = pool[step.supplier]!;
        const res =
          step.door === 'rest'
            ? await inject('POST', `/api/projects/${p.row.id}/award`, auth(admin), { supplier_id: s.supplierId })
            : await viaTrpc(() =>
                trpc(admin).admin.projects.award({ project_id: p.row.id, supplier_id: s.supplierId }),
              );
        expectHandled(res);
        snap = await snapshot(bookingId);
        const invited = rowOf(p, s.supplierId);
        if (p.row.status !== 'open' || !invited) {
          expect(res.statusCode, res.body).toBe(409);
          expect(byId(snap, p.row.id).row).toEqual(p.row);
        } else {
          // Any invitee, with its quote if it has one, flagged or not, parked or not.
          expect(res.statusCode, res.body).toBe(200);
          expect(res.json() as AwardResultDto).toMatchObject({
            status: 'awarded',
            rule: 'manual',
            supplier_id: s.supplierId,
            quote_id: invited.quote?.id ?? null,
          });
        }
        break;
      }
      case 'close': {
        const p = pick(before, step.project);
        if (!p) break;
        const res =
          step.door === 'rest'
            ? await inject('POST', `/api/projects/${p.row.id}/close-quotes`, auth(admin))
            : await viaTrpc(() => trpc(admin).admin.projects.closeQuotes({ project_id: p.row.id }));
        expectHandled(res);
        snap = await snapshot(bookingId);
        if (p.row.status !== 'open' || parked(p)) {
          expect(res.statusCode, res.body).toBe(409);
          if (parked(p)) expect(res.json().detail).toMatch(/already closed.*award it by hand/);
          expect(byId(snap, p.row.id).row).toEqual(p.row);
        } else {
          expect(res.statusCode, res.body).toBe(200);
          expectRuleApplied(p, byId(snap, p.row.id), clock);
        }
        break;
      }
      case 'invite': {
        const ids = step.suppliers.map((i) => pool[i]!.supplierId);
        const res = await inject(
          'POST',
          `/api/projects?booking_id=${bookingId}&supplier_ids=${ids.join(',')}`,
          auth(admin),
        );
        expectHandled(res);
        snap = await snapshot(bookingId);
        const b = before.booking;
        if (CLOSED_BOOKING.includes(b.status) || (b.eventDate !== null && b.eventDate < todayInIndia())) {
          expect(res.statusCode, res.body).toBe(409);
          break;
        }
        const newcomers = ids.filter((id) => !current || !rowOf(current, id));
        if (!current) {
          // Put out to suppliers (again): a new project, open for at least an hour and at most 48.
          expect(res.statusCode, res.body).toBe(201);
          const made = openOf(snap)!;
          expect(made.row.id).toBe(res.json().project_id);
          expect(made.row.autoAssignDate.getTime()).toBeGreaterThanOrEqual(clock + HOUR);
          expect(made.row.autoAssignDate.getTime()).toBeLessThanOrEqual(clock + 48 * HOUR);
          break;
        }
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toMatchObject({ project_id: current.row.id, invited: newcomers });
        const after = byId(snap, current.row.id).row;
        if (newcomers.length > 0 && current.row.autoAssignDate.getTime() < clock + HOUR) {
          // Under an hour left, or waiting for an admin: an hour from now, back in the sweep.
          expect(after).toMatchObject({
            status: 'open',
            awaitingAdminAt: null,
            autoAssignDate: new Date(clock + HOUR),
          });
        } else {
          expect(after).toMatchObject({
            autoAssignDate: current.row.autoAssignDate,
            awaitingAdminAt: current.row.awaitingAdminAt,
          });
        }
        break;
      }
      case 'date': {
        const newDate = addDays(todayInIndia(), step.days);
        const res = await inject('POST', `/api/me/bookings/${bookingId}/change-date`, auth(customer), {
          new_date: newDate,
        });
        expectHandled(res);
        snap = await snapshot(bookingId);
        if (res.statusCode !== 200) {
          expect(snap.projects.map((p) => p.row)).toEqual(before.projects.map((p) => p.row));
          break;
        }
        if (!current) break;
        // Never later; 00:00 IST the day before the new date at the latest; awarded at once when that has passed,
        // unless the project waits for an admin, which it still does.
        const cap = eventStartInIndia(newDate).getTime() - 24 * HOUR;
        const due = Math.min(current.row.autoAssignDate.getTime(), cap);
        const after = byId(snap, current.row.id);
        if (parked(current)) {
          expect(after.row).toMatchObject({ status: 'open', awaitingAdminAt: current.row.awaitingAdminAt });
          expect(after.row.autoAssignDate.getTime()).toBe(due);
        } else if (due <= clock) {
          expectRuleApplied(current, after, clock);
        } else {
          expect(after.row).toMatchObject({ status: 'open', awaitingAdminAt: null, autoAssignDate: new Date(due) });
        }
        break;
      }
      case 'cancel':
      case 'status': {
        const res =
          step.kind === 'cancel'
            ? await inject('POST', `/api/me/bookings/${bookingId}/cancel`, auth(customer))
            : await inject('PUT', `/api/bookings/${bookingId}/status`, auth(admin), { status: step.to });
        expectHandled(res);
        snap = await snapshot(bookingId);
        const to = step.kind === 'cancel' ? 'cancelled' : step.to;
        if (res.statusCode === 200) {
          expect(snap.booking.status).toBe(to);
          // Cancelling or completing closes the open project at once, as cancelled, parked or not.
          if (current && CLOSED_BOOKING.includes(to)) expect(byId(snap, current.row.id).row.status).toBe('cancelled');
        }
        break;
      }
    }
    if (snap === before) snap = await snapshot(bookingId);
    await checkRules(snap, pool, closed);
  }
}

describe('supplier projects under random sequences', () => {
  it('no sequence of quotes, sweeps, awards, early closes, invitations, date changes, cancellations and completions breaks a rule', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<'ahead' | 'today'>('ahead', 'ahead', 'today'),
        fc.integer({ min: 16, max: 40 }),
        fc.tuple(...Array.from({ length: POOL }, () => fc.constantFrom(3, 4, 5))),
        // Most sequences start with two suppliers invited and a few bids in; the rest start with no project.
        fc.option(fc.array(quote, { maxLength: 3 }), { freq: 4 }),
        fc.array(command, { minLength: 1, maxLength: 10 }),
        async (when, days, ratings, opening, rest) => {
          vi.useFakeTimers({ toFake: ['Date'] });
          try {
            setClock(Date.now());
            // An event weeks ahead (its date can still change) or today (it can be run and completed).
            const booking = await makeBooking(t.deps, {
              userId: customer.id,
              clientEmail: customer.email,
              status: 'confirmed',
              eventDate: addDays(todayInIndia(), when === 'today' ? 0 : days),
              subtotalPaise: 3_60_000_00,
              gstPaise: 64_800_00,
              finalAmountPaise: 4_24_800_00,
            });
            const pool: MadeSupplier[] = [];
            for (const rating of ratings) pool.push(await makeSupplier(t.deps, { rating }));
            const commands: Command[] =
              opening === null ? rest : [{ kind: 'invite', suppliers: [0, 1] }, ...opening, ...rest];
            await run(booking.id, pool, commands);
          } finally {
            vi.useRealTimers();
          }
        },
      ),
      {
        numRuns: 60,
        // The paths the rules single out, always run besides the random ones: a flagged lowest bid parked, then
        // quotes refused, "Close quotes now" refused, awarded by hand; a new invitee putting it back into the sweep
        // and the flagged bid parked again; a date change and a completion while it waits; a lone invitee with no
        // quote; nobody quoting, then the booking put out again; a cancellation with quotes open.
        examples: [
          [
            'ahead',
            30,
            [4, 4, 4, 4],
            [],
            [
              { kind: 'quote', supplier: 0, amount: 1_000, door: 'rest' },
              { kind: 'quote', supplier: 1, amount: 180_000, door: 'rest' },
              { kind: 'sweep', after: true },
              { kind: 'quote', supplier: 1, amount: 150_000, door: 'trpc' },
              { kind: 'close', project: 0, door: 'trpc' },
              { kind: 'sweep', after: true },
              { kind: 'award', project: 0, supplier: 0, door: 'trpc' },
            ],
          ],
          [
            'ahead',
            30,
            [5, 4, 3, 4],
            [],
            [
              { kind: 'quote', supplier: 0, amount: 300_000, door: 'rest' },
              { kind: 'close', project: 0, door: 'trpc' },
              { kind: 'date', days: 20 },
              { kind: 'invite', suppliers: [2] },
              { kind: 'quote', supplier: 2, amount: 300_000, door: 'rest' },
              { kind: 'sweep', after: true },
              { kind: 'invite', suppliers: [3] },
              { kind: 'quote', supplier: 3, amount: 180_000, door: 'rest' },
              { kind: 'sweep', after: true },
            ],
          ],
          [
            'today',
            30,
            [4, 4, 4, 4],
            [],
            [
              { kind: 'quote', supplier: 1, amount: 100_799.99, door: 'rest' },
              { kind: 'sweep', after: true },
              { kind: 'status', to: 'in_progress' },
              { kind: 'status', to: 'completed' },
              { kind: 'invite', suppliers: [2] },
            ],
          ],
          [
            'ahead',
            20,
            [4, 4, 4, 4],
            null,
            [
              { kind: 'invite', suppliers: [3] },
              { kind: 'wait', hours: 50 },
              { kind: 'quote', supplier: 3, amount: 150_000, door: 'rest' },
              { kind: 'sweep', after: false },
              { kind: 'invite', suppliers: [0, 1] },
              { kind: 'sweep', after: true },
              { kind: 'invite', suppliers: [2] },
              { kind: 'date', days: 1 },
            ],
          ],
          [
            'ahead',
            30,
            [3, 5, 4, 4],
            [],
            [
              { kind: 'quote', supplier: 0, amount: 180_000, door: 'rest' },
              { kind: 'quote', supplier: 1, amount: 180_000, door: 'rest' },
              { kind: 'date', days: 3 },
              { kind: 'cancel' },
              { kind: 'quote', supplier: 0, amount: 150_000, door: 'rest' },
              { kind: 'award', project: 0, supplier: 1, door: 'trpc' },
              { kind: 'sweep', after: true },
            ],
          ],
        ],
      },
    );
  }, 300_000);
});
