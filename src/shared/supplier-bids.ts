import type { BidFlag, BookingStatus } from './domain';
import type { SupplierProjectOutcome } from './schemas/projects';

/*
 * Fair supplier bids (docs/product.md#supplier-bids). Pure and shared: the supplier portal shows the budget, the
 * server flags a bid with it, the admin's project view explains the flag. The supplier's active work, whose budgets
 * the dashboard adds up, closes the file.
 */

/** The supplier budget's share of the taxable amount, and the floor's share of that budget (percent). */
export type BidRules = { budgetPercent: number; floorPercent: number };

export const DEFAULT_BID_RULES: BidRules = { budgetPercent: 70, floorPercent: 40 };

/** a × percent / 100, rounded half-up to the paisa, in integers (percent with at most two decimals). */
function percentOf(paise: number, percent: number): number {
  return Number((BigInt(Math.round(paise)) * BigInt(Math.round(percent * 100)) * 2n + 10_000n) / 20_000n);
}

/**
 * What suppliers see as the budget: `budgetPercent` of the booking's taxable amount (before GST), to the paisa;
 * never the customer's GST-inclusive price, which holds the business's margin and the tax. Null without a price.
 */
export function supplierBudgetPaise(taxablePaise: number | null, rules: BidRules): number | null {
  if (taxablePaise === null || taxablePaise <= 0) return null;
  return percentOf(taxablePaise, rules.budgetPercent);
}

/** The lowest bid that is not flagged: `floorPercent` of the supplier budget. */
export function bidFloorPaise(budgetPaise: number, rules: BidRules): number {
  return percentOf(budgetPaise, rules.floorPercent);
}

/**
 * A bid the admin must look at: below the floor (a typo, a misunderstanding, a bid that cannot be delivered) or
 * above the budget. Without a budget (an unpriced inquiry) nothing is flagged.
 */
export function bidFlag(amountPaise: number, budgetPaise: number | null, rules: BidRules): BidFlag | null {
  if (budgetPaise === null) return null;
  if (amountPaise < bidFloorPaise(budgetPaise, rules)) return 'below_floor';
  if (amountPaise > budgetPaise) return 'over_budget';
  return null;
}

/**
 * A bid judged against the booking's supplier budget as it stands: the budget and the bid's flag. The award rule and
 * the admin's view judge every bid this way when they read it, so a price set or changed after the bid (an inquiry
 * priced later, guests cut) is always the one a bid is held to.
 */
export function judgeBid(
  amountPaise: number,
  taxablePaise: number | null,
  rules: BidRules,
): { budgetPaise: number | null; flag: BidFlag | null } {
  const budgetPaise = supplierBudgetPaise(taxablePaise, rules);
  return { budgetPaise, flag: bidFlag(amountPaise, budgetPaise, rules) };
}

/** What the active-work rule reads of one of a supplier's projects. */
export type SupplierWork = {
  outcome: SupplierProjectOutcome;
  /** The event's India date (`YYYY-MM-DD`); null while the customer has not fixed it, so the job is still ahead. */
  eventDate: string | null;
  /**
   * The booking's status, where the reader has it (the server). The supplier's project list does not carry it: a won
   * job whose booking is cancelled already reads `cancelled`, and a booking is completed only on or after its event
   * day (docs/product.md#booking-statuses), so there the event date retires the job the day after at the latest.
   */
  bookingStatus?: BookingStatus;
};

/**
 * A supplier's active work (docs/product.md#auto-assign): a project still open (taking quotes or awaiting its award),
 * and one the supplier won while the job is ahead of them: the event is today or later and the booking is neither
 * cancelled nor completed. Winning does not end the work, it starts it. The dashboard's Active Projects and
 * Estimated Revenue cards, its project order and the server's `supplier.dashboard` all read this one rule.
 */
export function isActiveSupplierWork(work: SupplierWork, today: string): boolean {
  if (work.outcome === 'open') return true;
  if (work.outcome !== 'won') return false;
  if (work.bookingStatus === 'cancelled' || work.bookingStatus === 'completed') return false;
  return work.eventDate === null || work.eventDate >= today;
}
