import { Badge, Button, Field, Flex, Heading, Input, Stack, Table, Text } from '@chakra-ui/react';
import { Download } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { addDays, formatLongDate, isIsoDate, todayInIndia } from '../../../shared/dates';
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS } from '../../../shared/domain';
import { formatInr, formatSignedInr } from '../../../shared/money';
import {
  monthOf,
  type CollectionEntryDto,
  type CollectionsDayDto,
  type CollectionsDto,
  type CollectionsFiguresDto,
} from '../../../shared/schemas/money';
import { downloadFromApi } from '../../lib/download';
import { trpc } from '../../lib/trpc';
import { indiaDateTimeText } from './admin-format';
import { KEEP_PAGE } from './filtered-list-section';
import { ListPager } from './list-pager';
import { MoneyFigures } from './money-figures';
import { EmptyPanel, QueryContent } from './panel-states';
import { SectionCard, TableFrame } from './section-card';
import { intParam, useAddressParams } from './use-address-params';

export const COLLECTION_ENTRIES_PAGE_SIZE = 50;

/** The range in the address (`from`, `to`); absent means this month so far, which the server fills in. */
function useCollectionsRange() {
  const [params, update] = useAddressParams();
  const read = (key: string) => {
    const value = params.get(key);
    return value && isIsoDate(value) ? value : undefined;
  };
  const from = read('from');
  const to = read('to');
  return {
    from,
    to,
    page: Math.max(0, intParam(params, 'entries_page', 1, 1) - 1),
    setRange: (range: { from?: string; to?: string }) =>
      update({ from: range.from ?? null, to: range.to ?? null, entries_page: null }),
    setPage: (page: number) => update({ entries_page: page > 0 ? String(page + 1) : null }),
  };
}

/** The methods that took money in the range (all of them when none did), so empty columns do not crowd a phone. */
function methodsIn(totals: CollectionsFiguresDto) {
  const used = PAYMENT_METHODS.filter((method) => totals.by_method[method] !== 0);
  return used.length > 0 ? used : [...PAYMENT_METHODS];
}

function ByDayTable({ data }: { data: CollectionsDto }) {
  const methods = methodsIn(data.totals);
  const unrecorded = data.totals.method_not_recorded !== 0;
  const cells = (figures: CollectionsFiguresDto) => (
    <>
      {/* Each figure names its column: on a phone the rows stack into cards without the header. */}
      {methods.map((method) => (
        <Table.Cell
          key={method}
          role="cell"
          data-label={PAYMENT_METHOD_LABELS[method]}
          textAlign="end"
          whiteSpace="nowrap"
        >
          {formatInr(figures.by_method[method])}
        </Table.Cell>
      ))}
      {unrecorded && (
        <Table.Cell role="cell" data-label="Method not recorded" textAlign="end" whiteSpace="nowrap">
          {formatInr(figures.method_not_recorded)}
        </Table.Cell>
      )}
      <Table.Cell role="cell" data-label="Received" textAlign="end" whiteSpace="nowrap" fontWeight="semibold">
        {formatInr(figures.received)}
      </Table.Cell>
      <Table.Cell role="cell" data-label="Refunds paid" textAlign="end" whiteSpace="nowrap">
        {formatSignedInr(-figures.refunds_paid)}
      </Table.Cell>
      <Table.Cell role="cell" data-label="Net" textAlign="end" whiteSpace="nowrap" fontWeight="semibold">
        {formatSignedInr(figures.net)}
      </Table.Cell>
    </>
  );
  return (
    <TableFrame label="Collections by day" maxH="26rem" stackBelow="lg">
      <Table.Header>
        <Table.Row bg="bg.subtle">
          <Table.ColumnHeader>Date</Table.ColumnHeader>
          {methods.map((method) => (
            <Table.ColumnHeader key={method} textAlign="end">
              {PAYMENT_METHOD_LABELS[method]}
            </Table.ColumnHeader>
          ))}
          {unrecorded && <Table.ColumnHeader textAlign="end">Method not recorded</Table.ColumnHeader>}
          <Table.ColumnHeader textAlign="end">Received</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Refunds paid</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Net</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body role="rowgroup">
        {data.days.map((day: CollectionsDayDto) => (
          <Table.Row role="row" key={day.date}>
            <Table.Cell role="cell" whiteSpace="nowrap">
              {formatLongDate(day.date)}
            </Table.Cell>
            {cells(day)}
          </Table.Row>
        ))}
      </Table.Body>
      <Table.Footer role="rowgroup">
        <Table.Row role="row" bg="bg.subtle" fontWeight="semibold">
          <Table.Cell role="cell">Total</Table.Cell>
          {cells(data.totals)}
        </Table.Row>
      </Table.Footer>
    </TableFrame>
  );
}

function EntriesTable({ entries }: { entries: readonly CollectionEntryDto[] }) {
  return (
    <TableFrame label="Ledger rows" stackBelow="lg">
      <Table.Header>
        <Table.Row bg="bg.subtle">
          <Table.ColumnHeader>When</Table.ColumnHeader>
          <Table.ColumnHeader>Kind</Table.ColumnHeader>
          <Table.ColumnHeader textAlign={{ md: 'end' }}>Amount</Table.ColumnHeader>
          <Table.ColumnHeader>Method / reference</Table.ColumnHeader>
          <Table.ColumnHeader>Booking</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body role="rowgroup">
        {entries.map((entry) => (
          <Table.Row role="row" key={`${entry.kind}-${entry.id}`}>
            <Table.Cell role="cell" whiteSpace="nowrap">
              {indiaDateTimeText(entry.at)}
            </Table.Cell>
            <Table.Cell role="cell">
              <Badge
                colorPalette={entry.kind === 'payment' ? 'green' : 'purple'}
                variant="subtle"
                rounded="full"
                px="2.5"
              >
                {entry.kind === 'payment' ? 'Received' : 'Refund paid'}
              </Badge>
            </Table.Cell>
            <Table.Cell
              role="cell"
              data-label="Amount"
              textAlign={{ md: 'end' }}
              whiteSpace="nowrap"
              fontWeight="semibold"
            >
              {formatSignedInr(entry.kind === 'refund' ? -entry.amount : entry.amount)}
            </Table.Cell>
            <Table.Cell role="cell" data-label="Method">
              <Text>
                {entry.method ? PAYMENT_METHOD_LABELS[entry.method] : entry.kind === 'refund' ? 'Payout' : '—'}
              </Text>
              {entry.reference && (
                <Text fontSize="xs" color="fg.muted" wordBreak="break-all">
                  {entry.reference}
                </Text>
              )}
            </Table.Cell>
            <Table.Cell role="cell" minW="44">
              <Text>{entry.event_name}</Text>
              <Text fontSize="xs" color="fg.muted">
                {entry.booking_reference} · {entry.client_name}
              </Text>
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </TableFrame>
  );
}

function DateField({ label, value, onChange }: { label: string; value: string; onChange(value: string): void }) {
  return (
    <Field.Root w={{ base: 'full', sm: '44' }}>
      <Field.Label>{label}</Field.Label>
      <Input type="date" bg="bg.panel" value={value} onChange={(event) => onChange(event.target.value)} />
    </Field.Root>
  );
}

/**
 * Collections (docs/product.md#money): money received by India date and method, and refunds paid out, over a
 * range (this month so far by default, in the address), with totals, the ledger rows behind them and a CSV.
 */
export function CollectionsPanel() {
  const range = useCollectionsRange();
  const [downloading, setDownloading] = useState(false);
  const result = trpc.admin.collections.list.useQuery(
    {
      ...(range.from && { from: range.from }),
      ...(range.to && { to: range.to }),
      limit: COLLECTION_ENTRIES_PAGE_SIZE,
      offset: range.page * COLLECTION_ENTRIES_PAGE_SIZE,
    },
    KEEP_PAGE,
  );
  const shownFrom = result.data?.from ?? range.from ?? '';
  const shownTo = result.data?.to ?? range.to ?? '';
  const today = todayInIndia();
  const lastMonth = monthOf(addDays(`${today.slice(0, 8)}01`, -1));

  async function download() {
    if (!result.data) return;
    setDownloading(true);
    try {
      const params = new URLSearchParams({ from: result.data.from, to: result.data.to }).toString();
      await downloadFromApi(
        `/api/admin/collections.csv?${params}`,
        `collections-${result.data.from}-to-${result.data.to}.csv`,
        'The collections could not be downloaded. Please try again.',
      );
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'The collections could not be downloaded.');
    } finally {
      setDownloading(false);
    }
  }

  return (
    <SectionCard
      title="Collections"
      description={
        result.data
          ? `Money received and refunds paid out, ${formatLongDate(result.data.from)} ` +
            `to ${formatLongDate(result.data.to)} (India dates).`
          : 'Money received and refunds paid out, by day and method (India dates).'
      }
      actions={
        <Button
          size="sm"
          variant="outline"
          colorPalette="accent"
          onClick={() => void download()}
          loading={downloading}
          loadingText="Preparing…"
          disabled={!result.data}
          aria-label="Download CSV of Collections"
        >
          <Download aria-hidden="true" />
          Download CSV
        </Button>
      }
    >
      <Flex gap="3" direction={{ base: 'column', sm: 'row' }} align={{ sm: 'flex-end' }} mb="4" flexWrap="wrap">
        <DateField label="From" value={shownFrom} onChange={(from) => range.setRange({ from, to: range.to })} />
        <DateField label="To" value={shownTo} onChange={(to) => range.setRange({ from: range.from, to })} />
        <Flex gap="2">
          <Button size="sm" variant="ghost" colorPalette="accent" onClick={() => range.setRange({})}>
            This month
          </Button>
          <Button size="sm" variant="ghost" colorPalette="accent" onClick={() => range.setRange(lastMonth)}>
            Last month
          </Button>
        </Flex>
      </Flex>
      <QueryContent
        query={result}
        loadingLabel="Loading collections"
        errorMessage={
          'The collections could not be loaded. Check the dates: From must not be after To, at most a year apart.'
        }
      >
        {(data) => (
          <Stack gap="5">
            <MoneyFigures
              label="Collections totals"
              figures={[
                { label: 'Received', rupees: data.totals.received },
                { label: 'Refunds paid out', rupees: data.totals.refunds_paid },
                { label: 'Net', rupees: data.totals.net },
              ]}
            />
            {data.days.length === 0 ? (
              <EmptyPanel
                title="No money moved in these days"
                description="Payments and refunds paid out appear here."
              />
            ) : (
              <>
                <ByDayTable data={data} />
                <Stack gap="3">
                  <Heading as="h3" fontSize="md" color="accent.900">
                    Ledger rows
                  </Heading>
                  <EntriesTable entries={data.entries} />
                  <ListPager
                    label="Ledger rows"
                    page={range.page}
                    pageSize={COLLECTION_ENTRIES_PAGE_SIZE}
                    total={data.total_entries}
                    onPageChange={range.setPage}
                    busy={result.isFetching}
                  />
                </Stack>
              </>
            )}
          </Stack>
        )}
      </QueryContent>
    </SectionCard>
  );
}
