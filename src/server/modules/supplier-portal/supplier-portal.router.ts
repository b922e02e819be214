import { notificationIdInputSchema, pageInputSchema, submitQuoteInputSchema } from '../../../shared/schemas/projects';
import { router, supplierProcedure } from '../../trpc/init';
import { assertBidAmountsPlain } from '../../lib/plain-amounts';
import {
  listNotifications,
  listSupplierProjects,
  markAllNotificationsRead,
  markNotificationRead,
  submitQuote,
  supplierDashboard,
} from './supplier-portal.service';

/** `supplier.*`: the supplier dashboard (docs/product.md#screens), approved and active suppliers only. */
export const supplierPortalRouter = router({
  dashboard: supplierProcedure.query(({ ctx }) => supplierDashboard(ctx, ctx.supplierId)),
  notifications: router({
    list: supplierProcedure.query(({ ctx }) => listNotifications(ctx, ctx.supplierId)),
    markRead: supplierProcedure
      .input(notificationIdInputSchema)
      .mutation(({ ctx, input }) => markNotificationRead(ctx, ctx.supplierId, input)),
    markAllRead: supplierProcedure.mutation(({ ctx }) => markAllNotificationsRead(ctx, ctx.supplierId)),
  }),
  projects: router({
    list: supplierProcedure
      .input(pageInputSchema.optional())
      .query(({ ctx, input }) => listSupplierProjects(ctx, ctx.supplierId, input)),
  }),
  quotes: router({
    submit: supplierProcedure.input(submitQuoteInputSchema).mutation(({ ctx, input }) => {
      assertBidAmountsPlain(ctx.bodyText(), 'input');
      return submitQuote(ctx, ctx.supplierId, input);
    }),
  }),
});
