import { Box, Button, Flex, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { Printer, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { formatLongDate } from '../../../shared/dates';
import { enumWords } from '../../../shared/domain';
import { GUEST_DIETS, guestSplitText, type GuestSplit } from '../../../shared/menu';
import type { CalendarDaySummaryDto, CalendarEventDto } from '../../../shared/schemas/calendar';
import { EventTypeBadge } from '../../components/event-type-badge';
import { trpc } from '../../lib/trpc';
import { touchTarget } from '../../touch-targets';
import { plural } from './admin-format';
import { minutesOfDay, sentenceCase, weekdayName } from './calendar-dates';
import { EmptyPanel, QueryContent } from './panel-states';
import { BookingStatusBadge } from './status-badges';

/** A day's events in the order they happen: by the time as typed where it reads as a time, the rest after. */
export function inRunOrder(events: readonly CalendarEventDto[]): CalendarEventDto[] {
  return events
    .map((event, index) => ({ event, index, at: minutesOfDay(event.event_time) }))
    .sort((a, b) => (a.at ?? Infinity) - (b.at ?? Infinity) || a.index - b.index)
    .map(({ event }) => event);
}

/** The day's guests by diet, over the events whose customer chose a menu; null when none has. */
export function dayDiet(events: readonly CalendarEventDto[]): { events: number; split: GuestSplit } | null {
  const withMenu = events.filter((event) => event.diet !== null);
  if (withMenu.length === 0) return null;
  const split = Object.fromEntries(
    GUEST_DIETS.map((diet) => [diet, withMenu.reduce((sum, event) => sum + event.diet![diet], 0)]),
  ) as Record<(typeof GUEST_DIETS)[number], number>;
  return { events: withMenu.length, split };
}

/** The day's load against its limits, and why it is closed or full. */
function DayLoad({ day }: { day: CalendarDaySummaryDto }) {
  const limit = (count: number, max: number | null, word: string) =>
    max === null ? `${plural(count, word)} (no limit)` : `${count} of ${plural(max, word)}`;
  return (
    <Stack gap="1" fontSize="sm">
      <Text>
        Booked: {limit(day.events, day.max_events, 'event')} · {limit(day.guests, day.max_guests, 'guest')}
      </Text>
      {day.reason && day.status !== 'past' && (
        <Text fontWeight="semibold" color={day.status === 'closed' ? 'red.700' : 'orange.700'}>
          {day.reason}
        </Text>
      )}
      {day.surcharge && (
        <Text color="purple.700">
          Peak date surcharge ({day.surcharge.percent}%): {day.surcharge.reason}
        </Text>
      )}
    </Stack>
  );
}

function Line({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Flex as="div" gap="2" fontSize="sm" wrap="wrap">
      <Text as="dt" color="fg.muted" minW="20">
        {label}
      </Text>
      <Text as="dd" minW="0" flex="1" wordBreak="break-word">
        {children}
      </Text>
    </Flex>
  );
}

function RunSheetEvent({ event }: { event: CalendarEventDto }) {
  return (
    <Box as="li" borderWidth="1px" borderColor="border.muted" rounded="lg" p={{ base: '3', md: '4' }} bg="bg.panel">
      <Stack gap="2">
        <Flex gap="2" wrap="wrap" align="center" justify="space-between">
          <Heading as="h3" fontSize="md" minW="0" wordBreak="break-word">
            {event.event_time ?? 'Time not set'} · {event.event_name}
          </Heading>
          <Flex gap="2" wrap="wrap">
            <EventTypeBadge type={event.event_type} />
            <BookingStatusBadge status={event.status} />
          </Flex>
        </Flex>
        <Box as="dl" display="grid" gap="1">
          <Line label="Guests">{event.guest_count === null ? 'Not given' : plural(event.guest_count, 'guest')}</Line>
          <Line label="Diet">
            {event.diet ? (
              <>
                {guestSplitText(event.diet)}
                {event.diet.needs_review && (
                  <Text as="span" display="block" color="orange.700">
                    The guest count changed after the menu was saved; the customer has yet to confirm this split.
                  </Text>
                )}
              </>
            ) : (
              'No menu chosen yet'
            )}
          </Line>
          <Line label="Venue">{event.venue ?? 'Not given'}</Line>
          <Line label="Supplier">{event.supplier ?? 'No supplier awarded yet'}</Line>
          <Line label="Customer">
            {event.client_name}
            {event.client_phone && (
              <>
                {' · '}
                <Link href={`tel:${event.client_phone}`} color="accent.700" css={touchTarget}>
                  {event.client_phone}
                </Link>
              </>
            )}
          </Line>
          <Line label="Taken by">{sentenceCase(enumWords(event.source))}</Line>
          {event.notes && <Line label="Notes">{event.notes}</Line>}
        </Box>
      </Stack>
    </Box>
  );
}

/**
 * A day's run sheet (docs/product.md#calendar-screens): every event of the day that is not cancelled, in time order,
 * with venue, guests, supplier, the customer's contact and status, and the day's load; printable on its own (the
 * rest of the page is left off the paper).
 */
export function CalendarRunSheet({ date, onClose }: { date: string; onClose(): void }) {
  const sheet = trpc.admin.calendar.events.useQuery({ from: date, to: date });
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
    heading.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, [date]);
  const title = `Run sheet: ${weekdayName(date)}, ${formatLongDate(date)}`;
  return (
    <Box
      as="section"
      aria-labelledby="run-sheet-title"
      data-print-alone=""
      bg="bg.panel"
      borderWidth="1px"
      borderColor="border"
      rounded="xl"
      shadow="xs"
      p={{ base: '3', md: '6' }}
    >
      <Stack gap="4">
        <Flex
          gap="3"
          justify="space-between"
          align={{ base: 'stretch', sm: 'center' }}
          direction={{ base: 'column', sm: 'row' }}
        >
          <Heading
            as="h2"
            id="run-sheet-title"
            ref={heading}
            tabIndex={-1}
            fontSize={{ base: 'lg', md: 'xl' }}
            color="accent.900"
            fontFamily="heading"
            outline="none"
          >
            {title}
          </Heading>
          <Flex gap="2">
            <Button size="sm" variant="outline" colorPalette="accent" onClick={() => window.print()}>
              <Printer aria-hidden="true" /> Print
            </Button>
            <Button size="sm" variant="ghost" colorPalette="accent" onClick={onClose}>
              <X aria-hidden="true" /> Close
            </Button>
          </Flex>
        </Flex>
        <QueryContent query={sheet} loadingLabel="Loading the run sheet" errorMessage="Failed to load the run sheet">
          {(data) => {
            const day = data.days[0];
            const events = inRunOrder(data.events);
            const diet = dayDiet(events);
            return (
              <Stack gap="4">
                {day && <DayLoad day={day} />}
                {events.length === 0 ? (
                  <EmptyPanel title="No events on this day" description="Bookings dated this day appear here." />
                ) : (
                  <Stack as="ol" listStyleType="none" gap="3" aria-label={`Events on ${formatLongDate(date)}`}>
                    {events.map((event) => (
                      <RunSheetEvent key={event.booking_id} event={event} />
                    ))}
                  </Stack>
                )}
                {diet && (
                  <Text fontSize="sm">
                    By diet, over{' '}
                    {diet.events === events.length ? 'every event' : `${diet.events} of ${events.length} events`} with a
                    menu: {guestSplitText(diet.split)}
                  </Text>
                )}
                <Text fontSize="xs" color="fg.muted">
                  Every booking dated this day except cancelled ones, whatever the calendar&apos;s filters.{' '}
                  {events.length > 0 &&
                    `${plural(events.length, 'event')}, ${plural(
                      events.reduce((s, e) => s + (e.guest_count ?? 0), 0),
                      'guest',
                    )} in all.`}
                </Text>
              </Stack>
            );
          }}
        </QueryContent>
      </Stack>
    </Box>
  );
}
