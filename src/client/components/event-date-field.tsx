import {
  Box,
  createSlotRecipeContext,
  IconButton,
  Text,
  type HTMLChakraProps,
  type SlotRecipeProps,
} from '@chakra-ui/react';
import { CalendarDays } from 'lucide-react';
import {
  startTransition,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import { formatLongDate, isIsoDate, readTypedDate } from '../../shared/dates';
import { deferredModule } from '../lib/deferred-module';
import { whenIdle } from '../lib/when-idle';
import type * as PickerModule from './event-date-picker';

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
  /**
   * A typed date that is not a date or is out of range: its message (also shown at the field), or undefined once
   * the field holds a date it accepts again. The form sends nothing while there is one: `value` keeps the last
   * accepted date, the text keeps what was typed.
   */
  onTypedProblemChange?(problem: string | undefined): void;
  /**
   * Grey out full and closed days (docs/product.md#calendar): the calendar asks the server for the month on screen,
   * for an event of this many guests (0 or undefined: any event).
   */
  availability?: { guests?: number | undefined } | undefined;
};

/** What the visitor did in the stand-in before the picker's code arrived; the picker does it again. */
export type DateFieldHandoff = {
  text: string;
  /** Where the keyboard was: in the input, on the calendar button, or elsewhere. */
  focused: 'input' | 'trigger' | null;
  selectionStart: number;
  selectionEnd: number;
  /** Enter was pressed in the field (the picker commits the typed date on Enter). */
  entered: boolean;
  /** The calendar button was clicked. */
  openCalendar: boolean;
};

export type DatePickerProps = Required<
  Pick<EventDateFieldProps, 'value' | 'onValueChange' | 'min' | 'label' | 'name'>
> &
  Pick<EventDateFieldProps, 'max' | 'error' | 'availability'> & {
    hintId: string;
    /** The value as the input shows it, DD/MM/YYYY (en-IN), or ''. */
    shown: string;
    /** What the stand-in held when the picker took its place, filled in as the swap commits. */
    handoff?: { readonly current: DateFieldHandoff | undefined } | undefined;
    /** Reads the typed text when the visitor leaves the field or presses Enter (readTypedDate). */
    onTypedText(text: string): void;
  };

/** The label's text and the required marker, the same in the stand-in and the picker. */
export function DateFieldLabel({ label }: { label: string }) {
  return (
    <>
      {label}
      <Text as="span" color="fg.error" aria-hidden="true" ms="1">
        *
      </Text>
    </>
  );
}

/*
 * The picker's code (Ark's DatePicker, Zag's machine, @internationalized/date and floating-ui: about 40 KB gzip)
 * is not needed to show the form, so it loads once the page has rendered, or at once when the visitor reaches the
 * field first. Until then the field is drawn by the stand-in below: the same elements with the same
 * recipe (Chakra's datePicker slot recipe) and the same attributes, so nothing moves or changes when it is swapped.
 */
const picker = deferredModule(() => import('./event-date-picker'));

const { withProvider, withContext } = createSlotRecipeContext({ key: 'datePicker' });
const StandInRoot = withProvider<HTMLDivElement, HTMLChakraProps<'div'> & SlotRecipeProps<'datePicker'>>('div', 'root');
const StandInLabel = withContext<HTMLLabelElement, HTMLChakraProps<'label'>>('label', 'label');
const StandInControl = withContext<HTMLDivElement, HTMLChakraProps<'div'>>('div', 'control');
const StandInInput = withContext<HTMLInputElement, HTMLChakraProps<'input'>>('input', 'input');
const StandInIndicatorGroup = withContext<HTMLDivElement, HTMLChakraProps<'div'>>('div', 'indicatorGroup');

/** The characters the picker's input takes (Zag refuses the rest as they are typed): digits and the separator. */
const DATE_CHARACTER = /^[0-9/]$/;

/** `YYYY-MM-DD` as the en-IN input shows it. */
function shownDate(value: string): string {
  if (!isIsoDate(value)) return '';
  const [year, month, day] = value.split('-');
  return `${day}/${month}/${year}`;
}

type StandInProps = DatePickerProps & {
  onAction(action: 'focus' | 'enter' | 'calendar'): void;
  /** Called as the stand-in leaves the page, while its input is still there to read. */
  onLeave(): void;
  inputRef: RefObject<HTMLInputElement | null>;
  triggerRef: RefObject<HTMLButtonElement | null>;
};

/** The date field as the picker draws it while closed, without the picker's code. */
function StandInField({ error, label, name, hintId, shown, onAction, onLeave, inputRef, triggerRef }: StandInProps) {
  const inputId = useId();
  // A layout effect's cleanup runs in the commit that removes the field, before its elements are gone.
  const leave = useRef(onLeave);
  leave.current = onLeave;
  useLayoutEffect(() => () => leave.current(), []);
  const empty = shown === '' ? '' : undefined;
  return (
    <StandInRoot
      size="lg"
      w="full"
      data-scope="date-picker"
      data-part="root"
      data-state="closed"
      dir="ltr"
      data-empty={empty}
    >
      <StandInLabel
        fontWeight="medium"
        textStyle="sm"
        htmlFor={inputId}
        data-scope="date-picker"
        data-part="label"
        data-state="closed"
        data-index="0"
        dir="ltr"
      >
        <DateFieldLabel label={label} />
      </StandInLabel>
      <StandInControl data-scope="date-picker" data-part="control" dir="ltr" data-placeholder-shown={empty}>
        <StandInInput
          // Uncontrolled as the picker's input is; drawn anew when the value changes from outside (a reset).
          key={shown}
          ref={inputRef}
          id={inputId}
          name={name}
          defaultValue={shown}
          bg="bg.panel"
          placeholder="DD/MM/YYYY"
          autoComplete="off"
          autoCorrect="off"
          spellCheck="false"
          dir="ltr"
          required
          aria-required="true"
          aria-invalid={error ? true : undefined}
          data-invalid={error ? '' : undefined}
          aria-describedby={hintId}
          data-scope="date-picker"
          data-part="input"
          data-index="0"
          data-state="closed"
          data-placeholder-shown={empty}
          onFocus={() => onAction('focus')}
          onBeforeInput={(event: FormEvent<HTMLInputElement>) => {
            const data = (event.nativeEvent as InputEvent).data;
            if (data?.length === 1 && !DATE_CHARACTER.test(data)) event.preventDefault();
          }}
          onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
            // The picker's input never submits its form on Enter: it commits the typed date.
            if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
            event.preventDefault();
            if (event.currentTarget.value.trim() !== '') onAction('enter');
          }}
        />
        <StandInIndicatorGroup>
          <IconButton
            ref={triggerRef}
            type="button"
            variant="ghost"
            colorPalette="accent"
            size="md"
            me="-1"
            aria-label="Open calendar"
            aria-expanded={false}
            aria-haspopup="grid"
            data-scope="date-picker"
            data-part="trigger"
            data-state="closed"
            data-placeholder-shown={empty}
            dir="ltr"
            onClick={() => onAction('calendar')}
          >
            <CalendarDays aria-hidden="true" />
          </IconButton>
        </StandInIndicatorGroup>
      </StandInControl>
    </StandInRoot>
  );
}

/**
 * docs/product.md#screens: the event date on a calendar that disables past dates (event-date-picker.tsx). Chakra's
 * picker does not join `Field` on its own (research: ecosystem 2.4), so the required marker, hint and error are tied to
 * the input here.
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
  onTypedProblemChange,
  availability,
}: EventDateFieldProps) {
  const [loaded, setLoaded] = useState(() => picker.loaded());
  const handoff = useRef<DateFieldHandoff>(undefined);
  const pending = useRef({ entered: false, openCalendar: false });
  const standInRef = useRef<HTMLInputElement>(null);
  const standInTriggerRef = useRef<HTMLButtonElement>(null);
  const startNow = useRef<() => void>(() => undefined);
  const hintId = useId();
  const shown = shownDate(value);
  const [typedProblem, setTypedProblem] = useState<string>();
  const problem = typedProblem ?? error;
  const hint = problem ?? (isIsoDate(value) ? formatLongDate(value) : emptyHint);

  function reportProblem(next: string | undefined) {
    setTypedProblem(next);
    if (next !== typedProblem) onTypedProblemChange?.(next);
  }

  function accept(next: string) {
    reportProblem(undefined);
    if (next !== value) onValueChange(next);
  }

  function onTypedText(text: string) {
    const reading = readTypedDate(text, { min, max });
    if (reading.ok) accept(reading.value);
    else reportProblem(reading.message);
  }

  useEffect(() => {
    if (loaded) return;
    let live = true;
    // As a transition: React renders the picker in slices, and a key pressed meanwhile still reaches the stand-in,
    // whose state is read only as the swap commits (`leaveStandIn`).
    const swap = (module: typeof PickerModule) => {
      if (live) startTransition(() => setLoaded(() => module));
    };
    const load = () => void picker.load().then(swap, () => undefined);
    startNow.current = load;
    const cancel = whenIdle(load);
    return () => {
      live = false;
      cancel();
    };
  }, [loaded]);

  /** What the visitor did in the stand-in, for the picker to do again (event-date-picker.tsx, `useHandoff`). */
  function leaveStandIn() {
    const input = standInRef.current;
    const inInput = input !== null && input === document.activeElement;
    const onTrigger = standInTriggerRef.current !== null && standInTriggerRef.current === document.activeElement;
    handoff.current = {
      text: input?.value ?? '',
      focused: inInput ? 'input' : onTrigger ? 'trigger' : null,
      selectionStart: (inInput && input.selectionStart) || 0,
      selectionEnd: (inInput && input.selectionEnd) || 0,
      ...pending.current,
    };
  }

  function onAction(action: 'focus' | 'enter' | 'calendar') {
    if (action === 'enter') pending.current.entered = true;
    if (action === 'calendar') pending.current.openCalendar = true;
    startNow.current();
  }

  const props: DatePickerProps = {
    value,
    onValueChange: accept,
    min,
    max,
    error: problem,
    label,
    name,
    hintId,
    shown,
    handoff,
    onTypedText,
    availability,
  };
  return (
    <Box>
      {loaded ? (
        <loaded.EventDatePicker {...props} />
      ) : (
        <StandInField
          {...props}
          onAction={onAction}
          onLeave={leaveStandIn}
          inputRef={standInRef}
          triggerRef={standInTriggerRef}
        />
      )}
      <Text id={hintId} mt="1.5" textStyle="xs" color={problem ? 'fg.error' : 'fg.muted'}>
        {hint}
      </Text>
    </Box>
  );
}
