import { DAY_MS, formatLongDate, HOUR_MS, INDIA_TIME_ZONE, isoDateInIndia, MINUTE_MS } from '../../../shared/dates';
import { formatInr } from '../../../shared/money';
import { PLAIN_AMOUNT_MESSAGE, PLAIN_AMOUNT_PATTERN, quoteAmountSchema } from '../../../shared/schemas/projects';
import type { SupplierNotificationDto, SupplierProjectDto } from '../../../shared/schemas/projects';
import { isActiveSupplierWork } from '../../../shared/supplier-bids';

/** docs/product.md#vendors, word for word. */
export const SUPPLIER_MESSAGES = {
  loading: 'Loading Supplier Dashboard...',
  loadFailed: 'Failed to load supplier data',
  missingData: 'Please fill in all required fields',
  quoteSubmitted: 'Quote submitted successfully!',
  quoteFailed: 'Failed to submit quote',
} as const;

/** docs/product.md#pricing: the Response Rate card is a fixed display. */
export const RESPONSE_RATE = '85%';

/**
 * Time left before the auto-assign, to the minute: "1 day 4 h 12 min", "3 h 5 min", "12 min", and "less than a
 * minute" in the last minute. Zero or less is null (the deadline has passed).
 */
export function countdownText(msLeft: number): string | null {
  if (msLeft <= 0) return null;
  if (msLeft < MINUTE_MS) return 'less than a minute';
  const days = Math.floor(msLeft / DAY_MS);
  const hours = Math.floor((msLeft % DAY_MS) / HOUR_MS);
  const minutes = Math.floor((msLeft % HOUR_MS) / MINUTE_MS);
  if (days > 0) return `${days} ${days === 1 ? 'day' : 'days'} ${hours} h ${minutes} min`;
  if (hours > 0) return `${hours} h ${minutes} min`;
  return `${minutes} min`;
}

const timeInIndia = new Intl.DateTimeFormat('en-IN', {
  timeZone: INDIA_TIME_ZONE,
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});

/** "March 5th, 2027, 6:30 pm IST": deadlines in business time, the date in the spec's 'PPP' style. */
export function indiaDateTimeText(iso: string): string {
  const instant = new Date(iso);
  return `${formatLongDate(isoDateInIndia(instant))}, ${timeInIndia.format(instant)} IST`;
}

/** The event date as 'PPP', or a plain note while the customer has not fixed it. */
export function eventDateText(date: string | null): string {
  return date ? formatLongDate(date) : 'Date to be confirmed';
}

/** The estimated budget: a quoted amount in rupees, the inquiry's budget range as the customer typed it, or none. */
/** The supplier budget (docs/product.md#supplier-bids), or a note that the booking is not priced yet. */
export function budgetText(budget: number | null): string {
  return budget === null ? 'To be confirmed' : formatInr(budget);
}

export function guestsText(guests: number | null): string {
  return guests ? new Intl.NumberFormat('en-IN').format(guests) : 'Not specified';
}

/** Projects still taking quotes: invited, open, and before the auto-assign date. */
export function isQuotable(project: SupplierProjectDto, now: number): boolean {
  return project.outcome === 'open' && new Date(project.auto_assign_date).getTime() > now;
}

/** What a closed project's card says about where the supplier stands. */
export const OUTCOME_NOTES: Record<SupplierProjectDto['outcome'], string> = {
  open: '',
  won: 'You won this project. Our team will be in touch with the next steps.',
  not_selected: 'Another partner was selected for this event. Thank you for quoting.',
  unassigned: 'This project closed without an award.',
  cancelled: 'This event was cancelled.',
};

/** An open project past its auto-assign date: the award is on its way (docs/product.md#auto-assign). */
export const AWARDING_NOTE = 'Quoting has closed; the award is being made.';

/**
 * Why a quote can no longer be sent on the project, or null while it can: the quote dialog disables Submit with it
 * when the project closes while the dialog is open (the server would refuse with a 409).
 */
export function quoteClosedReason(project: SupplierProjectDto, now: number): string | null {
  if (isQuotable(project, now)) return null;
  if (project.outcome === 'open') return AWARDING_NOTE;
  return `This project is closed; quotes are no longer accepted. ${OUTCOME_NOTES[project.outcome]}`;
}

/**
 * Active work on the dashboard: open projects, and won ones whose event is still ahead (the shared rule,
 * docs/product.md#auto-assign). `today` is India's date.
 */
export function isActiveProject(project: SupplierProjectDto, today: string): boolean {
  return isActiveSupplierWork({ outcome: project.outcome, eventDate: project.booking_details.event_date }, today);
}

/** The Active Projects card: open projects and won jobs still ahead (lost, closed and past ones are history). */
export function activeProjectCount(projects: readonly SupplierProjectDto[], today: string): number {
  return projects.filter((project) => isActiveProject(project, today)).length;
}

/**
 * The Estimated Revenue card (docs/product.md#screens): the sum of the active projects' supplier budgets, as the
 * server's `supplier.dashboard` does.
 */
export function estimatedRevenue(projects: readonly SupplierProjectDto[], today: string): number {
  const paise = projects
    .filter((project) => isActiveProject(project, today))
    .reduce((sum, project) => {
      const budget = project.booking_details.estimated_budget;
      return budget === null ? sum : sum + Math.round(budget * 100);
    }, 0);
  return paise / 100;
}

export function unreadCount(notifications: readonly SupplierNotificationDto[]): number {
  return notifications.filter((notification) => !notification.read).length;
}

/** Earliest first; a won job without a date yet goes after the dated ones. */
function byEventDate(a: SupplierProjectDto, b: SupplierProjectDto): number {
  const first = a.booking_details.event_date ?? '9999-12-31';
  const second = b.booking_details.event_date ?? '9999-12-31';
  return first.localeCompare(second);
}

/**
 * Active work first: open projects with the closest deadline on top (what needs a quote soonest), then won jobs by
 * event date; then the rest in the server's order (newest first).
 */
export function orderProjects(projects: readonly SupplierProjectDto[], today: string): SupplierProjectDto[] {
  const open = projects
    .filter((project) => project.outcome === 'open')
    .sort((a, b) => new Date(a.auto_assign_date).getTime() - new Date(b.auto_assign_date).getTime());
  const won = projects
    .filter((project) => project.outcome !== 'open' && isActiveProject(project, today))
    .sort(byEventDate);
  return [...open, ...won, ...projects.filter((project) => !isActiveProject(project, today))];
}

const relative = new Intl.RelativeTimeFormat('en-IN', { numeric: 'auto' });

/** "5 minutes ago", "yesterday": when a notification arrived. */
export function timeAgo(iso: string, now: number): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 60) return 'just now';
  if (abs < 3600) return relative.format(Math.round(seconds / 60), 'minute');
  if (abs < 86_400) return relative.format(Math.round(seconds / 3600), 'hour');
  return relative.format(Math.round(seconds / 86_400), 'day');
}

export type AmountCheck = { ok: true; amount: number } | { ok: false; message: string; missing: boolean };

/**
 * The quote amount as typed (docs/product.md#quotes): required, then the shared rule the server applies (more than ₹0,
 * at most ₹10 crore, at most two decimals), written in plain digits. Sent as a decimal number.
 */
export function checkQuoteAmount(raw: string): AmountCheck {
  const text = raw.trim().replace(/,/g, '');
  if (text === '') return { ok: false, message: SUPPLIER_MESSAGES.missingData, missing: true };
  const value = Number(text);
  if (!Number.isFinite(value)) return { ok: false, message: 'Quote amount must be a number', missing: false };
  const parsed = quoteAmountSchema.safeParse(value);
  if (!parsed.success)
    return { ok: false, message: parsed.error.issues[0]?.message ?? SUPPLIER_MESSAGES.quoteFailed, missing: false };
  // `Number` reads 1e3 as a thousand: the amount is the digits typed, as the server reads them.
  if (!PLAIN_AMOUNT_PATTERN.test(text)) return { ok: false, message: PLAIN_AMOUNT_MESSAGE, missing: false };
  return { ok: true, amount: parsed.data };
}
