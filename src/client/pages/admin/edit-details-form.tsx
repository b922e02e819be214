import { Alert, Button, Flex, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { formatInr } from '../../../shared/money';
import { MAX_GUESTS, MIN_GUESTS } from '../../../shared/pricing';
import { VENUE_NAME_MAX_LENGTH } from '../../../shared/quote-limits';
import type { AdminBookingDto } from '../../../shared/schemas/admin';
import { eventDetailsFieldsSchema } from '../../../shared/schemas/calendar';
import { TextareaField } from '../../components/textarea-field';
import { TextField } from '../../components/text-field';
import { typedGuestCount } from '../book/quote-fields';
import { httpStatusOf, serverDetail } from '../../lib/errors';
import { focusFirstInvalid } from '../../lib/form-errors';
import { trpc } from '../../lib/trpc';
import { useReloadDashboard } from './admin-queries';
import { firstIssuePerField, type FieldErrors } from './use-form-fields';

/** The statuses whose event details can no longer change (docs/product.md#staff-bookings). */
const CLOSED_STATUSES: readonly AdminBookingDto['status'][] = ['cancelled', 'completed'];

export function canEditDetails(booking: AdminBookingDto): boolean {
  return !CLOSED_STATUSES.includes(booking.status);
}

type Draft = { guest_count: string; venue_name: string; venue_address: string; event_time: string; notes: string };
type DraftField = keyof Draft;

function draftOf(booking: AdminBookingDto): Draft {
  return {
    guest_count: String(booking.requirements.guest_count ?? ''),
    venue_name: booking.venue_name ?? '',
    venue_address: booking.venue_address ?? '',
    event_time: booking.event_time ?? '',
    notes: booking.notes ?? '',
  };
}

/** Only what the admin changed is sent (docs/api.md PATCH details); an emptied text clears it. */
function changesOf(booking: AdminBookingDto, draft: Draft): Record<string, unknown> {
  const before = draftOf(booking);
  const changes: Record<string, unknown> = {};
  if (draft.guest_count.trim() !== before.guest_count) changes.guest_count = typedGuestCount(draft.guest_count);
  for (const field of ['venue_name', 'venue_address', 'event_time', 'notes'] as const) {
    if (draft[field].trim() !== before[field].trim()) changes[field] = draft[field].trim() === '' ? null : draft[field];
  }
  return changes;
}

/** The server's field for a 422 (`loc: ['input', 'guest_count']`), when it named one of this form's. */
function serverField(error: unknown): DraftField | null {
  const issues = (error as { data?: { issues?: { loc?: unknown[] }[] } } | null)?.data?.issues;
  const field = issues?.[0]?.loc?.at(-1);
  return typeof field === 'string' &&
    ['guest_count', 'venue_name', 'venue_address', 'event_time', 'notes'].includes(field)
    ? (field as DraftField)
    : null;
}

type EditDetailsFormProps = {
  booking: AdminBookingDto;
  onDone(saved: AdminBookingDto | null): void;
};

/**
 * "Edit details" in Booking Details (docs/product.md#staff-bookings): guests, venue, venue address, time and notes.
 * Checked with the shared schema before sending; the server re-derives the price and due amounts and tells the
 * customer and the suppliers. A 409 (cancelled, nothing changed, guests that do not fit the day) is shown at the
 * guest count.
 */
export function EditDetailsForm({ booking, onDone }: EditDetailsFormProps) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(booking));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const reload = useReloadDashboard();
  const utils = trpc.useUtils();
  const update = trpc.admin.bookings.updateDetails.useMutation();

  function set(field: DraftField, value: string) {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
    setFormError(null);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (update.isPending) return;
    const form = event.currentTarget;
    const changes = changesOf(booking, draft);
    if (Object.keys(changes).length === 0) {
      setFormError('Change at least one detail');
      return;
    }
    const parsed = eventDetailsFieldsSchema.safeParse(changes);
    if (!parsed.success) {
      const found = firstIssuePerField(parsed.error);
      setErrors(found);
      focusFirstInvalid(form, found);
      return;
    }
    update.mutate(
      { id: booking.id, ...parsed.data },
      {
        onSuccess(result) {
          toast.success(result.message);
          utils.admin.bookings.get.setData({ id: booking.id }, result.booking);
          void reload();
          onDone(result.booking);
        },
        onError(failure) {
          const message = serverDetail(failure) ?? 'The details could not be saved. Please try again.';
          const field =
            serverField(failure) ?? (httpStatusOf(failure) === 409 && 'guest_count' in changes ? 'guest_count' : null);
          if (field) {
            setErrors({ [field]: message });
            focusFirstInvalid(form, { [field]: message });
          } else setFormError(message);
        },
      },
    );
  }

  const field = (name: DraftField) => ({
    name,
    value: draft[name],
    onValueChange: (value: string) => set(name, value),
    error: errors[name],
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Edit details">
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <TextField
            {...field('guest_count')}
            label="Guest Count"
            type="number"
            inputMode="numeric"
            min={MIN_GUESTS}
            max={MAX_GUESTS}
            step={1}
            required
            helperText="A new count re-prices the booking by the rule that priced it."
          />
          <TextField {...field('event_time')} label="Event Time" placeholder="e.g. 7:30 PM" maxLength={50} />
          <TextField {...field('venue_name')} label="Venue Name" maxLength={VENUE_NAME_MAX_LENGTH} />
          <TextField {...field('venue_address')} label="Venue Address" maxLength={500} />
        </SimpleGrid>
        <TextareaField {...field('notes')} label="Notes" maxLength={2000} rows={3} />
        {formError && (
          <Text role="alert" color="fg.error" textStyle="sm">
            {formError}
          </Text>
        )}
        <Flex gap="3" justify="flex-end" direction={{ base: 'column-reverse', sm: 'row' }}>
          <Button type="button" variant="ghost" colorPalette="accent" onClick={() => onDone(null)}>
            Discard changes
          </Button>
          <Button type="submit" rounded="full" px="5" loading={update.isPending}>
            Save details
          </Button>
        </Flex>
      </Stack>
    </form>
  );
}

/** What the save changed, shown under the details once it is done: the server's re-derived total. */
export function SavedDetailsNote({ booking }: { booking: AdminBookingDto }) {
  return (
    <Alert.Root status="success" variant="subtle" rounded="md">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>Details saved</Alert.Title>
        <Alert.Description>
          {booking.final_amount === null
            ? 'This booking has no price yet.'
            : `Quoted total now ${formatInr(booking.final_amount)}; the due amounts under Payments follow it.`}
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
