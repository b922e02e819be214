import { Box, Button, Heading, HStack, LinkBox, LinkOverlay, Skeleton, Stack, Text } from '@chakra-ui/react';
import { ChevronRight, ClipboardList } from 'lucide-react';
import { Link } from 'wouter';
import type { CustomerBookingDto } from '../../../shared/schemas/account';
import { BookingStatusBadge } from '../../components/booking-status-badge';
import { EventTypeBadge } from '../../components/event-type-badge';
import { serverDetail } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { BookingActions } from './booking-actions';
import { BookingFacts } from './booking-facts';
import { nextStepText, totalLabel } from './bookings-format';

function BookingCard({ booking }: { booking: CustomerBookingDto }) {
  return (
    <Box
      as="li"
      listStyleType="none"
      bg="bg.panel"
      borderWidth="1px"
      borderColor="border"
      rounded="2xl"
      shadow="xs"
      overflow="hidden"
    >
      <LinkBox
        px={{ base: '4', md: '6' }}
        pt={{ base: '4', md: '5' }}
        pb="3"
        _hover={{ bg: 'bg.subtle' }}
        transition="background 0.15s"
      >
        <Stack direction={{ base: 'column', md: 'row' }} justify="space-between" gap="3">
          <Stack gap="2" minW="0">
            <HStack gap="2" flexWrap="wrap">
              <BookingStatusBadge status={booking.status} />
              <EventTypeBadge type={booking.event_type} />
              <Text fontSize="xs" color="fg.muted" fontFamily="mono">
                {booking.reference}
              </Text>
            </HStack>
            <Heading as="h2" size="lg" color="accent.900" overflowWrap="anywhere">
              <LinkOverlay asChild>
                <Link href={`/bookings/${booking.id}`}>{booking.event_name}</Link>
              </LinkOverlay>
            </Heading>
            <BookingFacts booking={booking} />
          </Stack>
          <HStack gap="2" align={{ base: 'center', md: 'flex-start' }} justify="space-between" flexShrink={0}>
            <Box textAlign={{ base: 'start', md: 'end' }}>
              <Text fontSize="xs" color="fg.muted">
                Total (incl. GST)
              </Text>
              <Text fontSize="xl" fontWeight="bold" color="accent.900">
                {totalLabel(booking)}
              </Text>
            </Box>
            <Box color="fg.muted" aria-hidden="true" mt={{ md: '3' }}>
              <ChevronRight size={20} />
            </Box>
          </HStack>
        </Stack>
      </LinkBox>
      <Stack
        direction={{ base: 'column', sm: 'row' }}
        justify="space-between"
        align={{ base: 'stretch', sm: 'center' }}
        gap="3"
        px={{ base: '4', md: '6' }}
        py="3"
        borderTopWidth="1px"
        borderColor="border.muted"
        bg="bg.subtle"
      >
        <Text fontSize="sm" color="fg.muted">
          {nextStepText(booking)}
        </Text>
        <BookingActions booking={booking} layout="row" compact />
      </Stack>
    </Box>
  );
}

function EmptyState() {
  return (
    <Stack
      align="center"
      textAlign="center"
      gap="4"
      py="14"
      px="6"
      bg="bg.panel"
      borderWidth="1px"
      borderColor="border"
      rounded="2xl"
    >
      <Box color="brand.fg" aria-hidden="true">
        <ClipboardList size={40} />
      </Box>
      <Heading as="h2" size="xl" color="accent.900">
        No bookings yet
      </Heading>
      <Text color="fg.muted" maxW="md">
        Quotes you request with this account’s e-mail appear here, with their status, payments and documents.
      </Text>
      <Button asChild rounded="full" px="6" minH="11">
        <Link href="/book">Get an instant quote</Link>
      </Button>
    </Stack>
  );
}

/** My Bookings: the customer's bookings and quotes, newest first. */
export function BookingList() {
  const bookings = trpc.bookings.mine.useQuery();
  if (bookings.isPending) {
    return (
      <Stack gap="4" role="status" aria-label="Loading your bookings">
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} h="40" rounded="2xl" />
        ))}
      </Stack>
    );
  }
  if (bookings.isError) {
    return (
      <Stack
        align="center"
        gap="3"
        py="10"
        bg="bg.panel"
        borderWidth="1px"
        borderColor="border"
        rounded="2xl"
        px="6"
        textAlign="center"
      >
        <Text color="fg.error" role="alert">
          {serverDetail(bookings.error) ?? 'Your bookings could not be loaded.'}
        </Text>
        <Button variant="outline" colorPalette="accent" onClick={() => void bookings.refetch()}>
          Try again
        </Button>
      </Stack>
    );
  }
  if (bookings.data.length === 0) return <EmptyState />;
  return (
    <Stack as="ul" gap="4" ps="0">
      {bookings.data.map((booking) => (
        <BookingCard key={booking.id} booking={booking} />
      ))}
    </Stack>
  );
}
