import { Box, Button, Container, Heading, HStack, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { ArrowLeft, Download, Printer } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'wouter';
import { formatLongDate, isIsoDate, todayInIndia } from '../../../shared/dates';
import { COURSE_LABELS } from '../../../shared/menu';
import { RequireSignIn } from '../../components/require-sign-in';
import { TextField } from '../../components/text-field';
import { downloadFromApi } from '../../lib/download';
import { serverDetail } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { TableFrame } from '../admin/section-card';
import { useAddressParams } from '../admin/use-address-params';

function Sheet({ date }: { date: string }) {
  const sheet = trpc.admin.menus.kitchenSheet.useQuery({ date });
  if (sheet.isPending) return <Skeleton h="64" rounded="2xl" role="status" aria-label="Loading the sheet" />;
  if (sheet.isError) {
    return (
      <Text role="alert" color="red.700">
        {serverDetail(sheet.error) ?? 'The sheet could not be loaded.'}
      </Text>
    );
  }
  const data = sheet.data;
  if (data.events.length === 0) {
    return <Text color="fg.muted">No confirmed events on {formatLongDate(date)}.</Text>;
  }
  return (
    <Stack gap="4">
      <Text>
        {data.events.length} {data.events.length === 1 ? 'event' : 'events'} · quantities include a{' '}
        {data.buffer_percent}% buffer, rounded up (0.1 kg or litre, whole pieces)
      </Text>
      <Stack as="ul" gap="1" ps="5" listStyleType="disc" fontSize="sm">
        {data.events.map((event) => (
          <li key={event.booking_id}>
            {event.reference} {event.event_name}
            {event.event_time ? `, ${event.event_time}` : ''}
            {event.venue ? `, ${event.venue}` : ''}: veg {event.guests.veg}, Jain {event.guests.jain}, non-veg{' '}
            {event.guests.non_veg}
          </li>
        ))}
      </Stack>
      {data.dishes.length === 0 && <Text color="orange.700">No menu has been chosen for these events yet.</Text>}
      {data.dishes.length > 0 && (
        // On a phone each dish is a card, so the guests and the quantity are never off the screen's edge.
        <TableFrame label={`Production sheet, ${formatLongDate(date)}`} stackBelow="lg">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Course</Table.ColumnHeader>
              <Table.ColumnHeader>Dish</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Guests eating</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Quantity</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body role="rowgroup">
            {data.dishes.map((dish) => (
              <Table.Row role="row" key={dish.dish_id}>
                <Table.Cell role="cell" data-label="Course">
                  {COURSE_LABELS[dish.course]}
                </Table.Cell>
                <Table.Cell role="cell" minW="40">
                  <Text fontWeight="semibold">
                    {dish.diet_mark} {dish.name}
                  </Text>
                  <Text fontSize="xs" color="fg.muted">
                    {dish.yield_per_100} {dish.unit} per 100 guests
                    {dish.allergens.length ? ` · ${dish.allergens.join(', ')}` : ''}
                  </Text>
                </Table.Cell>
                <Table.Cell role="cell" data-label="Guests eating" textAlign={{ md: 'end' }}>
                  {dish.eaters.toLocaleString('en-IN')}
                </Table.Cell>
                <Table.Cell
                  role="cell"
                  data-label="Quantity"
                  textAlign={{ md: 'end' }}
                  fontWeight="semibold"
                  whiteSpace="nowrap"
                >
                  {dish.quantity.toLocaleString('en-IN')} {dish.unit}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </TableFrame>
      )}
    </Stack>
  );
}

function Kitchen() {
  // The day is in the address (`day`), so a reload or a shared link opens the same sheet.
  const [params, update] = useAddressParams();
  const asked = params.get('day');
  const [typed, setTyped] = useState(asked && isIsoDate(asked) ? asked : todayInIndia());
  const date = isIsoDate(typed) ? typed : null;
  const type = (value: string) => {
    setTyped(value);
    if (isIsoDate(value)) update({ day: value === todayInIndia() ? null : value });
  };
  useDocumentTitle('Production sheet');
  return (
    <Box minH="100dvh" bg="bg.subtle" _print={{ bg: 'white' }}>
      <Container as="main" maxW="5xl" py={{ base: '4', md: '8' }}>
        <Stack gap="4">
          <Button asChild variant="ghost" colorPalette="accent" size="sm" alignSelf="flex-start" ms="-2" minH="11">
            <Link href="/admin">
              <ArrowLeft aria-hidden="true" /> Admin Dashboard
            </Link>
          </Button>
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }} color="accent.900">
            Production sheet{date ? `: ${formatLongDate(date)}` : ''}
          </Heading>
          <HStack align="flex-end" gap="3" flexWrap="wrap" _print={{ display: 'none' }}>
            <Box w={{ base: 'full', sm: '52' }}>
              <TextField
                name="date"
                label="Day (YYYY-MM-DD)"
                value={typed}
                onValueChange={type}
                error={date ? undefined : 'Enter the date as YYYY-MM-DD'}
              />
            </Box>
            <Button variant="outline" colorPalette="accent" minH="11" onClick={() => window.print()}>
              <Printer aria-hidden="true" /> Print
            </Button>
            <Button
              minH="11"
              disabled={!date}
              onClick={() =>
                date &&
                void downloadFromApi(
                  `/api/admin/kitchen/${date}/sheet.csv`,
                  `production-sheet-${date}.csv`,
                  'The CSV could not be downloaded.',
                ).catch((error: unknown) =>
                  toast.error(error instanceof Error ? error.message : 'The CSV could not be downloaded.'),
                )
              }
            >
              <Download aria-hidden="true" /> Export CSV
            </Button>
          </HStack>
          {date && <Sheet date={date} />}
        </Stack>
      </Container>
    </Box>
  );
}

function Gate() {
  const { user } = useSession();
  if (!user) return null;
  if (user.role !== 'admin') return <Text p="6">The production sheet is for our team.</Text>;
  return <Kitchen />;
}

/** `/admin/kitchen`: the kitchen's production sheet of a day, printable, with its CSV (docs/product.md#kitchen). */
export function KitchenSheetPage() {
  return (
    <RequireSignIn>
      <Gate />
    </RequireSignIn>
  );
}
