import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { csvResponse, idParamsSchema, pdfResponse } from '../../../shared/schemas/responses';
import {
  bookingMenuSchema,
  dateParamsSchema,
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
  kitchenSheetInputSchema,
  menuFieldsSchema,
  menuRulesInputSchema,
} from '../../../shared/schemas/menus';
import type { EventOrderDto } from '../../../shared/schemas/menus';
import type { Config } from '../../config';
import { parseInput, pathId, requireRole, requireSupplier, sendCsv, sendPdf } from '../../lib/http';
import { BOOKING_NOT_FOUND } from '../bookings/ownership';
import { adminBookingMenu, myBookingMenu, saveAdminBookingMenu, saveMyBookingMenu } from './booking-menu.service';
import { adminDishes, createDish, DISH_NOT_FOUND, menuCatalogue, reorderDishes, updateDish } from './dishes.service';
import { eventOrderFileName, renderEventOrderPdf } from './event-order-pdf';
import {
  adminEventOrder,
  EVENT_ORDER_NOT_FOUND,
  kitchenSheet,
  kitchenSheetCsv,
  supplierEventOrder,
} from './event-order.service';
import { getMenuRules, updateMenuRules } from './menu-rules.service';
import { assertSteppedUp } from '../auth/step-up.service';

const eventOrderPdfResponse = pdfResponse('The banquet event order as an A4 PDF (`Content-Disposition: attachment`)');

/** The event order as its PDF file (docs/product.md#the-event-order-and-the-kitchen). */
async function eventOrderPdf(order: EventOrderDto, config: Config) {
  const pdf = await renderEventOrderPdf(config.brand, order, { compress: config.env !== 'test' });
  return { fileName: eventOrderFileName(order), pdf };
}

/**
 * docs/api.md "Menus": the public catalogue, the customer's menu under `/api/me/bookings/{id}/menu`, the admin's
 * catalogue, menu rules, any booking's menu and event order, the production sheet and its CSV, and the awarded
 * supplier's event order. Thin: each calls the service the tRPC procedure calls.
 */
export const menusRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['menus'];

  app.get(
    '/menu/catalogue',
    {
      schema: {
        summary: "The menu catalogue's active dishes, the packages' allowances per course and the freeze days",
        tags,
        response: { 200: menuCatalogueSchema },
      },
    },
    async (request) => menuCatalogue(request.ctx),
  );

  app.get(
    '/me/bookings/:id/menu',
    {
      schema: {
        summary: "The menu of one of the customer's bookings, with its price and whether it can still change",
        tags,
        params: idParamsSchema,
        response: { 200: bookingMenuSchema },
      },
    },
    async (request) => {
      const user = await requireRole(request, 'customer');
      return myBookingMenu(request.ctx, user, { id: pathId(request, BOOKING_NOT_FOUND) });
    },
  );

  app.put(
    '/me/bookings/:id/menu',
    {
      schema: {
        summary:
          'Save the menu of a booking (customer, until the freeze date): ' +
          'guests by diet, dishes, notes; 422 lists every rule broken',
        tags,
        params: idParamsSchema,
        body: menuFieldsSchema,
        response: { 200: saveMenuResponseSchema },
      },
    },
    async (request) => {
      const user = await requireRole(request, 'customer');
      const id = pathId(request, BOOKING_NOT_FOUND);
      const fields = parseInput(menuFieldsSchema, request.body, 'body');
      return saveMyBookingMenu(request.ctx, user, { id, ...fields });
    },
  );

  app.get(
    '/admin/dishes',
    {
      schema: {
        summary: 'The catalogue in menu order (admin; `include_retired=true` for retired dishes too)',
        tags,
        querystring: adminDishesQuerySchema,
        response: { 200: dishesResponseSchema },
      },
    },
    async (request) => {
      await requireRole(request, 'admin');
      return adminDishes(request.ctx, parseInput(adminDishesQuerySchema, request.query, 'query'));
    },
  );

  app.post(
    '/admin/dishes',
    {
      schema: {
        summary: 'Add a dish (admin; 409 for a name already on the catalogue)',
        tags,
        body: dishFieldsSchema,
        response: { 201: dishSchema },
      },
    },
    async (request, reply) => {
      const admin = await requireRole(request, 'admin');
      const dish = await createDish(request.ctx, parseInput(dishFieldsSchema, request.body, 'body'), admin.id);
      return reply.code(201).send(dish);
    },
  );

  app.put(
    '/admin/dishes/order',
    {
      schema: {
        summary: "Put a course's dishes in a new order (admin; the list must hold every dish of the course)",
        tags,
        body: dishOrderInputSchema,
        response: { 200: dishesResponseSchema },
      },
    },
    async (request) => {
      const admin = await requireRole(request, 'admin');
      return reorderDishes(request.ctx, parseInput(dishOrderInputSchema, request.body, 'body'), admin.id);
    },
  );

  app.put(
    '/admin/dishes/:id',
    {
      schema: {
        summary: 'Edit a dish, or retire it (`active: false`) or bring it back (admin)',
        tags,
        params: idParamsSchema,
        body: dishFieldsSchema,
        response: { 200: dishSchema },
      },
    },
    async (request) => {
      const admin = await requireRole(request, 'admin');
      const id = pathId(request, DISH_NOT_FOUND);
      const data = parseInput(dishFieldsSchema, request.body, 'body');
      return updateDish(request.ctx, { id, data }, admin.id);
    },
  );

  app.get(
    '/admin/menu-rules',
    {
      schema: {
        summary: 'The allowances per package and course, the freeze days and the kitchen buffer, with the defaults',
        tags,
        response: { 200: menuRulesSettingsSchema },
      },
    },
    async (request) => {
      await requireRole(request, 'admin');
      return getMenuRules(request.ctx);
    },
  );

  app.put(
    '/admin/menu-rules',
    {
      schema: {
        summary: 'Save the menu rules (admin)',
        tags,
        body: menuRulesInputSchema,
        response: { 200: menuRulesSettingsSchema },
      },
    },
    async (request) => {
      const admin = await requireRole(request, 'admin');
      await assertSteppedUp(request.ctx, admin);
      return updateMenuRules(request.ctx, parseInput(menuRulesInputSchema, request.body, 'body'), admin.id);
    },
  );

  app.get(
    '/bookings/:id/menu',
    {
      schema: {
        summary: "A booking's menu (admin)",
        tags,
        params: idParamsSchema,
        response: { 200: bookingMenuSchema },
      },
    },
    async (request) => {
      await requireRole(request, 'admin');
      return adminBookingMenu(request.ctx, { id: pathId(request, BOOKING_NOT_FOUND) });
    },
  );

  app.put(
    '/bookings/:id/menu',
    {
      schema: {
        summary: "Save a booking's menu (admin, also after the freeze date)",
        tags,
        params: idParamsSchema,
        body: menuFieldsSchema,
        response: { 200: saveMenuResponseSchema },
      },
    },
    async (request) => {
      const admin = await requireRole(request, 'admin');
      const id = pathId(request, BOOKING_NOT_FOUND);
      const fields = parseInput(menuFieldsSchema, request.body, 'body');
      return saveAdminBookingMenu(request.ctx, { id, ...fields }, admin.id);
    },
  );

  app.get(
    '/bookings/:id/event-order',
    {
      schema: {
        summary: "A booking's banquet event order (admin)",
        tags,
        params: idParamsSchema,
        response: { 200: eventOrderSchema },
      },
    },
    async (request) => {
      await requireRole(request, 'admin');
      return adminEventOrder(request.ctx, { id: pathId(request, BOOKING_NOT_FOUND) });
    },
  );

  app.get(
    '/bookings/:id/event-order.pdf',
    {
      schema: {
        summary: "A booking's banquet event order as an A4 PDF (admin)",
        tags,
        params: idParamsSchema,
        response: eventOrderPdfResponse,
      },
    },
    async (request, reply) => {
      await requireRole(request, 'admin');
      const order = await adminEventOrder(request.ctx, { id: pathId(request, BOOKING_NOT_FOUND) });
      return sendPdf(reply, await eventOrderPdf(order, request.ctx.config));
    },
  );

  app.get(
    '/supplier/event-orders/:id',
    {
      schema: {
        summary: 'The event order of a booking whose project was awarded to the supplier (404 otherwise)',
        tags,
        params: idParamsSchema,
        response: { 200: eventOrderSchema },
      },
    },
    async (request) => {
      const supplierId = await requireSupplier(request);
      return supplierEventOrder(request.ctx, supplierId, { booking_id: pathId(request, EVENT_ORDER_NOT_FOUND) });
    },
  );

  app.get(
    '/supplier/event-orders/:id/pdf',
    {
      schema: {
        summary: 'The awarded event order as an A4 PDF (supplier)',
        tags,
        params: idParamsSchema,
        response: eventOrderPdfResponse,
      },
    },
    async (request, reply) => {
      const supplierId = await requireSupplier(request);
      const order = await supplierEventOrder(request.ctx, supplierId, {
        booking_id: pathId(request, EVENT_ORDER_NOT_FOUND),
      });
      return sendPdf(reply, await eventOrderPdf(order, request.ctx.config));
    },
  );

  app.get(
    '/admin/kitchen/:date',
    {
      schema: {
        summary: "The production sheet of a day: every dish of the day's events with quantities (admin)",
        tags,
        params: dateParamsSchema,
        response: { 200: kitchenSheetSchema },
      },
    },
    async (request) => {
      await requireRole(request, 'admin');
      return kitchenSheet(request.ctx, parseInput(kitchenSheetInputSchema, request.params, 'path'));
    },
  );

  app.get(
    '/admin/kitchen/:date/sheet.csv',
    {
      schema: {
        summary: 'The production sheet of a day as CSV (admin)',
        tags,
        params: dateParamsSchema,
        response: csvResponse('One row per dish: quantities for the day and for each event'),
      },
    },
    async (request, reply) => {
      await requireRole(request, 'admin');
      const input = parseInput(kitchenSheetInputSchema, request.params, 'path');
      const csv = await kitchenSheetCsv(request.ctx, input);
      return sendCsv(reply, { fileName: `production-sheet-${input.date}.csv`, csv });
    },
  );
};
