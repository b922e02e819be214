import { DatePicker, IconButton, parseDate, Portal, useDatePickerContext } from '@chakra-ui/react';
import { CalendarDays } from 'lucide-react';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { isIsoDate } from '../../shared/dates';
import { trpc } from '../lib/trpc';
import { DateFieldLabel, type DateFieldHandoff, type DatePickerProps } from './event-date-field';

const NEXT_VIEW = { day: 'month', month: 'year', year: undefined } as const;

/**
 * Chakra's DatePicker.Header, but the button that switches views is named by what it shows ("September 2026,
 * choose month"): Zag's own label ("Switch to month view") leaves the visible text out, and speech control users
 * say what they see (WCAG 2.5.3).
 */
function CalendarHeader() {
  const picker = useDatePickerContext();
  const { start, end } = picker.visibleRangeText;
  const shown = [...new Set([start, end])].filter(Boolean).join(' - ');
  const next = NEXT_VIEW[picker.view];
  return (
    <DatePicker.ViewControl>
      <DatePicker.PrevTrigger />
      <DatePicker.ViewTrigger aria-label={next ? `${shown}, choose ${next}` : shown}>
        <DatePicker.RangeText />
      </DatePicker.ViewTrigger>
      <DatePicker.NextTrigger />
    </DatePicker.ViewControl>
  );
}

/** Dates that cannot be chosen, with the reason the server gave ("Fully booked: 3 of 3 events"). */
type Unavailable = ReadonlyMap<string, string>;

/**
 * Chakra's DatePicker.DayTable, with each full or closed day's reason on hover (`title`); screen readers get it in
 * the day's name (the root's `dayCell` translation). Reports the month on screen, the only one asked for.
 */
function DayTable({ unavailable, onMonth }: { unavailable: Unavailable; onMonth(month: string): void }) {
  const picker = useDatePickerContext();
  const month = picker.visibleRange.start.toString().slice(0, 7);
  useEffect(() => onMonth(month), [month, onMonth]);
  return (
    <DatePicker.Table>
      <DatePicker.TableHead>
        <DatePicker.TableRow>
          {picker.weekDays.map((weekDay, index) => (
            <DatePicker.TableHeader key={index}>{weekDay.narrow}</DatePicker.TableHeader>
          ))}
        </DatePicker.TableRow>
      </DatePicker.TableHead>
      <DatePicker.TableBody>
        {picker.weeks.map((week, weekIndex) => (
          <DatePicker.TableRow key={weekIndex}>
            {week.map((day, index) => {
              const reason = unavailable.get(day.toString());
              return (
                <DatePicker.TableCell key={index} value={day}>
                  <DatePicker.TableCellTrigger
                    title={reason}
                    {...(reason ? { textDecoration: 'line-through', color: 'fg.subtle' } : {})}
                  >
                    {day.day}
                  </DatePicker.TableCellTrigger>
                </DatePicker.TableCell>
              );
            })}
          </DatePicker.TableRow>
        ))}
      </DatePicker.TableBody>
    </DatePicker.Table>
  );
}

const NO_DAYS: Unavailable = new Map();

/**
 * The full and closed days of the month on screen (docs/product.md#calendar), asked for only while the calendar is
 * open and only when the field wants them.
 */
function useUnavailableDays(availability: DatePickerProps['availability'], open: boolean) {
  const [month, setMonth] = useState<string | null>(null);
  const guests = availability?.guests && availability.guests > 0 ? availability.guests : undefined;
  const query = trpc.calendar.availability.useQuery(
    { month: month ?? '', guests },
    { enabled: Boolean(availability) && open && month !== null, staleTime: 60_000 },
  );
  const unavailable = useMemo<Unavailable>(() => {
    if (!availability || !query.data) return NO_DAYS;
    return new Map(
      query.data.days
        .filter((day) => day.status === 'full' || day.status === 'closed')
        .map((day) => [day.date, day.reason ?? 'Not available']),
    );
  }, [availability, query.data]);
  return { unavailable, setMonth };
}

/** Sets an input's text the way typing does, so React's (and Zag's) input handler sees it. */
function typeInto(input: HTMLInputElement, text: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, text);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * What the visitor did in the stand-in field (event-date-field.tsx) before this code arrived, done again here, so
 * nothing is lost: the typed text, the caret and focus, a finished entry (Enter, or leaving the field, which
 * commits a typed date), and a click on the calendar button.
 */
function useHandoff(from: DatePickerProps['handoff'], shown: string) {
  const inputRef = useRef<HTMLInputElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const done = useRef(false);
  // Filled in by the stand-in as it leaves, in the same commit, before this picker's effects run.
  const taken = useRef<DateFieldHandoff>(undefined);

  // Before the first paint, so the field never shows without its text or its focus.
  useLayoutEffect(() => {
    const input = inputRef.current;
    const handoff = (taken.current ??= from?.current);
    if (!handoff || !input || done.current) return;
    if (handoff.text !== shown) input.value = handoff.text;
    if (handoff.focused === 'input') {
      input.focus({ preventScroll: true });
      input.setSelectionRange(handoff.selectionStart, handoff.selectionEnd);
    }
    if (handoff.focused === 'trigger') triggerRef.current?.focus({ preventScroll: true });
  }, [from, shown]);

  // Then the events, once the picker's machine is running.
  useEffect(() => {
    const input = inputRef.current;
    const handoff = taken.current;
    if (!handoff || !input || done.current) return;
    done.current = true;
    if (handoff.text !== shown) {
      typeInto(input, handoff.text);
      if (handoff.focused === 'input') input.setSelectionRange(handoff.selectionStart, handoff.selectionEnd);
      if (handoff.entered)
        input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
      // Left the field with a date typed: the picker reads it as it does on blur.
      else if (handoff.focused !== 'input') input.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
    }
    if (handoff.openCalendar) triggerRef.current?.click();
  }, [shown]);

  return { inputRef, triggerRef };
}

/**
 * docs/product.md#screens: the event date on a calendar that disables past dates. Chakra's DatePicker (Ark/Zag) gives a
 * typed DD/MM/YYYY input plus a keyboard-navigable calendar grid; `min` is today in India, so earlier days are
 * disabled in the grid and typed ones are refused. Loaded after the page's first render (EventDateField shows a
 * stand-in that looks the same until then).
 */
export function EventDatePicker({
  value,
  onValueChange,
  min,
  max,
  error,
  label,
  name,
  hintId,
  shown,
  handoff,
  onTypedText,
  availability,
}: DatePickerProps) {
  const selected = isIsoDate(value) ? [parseDate(value)] : [];
  const { inputRef, triggerRef } = useHandoff(handoff, shown);
  const [open, setOpen] = useState(false);
  const { unavailable, setMonth } = useUnavailableDays(availability, open);
  return (
    <DatePicker.Root
      name={name}
      size="lg"
      w="full"
      locale="en-IN"
      timeZone="Asia/Kolkata"
      startOfWeek={0}
      min={parseDate(min)}
      {...(max ? { max: parseDate(max) } : {})}
      value={selected}
      onValueChange={(details) => onValueChange(details.value[0]?.toString() ?? '')}
      invalid={Boolean(error)}
      required
      positioning={{ placement: 'bottom-start' }}
      lazyMount
      unmountOnExit
      onOpenChange={(details) => setOpen(details.open)}
      isDateUnavailable={(date) => unavailable.has(date.toString())}
      translations={{
        trigger: (isOpen) => (isOpen ? 'Close calendar' : 'Open calendar'),
        dayCell: (state) => {
          const reason = unavailable.get(state.value.toString());
          if (reason) return `Not available. ${state.valueText}. ${reason}`;
          return state.selected ? `Selected date. ${state.valueText}` : `Choose ${state.valueText}`;
        },
      }}
    >
      <DatePicker.Label fontWeight="medium" textStyle="sm">
        <DateFieldLabel label={label} />
      </DatePicker.Label>
      <DatePicker.Control>
        <DatePicker.Input
          ref={inputRef}
          // Zag moves a typed day that is impossible or out of range to the nearest allowed one (31/02 -> 28/02,
          // a past day -> today); the field reads the text itself instead and keeps it with a message.
          fixOnBlur={false}
          onBlur={(event) => onTypedText(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
            // Runs before Zag's own handler, which skips an event already handled.
            event.preventDefault();
            onTypedText(event.currentTarget.value);
          }}
          bg="bg.panel"
          placeholder="DD/MM/YYYY"
          aria-required="true"
          aria-invalid={error ? true : undefined}
          aria-describedby={hintId}
        />
        <DatePicker.IndicatorGroup>
          <DatePicker.Trigger asChild unstyled>
            <IconButton ref={triggerRef} variant="ghost" colorPalette="accent" size="md" me="-1">
              <CalendarDays aria-hidden="true" />
            </IconButton>
          </DatePicker.Trigger>
        </DatePicker.IndicatorGroup>
      </DatePicker.Control>
      <Portal>
        <DatePicker.Positioner>
          <DatePicker.Content
            maxW="calc(100vw - 1rem)"
            css={{ '--table-cell-size': 'sizes.11', '--datepicker-nav-trigger-size': 'sizes.11' }}
          >
            <DatePicker.View view="day">
              <CalendarHeader />
              <DayTable unavailable={unavailable} onMonth={setMonth} />
            </DatePicker.View>
            <DatePicker.View view="month">
              <CalendarHeader />
              <DatePicker.MonthTable />
            </DatePicker.View>
            <DatePicker.View view="year">
              <CalendarHeader />
              <DatePicker.YearTable />
            </DatePicker.View>
          </DatePicker.Content>
        </DatePicker.Positioner>
      </Portal>
    </DatePicker.Root>
  );
}
