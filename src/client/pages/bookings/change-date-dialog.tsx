import { Button, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { bookingMoney, instalmentLabel, toScheduleDto, type PaymentRules } from '../../../shared/booking-rules';
import { formatLongDate, todayInIndia } from '../../../shared/dates';
import { formatInr } from '../../../shared/money';
import { paiseToRupees, rupeesToPaise } from '../../../shared/pricing';
import { addMonths, checkDateChange, DATE_CHANGE_RULE, DATE_CHANGE_WINDOW_MONTHS } from '../../../shared/refund-policy';
import type { CustomerBookingDto, InstalmentDto } from '../../../shared/schemas/account';
import { AppDialog } from '../../components/app-dialog';
import { EventDateField } from '../../components/event-date-field';
import { httpStatusOf, nextFreeDates, serverDetail } from '../../lib/errors';
import { useSingleFlight } from '../../lib/single-flight';
import { NextFreeDates } from '../../components/next-free-dates';
import { usePaymentRules } from '../../lib/payment-rules';
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

/** Whether two schedules ask for the same instalments, amounts and due dates. */
function sameInstalments(a: InstalmentDto[], b: InstalmentDto[]): boolean {
  return (
    a.length === b.length &&
    a.every((row, index) => {
      const other = b[index]!;
      return (
        row.label === other.label &&
        row.amount === other.amount &&
        row.due_date === other.due_date &&
        row.outstanding === other.outstanding
      );
    })
  );
}

/** An instalment the move brings forward: what is left of it, and its due date before and after. */
type BroughtForward = { label: string; outstanding: number; due_date: string; was: string };

/**
 * What moving the event to `newDate` today brings forward (docs/product.md#payments): the shared `bookingMoney`
 * worked from the booking's figures for its date and for the new one, as the server derives the schedule after
 * the change (the balance 7 days before the event, the advance at once within 30 days, nothing brought before the
 * day of the change). Null when the schedule worked here is not the one the server sent: the booking keeps numbers
 * other than the published ones, or a price rise split an instalment, and no figure is better than a wrong one.
 */
function broughtForward(
  booking: CustomerBookingDto,
  newDate: string,
  rules: PaymentRules,
  today: string,
): BroughtForward[] | null {
  if (booking.event_date === null || booking.total === null) return [];
  const figures = {
    status: booking.status,
    totalPaise: rupeesToPaise(booking.total),
    creditedPaise: rupeesToPaise(booking.credit_notes?.credited ?? 0),
    // A confirmed booking's schedule starts with the booking amount, due on the day it was confirmed.
    confirmedOn: booking.status === 'quoted' ? null : (booking.schedule.instalments[0]?.due_date ?? null),
    heldPaise: rupeesToPaise(booking.payment.amount_paid) - rupeesToPaise(booking.payment.refunded),
    rules,
    today,
  };
  const now = bookingMoney({ ...figures, eventDate: booking.event_date });
  if (!sameInstalments(toScheduleDto(now).instalments, booking.schedule.instalments)) return null;
  const moved = bookingMoney({
    ...figures,
    eventDate: newDate,
    dateChange: { fromEventDate: booking.event_date, on: today },
  });
  return moved.instalments.flatMap((row) => {
    const was = now.instalments.find((before) => before.kind === row.kind)?.due_date;
    if (row.outstanding_paise <= 0 || was === undefined || row.due_date >= was) return [];
    return [
      { label: instalmentLabel(row), outstanding: paiseToRupees(row.outstanding_paise), due_date: row.due_date, was },
    ];
  });
}

/** "The balance of ₹2,21,250 would be due at once." / "... would be due by March 5th, 2027 instead of ...". */
function broughtForwardText(row: BroughtForward, today: string): string {
  const when =
    row.due_date <= today ? 'at once' : `by ${formatLongDate(row.due_date)} instead of ${formatLongDate(row.was)}`;
  return `The ${row.label.toLowerCase()} of ${formatInr(row.outstanding)} would be due ${when}.`;
}

/**
 * Before the customer confirms, what the new date does to what is due: each instalment it brings forward, due at
 * once or by its new date; when the figures cannot be worked here, that an earlier date may bring payments forward.
 */
function DueDateNote({ booking, newDate, today }: { booking: CustomerBookingDto; newDate: string; today: string }) {
  const rules = usePaymentRules();
  const rows = broughtForward(booking, newDate, rules, today);
  const earlierWithMoneyDue =
    booking.event_date !== null && newDate < booking.event_date && booking.schedule.outstanding > 0;
  if (rows === null ? !earlierWithMoneyDue : rows.length === 0) return null;
  return (
    <Stack role="status" gap="1" fontSize="sm" color="orange.800" bg="orange.50" rounded="md" px="3" py="2">
      {rows === null ? (
        <Text>
          An earlier date may bring your advance or balance forward; your payments show the new due dates once the date
          is changed.
        </Text>
      ) : (
        rows.map((row) => <Text key={row.label}>{broughtForwardText(row, today)}</Text>)
      )}
    </Stack>
  );
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
  const allowed =
    newDate !== '' &&
    !typedProblem &&
    checkDateChange({
      eventDate: booking.event_date,
      originalEventDate: booking.original_event_date ?? null,
      alreadyChanged: booking.date_changed,
      newDate,
      today,
    }).ok;

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
          {allowed && <DueDateNote booking={booking} newDate={newDate} today={today} />}
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
