import { Button, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { formatLongDate, todayInIndia } from '../../../shared/dates';
import { addMonths, checkDateChange, DATE_CHANGE_RULE, DATE_CHANGE_WINDOW_MONTHS } from '../../../shared/refund-policy';
import type { CustomerBookingDto } from '../../../shared/schemas/account';
import { AppDialog } from '../../components/app-dialog';
import { EventDateField } from '../../components/event-date-field';
import { httpStatusOf, nextFreeDates, serverDetail } from '../../lib/errors';
import { useSingleFlight } from '../../lib/single-flight';
import { NextFreeDates } from '../../components/next-free-dates';
import { trpc } from '../../lib/trpc';
import { refreshBooking } from './refresh-booking';

type ChangeDateDialogProps = {
  booking: CustomerBookingDto & { original_event_date?: string | null };
  open: boolean;
  onClose(): void;
  /** A date to start from (a full day's next free date the customer picked); they still confirm the change. */
  proposedDate?: string;
};

/** The server's message for the `new_date` field, when it named that field (422). */
function newDateIssue(error: unknown): string | null {
  const issues = (error as { data?: { issues?: { loc?: unknown[]; msg?: unknown }[] } } | null)?.data?.issues;
  const issue = issues?.find((item) => item.loc?.includes('new_date'));
  return typeof issue?.msg === 'string' ? issue.msg : null;
}

/**
 * The one date change a booking allows (docs/product.md#date-changes). The calendar only offers dates the rule
 * allows; the shared `checkDateChange` (the server's own check) explains any refusal before the request is made.
 */
export function ChangeDateDialog({ booking, open, onClose, proposedDate }: ChangeDateDialogProps) {
  const utils = trpc.useUtils();
  const [newDate, setNewDate] = useState('');
  useEffect(() => {
    if (open && proposedDate) setNewDate(proposedDate);
  }, [open, proposedDate]);
  const [error, setError] = useState<string | undefined>();
  // A full or closed day's next free dates (docs/product.md#calendar), offered until another date is chosen.
  const [freeDates, setFreeDates] = useState<string[]>([]);
  // A typed date the field refused (event-date-field.tsx): shown there, and nothing is sent while it stands.
  const [typedProblem, setTypedProblem] = useState<string | undefined>();
  const today = todayInIndia();
  const original = booking.original_event_date ?? booking.event_date ?? today;
  const latest = addMonths(original, DATE_CHANGE_WINDOW_MONTHS);

  const change = trpc.bookings.changeDate.useMutation({
    onSuccess: (result) => {
      toast.success(`Event date changed to ${formatLongDate(result.booking.event_date ?? newDate)}`);
      refreshBooking(utils, booking.id);
      close();
    },
    onError: (failure) => {
      const field = newDateIssue(failure);
      const free = nextFreeDates(failure);
      setFreeDates(free);
      if (free.length > 0) setError(serverDetail(failure) ?? 'This date is full.');
      else if (field) setError(field);
      else {
        toast.error(serverDetail(failure) ?? 'The date could not be changed. Please try again.');
        // Changed or cancelled meanwhile (another tab, the team): the page shows what is true now.
        if (httpStatusOf(failure) === 409) {
          refreshBooking(utils, booking.id);
          close();
        }
      }
    },
  });
  const once = useSingleFlight();

  function close() {
    setNewDate('');
    setError(undefined);
    setFreeDates([]);
    setTypedProblem(undefined);
    onClose();
  }

  function submit() {
    if (typedProblem) {
      document.querySelector<HTMLInputElement>('input[name="new_date"]')?.focus();
      return;
    }
    const check = checkDateChange({
      eventDate: booking.event_date,
      originalEventDate: booking.original_event_date ?? null,
      alreadyChanged: booking.date_changed,
      newDate,
      today,
    });
    if (!check.ok) {
      setError(newDate === '' ? 'Choose the new event date.' : check.reason);
      return;
    }
    setError(undefined);
    once((done) => change.mutate({ id: booking.id, new_date: newDate }, { onSettled: done }));
  }

  return (
    <AppDialog
      open={open}
      onClose={close}
      title="Change the event date"
      description={
        `${booking.event_name} · now on ` + `${booking.event_date ? formatLongDate(booking.event_date) : 'no date'}`
      }
      size="md"
      footer={
        <>
          <Button variant="ghost" colorPalette="accent" onClick={close}>
            Keep current date
          </Button>
          <Button rounded="full" px="5" loading={change.isPending} onClick={submit}>
            Change date
          </Button>
        </>
      }
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="4">
          <Text fontSize="sm" color="fg.muted">
            {DATE_CHANGE_RULE}
          </Text>
          <EventDateField
            label="New event date"
            name="new_date"
            value={newDate}
            onValueChange={(value) => {
              setNewDate(value);
              setError(undefined);
              setFreeDates([]);
            }}
            min={today}
            max={latest}
            error={error}
            onTypedProblemChange={setTypedProblem}
            emptyHint={`Choose a date up to ${formatLongDate(latest)}.`}
            availability={{ guests: booking.guest_count ?? undefined }}
          />
          <NextFreeDates
            dates={freeDates.filter((date) => date <= latest)}
            onChoose={(date) => {
              setNewDate(date);
              setError(undefined);
              setFreeDates([]);
            }}
          />
        </Stack>
      </form>
    </AppDialog>
  );
}
