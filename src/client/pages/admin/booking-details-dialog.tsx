import { Box, Button, Field, Flex, Heading, Link, NativeSelect, Separator, Stack, Text } from '@chakra-ui/react';
import { ClipboardList, PencilLine, UserPlus } from 'lucide-react';
import { Link as RouterLink } from 'wouter';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { statusDateRefusal } from '../../../shared/booking-rules';
import {
  BOOKING_TRANSITIONS,
  QUOTABLE_STATUSES,
  REPRICEABLE_STATUSES,
  statusAllowsPrice,
  type BookingStatus,
} from '../../../shared/domain';
import { formatInr } from '../../../shared/money';
import type { RefundPreviewDto } from '../../../shared/schemas/account';
import type { AdminBookingDto } from '../../../shared/schemas/admin';
import { AppDialog } from '../../components/app-dialog';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { serverDetail } from '../../lib/errors';
import { eventTypeLabel } from '../../lib/event-types';
import { trpc } from '../../lib/trpc';
import { eventDateText, plural } from './admin-format';
import { useReloadDashboard } from './admin-queries';
import { BookingGstPanel } from './booking-gst-panel';
import { BookingMenuPanel } from './booking-menu-panel';
import { BookingPaymentsPanel } from './booking-payments-panel';
import { BookingMessagesPanel } from './booking-messages-panel';
import { BookingProjectPanel } from './booking-project-panel';
import { QuotationForm, QuotationSummary } from './quotation-form';
import { canAssign } from './bookings-table';
import { DetailItem, DetailList } from './detail-list';
import { canEditDetails, EditDetailsForm, SavedDetailsNote } from './edit-details-form';
import { BookingStatusBadge, bookingStatusLabel } from './status-badges';
import { useLastDefined } from './use-last-defined';
import { touchTarget } from '../../touch-targets';

function sentenceCase(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * Why the admin may not pick a move now, or null: a priced status needs a price, and in progress and completed
 * wait for the event day (docs/product.md#booking-statuses), the server's own rules.
 */
function moveBlocked(booking: AdminBookingDto, to: BookingStatus): string | null {
  if (!statusAllowsPrice(to, booking.final_amount)) return 'send a quote first: no price yet';
  return statusDateRefusal(to, booking.event_date)?.hint ?? null;
}

/**
 * What the cancel confirmation says is owed back. An admin cancelling is the company cancelling: everything paid
 * is refunded, deposit included (docs/product.md#refunds). The figures are the server's `refundFor`, the refund the
 * cancellation records; until the booking's own answer arrives, the rule alone. Its `amount_paid` is what the
 * booking holds (paid less anything already owed back, docs/product.md#payments), not the paid total, so the
 * sentence names it as held: after a guest cut it would otherwise understate what the customer paid.
 */
function cancellationRefundText(refund: RefundPreviewDto | null | undefined): string {
  if (!refund) return 'Cancelled by us, everything paid so far is refunded.';
  if (refund.amount_paid === 0) return 'Nothing is held on this booking, so no further refund is owed.';
  return (
    `${refund.band_label}. The booking holds ${formatInr(refund.amount_paid)} ` +
    `(what was paid less anything already owed back); refund owed ${formatInr(refund.refund_amount)}.`
  );
}

/**
 * The status control: only the moves the shared state machine allows (docs/product.md#booking-statuses) are
 * offered, those the price or the event day forbid disabled with the reason; cancelling asks first, because it
 * cannot be undone.
 */
function StatusChange({ booking }: { booking: AdminBookingDto }) {
  const moves = BOOKING_TRANSITIONS[booking.status];
  const [state, setState] = useState<{ id: string; from: BookingStatus; to: BookingStatus | '' }>({
    id: '',
    from: booking.status,
    to: '',
  });
  const next = state.id === booking.id && state.from === booking.status ? state.to : '';
  const [confirming, setConfirming] = useState(false);
  const reload = useReloadDashboard();
  const setStatus = trpc.admin.bookings.setStatus.useMutation();

  if (moves.length === 0) {
    return (
      <Text fontSize="sm" color="fg.muted">
        A {bookingStatusLabel(booking.status)} booking cannot change status.
      </Text>
    );
  }

  function apply(to: BookingStatus) {
    setStatus.mutate(
      { id: booking.id, status: to },
      {
        onSuccess: (result) => {
          toast.success(result.message);
          setConfirming(false);
          setState({ id: booking.id, from: result.booking.status, to: '' });
          void reload();
        },
        onError: (error) => {
          setConfirming(false);
          toast.error(serverDetail(error) ?? 'Failed to update the booking status');
        },
      },
    );
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!next || setStatus.isPending) return;
    if (next === 'cancelled') setConfirming(true);
    else apply(next);
  }

  return (
    <form onSubmit={submit} aria-label="Booking status">
      <Flex gap="3" align="flex-end" direction={{ base: 'column', sm: 'row' }}>
        <Field.Root flex="1" w="full">
          <Field.Label>Change status</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field
              bg="bg.panel"
              value={next}
              onChange={(event) =>
                setState({ id: booking.id, from: booking.status, to: event.target.value as BookingStatus | '' })
              }
            >
              <option value="">Choose the next status</option>
              {moves.map((status) => {
                const blocked = moveBlocked(booking, status);
                return (
                  <option key={status} value={status} disabled={blocked !== null}>
                    {sentenceCase(bookingStatusLabel(status))}
                    {blocked === null ? '' : ` (${blocked})`}
                  </option>
                );
              })}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Button
          type="submit"
          size="sm"
          variant="outline"
          colorPalette="accent"
          disabled={!next}
          loading={setStatus.isPending && !confirming}
          w={{ base: 'full', sm: 'auto' }}
        >
          Update status
        </Button>
      </Flex>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        onConfirm={() => apply('cancelled')}
        title="Cancel this booking?"
        description={
          `${booking.event_name} for ${booking.client_name} will be marked cancelled. This cannot be undone. ` +
          cancellationRefundText(booking.cancellation_refund)
        }
        confirmLabel="Cancel booking"
        cancelLabel="Keep booking"
        tone="danger"
        loading={setStatus.isPending}
      />
    </form>
  );
}

/** The details, or the "Edit details" form in their place (docs/product.md#staff-bookings). */
function EditableDetails({ booking }: { booking: AdminBookingDto }) {
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  if (editing) {
    return (
      <Box>
        <Heading as="h3" fontSize="md" color="accent.900" mb="3">
          Edit details
        </Heading>
        <EditDetailsForm
          booking={booking}
          onDone={(result) => {
            setEditing(false);
            setSaved(result ? result.updated_at : null);
          }}
        />
      </Box>
    );
  }
  return (
    <Stack gap="3">
      {canEditDetails(booking) && (
        <Flex justify="flex-end">
          <Button size="sm" variant="outline" colorPalette="accent" onClick={() => setEditing(true)}>
            <PencilLine aria-hidden="true" />
            Edit details
          </Button>
        </Flex>
      )}
      {saved !== null && saved === booking.updated_at && <SavedDetailsNote booking={booking} />}
      <DetailsList booking={booking} />
    </Stack>
  );
}

function DetailsList({ booking }: { booking: AdminBookingDto }) {
  const venue = [booking.venue_name, booking.venue_address].filter(Boolean).join(', ');
  return (
    <DetailList>
      <DetailItem label="Event Name">{booking.event_name}</DetailItem>
      <DetailItem label="Event Type">{eventTypeLabel(booking.event_type)}</DetailItem>
      <DetailItem label="Client Name">{booking.client_name}</DetailItem>
      <DetailItem label="Email">
        <Link href={`mailto:${booking.client_email}`} color="accent.700" wordBreak="break-all" css={touchTarget}>
          {booking.client_email}
        </Link>
      </DetailItem>
      <DetailItem label="Phone">
        {booking.client_phone ? (
          <Link href={`tel:${booking.client_phone}`} color="accent.700" css={touchTarget}>
            {booking.client_phone}
          </Link>
        ) : (
          'Not given'
        )}
      </DetailItem>
      <DetailItem label="Event Date">
        {eventDateText(booking.event_date)}
        {booking.original_event_date && booking.original_event_date !== booking.event_date && (
          <Text as="span" color="fg.muted">
            {' '}
            (moved from {eventDateText(booking.original_event_date)})
          </Text>
        )}
      </DetailItem>
      <DetailItem label="Guest Count">{plural(booking.requirements.guest_count, 'guest')}</DetailItem>
      <DetailItem label="Status">
        <BookingStatusBadge status={booking.status} />
      </DetailItem>
      {booking.pricing_tier && <DetailItem label="Package">{sentenceCase(booking.pricing_tier)}</DetailItem>}
      {booking.final_amount !== null && <DetailItem label="Quoted Total">{formatInr(booking.final_amount)}</DetailItem>}
      {venue && <DetailItem label="Venue">{venue}</DetailItem>}
      {booking.notes && (
        <DetailItem label="Notes">
          <Text whiteSpace="pre-wrap">{booking.notes}</Text>
        </DetailItem>
      )}
      {booking.event_time && <DetailItem label="Event Time">{booking.event_time}</DetailItem>}
      {booking.requirements.special_requests && (
        <DetailItem label="Special Requests">
          <Text whiteSpace="pre-wrap">{booking.requirements.special_requests}</Text>
        </DetailItem>
      )}
    </DetailList>
  );
}

function BookingDetails({ booking }: { booking: AdminBookingDto }) {
  // The menu's add-ons are on the bill beside a custom quote's lines (docs/product.md#menus); an inquiry has no menu.
  // The same query as the menu panel's below, so it is fetched once.
  const hasMenu = booking.status !== 'inquiry';
  const menu = trpc.admin.menus.bookingMenu.useQuery({ id: booking.id }, { enabled: hasMenu });
  const addOns = !hasMenu ? [] : menu.isError ? [] : (menu.data?.add_ons ?? null);
  return (
    <Stack gap="6">
      <EditableDetails key={booking.id} booking={booking} />
      {booking.quotation && <QuotationSummary quotation={booking.quotation} addOns={addOns} />}
      <StatusChange booking={booking} />
      {(QUOTABLE_STATUSES.includes(booking.status) || REPRICEABLE_STATUSES.includes(booking.status)) && (
        <>
          <Separator borderColor="border.muted" />
          <QuotationForm key={`${booking.id}:${booking.updated_at}`} booking={booking} addOns={addOns} />
        </>
      )}
      {/* An inquiry has no price yet: its menu is chosen once it is quoted (docs/product.md#menus). */}
      {booking.status !== 'inquiry' && (
        <>
          <Separator borderColor="border.muted" />
          <Box>
            <Heading as="h3" fontSize="md" color="accent.900" mb="3">
              Menu
            </Heading>
            <BookingMenuPanel bookingId={booking.id} />
          </Box>
        </>
      )}
      {booking.status !== 'inquiry' && (
        <>
          <Separator borderColor="border.muted" />
          <Box>
            <Heading as="h3" fontSize="md" color="accent.900" mb="3">
              Payments
            </Heading>
            <BookingPaymentsPanel key={`${booking.id}:${booking.updated_at}`} bookingId={booking.id} />
          </Box>
          <Separator borderColor="border.muted" />
          <Box>
            <Heading as="h3" fontSize="md" color="accent.900" mb="3">
              GST details and documents
            </Heading>
            <BookingGstPanel key={`gst:${booking.id}:${booking.updated_at}`} bookingId={booking.id} />
          </Box>
        </>
      )}
      <Separator borderColor="border.muted" />
      <Box>
        <Heading as="h3" fontSize="md" color="accent.900" mb="3">
          Suppliers and quotes
        </Heading>
        <BookingProjectPanel bookingId={booking.id} />
      </Box>
      <Separator borderColor="border.muted" />
      <Box>
        <Heading as="h3" fontSize="md" color="accent.900" mb="3">
          Messages
        </Heading>
        <BookingMessagesPanel key={`${booking.id}:${booking.updated_at}`} booking={booking} />
      </Box>
    </Stack>
  );
}

type BookingDetailsDialogProps = {
  booking: AdminBookingDto | null;
  onClose(): void;
  onAssign(booking: AdminBookingDto): void;
};

/** docs/product.md#screens "Booking Details", with the status control and the project panel and 5. */
export function BookingDetailsDialog({ booking, onClose, onAssign }: BookingDetailsDialogProps) {
  const shown = useLastDefined(booking);
  // The list row opens the dialog at once; the fresh record replaces it (and follows status changes).
  const fresh = trpc.admin.bookings.get.useQuery({ id: shown?.id ?? '' }, { enabled: booking !== null });
  const current = fresh.data?.id === shown?.id ? fresh.data : shown;

  return (
    <AppDialog
      open={booking !== null}
      onClose={onClose}
      title="Booking Details"
      description={current ? `${current.event_name} · ${current.client_name}` : undefined}
      size="xl"
      footer={
        <>
          <Button variant="ghost" colorPalette="accent" onClick={onClose}>
            Close
          </Button>
          {current && (
            <Button asChild variant="outline" colorPalette="accent" rounded="full" px="5">
              <RouterLink href={`/admin/event-orders/${current.id}`}>
                <ClipboardList aria-hidden="true" />
                Event order
              </RouterLink>
            </Button>
          )}
          <Button
            rounded="full"
            px="5"
            disabled={!current || !canAssign(current)}
            onClick={() => current && onAssign(current)}
          >
            <UserPlus aria-hidden="true" />
            Assign Supplier
          </Button>
        </>
      }
    >
      {current && <BookingDetails booking={current} />}
    </AppDialog>
  );
}
