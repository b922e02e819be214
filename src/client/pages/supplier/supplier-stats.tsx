import { Bell, BriefcaseBusiness, IndianRupee, TrendingUp } from 'lucide-react';
import { formatInr } from '../../../shared/money';
import { StatCardGrid, type StatCardItem } from '../../components/stat-card-grid';
import { RESPONSE_RATE } from './supplier-format';

const numberFormat = new Intl.NumberFormat('en-IN');

type SupplierStatsProps = { activeProjects: number; unread: number; revenue: number };

/**
 * docs/product.md#screens's four cards: Active Projects, New Notifications, Estimated Revenue (an estimate, so whole
 * rupees), Response Rate.
 */
export function SupplierStats({ activeProjects, unread, revenue }: SupplierStatsProps) {
  const cards: StatCardItem[] = [
    {
      label: 'Active Projects',
      value: numberFormat.format(activeProjects),
      icon: <BriefcaseBusiness />,
      palette: 'blue',
      hint: 'Open, or won and still ahead',
    },
    {
      label: 'New Notifications',
      value: numberFormat.format(unread),
      icon: <Bell />,
      palette: 'orange',
      hint: 'Unread',
    },
    {
      label: 'Estimated Revenue',
      value: formatInr(Math.round(revenue)),
      icon: <IndianRupee />,
      palette: 'green',
      hint: 'Across active projects',
    },
    { label: 'Response Rate', value: RESPONSE_RATE, icon: <TrendingUp />, palette: 'purple' },
  ];
  return <StatCardGrid label="Your numbers" cards={cards} />;
}
