import { Box, Button, Flex, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { INSTALMENT_LABELS, paymentRulesFromDto, paymentSchedule } from '../../../shared/booking-rules';
import { addDays, formatLongDate, todayInIndia } from '../../../shared/dates';
import { formatInr } from '../../../shared/money';
import { paymentTerms } from '../../../shared/payment-terms';
import { paiseToRupees } from '../../../shared/pricing';
import { daysBetween } from '../../../shared/refund-policy';
import {
  paymentRulesInputSchema,
  type PaymentRulesDto,
  type PaymentRulesSettingsDto,
} from '../../../shared/schemas/payments';
import { TextField } from '../../components/text-field';
import { serverDetail } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { plural } from './admin-format';
import { CapacitySettingsCard } from './capacity-settings';
import { GstSettingsCard } from './gst-settings-form';
import { QueryContent } from './panel-states';
import { SectionCard, TableFrame } from './section-card';
import { passesSchema, useFormFields } from './use-form-fields';

type Field = keyof PaymentRulesDto;
type Values = Record<Field, string>;

/** The sample the live example is worked on: a ₹1,00,000 booking confirmed today, its event 90 days away. */
export const EXAMPLE_TOTAL_PAISE = 1_00_000_00;
export const EXAMPLE_EVENT_IN_DAYS = 90;

/** The five numbers in the order the schedule uses them, with how each default reads. */
const FIELDS: { name: Field; label: string; inputMode: 'decimal' | 'numeric'; shown(value: number): string }[] = [
  { name: 'booking_amount', label: 'Booking amount (₹)', inputMode: 'decimal', shown: (value) => formatInr(value) },
  {
    name: 'advance_percent',
    label: 'Advance brings the paid amount to (% of the total)',
    inputMode: 'numeric',
    shown: (value) => `${value}%`,
  },
  {
    name: 'advance_due_days_after_confirmation',
    label: 'Advance due (days after confirmation)',
    inputMode: 'numeric',
    shown: (value) => plural(value, 'day'),
  },
  {
    name: 'advance_immediate_within_days',
    label: 'Advance at once when the event is within (days)',
    inputMode: 'numeric',
    shown: (value) => plural(value, 'day'),
  },
  {
    name: 'balance_due_days_before_event',
    label: 'Balance due (days before the event)',
    inputMode: 'numeric',
    shown: (value) => plural(value, 'day'),
  },
];

function valuesOf(dto: PaymentRulesDto): Values {
  return {
    booking_amount: String(dto.booking_amount),
    advance_percent: String(dto.advance_percent),
    advance_due_days_after_confirmation: String(dto.advance_due_days_after_confirmation),
    advance_immediate_within_days: String(dto.advance_immediate_within_days),
    balance_due_days_before_event: String(dto.balance_due_days_before_event),
  };
}

/** The typed fields as the shared schema reads them: an empty field is missing, anything else a number (or NaN). */
function inputOf(values: Values): Record<Field, number | undefined> {
  const read = (text: string) => (text.trim() === '' ? undefined : Number(text.trim()));
  return {
    booking_amount: read(values.booking_amount),
    advance_percent: read(values.advance_percent),
    advance_due_days_after_confirmation: read(values.advance_due_days_after_confirmation),
    advance_immediate_within_days: read(values.advance_immediate_within_days),
    balance_due_days_before_event: read(values.balance_due_days_before_event),
  };
}

/** Whether two sets of fields hold the same numbers ("2000" and "2000.0" do). */
function sameValues(a: Values, b: Values): boolean {
  const [x, y] = [inputOf(a), inputOf(b)];
  return FIELDS.every(({ name }) => Object.is(x[name], y[name]));
}

/**
 * The schedule of the sample booking under the typed numbers, by the same `paymentSchedule` every order, page and
 * reminder uses, and how the published terms would read (`paymentTerms`). Nothing is shown for numbers the schema
 * refuses.
 */
function LiveExample({ values }: { values: Values }) {
  const parsed = paymentRulesInputSchema.safeParse(inputOf(values));
  if (!parsed.success) {
    return (
      <Text color="fg.muted" role="status">
        Correct the numbers above to see the example.
      </Text>
    );
  }
  const rules = paymentRulesFromDto(parsed.data);
  const today = todayInIndia();
  const eventDate = addDays(today, EXAMPLE_EVENT_IN_DAYS);
  const rows = paymentSchedule({
    totalPaise: EXAMPLE_TOTAL_PAISE,
    eventDate,
    confirmedOn: today,
    rules,
    today,
  });
  const terms = paymentTerms(rules);
  const label = 'Example schedule';
  return (
    <Stack gap="3">
      <Text fontSize="sm" color="fg.muted">
        A booking of {formatInr(paiseToRupees(EXAMPLE_TOTAL_PAISE))} confirmed today ({formatLongDate(today)}), its
        event on {formatLongDate(eventDate)}, {EXAMPLE_EVENT_IN_DAYS} days away:
      </Text>
      <TableFrame label={label} stackBelow="lg">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Instalment</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Amount</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Paid by then</Table.ColumnHeader>
            <Table.ColumnHeader>Due</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => {
            const after = daysBetween(today, row.due_date);
            return (
              <Table.Row key={row.kind}>
                <Table.Cell fontWeight="medium">{INSTALMENT_LABELS[row.kind]}</Table.Cell>
                <Table.Cell textAlign="end" data-label="Amount">
                  {formatInr(paiseToRupees(row.amount_paise))}
                </Table.Cell>
                <Table.Cell textAlign="end" data-label="Paid by then">
                  {formatInr(paiseToRupees(row.cumulative_paise))}
                </Table.Cell>
                <Table.Cell data-label="Due">
                  {formatLongDate(row.due_date)} ({after === 0 ? 'on confirmation' : `${plural(after, 'day')} after`})
                </Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </TableFrame>
      <Box as="section" aria-label="How the published terms read" fontSize="sm" color="fg.muted">
        <Text fontWeight="semibold" color="fg" mb="1">
          How the published terms read
        </Text>
        <Stack gap="1">
          <Text>{terms.bookingAmount}</Text>
          {terms.advance && <Text>{terms.advance}</Text>}
          {terms.balance && <Text>{terms.balance}</Text>}
        </Stack>
      </Box>
    </Stack>
  );
}

function PaymentRulesForm({ settings }: { settings: PaymentRulesSettingsDto }) {
  const saved = valuesOf(settings.rules);
  const defaults = valuesOf(settings.defaults);
  const { values, errors, setErrors, set } = useFormFields<Values>(saved);
  const utils = trpc.useUtils();
  const save = trpc.admin.settings.updatePaymentRules.useMutation({
    onSuccess: (answer) => {
      utils.admin.settings.paymentRules.setData(undefined, answer);
      void utils.site.paymentTerms.invalidate();
      toast.success('Payment schedule saved');
    },
    onError: (error) => {
      toast.error(serverDetail(error) ?? 'Failed to save the payment schedule');
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    const input = inputOf(values);
    if (!passesSchema(event, paymentRulesInputSchema, input, setErrors)) return;
    save.mutate(paymentRulesInputSchema.parse(input));
  }

  function resetToDefaults() {
    for (const { name } of FIELDS) set(name, defaults[name]);
    setErrors({});
  }

  const atDefaults = sameValues(values, defaults);
  const unsaved = !sameValues(values, saved);
  return (
    <form onSubmit={submit} noValidate aria-label="Payment schedule">
      <Stack gap="6">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {FIELDS.map((field) => (
            <TextField
              key={field.name}
              name={field.name}
              label={field.label}
              inputMode={field.inputMode}
              autoComplete="off"
              required
              value={values[field.name]}
              onValueChange={(value) => set(field.name, value)}
              error={errors[field.name]}
              helperText={`Default: ${field.shown(settings.defaults[field.name])}`}
            />
          ))}
        </SimpleGrid>
        <Flex gap="3" flexWrap="wrap" align="center">
          <Button type="submit" rounded="full" px="6" loading={save.isPending} loadingText="Saving…">
            Save
          </Button>
          <Button variant="outline" colorPalette="accent" onClick={resetToDefaults} disabled={atDefaults}>
            Reset to defaults
          </Button>
          {unsaved && (
            <Text fontSize="sm" color="fg.muted" role="status">
              Not saved yet: orders and reminders follow the saved numbers until you save.
            </Text>
          )}
        </Flex>
        <LiveExample values={values} />
      </Stack>
    </form>
  );
}

/**
 * The Settings tab (docs/product.md#payments, "Settings"): the payment schedule's five numbers, checked with the
 * shared schema the server uses, with the defaults beside them and a live example worked by the shared
 * `paymentSchedule`. Saving applies to bookings not yet paid or confirmed (the others keep their own) and changes
 * the published terms with it.
 * Below it the daily capacity and the dates with their own settings (docs/product.md#calendar-screens), then GST.
 */
export function SettingsTab() {
  const settings = trpc.admin.settings.paymentRules.useQuery();
  return (
    <Stack gap="6">
      <SectionCard
        title="Payment schedule"
        description={
          'The booking amount that confirms a booking, the advance and the balance: ' +
          'what every order asks for, what the reminders name and what the published terms state. ' +
          'A booking already paid or confirmed keeps the schedule it was taken under.'
        }
      >
        <QueryContent
          query={settings}
          loadingLabel="Loading the payment schedule"
          errorMessage="Failed to load the payment schedule"
        >
          {(data) => <PaymentRulesForm settings={data} />}
        </QueryContent>
      </SectionCard>
      <CapacitySettingsCard />
      <GstSettingsCard />
    </Stack>
  );
}
