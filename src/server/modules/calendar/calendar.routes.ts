import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
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
import { parseInput, requireRole } from '../../lib/http';
import { calendarFeedIcs, createCalendarFeed, getCalendarFeed, revokeCalendarFeed } from './calendar-feed.service';
import {
  deleteCalendarDay,
  getAvailability,
  getOperationsRules,
  listCalendarDays,
  listCalendarEvents,
  saveCalendarDay,
  updateOperationsRules,
} from './calendar.service';
import { assertSteppedUp } from '../auth/step-up.service';

/**
 * docs/api.md, "Calendar": `GET /api/calendar/availability` (public), the iCalendar feed by its secret URL, and the
 * admin's calendar, per-date settings, feed and capacity numbers.
 */
export const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['calendar'];

  app.get(
    '/calendar/availability',
    {
      schema: {
        summary: 'One month of dates: available, full, closed or past, with the reason and any peak surcharge',
        tags,
        querystring: availabilityQuerySchema,
        response: { 200: availabilityResponseSchema },
      },
    },
    async (request) => getAvailability(request.ctx, parseInput(availabilityQuerySchema, request.query, 'query')),
  );

  app.get(
    '/calendar/feed/:file',
    {
      schema: {
        summary: "An admin's iCalendar feed by its secret URL (`{secret}.ics`); 401 once revoked",
        tags,
        params: z.object({ file: z.string() }),
        response: {
          200: {
            description: 'RFC 5545 calendar',
            content: { 'text/calendar': { schema: z.string().describe('text/calendar; charset=utf-8') } },
          },
        },
      },
    },
    async (request, reply) => {
      const ics = await calendarFeedIcs(request.ctx, (request.params as { file: string }).file);
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .header('referrer-policy', 'no-referrer')
        .send(ics);
    },
  );

  app.get(
    '/admin/calendar/events',
    {
      schema: {
        summary: 'Events in a range (a month or a week, at most 62 days) with each date’s load and limits',
        tags,
        querystring: calendarEventsQuerySchema,
        response: { 200: calendarEventsResponseSchema },
      },
    },
    async (request) => {
      await requireRole(request, 'admin');
      return listCalendarEvents(request.ctx, parseInput(calendarEventsQuerySchema, request.query, 'query'));
    },
  );

  app.get(
    '/admin/calendar/days',
    {
      schema: {
        summary: 'Dates with their own limits, blackouts or surcharges, from a date on',
        tags,
        querystring: calendarDaysQuerySchema,
        response: { 200: calendarDaysResponseSchema },
      },
    },
    async (request) => {
      await requireRole(request, 'admin');
      return listCalendarDays(request.ctx, parseInput(calendarDaysQuerySchema, request.query, 'query'));
    },
  );

  app.put(
    '/admin/calendar/days',
    {
      schema: {
        summary: "Set one date's limits, blackout or peak surcharge (nothing set removes the date)",
        tags,
        body: calendarDayInputSchema,
        response: { 200: calendarDaySavedResponseSchema },
      },
    },
    async (request) => {
      const admin = await requireRole(request, 'admin');
      return saveCalendarDay(request.ctx, parseInput(calendarDayInputSchema, request.body, 'body'), admin.id);
    },
  );

  app.delete(
    '/admin/calendar/days/:date',
    {
      schema: {
        summary: "Remove a date's own settings",
        tags,
        params: z.object({ date: z.string() }),
        response: { 200: calendarDayRemovedResponseSchema },
      },
    },
    async (request) => {
      const admin = await requireRole(request, 'admin');
      return deleteCalendarDay(request.ctx, parseInput(calendarDateInputSchema, request.params, 'path'), admin.id);
    },
  );

  app.get(
    '/admin/calendar/feed',
    {
      schema: {
        summary: 'Whether the admin has a live calendar feed',
        tags,
        response: { 200: calendarFeedResponseSchema },
      },
    },
    async (request) => getCalendarFeed(request.ctx, (await requireRole(request, 'admin')).id),
  );

  app.post(
    '/admin/calendar/feed',
    {
      schema: {
        summary: 'A new secret feed URL (shown once); the previous one stops working',
        tags,
        response: { 201: calendarFeedResponseSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createCalendarFeed(request.ctx, (await requireRole(request, 'admin')).id)),
  );

  app.delete(
    '/admin/calendar/feed',
    { schema: { summary: 'Revoke the calendar feed', tags, response: { 200: calendarFeedResponseSchema } } },
    async (request) => revokeCalendarFeed(request.ctx, (await requireRole(request, 'admin')).id),
  );

  app.get(
    '/admin/settings/operations',
    {
      schema: {
        summary: 'Capacity per day and supplier-bid shares, with the defaults',
        tags,
        response: { 200: operationsRulesSettingsResponseSchema },
      },
    },
    async (request) => {
      await requireRole(request, 'admin');
      return getOperationsRules(request.ctx);
    },
  );

  app.put(
    '/admin/settings/operations',
    {
      schema: {
        summary: 'Save the capacity per day and supplier-bid shares',
        tags,
        body: operationsRulesInputSchema,
        response: { 200: operationsRulesSettingsResponseSchema },
      },
    },
    async (request) => {
      const admin = await requireRole(request, 'admin');
      await assertSteppedUp(request.ctx, admin);
      return updateOperationsRules(request.ctx, parseInput(operationsRulesInputSchema, request.body, 'body'), admin.id);
    },
  );
};
