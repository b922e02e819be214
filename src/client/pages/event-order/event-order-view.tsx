import { Box, Button, Heading, HStack, Stack, Table, Text, type SystemStyleObject } from '@chakra-ui/react';
import { Download, Printer } from 'lucide-react';
import toast from 'react-hot-toast';
import { formatLongDate } from '../../../shared/dates';
import { humanize, venueLine } from '../../../shared/domain';
import { DIET_LABELS, guestSplitText, REGION_LABELS } from '../../../shared/menu';
import type { EventOrderDto } from '../../../shared/schemas/menus';
import { downloadFromApi } from '../../lib/download';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <HStack as="div" align="flex-start" gap="3" py="1">
      <Text as="dt" fontWeight="semibold" minW="20" flexShrink={0}>
        {label}
      </Text>
      <Text as="dd" minW="0" overflowWrap="anywhere">
        {value}
      </Text>
    </HStack>
  );
}

/**
 * A course's dishes. From `md` up, and on paper whatever the sheet's width, a table whose columns have the same widths
 * in every course, the name taking the room left. On a phone's screen (below `md`) four columns do not fit: each dish
 * becomes a card, its mark beside its name, diet, region and description, with the guests and the allergens on lines
 * of their own below. The table roles stay for screen readers.
 */
const DISH_TABLE: SystemStyleObject = {
  '@media print, (min-width: 48em)': {
    tableLayout: 'fixed',
    '& td:nth-of-type(1)': { width: '10' },
    '& td:nth-of-type(3)': { width: '7.5rem' },
    '& td:nth-of-type(4)': { width: '12rem' },
  },
  '@media screen and (max-width: 47.999em)': {
    display: 'block',
    '& tbody': { display: 'block' },
    '& tr': {
      display: 'grid',
      gridTemplateColumns: 'auto minmax(0, 1fr)',
      columnGap: '3',
      rowGap: '1',
      px: '2',
      py: '3',
      borderBottomWidth: '1px',
      borderColor: 'border',
    },
    '& td': {
      display: 'block',
      gridColumn: '2',
      minWidth: '0',
      border: 'none',
      p: '0',
      textAlign: 'start',
      whiteSpace: 'normal',
    },
    '& td:first-of-type': { gridColumn: '1', gridRow: '1 / span 3', minWidth: '6' },
  },
};

/**
 * The banquet event order on A4 (docs/product.md#kitchen): the same DTO as its PDF, laid out to print on one or two
 * sheets; Print and Download PDF are screen-only.
 */
export function EventOrderView({ order, pdfPath }: { order: EventOrderDto; pdfPath: string }) {
  const venue =
    venueLine({ name: order.venue_name, address: order.venue_address, city: order.city }) || 'To be confirmed';
  return (
    <Stack
      gap="4"
      bg="bg.panel"
      borderWidth="1px"
      borderColor="border"
      rounded="2xl"
      px={{ base: '4', md: '8' }}
      py="6"
      maxW="210mm"
      mx="auto"
      w="full"
      _print={{ borderWidth: 0, px: 0, py: 0, maxW: 'none' }}
    >
      <HStack justify="space-between" align="flex-start" gap="3" flexWrap="wrap">
        <Box minW="0">
          <Text fontSize="sm" color="fg.muted" fontFamily="mono">
            Reference {order.reference}
          </Text>
          <Heading as="h1" size={{ base: 'xl', md: '2xl' }} color="accent.900" overflowWrap="anywhere">
            Banquet event order
          </Heading>
        </Box>
        <HStack gap="2" _print={{ display: 'none' }}>
          <Button variant="outline" colorPalette="accent" minH="11" onClick={() => window.print()}>
            <Printer aria-hidden="true" /> Print
          </Button>
          <Button
            minH="11"
            onClick={() =>
              void downloadFromApi(
                pdfPath,
                `event-order-${order.reference}.pdf`,
                'The PDF could not be downloaded.',
              ).catch((error: unknown) =>
                toast.error(error instanceof Error ? error.message : 'The PDF could not be downloaded.'),
              )
            }
          >
            <Download aria-hidden="true" /> Download PDF
          </Button>
        </HStack>
      </HStack>

      <Box as="dl">
        <Fact label="Event" value={`${order.event_name} (${humanize(order.event_type)})`} />
        <Fact label="Date" value={order.event_date ? formatLongDate(order.event_date) : 'To be confirmed'} />
        <Fact label="Time" value={order.event_time ?? 'To be confirmed'} />
        <Fact label="Venue" value={venue} />
        <Fact label="Package" value={humanize(order.package)} />
        <Fact
          label="Guests"
          value={`${order.guest_count.toLocaleString('en-IN')} in all: ${guestSplitText(order.guests)}`}
        />
      </Box>
      {order.guests.jain > 0 && <Text fontWeight="semibold">Jain guests are served only the dishes marked J.</Text>}

      <Heading as="h2" size="md" color="accent.900">
        Menu
      </Heading>
      <Text fontSize="sm" color="fg.muted">
        Marks: J Jain · VG Vegan · V Veg · E Egg · NV Non-veg
      </Text>
      {!order.menu_saved && <Text color="orange.700">The customer has not chosen the menu yet.</Text>}
      {order.courses.map((course) => (
        <Box key={course.course} css={{ breakInside: 'avoid' }}>
          <Heading as="h3" size="sm" mb="1">
            {course.label}
          </Heading>
          <Table.Root size="sm" variant="line" role="table" aria-label={course.label} css={DISH_TABLE}>
            <Table.Body role="rowgroup">
              {course.dishes.map((dish) => (
                <Table.Row role="row" key={dish.name}>
                  <Table.Cell role="cell" fontWeight="bold">
                    {dish.diet_mark}
                  </Table.Cell>
                  <Table.Cell role="cell">
                    <Text fontWeight="semibold" overflowWrap="anywhere">
                      {dish.name}
                      {dish.add_on ? ' (add-on)' : ''}
                    </Text>
                    <Text fontSize="xs" color="fg.muted" overflowWrap="anywhere">
                      {DIET_LABELS[dish.diet]} · {REGION_LABELS[dish.region]}
                      {dish.description ? ` · ${dish.description}` : ''}
                    </Text>
                  </Table.Cell>
                  <Table.Cell role="cell" textAlign="end" whiteSpace="nowrap">
                    {dish.eaters.toLocaleString('en-IN')} guests
                  </Table.Cell>
                  <Table.Cell role="cell" fontSize="xs">
                    {dish.allergens.length ? `Allergens: ${dish.allergens.join(', ')}` : 'No listed allergens'}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      ))}

      <Heading as="h2" size="md" color="accent.900">
        Counters and staff
      </Heading>
      <Stack as="ul" gap="1" ps="5" listStyleType="disc">
        <li>
          Servers: {order.staff.servers} (one per {order.staff.guests_per_server} guests, {humanize(order.package)}{' '}
          package)
        </li>
        {order.counters.map((counter) => (
          <li key={counter.name}>
            {counter.name}: {counter.staff} staff
          </li>
        ))}
        <li>Total staff: {order.staff.total}</li>
      </Stack>

      <Heading as="h2" size="md" color="accent.900">
        Notes
      </Heading>
      <Box as="dl">
        <Fact label="Allergies" value={order.allergy_notes ?? 'None given'} />
        <Fact label="Set-up" value={order.setup_notes ?? 'None given'} />
      </Box>

      <Stack direction={{ base: 'column', sm: 'row' }} gap="6" css={{ breakInside: 'avoid' }}>
        <Box flex="1" minW="0">
          <Heading as="h2" size="md" color="accent.900" mb="1">
            Supplier
          </Heading>
          {order.supplier ? (
            <Text overflowWrap="anywhere">
              {order.supplier.business_name}
              <br />
              {order.supplier.contact}
              {order.supplier.phone ? `, ${order.supplier.phone}` : ''}
            </Text>
          ) : (
            <Text>Not assigned yet</Text>
          )}
        </Box>
        <Box flex="1" minW="0">
          <Heading as="h2" size="md" color="accent.900" mb="1">
            Customer
          </Heading>
          <Text overflowWrap="anywhere">
            {order.client.name}
            <br />
            {order.client.phone ?? ''}
            <br />
            {order.client.email}
          </Text>
        </Box>
      </Stack>
    </Stack>
  );
}
