import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bookingMoney,
  DEFAULT_PAYMENT_RULES,
  dueReminders,
  instalmentLabel,
  overdueAdvance,
  paymentSchedule,
  paymentTowardsLabel,
  toScheduleDto,
  type CostStep,
} from '../../src/shared/booking-rules';
import { addDays } from '../../src/shared/dates';
import { daysBetween } from '../../src/shared/refund-policy';

/*
 * What a price rise adds to an instalment whose due date has passed is due on the day of the rise, not since the
 * instalment's own date (docs/product.md#money-added-after-a-due-date).
 */

const confirmedOn = '2027-01-01';
const eventDate = '2027-06-01';

function money(history: CostStep[], heldPaise: number, today: string) {
  return bookingMoney({
    status: 'confirmed',
    totalPaise: history.at(-1)!.cost_paise,
    creditedPaise: 0,
    eventDate,
    confirmedOn,
    heldPaise,
    today,
    costHistory: history,
  });
}

const rows = (summary: ReturnType<typeof money>) =>
  summary.instalments.map((row) => [instalmentLabel(row), row.amount_paise, row.due_date, row.days_overdue]);

describe('money added after a due date', () => {
  // Confirmed at ₹1,00,000: ₹999 on 1 Jan, the advance to ₹25,000 on 8 Jan, the balance on 25 May.
  const raised: CostStep[] = [
    { on: confirmedOn, cost_paise: 1_00_000_00 },
    { on: '2027-01-20', cost_paise: 1_50_000_00 },
  ];

  it('is due on the day it was added, and the advance paid on time stays paid', () => {
    const onTheDay = money(raised, 25_000_00, '2027-01-20');
    expect(rows(onTheDay)).toEqual([
      ['Booking amount', 999_00, '2027-01-01', 0],
      ['Advance', 24_001_00, '2027-01-08', 0],
      ['Advance (increase)', 12_500_00, '2027-01-20', 0],
      ['Balance', 1_12_500_00, '2027-05-25', 0],
    ]);
    expect(onTheDay.days_overdue).toBe(0);
    expect(onTheDay.due_now_paise).toBe(12_500_00);
    expect(onTheDay.pay_now_paise).toBe(12_500_00);
    expect(overdueAdvance(onTheDay)).toBeNull();
    expect(toScheduleDto(onTheDay).pay_now).toMatchObject({ label: 'Advance (increase)', amount: 12_500 });
  });

  it('counts its days overdue from the day it was added, and never lets the date be released for it', () => {
    const later = money(raised, 25_000_00, '2027-01-23');
    expect(later.days_overdue).toBe(3);
    expect(later.next).toMatchObject({ kind: 'advance', added: true, due_date: '2027-01-20', days_overdue: 3 });
    expect(overdueAdvance(later)).toBeNull();
  });

  it('gets its own reminders: due on its day, overdue the day after', () => {
    const stages = (today: string) =>
      dueReminders('confirmed', money(raised, 25_000_00, today), today).map(({ instalment, stage }) => [
        instalmentLabel(instalment),
        instalment.due_date,
        stage,
      ]);
    expect(stages('2027-01-20')).toEqual([['Advance (increase)', '2027-01-20', 'due']]);
    expect(stages('2027-01-21')).toEqual([['Advance (increase)', '2027-01-20', 'overdue']]);
  });

  it('leaves an advance that was not paid overdue since its own date: adding guests resets nothing', () => {
    const unpaid = money(raised, 999_00, '2027-01-20');
    expect(overdueAdvance(unpaid)).toMatchObject({
      due_date: '2027-01-08',
      days_overdue: 12,
      outstanding_paise: 24_001_00,
    });
    expect(unpaid.days_overdue).toBe(12);
    expect(unpaid.due_now_paise).toBe(24_001_00 + 12_500_00);
  });

  it('changes nothing when the price rises before the due dates', () => {
    const early: CostStep[] = [
      { on: confirmedOn, cost_paise: 1_00_000_00 },
      { on: '2027-01-05', cost_paise: 1_50_000_00 },
    ];
    expect(
      paymentSchedule({ totalPaise: 1_50_000_00, eventDate, confirmedOn, today: '2027-01-05', costHistory: early }),
    ).toEqual(paymentSchedule({ totalPaise: 1_50_000_00, eventDate, confirmedOn, today: '2027-01-05' }));
  });

  it('counts money lowered and raised again as added when it went back up', () => {
    const history: CostStep[] = [
      { on: confirmedOn, cost_paise: 1_00_000_00 },
      { on: '2027-01-15', cost_paise: 80_000_00 },
      { on: '2027-01-20', cost_paise: 1_20_000_00 },
    ];
    expect(rows(money(history, 0, '2027-01-20')).slice(0, 3)).toEqual([
      ['Booking amount', 999_00, '2027-01-01', 19],
      ['Advance', 19_001_00, '2027-01-08', 12],
      ['Advance (increase)', 10_000_00, '2027-01-20', 0],
    ]);
  });

  it('makes a rise after every due date one part of the balance, due that day', () => {
    const history: CostStep[] = [
      { on: confirmedOn, cost_paise: 1_00_000_00 },
      { on: '2027-05-28', cost_paise: 1_20_000_00 },
    ];
    const summary = money(history, 1_00_000_00, '2027-05-28');
    expect(rows(summary).slice(3)).toEqual([['Balance (increase)', 20_000_00, '2027-05-28', 0]]);
  });

  it('names both parts a payment reaches', () => {
    const summary = money(raised, 999_00, '2027-01-20');
    expect(paymentTowardsLabel(summary.instalments, 30_000_00)).toBe('Advance and advance (increase)');
  });
});

describe('due dates after the customer moves the event', () => {
  const schedule = (eventDateNow: string, change: { from: string; on: string } | null, today: string) =>
    paymentSchedule({
      totalPaise: 1_00_000_00,
      eventDate: eventDateNow,
      confirmedOn,
      today,
      dateChange: change && { fromEventDate: change.from, on: change.on },
    });
  const dueOf = (rows: ReturnType<typeof schedule>) => rows.map((row) => [row.kind, row.due_date]);

  it('makes a balance the move brought forward due on the day of the move, not since last week', () => {
    const moved = { from: eventDate, on: '2027-03-10' };
    expect(dueOf(schedule('2027-03-14', moved, '2027-03-10'))).toEqual([
      ['booking_amount', '2027-01-01'],
      ['advance', '2027-01-08'],
      ['balance', '2027-03-10'],
    ]);
    const summary = bookingMoney({
      status: 'confirmed',
      totalPaise: 1_00_000_00,
      creditedPaise: 0,
      eventDate: '2027-03-14',
      confirmedOn,
      heldPaise: 25_000_00,
      today: '2027-03-12',
      dateChange: { fromEventDate: eventDate, on: '2027-03-10' },
    });
    expect(summary.next).toMatchObject({ kind: 'balance', due_date: '2027-03-10', days_overdue: 2 });
  });

  it('keeps a due date that had passed under the old date where it was', () => {
    // Moved on 20 Jan to 25 Jan: the event is now close to confirmation, which would make the advance due on 1 Jan;
    // it was due on 8 Jan and stays so.
    const moved = { from: eventDate, on: '2027-01-20' };
    expect(dueOf(schedule('2027-01-25', moved, '2027-01-20'))).toEqual([
      ['booking_amount', '2027-01-01'],
      ['advance', '2027-01-08'],
      ['balance', '2027-01-20'],
    ]);
  });

  it('moves due dates later with a later event, as before', () => {
    const moved = { from: eventDate, on: '2027-02-01' };
    expect(schedule('2027-08-01', moved, '2027-02-01')).toEqual(schedule('2027-08-01', null, '2027-02-01'));
  });
});

describe('money added after a due date, over random price changes', () => {
  const rules = DEFAULT_PAYMENT_RULES;
  /** Days after confirmation on which the price moved, each with its new cost; the last day checked. */
  const changes = fc.array(
    fc.record({ after: fc.integer({ min: 1, max: 160 }), cost: fc.integer({ min: 1_000_00, max: 5_00_000_00 }) }),
    { maxLength: 6 },
  );
  const historyOf = (first: number, moves: { after: number; cost: number }[]): CostStep[] => {
    const byDay = new Map<string, number>([[confirmedOn, first]]);
    for (const move of [...moves].sort((a, b) => a.after - b.after))
      byDay.set(addDays(confirmedOn, move.after), move.cost);
    return [...byDay].map(([on, cost_paise]) => ({ on, cost_paise }));
  };
  const historyOn = (history: CostStep[], today: string) => history.filter((step) => step.on <= today);
  const firstCost = fc.integer({ min: 1_000_00, max: 5_00_000_00 });
  const checkedDay = fc.integer({ min: 0, max: 170 });
  /** The schedule `day` days after confirmation, the price having moved as `moves` say up to that day. */
  const scheduleOn = (first: number, moves: { after: number; cost: number }[], day: number) => {
    const today = addDays(confirmedOn, day);
    const history = historyOn(historyOf(first, moves), today);
    const total = history.at(-1)!.cost_paise;
    const schedule = paymentSchedule({ totalPaise: total, eventDate, confirmedOn, today, rules, costHistory: history });
    return { today, history, total, schedule };
  };

  it('adds up to the total, falls due in order, never before confirmation, and never owes nothing', () => {
    fc.assert(
      fc.property(firstCost, changes, checkedDay, (first, moves, day) => {
        const { today, total, schedule } = scheduleOn(first, moves, day);
        expect(schedule.reduce((sum, row) => sum + row.amount_paise, 0)).toBe(total);
        expect(new Set(schedule.map((row) => `${row.kind} ${row.due_date}`)).size).toBe(schedule.length);
        for (const [i, row] of schedule.entries()) {
          expect(row.amount_paise).toBeGreaterThan(0);
          expect(row.due_date >= confirmedOn).toBe(true);
          if (i > 0) expect(row.due_date >= schedule[i - 1]!.due_date).toBe(true);
          if (row.added) expect(row.due_date <= today).toBe(true);
        }
      }),
    );
  });

  it('asks by any day for no more than the schedule of the price as it stood that day', () => {
    fc.assert(
      fc.property(firstCost, changes, checkedDay, (first, moves, day) => {
        const { history, schedule } = scheduleOn(first, moves, day);
        for (let d = 0; d <= day; d += 1) {
          const on = addDays(confirmedOn, d);
          const costThen = history.findLast((step) => step.on <= on)!.cost_paise;
          const then = paymentSchedule({ totalPaise: costThen, eventDate, confirmedOn, today: on, rules });
          const dueBy = (rows: typeof schedule) =>
            rows.filter((row) => row.due_date <= on).reduce((sum, row) => sum + row.amount_paise, 0);
          expect(dueBy(schedule)).toBeLessThanOrEqual(dueBy(then));
        }
      }),
    );
  });

  it('never finds overdue a customer who paid, every day, what was due that day, whatever date they moved to', () => {
    const move = fc.option(
      fc.record({ after: fc.integer({ min: 1, max: 150 }), newEventIn: fc.integer({ min: 0, max: 200 }) }),
      { nil: null },
    );
    fc.assert(
      fc.property(fc.integer({ min: 1_000_00, max: 5_00_000_00 }), changes, move, (first, moves, dateMove) => {
        const full = historyOf(first, moves);
        const changedOn = dateMove && addDays(confirmedOn, dateMove.after);
        let held = 0;
        for (let d = 0; d <= 170; d += 1) {
          const today = addDays(confirmedOn, d);
          const moved = changedOn !== null && today >= changedOn;
          const history = historyOn(full, today);
          const summary = bookingMoney({
            status: 'confirmed',
            totalPaise: history.at(-1)!.cost_paise,
            creditedPaise: 0,
            eventDate: moved ? addDays(changedOn, dateMove!.newEventIn) : eventDate,
            confirmedOn,
            heldPaise: held,
            today,
            costHistory: history,
            dateChange: moved ? { fromEventDate: eventDate, on: changedOn } : null,
          });
          expect(summary.days_overdue, today).toBe(0);
          for (const [i, row] of summary.instalments.entries()) {
            if (i > 0) expect(row.due_date >= summary.instalments[i - 1]!.due_date).toBe(true);
          }
          held += summary.due_now_paise;
        }
      }),
    );
  });

  it('keeps an unpaid advance overdue since its own date whatever the price does after it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 10_000_00, max: 5_00_000_00 }),
        changes,
        fc.integer({ min: 8, max: 140 }),
        (first, moves, day) => {
          const today = addDays(confirmedOn, day);
          const rising = historyOf(
            first,
            moves.map((move) => ({ after: move.after, cost: first + move.cost })),
          );
          const summary = money(historyOn(rising, today), 999_00, today);
          const advanceDue = addDays(confirmedOn, rules.advance_due_days_after_confirmation);
          expect(overdueAdvance(summary)).toMatchObject({
            due_date: advanceDue,
            days_overdue: daysBetween(advanceDue, today),
          });
        },
      ),
    );
  });
});
