import { trpc } from '../../lib/trpc';

/** docs/product.md#screens: the Bookings and Customers tabs show the first 10. */
export const RECENT_BOOKINGS_INPUT = { limit: 10 } as const;
export const CUSTOMERS_PAGE_SIZE = 10;
export const CUSTOMERS_FIRST_PAGE = { limit: CUSTOMERS_PAGE_SIZE, offset: 0 } as const;
/** The report tables show the server's first page (500 rows); Export CSV reads every page. */
export const REPORT_PAGE_SIZE = 500;
export const REPORT_FIRST_PAGE = { limit: REPORT_PAGE_SIZE, offset: 0 } as const;

/*
 * One hook per call of the spec's admin load (section 7), so the page (which waits for the first load) and the
 * tab that shows the data share one cached query. `enabled` is false until the session is known to be an admin's.
 */

export function useDashboardStats(enabled = true) {
  return trpc.admin.stats.useQuery(undefined, { enabled });
}

export function useRecentBookings(enabled = true) {
  return trpc.admin.bookings.list.useQuery(RECENT_BOOKINGS_INPUT, { enabled });
}

export function useSuppliers(enabled = true) {
  return trpc.admin.suppliers.list.useQuery(undefined, { enabled });
}

export function useCustomersFirstPage(enabled = true) {
  return trpc.admin.customers.list.useQuery(CUSTOMERS_FIRST_PAGE, { enabled });
}

export function usePendingVendors(enabled = true) {
  return trpc.admin.vendors.pending.useQuery(undefined, { enabled });
}

export function useReportSummary(enabled = true) {
  return trpc.admin.reports.summary.useQuery(undefined, { enabled });
}

export function useCustomerReport(enabled = true) {
  return trpc.admin.reports.customers.useQuery(REPORT_FIRST_PAGE, { enabled });
}

export function useVendorReport(enabled = true) {
  return trpc.admin.reports.vendors.useQuery(REPORT_FIRST_PAGE, { enabled });
}

export function useCityWiseReport(enabled = true) {
  return trpc.admin.reports.cityWise.useQuery(undefined, { enabled });
}

export function useEventTypeReport(enabled = true) {
  return trpc.admin.reports.eventTypeWise.useQuery(undefined, { enabled });
}

/** The reports load after the main load (docs/api.md); their failures are only logged (section 8). */
export function useReports(enabled = true) {
  return [
    useReportSummary(enabled),
    useCustomerReport(enabled),
    useVendorReport(enabled),
    useCityWiseReport(enabled),
    useEventTypeReport(enabled),
  ] as const;
}

/**
 * docs/product.md#accounts: after approve, reject or assign "the dashboard data reloads (reports reload too after
 * approve or reject)". Every admin query is marked stale and the mounted ones refetch, so stats, lists and reports
 * agree.
 */
export function useReloadDashboard(): () => Promise<void> {
  const utils = trpc.useUtils();
  return () => utils.admin.invalidate();
}

/** The admin's notifications again, when the live stream says only their unread count changed. */
export function useReloadNotifications(): () => Promise<void> {
  const utils = trpc.useUtils();
  return () => utils.admin.notifications.list.invalidate();
}
