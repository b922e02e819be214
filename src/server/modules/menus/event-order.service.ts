import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import { toCsv } from '../../../shared/csv';
import {
  COURSE_LABELS,
  COURSES,
  DIET_MARKS,
  eatersOf,
  GUESTS_PER_SERVER,
  menuFreezeDate,
  scaledQuantity,
  staffPlan,
} from '../../../shared/menu';
import { kitchenSheetInputSchema, type EventOrderDto, type KitchenSheetDto } from '../../../shared/schemas/menus';
import type { BookingStatus } from '../../../shared/domain';
import type { Executor } from '../../db/client';
import { bookings, projects, suppliers } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { quoteReference } from '../../mail/templates';
import type { ServiceDeps } from '../../context';
import { BOOKING_NOT_FOUND } from '../bookings/ownership';
import { guestSplitOf, menuTier, storedMenu } from './booking-menu.service';
import { currentMenuRules } from './menu-rules.service';

/*
 * The kitchen's documents (docs/product.md#kitchen): the banquet event order of one booking, for the admin and the
 * awarded supplier, and the production sheet of one day.
 */

type BookingRow = typeof bookings.$inferSelect;

/** The supplier a booking's project was awarded to (the latest award), or null. */
async function awardedSupplier(db: Executor, bookingId: string) {
  const [row] = await db
    .select({ id: suppliers.id, businessName: suppliers.businessName, name: suppliers.name, phone: suppliers.phone })
    .from(projects)
    .innerJoin(suppliers, eq(suppliers.id, projects.awardedSupplierId))
    .where(and(eq(projects.bookingId, bookingId), eq(projects.status, 'awarded')))
    .orderBy(desc(projects.awardedAt))
    .limit(1);
  return row ?? null;
}

/**
 * A booking's banquet event order: the event, its timings and venue, the guests by diet, the menu by course with
 * diet marks and allergens, the counters, the staff plan (servers per guests by package, each counter's staff),
 * the notes, the assigned supplier and the customer's contact.
 */
export async function eventOrderOf(db: Executor, booking: BookingRow): Promise<EventOrderDto> {
  const [stored, rules, supplier] = await Promise.all([
    storedMenu(db, booking.id),
    currentMenuRules(db),
    awardedSupplier(db, booking.id),
  ]);
  const split = guestSplitOf(booking, stored.menu);
  const tier = menuTier(booking);
  const priced = new Map(stored.items.map((item) => [item.dishId, item.addOnPricePaise]));
  const courses = COURSES.map((course) => ({
    course,
    label: COURSE_LABELS[course],
    dishes: stored.dishes
      .filter((dish) => dish.course === course)
      .map((dish) => ({
        name: dish.name,
        diet: dish.diet,
        diet_mark: DIET_MARKS[dish.diet],
        allergens: dish.allergens,
        region: dish.region,
        description: dish.description,
        add_on: (priced.get(dish.id) ?? null) !== null,
        eaters: eatersOf(dish.diet, split),
      })),
  })).filter((course) => course.dishes.length > 0);
  const counters = stored.dishes
    .filter((dish) => dish.course === 'live_counters' || dish.staffPerCounter > 0)
    .map((dish) => ({ name: dish.name, staff: dish.staffPerCounter }));
  const guests = booking.guestCount ?? 0;
  return {
    booking_id: booking.id,
    reference: quoteReference(booking.id),
    event_name: booking.eventName,
    event_type: booking.eventType,
    event_date: booking.eventDate,
    event_time: booking.eventTime,
    venue_name: booking.venueName,
    venue_address: booking.venueAddress,
    city: booking.city,
    status: booking.status,
    package: tier,
    guest_count: guests,
    guests: { ...split },
    menu_saved: stored.menu !== null,
    courses,
    counters,
    staff: {
      ...staffPlan(
        tier,
        guests,
        counters.map((counter) => counter.staff),
      ),
      guests_per_server: GUESTS_PER_SERVER[tier],
    },
    allergy_notes: stored.menu?.allergyNotes ?? null,
    setup_notes: stored.menu?.setupNotes ?? null,
    supplier: supplier ? { business_name: supplier.businessName, contact: supplier.name, phone: supplier.phone } : null,
    client: { name: booking.clientName, email: booking.clientEmail, phone: booking.clientPhone },
    freeze_date: booking.eventDate ? menuFreezeDate(booking.eventDate, rules) : null,
    generated_at: new Date().toISOString(),
  };
}

/** Any booking's event order, for the admin. */
export async function adminEventOrder(deps: ServiceDeps, input: { id: string }): Promise<EventOrderDto> {
  const [booking] = await deps.db.select().from(bookings).where(eq(bookings.id, input.id)).limit(1);
  if (!booking) throw new AppError('NOT_FOUND', BOOKING_NOT_FOUND);
  return eventOrderOf(deps.db, booking);
}

export const EVENT_ORDER_NOT_FOUND = 'Project not found';

/**
 * The event order for the supplier the booking's project was awarded to (docs/product.md#kitchen), while the event
 * goes ahead: it carries the customer's contact, which a cancelled event's supplier has no need of. Any other
 * supplier, a booking with no award and a cancelled one answer exactly like a missing id.
 */
export async function supplierEventOrder(
  deps: ServiceDeps,
  supplierId: string,
  input: { booking_id: string },
): Promise<EventOrderDto> {
  const [row] = await deps.db
    .select({ booking: bookings })
    .from(projects)
    .innerJoin(bookings, eq(bookings.id, projects.bookingId))
    .where(
      and(
        eq(projects.bookingId, input.booking_id),
        eq(projects.status, 'awarded'),
        eq(projects.awardedSupplierId, supplierId),
        ne(bookings.status, 'cancelled'),
      ),
    )
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', EVENT_ORDER_NOT_FOUND);
  return eventOrderOf(deps.db, row.booking);
}

/** Statuses whose events the kitchen cooks: those going ahead. */
export const KITCHEN_STATUSES: readonly BookingStatus[] = ['confirmed', 'in_progress', 'completed'];

/**
 * The production sheet of one day (docs/product.md#kitchen): every dish on the menus of that day's events that go
 * ahead, each event's quantity scaled from the dish's yield per 100 guests and the guests who eat it (by diet),
 * plus the buffer percent from the menu rules, rounded up (`scaledQuantity`); the day's quantity is the sum of the
 * events' quantities, so the columns add up.
 */
export async function kitchenSheet(deps: ServiceDeps, input: { date: string }): Promise<KitchenSheetDto> {
  const { date } = kitchenSheetInputSchema.parse(input);
  const [rules, rows] = await Promise.all([
    currentMenuRules(deps.db),
    deps.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.eventDate, date), inArray(bookings.status, [...KITCHEN_STATUSES])))
      .orderBy(bookings.eventTime, bookings.eventName),
  ]);
  const buffer = rules.kitchen_buffer_percent;
  const events: KitchenSheetDto['events'] = [];
  const dishes = new Map<string, KitchenSheetDto['dishes'][number]>();
  const order: string[] = [];
  for (const booking of rows) {
    const stored = await storedMenu(deps.db, booking.id);
    const split = guestSplitOf(booking, stored.menu);
    events.push({
      booking_id: booking.id,
      reference: quoteReference(booking.id),
      event_name: booking.eventName,
      event_time: booking.eventTime,
      venue: [booking.venueName, booking.city].filter(Boolean).join(', ') || null,
      status: booking.status,
      guests: { ...split },
    });
    for (const dish of stored.dishes) {
      const eaters = eatersOf(dish.diet, split);
      const quantity = scaledQuantity(dish.yieldPer100, dish.yieldUnit, eaters, buffer);
      let line = dishes.get(dish.id);
      if (!line) {
        line = {
          dish_id: dish.id,
          name: dish.name,
          course: dish.course,
          diet: dish.diet,
          diet_mark: DIET_MARKS[dish.diet],
          allergens: dish.allergens,
          unit: dish.yieldUnit,
          yield_per_100: dish.yieldPer100,
          eaters: 0,
          quantity: 0,
          per_event: [],
        };
        dishes.set(dish.id, line);
        order.push(dish.id);
      }
      line.eaters += eaters;
      // Hundredths of a unit, summed in integers so 0.1 + 0.2 stays 0.3.
      line.quantity = Math.round(line.quantity * 100 + quantity * 100) / 100;
      line.per_event.push({ booking_id: booking.id, eaters, quantity });
    }
  }
  const sorted = order
    .map((id) => dishes.get(id)!)
    .sort((a, b) => COURSES.indexOf(a.course) - COURSES.indexOf(b.course) || a.name.localeCompare(b.name));
  return { date, buffer_percent: buffer, events, dishes: sorted };
}

/** The production sheet as CSV (docs/api.md, CSV export: formula-safe, UTF-8 with BOM): one row per dish. */
export async function kitchenSheetCsv(deps: ServiceDeps, input: { date: string }): Promise<string> {
  const sheet = await kitchenSheet(deps, input);
  const eventColumns = sheet.events.map((event) => `${event.reference} ${event.event_name}`);
  return toCsv(
    sheet.dishes.map((dish) => ({
      course: COURSE_LABELS[dish.course],
      dish: dish.name,
      diet: dish.diet_mark,
      allergens: dish.allergens.join(', '),
      unit: dish.unit,
      yield_per_100_guests: dish.yield_per_100,
      guests_eating: dish.eaters,
      [`quantity_with_${sheet.buffer_percent}pct_buffer`]: dish.quantity,
      ...Object.fromEntries(
        sheet.events.map((event, index) => [
          eventColumns[index]!,
          dish.per_event.find((entry) => entry.booking_id === event.booking_id)?.quantity ?? 0,
        ]),
      ),
    })),
    {
      columns: [
        'course',
        'dish',
        'diet',
        'allergens',
        'unit',
        'yield_per_100_guests',
        'guests_eating',
        `quantity_with_${sheet.buffer_percent}pct_buffer`,
        ...eventColumns,
      ],
    },
  );
}
