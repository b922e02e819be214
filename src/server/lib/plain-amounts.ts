import { numbersWrittenFor, PLAIN_AMOUNT_MESSAGE, PLAIN_AMOUNT_PATTERN } from '../../shared/schemas/projects';
import { ValidationError } from './errors';

/**
 * Bids are typed as plain digits with at most two decimals (docs/product.md#supplier-bids): `1e3`, `1E+3` or
 * `1000.000` are refused with 422 although JSON reads them as numbers, so the bid doors read how the amount was
 * written in the body as sent (`Context.bodyText`), after the caller's token and role are checked. `loc` is the
 * door's: `body` for REST, `input` for tRPC. In-process callers send no text and pass numbers.
 */
export function assertBidAmountsPlain(bodyText: string | null, loc: 'body' | 'input'): void {
  if (bodyText === null) return;
  for (const written of numbersWrittenFor(bodyText, 'quoted_amount')) {
    // A minus sign is not a matter of notation: the amount's own check refuses it as not more than ₹0.
    if (!PLAIN_AMOUNT_PATTERN.test(written.replace(/^-/, ''))) {
      throw new ValidationError([{ loc: [loc, 'quoted_amount'], msg: PLAIN_AMOUNT_MESSAGE, type: 'value_error' }]);
    }
  }
}
