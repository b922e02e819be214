import { describe, expect, it } from 'vitest';
import { numbersWrittenFor } from '../../src/shared/schemas/projects';

describe('numbersWrittenFor', () => {
  it('finds each number given to the key as written, at any depth, with the key spelled any way JSON allows', () => {
    expect(numbersWrittenFor('{"booking_id":"x","quoted_amount":1e3}', 'quoted_amount')).toEqual(['1e3']);
    expect(numbersWrittenFor('{ "quoted\\u005famount" :\n 2.4E+5 }', 'quoted_amount')).toEqual(['2.4E+5']);
    expect(
      numbersWrittenFor('{"0":{"quoted_amount":250000.50},"1":[1,{"quoted_amount":-5}]}', 'quoted_amount'),
    ).toEqual(['250000.50', '-5']);
  });

  it('ignores the key inside a string, a value that is not a number, and numbers of other keys', () => {
    const json = '{"notes":"\\"quoted_amount\\": 1e3","quoted_amount":"1e3","other":2e5,"list":["quoted_amount",3e4]}';
    expect(numbersWrittenFor(json, 'quoted_amount')).toEqual([]);
    expect(numbersWrittenFor('{"quoted_amount":true,"quoted_amount":null}', 'quoted_amount')).toEqual([]);
  });
});
