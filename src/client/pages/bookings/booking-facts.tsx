import { HStack, Text, Wrap } from '@chakra-ui/react';
import { CalendarDays, MapPin, Package, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import type { CustomerBookingDto } from '../../../shared/schemas/account';
import { eventDateLabel, guestsLabel, packageLabel } from './bookings-format';

function Fact({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <HStack as="li" gap="1.5" color="fg.muted" fontSize="sm">
      <span aria-hidden="true">{icon}</span>
      <Text>{children}</Text>
    </HStack>
  );
}

/** Date, guests, package and place of a booking, as one wrapping line of icons and text. */
export function BookingFacts({ booking }: { booking: CustomerBookingDto }) {
  const place = [booking.venue_name, booking.city].filter(Boolean).join(', ');
  return (
    <Wrap as="ul" listStyleType="none" gap="2" columnGap="4">
      <Fact icon={<CalendarDays size={16} />}>{eventDateLabel(booking.event_date)}</Fact>
      <Fact icon={<Users size={16} />}>{guestsLabel(booking.guest_count)}</Fact>
      <Fact icon={<Package size={16} />}>{packageLabel(booking.package)}</Fact>
      {place && <Fact icon={<MapPin size={16} />}>{place}</Fact>}
    </Wrap>
  );
}
