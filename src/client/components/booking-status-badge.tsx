import { Badge } from '@chakra-ui/react';
import { type BookingStatus, enumWords } from '../../shared/domain';

/**
 * docs/product.md#booking-statuses: inquiry yellow, quoted blue, confirmed green, in_progress purple, completed gray,
 * cancelled red.
 */
export const BOOKING_STATUS_PALETTE: Record<BookingStatus, string> = {
  inquiry: 'yellow',
  quoted: 'blue',
  confirmed: 'green',
  in_progress: 'purple',
  completed: 'gray',
  cancelled: 'red',
};

export function bookingStatusLabel(status: BookingStatus): string {
  return enumWords(status);
}

export function BookingStatusBadge({ status }: { status: BookingStatus }) {
  return (
    <Badge
      colorPalette={BOOKING_STATUS_PALETTE[status]}
      variant="subtle"
      textTransform="capitalize"
      rounded="full"
      px="2.5"
    >
      {bookingStatusLabel(status)}
    </Badge>
  );
}
