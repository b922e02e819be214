import { Badge, Box, Button, Container, Heading, Stack, Tabs, Text, VStack } from '@chakra-ui/react';
import {
  BarChart3,
  CalendarDays,
  CalendarRange,
  ClipboardList,
  IndianRupee,
  Settings,
  ShieldAlert,
  Store,
  UserCheck,
  Users,
  Wallet,
} from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { Link, Redirect, useLocation, useSearch } from 'wouter';
import { PageLoader } from '../../components/page-loader';
import { httpStatusOf } from '../../lib/errors';
import { loginPathFor } from '../../lib/redirects';
import { useSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AttentionCard } from './attention-card';
import { AdminHeader } from './admin-header';
import { useLiveNotifications } from '../../components/live-alerts';
import { SecondFactorPrompt } from './second-factor-prompt';
import {
  useCustomersFirstPage,
  useDashboardStats,
  usePendingVendors,
  useRecentBookings,
  useReloadDashboard,
  useReloadNotifications,
  useReports,
  useSuppliers,
} from './admin-queries';
import { AnalyticsTab } from './analytics-tab';
import { BookingsTab } from './bookings-tab';
import { CalendarTab } from './calendar-tab';
import { CustomersTab } from './customers-tab';
import { MoneyTab } from './money-tab';
import { PaymentsTab } from './payments-tab';
import { PendingVendorsTab } from './pending-vendors-tab';
import { ReportsTab } from './reports-tab';
import { SettingsTab } from './settings-tab';
import { StatCards } from './stat-cards';
import { SuppliersTab } from './suppliers-tab';

const LOADING_TEXT = 'Loading Admin Dashboard...';

type TabId =
  | 'bookings'
  | 'calendar'
  | 'suppliers'
  | 'customers'
  | 'payments'
  | 'money'
  | 'vendors'
  | 'reports'
  | 'analytics'
  | 'settings';

/**
 * docs/product.md#screens: the tabs, in this order, Bookings first and the Calendar of the same bookings beside it
 * (docs/product.md#calendar-screens); Payments sits with the day-to-day work, and Money (receivables and
 * collections) beside it; Settings, changed rarely, comes last.
 */
const TABS: { id: TabId; label: string; icon: ReactNode }[] = [
  { id: 'bookings', label: 'Bookings', icon: <CalendarDays /> },
  { id: 'calendar', label: 'Calendar', icon: <CalendarRange /> },
  { id: 'suppliers', label: 'Suppliers', icon: <Store /> },
  { id: 'customers', label: 'Customers', icon: <Users /> },
  { id: 'payments', label: 'Payments', icon: <IndianRupee /> },
  { id: 'money', label: 'Money', icon: <Wallet /> },
  { id: 'vendors', label: 'Pending Vendors', icon: <UserCheck /> },
  { id: 'reports', label: 'Reports', icon: <ClipboardList /> },
  { id: 'analytics', label: 'Analytics', icon: <BarChart3 /> },
  { id: 'settings', label: 'Settings', icon: <Settings /> },
];

type QueryState = { isPending: boolean; isError: boolean; error: unknown; errorUpdatedAt: number };

/**
 * docs/product.md#screens: one 'Failed to load dashboard data' toast per failed load (a 401 has its own sign-out
 * message).
 */
function useLoadFailureToast(queries: readonly QueryState[]) {
  const failedAt = Math.max(
    0,
    ...queries.filter((q) => q.isError && httpStatusOf(q.error) !== 401).map((q) => q.errorUpdatedAt),
  );
  useEffect(() => {
    if (failedAt > 0) toast.error('Failed to load dashboard data', { id: 'admin-load-failed' });
  }, [failedAt]);
}

/** docs/product.md#screens: "A report load failure is only logged, with no toast." */
function useReportFailureLog(queries: readonly QueryState[]) {
  const failures = queries.filter((q) => q.isError);
  const failedAt = Math.max(0, ...failures.map((q) => q.errorUpdatedAt));
  const firstError = failures[0]?.error;
  useEffect(() => {
    if (failedAt > 0) console.error('Failed to load reports', firstError);
  }, [failedAt, firstError]);
}

/**
 * The open tab lives in the address (`/admin?tab=payments`), so a reload keeps it and a tab can be linked; without
 * a known `tab` the spec's default, Bookings, opens. Switching replaces the history entry rather than adding one,
 * so Back leaves the dashboard instead of walking through tabs. A tab's own state (its filters, the calendar's month)
 * is in the address too (`use-address-params.ts`), and is left behind when another tab opens.
 */
function useTabInAddress(): [TabId, (tab: TabId) => void] {
  const search = useSearch();
  const [, navigate] = useLocation();
  const asked = new URLSearchParams(search).get('tab');
  const tab = TABS.find((item) => item.id === asked)?.id ?? 'bookings';
  function setTab(next: TabId) {
    navigate(next === 'bookings' ? '/admin' : `/admin?tab=${next}`, { replace: true });
  }
  return [tab, setTab];
}

/**
 * Scrolls the tab strip sideways just far enough that the tab of `tab` shows whole inside it (the nearest edge,
 * the strip's padding kept), as when a tab far to the right opens from the address on a phone. Only the strip
 * moves: `scrollIntoView` would also scroll the page down to a strip below the fold.
 */
function revealTab(strip: HTMLElement, tab: TabId, behavior: ScrollBehavior) {
  const trigger = strip.querySelector(`[role="tab"][data-value="${tab}"]`);
  if (!trigger) return;
  const style = getComputedStyle(strip);
  const box = strip.getBoundingClientRect();
  const start = box.left + (parseFloat(style.paddingLeft) || 0);
  const end = box.right - (parseFloat(style.paddingRight) || 0);
  const { left, right } = trigger.getBoundingClientRect();
  // Cut off on the left, or wider than the strip: its start shows. Cut off on the right: its end shows.
  const by = left < start || right - left > end - start ? left - start : Math.max(0, right - end);
  if (by !== 0) strip.scrollTo({ left: strip.scrollLeft + by, behavior });
}

/**
 * The strip of dashboard tabs. On phones it scrolls sideways inside itself (the page never does), and the selected
 * tab is brought into it when the dashboard opens on it and each time another is chosen. From 1024 px up every tab
 * shows: between 1024 and 1280 px without its icon.
 */
function DashboardTabList({ tab, pendingCount }: { tab: TabId; pendingCount: number }) {
  const strip = useRef<HTMLDivElement>(null);
  const opened = useRef(false);
  useEffect(() => {
    if (!strip.current) return;
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    revealTab(strip.current, tab, opened.current && !reduced ? 'smooth' : 'instant');
    opened.current = true;
  }, [tab]);

  return (
    <Box
      ref={strip}
      overflowX="auto"
      mx={{ base: '-3', sm: '0' }}
      px={{ base: '3', sm: '0' }}
      pb="1"
      css={{ scrollbarWidth: 'thin' }}
    >
      <Tabs.List bg="bg.muted" minW="max-content" flexWrap="nowrap" aria-label="Dashboard sections">
        {TABS.map((item) => (
          <Tabs.Trigger key={item.id} value={item.id} whiteSpace="nowrap" px="3">
            <Box
              as="span"
              aria-hidden="true"
              display={{ base: 'inline', lg: 'none', xl: 'inline' }}
              css={{ '& svg': { width: '4', height: '4' } }}
            >
              {item.icon}
            </Box>
            {item.label}
            {item.id === 'vendors' && pendingCount > 0 && (
              <Badge colorPalette="red" variant="solid" rounded="full" size="xs" aria-label={`${pendingCount} waiting`}>
                {pendingCount}
              </Badge>
            )}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
    </Box>
  );
}

function AdminDashboard({ onLogout, loggingOut }: { onLogout(): void; loggingOut: boolean }) {
  const [tab, setTab] = useTabInAddress();
  const stats = useDashboardStats();
  const bookings = useRecentBookings();
  const suppliers = useSuppliers();
  const customers = useCustomersFirstPage();
  const vendors = usePendingVendors();
  const main = [stats, bookings, suppliers, customers, vendors];
  // Latched: a failed query that refetches goes back to "pending", and must not bring the loading screen back.
  const [firstLoadDone, setFirstLoadDone] = useState(false);
  if (!firstLoadDone && main.every((query) => !query.isPending)) setFirstLoadDone(true);
  useLoadFailureToast(main);

  const reports = useReports(firstLoadDone);
  useReportFailureLog(reports);
  // A new lead or a project outcome reloads the dashboard's data at once (docs/product.md#live-alerts).
  const reload = useReloadDashboard();
  const reloadNotifications = useReloadNotifications();
  const unread = useLiveNotifications(
    () => void reload(),
    () => void reloadNotifications(),
  );

  if (!firstLoadDone) return <PageLoader label={LOADING_TEXT} />;

  const pendingCount = vendors.data?.total ?? 0;
  return (
    <Box minH="100dvh" bg="bg.subtle">
      <AdminHeader onLogout={onLogout} loggingOut={loggingOut} unread={unread} />
      <Container as="main" maxW="7xl" py={{ base: '5', md: '8' }} px={{ base: '3', sm: '4', md: '6' }}>
        <Stack gap={{ base: '5', md: '8' }}>
          <SecondFactorPrompt />
          <StatCards stats={stats.data} />
          <AttentionCard onReviewVendors={() => setTab('vendors')} />
          <Tabs.Root
            value={tab}
            onValueChange={(details) => setTab(details.value as TabId)}
            variant="enclosed"
            colorPalette="accent"
            lazyMount
            unmountOnExit
          >
            <DashboardTabList tab={tab} pendingCount={pendingCount} />
            <Tabs.Content value="bookings">
              <BookingsTab />
            </Tabs.Content>
            <Tabs.Content value="calendar">
              <CalendarTab />
            </Tabs.Content>
            <Tabs.Content value="suppliers">
              <SuppliersTab />
            </Tabs.Content>
            <Tabs.Content value="customers">
              <CustomersTab />
            </Tabs.Content>
            <Tabs.Content value="payments">
              <PaymentsTab />
            </Tabs.Content>
            <Tabs.Content value="money">
              <MoneyTab />
            </Tabs.Content>
            <Tabs.Content value="vendors">
              <PendingVendorsTab />
            </Tabs.Content>
            <Tabs.Content value="reports">
              <ReportsTab />
            </Tabs.Content>
            <Tabs.Content value="analytics">
              <AnalyticsTab />
            </Tabs.Content>
            <Tabs.Content value="settings">
              <SettingsTab />
            </Tabs.Content>
          </Tabs.Root>
        </Stack>
      </Container>
    </Box>
  );
}

/** Signed in, but not as an admin: say so plainly instead of showing a page of failed calls. */
function AdminOnlyPanel({ name }: { name: string }) {
  return (
    <Box minH="100dvh" bg="bg.subtle" display="flex" alignItems="center" px="4">
      <Container maxW="lg">
        <VStack
          bg="bg.panel"
          borderWidth="1px"
          borderColor="border"
          rounded="2xl"
          shadow="sm"
          p={{ base: '6', md: '10' }}
          gap="4"
          textAlign="center"
          role="alert"
        >
          <Box color="red.600" aria-hidden="true">
            <ShieldAlert size={40} />
          </Box>
          <Heading as="h1" size="2xl" color="accent.900">
            Admins only
          </Heading>
          <Text color="fg.muted">
            You are signed in as {name}. The Admin Dashboard is only for administrators of this business.
          </Text>
          <Button asChild rounded="full" px="6">
            <Link href="/">Back to Home</Link>
          </Button>
        </VStack>
      </Container>
    </Box>
  );
}

/**
 * docs/product.md#screens "Admin dashboard (/admin)", admin role only: signed-out visitors go to /login (and come
 * back here after signing in), other roles see a "not allowed" panel. Logout ends on /login.
 */
export function AdminDashboardPage() {
  useDocumentTitle('Admin Dashboard');
  const { user, status, signOut } = useSession();
  const [location] = useLocation();
  const [loggingOut, setLoggingOut] = useState(false);

  if (status === 'loading') return <PageLoader label={LOADING_TEXT} />;
  if (!user) return <Redirect to={loggingOut ? '/login' : loginPathFor(location)} replace />;
  if (user.role !== 'admin') return <AdminOnlyPanel name={user.full_name} />;

  async function logout() {
    setLoggingOut(true);
    // Signing out clears the user, and the redirect above then takes the browser to /login.
    await signOut();
  }

  return <AdminDashboard onLogout={logout} loggingOut={loggingOut} />;
}
