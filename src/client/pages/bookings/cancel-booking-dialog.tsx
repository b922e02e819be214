import { Box, Button, HStack, Link as ChakraLink, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useRef } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'wouter';
import { refundBandDate } from '../../../shared/booking-rules';
import { formatLongDate, todayInIndia } from '../../../shared/dates';
import { formatInr, formatSignedInr } from '../../../shared/money';
import { daysBetween } from '../../../shared/refund-policy';
import type { CustomerBookingDto, RefundPreviewDto } from '../../../shared/schemas/account';
import { AppDialog } from '../../components/app-dialog';
import { httpStatusOf, serverDetail } from '../../lib/errors';
import { useSingleFlight } from '../../lib/single-flight';
import { trpc } from '../../lib/trpc';
import { refreshBooking } from './refresh-booking';

type CancelBookingDialogProps = {
  booking: CustomerBookingDto & { original_event_date?: string | null };
  open: boolean;
  onClose(): void;
};

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <HStack
      justify="space-between"
      gap="4"
      py="2"
      borderBottomWidth="1px"
      borderColor="border.muted"
      _last={{ borderBottomWidth: 0 }}
    >
      <Text as="dt" color={strong ? 'fg' : 'fg.muted'} fontWeight={strong ? 'semibold' : 'normal'}>
        {label}
      </Text>
      <Text
        as="dd"
        fontWeight="semibold"
        textAlign="end"
        // An amount, its minus sign included, never breaks across lines.
        whiteSpace="nowrap"
        fontSize={strong ? 'lg' : undefined}
        color={strong ? 'accent.900' : undefined}
      >
        {value}
      </Text>
    </HStack>
  );
}

/** The booking's event date and, once the customer moved it, its first one. */
type EventDates = { eventDate: string | null; originalEventDate?: string | null };

function daysAway(days: number): string {
  return `${days} ${days === 1 ? 'day' : 'days'} away`;
}

/**
 * When the event is, and the day the refund band is counted from. After a date change the band counts from the
 * earlier of the first and the current date (docs/product.md#refunds): a booking moved later is told its event's
 * own day, then that its refund counts from the first one (`days_before` is the server's count to that day).
 */
function eventTimingText(preview: RefundPreviewDto, { eventDate, originalEventDate = null }: EventDates): string {
  const days = preview.days_before;
  if (eventDate === null) return 'Your booking has no event date yet, so it counts as far away.';
  const bandDate = refundBandDate(eventDate, originalEventDate) ?? eventDate;
  if (bandDate === eventDate) {
    return days > 0 ? `Your event is ${daysAway(days)} (India time).` : 'Your event date has arrived.';
  }
  return (
    `Your event is on ${formatLongDate(eventDate)}, ${daysAway(daysBetween(todayInIndia(), eventDate))} ` +
    `(India time). As its date was changed, the refund is counted from the original date, ` +
    `${formatLongDate(bandDate)} (${days > 0 ? daysAway(days) : 'already passed'}), the earlier of the two.`
  );
}

/** The refund as the terms compute it for today, line by line (the same figures the server records). */
export function RefundBreakdown({ preview, dates }: { preview: RefundPreviewDto; dates: EventDates }) {
  return (
    <Stack gap="3">
      <Text>
        {eventTimingText(preview, dates)} {preview.band_label}.
      </Text>
      <Box as="dl" borderWidth="1px" borderColor="border" rounded="lg" px="4" py="1">
        {preview.total !== null && <Row label="Booking total" value={formatInr(preview.total)} />}
        <Row label="Paid so far" value={formatInr(preview.amount_paid)} />
        {preview.deposit_held > 0 && (
          <Row label="Deposit kept (25%, non-refundable)" value={formatSignedInr(-preview.deposit_held)} />
        )}
        {preview.refundable_base > 0 && (
          <Row label={`Refundable share (${preview.refund_percent}%)`} value={formatInr(preview.refund_amount)} />
        )}
        <Row label="Refund to you" value={formatInr(preview.refund_amount)} strong />
      </Box>
      {preview.amount_paid === 0 && (
        <Text color="fg.muted" fontSize="sm">
          Nothing has been paid for this booking, so there is nothing to refund.
        </Text>
      )}
      {preview.amount_paid > 0 && preview.refund_amount === 0 && preview.deposit_held > 0 && (
        <Text color="fg.muted" fontSize="sm">
          What you have paid so far is within the 25% deposit, which is not refundable.
        </Text>
      )}
      {/* What the same terms give on the whole total, so a customer who paid part of it sees the rule at full size. */}
      {preview.policy_refund_on_total !== null &&
        preview.total !== null &&
        preview.amount_paid < preview.total &&
        preview.cancelled_by === 'customer' && (
          <Text color="fg.muted" fontSize="sm">
            Had the whole total of {formatInr(preview.total)} been paid, these terms would refund{' '}
            {formatInr(preview.policy_refund_on_total)}.
          </Text>
        )}
    </Stack>
  );
}

/**
 * Cancelling from My Bookings. The dialog first shows the refund the terms give today (docs/product.md#refunds,
 * days counted in India time); the customer confirms with the figure in front of them.
 */
export function CancelBookingDialog({ booking, open, onClose }: CancelBookingDialogProps) {
  const utils = trpc.useUtils();
  const keep = useRef<HTMLButtonElement>(null);
  const preview = trpc.bookings.refundPreview.useQuery(
    { id: booking.id },
    { enabled: open, staleTime: 0, retry: false },
  );
  const cancel = trpc.bookings.cancel.useMutation({
    onSuccess: (result) => {
      const refund = result.refund.refund_amount;
      toast.success(refund > 0 ? `Booking cancelled. Refund due: ${formatInr(refund)}` : 'Booking cancelled');
      refreshBooking(utils, booking.id);
      onClose();
    },
    onError: (error) => {
      toast.error(serverDetail(error) ?? 'The booking could not be cancelled. Please try again.');
      // Cancelled meanwhile (another tab, the team): the page shows what is true now.
      if (httpStatusOf(error) === 409) {
        refreshBooking(utils, booking.id);
        onClose();
      }
    },
  });
  const once = useSingleFlight();

  return (
    <AppDialog
      open={open}
      onClose={onClose}
      title="Cancel this booking?"
      description={`${booking.event_name} · ${booking.reference}`}
      role="alertdialog"
      size="md"
      initialFocusEl={() => keep.current}
      footer={
        <>
          <Button variant="ghost" colorPalette="accent" onClick={onClose} ref={keep}>
            Keep booking
          </Button>
          <Button
            colorPalette="red"
            rounded="full"
            px="5"
            loading={cancel.isPending}
            disabled={!preview.data}
            onClick={() => once((done) => cancel.mutate({ id: booking.id }, { onSettled: done }))}
          >
            Cancel booking
          </Button>
        </>
      }
    >
      <Stack gap="4">
        {preview.isPending ? (
          <Stack gap="2" role="status" aria-label="Working out your refund">
            <Skeleton h="5" />
            <Skeleton h="24" />
          </Stack>
        ) : preview.isError ? (
          <Text color="fg.error" role="alert">
            {serverDetail(preview.error) ?? 'The refund could not be worked out. Please try again.'}
          </Text>
        ) : (
          <RefundBreakdown
            preview={preview.data}
            dates={{ eventDate: booking.event_date, originalEventDate: booking.original_event_date }}
          />
        )}
        <Text fontSize="sm" color="fg.muted">
          Cancelling cannot be undone. Refunds go to your original payment method within 10 to 15 business days. Read
          the{' '}
          <ChakraLink asChild color="accent.800">
            <Link href="/refund-policy">Return and Refund Policy</Link>
          </ChakraLink>
          .
        </Text>
      </Stack>
    </AppDialog>
  );
}
