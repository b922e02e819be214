import { eq } from 'drizzle-orm';
import { formatLongDate, todayInIndia } from '../../../shared/dates';
import { menuEditRefusal, menuFreezeDate, menuProblems, type GuestSplit, type MenuRules } from '../../../shared/menu';
import {
  addOnLineLabel,
  addOnQuoteLines,
  customPriceParts,
  DEFAULT_PRICING,
  packagePriceParts,
  paiseToRupees,
  priceCustomQuote,
  pricedAddOns,
  pricePackage,
  toAddOnLineDto,
  withPeakSurcharge,
  subscriberPrice,
  type AddOnCharge,
  type PricePart,
} from '../../../shared/pricing';
import { quoteLines, withSubscriberDiscount } from '../../../shared/quote-result';
import { humanize, type PricingTier } from '../../../shared/domain';
import { formatInr } from '../../../shared/money';
import {
  saveMenuInputSchema,
  type BookingMenuDto,
  type SaveMenuInput,
  type SaveMenuResult,
} from '../../../shared/schemas/menus';
import type { QuoteLine } from '../../../shared/schemas/quote';
import type { Executor } from '../../db/client';
import { bookingMenuItems, bookingMenus, bookings } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { AppError, ValidationError } from '../../lib/errors';
import { quoteReference } from '../../mail/templates';
import type { ServiceDeps } from '../../context';
import type { AuthUser } from '../auth/auth.service';
import { BOOKING_NOT_FOUND, ownedBooking } from '../bookings/ownership';
import { chargePrice } from '../payments/ledger';
import { confirmBooking, holdsBookingAmount } from '../payments/payment-orders.service';
import { settleRepricing } from '../payments/repricing';
import { subscriberPercentOf } from '../payments/subscriptions.service';
import { dishesByIds, toDishDto, type DishRow } from './dishes.service';
import { currentMenuRules } from './menu-rules.service';
import { expireOrdersOfOldPrice } from '../bookings/orders-of-old-price';

/*
 * A booking's menu (docs/product.md#menus): the customer builds it within the package until the freeze date, the
 * admin at any time while the event is ahead; the add-ons re-price the booking through the shared pricing
 * functions and its schedule follows (`bookingMoney` reads the new total).
 */

type BookingRow = typeof bookings.$inferSelect;
type MenuRow = typeof bookingMenus.$inferSelect;
type ItemRow = typeof bookingMenuItems.$inferSelect;

export type StoredMenu = { menu: MenuRow | null; items: ItemRow[]; dishes: DishRow[] };

/** A booking's saved menu: its row, its items and their dishes (in menu order). */
export async function storedMenu(db: Executor, bookingId: string): Promise<StoredMenu> {
  const [[menu], items] = await Promise.all([
    db.select().from(bookingMenus).where(eq(bookingMenus.bookingId, bookingId)).limit(1),
    db.select().from(bookingMenuItems).where(eq(bookingMenuItems.bookingId, bookingId)),
  ]);
  const dishes = await dishesByIds(
    db,
    items.map((item) => item.dishId),
  );
  return { menu: menu ?? null, items, dishes };
}

/** The package a menu is held to: the booking's, or Basic for a custom quote without one (docs/decisions.md). */
export function menuTier(booking: Pick<BookingRow, 'pricingTier'>): PricingTier {
  return booking.pricingTier ?? 'basic';
}

/** The guests by diet: the saved split, or every guest as veg before a menu is saved. */
export function guestSplitOf(booking: Pick<BookingRow, 'guestCount'>, menu: MenuRow | null): GuestSplit {
  if (!menu) return { veg: booking.guestCount ?? 0, jain: 0, non_veg: 0 };
  return { veg: menu.guestsVeg, jain: menu.guestsJain, non_veg: menu.guestsNonVeg };
}

/**
 * The guests by diet for a new guest count (docs/product.md#menus, "Guests by diet"): the Jain and non-veg counts the
 * customer chose stay and the veg count takes the difference; when the new count is smaller than the Jain and
 * non-veg guests together, the split starts again with every guest as veg.
 */
export function splitForGuestCount(split: GuestSplit, guests: number): GuestSplit {
  const veg = guests - split.jain - split.non_veg;
  return veg >= 0 ? { veg, jain: split.jain, non_veg: split.non_veg } : { veg: guests, jain: 0, non_veg: 0 };
}

/**
 * Keeps a saved menu's split adding up when the booking's guest count changes, in the caller's transaction: the split
 * follows `splitForGuestCount` and the menu is marked for the customer to check, until the menu is saved again.
 * Returns whether the split changed.
 */
export async function followGuestCount(tx: Executor, bookingId: string, guests: number): Promise<boolean> {
  const [menu] = await tx
    .select()
    .from(bookingMenus)
    .where(eq(bookingMenus.bookingId, bookingId))
    .limit(1)
    .for('update');
  if (!menu || menu.guestsVeg + menu.guestsJain + menu.guestsNonVeg === guests) return false;
  const split = splitForGuestCount(guestSplitOf({ guestCount: guests }, menu), guests);
  await tx
    .update(bookingMenus)
    .set({
      guestsVeg: split.veg,
      guestsJain: split.jain,
      guestsNonVeg: split.non_veg,
      guestsNeedReview: true,
      updatedAt: new Date(),
    })
    .where(eq(bookingMenus.bookingId, bookingId));
  return true;
}

/** The menu's add-ons as the pricing functions take them, at the price each was chosen at. */
export function addOnsOf(items: readonly ItemRow[], dishes: readonly DishRow[]): AddOnCharge[] {
  const byId = new Map(dishes.map((dish) => [dish.id, dish]));
  return items
    .filter((item) => item.addOnPricePaise !== null)
    .map((item) => ({ dish: byId.get(item.dishId), perGuestPaise: item.addOnPricePaise! }))
    .filter((entry) => entry.dish !== undefined)
    .sort((a, b) => dishes.indexOf(a.dish!) - dishes.indexOf(b.dish!))
    .map((entry) => ({ description: entry.dish!.name, perGuestPaise: entry.perGuestPaise }));
}

export type MenuPrice = {
  subtotalPaise: number;
  gstPaise: number;
  gstPercent: number;
  finalAmountPaise: number;
  discountPaise: number;
  subscriberDiscountPaise: number | null;
  lines: QuoteLine[];
  /**
   * The package (or the custom quote's lines) and each add-on, as the GST documents list them; none for a hand-set
   * price.
   */
  parts: PricePart[];
};

/**
 * The booking's price with these add-ons (docs/product.md#menus), by the shared functions and at the figures the
 * booking was quoted at: an instant quote by `pricePackage` at its per-person rate (the volume discount covers the
 * add-ons too), a custom quote by `priceCustomQuote` with each add-on as a line of guests × price; GST at the
 * booking's own rate; a subscriber's discount taken again on the new bill (`subscriberPrice`). Null for a booking
 * without a price.
 */
export async function menuPrice(
  tx: Executor,
  booking: BookingRow,
  addOns: readonly AddOnCharge[],
): Promise<MenuPrice | null> {
  const guests = booking.guestCount ?? 0;
  if (booking.finalAmountPaise === null || guests < 1) return null;
  const gstPercent = booking.gstPercent ?? DEFAULT_PRICING.gstPercent;
  const subscriberPercent = booking.subscriberDiscountPaise === null ? null : await subscriberPercentOf(tx, booking);
  if (booking.quotation) {
    const q = booking.quotation;
    const custom = priceCustomQuote(
      [
        ...q.items.map((item) => ({
          kind: item.kind,
          description: item.description,
          unitPricePaise: item.unit_price_paise,
          quantity: item.quantity,
        })),
        ...addOnQuoteLines(addOns, guests),
      ],
      q.discount_paise,
      gstPercent,
    );
    const billed = subscriberPercent === null ? null : subscriberPrice(custom, subscriberPercent);
    const final = billed ?? custom;
    const lines: QuoteLine[] = [
      ...custom.lines.slice(0, q.items.length).map((line) => ({
        key: line.kind === 'add_on' ? ('add_on' as const) : ('base' as const),
        label:
          line.quantity === 1
            ? line.description
            : `${line.description}: ${formatInr(paiseToRupees(line.unitPricePaise))} ` +
              `× ${line.quantity.toLocaleString('en-IN')}`,
        amount: paiseToRupees(line.amountPaise),
      })),
      // The menu's add-ons, named as on every bill.
      ...pricedAddOns(addOns, guests).map((addOn) => ({
        key: 'add_on' as const,
        label: addOnLineLabel(addOn),
        amount: paiseToRupees(addOn.amountPaise),
      })),
      ...(custom.discountPaise > 0
        ? [{ key: 'discount' as const, label: 'Discount', amount: -paiseToRupees(custom.discountPaise) }]
        : []),
      ...(billed
        ? [
            {
              key: 'subscriber_discount' as const,
              label: `Subscriber discount (${subscriberPercent}%)`,
              amount: -paiseToRupees(billed.discountPaise),
            },
          ]
        : []),
      { key: 'subtotal', label: 'Base amount', amount: paiseToRupees(final.subtotalPaise) },
      { key: 'gst', label: `GST (${gstPercent}%)`, amount: paiseToRupees(final.gstPaise) },
      { key: 'total', label: 'Total amount', amount: paiseToRupees(final.finalAmountPaise) },
    ];
    return {
      subtotalPaise: final.subtotalPaise,
      gstPaise: final.gstPaise,
      gstPercent,
      finalAmountPaise: final.finalAmountPaise,
      discountPaise: custom.discountPaise,
      subscriberDiscountPaise: billed?.discountPaise ?? null,
      lines,
      parts: customPriceParts(custom),
    };
  }
  if (booking.basePricePerPersonPaise === null || booking.pricingTier === null) {
    // A price set by hand with no package rate or lines to add to: the menu keeps it, add-ons cannot be priced.
    if (addOns.length > 0) return null;
    return {
      subtotalPaise: booking.subtotalPaise ?? booking.finalAmountPaise,
      gstPaise: booking.gstPaise ?? 0,
      gstPercent,
      finalAmountPaise: booking.finalAmountPaise,
      discountPaise: booking.discountPaise ?? 0,
      subscriberDiscountPaise: booking.subscriberDiscountPaise,
      lines: [{ key: 'total', label: 'Total amount', amount: paiseToRupees(booking.finalAmountPaise) }],
      parts: [],
    };
  }
  // The peak-date surcharge the booking was quoted with stays on it (docs/product.md#calendar).
  const surcharge =
    booking.surchargePercent !== null && booking.surchargeReason !== null
      ? { percent: booking.surchargePercent, reason: booking.surchargeReason }
      : null;
  const listPrice = withPeakSurcharge(
    pricePackage(
      {
        tier: booking.pricingTier,
        guestCount: guests,
        basePricePerPersonPaise: booking.basePricePerPersonPaise,
        addOns,
      },
      { volumeDiscounts: DEFAULT_PRICING.volumeDiscounts, gstPercent },
    ),
    surcharge,
  );
  const [price, subscriber] = withSubscriberDiscount(
    listPrice,
    subscriberPercent === null ? null : { id: booking.id, percent: subscriberPercent },
  );
  return {
    subtotalPaise: price.subtotalPaise,
    gstPaise: price.gstPaise,
    gstPercent,
    finalAmountPaise: price.finalAmountPaise,
    discountPaise: price.discountPaise,
    subscriberDiscountPaise: subscriber?.amountPaise ?? null,
    lines: quoteLines(price, subscriber),
    parts: packagePriceParts(price, `${humanize(booking.pricingTier)} package`),
  };
}

/**
 * The booking's priced parts now (the package or the custom quote's lines, and each add-on at the price it was
 * chosen at), for the GST documents that list lines (docs/gst.md#lines); empty for a price set by hand.
 */
export async function bookingPriceParts(tx: Executor, booking: BookingRow): Promise<PricePart[]> {
  const stored = await storedMenu(tx, booking.id);
  return (await menuPrice(tx, booking, addOnsOf(stored.items, stored.dishes)))?.parts ?? [];
}

/**
 * A package-priced booking's quote lines now (docs/product.md#pricing): the shared `quoteLines` the quote e-mail
 * lists, at the rate, add-ons and peak surcharge the booking is priced with (`menuPrice`), so My Bookings and the
 * quote PDF show the e-mail's lines. Null for a custom quote (its own lines), a price set by hand or no price.
 */
export async function packageQuoteLines(
  db: Executor,
  booking: BookingRow,
  stored?: StoredMenu,
): Promise<QuoteLine[] | null> {
  if (booking.quotation || booking.pricingTier === null || booking.basePricePerPersonPaise === null) return null;
  const menu = stored ?? (await storedMenu(db, booking.id));
  return (await menuPrice(db, booking, addOnsOf(menu.items, menu.dishes)))?.lines ?? null;
}

/** The menu as the builder and the admin read it. */
export async function toBookingMenuDto(
  tx: Executor,
  booking: BookingRow,
  stored: StoredMenu,
  rules: MenuRules,
  who: 'customer' | 'admin',
  today: string = todayInIndia(),
): Promise<BookingMenuDto> {
  const tier = menuTier(booking);
  const refusal = menuEditRefusal(booking, who, rules, today) ?? quoteExpiry(booking, today);
  const addOns = addOnsOf(stored.items, stored.dishes);
  const price = await menuPrice(tx, booking, addOns);
  const priceOf = new Map(stored.items.map((item) => [item.dishId, item.addOnPricePaise]));
  return {
    booking_id: booking.id,
    reference: quoteReference(booking.id),
    event_name: booking.eventName,
    event_date: booking.eventDate,
    status: booking.status,
    guest_count: booking.guestCount ?? 0,
    package: tier,
    allowances: { ...rules.allowances[tier] },
    freeze_date: booking.eventDate ? menuFreezeDate(booking.eventDate, rules) : null,
    editable: refusal === null,
    edit_refusal: refusal,
    saved: stored.menu !== null,
    guests_need_review: stored.menu?.guestsNeedReview ?? false,
    guests: { ...guestSplitOf(booking, stored.menu) },
    dish_ids: stored.dishes.map((dish) => dish.id),
    dishes: stored.dishes.map((dish) => toDishDto(dish, priceOf.get(dish.id) ?? null)),
    allergy_notes: stored.menu?.allergyNotes ?? null,
    setup_notes: stored.menu?.setupNotes ?? null,
    price: {
      lines: price?.lines ?? [],
      total: paiseToRupees(price?.finalAmountPaise ?? booking.finalAmountPaise ?? 0),
    },
    add_ons: booking.guestCount ? pricedAddOns(addOns, booking.guestCount).map(toAddOnLineDto) : [],
    updated_at: stored.menu?.updatedAt.toISOString() ?? null,
  };
}

/** A quote past its validity is not built on: the customer asks for a fresh quote first. */
function quoteExpiry(booking: BookingRow, today: string): string | null {
  if (booking.status === 'quoted' && booking.validUntil !== null && booking.validUntil < today) {
    return (
      `This quote expired on ${formatLongDate(booking.validUntil)}: ` +
      'please request a fresh quote before choosing the menu'
    );
  }
  return null;
}

async function anyBooking(db: Executor, id: string, lock: boolean): Promise<BookingRow> {
  const query = db.select().from(bookings).where(eq(bookings.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('NOT_FOUND', BOOKING_NOT_FOUND);
  return row;
}

/** The customer's own menu; another customer's booking answers like a missing one. */
export async function myBookingMenu(deps: ServiceDeps, user: AuthUser, input: { id: string }): Promise<BookingMenuDto> {
  const booking = await ownedBooking(deps.db, user, input.id);
  const [stored, rules] = await Promise.all([storedMenu(deps.db, booking.id), currentMenuRules(deps.db)]);
  return toBookingMenuDto(deps.db, booking, stored, rules, 'customer');
}

/** Any booking's menu, for the admin. */
export async function adminBookingMenu(deps: ServiceDeps, input: { id: string }): Promise<BookingMenuDto> {
  const booking = await anyBooking(deps.db, input.id, false);
  const [stored, rules] = await Promise.all([storedMenu(deps.db, booking.id), currentMenuRules(deps.db)]);
  return toBookingMenuDto(deps.db, booking, stored, rules, 'admin');
}

export function saveMyBookingMenu(deps: ServiceDeps, user: AuthUser, input: SaveMenuInput): Promise<SaveMenuResult> {
  return saveMenu(deps, input, { who: 'customer', user });
}

export function saveAdminBookingMenu(
  deps: ServiceDeps,
  input: SaveMenuInput,
  adminId: string,
): Promise<SaveMenuResult> {
  return saveMenu(deps, input, { who: 'admin', adminId });
}

type Saver = { who: 'customer'; user: AuthUser } | { who: 'admin'; adminId: string };

/**
 * Saves a menu (docs/product.md#menus) in one transaction, the booking row locked so two saves (or a save and a
 * payment) run one after the other: the edit window (`menuEditRefusal`: the customer until the freeze date, the
 * admin while the event is ahead), the dishes (unknown ids are a 422), the rules (`menuProblems`: the diet split,
 * the package's allowances, the Jain rule: 422 listing each problem), then the price with the add-ons
 * (`menuPrice`). The booking takes the new amounts; a confirmed booking's ledger charge follows the new total and
 * what it holds over a lower total is owed back, and the customer is e-mailed the new price and what is left to
 * pay. Audited (`booking.menu_changed`) with the totals before and after.
 */
async function saveMenu(deps: ServiceDeps, input: SaveMenuInput, saver: Saver): Promise<SaveMenuResult> {
  const data = saveMenuInputSchema.parse(input);
  const actorId = saver.who === 'admin' ? saver.adminId : saver.user.id;
  return deps.db.transaction(async (tx) => {
    const current =
      saver.who === 'customer'
        ? await ownedBooking(tx, saver.user, data.id, true)
        : await anyBooking(tx, data.id, true);
    const rules = await currentMenuRules(tx);
    const today = todayInIndia();
    const refusal = menuEditRefusal(current, saver.who, rules, today) ?? quoteExpiry(current, today);
    if (refusal) throw new AppError('CONFLICT', refusal);
    if (current.finalAmountPaise === null || (current.guestCount ?? 0) < 1) {
      throw new AppError(
        'CONFLICT',
        'This booking has no price or guest count yet: the menu is chosen once it is quoted',
      );
    }

    const before = await storedMenu(tx, current.id);
    const chosen = await dishesByIds(tx, data.dish_ids);
    const found = new Set(chosen.map((dish) => dish.id));
    const unknown = data.dish_ids.findIndex((id) => !found.has(id));
    if (unknown >= 0) {
      throw new ValidationError([
        { loc: ['body', 'dish_ids', unknown], msg: 'This dish is not on our menu', type: 'value_error' },
      ]);
    }
    const keptPrice = new Map(before.items.map((item) => [item.dishId, item.addOnPricePaise]));
    // A dish already on the menu keeps the add-on price it was chosen at; a new one takes today's.
    const priceFor = (dish: DishRow) => (keptPrice.has(dish.id) ? keptPrice.get(dish.id)! : dish.addOnPricePaise);
    const split: GuestSplit = { veg: data.guests.veg, jain: data.guests.jain, non_veg: data.guests.non_veg };
    const problems = menuProblems({
      tier: menuTier(current),
      guestCount: current.guestCount ?? 0,
      split,
      dishes: chosen.map((dish) => ({
        id: dish.id,
        name: dish.name,
        course: dish.course,
        diet: dish.diet,
        active: dish.active,
        addOnPricePaise: priceFor(dish),
      })),
      allowances: rules.allowances,
      keptDishIds: new Set(keptPrice.keys()),
    });
    if (problems.length > 0) {
      throw new ValidationError(
        problems.map((problem) => ({
          loc: ['body', ...problem.field.split('.')],
          msg: problem.message,
          type: 'menu_rule',
        })),
      );
    }

    const now = new Date();
    const menuValues = {
      guestsVeg: split.veg,
      guestsJain: split.jain,
      guestsNonVeg: split.non_veg,
      allergyNotes: data.allergy_notes,
      setupNotes: data.setup_notes,
      guestsNeedReview: false,
      updatedBy: actorId,
      updatedAt: now,
    };
    await tx
      .insert(bookingMenus)
      .values({ bookingId: current.id, ...menuValues })
      .onConflictDoUpdate({ target: bookingMenus.bookingId, set: menuValues });
    await tx.delete(bookingMenuItems).where(eq(bookingMenuItems.bookingId, current.id));
    if (chosen.length > 0) {
      await tx
        .insert(bookingMenuItems)
        .values(chosen.map((dish) => ({ bookingId: current.id, dishId: dish.id, addOnPricePaise: priceFor(dish) })));
    }
    const after = await storedMenu(tx, current.id);
    const price = await menuPrice(tx, current, addOnsOf(after.items, after.dishes));
    if (!price) {
      throw new AppError(
        'CONFLICT',
        'The price of this booking was set by our team: please ask them to add add-ons to it',
      );
    }

    const [row] = await tx
      .update(bookings)
      .set({
        discountPaise: price.discountPaise,
        subtotalPaise: price.subtotalPaise,
        gstPaise: price.gstPaise,
        finalAmountPaise: price.finalAmountPaise,
        subscriberDiscountPaise: price.subscriberDiscountPaise,
        updatedAt: now,
      })
      .where(eq(bookings.id, current.id))
      .returning();
    let booking = row!;
    const previousTotal = current.finalAmountPaise;
    await writeAudit(tx, {
      actorUserId: actorId,
      action: 'booking.menu_changed',
      entityType: 'booking',
      entityId: booking.id,
      data: {
        by: saver.who,
        dishes: chosen.length,
        add_ons: chosen.filter((dish) => priceFor(dish) !== null).map((dish) => dish.name),
        guests: split,
        previous_final_amount_paise: previousTotal,
        final_amount_paise: price.finalAmountPaise,
      },
    });
    const totalChanged = price.finalAmountPaise !== previousTotal;
    // A payment order opened for the old price is not paid on the new one (docs/product.md#payments).
    await expireOrdersOfOldPrice(tx, booking.id, { before: previousTotal, after: price.finalAmountPaise }, now);
    // Add-ons taken off a part-paid quote may leave it holding its booking amount: that confirms it.
    const confirming = await holdsBookingAmount(tx, booking);
    if (confirming) booking = await confirmBooking(tx, booking, actorId, { via: 'menu' });
    if (totalChanged && booking.status !== 'quoted') {
      await chargePrice(tx, booking.id, price.finalAmountPaise, actorId, 'Menu add-ons');
      // An invoiced booking's documents follow the ledger: a debit note for add-ons added (docs/gst.md#debit-note).
      await settleRepricing(deps, tx, booking, {
        previousTotalPaise: previousTotal,
        reason: 'Menu add-ons changed',
        cause: 'menu',
        confirmed: confirming,
        actorUserId: actorId,
      });
    }
    const menu = await toBookingMenuDto(tx, booking, after, rules, saver.who, today);
    const message = totalChanged
      ? `Menu saved: the total is now ${formatInr(paiseToRupees(price.finalAmountPaise))}`
      : 'Menu saved';
    return { message, menu };
  });
}
