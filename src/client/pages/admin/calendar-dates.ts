import { addDays, MONTH_NAMES } from '../../../shared/dates';

/*
 * Date arithmetic of the admin calendar (docs/product.md#calendar-screens) on `YYYY-MM-DD` strings, the India date
 * the server uses: weeks start on Monday, a month view shows the whole weeks around its month.
 */

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

export const WEEKDAY_NAMES: readonly string[] = WEEKDAYS;

/** 0 for Monday … 6 for Sunday. */
export function weekdayIndex(date: string): number {
  return (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
}

export function weekdayName(date: string): string {
  return WEEKDAYS[weekdayIndex(date)]!;
}

/** The Monday of the week holding `date`. */
export function weekStart(date: string): string {
  return addDays(date, -weekdayIndex(date));
}

export function monthStart(date: string): string {
  return `${date.slice(0, 7)}-01`;
}

/** The same day-of-month `months` months away, clamped to the month's end (used only with month starts). */
export function addMonths(date: string, months: number): string {
  const [year, month] = [Number(date.slice(0, 4)), Number(date.slice(5, 7))];
  const index = year * 12 + (month - 1) + months;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}

/** The same day `months` months away, or the month's last day where it has no such day (31 March → 30 April). */
export function sameDayInMonth(date: string, months: number): string {
  const first = addMonths(monthStart(date), months);
  const last = Number(addDays(addMonths(first, 1), -1).slice(8, 10));
  return `${first.slice(0, 8)}${String(Math.min(Number(date.slice(8, 10)), last)).padStart(2, '0')}`;
}

/** "November 2026". */
export function monthTitle(date: string): string {
  return `${MONTH_NAMES[Number(date.slice(5, 7)) - 1]} ${date.slice(0, 4)}`;
}

/** "12 Nov": a short day for the week view's headings. */
export function shortDay(date: string): string {
  return `${Number(date.slice(8, 10))} ${MONTH_NAMES[Number(date.slice(5, 7)) - 1]!.slice(0, 3)}`;
}

export type CalendarView = 'month' | 'week';

/**
 * The dates a view shows around `anchor`: whole weeks, Monday first (a month view is 4 to 6 weeks, 42 days at most).
 */
export function viewRange(view: CalendarView, anchor: string): { from: string; to: string } {
  if (view === 'week') {
    const from = weekStart(anchor);
    return { from, to: addDays(from, 6) };
  }
  const first = monthStart(anchor);
  const last = addDays(addMonths(first, 1), -1);
  return { from: weekStart(first), to: addDays(weekStart(last), 6) };
}

/** The dates from `from` to `to`, both included. */
export function datesBetween(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) dates.push(date);
  return dates;
}

/** The previous or next month or week from `anchor`. */
export function stepAnchor(view: CalendarView, anchor: string, step: -1 | 1): string {
  return view === 'week' ? addDays(anchor, 7 * step) : addMonths(monthStart(anchor), step);
}

/**
 * Minutes after midnight of a time as staff type it ("7 PM", "7:30 pm", "19:00", "11.30 AM"), or null when it reads
 * as none of these. The run sheet orders a day's events by it; events without a readable time come last.
 */
export function minutesOfDay(text: string | null): number | null {
  if (!text) return null;
  const match = /^\s*(\d{1,2})(?:[:.](\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)?/i.exec(text);
  if (!match) return null;
  let hours = Number(match[1]);
  const minutes = Number(match[2] ?? 0);
  const half = match[3]?.toLowerCase().replace(/\./g, '');
  if (minutes > 59 || hours > 23) return null;
  if (half) {
    if (hours < 1 || hours > 12) return null;
    hours = (hours % 12) + (half === 'pm' ? 12 : 0);
  } else if (match[2] === undefined) {
    return null;
  }
  return hours * 60 + minutes;
}

/** "in progress" → "In progress". */
export function sentenceCase(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
