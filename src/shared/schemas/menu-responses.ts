import { z } from 'zod';
import { BOOKING_STATUSES, PRICING_TIERS } from '../domain';
import { ALLERGENS, COURSES, DIETS, REGIONS, YIELD_UNITS } from '../menu';
import type {
  BookingMenuDto,
  DishDto,
  EventOrderDto,
  KitchenSheetDto,
  MenuCatalogueDto,
  SaveMenuResult,
} from './menus';
import { addOnLineSchema, quoteLineSchema } from './responses';

/*
 * The answers of the menu doors (docs/api.md "Menus"), for the REST serializer, tRPC `.output` and the OpenAPI
 * document; each `satisfies` its DTO so the two cannot drift apart.
 */

const id = z.string().describe('UUID');
const isoDate = z.string().describe('YYYY-MM-DD');
const rupees = z.number().describe('Rupees, at most two decimals');
const courseCounts = z.object(
  Object.fromEntries(COURSES.map((c) => [c, z.number().int()])) as Record<(typeof COURSES)[number], z.ZodNumber>,
);
const guests = z.object({ veg: z.number().int(), jain: z.number().int(), non_veg: z.number().int() });

export const dishSchema = z.object({
  id,
  name: z.string(),
  course: z.enum(COURSES),
  diet: z.enum(DIETS),
  allergens: z.array(z.enum(ALLERGENS)),
  region: z.enum(REGIONS),
  description: z.string().nullable(),
  photo_url: z.string().nullable(),
  active: z.boolean(),
  sort_order: z.number().int(),
  add_on_price: rupees.nullable(),
  yield_per_100: z.number(),
  yield_unit: z.enum(YIELD_UNITS),
  staff_per_counter: z.number().int(),
}) satisfies z.ZodType<DishDto>;

export const dishesResponseSchema = z.array(dishSchema);

export const menuCatalogueSchema = z.object({
  dishes: z.array(dishSchema),
  allowances: z.object({ basic: courseCounts, premium: courseCounts, luxury: courseCounts }),
  freeze_days_before_event: z.number().int(),
}) satisfies z.ZodType<MenuCatalogueDto>;

export const menuRulesSchema = z.object({
  allowances: z.object({ basic: courseCounts, premium: courseCounts, luxury: courseCounts }),
  freeze_days_before_event: z.number().int(),
  kitchen_buffer_percent: z.number().int(),
});

export const menuRulesSettingsSchema = z.object({ rules: menuRulesSchema, defaults: menuRulesSchema });

export const bookingMenuSchema = z.object({
  booking_id: id,
  reference: z.string(),
  event_name: z.string(),
  event_date: isoDate.nullable(),
  status: z.enum(BOOKING_STATUSES),
  guest_count: z.number().int(),
  package: z.enum(PRICING_TIERS),
  allowances: courseCounts,
  freeze_date: isoDate.nullable(),
  editable: z.boolean(),
  edit_refusal: z.string().nullable(),
  saved: z.boolean(),
  guests_need_review: z.boolean(),
  guests,
  dish_ids: z.array(id),
  dishes: z.array(dishSchema),
  allergy_notes: z.string().nullable(),
  setup_notes: z.string().nullable(),
  price: z.object({ lines: z.array(quoteLineSchema), total: rupees }),
  add_ons: z.array(addOnLineSchema),
  updated_at: z.string().nullable(),
}) satisfies z.ZodType<BookingMenuDto>;

export const saveMenuResponseSchema = z.object({
  message: z.string(),
  menu: bookingMenuSchema,
}) satisfies z.ZodType<SaveMenuResult>;

export const eventOrderSchema = z.object({
  booking_id: id,
  reference: z.string(),
  event_name: z.string(),
  event_type: z.string(),
  event_date: isoDate.nullable(),
  event_time: z.string().nullable(),
  venue_name: z.string().nullable(),
  venue_address: z.string().nullable(),
  city: z.string().nullable(),
  status: z.enum(BOOKING_STATUSES),
  package: z.enum(PRICING_TIERS),
  guest_count: z.number().int(),
  guests,
  menu_saved: z.boolean(),
  courses: z.array(
    z.object({
      course: z.enum(COURSES),
      label: z.string(),
      dishes: z.array(
        z.object({
          name: z.string(),
          diet: z.enum(DIETS),
          diet_mark: z.string(),
          allergens: z.array(z.enum(ALLERGENS)),
          region: z.enum(REGIONS),
          description: z.string().nullable(),
          add_on: z.boolean(),
          eaters: z.number().int(),
        }),
      ),
    }),
  ),
  counters: z.array(z.object({ name: z.string(), staff: z.number().int() })),
  staff: z.object({
    servers: z.number().int(),
    counter_staff: z.number().int(),
    total: z.number().int(),
    guests_per_server: z.number().int(),
  }),
  allergy_notes: z.string().nullable(),
  setup_notes: z.string().nullable(),
  supplier: z.object({ business_name: z.string(), contact: z.string(), phone: z.string().nullable() }).nullable(),
  client: z.object({ name: z.string(), email: z.string(), phone: z.string().nullable() }),
  freeze_date: isoDate.nullable(),
  generated_at: z.string(),
}) satisfies z.ZodType<EventOrderDto>;

export const kitchenSheetSchema = z.object({
  date: isoDate,
  buffer_percent: z.number(),
  events: z.array(
    z.object({
      booking_id: id,
      reference: z.string(),
      event_name: z.string(),
      event_time: z.string().nullable(),
      venue: z.string().nullable(),
      status: z.enum(BOOKING_STATUSES),
      guests,
    }),
  ),
  dishes: z.array(
    z.object({
      dish_id: id,
      name: z.string(),
      course: z.enum(COURSES),
      diet: z.enum(DIETS),
      diet_mark: z.string(),
      allergens: z.array(z.enum(ALLERGENS)),
      unit: z.enum(YIELD_UNITS),
      yield_per_100: z.number(),
      eaters: z.number().int(),
      quantity: z.number(),
      per_event: z.array(z.object({ booking_id: id, eaters: z.number().int(), quantity: z.number() })),
    }),
  ),
}) satisfies z.ZodType<KitchenSheetDto>;

export const dateParamsSchema = z.object({ date: z.string().describe('YYYY-MM-DD') });
