import { GstReportCard } from './gst-report-card';
import { Button, Stack, Table, Text } from '@chakra-ui/react';
import { Download } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import type { Page } from '../../../shared/schemas/admin';
import type { VisitorAnalyticsDto } from '../../../shared/schemas/reports';
import { csvFileName, toCsv, type CsvRow } from '../../../shared/csv';
import { downloadCsv } from '../../lib/csv';
import { eventTypeLabel } from '../../lib/event-types';
import { trpc } from '../../lib/trpc';
import { yearsText } from './admin-format';
import { REPORT_PAGE_SIZE, useCustomerReport, useVendorReport } from './admin-queries';
import { EmptyPanel, QueryContent, type QueryLike } from './panel-states';
import { SectionCard, TableFrame } from './section-card';
import { ApprovalBadge } from './status-badges';

const NA = 'N/A';

function AnalyticsCells({ analytics }: { analytics: VisitorAnalyticsDto | null }) {
  return (
    <>
      <Table.Cell whiteSpace="nowrap" fontFamily="mono" fontSize="xs">
        {analytics?.ip_address ?? NA}
      </Table.Cell>
      <Table.Cell whiteSpace="nowrap">{analytics?.browser ?? NA}</Table.Cell>
      <Table.Cell textTransform={analytics?.device ? 'capitalize' : undefined}>{analytics?.device ?? NA}</Table.Cell>
    </>
  );
}

function capitalized(text: string | null): string {
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : NA;
}

/**
 * Export CSV (docs/api.md): every row of the report, not only the first page shown, read page by page from the
 * server; 'No data to export' when there is nothing.
 */
function useExport<Row extends CsvRow>(
  report: string,
  firstPage: Page<Row> | undefined,
  fetchPage: (offset: number) => Promise<Page<Row>>,
) {
  const [busy, setBusy] = useState(false);
  async function exportCsv() {
    if (!firstPage || firstPage.total === 0 || firstPage.items.length === 0) {
      toast.error('No data to export');
      return;
    }
    setBusy(true);
    try {
      const rows = [...firstPage.items];
      while (rows.length < firstPage.total) {
        const page = await fetchPage(rows.length);
        if (page.items.length === 0) break;
        rows.push(...page.items);
      }
      downloadCsv(csvFileName(report), toCsv(rows));
      toast.success('Report exported successfully!');
    } catch (error) {
      console.error('Report export failed', error);
      toast.error('Failed to export the report');
    } finally {
      setBusy(false);
    }
  }
  return { exportCsv, busy };
}

function tableNote(page: Page<unknown>): string {
  return page.total > page.items.length
    ? `${page.total} rows; the first ${page.items.length} are shown, Export CSV has all`
    : `${page.total} rows`;
}

type ReportSectionProps<Row extends CsvRow> = {
  title: string;
  /** The file name's first part: `customer-reports` → `customer-reports-2027-03-05.csv`. */
  fileName: string;
  about: string;
  query: QueryLike<Page<Row>>;
  fetchPage(offset: number): Promise<Page<Row>>;
  empty: ReactNode;
  children(rows: Row[]): ReactNode;
};

/** One report card: its table (first page) and Export CSV (every page). */
function ReportSection<Row extends CsvRow>({
  title,
  fileName,
  about,
  query,
  fetchPage,
  empty,
  children,
}: ReportSectionProps<Row>) {
  const { exportCsv, busy } = useExport<Row>(fileName, query.data, fetchPage);
  return (
    <SectionCard
      title={title}
      description={query.data ? tableNote(query.data) : about}
      actions={
        <Button
          size="sm"
          variant="outline"
          colorPalette="accent"
          onClick={() => void exportCsv()}
          loading={busy}
          aria-label={`Export CSV of ${title}`}
        >
          <Download aria-hidden="true" />
          Export CSV
        </Button>
      }
    >
      <QueryContent
        query={query}
        loadingLabel={`Loading ${title.toLowerCase()}`}
        errorMessage={`The ${title.toLowerCase()} could not be loaded.`}
        isEmpty={(page) => page.items.length === 0}
        empty={empty}
      >
        {(page) => (
          <TableFrame label={title} maxH="30rem">
            {children(page.items)}
          </TableFrame>
        )}
      </QueryContent>
    </SectionCard>
  );
}

function CustomerReports() {
  const report = useCustomerReport();
  const { client } = trpc.useUtils();
  return (
    <ReportSection
      title="Customer Reports"
      fileName="customer-reports"
      about="One row per booking, with where the visitor came from"
      query={report}
      fetchPage={(offset) => client.admin.reports.customers.query({ limit: REPORT_PAGE_SIZE, offset })}
      empty={<EmptyPanel title="No customer data yet" description="Bookings and instant quotes appear here." />}
    >
      {(rows) => (
        <>
          <Table.Header>
            <Table.Row bg="bg.subtle">
              <Table.ColumnHeader>Name</Table.ColumnHeader>
              <Table.ColumnHeader>Email</Table.ColumnHeader>
              <Table.ColumnHeader>Phone</Table.ColumnHeader>
              <Table.ColumnHeader>Event Type</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Guests</Table.ColumnHeader>
              <Table.ColumnHeader>Package</Table.ColumnHeader>
              <Table.ColumnHeader>IP Address</Table.ColumnHeader>
              <Table.ColumnHeader>Browser</Table.ColumnHeader>
              <Table.ColumnHeader>Device</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row) => (
              <Table.Row key={row.booking_id}>
                <Table.Cell minW="36" fontWeight="medium">
                  {row.customer_name}
                </Table.Cell>
                <Table.Cell whiteSpace="normal" overflowWrap="anywhere" minW="36">
                  {row.email}
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap">{row.phone ?? NA}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">{eventTypeLabel(row.event_type)}</Table.Cell>
                <Table.Cell textAlign="end">{row.guest_count ?? NA}</Table.Cell>
                <Table.Cell>{capitalized(row.pricing_tier)}</Table.Cell>
                <AnalyticsCells analytics={row.analytics} />
              </Table.Row>
            ))}
          </Table.Body>
        </>
      )}
    </ReportSection>
  );
}

function VendorReports() {
  const report = useVendorReport();
  const { client } = trpc.useUtils();
  return (
    <ReportSection
      title="Vendor Reports"
      fileName="vendor-reports"
      about="One row per supplier, with where it registered from"
      query={report}
      fetchPage={(offset) => client.admin.reports.vendors.query({ limit: REPORT_PAGE_SIZE, offset })}
      empty={
        <EmptyPanel title="No vendor data yet" description="Vendor registrations and added suppliers appear here." />
      }
    >
      {(rows) => (
        <>
          <Table.Header>
            <Table.Row bg="bg.subtle">
              <Table.ColumnHeader>Business Name</Table.ColumnHeader>
              <Table.ColumnHeader>Contact</Table.ColumnHeader>
              <Table.ColumnHeader>Email</Table.ColumnHeader>
              <Table.ColumnHeader>Location</Table.ColumnHeader>
              <Table.ColumnHeader>Experience</Table.ColumnHeader>
              <Table.ColumnHeader>Status</Table.ColumnHeader>
              <Table.ColumnHeader>IP Address</Table.ColumnHeader>
              <Table.ColumnHeader>Browser</Table.ColumnHeader>
              <Table.ColumnHeader>Device</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row) => (
              <Table.Row key={row.supplier_id}>
                <Table.Cell whiteSpace="normal" minW="32" fontWeight="medium">
                  {row.business_name}
                </Table.Cell>
                <Table.Cell whiteSpace="normal" minW="28">
                  {row.contact_person}
                </Table.Cell>
                <Table.Cell whiteSpace="normal" overflowWrap="anywhere" minW="36">
                  {row.email}
                </Table.Cell>
                <Table.Cell whiteSpace="normal">{row.location ?? NA}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">{yearsText(row.experience_years, 'yrs')}</Table.Cell>
                <Table.Cell>
                  <ApprovalBadge status={row.approval_status} />
                </Table.Cell>
                <AnalyticsCells analytics={row.analytics} />
              </Table.Row>
            ))}
          </Table.Body>
        </>
      )}
    </ReportSection>
  );
}

/** docs/product.md#screens, Reports tab: Customer Reports and Vendor Reports, each with Export CSV. */
export function ReportsTab() {
  return (
    <Stack gap="6">
      <CustomerReports />
      <VendorReports />
      <GstReportCard />
      <Text fontSize="xs" color="fg.muted">
        CSV files open in Excel with Hindi names and ₹ intact. Cells that would start a spreadsheet formula are written
        with a leading apostrophe.
      </Text>
    </Stack>
  );
}
