import { and, asc, between, eq, gte, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import {
  DEFAULT_CALENDAR_RULES,
  dayAvailability,
  dayRefusal,
  dayRefusalDetail,
  dayRule,
  EMPTY_LOAD,
  FREE_DATE_HORIZON_DAYS,
  monthDates,
  nextFreeDates,
  OCCUPYING_STATUSES,
  type CalendarRules,
  type DayLoad,
  type DayOverride,
  type DayRule,
} from '../../../shared/calendar';
import { addDays, todayInIndia } from '../../../shared/dates';
import { venueLine } from '../../../shared/domain';
import {
  availabilityQuerySchema,
  calendarDateInputSchema,
  calendarDayInputSchema,
  calendarDaysQuerySchema,
  calendarEventsQuerySchema,
  operationsRulesInputSchema,
  type AvailabilityDto,
  type AvailabilityQuery,
  type CalendarDayDto,
  type CalendarDayInput,
  type CalendarEventsDto,
  type CalendarEventsQuery,
  type OperationsRulesDto,
  type OperationsRulesInput,
  type OperationsRulesSettingsDto,
} from '../../../shared/schemas/calendar';
import { DEFAULT_BID_RULES, type BidRules } from '../../../shared/supplier-bids';
import type { Executor } from '../../db/client';
import { reusableSelect, type ValueOf } from '../../db/reusable-statements';
import { bookingMenus, bookings, calendarDays, projects, settings, suppliers } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { AppError, ValidationError } from '../../lib/errors';
import { settingValues } from '../../lib/settings';
import type { ServiceDeps } from '../../context';

/** The `settings` key of the capacity and bid numbers (docs/product.md#calendar, #supplier-bids). */
export const OPERATIONS_RULES_KEY = 'operations_rules';

export type OperationsRules = { calendar: CalendarRules; bids: BidRules };

function toDto(rules: OperationsRules): OperationsRulesDto {
  return {
    max_events_per_day: rules.calendar.maxEventsPerDay,
    max_guests_per_day: rules.calendar.maxGuestsPerDay,
    supplier_budget_percent: rules.bids.budgetPercent,
    bid_floor_percent: rules.bids.floorPercent,
  };
}

const DEFAULT_OPERATIONS_RULES: OperationsRules = { calendar: DEFAULT_CALENDAR_RULES, bids: DEFAULT_BID_RULES };

/**
 * The capacity and bid numbers in force: the admin's saved values, else the defaults (no daily limit until the
 * business sets one; supplier budget 70% of the taxable amount, floor 40% of it). A stored value that no longer
 * validates falls back to the defaults rather than breaking quotes.
 */
export async function currentOperationsRules(db: Executor): Promise<OperationsRules> {
  return operationsRulesFrom((await settingValues(db, [OPERATIONS_RULES_KEY])).get(OPERATIONS_RULES_KEY));
}

/** The rules a stored `operations_rules` value says (`currentOperationsRules`); no value or a bad one: the defaults. */
export function operationsRulesFrom(value: unknown): OperationsRules {
  const parsed = value === undefined ? null : operationsRulesInputSchema.safeParse(value);
  if (!parsed?.success) return DEFAULT_OPERATIONS_RULES;
  const d = parsed.data;
  return {
    calendar: { maxEventsPerDay: d.max_events_per_day, maxGuestsPerDay: d.max_guests_per_day },
    bids: { budgetPercent: d.supplier_budget_percent, floorPercent: d.bid_floor_percent },
  };
}

/** The admin's Settings view of the capacity and bid numbers, with the defaults beside them. */
export async function getOperationsRules(deps: ServiceDeps): Promise<OperationsRulesSettingsDto> {
  return { rules: toDto(await currentOperationsRules(deps.db)), defaults: toDto(DEFAULT_OPERATIONS_RULES) };
}

/** The admin saves the capacity and bid numbers; audited with the old and new values. */
export async function updateOperationsRules(
  deps: ServiceDeps,
  input: OperationsRulesInput,
  adminId: string,
): Promise<OperationsRulesSettingsDto> {
  const data = operationsRulesInputSchema.parse(input);
  await deps.db.transaction(async (tx) => {
    const before = toDto(await currentOperationsRules(tx));
    const now = new Date();
    await tx
      .insert(settings)
      .values({ key: OPERATIONS_RULES_KEY, value: data, updatedAt: now })
      .onConflictDoUpdate({ target: settings.key, set: { value: data, updatedAt: now } });
    await writeAudit(tx, {
      actorUserId: adminId,
      action: 'settings.operations_rules_changed',
      entityType: 'user',
      entityId: adminId,
      data: { from: before, to: data },
    });
  });
  return getOperationsRules(deps);
}

type DayRow = typeof calendarDays.$inferSelect;

function overrideOf(row: DayRow): DayOverride {
  return {
    maxEvents: row.maxEvents,
    maxGuests: row.maxGuests,
    closedReason: row.closedReason,
    surchargePercent: row.surchargePercent,
    surchargeReason: row.surchargeReason,
  };
}

function dayDto(row: DayRow): CalendarDayDto {
  return {
    date: row.date,
    max_events: row.maxEvents,
    max_guests: row.maxGuests,
    closed_reason: row.closedReason,
    surcharge_percent: row.surchargePercent,
    surcharge_reason: row.surchargeReason,
  };
}

/** The dates with their own settings from `from` (today in India by default), in date order. */
export async function listCalendarDays(
  deps: ServiceDeps,
  query: { from?: string | null } = {},
): Promise<CalendarDayDto[]> {
  const { from } = calendarDaysQuerySchema.parse(query);
  const rows = await deps.db
    .select()
    .from(calendarDays)
    .where(gte(calendarDays.date, from ?? todayInIndia()))
    .orderBy(asc(calendarDays.date))
    .limit(500);
  return rows.map(dayDto);
}

/**
 * The admin sets one date's own limits, closes it with a reason, or gives it a peak surcharge with its reason
 * (docs/product.md#calendar). Lowering a limit below what is already confirmed is allowed (the day shows full);
 * bookings already confirmed keep their day. A date with nothing left set is removed. Audited.
 */
export async function saveCalendarDay(
  deps: ServiceDeps,
  input: CalendarDayInput,
  adminId: string,
): Promise<{ day: CalendarDayDto | null }> {
  const data = calendarDayInputSchema.parse(input);
  const empty =
    data.max_events === null &&
    data.max_guests === null &&
    data.closed_reason === null &&
    data.surcharge_percent === null;
  // Dates are set from today on (docs/product.md#calendar-screens); a day that has passed keeps what it had, and
  // may only be cleared.
  if (!empty && data.date < todayInIndia()) {
    throw new ValidationError([
      {
        loc: ['body', 'date'],
        msg: 'Choose today or a later date: a day that has passed cannot be set',
        type: 'value_error',
      },
    ]);
  }
  return deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(calendarDays).where(eq(calendarDays.date, data.date)).limit(1);
    const values = {
      maxEvents: data.max_events,
      maxGuests: data.max_guests,
      closedReason: data.closed_reason,
      surchargePercent: data.surcharge_percent,
      surchargeReason: data.surcharge_percent === null ? null : data.surcharge_reason,
      updatedBy: adminId,
      updatedAt: new Date(),
    };
    let saved: DayRow | undefined;
    if (empty) await tx.delete(calendarDays).where(eq(calendarDays.date, data.date));
    else {
      [saved] = await tx
        .insert(calendarDays)
        .values({ date: data.date, ...values })
        .onConflictDoUpdate({ target: calendarDays.date, set: values })
        .returning();
    }
    await writeAudit(tx, {
      actorUserId: adminId,
      action: 'calendar.day_changed',
      entityType: 'user',
      entityId: adminId,
      data: { date: data.date, from: before ? dayDto(before) : null, to: saved ? dayDto(saved) : null },
    });
    return { day: saved ? dayDto(saved) : null };
  });
}

/** The admin removes a date's own settings: it follows the ordinary day again. */
export async function deleteCalendarDay(
  deps: ServiceDeps,
  input: { date: string },
  adminId: string,
): Promise<{ date: string; removed: boolean }> {
  const { date } = calendarDateInputSchema.parse(input);
  return deps.db.transaction(async (tx) => {
    const [removed] = await tx.delete(calendarDays).where(eq(calendarDays.date, date)).returning();
    if (removed) {
      await writeAudit(tx, {
        actorUserId: adminId,
        action: 'calendar.day_changed',
        entityType: 'user',
        entityId: adminId,
        data: { date, from: dayDto(removed), to: null },
      });
    }
    return { date, removed: removed !== undefined };
  });
}

/** Every date's own settings in a range, by date. */
async function overridesBetween(db: Executor, from: string, to: string): Promise<Map<string, DayOverride>> {
  const rows = await overridesIn(db, { from, to });
  return new Map(rows.map((row) => [row.date, overrideOf(row)]));
}

// This read and the loads' are written once (`reusableSelect`): every quote and booking checks its day.
const overridesIn = reusableSelect((db, value: ValueOf<{ from: string; to: string }>) =>
  db
    .select()
    .from(calendarDays)
    .where(between(calendarDays.date, value('from'), value('to'))),
);

/** What the committed bookings take on each date of a range (OCCUPYING_STATUSES), leaving one booking out. */
async function loadsBetween(
  db: Executor,
  from: string,
  to: string,
  excludeBookingId: string | null,
): Promise<Map<string, DayLoad>> {
  const rows = excludeBookingId
    ? await loadsExcluding(db, { from, to, excludeBookingId })
    : await loadsIn(db, { from, to });
  return new Map(rows.map((row) => [row.date!, { events: Number(row.events), guests: Number(row.guests) }]));
}

const dayLoads = (db: Executor, where: SQL) =>
  db
    .select({
      date: bookings.eventDate,
      events: sql<number>`count(*)::int`,
      guests: sql<number>`coalesce(sum(${bookings.guestCount}), 0)::int`,
    })
    .from(bookings)
    .where(and(where, inArray(bookings.status, [...OCCUPYING_STATUSES])))
    .groupBy(bookings.eventDate);

const loadsIn = reusableSelect((db, value: ValueOf<{ from: string; to: string }>) =>
  dayLoads(db, between(bookings.eventDate, value('from'), value('to'))),
);

const loadsExcluding = reusableSelect((db, value: ValueOf<{ from: string; to: string; excludeBookingId: string }>) =>
  dayLoads(
    db,
    and(between(bookings.eventDate, value('from'), value('to')), ne(bookings.id, value('excludeBookingId')))!,
  ),
);

/** The rules and loads of a range, as lookups for the shared rule. */
async function calendarBetween(
  db: Executor,
  from: string,
  to: string,
  excludeBookingId: string | null = null,
  knownRules?: OperationsRules | Promise<OperationsRules>,
) {
  const [rules, overrides, loads] = await Promise.all([
    knownRules ?? currentOperationsRules(db),
    overridesBetween(db, from, to),
    loadsBetween(db, from, to, excludeBookingId),
  ]);
  return {
    ruleOf: (date: string): DayRule => dayRule(rules.calendar, overrides.get(date)),
    loadOf: (date: string): DayLoad => loads.get(date) ?? EMPTY_LOAD,
  };
}

/**
 * One month as /book and the date-change picker show it (docs/product.md#calendar): each date available, full,
 * closed or past (India time), with the reason and any peak surcharge. With `guests`, a day without room for that
 * many more guests is full. Public: it tells no one whose events they are.
 */
export async function getAvailability(deps: ServiceDeps, query: AvailabilityQuery): Promise<AvailabilityDto> {
  const { month, guests } = availabilityQuerySchema.parse(query);
  const dates = monthDates(month);
  const today = todayInIndia();
  const { ruleOf, loadOf } = await calendarBetween(deps.db, dates[0]!, dates.at(-1)!);
  return {
    month,
    today,
    days: dates.map((date) => dayAvailability(date, today, ruleOf(date), loadOf(date), guests)),
  };
}

/**
 * Serialises everything that may fill one date: a per-date advisory lock held to the end of the transaction. Every
 * confirmation and every guest or date change onto a day takes it before counting, so two of them can never both
 * see the last place free.
 */
export async function lockDay(tx: Executor, date: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`calendar-day:${date}`}))`);
}

/**
 * Refuses a date that cannot take one more event of `guests` guests (docs/product.md#calendar): 409 with `detail`
 * (the reason and the next free dates) and `next_free_dates`, the next three dates with room, up to a year ahead.
 * With `lock`, the date's lock is taken first (inside the caller's transaction), so the check and the write that
 * follows it hold under concurrency. A booking without a date is not checked; `excludeBookingId` leaves the
 * booking's own place out (a guest change on a confirmed booking).
 */
export async function assertDayHasRoom(
  tx: Executor,
  check: { date: string | null; guests: number | null; excludeBookingId?: string | null; lock: boolean },
): Promise<void> {
  if (!check.date) return;
  if (check.lock) await lockDay(tx, check.date);
  const day = await readDay(tx, check.date, { excludeBookingId: check.excludeBookingId ?? null });
  await assertRoomOn(tx, day, check.guests ?? 0);
}

/**
 * One date as the calendar has it: its rule (limits, closure, peak surcharge) and what its bookings take, leaving
 * out `excludeBookingId` (a booking's own place when its guests change).
 */
export type CalendarDay = { date: string; rule: DayRule; load: DayLoad; excludeBookingId: string | null };

/**
 * One date's rule and load in one round trip, for a caller that checks its room (`assertRoomOn`) and prices its
 * surcharge from the same read; `rules` read with the caller's other settings (or being read: a promise, so the
 * day's reads go out beside that read) are not read again.
 */
export async function readDay(
  db: Executor,
  date: string,
  options: { rules?: OperationsRules | Promise<OperationsRules>; excludeBookingId?: string | null } = {},
): Promise<CalendarDay> {
  const excludeBookingId = options.excludeBookingId ?? null;
  const day = await calendarBetween(db, date, date, excludeBookingId, options.rules);
  return { date, rule: day.ruleOf(date), load: day.loadOf(date), excludeBookingId };
}

/** `assertDayHasRoom` on a day already read (`readDay`). */
export async function assertRoomOn(tx: Executor, day: CalendarDay, guests: number): Promise<void> {
  const refusal = dayRefusal(day.rule, day.load, guests);
  if (!refusal) return;
  const today = todayInIndia();
  const start = day.date < today ? today : day.date;
  const ahead = await calendarBetween(tx, start, addDays(start, FREE_DATE_HORIZON_DAYS), day.excludeBookingId);
  const free = nextFreeDates(day.date, today, guests, ahead.ruleOf, ahead.loadOf);
  throw new AppError('DATE_UNAVAILABLE', dayRefusalDetail(day.date, refusal.reason, free), {
    next_free_dates: free,
  });
}

/**
 * The admin calendar (docs/product.md#calendar): every booking with an event date in the range (a month or a week,
 * at most 62 days), by date and time, with its guests, status, venue and awarded supplier; filtered by status and
 * event type (cancelled bookings only when asked for). Each date of the range comes with its load and limits.
 */
export async function listCalendarEvents(deps: ServiceDeps, query: CalendarEventsQuery): Promise<CalendarEventsDto> {
  const { from, to, status, event_type } = calendarEventsQuerySchema.parse(query);
  const [rows, day] = await Promise.all([
    deps.db
      .select({ booking: bookings, supplier: suppliers.businessName, menu: bookingMenus })
      .from(bookings)
      .leftJoin(projects, and(eq(projects.bookingId, bookings.id), eq(projects.status, 'awarded')))
      .leftJoin(suppliers, eq(suppliers.id, projects.awardedSupplierId))
      .leftJoin(bookingMenus, eq(bookingMenus.bookingId, bookings.id))
      .where(
        and(
          between(bookings.eventDate, from, to),
          status ? eq(bookings.status, status) : ne(bookings.status, 'cancelled'),
          event_type ? eq(bookings.eventType, event_type) : undefined,
        ),
      )
      .orderBy(asc(bookings.eventDate), asc(bookings.eventTime), asc(bookings.createdAt))
      .limit(2000),
    calendarBetween(deps.db, from, to),
  ]);
  const today = todayInIndia();
  const dates: string[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) dates.push(date);
  return {
    from,
    to,
    events: rows.map(({ booking: b, supplier, menu }) => ({
      booking_id: b.id,
      event_date: b.eventDate!,
      event_time: b.eventTime,
      event_name: b.eventName,
      event_type: b.eventType,
      status: b.status,
      guest_count: b.guestCount,
      client_name: b.clientName,
      client_phone: b.clientPhone,
      venue: venueLine({ name: b.venueName, address: b.venueAddress, city: b.city }) || null,
      supplier,
      notes: b.notes,
      source: b.source,
      // The split the customer saved with their menu (docs/product.md#menus); none until a menu is chosen.
      diet: menu
        ? {
            veg: menu.guestsVeg,
            jain: menu.guestsJain,
            non_veg: menu.guestsNonVeg,
            needs_review: menu.guestsNeedReview,
          }
        : null,
    })),
    days: dates.map((date) => {
      const rule = day.ruleOf(date);
      const load = day.loadOf(date);
      const state = dayAvailability(date, today, rule, load, 0);
      return {
        date,
        status: state.status,
        reason: state.reason,
        events: load.events,
        guests: load.guests,
        max_events: rule.maxEvents,
        max_guests: rule.maxGuests,
        surcharge: rule.surcharge,
      };
    }),
  };
}

/** Bookings on the feed: not cancelled, from 90 days back to a year ahead. */
export async function feedBookings(db: Executor) {
  const today = todayInIndia();
  return db
    .select({ booking: bookings, supplier: suppliers.businessName })
    .from(bookings)
    .leftJoin(projects, and(eq(projects.bookingId, bookings.id), eq(projects.status, 'awarded')))
    .leftJoin(suppliers, eq(suppliers.id, projects.awardedSupplierId))
    .where(
      and(
        between(bookings.eventDate, addDays(today, -90), addDays(today, 366)),
        ne(bookings.status, 'cancelled'),
        isNull(bookings.cancelledAt),
      ),
    )
    .orderBy(asc(bookings.eventDate), asc(bookings.createdAt))
    .limit(5000);
}
