import { Box, Table, VisuallyHidden } from '@chakra-ui/react';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { WeeklyTrendPointDto } from '../../../shared/schemas/reports';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "5 Mar" for the Monday a week starts on. */
export function weekLabel(weekStart: string): string {
  const [, month, day] = weekStart.split('-').map(Number);
  return `${day} ${MONTHS[(month ?? 1) - 1]}`;
}

/**
 * Quotes and bookings per week, last 12 weeks: bars for quotes, a line for confirmed bookings. Its own
 * module, loaded only when the Analytics tab opens, so recharts never weighs on the rest of the dashboard. The
 * same numbers sit in a table for screen readers.
 */
export function WeeklyTrendChart({ weeks }: { weeks: readonly WeeklyTrendPointDto[] }) {
  const data = weeks.map((week) => ({ ...week, label: weekLabel(week.week_start) }));
  return (
    <>
      <Box h={{ base: '64', md: '72' }} w="full" minW="0" aria-hidden="true" data-testid="weekly-trend-chart">
        <ResponsiveContainer width="100%" height="100%" minWidth={0} initialDimension={{ width: 600, height: 280 }}>
          {/* Hidden from screen readers (the table below has the numbers), so it must not take keyboard focus
              either. */}
          <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" stroke="#EBD9BA" vertical={false} />
            <XAxis
              dataKey="label"
              tick={{ fontSize: 11, fill: '#6B5848' }}
              interval="preserveStartEnd"
              tickLine={false}
            />
            <YAxis allowDecimals={false} tick={{ fontSize: 11, fill: '#6B5848' }} tickLine={false} axisLine={false} />
            <Tooltip
              formatter={(value, name) => [value, name]}
              labelFormatter={(label) => `Week of ${String(label)}`}
              contentStyle={{ borderRadius: 8, borderColor: '#E8D8BE' }}
            />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            <Bar dataKey="quotes" name="Quotes sent" fill="#EE8512" radius={[4, 4, 0, 0]} maxBarSize={28} />
            <Line
              dataKey="bookings"
              name="Bookings confirmed"
              type="monotone"
              stroke="#6B2142"
              strokeWidth={2.5}
              dot={{ r: 3 }}
            />
          </ComposedChart>
        </ResponsiveContainer>
      </Box>
      <VisuallyHidden>
        <Table.Root aria-label="Quotes and bookings per week">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Week of</Table.ColumnHeader>
              <Table.ColumnHeader>Quotes sent</Table.ColumnHeader>
              <Table.ColumnHeader>Bookings confirmed</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {data.map((week) => (
              <Table.Row key={week.week_start}>
                <Table.Cell>{week.label}</Table.Cell>
                <Table.Cell>{week.quotes}</Table.Cell>
                <Table.Cell>{week.bookings}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </VisuallyHidden>
    </>
  );
}
