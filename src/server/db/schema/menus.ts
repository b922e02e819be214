import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
  boolean,
} from 'drizzle-orm/pg-core';
import { COURSES, DIETS, REGIONS, YIELD_UNITS, type Allergen } from '../../../shared/menu';
import { bookings } from './bookings';
import { createdAt, id, oneOf, updatedAt } from './helpers';
import { users } from './users';

/** The menu catalogue (docs/product.md#menus); add-on prices in paise per guest. */
export const dishes = pgTable(
  'dishes',
  {
    id: id(),
    name: text('name').notNull(),
    course: text('course', { enum: COURSES }).notNull(),
    diet: text('diet', { enum: DIETS }).notNull(),
    allergens: jsonb('allergens').$type<Allergen[]>().notNull().default([]),
    region: text('region', { enum: REGIONS }).notNull(),
    description: text('description'),
    photoUrl: text('photo_url'),
    active: boolean('active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    /** Null: the package includes the dish; otherwise its price per guest as an add-on. */
    addOnPricePaise: bigint('add_on_price_paise', { mode: 'number' }),
    yieldPer100: numeric('yield_per_100', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    yieldUnit: text('yield_unit', { enum: YIELD_UNITS }).notNull(),
    staffPerCounter: integer('staff_per_counter').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('dishes_name_key').on(sql`lower(${t.name})`),
    index('dishes_course_order_idx').on(t.course, t.sortOrder),
    check('dishes_course_check', oneOf('course', COURSES)),
    check('dishes_diet_check', oneOf('diet', DIETS)),
    check('dishes_region_check', oneOf('region', REGIONS)),
    check('dishes_yield_unit_check', oneOf('yield_unit', YIELD_UNITS)),
    check('dishes_add_on_price_check', sql`add_on_price_paise IS NULL OR add_on_price_paise > 0`),
    check('dishes_yield_check', sql`yield_per_100 > 0`),
    check('dishes_staff_check', sql`staff_per_counter BETWEEN 0 AND 10`),
  ],
);

/** A booking's menu: the guests by diet and the notes; its dishes are `booking_menu_items`. */
export const bookingMenus = pgTable(
  'booking_menus',
  {
    bookingId: uuid('booking_id')
      .primaryKey()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    guestsVeg: integer('guests_veg').notNull(),
    guestsJain: integer('guests_jain').notNull(),
    guestsNonVeg: integer('guests_non_veg').notNull(),
    allergyNotes: text('allergy_notes'),
    setupNotes: text('setup_notes'),
    /** The guest count changed after the split was saved: the split was made to add up and awaits the customer. */
    guestsNeedReview: boolean('guests_need_review').notNull().default(false),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  () => [check('booking_menus_guests_check', sql`guests_veg >= 0 AND guests_jain >= 0 AND guests_non_veg >= 0`)],
);

/**
 * A dish on a booking's menu, with the add-on price it was chosen at (a later catalogue change does not re-price it).
 */
export const bookingMenuItems = pgTable(
  'booking_menu_items',
  {
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookingMenus.bookingId, { onDelete: 'cascade' }),
    dishId: uuid('dish_id')
      .notNull()
      .references(() => dishes.id, { onDelete: 'restrict' }),
    addOnPricePaise: bigint('add_on_price_paise', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.bookingId, t.dishId] }),
    index('booking_menu_items_dish_idx').on(t.dishId),
    check('booking_menu_items_price_check', sql`add_on_price_paise IS NULL OR add_on_price_paise > 0`),
  ],
);
