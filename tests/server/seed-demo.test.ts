import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Config, loadConfig } from '../../src/server/config';
import { type Database, type DatabaseHandle, openDatabase } from '../../src/server/db/client';
import { runMigrations } from '../../src/server/db/migrate';
import {
  analyticsEvents,
  auditLog,
  bookingLedger,
  bookingMenuItems,
  bookingMenus,
  bookings,
  dishes,
  gstDocuments,
  notifications,
  projectInvitations,
  projects,
  settings,
  supplierQuotes,
  suppliers,
  testimonials,
  users,
} from '../../src/server/db/schema';
import { DEMO_LOGINS, seedDemo } from '../../src/server/db/seed-demo';
import { DEMO_BUSINESS_GSTIN } from '../../src/server/db/seed-gst';
import { hashPassword, verifyPassword } from '../../src/server/lib/password';
import { kitchenSheet } from '../../src/server/modules/menus/event-order.service';
import { bookingAmountFor, bookingMoney, ledgerSums } from '../../src/shared/booking-rules';
import { isoDateInIndia } from '../../src/shared/dates';
import { DEFAULT_MENU_RULES, menuProblems } from '../../src/shared/menu';
import { BOOKING_STATUSES, type BookingStatus } from '../../src/shared/domain';
import { priceQuote } from '../../src/shared/pricing';

/** An independent GSTIN check: format, then the mod-36 check character. */
const GSTIN_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
function isValidGstin(value: string): boolean {
  if (!/^[0-3][0-9][A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/.test(value)) return false;
  let sum = 0;
  for (let i = 0; i < 14; i += 1) {
    const product = GSTIN_ALPHABET.indexOf(value[i]!) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_ALPHABET[(36 - (sum % 36)) % 36] === value[14];
}

const todayInIndia = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);

const TABLES = {
  users,
  suppliers,
  bookings,
  auditLog,
  analyticsEvents,
  testimonials,
  projects,
  projectInvitations,
  supplierQuotes,
  notifications,
  settings,
};

async function rowCounts(db: Database): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const [name, table] of Object.entries(TABLES)) {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table);
    counts[name] = row!.n;
  }
  return counts;
}

function testConfig(): Config {
  const config = loadConfig({ NODE_ENV: 'test' });
  return { ...config, passwordHash: { memoryCost: 1024, timeCost: 1, parallelism: 1 } };
}

describe('seedDemo on an empty database', () => {
  let handle: DatabaseHandle;
  let config: Config;
  let first: Awaited<ReturnType<typeof seedDemo>>;
  let countsAfterFirst: Record<string, number>;

  beforeAll(async () => {
    handle = await openDatabase({ pgliteDir: 'memory' });
    await runMigrations(handle);
    config = testConfig();
    first = await seedDemo({ db: handle.db, config });
    countsAfterFirst = await rowCounts(handle.db);
  });

  afterAll(async () => {
    await handle?.close();
  });

  it('seeds on the first run and reports what it wrote', () => {
    expect(first.seeded).toBe(true);
    expect(first.users).toBeGreaterThan(0);
    expect(first.suppliers).toBeGreaterThan(0);
    expect(first.bookings).toBeGreaterThanOrEqual(20);
    expect(first.testimonials).toBe(6);
    expect(countsAfterFirst).toMatchObject({
      users: first.users,
      suppliers: first.suppliers,
      bookings: first.bookings,
      testimonials: first.testimonials,
      // The marker, and the GST identity and rates the demo business saves its GSTIN with.
      settings: 3,
    });
    expect(countsAfterFirst.analyticsEvents).toBeGreaterThanOrEqual(140);
    expect(countsAfterFirst.auditLog).toBeGreaterThan(0);
  });

  it('shows GST documents issued through the services: receipt vouchers, a tax invoice, a credit note', async () => {
    const docs = await handle.db.select().from(gstDocuments).orderBy(gstDocuments.issuedAt);
    const kinds = docs.map((d) => d.kind);
    expect(kinds.filter((k) => k === 'receipt_voucher').length).toBeGreaterThanOrEqual(3);
    expect(kinds.filter((k) => k === 'tax_invoice')).toHaveLength(1);
    expect(kinds.filter((k) => k === 'credit_note')).toHaveLength(1);
    const invoice = docs.find((d) => d.kind === 'tax_invoice')!;
    const note = docs.find((d) => d.kind === 'credit_note')!;
    expect(note.references[0]).toMatchObject({ id: invoice.id, number: invoice.number });
    expect(invoice.supplier.gstin).toBe(DEMO_BUSINESS_GSTIN);
    // Every receipt voucher receipts a ledger payment; the invoice less its note is what the ledger keeps.
    const ledger = await handle.db.select().from(bookingLedger).where(eq(bookingLedger.bookingId, invoice.bookingId!));
    const kept = ledgerSums(ledger.map((row) => ({ kind: row.kind, amount_paise: row.amountPaise }))).charged_paise;
    expect(invoice.totalPaise - note.totalPaise).toBe(kept);
    for (const voucher of docs.filter((d) => d.kind === 'receipt_voucher'))
      expect(voucher.ledgerPaymentId).not.toBeNull();
    const [booking] = await handle.db.select().from(bookings).where(eq(bookings.id, invoice.bookingId!));
    expect(booking!.status).toBe('cancelled');
  });

  it('chooses menus for three bookings ahead within the menu rules, and the kitchen sheet of today cooks from one', async () => {
    const menus = await handle.db.select().from(bookingMenus);
    expect(menus).toHaveLength(3);
    const catalogue = await handle.db.select().from(dishes);
    for (const menu of menus) {
      const [booking] = await handle.db.select().from(bookings).where(eq(bookings.id, menu.bookingId));
      expect(['confirmed', 'in_progress']).toContain(booking!.status);
      const items = await handle.db
        .select()
        .from(bookingMenuItems)
        .where(eq(bookingMenuItems.bookingId, menu.bookingId));
      const chosen = items.map((item) => catalogue.find((dish) => dish.id === item.dishId)!);
      // Only dishes the package includes, so the demo's totals are the quotes' own.
      expect(chosen.every((dish) => dish.addOnPricePaise === null)).toBe(true);
      expect(
        menuProblems({
          tier: booking!.pricingTier!,
          guestCount: booking!.guestCount!,
          split: { veg: menu.guestsVeg, jain: menu.guestsJain, non_veg: menu.guestsNonVeg },
          dishes: chosen,
          allowances: DEFAULT_MENU_RULES.allowances,
        }),
      ).toEqual([]);
    }
    const sheet = await kitchenSheet({ db: handle.db, config }, { date: todayInIndia() });
    const engagement = sheet.events.find((event) => event.event_name === 'Kavya & Siddharth Engagement')!;
    expect(engagement.guests).toEqual({ veg: 140, jain: 0, non_veg: 80 });
    expect(sheet.dishes.length).toBeGreaterThan(10);
    expect(sheet.dishes.every((dish) => dish.quantity > 0)).toBe(true);
  });

  it('has bookings in every one of the six statuses', async () => {
    const rows = await handle.db.select({ status: bookings.status }).from(bookings);
    const seen = new Set(rows.map((r) => r.status));
    for (const status of BOOKING_STATUSES) expect(seen, status).toContain(status);
  });

  it('prices every quoted booking with priceQuote: final = subtotal + GST, GST = 18% of subtotal', async () => {
    const rows = await handle.db.select().from(bookings);
    const priced = rows.filter((b) => ['quoted', 'confirmed', 'in_progress', 'completed'].includes(b.status));
    expect(priced.length).toBeGreaterThan(0);
    for (const b of priced) {
      expect(b.subtotalPaise, b.eventName).not.toBeNull();
      expect(b.finalAmountPaise).toBe(b.subtotalPaise! + b.gstPaise!);
      expect(b.gstPaise).toBe(Math.round(b.subtotalPaise! * 0.18));
      const quote = priceQuote({
        tier: b.pricingTier!,
        eventType: b.eventType,
        venueType: b.venueType!,
        city: b.city!,
        guestCount: b.guestCount!,
      });
      expect(b.basePricePerPersonPaise).toBe(quote.basePricePerPersonPaise);
      expect(b.discountPaise).toBe(quote.discountPaise);
      expect(b.subtotalPaise).toBe(quote.subtotalPaise);
      expect(b.finalAmountPaise).toBe(quote.finalAmountPaise);
      // The rate it was priced at, as every quote stores it: a change of guests re-prices at it.
      expect(b.gstPercent).toBe(quote.gstPercent);
      expect(b.validUntil).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      // The guest count is kept once, in its column.
      expect(b.requirements).not.toHaveProperty('guest_count');
    }
    // Inquiries carry a budget range and no price yet.
    for (const b of rows.filter((r) => r.status === 'inquiry')) {
      expect(b.source).toBe('inquiry');
      expect(b.finalAmountPaise).toBeNull();
      expect(b.requirements.budget_range).toMatch(/₹/);
    }
  });

  it('dates events around today in India: completed in the past, open ones ahead, created within 90 days', async () => {
    const today = todayInIndia();
    const rows = await handle.db.select().from(bookings);
    const now = Date.now();
    for (const b of rows) {
      expect(b.eventDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      if (b.status === 'completed') expect(b.eventDate! < today, b.eventName).toBe(true);
      if (b.status === 'in_progress') expect(b.eventDate! <= today, b.eventName).toBe(true);
      if (['inquiry', 'quoted', 'confirmed'].includes(b.status)) expect(b.eventDate! > today, b.eventName).toBe(true);
      expect(b.createdAt.getTime()).toBeLessThanOrEqual(now);
      expect(b.createdAt.getTime()).toBeGreaterThan(now - 91 * 86_400_000);
    }
  });

  it('marks bookings in progress on their event day and completed from it, India time', async () => {
    const moves = await handle.db
      .select({
        eventName: bookings.eventName,
        eventDate: bookings.eventDate,
        data: auditLog.data,
        at: auditLog.createdAt,
      })
      .from(auditLog)
      .innerJoin(bookings, eq(bookings.id, auditLog.entityId))
      .where(eq(auditLog.action, 'booking.status_changed'));
    const dayOf = (at: Date) => new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 10);
    const started = moves.filter((m) => m.data.to === 'in_progress');
    const finished = moves.filter((m) => m.data.to === 'completed');
    expect(started.length).toBeGreaterThan(0);
    expect(finished.length).toBeGreaterThan(0);
    for (const m of started) expect(dayOf(m.at), m.eventName).toBe(m.eventDate);
    for (const m of finished) expect(dayOf(m.at) >= m.eventDate!, m.eventName).toBe(true);
  });

  it('links bookings of seeded customers by user id and matching e-mail', async () => {
    const rows = await handle.db
      .select({ clientEmail: bookings.clientEmail, email: users.email, role: users.role })
      .from(bookings)
      .innerJoin(users, eq(bookings.userId, users.id));
    expect(rows.length).toBeGreaterThan(5);
    for (const row of rows) {
      expect(row.role).toBe('customer');
      expect(row.clientEmail.toLowerCase()).toBe(row.email.toLowerCase());
    }
    const phones = await handle.db.select({ phone: users.phone }).from(users);
    for (const { phone } of phones) expect(phone).toMatch(/^\+91[6-9]\d{9}$/);
  });

  it('writes the status history of every non-inquiry booking to the audit log, ending at its status', async () => {
    const rows = await handle.db.select().from(bookings);
    const audit = await handle.db.select().from(auditLog).orderBy(auditLog.createdAt);
    for (const b of rows.filter((r) => r.status !== 'inquiry')) {
      // The demo's GST booking went through the services, which also audit its payments and documents.
      const history = audit.filter(
        (a) => a.entityType === 'booking' && a.entityId === b.id && a.action === 'booking.status_changed',
      );
      expect(history.length, b.eventName).toBeGreaterThan(0);
      const last = history[history.length - 1]!.data as { from: BookingStatus | null; to: BookingStatus };
      expect(last.to).toBe(b.status);
      for (let i = 1; i < history.length; i += 1) {
        expect((history[i]!.data as { from: string }).from).toBe((history[i - 1]!.data as { to: string }).to);
      }
    }
  });

  it('gives every booking that went ahead its ledger: the total charged, the booking amount paid, never more than the total', async () => {
    const rows = await handle.db.select().from(bookings);
    const ledger = await handle.db.select().from(bookingLedger);
    const today = todayInIndia();
    let overdue = 0;
    for (const b of rows.filter((r) => ['confirmed', 'in_progress', 'completed'].includes(r.status))) {
      const mine = ledger.filter((row) => row.bookingId === b.id);
      const sums = ledgerSums(mine.map((row) => ({ kind: row.kind, amount_paise: row.amountPaise })));
      expect(b.confirmedAt, b.eventName).not.toBeNull();
      expect(sums.charged_paise, b.eventName).toBe(b.finalAmountPaise);
      expect(sums.paid_paise, b.eventName).toBeGreaterThanOrEqual(bookingAmountFor(b.finalAmountPaise!));
      expect(sums.paid_paise, b.eventName).toBeLessThanOrEqual(b.finalAmountPaise!);
      if (b.status !== 'confirmed') expect(sums.due_paise, b.eventName).toBe(0);
      for (const row of mine) expect(row.createdAt.getTime()).toBeLessThanOrEqual(Date.now());
      const money = bookingMoney({
        status: b.status,
        totalPaise: b.finalAmountPaise,
        creditedPaise: 0,
        eventDate: b.eventDate,
        confirmedOn: isoDateInIndia(b.confirmedAt!),
        heldPaise: sums.held_paise,
        today,
      });
      if (money.days_overdue > 0) overdue += 1;
    }
    expect(overdue).toBeGreaterThan(0);
  });

  it('has suppliers in every state, each with a valid GSTIN when it has one', async () => {
    const rows = await handle.db.select().from(suppliers);
    const loginOf = new Map((await handle.db.select().from(users)).map((u) => [u.id, u]));

    const approved = rows.filter((s) => s.approvalStatus === 'approved' && s.userId);
    expect(approved.length).toBeGreaterThanOrEqual(5);
    for (const s of approved) {
      expect(s).toMatchObject({ isActive: true, isVerified: true });
      expect(s.rating).toBeGreaterThanOrEqual(4.2);
      expect(s.rating).toBeLessThanOrEqual(4.9);
      expect(s.services.length).toBeGreaterThan(0);
      expect(loginOf.get(s.userId!)).toMatchObject({ role: 'supplier', isActive: true });
    }

    const pending = rows.filter((s) => s.approvalStatus === 'pending');
    expect(pending).toHaveLength(3);
    for (const s of pending) {
      expect(s).toMatchObject({ isActive: false, isVerified: false });
      expect(loginOf.get(s.userId!)).toMatchObject({ role: 'supplier', isActive: false });
    }

    const rejected = rows.filter((s) => s.approvalStatus === 'rejected');
    expect(rejected).toHaveLength(1);
    expect(rejected[0]!.rejectionReason).toBeTruthy();
    expect(rejected[0]!.isActive).toBe(false);

    const adminAdded = rows.filter((s) => s.userId === null);
    expect(adminAdded).toHaveLength(1);
    expect(adminAdded[0]).toMatchObject({ approvalStatus: 'approved', isActive: true, isVerified: false });

    const gstins = rows.flatMap((s) => (s.gstNumber ? [s.gstNumber] : []));
    expect(gstins.length).toBeGreaterThan(5);
    for (const g of gstins) expect(isValidGstin(g), g).toBe(true);
    for (const s of rows.filter((r) => r.gstNumber)) {
      expect(s.gstNumber!.slice(0, 2)).toBe(['Mumbai', 'Pune'].includes(s.location!) ? '27' : '23');
    }
  });

  it('the GSTIN check itself accepts a published example and refuses a changed state code', () => {
    expect(isValidGstin('27AAPFU0939F1ZV')).toBe(true);
    expect(isValidGstin('23AAPFU0939F1ZV')).toBe(false);
  });

  it('records analytics of every kind with documentation IPs, mostly from mobiles', async () => {
    const rows = await handle.db.select().from(analyticsEvents);
    const bookingIds = new Set((await handle.db.select({ id: bookings.id }).from(bookings)).map((b) => b.id));
    const supplierIds = new Set((await handle.db.select({ id: suppliers.id }).from(suppliers)).map((s) => s.id));
    const kinds = new Set(rows.map((r) => r.kind));
    expect([...kinds].sort()).toEqual(['page_view', 'quotation', 'vendor_registration']);
    for (const r of rows) {
      expect(r.ipAddress).toMatch(/^(203\.0\.113|198\.51\.100|192\.0\.2)\.\d{1,3}$/);
      expect(r.createdAt.getTime()).toBeGreaterThan(Date.now() - 90 * 86_400_000);
      if (r.kind === 'quotation') expect(bookingIds.has(r.bookingId!)).toBe(true);
      if (r.kind === 'vendor_registration') expect(supplierIds.has(r.supplierId!)).toBe(true);
    }
    const mobile = rows.filter((r) => r.device === 'mobile').length;
    expect(mobile).toBeGreaterThan(rows.length / 2);
  });

  it('publishes six past testimonials rated 4 or 5', async () => {
    const rows = await handle.db.select().from(testimonials);
    expect(rows).toHaveLength(6);
    for (const t of rows) {
      expect(t.isPublished).toBe(true);
      expect([4, 5]).toContain(t.rating);
      expect(t.eventDate! < todayInIndia()).toBe(true);
    }
  });

  it('opens projects with invitations, a supplier quote and invitation notifications', async () => {
    const open = await handle.db.select().from(projects).where(eq(projects.status, 'open'));
    expect(open.length).toBeGreaterThanOrEqual(1);
    for (const p of open) {
      const hoursAhead = (p.autoAssignDate.getTime() - Date.now()) / 3_600_000;
      expect(hoursAhead).toBeGreaterThan(46);
      expect(hoursAhead).toBeLessThanOrEqual(48);
    }
    const invitations = await handle.db.select().from(projectInvitations);
    const notes = await handle.db.select().from(notifications);
    expect(invitations.length).toBeGreaterThanOrEqual(2);
    expect(notes).toHaveLength(invitations.length);
    for (const n of notes) {
      expect(n.kind).toBe('project_invitation');
      expect(n.message).toMatch(/^New project: .+ on .+ — submit your quote$/);
    }
    const quotes = await handle.db.select().from(supplierQuotes);
    expect(quotes).toHaveLength(1);
    const [quote] = quotes;
    const invited = invitations.some((i) => i.projectId === quote!.projectId && i.supplierId === quote!.supplierId);
    expect(invited).toBe(true);
  });

  it('every demo login signs in with its password and has the right role', async () => {
    for (const login of DEMO_LOGINS) {
      const [user] = await handle.db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = ${login.email.toLowerCase()}`);
      expect(user, login.email).toBeDefined();
      expect(user!.role).toBe(login.role);
      expect(await verifyPassword(user!.passwordHash!, login.password, config.passwordPepper), login.email).toBe(true);
    }
  });

  it('a second run returns seeded:false and changes nothing', async () => {
    const second = await seedDemo({ db: handle.db, config });
    expect(second).toEqual({ seeded: false, users: 0, suppliers: 0, bookings: 0, testimonials: 0 });
    expect(await rowCounts(handle.db)).toEqual(countsAfterFirst);
  });
});

describe('seedDemo next to existing accounts', () => {
  let handle: DatabaseHandle;
  let config: Config;

  beforeAll(async () => {
    handle = await openDatabase({ pgliteDir: 'memory' });
    await runMigrations(handle);
    config = testConfig();
  });

  afterAll(async () => {
    await handle?.close();
  });

  it('writes nothing at all when it fails part-way (one transaction)', async () => {
    // A customer already holds the demo supplier's e-mail: the supplier cannot be created.
    await handle.db
      .insert(users)
      .values({ email: 'supplier@annapurna-events.in', fullName: 'Someone Else', role: 'customer' });
    await expect(seedDemo({ db: handle.db, config })).rejects.toThrow(/supplier@annapurna-events\.in/);
    const counts = await rowCounts(handle.db);
    expect(counts).toMatchObject({ users: 1, suppliers: 0, bookings: 0, settings: 0, analyticsEvents: 0, auditLog: 0 });
    await handle.db.delete(users);

    // A failure at the very last insert (notifications) rolls back everything written before it.
    await handle.db.execute(sql`CREATE FUNCTION seed_test_fail() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'injected failure'; END $$`);
    await handle.db.execute(
      sql`CREATE TRIGGER seed_test_fail BEFORE INSERT ON notifications FOR EACH ROW EXECUTE FUNCTION seed_test_fail()`,
    );
    await expect(seedDemo({ db: handle.db, config })).rejects.toThrow(/notifications/);
    expect(Object.values(await rowCounts(handle.db)).every((n) => n === 0)).toBe(true);
    await handle.db.execute(sql`DROP TRIGGER seed_test_fail ON notifications`);
    await handle.db.execute(sql`DROP FUNCTION seed_test_fail()`);
  });

  it('keeps an existing admin account as it is', async () => {
    const ownHash = await hashPassword('Own-Admin-Pass-1', config.passwordHash);
    await handle.db
      .insert(users)
      .values({ email: 'Admin@Annapurna-Events.in', fullName: 'Real Admin', role: 'admin', passwordHash: ownHash });
    const result = await seedDemo({ db: handle.db, config });
    expect(result.seeded).toBe(true);
    const admins = await handle.db.select().from(users).where(eq(users.role, 'admin'));
    expect(admins).toHaveLength(1);
    expect(admins[0]).toMatchObject({ fullName: 'Real Admin', passwordHash: ownHash });
    const counts = await rowCounts(handle.db);
    expect(counts.users).toBe(result.users + 1);
  });
});
