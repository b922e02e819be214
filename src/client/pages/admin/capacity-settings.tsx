import { Badge, Button, Flex, Heading, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { Plus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { formatLongDate, isIsoDate, todayInIndia } from '../../../shared/dates';
import {
  calendarDayInputSchema,
  operationsRulesInputSchema,
  type CalendarDayDto,
  type OperationsRulesSettingsDto,
} from '../../../shared/schemas/calendar';
import { AppDialog } from '../../components/app-dialog';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { SettingsForm } from '../../components/settings-form';
import { TextField } from '../../components/text-field';
import { serverDetail } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { plural } from './admin-format';
import { EmptyPanel, QueryContent } from './panel-states';
import { SectionCard, TableFrame } from './section-card';
import { passesSchema, useFormFields } from './use-form-fields';

/** A number field as the shared schema reads it: empty is null ("no limit", "none"), anything else a number or NaN. */
function numberOrNull(text: string): number | null {
  return text.trim() === '' ? null : Number(text.trim());
}

const shownLimit = (value: number | null) => (value === null ? '' : String(value));

// --- The ordinary day's limits ----------------------------------------------------------------------------------

type LimitValues = { max_events_per_day: string; max_guests_per_day: string };

function DailyLimitsForm({ settings }: { settings: OperationsRulesSettingsDto }) {
  const { values, errors, setErrors, set } = useFormFields<LimitValues>({
    max_events_per_day: shownLimit(settings.rules.max_events_per_day),
    max_guests_per_day: shownLimit(settings.rules.max_guests_per_day),
  });
  const utils = trpc.useUtils();
  const save = trpc.admin.settings.updateOperationsRules.useMutation({
    onSuccess: (answer) => {
      utils.admin.settings.operationsRules.setData(undefined, answer);
      void utils.admin.calendar.events.invalidate();
      toast.success('Daily capacity saved');
    },
    onError: (error) => toast.error(serverDetail(error) ?? 'Failed to save the daily capacity'),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    // The bid numbers share the setting; they are sent back as they are (docs/product.md#supplier-bids).
    const input = {
      ...settings.rules,
      max_events_per_day: numberOrNull(values.max_events_per_day),
      max_guests_per_day: numberOrNull(values.max_guests_per_day),
    };
    if (!passesSchema(event, operationsRulesInputSchema, input, setErrors)) return;
    save.mutate(operationsRulesInputSchema.parse(input));
  }

  return (
    <SettingsForm label="Daily capacity" onSubmit={submit} saving={save.isPending} submitLabel="Save capacity">
      <TextField
        name="max_events_per_day"
        label="Maximum events per day"
        inputMode="numeric"
        autoComplete="off"
        value={values.max_events_per_day}
        onValueChange={(value) => set('max_events_per_day', value)}
        error={errors.max_events_per_day}
        helperText="Leave empty for no limit."
      />
      <TextField
        name="max_guests_per_day"
        label="Maximum guests per day"
        inputMode="numeric"
        autoComplete="off"
        value={values.max_guests_per_day}
        onValueChange={(value) => set('max_guests_per_day', value)}
        error={errors.max_guests_per_day}
        helperText="All events of the day together. Leave empty for no limit."
      />
    </SettingsForm>
  );
}

// --- One date's own settings ------------------------------------------------------------------------------------

type DayValues = {
  date: string;
  max_events: string;
  max_guests: string;
  closed_reason: string;
  surcharge_percent: string;
  surcharge_reason: string;
};

function dayValuesOf(day: CalendarDayDto | null, date = ''): DayValues {
  return {
    date: day?.date ?? date,
    max_events: shownLimit(day?.max_events ?? null),
    max_guests: shownLimit(day?.max_guests ?? null),
    closed_reason: day?.closed_reason ?? '',
    surcharge_percent: shownLimit(day?.surcharge_percent ?? null),
    surcharge_reason: day?.surcharge_reason ?? '',
  };
}

/** "1 event already booked on this date stays booked: …": what closing a date leaves in place. */
function staysText(names: string[]): string {
  const verb = names.length === 1 ? 'stays' : 'stay';
  return (
    `${plural(names.length, 'event')} already booked on this date ${verb} booked: ${names.join(', ')}. ` +
    'Closing it stops new bookings only.'
  );
}

function dayInputOf(values: DayValues) {
  return {
    date: values.date,
    max_events: numberOrNull(values.max_events),
    max_guests: numberOrNull(values.max_guests),
    closed_reason: values.closed_reason,
    surcharge_percent: numberOrNull(values.surcharge_percent),
    surcharge_reason: values.surcharge_reason,
  };
}

type DayDialogProps = {
  /** The date being edited, or null to add one. */
  day: CalendarDayDto | null;
  open: boolean;
  onClose(): void;
};

/** The dialog that sets one date's limits, closes it with a reason, or gives it a peak surcharge with its reason. */
export function CalendarDayDialog({ day, open, onClose }: DayDialogProps) {
  const formId = useId();
  const { values, errors, setErrors, set } = useFormFields<DayValues>(() => dayValuesOf(day));
  const utils = trpc.useUtils();
  const save = trpc.admin.calendar.saveDay.useMutation({
    onSuccess: (answer, input) => {
      void utils.admin.calendar.days.invalidate();
      void utils.admin.calendar.events.invalidate();
      toast.success(
        answer.day
          ? `Settings for ${formatLongDate(input.date)} saved`
          : `${formatLongDate(input.date)} follows the ordinary day again`,
      );
      onClose();
    },
    onError: (error) => toast.error(serverDetail(error) ?? 'Failed to save the date'),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    const input = dayInputOf(values);
    if (!passesSchema(event, calendarDayInputSchema, input, setErrors)) return;
    save.mutate(calendarDayInputSchema.parse(input));
  }

  const text = (name: keyof DayValues) => ({
    name,
    value: values[name],
    onValueChange: (value: string) => set(name, value),
    error: errors[name],
    autoComplete: 'off',
  });

  // Closing a date with events on it stops new bookings only: say which stay booked before it is saved.
  const closing = values.closed_reason.trim() !== '' && isIsoDate(values.date);
  const booked = trpc.admin.calendar.events.useQuery(
    { from: values.date, to: values.date },
    { enabled: open && closing },
  );
  const stay = closing ? (booked.data?.events ?? []) : [];

  return (
    <AppDialog
      open={open}
      onClose={onClose}
      title={day ? `Settings for ${formatLongDate(day.date)}` : 'Add a date'}
      description="Fill in only what differs from an ordinary day; empty limits follow the daily capacity."
      size="lg"
      initialFocusEl={() => document.getElementById(formId)?.querySelector('input:not([readonly])') ?? null}
      footer={
        <>
          <Button variant="ghost" colorPalette="accent" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} rounded="full" px="6" loading={save.isPending} loadingText="Saving…">
            Save date
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate aria-label="Date settings">
        <Stack gap="4">
          <TextField
            {...text('date')}
            label="Date"
            type="date"
            required
            readOnly={day !== null}
            min={day ? undefined : todayInIndia()}
          />
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <TextField {...text('max_events')} label="Maximum events on this date" inputMode="numeric" />
            <TextField {...text('max_guests')} label="Maximum guests on this date" inputMode="numeric" />
          </SimpleGrid>
          <TextField
            {...text('closed_reason')}
            label="Closed: reason"
            helperText="Fill in to close the date (a blackout); customers see the reason."
          />
          {stay.length > 0 && (
            <Text role="status" fontSize="sm" color="orange.800" bg="orange.50" rounded="md" px="3" py="2">
              {staysText(stay.map((event) => event.event_name))}
            </Text>
          )}
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <TextField
              {...text('surcharge_percent')}
              label="Peak surcharge (%)"
              inputMode="decimal"
              helperText="Of the taxable amount, on quotes for this date."
            />
            <TextField {...text('surcharge_reason')} label="Surcharge reason" helperText="Shown on the quote line." />
          </SimpleGrid>
        </Stack>
      </form>
    </AppDialog>
  );
}

function dayLimitsText(day: CalendarDayDto): string {
  const parts: string[] = [];
  if (day.max_events !== null) parts.push(plural(day.max_events, 'event'));
  if (day.max_guests !== null) parts.push(plural(day.max_guests, 'guest'));
  return parts.length === 0 ? 'As any day' : parts.join(', ');
}

function CalendarDaysList({ days, onEdit }: { days: CalendarDayDto[]; onEdit(day: CalendarDayDto): void }) {
  const [removing, setRemoving] = useState<CalendarDayDto | null>(null);
  const utils = trpc.useUtils();
  const remove = trpc.admin.calendar.removeDay.useMutation({
    onSuccess: (answer) => {
      void utils.admin.calendar.days.invalidate();
      void utils.admin.calendar.events.invalidate();
      toast.success(`${formatLongDate(answer.date)} follows the ordinary day again`);
      setRemoving(null);
    },
    onError: (error) => toast.error(serverDetail(error) ?? 'Failed to remove the date'),
  });
  return (
    <>
      <TableFrame label="Dates with their own settings" stackBelow="lg">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Date</Table.ColumnHeader>
            <Table.ColumnHeader>Limits</Table.ColumnHeader>
            <Table.ColumnHeader>Closed</Table.ColumnHeader>
            <Table.ColumnHeader>Peak surcharge</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Actions</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {days.map((day) => (
            <Table.Row key={day.date}>
              <Table.Cell fontWeight="medium">{formatLongDate(day.date)}</Table.Cell>
              <Table.Cell data-label="Limits">{dayLimitsText(day)}</Table.Cell>
              <Table.Cell data-label="Closed">
                {day.closed_reason ? (
                  <Badge colorPalette="red" variant="subtle" whiteSpace="normal">
                    {day.closed_reason}
                  </Badge>
                ) : (
                  'Open'
                )}
              </Table.Cell>
              <Table.Cell data-label="Peak surcharge">
                {day.surcharge_percent === null ? 'None' : `${day.surcharge_percent}%: ${day.surcharge_reason ?? ''}`}
              </Table.Cell>
              <Table.Cell data-actions="">
                <Flex gap="2" justify="flex-end">
                  <Button
                    size="xs"
                    variant="outline"
                    colorPalette="accent"
                    onClick={() => onEdit(day)}
                    aria-label={`Edit ${formatLongDate(day.date)}`}
                  >
                    Edit
                  </Button>
                  <Button
                    size="xs"
                    variant="outline"
                    colorPalette="red"
                    onClick={() => setRemoving(day)}
                    aria-label={`Remove ${formatLongDate(day.date)}`}
                  >
                    Remove
                  </Button>
                </Flex>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </TableFrame>
      <ConfirmDialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate({ date: removing.date })}
        loading={remove.isPending}
        tone="danger"
        title={removing ? `Remove ${formatLongDate(removing.date)}?` : 'Remove the date?'}
        description={
          'The date follows the daily capacity again: ' +
          'it reopens if it was closed, and loses its surcharge for new quotes.'
        }
        confirmLabel="Remove"
      />
    </>
  );
}

/**
 * The Settings tab's capacity (docs/product.md#calendar-screens): the ordinary day's maximum events and guests, and
 * the dates with their own limits, a blackout reason or a peak surcharge, from today on.
 */
export function CapacitySettingsCard() {
  const rules = trpc.admin.settings.operationsRules.useQuery();
  const days = trpc.admin.calendar.days.useQuery({});
  const [editing, setEditing] = useState<{ day: CalendarDayDto | null } | null>(null);
  return (
    <SectionCard
      title="Capacity and dates"
      description={
        'How many events and guests the kitchen takes on a day, and the dates that differ: ' +
        'more crew on a muhurat date, a closed day, a peak surcharge. Only confirmed bookings take a place.'
      }
    >
      <Stack gap="6">
        <QueryContent
          query={rules}
          loadingLabel="Loading the daily capacity"
          errorMessage="Failed to load the daily capacity"
        >
          {(data) => <DailyLimitsForm settings={data} />}
        </QueryContent>
        <Stack gap="3" as="section" aria-label="Dates with their own settings">
          <Flex justify="space-between" align="center" gap="3" wrap="wrap">
            <Heading as="h3" fontSize="md">
              Dates with their own settings
            </Heading>
            <Button size="sm" colorPalette="accent" variant="outline" onClick={() => setEditing({ day: null })}>
              <Plus aria-hidden="true" /> Add a date
            </Button>
          </Flex>
          <QueryContent
            query={days}
            loadingLabel="Loading the dates"
            errorMessage="Failed to load the dates"
            isEmpty={(list) => list.length === 0}
            empty={
              <EmptyPanel
                title="No dates with their own settings"
                description="Every day follows the daily capacity."
              />
            }
          >
            {(list) => <CalendarDaysList days={list} onEdit={(day) => setEditing({ day })} />}
          </QueryContent>
        </Stack>
      </Stack>
      {editing && (
        <CalendarDayDialog key={editing.day?.date ?? 'new'} day={editing.day} open onClose={() => setEditing(null)} />
      )}
    </SectionCard>
  );
}
