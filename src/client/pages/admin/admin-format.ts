import { TRPCClientError } from '@trpc/client';
import { formatLongDate } from '../../../shared/dates';
import { serverDetail } from '../../lib/errors';

/** The spec's 'PPP' date ("March 5th, 2027"), or a plain note when the booking has no date yet. */
export function eventDateText(date: string | null): string {
  return date ? formatLongDate(date) : 'Date not fixed';
}

const joinedFormat = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });

/** docs/product.md#screens, Customers "Joined": `created_at` as a date in the viewer's own time zone. */
export function localDateText(iso: string): string {
  return joinedFormat.format(new Date(iso));
}

export { indiaDateTimeText } from '../../lib/datetime';

/** Supplier cards: "4.5 / 5.0". */
export function ratingText(rating: number): string {
  return `${rating.toFixed(1)} / 5.0`;
}

export function yearsText(years: number, unit: 'years' | 'yrs' = 'years'): string {
  if (unit === 'yrs') return `${years} ${years === 1 ? 'yr' : 'yrs'}`;
  return `${years} ${years === 1 ? 'year' : 'years'}`;
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

type DetailItem = { msg?: unknown; loc?: unknown; type?: unknown };

/**
 * docs/product.md#screens's rule for a server detail: a string is shown as it is; a list is joined with commas (each
 * item's `msg`, or its location path and type); an object is shown as JSON. Null when there is nothing to show.
 */
export function describeDetail(detail: unknown): string | null {
  if (typeof detail === 'string') return detail.trim() || null;
  if (Array.isArray(detail)) {
    const parts = detail
      .map((item: unknown) => {
        if (typeof item === 'string') return item;
        const { msg, loc, type } = (item ?? {}) as DetailItem;
        if (typeof msg === 'string' && msg.trim()) return msg;
        const path = Array.isArray(loc) ? loc.join('.') : '';
        return [path, typeof type === 'string' ? type : ''].filter(Boolean).join(' ');
      })
      .filter((part) => part !== '');
    return parts.length > 0 ? parts.join(', ') : null;
  }
  if (detail !== null && typeof detail === 'object') return JSON.stringify(detail);
  return null;
}

/**
 * The assign failure message (docs/product.md#screens): the server's validation list when it sent one (tRPC puts REST's
 * `detail` list in `data.issues`), else its detail text, else 'Failed to assign supplier'.
 */
export function assignFailureMessage(error: unknown): string {
  if (error instanceof TRPCClientError && error.shape !== undefined) {
    const issues = (error.data as { issues?: unknown } | undefined)?.issues;
    const fromIssues = Array.isArray(issues) ? describeDetail(issues) : null;
    if (fromIssues) return fromIssues;
  }
  return serverDetail(error) ?? 'Failed to assign supplier';
}
