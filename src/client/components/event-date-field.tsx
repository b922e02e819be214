import { Box, DatePicker, IconButton, parseDate, Portal, Text, useDatePickerContext } from '@chakra-ui/react';
import { CalendarDays } from 'lucide-react';
import { useId } from 'react';
import { formatLongDate, isIsoDate } from '../../shared/dates';

type EventDateFieldProps = {
  /** `YYYY-MM-DD` or ''. */
  value: string;
  onValueChange(value: string): void;
  /** The first day that can be chosen, `YYYY-MM-DD` (today in India). */
  min: string;
  /** The last day that can be chosen, `YYYY-MM-DD`. */
  max?: string | undefined;
  error?: string | undefined;
  /** The field's label (default "Event Date"). */
  label?: string;
  /** What the hint says before a date is chosen. */
  emptyHint?: string;
  /** The form field's name (default `event_date`). */
  name?: string;
};

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

/**
 * Spec section 2: the event date on a calendar that disables past dates. Chakra's DatePicker (Ark/Zag) gives a
 * typed DD/MM/YYYY input plus a keyboard-navigable calendar grid; `min` is today in India, so earlier days are
 * disabled in the grid and typed ones are refused. Chakra's picker does not join `Field` on its own (research:
 * ecosystem 2.4), so the required marker, hint and error are tied to the input here.
 */
export function EventDateField({
  value,
  onValueChange,
  min,
  max,
  error,
  label = 'Event Date',
  emptyHint = 'Past dates are not available.',
  name = 'event_date',
}: EventDateFieldProps) {
  const selected = isIsoDate(value) ? [parseDate(value)] : [];
  const hintId = useId();
  const hint = error ?? (selected.length > 0 ? formatLongDate(value) : emptyHint);
  return (
    <Box>
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
        translations={{ trigger: (open) => (open ? 'Close calendar' : 'Open calendar') }}
      >
        <DatePicker.Label fontWeight="medium" textStyle="sm">
          {label}
          <Text as="span" color="fg.error" aria-hidden="true" ms="1">
            *
          </Text>
        </DatePicker.Label>
        <DatePicker.Control>
          <DatePicker.Input
            bg="bg.panel"
            placeholder="DD/MM/YYYY"
            aria-required="true"
            aria-invalid={error ? true : undefined}
            aria-describedby={hintId}
          />
          <DatePicker.IndicatorGroup>
            <DatePicker.Trigger asChild unstyled>
              <IconButton variant="ghost" colorPalette="accent" size="md" me="-1">
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
                <DatePicker.DayTable />
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
      <Text id={hintId} mt="1.5" textStyle="xs" color={error ? 'fg.error' : 'fg.muted'}>
        {hint}
      </Text>
    </Box>
  );
}
