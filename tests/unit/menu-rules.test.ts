import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { demoDishRows } from '../../src/server/db/seed-menu';
import { paymentSchedule } from '../../src/shared/booking-rules';
import { todayInIndia } from '../../src/shared/dates';
import { PRICING_TIERS } from '../../src/shared/domain';
import {
  COURSES,
  DEFAULT_MENU_RULES,
  DIETS,
  eatersOf,
  guestSplitText,
  GUEST_DIETS,
  menuEditRefusal,
  menuFreezeDate,
  menuProblems,
  scaledQuantity,
  servedTo,
  staffPlan,
  type MenuDish,
} from '../../src/shared/menu';
import { pricePackage, priceQuote, subscriberPrice } from '../../src/shared/pricing';

describe('add-ons in the shared pricing (docs/product.md#menus)', () => {
  it.each([
    [299, 0],
    [300, 5],
    [699, 5],
    [700, 10],
  ])('at %i guests the volume discount (%i%%) covers the package and the add-ons together', (guests, percent) => {
    const price = pricePackage({
      tier: 'premium',
      guestCount: guests,
      basePricePerPersonPaise: 1_265_00,
      addOns: [
        { description: 'Live Jalebi Counter', perGuestPaise: 110_50 },
        { description: 'Kesar Kulfi', perGuestPaise: 70_00 },
      ],
    });
    const gross = 1_265_00 * guests + 110_50 * guests + 70_00 * guests;
    expect(price.packagePaise).toBe(1_265_00 * guests);
    expect(price.addOnsPaise).toBe((110_50 + 70_00) * guests);
    expect(price.grossPaise).toBe(gross);
    expect(price.discountPercent).toBe(percent);
    expect(price.discountPaise).toBe(Math.round((gross * percent) / 100));
    expect(price.subtotalPaise).toBe(gross - price.discountPaise);
    expect(price.gstPaise).toBe(Math.round((price.subtotalPaise * 18) / 100));
    expect(price.finalAmountPaise).toBe(price.subtotalPaise + price.gstPaise);
  });

  it('prices exactly as before without add-ons, and the schedule and a subscriber discount add up to the paisa with them', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PRICING_TIERS),
        fc.integer({ min: 1, max: 10_000 }),
        fc.array(fc.integer({ min: 1, max: 10_000_00 }), { maxLength: 5 }),
        (tier, guests, perGuest) => {
          const plain = priceQuote({
            tier,
            eventType: 'wedding',
            venueType: 'banquet',
            city: 'Indore',
            guestCount: guests,
          });
          expect(plain.addOnsPaise).toBe(0);
          expect(plain.grossPaise).toBe(plain.basePricePerPersonPaise * guests);
          const addOns = perGuest.map((paise, i) => ({ description: `Add-on ${i}`, perGuestPaise: paise }));
          const withAddOns = priceQuote({
            tier,
            eventType: 'wedding',
            venueType: 'banquet',
            city: 'Indore',
            guestCount: guests,
            addOns,
          });
          expect(withAddOns.addOnsPaise).toBe(perGuest.reduce((sum, paise) => sum + paise * guests, 0));
          expect(withAddOns.finalAmountPaise).toBeGreaterThanOrEqual(plain.finalAmountPaise);
          const schedule = paymentSchedule({
            totalPaise: withAddOns.finalAmountPaise,
            eventDate: '2027-03-05',
            confirmedOn: '2026-12-01',
            today: '2026-12-01',
          });
          expect(schedule.reduce((sum, row) => sum + row.amount_paise, 0)).toBe(withAddOns.finalAmountPaise);
          const subscriber = subscriberPrice(withAddOns, 5);
          expect(subscriber.subtotalPaise + subscriber.gstPaise).toBe(subscriber.finalAmountPaise);
          expect(withAddOns.finalAmountPaise - subscriber.finalAmountPaise).toBe(subscriber.billDiscountPaise);
        },
      ),
    );
  });
});

describe('the freeze date (India time)', () => {
  const rules = DEFAULT_MENU_RULES;
  const booking = { status: 'confirmed' as const, eventDate: '2026-12-09' };

  it('is 7 days before the event; the customer may change the menu until the day before it', () => {
    expect(menuFreezeDate('2026-12-09', rules)).toBe('2026-12-02');
    expect(menuEditRefusal(booking, 'customer', rules, '2026-12-01')).toBeNull();
    expect(menuEditRefusal(booking, 'customer', rules, '2026-12-02')).toBe(
      'The menu was frozen on December 2nd, 2026, 7 days before the event: please ask our team to change it',
    );
    expect(menuEditRefusal(booking, 'admin', rules, '2026-12-09')).toBeNull();
  });

  it('turns at midnight in India, not in UTC', () => {
    const beforeMidnight = todayInIndia(new Date('2026-12-01T18:29:59Z'));
    const afterMidnight = todayInIndia(new Date('2026-12-01T18:30:00Z'));
    expect(beforeMidnight).toBe('2026-12-01');
    expect(afterMidnight).toBe('2026-12-02');
    expect(menuEditRefusal(booking, 'customer', rules, beforeMidnight)).toBeNull();
    expect(menuEditRefusal(booking, 'customer', rules, afterMidnight)).not.toBeNull();
  });

  it('keeps a cancelled, completed or unpriced booking closed to everyone', () => {
    expect(menuEditRefusal({ status: 'cancelled', eventDate: '2027-01-01' }, 'admin', rules, '2026-12-01')).toBe(
      'This booking is cancelled: its menu can no longer be changed',
    );
    expect(menuEditRefusal({ status: 'inquiry', eventDate: '2027-01-01' }, 'customer', rules, '2026-12-01')).toBe(
      'This booking has no price yet: the menu is chosen once it is quoted',
    );
    expect(
      menuEditRefusal({ status: 'in_progress', eventDate: '2026-12-01' }, 'admin', rules, '2026-12-01'),
    ).toBeNull();
  });
});

describe('quantities from yields', () => {
  it.each([
    [7, 'kg', 20, 5, 1.5], // 1.47 kg → 1.5
    [10, 'kg', 150, 5, 15.8], // 15.75 kg → 15.8
    [250, 'pieces', 130, 5, 342], // 341.25 → 342
    [12, 'litres', 100, 0, 12],
    [6, 'kg', 0, 5, 0],
  ] as const)(
    '%d %s per 100 guests for %d guests with %d%% buffer is %d',
    (yieldPer100, unit, eaters, buffer, quantity) => {
      expect(scaledQuantity(yieldPer100, unit, eaters, buffer)).toBe(quantity);
    },
  );

  it('is never short and never more than one rounding step over the exact amount', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.constantFrom('kg' as const, 'litres' as const, 'pieces' as const),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 50 }),
        (yieldHundredths, unit, eaters, buffer) => {
          const yieldPer100 = yieldHundredths / 100;
          const quantity = scaledQuantity(yieldPer100, unit, eaters, buffer);
          // Exact, in hundredths of a unit × 10^4 to stay in integers.
          const exact = yieldHundredths * eaters * (100 + buffer);
          const got = Math.round(quantity * 100) * 100 * 100;
          const step = unit === 'pieces' ? 100 : 10;
          expect(got).toBeGreaterThanOrEqual(exact);
          expect(got - exact).toBeLessThan(step * 100 * 100);
        },
      ),
    );
  });

  it('counts the eaters of a dish by diet: Jain guests eat only Jain dishes', () => {
    const split = { veg: 100, jain: 30, non_veg: 20 };
    expect(eatersOf('jain', split)).toBe(150);
    expect(eatersOf('veg', split)).toBe(120);
    expect(eatersOf('vegan', split)).toBe(120);
    expect(eatersOf('egg', split)).toBe(20);
    expect(eatersOf('non_veg', split)).toBe(20);
  });

  it('plans servers by package and adds each counter’s staff', () => {
    expect(staffPlan('basic', 150, [])).toEqual({ servers: 6, counter_staff: 0, total: 6 });
    expect(staffPlan('premium', 150, [2])).toEqual({ servers: 8, counter_staff: 2, total: 10 });
    expect(staffPlan('luxury', 150, [2, 3])).toEqual({ servers: 13, counter_staff: 5, total: 18 });
  });
});

describe('menu rules over random menus', () => {
  const dishArb = fc.record({
    course: fc.constantFrom(...COURSES),
    diet: fc.constantFrom(...DIETS),
    addOn: fc.boolean(),
  });

  it('a menu the rules accept feeds every guest something in every course it has, within the allowance', () => {
    fc.assert(
      fc.property(
        fc.array(dishArb, { maxLength: 14 }),
        fc.constantFrom(...PRICING_TIERS),
        fc.record({
          veg: fc.integer({ min: 0, max: 50 }),
          jain: fc.integer({ min: 0, max: 50 }),
          non_veg: fc.integer({ min: 0, max: 50 }),
        }),
        (specs, tier, split) => {
          const dishes: MenuDish[] = specs.map((spec, i) => ({
            id: `d${i}`,
            name: `Dish ${i}`,
            course: spec.course,
            diet: spec.diet,
            active: true,
            addOnPricePaise: spec.addOn ? 100_00 : null,
          }));
          const guestCount = split.veg + split.jain + split.non_veg;
          const problems = menuProblems({ tier, guestCount, split, dishes, allowances: DEFAULT_MENU_RULES.allowances });
          if (problems.length > 0) return;
          for (const course of COURSES) {
            const inCourse = dishes.filter((dish) => dish.course === course);
            if (inCourse.length === 0) continue;
            expect(inCourse.filter((d) => d.addOnPricePaise === null).length).toBeLessThanOrEqual(
              DEFAULT_MENU_RULES.allowances[tier][course],
            );
            for (const diet of GUEST_DIETS) {
              if (split[diet] > 0) expect(inCourse.some((dish) => servedTo(dish.diet).includes(diet))).toBe(true);
            }
          }
          for (const dish of dishes) expect(eatersOf(dish.diet, split)).toBeGreaterThan(0);
        },
      ),
    );
  });
});

describe('guestSplitText', () => {
  it('prints every diet in the same order, with Indian digit grouping, zeros included', () => {
    expect(guestSplitText({ veg: 1200, jain: 50, non_veg: 0 })).toBe(
      'Veg guests 1,200 · Jain guests 50 · Non-veg guests 0',
    );
  });
});

describe('the demo catalogue (src/server/db/seed-menu.ts)', () => {
  const catalogue: MenuDish[] = demoDishRows().map((row, i) => ({
    id: `demo-${i}`,
    name: row.name,
    course: row.course,
    diet: row.diet,
    active: true,
    addOnPricePaise: row.addOnPricePaise ?? null,
  }));
  const named = (name: string) => catalogue.find((dish) => dish.name === name)!;
  const { allowances } = DEFAULT_MENU_RULES;

  it('feeds every guest diet in every course a package can take, an included dish or an add-on', () => {
    for (const tier of PRICING_TIERS) {
      for (const course of COURSES) {
        const takeable = catalogue.filter(
          (dish) => dish.course === course && (dish.addOnPricePaise !== null || allowances[tier][course] > 0),
        );
        for (const diet of GUEST_DIETS) {
          expect(
            takeable.some((dish) => servedTo(dish.diet).includes(diet)),
            `${tier}: ${course} for ${diet} guests`,
          ).toBe(true);
        }
      }
    }
  });

  it('gives a Basic menu with Jain guests a live counter only as a Jain add-on', () => {
    const basic = (names: string[]) =>
      menuProblems({
        tier: 'basic',
        guestCount: 150,
        split: { veg: 120, jain: 30, non_veg: 0 },
        dishes: names.map(named),
        allowances,
      });
    const jainMeal = ['Jain Paneer Tikka', 'Jain Dal Tadka'];
    expect(basic([...jainMeal, 'Jain Chaat Counter', 'Live Jalebi Counter'])).toEqual([]);
    expect(basic([...jainMeal, 'Live Jalebi Counter'])).toEqual([
      {
        field: 'courses.live_counters',
        message: 'Live counters: add a dish the Jain guests can eat (Jain guests are served only Jain dishes)',
      },
    ]);
    expect(basic([...jainMeal, 'Sarafa Live Counter'])).toEqual([
      {
        field: 'courses.live_counters',
        message: 'Live counters: the Basic package includes 0, 1 chosen; remove 1 or choose an add-on',
      },
    ]);
  });
});

describe('menu rule messages', () => {
  it('name the guests by their labels', () => {
    const problems = menuProblems({
      tier: 'premium',
      guestCount: 50,
      split: { veg: 0, jain: 50, non_veg: 0 },
      dishes: [
        { id: 'a', name: 'Paneer Tikka', course: 'starters', diet: 'veg', active: true, addOnPricePaise: null },
        { id: 'b', name: 'Egg Devilled', course: 'starters', diet: 'egg', active: true, addOnPricePaise: null },
      ],
      allowances: DEFAULT_MENU_RULES.allowances,
    });
    expect(problems.map((problem) => problem.message)).toEqual([
      'Paneer Tikka is Veg: none of the guests can be served it (Veg guests or Non-veg guests only)',
      'Egg Devilled is Egg: none of the guests can be served it (Non-veg guests only)',
      'Starters: add a dish the Jain guests can eat (Jain guests are served only Jain dishes)',
    ]);
  });
});
