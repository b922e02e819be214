import { addDays, todayInIndia } from '../../src/shared/dates';
import { DEFAULT_MENU_RULES, type Course, type Diet } from '../../src/shared/menu';
import type { BookingMenuDto, DishDto, MenuCatalogueDto } from '../../src/shared/schemas/menus';

/** A dish of the catalogue, id `…d0000000000n`: included in the package unless it has an add-on price. */
export function dish(n: number, name: string, course: Course, diet: Diet, addOnPrice: number | null = null): DishDto {
  return {
    id: `00000000-0000-4000-8000-d${String(n).padStart(11, '0')}`,
    name,
    course,
    diet,
    allergens: [],
    region: 'malwa',
    description: null,
    photo_url: null,
    active: true,
    sort_order: n,
    add_on_price: addOnPrice,
    yield_per_100: 10,
    yield_unit: 'kg',
    staff_per_counter: 0,
  };
}

export const DISHES = {
  jainStarter: dish(1, 'Jain Paneer Tikka', 'starters', 'jain'),
  vegStarter: dish(2, 'Hara Bhara Kebab', 'starters', 'veg'),
  vegStarter2: dish(3, 'Dahi Ke Kebab', 'starters', 'veg'),
  jainMain: dish(4, 'Jain Dal Tadka', 'mains', 'jain'),
  vegMain: dish(5, 'Dal Makhani', 'mains', 'veg'),
  counter: dish(6, 'Live Jalebi Counter', 'live_counters', 'jain', 110.5),
} as const;

/** `menus.catalogue`: the active dishes and the default items per course. */
export const CATALOGUE: MenuCatalogueDto = {
  dishes: Object.values(DISHES),
  allowances: DEFAULT_MENU_RULES.allowances,
  freeze_days_before_event: DEFAULT_MENU_RULES.freeze_days_before_event,
};

/**
 * A booking's menu as the server answers it: 120 guests on the Basic package, not saved yet (everyone veg), open
 * for changes.
 */
export function bookingMenu(bookingId: string, overrides: Partial<BookingMenuDto> = {}): BookingMenuDto {
  const eventDate = addDays(todayInIndia(), 40);
  return {
    booking_id: bookingId,
    reference: 'UTS-ABCD1234',
    event_name: 'Sharma Sangeet',
    event_date: eventDate,
    status: 'confirmed',
    guest_count: 120,
    package: 'basic',
    allowances: { ...DEFAULT_MENU_RULES.allowances.basic },
    freeze_date: addDays(eventDate, -DEFAULT_MENU_RULES.freeze_days_before_event),
    editable: true,
    edit_refusal: null,
    saved: false,
    guests_need_review: false,
    guests: { veg: 120, jain: 0, non_veg: 0 },
    dish_ids: [],
    dishes: [],
    allergy_notes: null,
    setup_notes: null,
    price: {
      lines: [
        { key: 'subtotal', label: 'Base amount', amount: 100_000 },
        { key: 'gst', label: 'GST (18%)', amount: 18_000 },
        { key: 'total', label: 'Total amount', amount: 118_000 },
      ],
      total: 118_000,
    },
    add_ons: [],
    updated_at: null,
    ...overrides,
  };
}

/** The same menu once saved with these guests and dishes. */
export function savedMenu(
  bookingId: string,
  guests: BookingMenuDto['guests'],
  dishes: DishDto[],
  overrides: Partial<BookingMenuDto> = {},
): BookingMenuDto {
  const guestCount = overrides.guest_count ?? 120;
  return bookingMenu(bookingId, {
    saved: true,
    guests,
    dish_ids: dishes.map((entry) => entry.id),
    dishes,
    add_ons: dishes.flatMap((entry) =>
      entry.add_on_price === null
        ? []
        : [
            {
              description: entry.name,
              per_guest: entry.add_on_price,
              guests: guestCount,
              amount: Math.round(entry.add_on_price * 100 * guestCount) / 100,
            },
          ],
    ),
    updated_at: '2026-01-12T10:00:00.000Z',
    ...overrides,
  });
}
