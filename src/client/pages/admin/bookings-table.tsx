import { Button, HStack, Table, Text } from '@chakra-ui/react';
import { Eye, UserPlus } from 'lucide-react';
import type { AdminBookingDto } from '../../../shared/schemas/admin';
import { eventTypeLabel } from '../../lib/event-types';
import { eventDateText, plural } from './admin-format';
import { TableFrame } from './section-card';
import { BookingStatusBadge } from './status-badges';

/** Bookings that can still be put out to suppliers (the server refuses cancelled and completed ones). */
export function canAssign(booking: Pick<AdminBookingDto, 'status'>): boolean {
  return booking.status !== 'cancelled' && booking.status !== 'completed';
}

type BookingsTableProps = {
  label: string;
  bookings: readonly AdminBookingDto[];
  onView(booking: AdminBookingDto): void;
  onAssign(booking: AdminBookingDto): void;
};

/**
 * docs/product.md#screens, Bookings tab: Event Details, Client, Date & Guests, Status, Actions (View, Assign Supplier).
 */
export function BookingsTable({ label, bookings, onView, onAssign }: BookingsTableProps) {
  return (
    <TableFrame label={label} stackBelow="lg">
      <Table.Header>
        <Table.Row bg="bg.subtle">
          <Table.ColumnHeader>Event Details</Table.ColumnHeader>
          <Table.ColumnHeader>Client</Table.ColumnHeader>
          <Table.ColumnHeader>Date &amp; Guests</Table.ColumnHeader>
          <Table.ColumnHeader>Status</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Actions</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body role="rowgroup">
        {bookings.map((booking) => (
          <Table.Row role="row" key={booking.id}>
            <Table.Cell role="cell" minW="44">
              <Text fontWeight="semibold" color="fg">
                {booking.event_name}
              </Text>
              <Text fontSize="xs" color="fg.muted">
                {eventTypeLabel(booking.event_type)}
              </Text>
            </Table.Cell>
            <Table.Cell role="cell" minW="44">
              <Text>{booking.client_name}</Text>
              <Text fontSize="xs" color="fg.muted" wordBreak="break-all">
                {booking.client_email}
              </Text>
            </Table.Cell>
            <Table.Cell role="cell" minW="36">
              <Text whiteSpace="nowrap">{eventDateText(booking.event_date)}</Text>
              <Text fontSize="xs" color="fg.muted">
                {plural(booking.requirements.guest_count, 'guest')}
              </Text>
            </Table.Cell>
            <Table.Cell role="cell">
              <BookingStatusBadge status={booking.status} />
            </Table.Cell>
            <Table.Cell role="cell" textAlign="end" data-actions="">
              <HStack gap="2" justify="flex-end">
                <Button
                  size="xs"
                  variant="outline"
                  colorPalette="accent"
                  onClick={() => onView(booking)}
                  aria-label={`View ${booking.event_name}`}
                >
                  <Eye aria-hidden="true" />
                  View
                </Button>
                <Button
                  size="xs"
                  onClick={() => onAssign(booking)}
                  disabled={!canAssign(booking)}
                  title={canAssign(booking) ? undefined : `A ${booking.status} booking cannot be assigned`}
                  aria-label={`Assign Supplier to ${booking.event_name}`}
                  whiteSpace="nowrap"
                >
                  <UserPlus aria-hidden="true" />
                  Assign Supplier
                </Button>
              </HStack>
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </TableFrame>
  );
}
