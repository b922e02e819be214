import { adminRouter } from '../modules/admin/admin.router';
import { analyticsRouter } from '../modules/analytics/analytics.router';
import { calendarRouter } from '../modules/calendar/calendar.router';
import { authRouter } from '../modules/auth/auth.router';
import { sessionsRouter } from '../modules/auth/sessions.router';
import { bookingsRouter } from '../modules/bookings/bookings.router';
import { gstRouter } from '../modules/gst/gst.router';
import { menusRouter } from '../modules/menus/menus.router';
import { notificationsRouter } from '../modules/notifications/notifications.router';
import { paymentsRouter } from '../modules/payments/payments.router';
import { quoteRouter } from '../modules/quote/quote.router';
import { siteRouter } from '../modules/site/site.router';
import { supplierPortalRouter } from '../modules/supplier-portal/supplier-portal.router';
import { testimonialsRouter } from '../modules/testimonials/testimonials.router';
import { vendorRouter } from '../modules/vendor/vendor.router';
import { router } from './init';

/** The root router: one sub-router per domain (docs/api.md). */
export const appRouter = router({
  auth: authRouter,
  sessions: sessionsRouter,
  site: siteRouter,
  quote: quoteRouter,
  bookings: bookingsRouter,
  testimonials: testimonialsRouter,
  analytics: analyticsRouter,
  payments: paymentsRouter,
  gst: gstRouter,
  vendor: vendorRouter,
  admin: adminRouter,
  supplier: supplierPortalRouter,
  calendar: calendarRouter,
  menus: menusRouter,
  notifications: notificationsRouter,
});

export type AppRouter = typeof appRouter;
