import { z } from 'zod';
import type { BidFlag, BookingStatus, EventType, ProjectStatus } from '../domain';
import { optionalTextSchema, uuidSchema } from './common';
import type { LiveNotificationDto } from './notifications';

/** At most this many suppliers in one assignment (a catering booking needs a handful of quotes, not hundreds). */
export const MAX_SUPPLIERS_PER_ASSIGNMENT = 20;
/** Quotes are positive and at most ₹10,00,00,000 (10 crore, docs/product.md#vendors). */
export const MAX_QUOTE_RUPEES = 100_000_000;
export const QUOTE_NOTES_MAX_LENGTH = 2000;
/** `items` is stored as sent (the spec's client always sends an empty list), within these bounds. */
export const MAX_QUOTE_ITEMS = 50;
const MAX_QUOTE_ITEMS_JSON = 20_000;
/** Nesting of `items` (a list of objects with a few levels inside is plenty). */
const MAX_QUOTE_ITEMS_DEPTH = 8;

/**
 * Whether a JSON value nests at most `max` arrays and objects deep, found without recursion: measuring a
 * 10,000-level value with `JSON.stringify` overflows the stack.
 */
function nestsAtMost(value: unknown, max: number): boolean {
  const pending: [unknown, number][] = [[value, 0]];
  while (pending.length > 0) {
    const [current, depth] = pending.pop()!;
    if (current === null || typeof current !== 'object') continue;
    if (depth >= max) return false;
    for (const item of Object.values(current)) pending.push([item, depth + 1]);
  }
  return true;
}

/**
 * Supplier ids as the spec's REST call sends them (`supplier_ids=a,b` or `supplier_ids=a&supplier_ids=b`) or as a
 * list (tRPC): split on commas, trimmed, de-duplicated, each a UUID.
 */
const supplierIdsSchema = z
  .union([z.string(), z.array(z.string())], { error: 'Please select a supplier' })
  .transform((value) =>
    [
      ...new Set(
        (Array.isArray(value) ? value : [value])
          .flatMap((part) => part.split(','))
          .map((id) => id.trim().toLowerCase()),
      ),
    ].filter((id) => id !== ''),
  )
  .pipe(
    z
      .array(uuidSchema)
      .min(1, 'Please select a supplier')
      .max(MAX_SUPPLIERS_PER_ASSIGNMENT, `At most ${MAX_SUPPLIERS_PER_ASSIGNMENT} suppliers can be invited at once`),
  );

/** `POST /api/projects?booking_id=..&supplier_ids=..` / `admin.projects.assign` (docs/api.md). */
export const assignProjectInputSchema = z.object({
  booking_id: uuidSchema,
  supplier_ids: supplierIdsSchema,
});
export type AssignProjectInput = z.input<typeof assignProjectInputSchema>;

export const projectIdInputSchema = z.object({ project_id: uuidSchema });
export const bookingIdInputSchema = z.object({ booking_id: uuidSchema });

/** Manual award by an admin before the auto-assign date. */
export const awardProjectInputSchema = z.object({ project_id: uuidSchema, supplier_id: uuidSchema });
export type AwardProjectInput = z.input<typeof awardProjectInputSchema>;

/**
 * A quote amount in rupees (docs/product.md#quotes: "sent as a decimal number"): a JSON number, more than zero, at most
 * ₹10 crore, with at most two decimals (paise).
 */
export const quoteAmountSchema = z
  .number({
    error: (issue) => (issue.input === undefined ? 'Please enter your quote amount' : 'Quote amount must be a number'),
  })
  .positive('Quote amount must be more than ₹0')
  .max(MAX_QUOTE_RUPEES, 'Quote amount can be at most ₹10,00,00,000')
  .refine((value) => Number(value.toFixed(2)) === value, 'Quote amount can have at most two decimals (paise)');

/**
 * How a bid's amount is written (docs/product.md#supplier-bids): plain digits with at most two decimals. JSON and
 * `Number` also read `1e3` as a thousand; the bid doors and the supplier's form refuse it.
 */
export const PLAIN_AMOUNT_PATTERN = /^\d+(\.\d{1,2})?$/;
export const PLAIN_AMOUNT_MESSAGE =
  'Quote amount must be plain digits with at most two decimals (for example 360000 or 360000.50)';

/**
 * Every number given to a member named `key` in a JSON text, as it is written there (`1e3`, `250000.50`), at any
 * depth: JSON parsing keeps the value and forgets its notation. Keys are read as JSON reads them
 * (`"quoted\u005famount"` is `quoted_amount`). Meant for text JSON.parse accepts; anything else finds what it can.
 */
export function numbersWrittenFor(json: string, key: string): string[] {
  const found: string[] = [];
  let lastString: string | null = null;
  let valueOf: string | null = null;
  let i = 0;
  while (i < json.length) {
    const char = json[i]!;
    if (char === '"') {
      let end = i + 1;
      while (end < json.length && json[end] !== '"') end += json[end] === '\\' ? 2 : 1;
      lastString = decodedString(json.slice(i, end + 1));
      valueOf = null;
      i = end + 1;
    } else if (char === ':') {
      valueOf = lastString;
      lastString = null;
      i += 1;
    } else if (char === '-' || (char >= '0' && char <= '9')) {
      let end = i + 1;
      while (end < json.length && /[\d.eE+-]/.test(json[end]!)) end += 1;
      if (valueOf === key) found.push(json.slice(i, end));
      valueOf = null;
      i = end;
    } else {
      if (!/\s/.test(char)) {
        valueOf = null;
        lastString = null;
      }
      i += 1;
    }
  }
  return found;
}

function decodedString(literal: string): string | null {
  try {
    return JSON.parse(literal) as string;
  } catch {
    return null;
  }
}

/** The spec's supplier quote payload (section 3): `booking_id`, `quoted_amount`, `notes`, `items`. */
export const submitQuoteInputSchema = z.object({
  booking_id: uuidSchema,
  quoted_amount: quoteAmountSchema,
  notes: optionalTextSchema('Notes', QUOTE_NOTES_MAX_LENGTH),
  items: z
    .array(z.unknown(), { error: 'Items must be a list' })
    .max(MAX_QUOTE_ITEMS, `At most ${MAX_QUOTE_ITEMS} items`)
    .refine(
      (items) => nestsAtMost(items, MAX_QUOTE_ITEMS_DEPTH) && JSON.stringify(items).length <= MAX_QUOTE_ITEMS_JSON,
      'Items are too large',
    )
    .nullish()
    .transform((items) => items ?? []),
});
export type SubmitQuoteInput = z.input<typeof submitQuoteInputSchema>;

/** A whole number from a JSON number (tRPC) or query-string text (REST); absent or empty means the default. */
function intParamSchema(label: string, min: number, max: number, fallback: number) {
  return z.preprocess(
    (value) =>
      value === '' || value === null
        ? undefined
        : typeof value === 'string' && /^\s*-?\d+\s*$/.test(value)
          ? Number(value)
          : value,
    z
      .number({ error: `${label} must be a whole number` })
      .int(`${label} must be a whole number`)
      .min(min, `${label} must be at least ${min}`)
      .max(max, `${label} can be at most ${max}`)
      .default(fallback),
  );
}

/** Page through a list: `limit` 1-100 (default 50), `offset` 0-10,000. */
export const pageInputSchema = z.object({
  limit: intParamSchema('limit', 1, 100, 50),
  offset: intParamSchema('offset', 0, 10_000, 0),
});
export type PageInput = z.input<typeof pageInputSchema>;

export const notificationIdInputSchema = z.object({ notification_id: uuidSchema });

// --- Answers ------------------------------------------------------------------------------------------------------

export type AssignProjectResult = {
  project_id: string;
  booking_id: string;
  /** ISO timestamp. */
  auto_assign_date: string;
  /** Suppliers invited by this call. */
  invited: string[];
  /** Suppliers that were already invited to the open project (nothing sent to them again). */
  already_invited: string[];
};

export type ProjectQuoteDto = {
  id: string;
  /** Rupees. */
  amount: number;
  notes: string | null;
  items: unknown[];
  submitted_at: string;
  /** Below the floor or over the supplier budget when submitted (docs/product.md#supplier-bids); null when fair. */
  flag: BidFlag | null;
  /** Rupees: the supplier budget the bid was judged against; null when the booking had no price then. */
  budget: number | null;
};

export type ProjectSupplierDto = {
  supplier_id: string;
  business_name: string;
  name: string;
  location: string | null;
  rating: number;
  is_active: boolean;
  approval_status: string;
  invited_at: string;
  quote: ProjectQuoteDto | null;
  is_winner: boolean;
};

/** A project as the admin's Booking Details shows it: invitees and their quotes side by side. */
export type ProjectDetailDto = {
  id: string;
  booking_id: string;
  status: ProjectStatus;
  auto_assign_date: string;
  /** Seconds left before the auto-assign runs; 0 when due, null once the project is closed. */
  seconds_until_auto_assign: number | null;
  /** The server's clock when this was read, so a countdown can correct for the device's clock. */
  server_time: string;
  /**
   * When the auto-assign found the lowest eligible quote flagged and left the open project for an admin to award by
   * hand (docs/product.md#supplier-bids): its quotes are closed and the auto-assign will not run again, whatever
   * `seconds_until_auto_assign` says. Null while the project waits for its auto-assign date, and once it is closed.
   */
  awaiting_admin_since: string | null;
  created_at: string;
  awarded_at: string | null;
  awarded_supplier_id: string | null;
  awarded_quote_id: string | null;
  booking: {
    event_name: string;
    event_type: EventType;
    event_date: string | null;
    client_name: string;
    status: BookingStatus;
    guest_count: number | null;
    /** The booking's quoted final amount in rupees, if it has one. */
    final_amount: number | null;
  };
  /** Quoted suppliers first, cheapest first (the award order), then the rest in invitation order. */
  suppliers: ProjectSupplierDto[];
  quote_count: number;
  /** Rupees; null without quotes. */
  lowest_amount: number | null;
};

/** `open` when the auto-assign asked an admin to award a flagged bid by hand (docs/product.md#supplier-bids). */
export type AwardOutcome = 'awarded' | 'unassigned' | 'cancelled' | 'open';
export type AwardRule = 'lowest_quote' | 'only_invitee' | 'no_quotes' | 'manual' | 'booking_closed' | 'flagged_bid';

export type AwardResultDto = {
  project_id: string;
  status: AwardOutcome;
  rule: AwardRule;
  supplier_id: string | null;
  quote_id: string | null;
  /** The winning quote in rupees; null when the award carried no quote. */
  amount: number | null;
  awarded_at: string | null;
};

// --- Supplier portal --------------------------------------------------------------------------------------------

export type SupplierNotificationDto = {
  id: string;
  /**
   * 'project_invitation', 'project_awarded', 'project_not_selected', 'project_cancelled', 'project_date_changed',
   * 'project_details_changed'.
   */
  kind: string;
  message: string;
  project_id: string | null;
  read: boolean;
  created_at: string;
};

export type SupplierProjectOutcome = 'open' | 'won' | 'not_selected' | 'unassigned' | 'cancelled';

/** The booking an invitation is about, as a project list shows it (docs/product.md#auto-assign "Supplier project"). */
export type ProjectBookingDetailsDto = {
  event_name: string;
  client_name: string;
  event_type: EventType;
  event_date: string | null;
  venue_name: string | null;
  /**
   * In rupees, null while the booking has no price. A supplier sees the supplier budget
   * (docs/product.md#supplier-bids): a share of the booking's taxable amount, never the customer's price; an admin
   * sees the booking's quoted total.
   */
  estimated_budget: number | null;
  requirements: { guest_count: number | null; special_requests: string | null };
};

/** docs/product.md#auto-assign "Supplier project", plus the supplier's own quote and the outcome. */
export type SupplierProjectDto = {
  id: string;
  booking_id: string;
  auto_assign_date: string;
  status: ProjectStatus;
  booking_details: ProjectBookingDetailsDto;
  my_quote: { amount: number; notes: string | null; submitted_at: string } | null;
  outcome: SupplierProjectOutcome;
};

export type SubmitQuoteResult = {
  id: string;
  project_id: string;
  booking_id: string;
  amount: number;
  notes: string | null;
  submitted_at: string;
  /** True when this replaced the supplier's earlier quote on the project. */
  revised: boolean;
};

export type SupplierDashboardDto = {
  /** Active projects (`isActiveSupplierWork`): open ones the supplier is invited to and won ones still ahead. */
  active_projects: number;
  unread_notifications: number;
  /** Rupees: the sum of the supplier budgets (`estimated_budget`) of the active projects. */
  estimated_revenue: number;
  /** Active projects the supplier has quoted on. */
  quotes_submitted: number;
  won_projects: number;
};

/** An admin's notification (a lead, a project no supplier could be chosen for), with the booking it is about. */
export type AdminNotificationDto = LiveNotificationDto;
