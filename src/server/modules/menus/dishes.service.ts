import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { COURSES } from '../../../shared/menu';
import { paiseToRupees, rupeesToPaise } from '../../../shared/pricing';
import {
  adminDishesQuerySchema,
  dishFieldsSchema,
  dishOrderInputSchema,
  dishUpdateInputSchema,
  type DishDto,
  type DishFields,
  type DishOrderInput,
  type DishUpdateInput,
  type MenuCatalogueDto,
} from '../../../shared/schemas/menus';
import type { Executor } from '../../db/client';
import { dishes } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { ServiceDeps } from '../../context';
import { currentMenuRules } from './menu-rules.service';

/*
 * The menu catalogue (docs/product.md#menus): the admin adds, edits, retires and reorders dishes; customers see the
 * active ones. Every change is audited (entity `dish`).
 */

export type DishRow = typeof dishes.$inferSelect;
export const DISH_NOT_FOUND = 'Dish not found';

export function toDishDto(row: DishRow, addOnPricePaise: number | null = row.addOnPricePaise): DishDto {
  return {
    id: row.id,
    name: row.name,
    course: row.course,
    diet: row.diet,
    allergens: row.allergens,
    region: row.region,
    description: row.description,
    photo_url: row.photoUrl,
    active: row.active,
    sort_order: row.sortOrder,
    add_on_price: addOnPricePaise === null ? null : paiseToRupees(addOnPricePaise),
    yield_per_100: row.yieldPer100,
    yield_unit: row.yieldUnit,
    staff_per_counter: row.staffPerCounter,
  };
}

/** Catalogue order: by course as the menu is served, then the admin's order, then name. */
function byMenuOrder(a: DishRow, b: DishRow): number {
  return (
    COURSES.indexOf(a.course) - COURSES.indexOf(b.course) || a.sortOrder - b.sortOrder || a.name.localeCompare(b.name)
  );
}

export async function dishRows(db: Executor, options: { includeRetired: boolean }): Promise<DishRow[]> {
  const rows = await db
    .select()
    .from(dishes)
    .where(options.includeRetired ? undefined : eq(dishes.active, true))
    .orderBy(asc(dishes.sortOrder), asc(dishes.name));
  return rows.sort(byMenuOrder);
}

export async function dishesByIds(db: Executor, ids: readonly string[]): Promise<DishRow[]> {
  if (ids.length === 0) return [];
  return (
    await db
      .select()
      .from(dishes)
      .where(inArray(dishes.id, [...ids]))
  ).sort(byMenuOrder);
}

/** What the customer's builder shows: the active dishes, the allowances per package and the freeze days. */
export async function menuCatalogue(deps: ServiceDeps): Promise<MenuCatalogueDto> {
  const [rows, rules] = await Promise.all([dishRows(deps.db, { includeRetired: false }), currentMenuRules(deps.db)]);
  return {
    dishes: rows.map((row) => toDishDto(row)),
    allowances: rules.allowances,
    freeze_days_before_event: rules.freeze_days_before_event,
  };
}

/** Every dish for the admin, retired ones too when asked. */
export async function adminDishes(deps: ServiceDeps, input: unknown = {}): Promise<DishDto[]> {
  const { include_retired } = adminDishesQuerySchema.parse(input ?? {});
  return (await dishRows(deps.db, { includeRetired: include_retired })).map((row) => toDishDto(row));
}

function columnsOf(fields: ReturnType<typeof dishFieldsSchema.parse>) {
  return {
    name: fields.name,
    course: fields.course,
    diet: fields.diet,
    allergens: fields.allergens,
    region: fields.region,
    description: fields.description,
    photoUrl: fields.photo_url,
    active: fields.active,
    addOnPricePaise: fields.add_on_price === null ? null : rupeesToPaise(fields.add_on_price),
    yieldPer100: fields.yield_per_100,
    yieldUnit: fields.yield_unit,
    staffPerCounter: fields.staff_per_counter,
  };
}

/** Another dish already has this name (case-insensitive): 409 naming it. */
async function refuseDuplicateName(tx: Executor, name: string, exceptId: string | null): Promise<void> {
  const [clash] = await tx
    .select({ id: dishes.id, name: dishes.name })
    .from(dishes)
    .where(sql`lower(${dishes.name}) = ${name.toLowerCase()}`)
    .limit(1);
  if (clash && clash.id !== exceptId) {
    throw new AppError('CONFLICT', `A dish named "${clash.name}" is already on the catalogue`, { field: 'name' });
  }
}

/** The admin adds a dish; it goes to the end of its course. A name already on the catalogue is a 409. */
export async function createDish(deps: ServiceDeps, input: DishFields, adminId: string): Promise<DishDto> {
  const fields = dishFieldsSchema.parse(input);
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('dishes'))`);
    await refuseDuplicateName(tx, fields.name, null);
    const [last] = await tx
      .select({ max: sql<number | null>`max(${dishes.sortOrder})` })
      .from(dishes)
      .where(eq(dishes.course, fields.course));
    const [row] = await tx
      .insert(dishes)
      .values({ ...columnsOf(fields), sortOrder: Number(last?.max ?? 0) + 10 })
      .returning();
    await writeAudit(tx, {
      actorUserId: adminId,
      action: 'dish.created',
      entityType: 'dish',
      entityId: row!.id,
      data: { name: row!.name, course: row!.course },
    });
    return toDishDto(row!);
  });
}

/**
 * The admin edits a dish, retiring it (`active: false`) or bringing it back. A retired dish leaves the customers'
 * catalogue; menus that already have it keep it at the add-on price it was chosen at. Moving it to another course
 * puts it at the end of that course. Audited with what changed.
 */
export async function updateDish(deps: ServiceDeps, input: DishUpdateInput, adminId: string): Promise<DishDto> {
  const { id, data } = dishUpdateInputSchema.parse(input);
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('dishes'))`);
    const [current] = await tx.select().from(dishes).where(eq(dishes.id, id)).limit(1).for('update');
    if (!current) throw new AppError('NOT_FOUND', DISH_NOT_FOUND);
    await refuseDuplicateName(tx, data.name, id);
    const columns = columnsOf(data);
    let sortOrder = current.sortOrder;
    if (data.course !== current.course) {
      const [last] = await tx
        .select({ max: sql<number | null>`max(${dishes.sortOrder})` })
        .from(dishes)
        .where(eq(dishes.course, data.course));
      sortOrder = Number(last?.max ?? 0) + 10;
    }
    const [row] = await tx
      .update(dishes)
      .set({ ...columns, sortOrder, updatedAt: new Date() })
      .where(eq(dishes.id, id))
      .returning();
    const changed = Object.fromEntries(
      Object.entries(columns).filter(
        ([key, value]) => JSON.stringify(value) !== JSON.stringify(current[key as keyof DishRow]),
      ),
    );
    const action =
      current.active && !data.active
        ? 'dish.retired'
        : !current.active && data.active
          ? 'dish.restored'
          : 'dish.updated';
    await writeAudit(tx, { actorUserId: adminId, action, entityType: 'dish', entityId: id, data: { changed } });
    return toDishDto(row!);
  });
}

/**
 * The admin puts a course's dishes in a new order: the list must be exactly the course's dishes (retired ones
 * included), else 422 naming what is missing or foreign, so two admins reordering at once cannot lose a dish.
 */
export async function reorderDishes(deps: ServiceDeps, input: DishOrderInput, adminId: string): Promise<DishDto[]> {
  const { course, dish_ids } = dishOrderInputSchema.parse(input);
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('dishes'))`);
    const rows = await tx.select({ id: dishes.id }).from(dishes).where(eq(dishes.course, course));
    const inCourse = new Set(rows.map((row) => row.id));
    const listed = new Set(dish_ids);
    if (dish_ids.some((dishId) => !inCourse.has(dishId)) || rows.some((row) => !listed.has(row.id))) {
      throw new AppError(
        'CONFLICT',
        'The list must hold every dish of the course, and only those: reload the catalogue and try again',
      );
    }
    await Promise.all(
      dish_ids.map((dishId, index) =>
        tx
          .update(dishes)
          .set({ sortOrder: (index + 1) * 10, updatedAt: new Date() })
          .where(and(eq(dishes.id, dishId), eq(dishes.course, course))),
      ),
    );
    await writeAudit(tx, {
      actorUserId: adminId,
      action: 'dish.reordered',
      entityType: 'dish',
      entityId: dish_ids[0]!,
      data: { course, order: dish_ids },
    });
    return (await dishRows(tx, { includeRetired: true }))
      .filter((row) => row.course === course)
      .map((row) => toDishDto(row));
  });
}
