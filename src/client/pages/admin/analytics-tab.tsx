import { Box, HStack, Progress, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Eye, FileText, Monitor, Smartphone, Store, Tablet, UserCheck } from 'lucide-react';
import { lazy, Suspense, type ReactNode } from 'react';
import { DEVICE_CLASSES, type DeviceClass } from '../../../shared/domain';
import { trpc } from '../../lib/trpc';
import { eventTypeBadgeText } from '../../components/event-type-badge';
import { plural } from './admin-format';
import { useCityWiseReport, useEventTypeReport, useReportSummary } from './admin-queries';
import { EmptyPanel, LoadingRows, QueryContent } from './panel-states';
import { SectionCard } from './section-card';
import { StatCardGrid } from '../../components/stat-card-grid';

// recharts is big; it loads with the chart, only when this tab is opened.
const WeeklyTrendChart = lazy(async () => ({ default: (await import('./weekly-trend-chart')).WeeklyTrendChart }));

const numberFormat = new Intl.NumberFormat('en-IN');
const shownCount = (value: number | undefined) => (value === undefined ? '—' : numberFormat.format(value));

const DEVICE_ICONS: Record<DeviceClass, ReactNode> = {
  mobile: <Smartphone size={16} />,
  desktop: <Monitor size={16} />,
  tablet: <Tablet size={16} />,
};

function DeviceUsage({ breakdown }: { breakdown: Record<DeviceClass, number> }) {
  const total = DEVICE_CLASSES.reduce((sum, device) => sum + breakdown[device], 0);
  return (
    <SectionCard title="Device Usage" description={`${numberFormat.format(total)} visits with a known device`}>
      <Stack gap="4">
        {DEVICE_CLASSES.map((device) => {
          const share = total === 0 ? 0 : Math.round((breakdown[device] / total) * 100);
          return (
            <Box key={device}>
              <HStack justify="space-between" mb="1" fontSize="sm">
                <HStack gap="2" textTransform="capitalize">
                  <Box aria-hidden="true">{DEVICE_ICONS[device]}</Box>
                  <Text>{device}</Text>
                </HStack>
                <Text fontVariantNumeric="tabular-nums">
                  {numberFormat.format(breakdown[device])} ({share}%)
                </Text>
              </HStack>
              <Progress.Root value={share} size="sm" colorPalette="brand" aria-label={`${device} share`}>
                <Progress.Track rounded="full">
                  <Progress.Range />
                </Progress.Track>
              </Progress.Root>
            </Box>
          );
        })}
      </Stack>
    </SectionCard>
  );
}

function CityWise() {
  const cities = useCityWiseReport();
  const entries = Object.entries(cities.data ?? {});
  return (
    <SectionCard title="City-wise Distribution" description="Bookings and active suppliers per city">
      <QueryContent
        query={cities}
        loadingLabel="Loading city report"
        loadingRows={3}
        errorMessage="The city report could not be loaded."
        isEmpty={() => entries.length === 0}
        empty={<EmptyPanel title="No city data yet" />}
      >
        {() => (
          <Stack as="ul" gap="2" listStyleType="none" aria-label="Cities">
            {entries.map(([city, counts]) => (
              <HStack
                as="li"
                key={city}
                justify="space-between"
                gap="3"
                p="3"
                rounded="md"
                bg="bg.subtle"
                flexWrap="wrap"
              >
                <Text fontWeight="medium">{city}</Text>
                <HStack gap="4" fontSize="sm" color="fg.muted">
                  <Text>{plural(counts.bookings, 'booking')}</Text>
                  <Text>{plural(counts.vendors, 'vendor')}</Text>
                </HStack>
              </HStack>
            ))}
          </Stack>
        )}
      </QueryContent>
    </SectionCard>
  );
}

function EventTypes() {
  const types = useEventTypeReport();
  const entries = Object.entries(types.data ?? {}) as [string, number][];
  return (
    <SectionCard title="Event Types" description="Bookings by type of event">
      <QueryContent
        query={types}
        loadingLabel="Loading event types"
        loadingRows={2}
        errorMessage="The event-type report could not be loaded."
        isEmpty={() => entries.length === 0}
        empty={<EmptyPanel title="No bookings yet" />}
      >
        {() => (
          <SimpleGrid
            as="ul"
            columns={{ base: 2, sm: 3, md: 4, lg: 6 }}
            gap="3"
            listStyleType="none"
            aria-label="Event types"
          >
            {entries.map(([type, count]) => (
              <Box
                as="li"
                key={type}
                p="3"
                rounded="lg"
                bg="brand.50"
                borderWidth="1px"
                borderColor="brand.100"
                textAlign="center"
                minW="0"
              >
                <Text fontSize="2xl" fontWeight="bold" color="brand.800" lineHeight="1.2">
                  {numberFormat.format(count)}
                </Text>
                <Text
                  fontSize="xs"
                  fontWeight="semibold"
                  letterSpacing="wide"
                  color="accent.800"
                  wordBreak="break-word"
                >
                  {eventTypeBadgeText(type)}
                </Text>
              </Box>
            ))}
          </SimpleGrid>
        )}
      </QueryContent>
    </SectionCard>
  );
}

function WeeklyTrend() {
  const weekly = trpc.admin.reports.weekly.useQuery();
  return (
    <SectionCard title="Weekly Trend" description="Instant quotes sent and bookings confirmed, last 12 weeks">
      <QueryContent
        query={weekly}
        loadingLabel="Loading weekly trend"
        loadingRows={3}
        errorMessage="The weekly trend could not be loaded."
      >
        {(weeks) => (
          <Suspense fallback={<LoadingRows label="Loading chart" rows={3} />}>
            <WeeklyTrendChart weeks={weeks} />
          </Suspense>
        )}
      </QueryContent>
    </SectionCard>
  );
}

/** docs/product.md#screens, Analytics tab, plus the weekly chart. */
export function AnalyticsTab() {
  const summary = useReportSummary();
  const analytics = summary.data?.analytics;
  const breakdown = analytics?.device_breakdown;
  const hasDevices = breakdown !== undefined && DEVICE_CLASSES.some((device) => breakdown[device] > 0);
  return (
    <Stack gap="6">
      <StatCardGrid
        label="Visitor numbers"
        cards={[
          { label: 'Total Page Views', value: shownCount(analytics?.total_page_views), icon: <Eye />, palette: 'cyan' },
          {
            label: 'Total Quotations',
            value: shownCount(analytics?.total_quotations),
            icon: <FileText />,
            palette: 'blue',
          },
          {
            label: 'Vendor Registrations',
            value: shownCount(analytics?.total_vendor_registrations),
            icon: <Store />,
            palette: 'orange',
          },
          {
            label: 'Pending Approvals',
            value: shownCount(summary.data?.pending_vendors),
            icon: <UserCheck />,
            palette: 'yellow',
          },
        ]}
      />
      <WeeklyTrend />
      <SimpleGrid columns={{ base: 1, lg: hasDevices ? 2 : 1 }} gap="6" alignItems="start">
        <CityWise />
        {hasDevices && <DeviceUsage breakdown={breakdown} />}
      </SimpleGrid>
      <EventTypes />
    </Stack>
  );
}
