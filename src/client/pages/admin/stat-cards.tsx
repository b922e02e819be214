import { Box, SimpleGrid, Stat } from '@chakra-ui/react';
import { CalendarCheck, Clock, IndianRupee, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatInr } from '../../../shared/money';
import type { DashboardStatsDto } from '../../../shared/schemas/admin';

const numberFormat = new Intl.NumberFormat('en-IN');
// The card shows whole rupees so the figure fits a phone's half-width card; the exact amount is in its title.
const wholeRupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });

type Card = {
  label: string;
  value: (stats: DashboardStatsDto) => string;
  exact?: (stats: DashboardStatsDto) => string;
  icon: ReactNode;
  palette: string;
};

/** docs/product.md#screens's four cards, defined by docs/product.md#screens. */
const CARDS: Card[] = [
  {
    label: 'Total Bookings',
    value: (s) => numberFormat.format(s.total_bookings),
    icon: <CalendarCheck />,
    palette: 'blue',
  },
  {
    label: 'Pending Quotes',
    value: (s) => numberFormat.format(s.pending_bookings),
    icon: <Clock />,
    palette: 'yellow',
  },
  {
    label: 'Active Suppliers',
    value: (s) => numberFormat.format(s.active_suppliers),
    icon: <Users />,
    palette: 'green',
  },
  {
    label: 'Total Revenue',
    value: (s) => wholeRupees.format(s.total_revenue),
    exact: (s) => formatInr(s.total_revenue),
    icon: <IndianRupee />,
    palette: 'purple',
  },
];

export function StatCards({ stats }: { stats: DashboardStatsDto | undefined }) {
  return (
    <SimpleGrid
      as="section"
      aria-label="Business at a glance"
      columns={{ base: 2, lg: 4 }}
      gap={{ base: '3', md: '5' }}
    >
      {CARDS.map((card) => (
        <Stat.Root
          key={card.label}
          bg="bg.panel"
          borderWidth="1px"
          borderColor="border"
          rounded="xl"
          p={{ base: '3', md: '5' }}
          shadow="xs"
          minW="0"
        >
          {/* The icon sits inside the <dt>: a <dl> may hold only its terms and values. */}
          <Stat.Label
            fontSize={{ base: 'xs', md: 'sm' }}
            color="fg.muted"
            fontWeight="medium"
            display="flex"
            justifyContent="space-between"
            alignItems="flex-start"
            gap="2"
          >
            {card.label}
            <Box
              as="span"
              color={`${card.palette}.600`}
              bg={`${card.palette}.50`}
              p="1.5"
              rounded="md"
              hideBelow="sm"
              aria-hidden="true"
              css={{ '& svg': { width: '4', height: '4' } }}
            >
              {card.icon}
            </Box>
          </Stat.Label>
          <Stat.ValueText
            fontSize={{ base: 'lg', md: '2xl' }}
            color="accent.950"
            fontVariantNumeric="tabular-nums"
            overflowWrap="anywhere"
            title={stats && card.exact ? card.exact(stats) : undefined}
          >
            {stats ? card.value(stats) : '—'}
          </Stat.ValueText>
        </Stat.Root>
      ))}
    </SimpleGrid>
  );
}
