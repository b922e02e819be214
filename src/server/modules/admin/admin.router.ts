import { notificationIdInputSchema } from '../../../shared/schemas/projects';
import { adminProcedure, router } from '../../trpc/init';
import { adminCalendarRouter, operationsRulesProcedures } from '../calendar/calendar.router';
import { adminBookingsRouter } from '../bookings/bookings.router';
import { adminRefundsRouter } from '../bookings/bookings.router';
import { adminCollectionsRouter, adminReceivablesRouter } from '../payments/money.router';
import { adminPaymentsRouter, paymentRulesProcedures, adminSubscriptionsRouter } from '../payments/payments.router';
import { adminCustomersRouter } from '../customers/customers.router';
import { adminGstRouter } from '../gst/gst.router';
import { adminMenusRouter } from '../menus/menus.router';
import { adminMessagesRouter } from '../messages/messages.router';
import { adminProjectsRouter } from '../projects/projects.router';
import { adminReportsRouter } from '../reports/reports.router';
import { dashboardStats } from '../reports/reports.service';
import { adminSuppliersRouter } from '../suppliers/suppliers.router';
import { adminVendorsRouter } from '../vendor/vendor.router';
import {
  listAdminNotifications,
  markAdminNotificationRead,
  markAllAdminNotificationsRead,
} from './admin-notifications.service';

/**
 * `admin.*`: the admin dashboard. Every procedure is an `adminProcedure`; each domain keeps its own
 * admin sub-router next to its service, and this file only puts them under one name.
 */
export const adminRouter = router({
  stats: adminProcedure.query(({ ctx }) => dashboardStats(ctx)),
  bookings: adminBookingsRouter,
  suppliers: adminSuppliersRouter,
  customers: adminCustomersRouter,
  vendors: adminVendorsRouter,
  reports: adminReportsRouter,
  projects: adminProjectsRouter,
  payments: adminPaymentsRouter,
  refunds: adminRefundsRouter,
  subscriptions: adminSubscriptionsRouter,
  receivables: adminReceivablesRouter,
  collections: adminCollectionsRouter,
  settings: router({ ...paymentRulesProcedures, ...operationsRulesProcedures }),
  gst: adminGstRouter,
  calendar: adminCalendarRouter,
  menus: adminMenusRouter,
  messages: adminMessagesRouter,
  notifications: router({
    list: adminProcedure.query(({ ctx }) => listAdminNotifications(ctx, ctx.user.id)),
    markRead: adminProcedure
      .input(notificationIdInputSchema)
      .mutation(({ ctx, input }) => markAdminNotificationRead(ctx, ctx.user.id, input)),
    markAllRead: adminProcedure.mutation(({ ctx }) => markAllAdminNotificationsRead(ctx, ctx.user.id)),
  }),
});
