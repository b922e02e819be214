import { addDays, todayInIndia } from '../../src/shared/dates';
import { priceInstantQuote, toQuoteResult } from '../../src/shared/quote-result';
import type { InstantQuoteInput, InstantQuoteResult } from '../../src/shared/schemas/quote';

export const QUOTE_ID = '3f2a9c1e-7b4d-4e2a-9c8b-1d2e3f4a5b6c';

/** What the server answers for an input: built by the same shared code as `quote.instant`'s answer. */
export function quoteFor(input: InstantQuoteInput): InstantQuoteResult {
  return toQuoteResult(QUOTE_ID, priceInstantQuote(input), addDays(todayInIndia(), 7));
}
