import { z } from 'zod';
import { isIsoDate } from '../dates';
import { PRICING_TIERS, type BookingStatus, type PricingTier } from '../domain';
import type { AddOnLineDto } from '../pricing';
import {
  ALLERGENS,
  COURSES,
  DIETS,
  REGIONS,
  YIELD_UNITS,
  type Allergen,
  type Course,
  type Diet,
  type GuestDiet,
  type Region,
  type StaffPlan,
  type YieldUnit,
} from '../menu';
import { MAX_GUESTS } from '../pricing';
import { nameSchema, optionalTextSchema, uuidSchema } from './common';
import type { QuoteLine } from './quote';

/*
 * Menus, diets and the kitchen's event order (docs/product.md#menus, docs/api.md "Menus"): the admin's catalogue,
 * the customer's menu, the banquet event order and the production sheet.
 */

export const DISH_NAME_MAX_LENGTH = 80;
export const DISH_DESCRIPTION_MAX_LENGTH = 300;
export const MENU_NOTES_MAX_LENGTH = 1000;
/** A menu holds at most this many dishes (every course of the largest package, and add-ons). */
export const MAX_MENU_DISHES = 60;
/** An add-on costs at most ₹10,000 per guest. */
export const MAX_ADD_ON_RUPEES = 10_000;

function twoDecimals(value: number): boolean {
  return Number(value.toFixed(2)) === value;
}

/** An optional photo: an https address (shown as an image, never fetched by the server); empty is none. */
const photoUrlSchema = z
  .string({ error: 'Photo must be a web address' })
  .trim()
  .max(500, 'Photo address must be at most 500 characters')
  .nullish()
  .transform((value) => (value ? value : null))
  .refine((value) => {
    if (value === null) return true;
    try {
      return new URL(value).protocol === 'https:';
    } catch {
      return false;
    }
  }, 'Photo must be an https:// address');

/** A dish as the admin adds or edits it. */
export const dishFieldsSchema = z.strictObject({
  name: nameSchema('Dish name', DISH_NAME_MAX_LENGTH),
  course: z.enum(COURSES, { error: 'Choose a course' }),
  diet: z.enum(DIETS, { error: 'Choose a diet' }),
  allergens: z
    .array(z.enum(ALLERGENS, { error: `Allergens are ${ALLERGENS.join(', ')}` }), {
      error: 'Allergens must be a list',
    })
    .max(ALLERGENS.length)
    .refine((list) => new Set(list).size === list.length, 'An allergen is listed twice')
    .default([]),
  region: z.enum(REGIONS, { error: 'Choose a region' }),
  description: optionalTextSchema('Description', DISH_DESCRIPTION_MAX_LENGTH),
  photo_url: photoUrlSchema,
  active: z.boolean({ error: 'Active must be true or false' }).default(true),
  /** Rupees per guest when the dish is an add-on; null or absent when the package includes it. */
  add_on_price: z
    .number({ error: 'Add-on price must be a number of rupees' })
    .positive('Add-on price must be above ₹0 (leave it empty for an included dish)')
    .max(MAX_ADD_ON_RUPEES, `Add-on price must be at most ₹${MAX_ADD_ON_RUPEES.toLocaleString('en-IN')} per guest`)
    .refine(twoDecimals, 'Add-on price can have at most two decimals (paise)')
    .nullish()
    .transform((value) => value ?? null),
  yield_per_100: z
    .number({
      error: (issue) =>
        issue.input === undefined ? 'Yield per 100 guests is required' : 'Yield per 100 guests must be a number',
    })
    .positive('Yield per 100 guests must be above 0')
    .max(10_000, 'Yield per 100 guests must be at most 10,000')
    .refine(twoDecimals, 'Yield per 100 guests can have at most two decimals'),
  yield_unit: z.enum(YIELD_UNITS, { error: 'Unit is kg, litres or pieces' }),
  staff_per_counter: z
    .number({ error: 'Staff per counter must be a number' })
    .int('Staff per counter must be a whole number')
    .min(0, 'Staff per counter cannot be negative')
    .max(10, 'Staff per counter must be at most 10')
    .default(0),
});
export type DishFields = z.input<typeof dishFieldsSchema>;

export const dishUpdateInputSchema = z.strictObject({ id: uuidSchema, data: dishFieldsSchema });
export type DishUpdateInput = z.input<typeof dishUpdateInputSchema>;

/** The new order of one course's dishes (every dish of the course, retired ones included). */
export const dishOrderInputSchema = z.strictObject({
  course: z.enum(COURSES, { error: 'Choose a course' }),
  dish_ids: z
    .array(uuidSchema, { error: 'Dish ids must be a list' })
    .min(1, 'List the dishes of the course')
    .max(500)
    .refine((ids) => new Set(ids).size === ids.length, 'A dish is listed twice'),
});
export type DishOrderInput = z.input<typeof dishOrderInputSchema>;

export const adminDishesQuerySchema = z
  .strictObject({ include_retired: z.union([z.boolean(), z.enum(['true', 'false'])]).optional() })
  .transform((value) => ({ include_retired: value.include_retired === true || value.include_retired === 'true' }));

export type DishDto = {
  id: string;
  name: string;
  course: Course;
  diet: Diet;
  allergens: Allergen[];
  region: Region;
  description: string | null;
  photo_url: string | null;
  active: boolean;
  sort_order: number;
  /** Rupees per guest; null when the package includes the dish. */
  add_on_price: number | null;
  yield_per_100: number;
  yield_unit: YieldUnit;
  staff_per_counter: number;
};

const allowanceSchema = z.strictObject(
  Object.fromEntries(
    COURSES.map((course) => [
      course,
      z
        .number({ error: 'Items must be a number' })
        .int('Items must be a whole number')
        .min(0, 'Items cannot be negative')
        .max(20, 'At most 20 items per course'),
    ]),
  ) as Record<Course, z.ZodNumber>,
);

/** The menu rules as the admin edits them: allowances per package and course, freeze days, kitchen buffer. */
export const menuRulesInputSchema = z.strictObject({
  allowances: z.strictObject(
    Object.fromEntries(PRICING_TIERS.map((tier) => [tier, allowanceSchema])) as Record<
      PricingTier,
      typeof allowanceSchema
    >,
  ),
  freeze_days_before_event: z
    .number({ error: 'Freeze days must be a number' })
    .int('Freeze days must be a whole number')
    .min(0, 'Freeze days cannot be negative')
    .max(60, 'Freeze days must be at most 60'),
  kitchen_buffer_percent: z
    .number({ error: 'Buffer must be a percent' })
    .int('Buffer must be a whole percent')
    .min(0, 'Buffer cannot be negative')
    .max(50, 'Buffer must be at most 50%'),
});
export type MenuRulesInput = z.input<typeof menuRulesInputSchema>;

export type MenuCatalogueDto = {
  dishes: DishDto[];
  allowances: Record<PricingTier, Record<Course, number>>;
  freeze_days_before_event: number;
};

const guestCountSchema = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(0, `${label} cannot be negative`)
    .max(MAX_GUESTS, `${label} must be at most ${MAX_GUESTS.toLocaleString('en-IN')}`);

/** The menu as the customer (or the admin) saves it. */
export const menuFieldsSchema = z.strictObject({
  guests: z.strictObject({
    veg: guestCountSchema('Veg guests'),
    jain: guestCountSchema('Jain guests'),
    non_veg: guestCountSchema('Non-veg guests'),
  }),
  dish_ids: z
    .array(uuidSchema, { error: 'Dishes must be a list' })
    .max(MAX_MENU_DISHES, `A menu holds at most ${MAX_MENU_DISHES} dishes`),
  allergy_notes: optionalTextSchema('Allergy notes', MENU_NOTES_MAX_LENGTH),
  setup_notes: optionalTextSchema('Set-up notes', MENU_NOTES_MAX_LENGTH),
});

export const saveMenuInputSchema = menuFieldsSchema.extend({ id: uuidSchema });
export type SaveMenuInput = z.input<typeof saveMenuInputSchema>;

export type BookingMenuDto = {
  booking_id: string;
  reference: string;
  event_name: string;
  event_date: string | null;
  status: BookingStatus;
  guest_count: number;
  package: PricingTier;
  /** Included items per course for the package. */
  allowances: Record<Course, number>;
  freeze_date: string | null;
  /** Whether the reader may change the menu now, and why not. */
  editable: boolean;
  edit_refusal: string | null;
  /** Whether a menu was saved yet (before that, the guests are all counted as veg). */
  saved: boolean;
  /** The guest count changed after the split was saved: the split was made to add up; the customer should check it. */
  guests_need_review: boolean;
  guests: Record<GuestDiet, number>;
  dish_ids: string[];
  /** The menu's dishes as chosen (retired ones included), with the add-on price each was chosen at. */
  dishes: DishDto[];
  allergy_notes: string | null;
  setup_notes: string | null;
  /** The booking's price with the add-ons, line by line, as the quote shows it. */
  price: { lines: QuoteLine[]; total: number };
  /** The add-ons on the bill (docs/product.md#menus): each its price per guest × the booking's guests. */
  add_ons: AddOnLineDto[];
  updated_at: string | null;
};

export type SaveMenuResult = { message: string; menu: BookingMenuDto };

/** The awarded supplier's event order: the booking of its project. */
export const supplierEventOrderInputSchema = z.strictObject({ booking_id: uuidSchema });

export type EventOrderDish = {
  name: string;
  diet: Diet;
  diet_mark: string;
  allergens: Allergen[];
  region: Region;
  description: string | null;
  add_on: boolean;
  /** Guests who may be served it (by diet). */
  eaters: number;
};

export type EventOrderDto = {
  booking_id: string;
  reference: string;
  event_name: string;
  event_type: string;
  event_date: string | null;
  event_time: string | null;
  venue_name: string | null;
  venue_address: string | null;
  city: string | null;
  status: BookingStatus;
  package: PricingTier;
  guest_count: number;
  guests: Record<GuestDiet, number>;
  menu_saved: boolean;
  courses: { course: Course; label: string; dishes: EventOrderDish[] }[];
  counters: { name: string; staff: number }[];
  staff: StaffPlan & { guests_per_server: number };
  allergy_notes: string | null;
  setup_notes: string | null;
  supplier: { business_name: string; contact: string; phone: string | null } | null;
  client: { name: string; email: string; phone: string | null };
  freeze_date: string | null;
  generated_at: string;
};

/** A day of the kitchen's production sheet (`YYYY-MM-DD`, India). */
export const kitchenSheetInputSchema = z.strictObject({
  date: z.string({ error: 'Date is required' }).trim().refine(isIsoDate, 'Enter the date as YYYY-MM-DD'),
});

export type KitchenSheetDto = {
  date: string;
  buffer_percent: number;
  events: {
    booking_id: string;
    reference: string;
    event_name: string;
    event_time: string | null;
    venue: string | null;
    status: BookingStatus;
    guests: Record<GuestDiet, number>;
  }[];
  dishes: {
    dish_id: string;
    name: string;
    course: Course;
    diet: Diet;
    diet_mark: string;
    allergens: Allergen[];
    unit: YieldUnit;
    yield_per_100: number;
    /** Guests who eat it across the day's events. */
    eaters: number;
    /** The sum of the per-event quantities (each rounded up). */
    quantity: number;
    per_event: { booking_id: string; eaters: number; quantity: number }[];
  }[];
};
