import { Badge, Box, Button, ButtonGroup, chakra, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { keepPreviousData } from '@tanstack/react-query';
import { Ban, ChevronLeft, ChevronRight, CircleSlash2 } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { addDays, formatLongDate, todayInIndia } from '../../../shared/dates';
import { BOOKING_STATUSES, EVENT_TYPES, type BookingStatus, type EventType } from '../../../shared/domain';
import type { CalendarDaySummaryDto, CalendarEventDto, CalendarEventsDto } from '../../../shared/schemas/calendar';
import { trpc } from '../../lib/trpc';
import { EVENT_TYPE_OPTIONS } from '../book/booking-options';
import { plural } from './admin-format';
import { CalendarFeedCard } from './calendar-feed-card';
import {
  datesBetween,
  monthStart,
  sentenceCase,
  monthTitle,
  sameDayInMonth,
  shortDay,
  stepAnchor,
  viewRange,
  WEEKDAY_NAMES,
  weekdayName,
  weekStart,
  type CalendarView,
} from './calendar-dates';
import { CalendarRunSheet } from './calendar-run-sheet';
import { QueryContent } from './panel-states';
import { SectionCard } from './section-card';
import { BOOKING_STATUS_PALETTE, bookingStatusLabel } from './status-badges';
import { StatusFilter } from './status-filter';
import { dateParam, monthParam, useAddressParams } from './use-address-params';

type Filters = { status: BookingStatus | ''; eventType: EventType | '' };

const statusText = (status: BookingStatus) => sentenceCase(bookingStatusLabel(status));

const STATUS_OPTIONS: { value: BookingStatus | ''; label: string }[] = [
  { value: '', label: 'All but cancelled' },
  ...BOOKING_STATUSES.map((status) => ({ value: status, label: statusText(status) })),
];
const EVENT_TYPE_FILTER: { value: EventType | ''; label: string }[] = [
  { value: '', label: 'All event types' },
  ...EVENT_TYPE_OPTIONS,
];

/** How a day's state reads beside its date: closed and full days carry their reason (docs/product.md#calendar). */
function dayMark(day: CalendarDaySummaryDto | undefined): { text: string; palette: string } | null {
  if (!day?.reason || day.status === 'past' || day.status === 'available') return null;
  return { text: day.reason, palette: day.status === 'closed' ? 'red' : 'orange' };
}

function surchargeText(day: CalendarDaySummaryDto | undefined): string | null {
  return day?.surcharge ? `Peak +${day.surcharge.percent}%: ${day.surcharge.reason}` : null;
}

/** How many events a month cell names; the rest are counted ("+2 more"). */
const MONTH_CELL_EVENTS = 3;

function guestTotal(events: CalendarEventDto[]): number {
  return events.reduce((sum, event) => sum + (event.guest_count ?? 0), 0);
}

/**
 * What a screen reader hears for a day cell: the date, its events (named as the cell shows them on wide screens)
 * and guests, and why it is closed or full. It holds the words the cell shows, so a person who says what they see
 * to voice control reaches the day.
 */
function dayLabel(date: string, events: CalendarEventDto[], day: CalendarDaySummaryDto | undefined): string {
  const parts = [`${weekdayName(date)}, ${formatLongDate(date)}`];
  if (events.length === 0) parts.push('no events');
  else {
    const names = events.slice(0, MONTH_CELL_EVENTS).map((event) => event.event_name);
    const more = events.length - names.length;
    parts.push(`${plural(events.length, 'event')}: ${names.join(', ')}${more > 0 ? ` and ${more} more` : ''}`);
  }
  const guests = guestTotal(events);
  if (guests > 0) parts.push(plural(guests, 'guest'));
  const mark = dayMark(day);
  if (mark) parts.push(mark.text);
  const surcharge = surchargeText(day);
  if (surcharge) parts.push(surcharge);
  return parts.join(', ');
}

function eventsByDate(data: CalendarEventsDto): Map<string, CalendarEventDto[]> {
  const map = new Map<string, CalendarEventDto[]>();
  for (const event of data.events) map.set(event.event_date, [...(map.get(event.event_date) ?? []), event]);
  return map;
}

function StatusDot({ status }: { status: BookingStatus }) {
  return (
    <Box
      as="span"
      aria-hidden="true"
      display="inline-block"
      flexShrink={0}
      w="2"
      h="2"
      rounded="full"
      bg={`${BOOKING_STATUS_PALETTE[status]}.500`}
    />
  );
}

/** One event as a line of a month cell: its status colour, name and guests (the supplier in its tooltip). */
function MonthEventLine({ event }: { event: CalendarEventDto }) {
  return (
    <Flex
      as="li"
      align="center"
      gap="1"
      fontSize="xs"
      minW="0"
      title={`${event.event_name} · ${statusText(event.status)}${
        event.guest_count === null ? '' : ` · ${plural(event.guest_count, 'guest')}`
      } · ${event.supplier ?? 'No supplier yet'}`}
    >
      <StatusDot status={event.status} />
      <Text as="span" truncate minW="0">
        {event.event_name}
      </Text>
    </Flex>
  );
}

type GridProps = {
  data: CalendarEventsDto;
  anchor: string;
  today: string;
  focused: string;
  onFocusDate(date: string): void;
  /** A key moved to a day outside the grid: the month holding it is shown, with that day focused. */
  onLeaveGrid(date: string): void;
  /** Set after `onLeaveGrid`: focus `focused` once the grid shows it. */
  focusPending: boolean;
  onFocusTaken(): void;
  onOpen(date: string): void;
  /** The day whose run sheet is open, outlined. */
  openDay: string | null;
};

/**
 * The month view as an ARIA grid: a row of weekday headers, then one row per week. Each day is a button named by
 * visually hidden text with the whole day (events, guests, closed or full with the reason); the short marks drawn in
 * the cell are hidden from screen readers, which hear that sentence instead. Arrow keys move between days (past the
 * grid's edge into the month before or after), Home and End to the week's ends, Page Up and Page Down to the same
 * day a month before or after, Enter opens the day's run sheet. Only one day is in the tab order.
 */
function MonthGrid(props: GridProps) {
  const { data, anchor, today, focused, onFocusDate, onLeaveGrid, focusPending, onFocusTaken, onOpen, openDay } = props;
  const grid = useRef<HTMLDivElement>(null);
  const byDate = eventsByDate(data);
  const days = new Map(data.days.map((day) => [day.date, day]));
  const dates = datesBetween(data.from, data.to);
  const weeks: string[][] = [];
  for (let i = 0; i < dates.length; i += 7) weeks.push(dates.slice(i, i + 7));
  const month = monthStart(anchor).slice(0, 7);
  const tabbable = dates.includes(focused) ? focused : (dates.find((date) => date.startsWith(month)) ?? dates[0]!);
  // The grid may still show the month before while the next one loads.
  const showsFocused = data.from === viewRange('month', anchor).from && dates.includes(focused);

  useEffect(() => {
    if (!focusPending || !showsFocused) return;
    grid.current?.querySelector<HTMLElement>(`[data-date="${focused}"]`)?.focus();
    onFocusTaken();
  }, [focusPending, showsFocused, focused, onFocusTaken]);

  function move(event: KeyboardEvent<HTMLDivElement>) {
    const steps: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };
    const current = (event.target as HTMLElement).dataset.date;
    if (!current) return;
    let next: string | null = null;
    if (event.key in steps) next = addDays(current, steps[event.key]!);
    else if (event.key === 'Home') next = addDays(current, -WEEKDAY_NAMES.indexOf(weekdayName(current)));
    else if (event.key === 'End') next = addDays(current, 6 - WEEKDAY_NAMES.indexOf(weekdayName(current)));
    else if (event.key === 'PageUp' || event.key === 'PageDown') {
      next = sameDayInMonth(current, event.key === 'PageUp' ? -1 : 1);
    }
    if (next === null) return;
    event.preventDefault();
    // A day shown greyed from the next or previous month is still a day of this grid: focus stays here.
    if (dates.includes(next) && !event.key.startsWith('Page')) {
      onFocusDate(next);
      grid.current?.querySelector<HTMLElement>(`[data-date="${next}"]`)?.focus();
    } else {
      onLeaveGrid(next);
    }
  }

  return (
    <Box
      ref={grid}
      role="grid"
      aria-label={`Events in ${monthTitle(anchor)}`}
      aria-describedby="calendar-grid-help"
      onKeyDown={move}
      // On a phone the grid takes the card's side padding, so each of the seven days is still a 44 px wide target
      // at 360 px.
      mx={{ base: '-3', md: '0' }}
      borderWidth="1px"
      borderXWidth={{ base: '0', md: '1px' }}
      borderColor="border.muted"
      rounded={{ base: 'none', md: 'lg' }}
      overflow="hidden"
    >
      <Text id="calendar-grid-help" srOnly>
        Arrow keys move between days, Page Up and Page Down between months; Enter opens the day&apos;s run sheet.
      </Text>
      <Box role="row" display="grid" gridTemplateColumns="repeat(7, minmax(0, 1fr))" bg="bg.muted">
        {WEEKDAY_NAMES.map((name) => (
          // The header shows the day's initial or first three letters; a screen reader hears the whole name.
          <Box key={name} role="columnheader" textAlign="center" py="1.5" fontSize="xs" fontWeight="semibold">
            <Text as="span" srOnly>
              {name}
            </Text>
            <Box as="span" hideFrom="md" aria-hidden="true">
              {name.slice(0, 1)}
            </Box>
            <Box as="span" hideBelow="md" aria-hidden="true">
              {name.slice(0, 3)}
            </Box>
          </Box>
        ))}
      </Box>
      {weeks.map((week) => (
        <Box key={week[0]} role="row" display="grid" gridTemplateColumns="repeat(7, minmax(0, 1fr))">
          {week.map((date) => {
            const events = byDate.get(date) ?? [];
            const day = days.get(date);
            const mark = dayMark(day);
            const inMonth = date.startsWith(month);
            const isToday = date === today;
            return (
              <Box
                key={date}
                role="gridcell"
                aria-selected={date === openDay}
                outline={date === openDay ? '2px solid' : undefined}
                outlineColor="accent.600"
                outlineOffset="-2px"
                borderTopWidth="1px"
                borderStartWidth="1px"
                borderColor="border.muted"
                minW="0"
              >
                <chakra.button
                  type="button"
                  data-date={date}
                  tabIndex={date === tabbable ? 0 : -1}
                  aria-current={isToday ? 'date' : undefined}
                  onClick={() => {
                    onFocusDate(date);
                    onOpen(date);
                  }}
                  onFocus={() => onFocusDate(date)}
                  display="flex"
                  flexDirection="column"
                  alignItems="stretch"
                  gap="1"
                  w="full"
                  h="full"
                  minH={{ base: '16', md: '28' }}
                  p={{ base: '1', md: '2' }}
                  textAlign="start"
                  cursor="pointer"
                  bg={mark ? `${mark.palette}.subtle` : inMonth ? 'bg.panel' : 'bg.subtle'}
                  color={inMonth ? 'fg' : 'fg.muted'}
                  _hover={{ bg: mark ? `${mark.palette}.muted` : 'accent.50' }}
                  focusVisibleRing="inside"
                >
                  {/* The name comes from this text, not `aria-label`, so it is never at odds with what shows. */}
                  <Text as="span" srOnly>
                    {dayLabel(date, events, day)}
                  </Text>
                  <Flex justify="space-between" align="center" gap="1" aria-hidden="true">
                    <Text
                      as="span"
                      fontSize="sm"
                      fontWeight={isToday ? 'bold' : 'medium'}
                      {...(isToday
                        ? {
                            bg: 'accent.600',
                            color: 'white',
                            rounded: 'full',
                            px: '1.5',
                            minW: '6',
                            textAlign: 'center',
                          }
                        : {})}
                    >
                      {Number(date.slice(8, 10))}
                    </Text>
                    {day?.surcharge && (
                      <Badge size="xs" colorPalette="purple" variant="subtle" hideBelow="md">
                        +{day.surcharge.percent}%
                      </Badge>
                    )}
                  </Flex>
                  <Box aria-hidden="true" minW="0">
                    {mark && (
                      <Text
                        fontSize="xs"
                        fontWeight="semibold"
                        color={`${mark.palette}.700`}
                        lineClamp={2}
                        hideBelow="md"
                      >
                        {mark.text}
                      </Text>
                    )}
                    {mark && (
                      <Box
                        color={`${mark.palette}.700`}
                        hideFrom="md"
                        css={{ '& svg': { width: '3.5', height: '3.5' } }}
                      >
                        {day?.status === 'closed' ? <Ban /> : <CircleSlash2 />}
                      </Box>
                    )}
                    {events.length > 0 && (
                      <>
                        <Box as="ul" listStyleType="none" hideBelow="md" minW="0">
                          {events.slice(0, MONTH_CELL_EVENTS).map((event) => (
                            <MonthEventLine key={event.booking_id} event={event} />
                          ))}
                          {events.length > MONTH_CELL_EVENTS && (
                            <Text as="li" fontSize="xs" color="fg.muted">
                              +{events.length - MONTH_CELL_EVENTS} more
                            </Text>
                          )}
                          <Text as="li" fontSize="xs" color="fg.muted" mt="0.5">
                            {plural(guestTotal(events), 'guest')}
                          </Text>
                        </Box>
                        <Badge size="xs" colorPalette="accent" variant="solid" rounded="full" hideFrom="md">
                          {events.length}
                        </Badge>
                      </>
                    )}
                  </Box>
                </chakra.button>
              </Box>
            );
          })}
        </Box>
      ))}
    </Box>
  );
}

/** The week view: one block per day (seven columns on wide screens, a list on phones), every event in full. */
function WeekList({ data, today, onOpen }: { data: CalendarEventsDto; today: string; onOpen(date: string): void }) {
  const byDate = eventsByDate(data);
  const days = new Map(data.days.map((day) => [day.date, day]));
  return (
    <SimpleGrid as="ol" listStyleType="none" columns={{ base: 1, lg: 7 }} gap="2" aria-label="Days of the week">
      {datesBetween(data.from, data.to).map((date) => {
        const events = byDate.get(date) ?? [];
        const day = days.get(date);
        const mark = dayMark(day);
        const surcharge = surchargeText(day);
        return (
          <Box
            as="li"
            key={date}
            borderWidth="1px"
            borderColor={mark ? `${mark.palette}.300` : 'border.muted'}
            bg={mark ? `${mark.palette}.subtle` : 'bg.panel'}
            rounded="lg"
            p="2"
            minW="0"
          >
            <Stack gap="2">
              {/* The day's name stays on one line; the button goes under it when the column is narrow. */}
              <Flex justify="space-between" align="center" gap="1" wrap="wrap">
                <Heading as="h3" fontSize="sm" whiteSpace="nowrap" aria-current={date === today ? 'date' : undefined}>
                  {weekdayName(date).slice(0, 3)} {shortDay(date)}
                  {date === today && (
                    <Badge ms="1" size="xs" colorPalette="accent" variant="solid">
                      Today
                    </Badge>
                  )}
                </Heading>
                <Button
                  size="xs"
                  variant="ghost"
                  colorPalette="accent"
                  onClick={() => onOpen(date)}
                  aria-label={`Run sheet for ${formatLongDate(date)}`}
                >
                  Run sheet
                </Button>
              </Flex>
              {mark && (
                <Text fontSize="xs" fontWeight="semibold" color={`${mark.palette}.700`}>
                  {mark.text}
                </Text>
              )}
              {surcharge && (
                <Text fontSize="xs" color="purple.700">
                  {surcharge}
                </Text>
              )}
              {events.length === 0 ? (
                <Text fontSize="xs" color="fg.muted">
                  No events
                </Text>
              ) : (
                <Stack as="ul" listStyleType="none" gap="1.5">
                  {events.map((event) => (
                    <Box
                      as="li"
                      key={event.booking_id}
                      fontSize="xs"
                      borderStartWidth="3px"
                      ps="1.5"
                      borderColor={`${BOOKING_STATUS_PALETTE[event.status]}.500`}
                    >
                      {/* The whole name and supplier: the week is where the team reads a day's events. */}
                      <Text fontWeight="semibold" fontSize="sm" overflowWrap="anywhere">
                        {event.event_time ? `${event.event_time} · ` : ''}
                        {event.event_name}
                      </Text>
                      <Text color="fg.muted">
                        {statusText(event.status)}
                        {event.guest_count === null ? '' : ` · ${plural(event.guest_count, 'guest')}`}
                      </Text>
                      <Text color="fg.muted" overflowWrap="anywhere">
                        {event.supplier ?? 'No supplier yet'}
                      </Text>
                    </Box>
                  ))}
                </Stack>
              )}
            </Stack>
          </Box>
        );
      })}
    </SimpleGrid>
  );
}

/**
 * The view, the month or week shown and the filters, kept in the address (docs/product.md#calendar-screens):
 * `view=week`, `month=2026-12` in the month view or `week=2026-12-07` (its Monday) in the week view, `status` and
 * `event_type`, and `day=2026-12-12` while that day's run sheet is open. The defaults (the month view, the current
 * month or week, all but cancelled, every event type, no run sheet) are left out, and a value that is not one of the
 * tab's reads as its default.
 */
function useCalendarAddress(today: string) {
  const [params, update] = useAddressParams();
  const view: CalendarView = params.get('view') === 'week' ? 'week' : 'month';
  const month = monthParam(params, 'month');
  const week = dateParam(params, 'week');
  const anchor = view === 'week' ? (week ?? today) : month ? `${month}-01` : today;
  const filters: Filters = {
    status: BOOKING_STATUSES.find((value) => value === params.get('status')) ?? '',
    eventType: EVENT_TYPES.find((value) => value === params.get('event_type')) ?? '',
  };
  /** Shows the month or the week holding `date`. */
  function show(nextView: CalendarView, date: string) {
    update({
      view: nextView === 'week' ? 'week' : null,
      month: nextView === 'month' && date.slice(0, 7) !== today.slice(0, 7) ? date.slice(0, 7) : null,
      week: nextView === 'week' && weekStart(date) !== weekStart(today) ? weekStart(date) : null,
    });
  }
  function filter(next: Filters) {
    update({ status: next.status || null, event_type: next.eventType || null });
  }
  const openDay = dateParam(params, 'day');
  const openRunSheet = (date: string | null) => update({ day: date });
  return { view, anchor, filters, show, filter, openDay, openRunSheet };
}

/**
 * The Calendar tab (docs/product.md#calendar-screens): the events of a month or a week with each day's load, closed
 * and full days marked with their reason, filters by status and event type, and a day's run sheet; below it the
 * admin's iCalendar feed.
 */
export function CalendarTab() {
  const today = todayInIndia();
  const { view, anchor, filters, show, filter, openDay, openRunSheet } = useCalendarAddress(today);
  const [focused, setFocused] = useState(anchor);
  const [focusPending, setFocusPending] = useState(false);
  const takeFocus = useCallback(() => setFocusPending(false), []);
  const range = viewRange(view, anchor);
  const events = trpc.admin.calendar.events.useQuery(
    { ...range, status: filters.status, event_type: filters.eventType },
    { placeholderData: keepPreviousData },
  );
  const title = view === 'month' ? monthTitle(anchor) : `Week of ${formatLongDate(range.from)}`;

  function go(next: string) {
    show(view, next);
    setFocused(view === 'month' ? monthStart(next) : next);
  }

  return (
    <Stack gap="6">
      <Box _print={{ display: 'none' }}>
        <SectionCard
          title="Calendar"
          description={
            "Every booking on its event date, with each day's load " +
            'against its limits. Choose a day for its run sheet.'
          }
        >
          <Stack gap="4">
            <Flex gap="3" wrap="wrap" align="end" justify="space-between">
              <Flex gap="2" align="center" wrap="wrap">
                <ButtonGroup size="sm" variant="outline" colorPalette="accent" attached>
                  <Button
                    aria-label={view === 'month' ? 'Previous month' : 'Previous week'}
                    onClick={() => go(stepAnchor(view, anchor, -1))}
                  >
                    <ChevronLeft aria-hidden="true" />
                  </Button>
                  <Button onClick={() => go(today)}>Today</Button>
                  <Button
                    aria-label={view === 'month' ? 'Next month' : 'Next week'}
                    onClick={() => go(stepAnchor(view, anchor, 1))}
                  >
                    <ChevronRight aria-hidden="true" />
                  </Button>
                </ButtonGroup>
                <Heading as="h3" fontSize="lg" aria-live="polite" minW="0">
                  {title}
                </Heading>
              </Flex>
              <ButtonGroup size="sm" variant="outline" colorPalette="accent" attached role="group" aria-label="View">
                {(['month', 'week'] as const).map((option) => (
                  <Button
                    key={option}
                    aria-pressed={view === option}
                    variant={view === option ? 'solid' : 'outline'}
                    // The focused day's month or week; a day no longer shown (the address changed) gives way to it.
                    onClick={() => {
                      if (option === view) return;
                      show(option, focused >= range.from && focused <= range.to ? focused : anchor);
                    }}
                  >
                    {option === 'month' ? 'Month' : 'Week'}
                  </Button>
                ))}
              </ButtonGroup>
            </Flex>
            <Flex gap="3" wrap="wrap">
              <StatusFilter
                label="Status"
                value={filters.status}
                options={STATUS_OPTIONS}
                onChange={(status) => filter({ ...filters, status })}
              />
              <StatusFilter
                label="Event type"
                value={filters.eventType}
                options={EVENT_TYPE_FILTER}
                onChange={(eventType) => filter({ ...filters, eventType })}
              />
            </Flex>
            <QueryContent query={events} loadingLabel="Loading the calendar" errorMessage="Failed to load the calendar">
              {(data) =>
                view === 'month' ? (
                  <MonthGrid
                    data={data}
                    anchor={anchor}
                    today={today}
                    focused={focused}
                    onFocusDate={setFocused}
                    onLeaveGrid={(date) => {
                      show('month', date);
                      setFocused(date);
                      setFocusPending(true);
                    }}
                    focusPending={focusPending}
                    onFocusTaken={takeFocus}
                    onOpen={openRunSheet}
                    openDay={openDay}
                  />
                ) : (
                  <WeekList data={data} today={today} onOpen={openRunSheet} />
                )
              }
            </QueryContent>
            <Flex gap="3" wrap="wrap" fontSize="xs" color="fg.muted" aria-label="Key" role="note">
              {(['confirmed', 'quoted', 'inquiry', 'in_progress', 'completed'] as const).map((status) => (
                <Flex key={status} align="center" gap="1">
                  <StatusDot status={status} />
                  {statusText(status)}
                </Flex>
              ))}
              <Text as="span">
                Red: closed · Orange: full · Only confirmed, in-progress and completed bookings take a place.
              </Text>
            </Flex>
          </Stack>
        </SectionCard>
      </Box>
      {openDay && <CalendarRunSheet date={openDay} onClose={() => openRunSheet(null)} />}
      <Box _print={{ display: 'none' }}>
        <CalendarFeedCard />
      </Box>
    </Stack>
  );
}
