/**
 * Calendar dates as the business sees them: India time (Asia/Kolkata), `YYYY-MM-DD` strings for event dates,
 * and the spec's 'PPP' display ("March 5th, 2027"). Plain Intl, so it runs the same in the browser and on Node.
 */
export const INDIA_TIME_ZONE = 'Asia/Kolkata';

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** India Standard Time is UTC+05:30 all year (no daylight saving since 1945). */
const INDIA_OFFSET_MS = 330 * MINUTE_MS;

/** The months' English names, January first. */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** The calendar date of an instant in India, as `YYYY-MM-DD`. */
export function isoDateInIndia(instant: Date): string {
  // The fixed offset instead of Intl's time-zone data: the same answer, without formatting parts on every quote.
  return new Date(instant.getTime() + INDIA_OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant a wall-clock time (`HH:MM`) is reached in India on a `YYYY-MM-DD` date. */
export function indiaTimeOn(isoDate: string, time: string): Date {
  return new Date(`${isoDate}T${time}:00+05:30`);
}

/** The hour of the day (0-23) an instant falls in, in India. */
export function hourInIndia(instant: Date): number {
  return new Date(instant.getTime() + INDIA_OFFSET_MS).getUTCHours();
}

/** Today in India (docs/product.md#screens: "today or later in India time"), whatever the server's time zone. */
export function todayInIndia(now: Date = new Date()): string {
  return isoDateInIndia(now);
}

/** A real calendar date written `YYYY-MM-DD` (2027-02-30 is not). */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** `YYYY-MM-DD` plus a number of days (negative to go back). */
export function addDays(isoDate: string, days: number): string {
  const match = ISO_DATE.exec(isoDate);
  if (!match) throw new RangeError(`Not a YYYY-MM-DD date: ${isoDate}`);
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + days));
  return date.toISOString().slice(0, 10);
}

function ordinal(day: number): string {
  const lastTwo = day % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return `${day}th`;
  const suffix = ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[day % 10] ?? 'th';
  return `${day}${suffix}`;
}

/** The spec's date display 'PPP' (section 9) for a `YYYY-MM-DD` date: "March 5th, 2027". */
export function formatLongDate(isoDate: string): string {
  const match = ISO_DATE.exec(isoDate);
  if (!match) throw new RangeError(`Not a YYYY-MM-DD date: ${isoDate}`);
  return `${MONTH_NAMES[Number(match[2]) - 1]} ${ordinal(Number(match[3]))}, ${match[1]}`;
}

const TYPED_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

export type TypedDateReading = { ok: true; value: string } | { ok: false; message: string };

/**
 * A date typed into a date field as DD/MM/YYYY (en-IN), read without changing it: an impossible day or one
 * outside `[min, max]` is refused with a message for the field, never moved to the nearest allowed day, so a
 * customer never spends a booking's one date change on a day they did not type (docs/decisions.md, typed dates).
 * An empty text reads as no date.
 */
export function readTypedDate(
  text: string,
  range: { min?: string | undefined; max?: string | undefined },
): TypedDateReading {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, value: '' };
  const match = TYPED_DATE.exec(trimmed);
  if (!match) return { ok: false, message: 'Enter the date as DD/MM/YYYY.' };
  const [day, month, year] = [Number(match[1]), Number(match[2]), match[3] as string];
  const value = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  if (month < 1 || month > 12) return { ok: false, message: `${trimmed} is not a date: there is no month ${month}.` };
  if (!isIsoDate(value))
    return { ok: false, message: `${trimmed} is not a date: ${MONTH_NAMES[month - 1]} ${year} has no day ${day}.` };
  if (range.min && value < range.min)
    return {
      ok: false,
      message: `${formatLongDate(value)} is not available: choose ${formatLongDate(range.min)} or later.`,
    };
  if (range.max && value > range.max)
    return {
      ok: false,
      message: `${formatLongDate(value)} is not available: choose a date up to ${formatLongDate(range.max)}.`,
    };
  return { ok: true, value };
}
