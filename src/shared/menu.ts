import { addDays, formatLongDate, todayInIndia } from './dates';
import { enumWords, humanize, type BookingStatus, type PricingTier } from './domain';

/*
 * Menus, diets and the kitchen (docs/product.md#menus): the catalogue's vocabularies, the package allowances, the
 * diet rules, the freeze date, the staff plan and the kitchen's quantities. Pure: the server enforces these, the
 * builder checks the same rules as the customer types, and the event order and production sheet print from them.
 */

export const COURSES = [
  'welcome_drinks',
  'soups',
  'starters',
  'mains',
  'breads',
  'rice',
  'desserts',
  'live_counters',
  'beverages',
] as const;
export type Course = (typeof COURSES)[number];

export const COURSE_LABELS: Readonly<Record<Course, string>> = {
  welcome_drinks: 'Welcome drinks',
  soups: 'Soups',
  starters: 'Starters',
  mains: 'Mains',
  breads: 'Breads',
  rice: 'Rice',
  desserts: 'Desserts',
  live_counters: 'Live counters',
  beverages: 'Beverages',
};

/** A dish's diet. Jain dishes are vegetarian without onion, garlic or root vegetables; vegan ones without dairy. */
export const DIETS = ['jain', 'vegan', 'veg', 'egg', 'non_veg'] as const;
export type Diet = (typeof DIETS)[number];

export const DIET_LABELS: Readonly<Record<Diet, string>> = {
  jain: 'Jain',
  vegan: 'Vegan',
  veg: 'Veg',
  egg: 'Egg',
  non_veg: 'Non-veg',
};

/** The short mark printed beside a dish on the event order and the production sheet. */
export const DIET_MARKS: Readonly<Record<Diet, string>> = { jain: 'J', vegan: 'VG', veg: 'V', egg: 'E', non_veg: 'NV' };

/** How the guests are split: every guest is counted once, as veg, Jain or non-veg. */
export const GUEST_DIETS = ['veg', 'jain', 'non_veg'] as const;
export type GuestDiet = (typeof GUEST_DIETS)[number];

export const GUEST_DIET_LABELS: Readonly<Record<GuestDiet, string>> = {
  veg: 'Veg guests',
  jain: 'Jain guests',
  non_veg: 'Non-veg guests',
};

/** A guest split as the event order, its PDF and the run sheet print it: "Veg guests 180 · Jain guests 50 · …". */
export function guestSplitText(split: GuestSplit): string {
  return GUEST_DIETS.map((diet) => `${GUEST_DIET_LABELS[diet]} ${split[diet].toLocaleString('en-IN')}`).join(' · ');
}

export const ALLERGENS = [
  'nuts',
  'peanuts',
  'dairy',
  'gluten',
  'sesame',
  'soy',
  'mustard',
  'egg',
  'fish',
  'shellfish',
] as const;
export type Allergen = (typeof ALLERGENS)[number];

export const REGIONS = [
  'north_indian',
  'south_indian',
  'gujarati',
  'rajasthani',
  'malwa',
  'indo_chinese',
  'continental',
] as const;
export type Region = (typeof REGIONS)[number];

export const REGION_LABELS: Readonly<Record<Region, string>> = {
  north_indian: 'North Indian',
  south_indian: 'South Indian',
  gujarati: 'Gujarati',
  rajasthani: 'Rajasthani',
  malwa: 'Malwa',
  indo_chinese: 'Indo-Chinese',
  continental: 'Continental',
};

export const YIELD_UNITS = ['kg', 'litres', 'pieces'] as const;
export type YieldUnit = (typeof YIELD_UNITS)[number];

/** Which guests may be served a dish of a diet: Jain guests only Jain dishes; veg guests no egg or meat. */
const SERVED_TO: Readonly<Record<Diet, readonly GuestDiet[]>> = {
  jain: ['jain', 'veg', 'non_veg'],
  vegan: ['veg', 'non_veg'],
  veg: ['veg', 'non_veg'],
  egg: ['non_veg'],
  non_veg: ['non_veg'],
};

export function servedTo(diet: Diet): readonly GuestDiet[] {
  return SERVED_TO[diet];
}

export type GuestSplit = Readonly<Record<GuestDiet, number>>;

/** The guests who eat a dish: the guests of every diet it may be served to. */
export function eatersOf(diet: Diet, split: GuestSplit): number {
  return SERVED_TO[diet].reduce((sum, guestDiet) => sum + split[guestDiet], 0);
}

/** Included items per course for each package; add-ons come on top and are charged per guest. */
export type MenuAllowances = Readonly<Record<PricingTier, Readonly<Record<Course, number>>>>;

export type MenuRules = {
  allowances: MenuAllowances;
  /** The menu freezes this many days before the event (India dates); after that only the admin changes it. */
  freeze_days_before_event: number;
  /** The kitchen cooks this much more than the yields say, for second helpings and late guests. */
  kitchen_buffer_percent: number;
};

export const DEFAULT_MENU_RULES: Readonly<MenuRules> = {
  allowances: {
    basic: {
      welcome_drinks: 1,
      soups: 1,
      starters: 2,
      mains: 2,
      breads: 2,
      rice: 1,
      desserts: 1,
      live_counters: 0,
      beverages: 1,
    },
    premium: {
      welcome_drinks: 2,
      soups: 1,
      starters: 4,
      mains: 4,
      breads: 3,
      rice: 2,
      desserts: 2,
      live_counters: 1,
      beverages: 2,
    },
    luxury: {
      welcome_drinks: 3,
      soups: 2,
      starters: 6,
      mains: 6,
      breads: 4,
      rice: 2,
      desserts: 3,
      live_counters: 2,
      beverages: 3,
    },
  },
  freeze_days_before_event: 7,
  kitchen_buffer_percent: 5,
};

/** The day the menu freezes: `freeze_days_before_event` days before the event. */
export function menuFreezeDate(eventDate: string, rules: Pick<MenuRules, 'freeze_days_before_event'>): string {
  return addDays(eventDate, -rules.freeze_days_before_event);
}

/** Statuses whose menu can still change: a priced booking that has not happened or been cancelled. */
export const MENU_EDIT_STATUSES: readonly BookingStatus[] = ['quoted', 'confirmed'];
/** The admin may also change the menu of an event running today (the kitchen's last-minute changes). */
export const MENU_ADMIN_EDIT_STATUSES: readonly BookingStatus[] = ['quoted', 'confirmed', 'in_progress'];

/**
 * Why the menu cannot be changed now by `who`, or null when it can (docs/product.md#menus). The customer changes it
 * while the booking is quoted or confirmed and before its freeze date (the freeze date itself is frozen, in India
 * time); the admin also on and after the freeze date and while the event is in progress.
 */
export function menuEditRefusal(
  booking: { status: BookingStatus; eventDate: string | null },
  who: 'customer' | 'admin',
  rules: Pick<MenuRules, 'freeze_days_before_event'>,
  today: string = todayInIndia(),
): string | null {
  const allowed = who === 'admin' ? MENU_ADMIN_EDIT_STATUSES : MENU_EDIT_STATUSES;
  if (!allowed.includes(booking.status)) {
    return booking.status === 'inquiry'
      ? 'This booking has no price yet: the menu is chosen once it is quoted'
      : `This booking is ${enumWords(booking.status)}: its menu can no longer be changed`;
  }
  if (who === 'admin' || booking.eventDate === null) return null;
  const freeze = menuFreezeDate(booking.eventDate, rules);
  if (today >= freeze) {
    return (
      `The menu was frozen on ${formatLongDate(freeze)}, ${rules.freeze_days_before_event} ` +
      'days before the event: please ask our team to change it'
    );
  }
  return null;
}

/** A dish as the menu rules read it. */
export type MenuDish = {
  id: string;
  name: string;
  course: Course;
  diet: Diet;
  active: boolean;
  /** Price per guest in paise when the dish is an add-on; null when the package includes it. */
  addOnPricePaise: number | null;
};

export type MenuProblem = { field: string; message: string };

/**
 * Everything wrong with a menu, or nothing (docs/product.md#menus):
 * - the guests split by diet add up to the guest count;
 * - a dish is chosen once and is on the active catalogue (a retired dish already on the menu may stay);
 * - per course, the dishes the package includes stay within the package's allowance (add-ons are extra);
 * - every dish is eaten by someone (no non-veg dish without non-veg guests, no non-Jain dish for an all-Jain event);
 * - every guest diet with guests has something in every course on the menu: with Jain guests each chosen course
 *   has a Jain dish, with veg guests a vegetarian one. Jain guests are served only the Jain dishes.
 * The messages name the guests by their labels ("Jain guests", "Non-veg guests"), as the builder's fields do.
 */
export function menuProblems(input: {
  tier: PricingTier;
  guestCount: number;
  split: GuestSplit;
  dishes: readonly MenuDish[];
  allowances: MenuAllowances;
  /** Dishes already on the saved menu: they may stay after being retired. */
  keptDishIds?: ReadonlySet<string>;
}): MenuProblem[] {
  const problems: MenuProblem[] = [];
  const { split } = input;
  const counted = GUEST_DIETS.reduce((sum, diet) => sum + split[diet], 0);
  if (counted !== input.guestCount) {
    problems.push({
      field: 'guests',
      message:
        'Veg, Jain and non-veg guests must add up to the guest count ' +
        `(${input.guestCount.toLocaleString('en-IN')}); they add up to ${counted.toLocaleString('en-IN')}`,
    });
  }
  const seen = new Set<string>();
  for (const dish of input.dishes) {
    if (seen.has(dish.id)) problems.push({ field: 'dish_ids', message: `${dish.name} is chosen twice` });
    seen.add(dish.id);
    if (!dish.active && !input.keptDishIds?.has(dish.id)) {
      problems.push({ field: 'dish_ids', message: `${dish.name} is no longer on our menu` });
    }
    if (eatersOf(dish.diet, split) === 0) {
      problems.push({
        field: 'dish_ids',
        message: `${dish.name} is ${DIET_LABELS[dish.diet]}: none of the guests can be served it (${servedTo(dish.diet)
          .map((d) => GUEST_DIET_LABELS[d])
          .join(' or ')} only)`,
      });
    }
  }
  const allowance = input.allowances[input.tier];
  for (const course of COURSES) {
    const inCourse = input.dishes.filter((dish) => dish.course === course);
    if (inCourse.length === 0) continue;
    const included = inCourse.filter((dish) => dish.addOnPricePaise === null).length;
    if (included > allowance[course]) {
      problems.push({
        field: `courses.${course}`,
        message:
          `${COURSE_LABELS[course]}: the ${humanize(input.tier)} package includes ${allowance[course]}, ` +
          `${included} chosen; remove ${included - allowance[course]} or choose an add-on`,
      });
    }
    for (const guestDiet of GUEST_DIETS) {
      if (split[guestDiet] === 0) continue;
      if (!inCourse.some((dish) => SERVED_TO[dish.diet].includes(guestDiet))) {
        problems.push({
          field: `courses.${course}`,
          message:
            `${COURSE_LABELS[course]}: add a dish the ${GUEST_DIET_LABELS[guestDiet]} can ` +
            `eat (${guestDiet === 'jain' ? 'Jain guests are served only Jain dishes' : 'vegetarian'})`,
        });
      }
    }
  }
  return problems;
}

/** One server for this many guests, by package (buffet service; the luxury package serves at the table). */
export const GUESTS_PER_SERVER: Readonly<Record<PricingTier, number>> = { basic: 25, premium: 20, luxury: 12 };

export type StaffPlan = { servers: number; counter_staff: number; total: number };

/** Servers for the guests by package (rounded up), plus each counter's own staff. */
export function staffPlan(tier: PricingTier, guestCount: number, staffPerCounter: readonly number[]): StaffPlan {
  const servers = guestCount > 0 ? Math.ceil(guestCount / GUESTS_PER_SERVER[tier]) : 0;
  const counterStaff = staffPerCounter.reduce((sum, staff) => sum + staff, 0);
  return { servers, counter_staff: counterStaff, total: servers + counterStaff };
}

/** Quantities are rounded up to this step, in hundredths of the unit: 0.1 kg or litre, whole pieces. */
const ROUNDING_STEP: Readonly<Record<YieldUnit, number>> = { kg: 10, litres: 10, pieces: 100 };

/**
 * The quantity to cook (docs/product.md#kitchen): the dish's yield per 100 guests × the guests who eat it / 100,
 * plus the buffer percent, rounded **up** (never short) to 0.1 kg or litre or to a whole piece. Exact integer
 * arithmetic on hundredths of the unit; 0 when nobody eats it.
 */
export function scaledQuantity(yieldPer100: number, unit: YieldUnit, eaters: number, bufferPercent: number): number {
  const yieldHundredths = Math.round(yieldPer100 * 100);
  const step = ROUNDING_STEP[unit];
  // hundredths = yield × eaters / 100 × (100 + buffer) / 100, rounded up to the step.
  const numerator = BigInt(yieldHundredths) * BigInt(eaters) * BigInt(100 + Math.round(bufferPercent));
  const denominator = 100n * 100n * BigInt(step);
  const steps = (numerator + denominator - 1n) / denominator;
  return (Number(steps) * step) / 100;
}
