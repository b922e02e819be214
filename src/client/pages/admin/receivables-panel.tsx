import { Badge, Box, Button, Field, Flex, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { CalendarX2, Download } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { formatLongDate } from '../../../shared/dates';
import { formatInr } from '../../../shared/money';
import {
  RECEIVABLE_STATUSES,
  type ReceivableDto,
  type ReceivablesQuery,
  type ReceivableStatus,
} from '../../../shared/schemas/money';
import { AppDialog } from '../../components/app-dialog';
import { downloadFromApi } from '../../lib/download';
import { httpStatusOf, serverDetail } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { eventDateText, plural } from './admin-format';
import { useReloadDashboard } from './admin-queries';
import { DetailItem, DetailList } from './detail-list';
import { KEEP_PAGE } from './filtered-list-section';
import { ListPager, useDebouncedValue } from './list-pager';
import { MoneyFigures } from './money-figures';
import { EmptyPanel, QueryContent } from './panel-states';
import { SectionCard, TableFrame } from './section-card';
import { BookingStatusBadge, bookingStatusLabel } from './status-badges';
import { intParam, useAddressParams } from './use-address-params';
import { useLastDefined } from './use-last-defined';
import { SearchBox } from './search-box';
import { useSingleFlight } from '../../lib/single-flight';

export const RECEIVABLES_PAGE_SIZE = 20;

/** "Show": everything, overdue only, or due within a number of days (overdue ones included). */
const DUE_WINDOWS = [7, 14, 30] as const;
type Show = 'all' | 'overdue' | `${number}`;

/** The Receivables filters as the address holds them (`overdue=1`, `due_within=7`, `status`, `q`, `page`). */
function useReceivablesFilters() {
  const [params, update] = useAddressParams();
  const status = RECEIVABLE_STATUSES.find((value) => value === params.get('status'));
  const overdue = params.get('overdue') === '1';
  const dueWithin = params.has('due_within') ? intParam(params, 'due_within', -1, 0, 365) : -1;
  const show: Show = overdue ? 'overdue' : dueWithin >= 0 ? `${dueWithin}` : 'all';
  return {
    status,
    show,
    q: params.get('q') ?? '',
    page: Math.max(0, intParam(params, 'page', 1, 1) - 1),
    setStatus: (value: ReceivableStatus | '') => update({ status: value, page: null }),
    setShow: (value: Show) =>
      update({
        overdue: value === 'overdue' ? '1' : null,
        due_within: value === 'all' || value === 'overdue' ? null : value,
        page: null,
      }),
    setQ: (value: string) => update({ q: value, page: null }),
    setPage: (page: number) => update({ page: page > 0 ? String(page + 1) : null }),
    /** The filters as the server reads them (the list and its CSV file). */
    query: {
      ...(status && { status }),
      ...(overdue && { overdue: true }),
      ...(!overdue && dueWithin >= 0 && { due_within_days: dueWithin }),
      ...(params.get('q') && { q: params.get('q')! }),
    } satisfies ReceivablesQuery,
  };
}

/** The search box: typed text goes to the address (and the server) once typing pauses. */
function SearchField({ value, onSettled }: { value: string; onSettled(value: string): void }) {
  const [text, setText] = useState(value);
  const settled = useDebouncedValue(text.trim(), 300);
  const latest = useRef({ value, onSettled });
  useEffect(() => {
    latest.current = { value, onSettled };
  });
  useEffect(() => {
    if (settled !== latest.current.value) latest.current.onSettled(settled);
  }, [settled]);
  return (
    <SearchBox
      flex="1"
      label="Search receivables"
      placeholder="Client, event or reference"
      value={text}
      onChange={setText}
    />
  );
}

function Select<Value extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: Value;
  options: readonly { value: Value; label: string }[];
  onChange(value: Value): void;
}) {
  return (
    <Field.Root w={{ base: 'full', md: '52' }}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field bg="bg.panel" value={value} onChange={(event) => onChange(event.target.value as Value)}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

function showOptions(current: Show): { value: Show; label: string }[] {
  const windows = [...DUE_WINDOWS.map(String)];
  if (current !== 'all' && current !== 'overdue' && !windows.includes(current)) windows.push(current);
  return [
    { value: 'all', label: 'All receivables' },
    { value: 'overdue', label: 'Overdue only' },
    ...windows.map((days) => ({ value: days as Show, label: `Due within ${plural(Number(days), 'day')}` })),
  ];
}

const STATUS_OPTIONS: { value: ReceivableStatus | ''; label: string }[] = [
  { value: '', label: 'All statuses' },
  ...RECEIVABLE_STATUSES.map((status) => ({
    value: status,
    label: bookingStatusLabel(status).replace(/^./, (first) => first.toUpperCase()),
  })),
];

function OverdueBadge({ days }: { days: number }) {
  return (
    <Badge colorPalette="red" variant="solid" rounded="full" px="2.5" whiteSpace="nowrap">
      {plural(days, 'day')} overdue
    </Badge>
  );
}

function ReceivablesTable({
  rows,
  onRelease,
}: {
  rows: readonly ReceivableDto[];
  onRelease(row: ReceivableDto): void;
}) {
  return (
    <TableFrame label="Receivables" stackBelow="xl">
      <Table.Header>
        <Table.Row bg="bg.subtle">
          <Table.ColumnHeader>Booking</Table.ColumnHeader>
          <Table.ColumnHeader>Client</Table.ColumnHeader>
          <Table.ColumnHeader textAlign={{ md: 'end' }}>Total</Table.ColumnHeader>
          <Table.ColumnHeader textAlign={{ md: 'end' }}>Paid</Table.ColumnHeader>
          <Table.ColumnHeader textAlign={{ md: 'end' }}>Due now</Table.ColumnHeader>
          <Table.ColumnHeader>Next due</Table.ColumnHeader>
          <Table.ColumnHeader textAlign={{ md: 'end' }}>Outstanding</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Actions</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body role="rowgroup">
        {rows.map((row) => {
          const overdue = row.days_overdue > 0;
          return (
            <Table.Row
              role="row"
              key={row.booking_id}
              bg={overdue ? 'red.subtle' : undefined}
              borderStartWidth={overdue ? '4px' : undefined}
              borderStartColor={overdue ? 'red.solid' : undefined}
            >
              <Table.Cell role="cell" minW="40" w={{ md: '56' }} whiteSpace="normal">
                <Text fontWeight="semibold">{row.event_name}</Text>
                <Text fontSize="xs" color="fg.muted">
                  {row.reference} · {eventDateText(row.event_date)}
                </Text>
                <Box mt="1">
                  <BookingStatusBadge status={row.status} />
                </Box>
              </Table.Cell>
              <Table.Cell role="cell" minW="32" w={{ md: '40' }} whiteSpace="normal">
                <Text>{row.client_name}</Text>
                <Text fontSize="xs" color="fg.muted" wordBreak="break-all">
                  {row.client_phone ?? row.client_email}
                </Text>
              </Table.Cell>
              <Table.Cell role="cell" data-label="Total" textAlign={{ md: 'end' }} whiteSpace="nowrap">
                {formatInr(row.total)}
              </Table.Cell>
              <Table.Cell role="cell" data-label="Paid" textAlign={{ md: 'end' }} whiteSpace="nowrap">
                {formatInr(row.paid)}
              </Table.Cell>
              <Table.Cell
                role="cell"
                data-label="Due now"
                textAlign={{ md: 'end' }}
                whiteSpace="nowrap"
                fontWeight={row.due_now > 0 ? 'semibold' : undefined}
                color={overdue ? 'red.fg' : undefined}
              >
                {formatInr(row.due_now)}
              </Table.Cell>
              <Table.Cell role="cell" data-label="Next due" minW="36">
                {row.next_due ? (
                  <Stack gap="1" align="flex-start">
                    <Text>
                      {row.next_due.label}: {formatInr(row.next_due.amount)}
                    </Text>
                    <Text fontSize="xs" color="fg.muted">
                      {formatLongDate(row.next_due.due_date)}
                    </Text>
                    {overdue && <OverdueBadge days={row.days_overdue} />}
                  </Stack>
                ) : (
                  <Text color="fg.muted">Paid in full</Text>
                )}
              </Table.Cell>
              <Table.Cell
                role="cell"
                data-label="Outstanding"
                textAlign={{ md: 'end' }}
                whiteSpace="nowrap"
                fontWeight="semibold"
              >
                {formatInr(row.outstanding)}
              </Table.Cell>
              <Table.Cell role="cell" textAlign="end" data-actions="">
                {row.release && (
                  <Flex justify="flex-end">
                    <Button
                      size="xs"
                      variant="outline"
                      colorPalette="red"
                      onClick={() => onRelease(row)}
                      aria-label={`Release the date of ${row.event_name}`}
                      whiteSpace="nowrap"
                    >
                      <CalendarX2 aria-hidden="true" />
                      Release the date
                    </Button>
                  </Flex>
                )}
              </Table.Cell>
            </Table.Row>
          );
        })}
      </Table.Body>
    </TableFrame>
  );
}

/**
 * "Release the date": the booking is cancelled as the customer's cancellation (the terms' refund on what the
 * ledger holds), after the admin has seen that refund. Cancel has the first focus.
 */
function ReleaseDateDialog({ row, onClose }: { row: ReceivableDto | null; onClose(): void }) {
  const shown = useLastDefined(row);
  const keep = useRef<HTMLButtonElement>(null);
  const reload = useReloadDashboard();
  const release = trpc.admin.receivables.releaseDate.useMutation();
  const once = useSingleFlight();
  const refund = shown?.release?.refund;

  function confirm() {
    if (!shown || release.isPending) return;
    once((done) =>
      release.mutate(
        { id: shown.booking_id },
        {
          onSettled: done,
          onSuccess: (result) => {
            const amount = result.refund.refund_amount;
            toast.success(
              amount > 0
                ? `Date released. Refund due: ${formatInr(amount)}`
                : 'Date released: the booking is cancelled',
            );
            onClose();
            void reload();
          },
          onError: (error) => {
            toast.error(serverDetail(error) ?? 'The date could not be released. Please try again.');
            // Refused because the booking changed meanwhile (paid, cancelled): the row is out of date.
            if (httpStatusOf(error) === 409) {
              onClose();
              void reload();
            }
          },
        },
      ),
    );
  }

  return (
    <AppDialog
      open={row !== null}
      onClose={onClose}
      title="Release the date?"
      description={shown ? `${shown.event_name} · ${shown.reference} · ${eventDateText(shown.event_date)}` : undefined}
      role="alertdialog"
      size="md"
      initialFocusEl={() => keep.current}
      footer={
        <>
          <Button variant="ghost" colorPalette="accent" onClick={onClose} ref={keep}>
            Keep booking
          </Button>
          <Button colorPalette="red" rounded="full" px="5" loading={release.isPending} onClick={confirm}>
            Release the date
          </Button>
        </>
      }
    >
      {shown?.release && refund && (
        <Stack gap="4">
          <Text>
            The advance was due on {formatLongDate(shown.release.advance_due_date)} and is{' '}
            {plural(shown.days_overdue, 'day')} overdue. Releasing the date cancels the booking as the customer&apos;s
            cancellation: the terms&apos; refund applies and the customer is e-mailed.
          </Text>
          <DetailList>
            <DetailItem label="Client">{shown.client_name}</DetailItem>
            <DetailItem label="Paid so far">{formatInr(refund.amount_paid)}</DetailItem>
            <DetailItem label="Deposit kept">{formatInr(refund.deposit_held)}</DetailItem>
            <DetailItem label="Terms">{refund.band_label}</DetailItem>
            <DetailItem label="Refund to the customer">
              <Text as="span" fontWeight="semibold" fontSize="lg" color="accent.900">
                {formatInr(refund.refund_amount)}
              </Text>
            </DetailItem>
          </DetailList>
        </Stack>
      )}
    </AppDialog>
  );
}

/**
 * Receivables (docs/product.md#money): every booking that owes the payment schedule, most overdue first, with the
 * filters in the address, totals over the filters, a CSV of every matching row, and "Release the date" on a
 * booking whose advance is overdue.
 */
export function ReceivablesPanel() {
  const filters = useReceivablesFilters();
  const [releasing, setReleasing] = useState<ReceivableDto | null>(null);
  const [downloading, setDownloading] = useState(false);
  const list = trpc.admin.receivables.list.useQuery(
    { ...filters.query, limit: RECEIVABLES_PAGE_SIZE, offset: filters.page * RECEIVABLES_PAGE_SIZE },
    KEEP_PAGE,
  );

  async function download() {
    setDownloading(true);
    try {
      const params = new URLSearchParams(
        Object.entries(filters.query).map(([key, value]) => [key, String(value)]),
      ).toString();
      await downloadFromApi(
        `/api/admin/receivables.csv${params ? `?${params}` : ''}`,
        'receivables.csv',
        'The receivables could not be downloaded. Please try again.',
      );
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'The receivables could not be downloaded.');
    } finally {
      setDownloading(false);
    }
  }

  const totals = list.data?.totals;
  return (
    <SectionCard
      title="Receivables"
      description={
        list.data
          ? 'What each booking owes by the payment schedule, ' +
            `as of ${formatLongDate(list.data.as_of)}. Most overdue first.`
          : 'What each booking owes by the payment schedule. Most overdue first.'
      }
      actions={
        <Button
          size="sm"
          variant="outline"
          colorPalette="accent"
          onClick={() => void download()}
          loading={downloading}
          loadingText="Preparing…"
          aria-label="Download CSV of Receivables"
        >
          <Download aria-hidden="true" />
          Download CSV
        </Button>
      }
    >
      <Flex gap="3" direction={{ base: 'column', md: 'row' }} mb="4">
        <SearchField value={filters.q} onSettled={filters.setQ} />
        <Select label="Show" value={filters.show} options={showOptions(filters.show)} onChange={filters.setShow} />
        <Select label="Status" value={filters.status ?? ''} options={STATUS_OPTIONS} onChange={filters.setStatus} />
      </Flex>
      {totals && (
        <MoneyFigures
          label="Receivables totals"
          figures={[
            {
              label: 'Due now',
              rupees: totals.due_now,
              note: totals.overdue_bookings > 0 ? `${plural(totals.overdue_bookings, 'booking')} overdue` : undefined,
              tone: totals.due_now > 0 ? 'alert' : 'plain',
            },
            { label: 'Outstanding', rupees: totals.outstanding, note: plural(totals.bookings, 'booking') },
            { label: 'Paid', rupees: totals.paid },
            { label: 'Booking totals', rupees: totals.total },
          ]}
        />
      )}
      <QueryContent
        query={list}
        loadingLabel="Loading receivables"
        errorMessage="The receivables could not be loaded."
        isEmpty={(page) => page.items.length === 0}
        empty={
          <EmptyPanel
            title="No receivables match"
            description="Confirmed bookings appear here with what they owe. Try other filters."
          />
        }
      >
        {(page) => <ReceivablesTable rows={page.items} onRelease={setReleasing} />}
      </QueryContent>
      {list.data && list.data.total > 0 && (
        <ListPager
          label="Receivables"
          page={filters.page}
          pageSize={RECEIVABLES_PAGE_SIZE}
          total={list.data.total}
          onPageChange={filters.setPage}
          busy={list.isFetching}
        />
      )}
      <ReleaseDateDialog row={releasing} onClose={() => setReleasing(null)} />
    </SectionCard>
  );
}
