import { randomBytes, randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { INSTALMENT_LABELS, paymentSchedule } from '../../shared/booking-rules';
import { addDays, DAY_MS, HOUR_MS, indiaTimeOn, isoDateInIndia } from '../../shared/dates';
import type { BookingStatus, DeviceClass } from '../../shared/domain';
import { gstinCheckChar } from '../../shared/gstin';
import { DEFAULT_MENU_RULES } from '../../shared/menu';
import { DEFAULT_PRICING, priceQuote } from '../../shared/pricing';
import type { ServiceDeps } from '../context';
import { hashPassword } from '../lib/password';
import { invitationMessage } from '../mail/project-templates';
import type { Transaction } from './client';
import { ANALYTICS_CITIES, PAGE_EVENT_TYPES, PAGE_PATHS, TARGET_ANALYTICS_EVENTS } from './demo/analytics';
import { BOOKINGS, type Client } from './demo/bookings';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  CUSTOMER_PASSWORD,
  CUSTOMERS,
  DEMO_LOGINS,
  type DemoLogin,
  SUPPLIERS,
} from './demo/people';
import { OPEN_PROJECTS, supplierQuoteFor } from './demo/projects';
import { TESTIMONIALS } from './demo/testimonials';
import { seedDemoGstDocuments } from './seed-gst';
import {
  analyticsEvents,
  auditLog,
  bookingLedger,
  bookingMenuItems,
  bookingMenus,
  bookings,
  dishes,
  notifications,
  projectInvitations,
  projects,
  settings,
  supplierQuotes,
  suppliers,
  testimonials,
  users,
} from './schema';
import { demoDishRows, demoMenuDishes } from './seed-menu';

/**
 * Demo data for a fresh installation (`npm run seed:demo`, or SEED_DEMO=true at start-up): an admin, customers,
 * suppliers in every approval state, bookings in every status with their audit history, analytics, testimonials
 * and open projects. The data themselves are in `./demo/`; this loader dates them relative to today in India, so
 * the demo always has past and upcoming events.
 *
 * Runs once: the `demo_seeded` settings row marks it done, and everything is written in one transaction.
 */

export const DEMO_SEEDED_KEY = 'demo_seeded';

export { DEMO_LOGINS, type DemoLogin };

/** The sign-ins as a plain-text table, for the terminal. */
export function formatDemoLogins(logins: readonly DemoLogin[]): string {
  const rows = [['Role', 'E-mail', 'Password', 'Note'], ...logins.map((l) => [l.role, l.email, l.password, l.note])];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const line = (row: string[]) =>
    row
      .map((cell, column) => cell.padEnd(widths[column]!))
      .join('  ')
      .trimEnd();
  return [line(rows[0]!), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)].join('\n');
}

export type SeedDemoResult = {
  seeded: boolean;
  /** With random passwords: the sign-ins to print once (nowhere else holds them). */
  logins?: DemoLogin[];
  users: number;
  suppliers: number;
  bookings: number;
  testimonials: number;
};

/** A small deterministic PRNG (mulberry32), so the demo data look the same on every installation. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

// ---------------------------------------------------------------------------------------------------------------
// GSTIN: 2-digit state code, PAN, entity number, 'Z', mod-36 check character (src/shared/gstin.ts).

function gstin(stateCode: '23' | '27', pan: string, entity = '1'): string {
  if (!/^[A-Z]{5}[0-9]{4}[A-Z]$/.test(pan) || !/^[1-9A-Z]$/.test(entity)) throw new Error(`Bad PAN ${pan}`);
  const first14 = `${stateCode}${pan}${entity}Z`;
  return first14 + gstinCheckChar(first14);
}

function pick<T>(items: readonly T[], random: () => number): T {
  return items[Math.floor(random() * items.length)]!;
}

/** Documentation address ranges (RFC 5737), never real visitors. */
function demoIp(random: () => number): string {
  const prefix = pick(['203.0.113', '198.51.100', '192.0.2'], random);
  return `${prefix}.${1 + Math.floor(random() * 254)}`;
}

function demoDevice(random: () => number): { device: DeviceClass; browser: string } {
  const roll = random();
  if (roll < 0.62) {
    return { device: 'mobile', browser: pick(['Chrome', 'Chrome', 'Chrome', 'Safari', 'Samsung Internet'], random) };
  }
  if (roll < 0.9) {
    return { device: 'desktop', browser: pick(['Chrome', 'Chrome', 'Edge', 'Firefox', 'Safari'], random) };
  }
  return { device: 'tablet', browser: pick(['Safari', 'Chrome'], random) };
}

// ---------------------------------------------------------------------------------------------------------------

type UserInsert = typeof users.$inferInsert;
type SupplierInsert = typeof suppliers.$inferInsert;
type BookingInsert = typeof bookings.$inferInsert;
type AuditInsert = typeof auditLog.$inferInsert;
type LedgerInsert = typeof bookingLedger.$inferInsert;
type AnalyticsInsert = typeof analyticsEvents.$inferInsert;
type NotificationInsert = typeof notifications.$inferInsert;

/**
 * The money of a demo booking that went ahead, as the schedule asks for it (docs/product.md#payments): its total
 * charged and the booking amount paid by UPI when it was confirmed; then, for each instalment already due, most
 * are paid (by bank transfer or UPI) a day or two before the due date and a few are left overdue, so Receivables
 * has something to show. A running or completed event has been paid in full.
 */
function demoLedger(
  bookingId: string,
  totalPaise: number,
  eventDate: string,
  confirmedAt: Date,
  status: BookingStatus,
  now: Date,
  random: () => number,
): LedgerInsert[] {
  const latest = now.getTime() - 5 * 60_000;
  const at = (time: number) => new Date(Math.min(time, latest));
  const utr = () => String(Math.floor(100_000_000_000 + random() * 899_999_999_999));
  const schedule = paymentSchedule({
    totalPaise,
    eventDate,
    confirmedOn: isoDateInIndia(confirmedAt),
    today: isoDateInIndia(now),
  });
  const rows: LedgerInsert[] = [
    { bookingId, kind: 'charge', amountPaise: totalPaise, note: 'Booking total', createdAt: confirmedAt },
  ];
  const paidInFull = status === 'in_progress' || status === 'completed';
  for (const [index, instalment] of schedule.entries()) {
    const dueAt = indiaTimeOn(instalment.due_date, '11:00').getTime();
    const paidAt =
      instalment.kind === 'booking_amount'
        ? confirmedAt.getTime() - 10 * 60_000
        : Math.max(confirmedAt.getTime() + HOUR_MS, dueAt - (1 + Math.floor(random() * 2)) * DAY_MS);
    const due = paidAt <= latest;
    // About one confirmed booking in four leaves its due advance unpaid for a while.
    const leftOverdue = !paidInFull && instalment.kind !== 'booking_amount' && random() < 0.25;
    if (!paidInFull && (!due || leftOverdue)) break;
    const byBank = instalment.kind !== 'booking_amount' && index % 2 === 0;
    rows.push({
      bookingId,
      kind: 'payment',
      amountPaise: instalment.amount_paise,
      method: byBank ? 'bank_transfer' : 'upi',
      reference: byBank ? `NEFT-${utr().slice(0, 8)}` : utr(),
      note: INSTALMENT_LABELS[instalment.kind],
      createdAt: at(paidAt),
    });
  }
  return rows;
}

/**
 * When each status in a booking's history was entered; never in the future, always after the previous move; in
 * progress on the event day and completed from it.
 */
function statusTimes(history: BookingStatus[], createdAt: Date, eventDate: string, now: Date): Date[] {
  const times: Date[] = [createdAt];
  const latest = now.getTime() - 5 * 60_000;
  for (let i = 1; i < history.length; i += 1) {
    const previous = times[i - 1]!.getTime();
    let at: number;
    switch (history[i]) {
      case 'quoted':
        at = previous + 26 * HOUR_MS;
        break;
      case 'confirmed':
        at = previous + 2 * DAY_MS + 3 * HOUR_MS;
        break;
      case 'in_progress':
        at = indiaTimeOn(eventDate, '07:00').getTime();
        break;
      case 'completed':
        at = indiaTimeOn(addDays(eventDate, 1), '11:00').getTime();
        break;
      default:
        at = previous + 4 * DAY_MS + 5 * HOUR_MS;
    }
    let entered = Math.max(Math.min(at, latest), previous + 60_000);
    // Never before the event day, as the admin's own moves (docs/product.md#booking-statuses), even just after
    // midnight.
    if (history[i] === 'in_progress' || history[i] === 'completed') {
      entered = Math.max(entered, indiaTimeOn(eventDate, '00:00').getTime());
    }
    times.push(new Date(entered));
  }
  return times;
}

/**
 * `randomPasswords` (production): each demo password is replaced by a random one, the same for the accounts that
 * share it (every demo customer, every supplier), and answered in `logins` to be printed once.
 */
export async function seedDemo(
  deps: ServiceDeps,
  options: { randomPasswords?: boolean } = {},
): Promise<SeedDemoResult> {
  const none: SeedDemoResult = { seeded: false, users: 0, suppliers: 0, bookings: 0, testimonials: 0 };
  // Cheap check first, so a start-up with SEED_DEMO=true on a seeded database does not hash anything.
  const [marker] = await deps.db.select({ key: settings.key }).from(settings).where(eq(settings.key, DEMO_SEEDED_KEY));
  if (marker) return none;

  // argon2 is slow by design: hash each distinct password once, before the transaction opens.
  const distinct = [ADMIN_PASSWORD, CUSTOMER_PASSWORD, ...SUPPLIERS.flatMap((s) => (s.password ? [s.password] : []))];
  const actual = new Map(
    [...new Set(distinct)].map((p) => [p, options.randomPasswords ? randomBytes(12).toString('base64url') : p]),
  );
  const hashes = new Map<string, string>();
  await Promise.all(
    [...actual].map(async ([demo, password]) => {
      hashes.set(demo, await hashPassword(password, deps.config.passwordHash, deps.config.passwordPepper));
    }),
  );
  const hashOf = (password: string) => hashes.get(password)!;
  const logins = options.randomPasswords
    ? DEMO_LOGINS.map((login) => ({ ...login, password: actual.get(login.password)! }))
    : undefined;

  return deps.db.transaction(async (tx) => {
    // The marker goes in first: a concurrent seeder waits on it and then finds the row, so only one seeds.
    const claimed = await tx
      .insert(settings)
      .values({ key: DEMO_SEEDED_KEY, value: { seeded_at: new Date().toISOString(), version: 1 } })
      .onConflictDoNothing()
      .returning({ key: settings.key });
    if (claimed.length === 0) return none;
    const result = await seedDemoGstDocuments(deps, tx, await writeDemoData(tx, hashOf, new Date()));
    return logins ? { ...result, logins } : result;
  });
}

async function writeDemoData(
  tx: Transaction,
  hashOf: (password: string) => string,
  now: Date,
): Promise<SeedDemoResult> {
  const today = isoDateInIndia(now);
  const random = prng(20_240_917);
  const daysAgo = (days: number, time: string) => {
    const at = indiaTimeOn(addDays(today, -days), time);
    return at.getTime() < now.getTime() ? at : new Date(now.getTime() - HOUR_MS);
  };

  // --- Accounts that already exist -----------------------------------------------------------------------------
  const seededEmails = [
    ADMIN_EMAIL,
    ...CUSTOMERS.map((c) => c.email),
    ...SUPPLIERS.filter((s) => s.password).map((s) => s.email),
  ];
  const existing = await tx
    .select({ id: users.id, email: users.email, role: users.role })
    .from(users)
    .where(
      inArray(
        sql`lower(${users.email})`,
        seededEmails.map((e) => e.toLowerCase()),
      ),
    );
  const existingByEmail = new Map(existing.map((u) => [u.email.toLowerCase(), u]));
  const takenSupplierEmails = await tx
    .select({ email: suppliers.email })
    .from(suppliers)
    .where(
      inArray(
        sql`lower(${suppliers.email})`,
        SUPPLIERS.map((s) => s.email.toLowerCase()),
      ),
    );
  if (takenSupplierEmails.length > 0) {
    const taken = takenSupplierEmails.map((s) => s.email).join(', ');
    throw new Error(`Demo data needs a database without these suppliers: ${taken}`);
  }

  const userRows: UserInsert[] = [];

  // Admin: skipped when the account exists (for example created from ADMIN_EMAIL); its id still signs the audit rows.
  const existingAdmin = existingByEmail.get(ADMIN_EMAIL);
  let adminId: string | null = existingAdmin?.role === 'admin' ? existingAdmin.id : null;
  if (!existingAdmin) {
    adminId = randomUUID();
    userRows.push({
      id: adminId,
      email: ADMIN_EMAIL,
      fullName: 'Annapurna Admin',
      phone: '+919826012345',
      city: 'Indore',
      passwordHash: hashOf(ADMIN_PASSWORD),
      role: 'admin',
      createdAt: daysAgo(90, '10:00'),
      emailVerifiedAt: daysAgo(90, '10:05'),
    });
  }

  // Customers: an existing customer account with the same e-mail is reused as it is, anything else is a conflict.
  const customerIds = new Map<string, string>();
  for (const customer of CUSTOMERS) {
    const found = existingByEmail.get(customer.email);
    if (found) {
      if (found.role !== 'customer') throw new Error(`Demo data: ${customer.email} already belongs to a ${found.role}`);
      customerIds.set(customer.key, found.id);
      continue;
    }
    const ownBookings = BOOKINGS.filter((b) => b.customer === customer.key);
    const firstBooking = Math.max(...ownBookings.map((b) => b.createdDaysAgo), 0);
    const id = randomUUID();
    customerIds.set(customer.key, id);
    userRows.push({
      id,
      email: customer.email,
      fullName: customer.fullName,
      phone: customer.phone,
      city: customer.city,
      passwordHash: hashOf(CUSTOMER_PASSWORD),
      role: 'customer',
      createdAt: daysAgo(Math.min(firstBooking + 3, 89), '21:15'),
      // Demo customers have confirmed their address, so My Bookings shows the quotes made in it.
      emailVerifiedAt: daysAgo(Math.min(firstBooking + 3, 89), '21:20'),
    });
  }

  // --- Suppliers ----------------------------------------------------------------------------------------------
  const supplierIds = new Map<string, string>();
  const supplierUserIds = new Map<string, string | null>();
  const supplierRows: SupplierInsert[] = [];
  for (const s of SUPPLIERS) {
    const createdAt = daysAgo(s.createdDaysAgo, '16:40');
    let userId: string | null = null;
    if (s.password) {
      if (existingByEmail.has(s.email)) throw new Error(`Demo data: ${s.email} is already registered`);
      userId = randomUUID();
      userRows.push({
        id: userId,
        email: s.email,
        fullName: s.contact,
        phone: s.phone,
        city: s.location,
        passwordHash: hashOf(s.password),
        role: 'supplier',
        // Vendors sign in only once approved; the supplier row is what login checks first.
        isActive: s.state === 'approved',
        createdAt,
        // The pending vendor has not opened its confirmation link yet, so the admin's queue shows both states.
        emailVerifiedAt: s.state === 'pending' ? null : new Date(createdAt.getTime() + 10 * 60 * 1000),
      });
    }
    const id = randomUUID();
    supplierIds.set(s.key, id);
    supplierUserIds.set(s.key, userId);
    const live = s.state === 'approved' || s.state === 'admin_added';
    const reviewed = s.state === 'approved' || s.state === 'rejected';
    supplierRows.push({
      id,
      userId,
      name: s.contact,
      businessName: s.businessName,
      email: s.email,
      phone: s.phone,
      location: s.location,
      businessAddress: s.businessAddress,
      services: s.services,
      servicesOffered: s.servicesOffered,
      experienceYears: s.experienceYears,
      gstNumber: s.gst ? gstin(s.gst.state, s.gst.pan) : null,
      portfolioLink: s.portfolioLink,
      approvalStatus: s.state === 'admin_added' ? 'approved' : s.state,
      rejectionReason: s.rejectionReason ?? null,
      isVerified: s.state === 'approved',
      isActive: live,
      rating: s.rating,
      reviewedAt: reviewed ? new Date(createdAt.getTime() + 30 * HOUR_MS) : null,
      createdAt,
      updatedAt: reviewed ? new Date(createdAt.getTime() + 30 * HOUR_MS) : createdAt,
    });
  }

  if (userRows.length > 0) await tx.insert(users).values(userRows);
  await tx.insert(suppliers).values(supplierRows);

  // --- Bookings, their audit history and quotation analytics -------------------------------------------------
  const bookingIds = new Map<string, string>();
  const bookingRows: BookingInsert[] = [];
  const auditRows: AuditInsert[] = [];
  const ledgerRows: LedgerInsert[] = [];
  // Its own sequence, so the demo's money does not shift the rest of the demo data.
  const moneyRandom = prng(7_031_999);
  const analyticsRows: AnalyticsInsert[] = [];

  BOOKINGS.forEach((b, index) => {
    const customer = b.customer ? CUSTOMERS.find((c) => c.key === b.customer) : undefined;
    const client: Client = customer
      ? { name: customer.fullName, email: customer.email, phone: customer.phone }
      : b.client!;
    const userId = b.customer ? customerIds.get(b.customer)! : null;
    const id = randomUUID();
    bookingIds.set(b.key, id);

    const eventDate = addDays(today, b.eventInDays);
    // Spread over the working day, 09:00 to 21:59 India time.
    const hour = String(9 + ((index * 5) % 13)).padStart(2, '0');
    const minute = String((index * 17) % 60).padStart(2, '0');
    const createdAt = daysAgo(b.createdDaysAgo, `${hour}:${minute}`);
    const times = statusTimes(b.history, createdAt, eventDate, now);
    const status = b.history[b.history.length - 1]!;
    const quotedIndex = b.history.findIndex((s) => s !== 'inquiry' && s !== 'cancelled');
    const quote =
      quotedIndex >= 0
        ? priceQuote({
            tier: b.tier,
            eventType: b.eventType,
            venueType: b.venueType,
            city: b.city,
            guestCount: b.guests,
          })
        : null;
    const quotedOn = quotedIndex >= 0 ? isoDateInIndia(times[quotedIndex]!) : null;
    const confirmedIndex = b.history.indexOf('confirmed');
    const confirmedAt = confirmedIndex >= 0 ? times[confirmedIndex]! : null;

    bookingRows.push({
      id,
      userId,
      clientName: client.name,
      clientEmail: client.email,
      clientPhone: client.phone,
      eventType: b.eventType,
      eventName: b.eventName,
      eventDate,
      eventTime: b.eventTime,
      venueName: b.venueName,
      venueAddress: b.venueAddress,
      venueType: b.venueType,
      city: b.city,
      guestCount: b.guests,
      requirements: { venue_type: b.venueType, ...b.requirements },
      pricingTier: quote || b.source === 'instant_quote' ? b.tier : null,
      basePricePerPersonPaise: quote?.basePricePerPersonPaise ?? null,
      discountPaise: quote?.discountPaise ?? null,
      subtotalPaise: quote?.subtotalPaise ?? null,
      gstPaise: quote?.gstPaise ?? null,
      // The rate it was priced at, as every quote stores it: a later change of guests re-prices at this rate.
      gstPercent: quote?.gstPercent ?? null,
      finalAmountPaise: quote?.finalAmountPaise ?? null,
      validUntil: quotedOn ? addDays(quotedOn, DEFAULT_PRICING.validityDays) : null,
      status,
      source: b.source,
      notes: b.notes ?? null,
      createdAt,
      updatedAt: times[times.length - 1]!,
      confirmedAt,
    });
    if (confirmedAt && quote && status !== 'cancelled') {
      ledgerRows.push(...demoLedger(id, quote.finalAmountPaise, eventDate, confirmedAt, status, now, moneyRandom));
    }

    if (status !== 'inquiry') {
      b.history.forEach((to, i) => {
        const from = i === 0 ? null : b.history[i - 1]!;
        // The customer starts a booking (instant quote or inquiry form); the team moves it on.
        const actorUserId = i === 0 ? userId : adminId;
        auditRows.push({
          actorUserId,
          action: 'booking.status_changed',
          entityType: 'booking',
          entityId: id,
          data: { from, to },
          createdAt: times[i]!,
        });
      });
    }

    if (b.source === 'instant_quote') {
      const { device, browser } = demoDevice(random);
      const ip = demoIp(random);
      const pageAt = new Date(createdAt.getTime() - (3 + Math.floor(random() * 10)) * 60_000);
      const visitor = { ipAddress: ip, browser, device, city: b.city, eventType: b.eventType };
      analyticsRows.push(
        { kind: 'page_view', path: `/book?eventType=${b.eventType}`, ...visitor, createdAt: pageAt },
        { kind: 'quotation', path: '/book', ...visitor, bookingId: id, createdAt },
      );
    }
  });

  await tx.insert(bookings).values(bookingRows);
  const catalogue = await tx.insert(dishes).values(demoDishRows()).returning({
    id: dishes.id,
    name: dishes.name,
    course: dishes.course,
    diet: dishes.diet,
    active: dishes.active,
    addOnPricePaise: dishes.addOnPricePaise,
    sortOrder: dishes.sortOrder,
  });

  // --- Menus chosen for some of the bookings ahead (docs/product.md#menus) -------------------------------------
  for (const b of BOOKINGS) {
    if (!b.menu) continue;
    const split = { veg: b.menu.veg, jain: b.menu.jain, non_veg: b.menu.nonVeg };
    const bookingId = bookingIds.get(b.key)!;
    await tx.insert(bookingMenus).values({
      bookingId,
      guestsVeg: split.veg,
      guestsJain: split.jain,
      guestsNonVeg: split.non_veg,
      allergyNotes: b.menu.allergyNotes ?? null,
      setupNotes: b.menu.setupNotes ?? null,
      updatedBy: b.customer ? customerIds.get(b.customer)! : adminId,
    });
    await tx.insert(bookingMenuItems).values(
      demoMenuDishes(b.tier, split, catalogue, DEFAULT_MENU_RULES.allowances).map((dish) => ({
        bookingId,
        dishId: dish.id,
        addOnPricePaise: null,
      })),
    );
  }
  await tx.insert(auditLog).values(auditRows);
  await tx.insert(bookingLedger).values(ledgerRows);

  // --- Vendor registrations, then page views up to the target -------------------------------------------------
  for (const s of SUPPLIERS) {
    if (!s.password) continue;
    const { device, browser } = demoDevice(random);
    analyticsRows.push({
      kind: 'vendor_registration',
      path: '/vendor-register',
      ipAddress: demoIp(random),
      browser,
      device,
      city: s.location,
      supplierId: supplierIds.get(s.key)!,
      createdAt: daysAgo(s.createdDaysAgo, '16:40'),
    });
  }
  while (analyticsRows.length < TARGET_ANALYTICS_EVENTS) {
    const { device, browser } = demoDevice(random);
    const path = pick(PAGE_PATHS, random);
    const typed = /eventType=(\w+)/.exec(path)?.[1] ?? pick(PAGE_EVENT_TYPES, random);
    const at = new Date(now.getTime() - Math.floor(random() * 89 * DAY_MS) - HOUR_MS);
    analyticsRows.push({
      kind: 'page_view',
      path,
      ipAddress: demoIp(random),
      browser,
      device,
      city: pick(ANALYTICS_CITIES, random),
      eventType: typed,
      createdAt: at,
    });
  }
  await tx.insert(analyticsEvents).values(analyticsRows);

  // --- Testimonials --------------------------------------------------------------------------------------------
  await tx.insert(testimonials).values(
    TESTIMONIALS.map((t) => ({
      clientName: t.clientName,
      eventType: t.eventType,
      rating: t.rating,
      review: t.review,
      eventDate: addDays(today, -t.eventDaysAgo),
      isPublished: true,
      createdAt: daysAgo(Math.max(t.eventDaysAgo - 3, 1), '18:20'),
    })),
  );

  // --- Open projects with invitations, one supplier quote and notifications ------------------------------------
  const openedAt = new Date(now.getTime() - 2 * HOUR_MS);
  const autoAssignDate = new Date(now.getTime() + 48 * HOUR_MS);
  const notificationRows: NotificationInsert[] = [];
  for (const p of OPEN_PROJECTS) {
    const seed = BOOKINGS.find((b) => b.key === p.booking)!;
    const booking = bookingRows.find((b) => b.id === bookingIds.get(p.booking))!;
    const projectId = randomUUID();
    // 48 hours from opening, but never later than 24 hours before the event (docs/product.md#auto-assign).
    const latest = indiaTimeOn(booking.eventDate!, '00:00').getTime() - 24 * HOUR_MS;
    await tx.insert(projects).values({
      id: projectId,
      bookingId: booking.id!,
      status: 'open',
      autoAssignDate: new Date(Math.min(autoAssignDate.getTime(), latest)),
      createdAt: openedAt,
      updatedAt: openedAt,
    });
    await tx
      .insert(projectInvitations)
      .values(p.invite.map((key) => ({ projectId, supplierId: supplierIds.get(key)!, createdAt: openedAt })));
    for (const key of p.invite) {
      notificationRows.push({
        userId: supplierUserIds.get(key) ?? null,
        supplierId: supplierIds.get(key)!,
        projectId,
        kind: 'project_invitation',
        message: invitationMessage({ eventName: seed.eventName, eventDate: booking.eventDate ?? null }),
        createdAt: openedAt,
      });
    }
    if (p.quoteFrom) {
      await tx.insert(supplierQuotes).values({
        projectId,
        supplierId: supplierIds.get(p.quoteFrom)!,
        ...supplierQuoteFor(seed.guests),
        submittedAt: new Date(now.getTime() - 30 * 60_000),
        updatedAt: new Date(now.getTime() - 30 * 60_000),
      });
    }
  }
  await tx.insert(notifications).values(notificationRows);

  return {
    seeded: true,
    users: userRows.length,
    suppliers: supplierRows.length,
    bookings: bookingRows.length,
    testimonials: TESTIMONIALS.length,
  };
}
