import {
  availabilityQuerySchema,
  calendarDateInputSchema,
  calendarDayInputSchema,
  calendarDaysQuerySchema,
  calendarEventsQuerySchema,
  operationsRulesInputSchema,
} from '../../../shared/schemas/calendar';
import {
  availabilityResponseSchema,
  calendarDayRemovedResponseSchema,
  calendarDaySavedResponseSchema,
  calendarDaysResponseSchema,
  calendarEventsResponseSchema,
  calendarFeedResponseSchema,
  operationsRulesSettingsResponseSchema,
} from '../../../shared/schemas/calendar-responses';
import { adminProcedure, publicProcedure, router, stepUpAdminProcedure } from '../../trpc/init';
import { createCalendarFeed, getCalendarFeed, revokeCalendarFeed } from './calendar-feed.service';
import {
  deleteCalendarDay,
  getAvailability,
  getOperationsRules,
  listCalendarDays,
  listCalendarEvents,
  saveCalendarDay,
  updateOperationsRules,
} from './calendar.service';

/** `calendar.*`: the month the pickers show (docs/product.md#calendar). */
export const calendarRouter = router({
  availability: publicProcedure
    .input(availabilityQuerySchema)
    .output(availabilityResponseSchema)
    .query(({ ctx, input }) => getAvailability(ctx, input)),
});

/** `admin.calendar.*`: the admin calendar, the per-date settings and the iCalendar feed. */
export const adminCalendarRouter = router({
  events: adminProcedure
    .input(calendarEventsQuerySchema)
    .output(calendarEventsResponseSchema)
    .query(({ ctx, input }) => listCalendarEvents(ctx, input)),
  days: adminProcedure
    .input(calendarDaysQuerySchema)
    .output(calendarDaysResponseSchema)
    .query(({ ctx, input }) => listCalendarDays(ctx, input)),
  saveDay: adminProcedure
    .input(calendarDayInputSchema)
    .output(calendarDaySavedResponseSchema)
    .mutation(({ ctx, input }) => saveCalendarDay(ctx, input, ctx.user.id)),
  removeDay: adminProcedure
    .input(calendarDateInputSchema)
    .output(calendarDayRemovedResponseSchema)
    .mutation(({ ctx, input }) => deleteCalendarDay(ctx, input, ctx.user.id)),
  feed: adminProcedure.output(calendarFeedResponseSchema).query(({ ctx }) => getCalendarFeed(ctx, ctx.user.id)),
  createFeed: adminProcedure
    .output(calendarFeedResponseSchema)
    .mutation(({ ctx }) => createCalendarFeed(ctx, ctx.user.id)),
  revokeFeed: adminProcedure
    .output(calendarFeedResponseSchema)
    .mutation(({ ctx }) => revokeCalendarFeed(ctx, ctx.user.id)),
});

/** `admin.settings.operationsRules` / `updateOperationsRules`: capacity and bid numbers of the Settings tab. */
export const operationsRulesProcedures = {
  operationsRules: adminProcedure
    .output(operationsRulesSettingsResponseSchema)
    .query(({ ctx }) => getOperationsRules(ctx)),
  updateOperationsRules: stepUpAdminProcedure
    .input(operationsRulesInputSchema)
    .output(operationsRulesSettingsResponseSchema)
    .mutation(({ ctx, input }) => updateOperationsRules(ctx, input, ctx.user.id)),
};
