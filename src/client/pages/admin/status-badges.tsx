import { Badge } from '@chakra-ui/react';
import type { ApprovalStatus, BookingStatus, ProjectStatus } from '../../../shared/domain';

/** Spec section 4: inquiry yellow, quoted blue, confirmed green, in_progress purple, completed gray, cancelled red. */
export const BOOKING_STATUS_PALETTE: Record<BookingStatus, string> = {
  inquiry: 'yellow',
  quoted: 'blue',
  confirmed: 'green',
  in_progress: 'purple',
  completed: 'gray',
  cancelled: 'red',
};

export function bookingStatusLabel(status: BookingStatus): string {
  return status.replace(/_/g, ' ');
}

export function BookingStatusBadge({ status }: { status: BookingStatus }) {
  return (
    <Badge colorPalette={BOOKING_STATUS_PALETTE[status]} variant="subtle" textTransform="capitalize" rounded="full" px="2.5">
      {bookingStatusLabel(status)}
    </Badge>
  );
}

/** Spec section 4: the vendor report's badge is green for approved, otherwise yellow. */
export function ApprovalBadge({ status }: { status: ApprovalStatus }) {
  return (
    <Badge colorPalette={status === 'approved' ? 'green' : 'yellow'} variant="subtle" textTransform="capitalize" rounded="full" px="2.5">
      {status}
    </Badge>
  );
}

const PROJECT_PALETTE: Record<ProjectStatus, string> = { open: 'blue', awarded: 'green', unassigned: 'orange', cancelled: 'red' };

export function ProjectStatusBadge({ status }: { status: ProjectStatus }) {
  return (
    <Badge colorPalette={PROJECT_PALETTE[status]} variant="subtle" textTransform="capitalize" rounded="full" px="2.5">
      {status}
    </Badge>
  );
}
