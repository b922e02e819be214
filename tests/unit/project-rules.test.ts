import { describe, expect, it } from 'vitest';
import { decideAward, type AwardCandidate } from '../../src/server/modules/projects/award.service';
import {
  autoAssignDateAfterDateChange,
  computeAutoAssignDate,
} from '../../src/server/modules/projects/projects.service';
import { assignProjectInputSchema, pageInputSchema, submitQuoteInputSchema } from '../../src/shared/schemas/projects';

const HOUR = 3600_000;

describe('computeAutoAssignDate', () => {
  const now = new Date('2031-03-10T06:30:00Z'); // 12:00 IST on 10 March

  it('gives suppliers 48 hours when the event is far away', () => {
    expect(computeAutoAssignDate(now, '2031-04-30').getTime()).toBe(now.getTime() + 48 * HOUR);
  });

  it('awards 24 hours before the event starts (00:00 IST) when that comes first', () => {
    // Event 12 March: 00:00 IST on 12 March is 18:30 UTC on 11 March; minus 24 h is 18:30 UTC on 10 March.
    expect(computeAutoAssignDate(now, '2031-03-12').toISOString()).toBe('2031-03-10T18:30:00.000Z');
    // Event 13 March: the 48-hour mark (12 March 06:30 UTC) and the event cap (11 March 18:30 UTC): the cap wins.
    expect(computeAutoAssignDate(now, '2031-03-13').toISOString()).toBe('2031-03-11T18:30:00.000Z');
  });

  it('never lies in the past: an event within a day gets one hour', () => {
    expect(computeAutoAssignDate(now, '2031-03-11').toISOString()).toBe('2031-03-10T07:30:00.000Z');
    expect(computeAutoAssignDate(now, '2031-03-10').toISOString()).toBe('2031-03-10T07:30:00.000Z');
    // 30 minutes left before the cap: still one hour.
    const late = new Date('2031-03-10T18:00:00Z');
    expect(computeAutoAssignDate(late, '2031-03-12').toISOString()).toBe('2031-03-10T19:00:00.000Z');
  });

  it('gives 48 hours when the booking has no date yet', () => {
    expect(computeAutoAssignDate(now, null).getTime()).toBe(now.getTime() + 48 * HOUR);
  });
});

describe('autoAssignDateAfterDateChange', () => {
  const set = new Date('2031-03-12T06:30:00Z'); // the date set when the project opened: 12:00 IST on 12 March

  it('comes forward to 00:00 IST the day before a new, earlier event day', () => {
    // New event 13 March: it starts 00:00 IST on 13 March = 18:30 UTC on 12 March; minus 24 h.
    expect(autoAssignDateAfterDateChange(set, '2031-03-13').toISOString()).toBe('2031-03-11T18:30:00.000Z');
    // An event today or tomorrow gives an instant already past at any time today: the project is due at once.
    expect(autoAssignDateAfterDateChange(set, '2031-03-12').toISOString()).toBe('2031-03-10T18:30:00.000Z');
  });

  it('never moves later: a later event keeps the date the suppliers were given', () => {
    expect(autoAssignDateAfterDateChange(set, '2031-03-14')).toEqual(set);
    expect(autoAssignDateAfterDateChange(set, '2031-09-01')).toEqual(set);
  });

  it('keeps the date when it is exactly 24 hours before the new event', () => {
    const cap = new Date('2031-03-13T18:30:00Z');
    expect(autoAssignDateAfterDateChange(cap, '2031-03-15')).toEqual(cap);
  });
});

describe('decideAward', () => {
  const at = (minute: number) => new Date(Date.UTC(2031, 0, 1, 10, minute));
  const c = (supplierId: string, rupees: number | null, rating = 4, minute = 0, eligible = true): AwardCandidate => ({
    supplierId,
    eligible,
    rating,
    quote: rupees === null ? null : { id: `q-${supplierId}`, amountPaise: rupees * 100, submittedAt: at(minute) },
  });

  it('awards the lowest quote', () => {
    expect(decideAward([c('a', 500), c('b', 400, 1), c('c', null)])).toEqual({
      kind: 'awarded',
      supplierId: 'b',
      quoteId: 'q-b',
      amountPaise: 40_000,
      rule: 'lowest_quote',
    });
  });

  it('breaks ties by rating, then by the earlier quote, then by quote id', () => {
    expect(decideAward([c('a', 400, 3.9, 1), c('b', 400, 4.7, 9)])).toMatchObject({ supplierId: 'b' });
    expect(decideAward([c('a', 400, 4.5, 9), c('b', 400, 4.5, 2)])).toMatchObject({ supplierId: 'b' });
    expect(decideAward([c('b', 400, 4.5, 2), c('a', 400, 4.5, 2)])).toMatchObject({ supplierId: 'a' });
  });

  it('without quotes awards the only invitee, else nobody', () => {
    expect(decideAward([c('a', null)])).toEqual({
      kind: 'awarded',
      supplierId: 'a',
      quoteId: null,
      amountPaise: null,
      rule: 'only_invitee',
    });
    expect(decideAward([c('a', null), c('b', null)])).toEqual({ kind: 'unassigned', rule: 'no_quotes' });
    expect(decideAward([])).toEqual({ kind: 'unassigned', rule: 'no_quotes' });
  });

  it('leaves out suppliers that are no longer active and approved', () => {
    expect(decideAward([c('a', 100, 5, 0, false), c('b', 200)])).toMatchObject({ supplierId: 'b' });
    expect(decideAward([c('a', null, 5, 0, false), c('b', null)])).toMatchObject({
      supplierId: 'b',
      rule: 'only_invitee',
    });
    expect(decideAward([c('a', 100, 5, 0, false)])).toEqual({ kind: 'unassigned', rule: 'no_quotes' });
  });
});

describe('project input schemas', () => {
  const booking_id = '3b241101-e2bb-4255-8caf-4136c566a962';
  const amount = (quoted_amount: unknown) => submitQuoteInputSchema.safeParse({ booking_id, quoted_amount });

  it('accepts positive amounts up to ₹10 crore with at most two decimals', () => {
    for (const ok of [0.01, 1, 1499.5, 123456.78, 100_000_000]) expect(amount(ok).success, String(ok)).toBe(true);
    for (const bad of [0, -1, 100_000_000.01, 1.005, 12.345, Number.NaN, '500', null])
      expect(amount(bad).success, String(bad)).toBe(false);
  });

  it('stores items as sent and defaults them to an empty list', () => {
    expect(submitQuoteInputSchema.parse({ booking_id, quoted_amount: 5 }).items).toEqual([]);
    expect(submitQuoteInputSchema.parse({ booking_id, quoted_amount: 5, items: [{ a: 1 }] }).items).toEqual([{ a: 1 }]);
    expect(
      submitQuoteInputSchema.safeParse({ booking_id, quoted_amount: 5, items: Array.from({ length: 51 }, () => 1) })
        .success,
    ).toBe(false);
  });

  it('reads supplier ids as the spec sends them: comma-separated, repeated or a list', () => {
    const id2 = '9c5b94b1-35ad-49bb-b118-8e8fc24abf80';
    expect(assignProjectInputSchema.parse({ booking_id, supplier_ids: `${booking_id},${id2}` }).supplier_ids).toEqual([
      booking_id,
      id2,
    ]);
    expect(
      assignProjectInputSchema.parse({ booking_id, supplier_ids: [booking_id, ` ${id2} `, booking_id] }).supplier_ids,
    ).toEqual([booking_id, id2]);
    expect(assignProjectInputSchema.safeParse({ booking_id, supplier_ids: ',' }).success).toBe(false);
  });

  it('pages with defaults and bounds', () => {
    expect(pageInputSchema.parse({})).toEqual({ limit: 50, offset: 0 });
    expect(pageInputSchema.parse({ limit: '20', offset: '40' })).toEqual({ limit: 20, offset: 40 });
    expect(pageInputSchema.safeParse({ limit: 101 }).success).toBe(false);
    expect(pageInputSchema.safeParse({ offset: -1 }).success).toBe(false);
  });
});
