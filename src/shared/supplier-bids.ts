import type { BidFlag } from './domain';

/*
 * Fair supplier bids (docs/product.md#supplier-bids). Pure and shared: the supplier portal shows the budget, the
 * server flags a bid with it, the admin's project view explains the flag.
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
