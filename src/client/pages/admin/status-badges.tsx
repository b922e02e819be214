import { Badge } from '@chakra-ui/react';
import type { ApprovalStatus, ProjectStatus } from '../../../shared/domain';

export { BOOKING_STATUS_PALETTE, BookingStatusBadge, bookingStatusLabel } from '../../components/booking-status-badge';

/** docs/product.md#booking-statuses: the vendor report's badge is green for approved, otherwise yellow. */
export function ApprovalBadge({ status }: { status: ApprovalStatus }) {
  return (
    <Badge
      colorPalette={status === 'approved' ? 'green' : 'yellow'}
      variant="subtle"
      textTransform="capitalize"
      rounded="full"
      px="2.5"
    >
      {status}
    </Badge>
  );
}

const PROJECT_PALETTE: Record<ProjectStatus, string> = {
  open: 'blue',
  awarded: 'green',
  unassigned: 'orange',
  cancelled: 'red',
};

export function ProjectStatusBadge({ status }: { status: ProjectStatus }) {
  return (
    <Badge colorPalette={PROJECT_PALETTE[status]} variant="subtle" textTransform="capitalize" rounded="full" px="2.5">
      {status}
    </Badge>
  );
}
