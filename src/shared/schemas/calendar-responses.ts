import { z } from 'zod';
import { BOOKING_STATUSES, EVENT_TYPES } from '../domain';
import type {
  AvailabilityDto,
  CalendarDayDto,
  CalendarEventsDto,
  CalendarFeedDto,
  OperationsRulesSettingsDto,
} from './calendar';
import { operationsRulesInputSchema } from './calendar';

/*
 * The REST answers of the calendar, capacity settings and staff bookings (docs/api.md), in their own module like
 * responses.ts so the client bundle never carries them.
 */

const isoDate = z.string().describe('YYYY-MM-DD');
const id = z.string().describe('UUID');
const surcharge = z.object({ percent: z.number(), reason: z.string() }).nullable();
const dayStatus = z.enum(['available', 'full', 'closed', 'past']);

export const availabilityResponseSchema = z.object({
  month: z.string().describe('YYYY-MM'),
  today: isoDate,
  days: z.array(z.object({ date: isoDate, status: dayStatus, reason: z.string().nullable(), surcharge })),
}) satisfies z.ZodType<AvailabilityDto>;

export const operationsRulesSettingsResponseSchema = z.object({
  rules: operationsRulesInputSchema,
  defaults: operationsRulesInputSchema,
}) satisfies z.ZodType<OperationsRulesSettingsDto>;

export const calendarDaySchema = z.object({
  date: isoDate,
  max_events: z.number().int().nullable(),
  max_guests: z.number().int().nullable(),
  closed_reason: z.string().nullable(),
  surcharge_percent: z.number().nullable(),
  surcharge_reason: z.string().nullable(),
}) satisfies z.ZodType<CalendarDayDto>;

export const calendarDaysResponseSchema = z.array(calendarDaySchema);
export const calendarDaySavedResponseSchema = z.object({ day: calendarDaySchema.nullable() });
export const calendarDayRemovedResponseSchema = z.object({ date: isoDate, removed: z.boolean() });

export const calendarEventsResponseSchema = z.object({
  from: isoDate,
  to: isoDate,
  events: z.array(
    z.object({
      booking_id: id,
      event_date: isoDate,
      event_time: z.string().nullable(),
      event_name: z.string(),
      event_type: z.enum(EVENT_TYPES),
      status: z.enum(BOOKING_STATUSES),
      guest_count: z.number().int().nullable(),
      client_name: z.string(),
      client_phone: z.string().nullable(),
      venue: z.string().nullable(),
      supplier: z.string().nullable(),
      notes: z.string().nullable(),
      source: z.string(),
      diet: z
        .object({
          veg: z.number().int(),
          jain: z.number().int(),
          non_veg: z.number().int(),
          needs_review: z.boolean(),
        })
        .nullable(),
    }),
  ),
  days: z.array(
    z.object({
      date: isoDate,
      status: dayStatus,
      reason: z.string().nullable(),
      events: z.number().int(),
      guests: z.number().int(),
      max_events: z.number().int().nullable(),
      max_guests: z.number().int().nullable(),
      surcharge,
    }),
  ),
}) satisfies z.ZodType<CalendarEventsDto>;

export const calendarFeedResponseSchema = z.object({
  active: z.boolean(),
  created_at: z.string().nullable(),
  url: z.string().nullable().describe('The secret URL, shown only in the answer that made it'),
}) satisfies z.ZodType<CalendarFeedDto>;
