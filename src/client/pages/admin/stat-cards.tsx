import { CalendarCheck, Clock, IndianRupee, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatInr } from '../../../shared/money';
import type { DashboardStatsDto } from '../../../shared/schemas/admin';
import { StatCardGrid } from '../../components/stat-card-grid';

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
    <StatCardGrid
      label="Business at a glance"
      cards={CARDS.map(({ value, exact, ...card }) => ({
        ...card,
        value: stats ? value(stats) : '—',
        exact: stats && exact ? exact(stats) : undefined,
      }))}
    />
  );
}
