import { accountBookingIdSchema } from '../../../shared/schemas/account';
import { bookingIdInputSchema } from '../../../shared/schemas/admin';
import {
  bookingMenuSchema,
  dishesResponseSchema,
  dishSchema,
  eventOrderSchema,
  kitchenSheetSchema,
  menuCatalogueSchema,
  menuRulesSettingsSchema,
  saveMenuResponseSchema,
} from '../../../shared/schemas/menu-responses';
import {
  adminDishesQuerySchema,
  dishFieldsSchema,
  dishOrderInputSchema,
  dishUpdateInputSchema,
  kitchenSheetInputSchema,
  menuRulesInputSchema,
  saveMenuInputSchema,
  supplierEventOrderInputSchema,
} from '../../../shared/schemas/menus';
import {
  adminProcedure,
  customerProcedure,
  publicProcedure,
  router,
  supplierProcedure,
  stepUpAdminProcedure,
} from '../../trpc/init';
import { adminBookingMenu, myBookingMenu, saveAdminBookingMenu, saveMyBookingMenu } from './booking-menu.service';
import { adminDishes, createDish, menuCatalogue, reorderDishes, updateDish } from './dishes.service';
import { adminEventOrder, kitchenSheet, supplierEventOrder } from './event-order.service';
import { getMenuRules, updateMenuRules } from './menu-rules.service';

/** `menus.*`: the public catalogue, the customer's own menu and the awarded supplier's event order. */
export const menusRouter = router({
  catalogue: publicProcedure.output(menuCatalogueSchema).query(({ ctx }) => menuCatalogue(ctx)),
  mine: customerProcedure
    .input(accountBookingIdSchema)
    .output(bookingMenuSchema)
    .query(({ ctx, input }) => myBookingMenu(ctx, ctx.user, input)),
  saveMine: customerProcedure
    .input(saveMenuInputSchema)
    .output(saveMenuResponseSchema)
    .mutation(({ ctx, input }) => saveMyBookingMenu(ctx, ctx.user, input)),
  supplierEventOrder: supplierProcedure
    .input(supplierEventOrderInputSchema)
    .output(eventOrderSchema)
    .query(({ ctx, input }) => supplierEventOrder(ctx, ctx.supplierId, input)),
});

/** `admin.menus.*`: the catalogue, the menu rules, any booking's menu, event order and the production sheet. */
export const adminMenusRouter = router({
  dishes: adminProcedure
    .input(adminDishesQuerySchema.optional())
    .output(dishesResponseSchema)
    .query(({ ctx, input }) => adminDishes(ctx, input)),
  createDish: adminProcedure
    .input(dishFieldsSchema)
    .output(dishSchema)
    .mutation(({ ctx, input }) => createDish(ctx, input, ctx.user.id)),
  updateDish: adminProcedure
    .input(dishUpdateInputSchema)
    .output(dishSchema)
    .mutation(({ ctx, input }) => updateDish(ctx, input, ctx.user.id)),
  reorder: adminProcedure
    .input(dishOrderInputSchema)
    .output(dishesResponseSchema)
    .mutation(({ ctx, input }) => reorderDishes(ctx, input, ctx.user.id)),
  rules: adminProcedure.output(menuRulesSettingsSchema).query(({ ctx }) => getMenuRules(ctx)),
  updateRules: stepUpAdminProcedure
    .input(menuRulesInputSchema)
    .output(menuRulesSettingsSchema)
    .mutation(({ ctx, input }) => updateMenuRules(ctx, input, ctx.user.id)),
  bookingMenu: adminProcedure
    .input(bookingIdInputSchema)
    .output(bookingMenuSchema)
    .query(({ ctx, input }) => adminBookingMenu(ctx, input)),
  saveBookingMenu: adminProcedure
    .input(saveMenuInputSchema)
    .output(saveMenuResponseSchema)
    .mutation(({ ctx, input }) => saveAdminBookingMenu(ctx, input, ctx.user.id)),
  eventOrder: adminProcedure
    .input(bookingIdInputSchema)
    .output(eventOrderSchema)
    .query(({ ctx, input }) => adminEventOrder(ctx, input)),
  kitchenSheet: adminProcedure
    .input(kitchenSheetInputSchema)
    .output(kitchenSheetSchema)
    .query(({ ctx, input }) => kitchenSheet(ctx, input)),
});
