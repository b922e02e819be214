import { addDays, formatLongDate, isIsoDate } from './dates';
import type { BookingStatus } from './domain';
import type { PeakSurcharge } from './pricing';

/*
 * The calendar's capacity rule (docs/product.md#calendar). Pure and shared: the server refuses a full or closed day
 * with it, the /book picker and the date-change picker grey the same days out, and the tests pin it.
 */

/**
 * The statuses that occupy a day: a booking the business has committed to (confirmed by its booking amount or by the
 * team, running, or done). A quote holds nothing: it is an offer for 7 days, and a muhurat date cannot be blocked
 * by offers nobody has paid for; the quote is refused, though, when the day is already full.
 */
export const OCCUPYING_STATUSES: readonly BookingStatus[] = ['confirmed', 'in_progress', 'completed'];

/** The business's limits for an ordinary day; null is "no limit" (the shipped default until the admin sets one). */
export type CalendarRules = { maxEventsPerDay: number | null; maxGuestsPerDay: number | null };

export const DEFAULT_CALENDAR_RULES: CalendarRules = { maxEventsPerDay: null, maxGuestsPerDay: null };

/** What the admin set for one date, where it differs from an ordinary day. */
export type DayOverride = {
  maxEvents: number | null;
  maxGuests: number | null;
  closedReason: string | null;
  surchargePercent: number | null;
  surchargeReason: string | null;
};

/** One day's limits after its override: the date's own limit where it has one, else the default. */
export type DayRule = {
  maxEvents: number | null;
  maxGuests: number | null;
  closedReason: string | null;
  surcharge: PeakSurcharge | null;
};

/** What the committed bookings of a day take: how many events and how many guests. */
export type DayLoad = { events: number; guests: number };

export const EMPTY_LOAD: DayLoad = { events: 0, guests: 0 };

export function dayRule(rules: CalendarRules, override: DayOverride | null | undefined): DayRule {
  return {
    maxEvents: override?.maxEvents ?? rules.maxEventsPerDay,
    maxGuests: override?.maxGuests ?? rules.maxGuestsPerDay,
    closedReason: override?.closedReason ?? null,
    surcharge:
      override?.surchargePercent && override.surchargeReason
        ? { percent: override.surchargePercent, reason: override.surchargeReason }
        : null,
  };
}

export type DayStatus = 'available' | 'full' | 'closed' | 'past';

const count = (n: number) => n.toLocaleString('en-IN');

/**
 * Why a day cannot take one more event of `guests` guests, or null when it can: closed (a blackout, with its
 * reason), its events taken, or not enough guests left. `guests` of 0 asks only whether any event fits.
 */
export function dayRefusal(
  rule: DayRule,
  load: DayLoad,
  guests: number,
): { status: 'full' | 'closed'; reason: string } | null {
  if (rule.closedReason !== null) return { status: 'closed', reason: `Closed: ${rule.closedReason}` };
  if (rule.maxEvents !== null && load.events + 1 > rule.maxEvents) {
    return {
      status: 'full',
      reason: `Fully booked: ${count(load.events)} of ${count(rule.maxEvents)} events`,
    };
  }
  if (rule.maxGuests !== null) {
    const left = Math.max(0, rule.maxGuests - load.guests);
    if (left === 0 || guests > left) {
      return {
        status: 'full',
        reason:
          left === 0
            ? `Fully booked: ${count(load.guests)} of ${count(rule.maxGuests)} guests`
            : `Room for ${count(left)} more guests on this day`,
      };
    }
  }
  return null;
}

/** A day as the pickers and the calendar see it. */
export type DayAvailability = {
  date: string;
  status: DayStatus;
  /** Why it cannot be chosen (shown on hover and read by screen readers); null when it can. */
  reason: string | null;
  /** A peak date's surcharge, shown beside the date; null on other days. */
  surcharge: PeakSurcharge | null;
};

export function dayAvailability(
  date: string,
  today: string,
  rule: DayRule,
  load: DayLoad,
  guests: number,
): DayAvailability {
  if (date < today) return { date, status: 'past', reason: 'This date has passed', surcharge: null };
  const refusal = dayRefusal(rule, load, guests);
  return {
    date,
    status: refusal?.status ?? 'available',
    reason: refusal?.reason ?? null,
    surcharge: rule.surcharge,
  };
}

/** Every date of a month written `YYYY-MM`, in order. */
export function monthDates(month: string): string[] {
  const first = `${month}-01`;
  if (!isIsoDate(first)) throw new RangeError(`Not a YYYY-MM month: ${month}`);
  const dates: string[] = [];
  for (let date = first; date.startsWith(month); date = addDays(date, 1)) dates.push(date);
  return dates;
}

/** How far ahead the next free dates are looked for (a refusal names at most three within a year). */
export const FREE_DATE_HORIZON_DAYS = 366;
export const FREE_DATES_OFFERED = 3;

/**
 * The next dates after `from` (and not before `today`) that can take an event of `guests` guests, at most
 * `FREE_DATES_OFFERED`, looked for up to a year ahead. `ruleOf` and `loadOf` answer for any date in that range.
 */
export function nextFreeDates(
  from: string,
  today: string,
  guests: number,
  ruleOf: (date: string) => DayRule,
  loadOf: (date: string) => DayLoad,
): string[] {
  const found: string[] = [];
  let date = addDays(from < today ? today : from, from < today ? 0 : 1);
  for (let i = 0; i < FREE_DATE_HORIZON_DAYS && found.length < FREE_DATES_OFFERED; i += 1, date = addDays(date, 1)) {
    if (dayRefusal(ruleOf(date), loadOf(date), guests) === null) found.push(date);
  }
  return found;
}

/** The 409's sentence for a day that cannot take the event, naming the free dates offered beside it. */
export function dayRefusalDetail(date: string, reason: string, freeDates: readonly string[]): string {
  const next =
    freeDates.length === 0
      ? 'No date in the next year has room; please call us.'
      : `The next free ${freeDates.length === 1 ? 'date is' : 'dates are'} ` +
        `${freeDates.map(formatLongDate).join(', ')}.`;
  return `${formatLongDate(date)} is not available (${reason}). ${next}`;
}
