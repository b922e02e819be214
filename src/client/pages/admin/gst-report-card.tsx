import { Button, Field, Flex, Input, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { Download } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { formatLongDate, todayInIndia } from '../../../shared/dates';
import { formatInr } from '../../../shared/money';
import type { Gstr1Table } from '../../../shared/schemas/gst';
import { downloadFromApi } from '../../lib/download';
import { trpc } from '../../lib/trpc';
import { QueryContent } from './panel-states';
import { SectionCard, TableFrame } from './section-card';
import { isAddressMonth, monthParam, useAddressParams } from './use-address-params';

/** GSTR-1's tables as the CA knows them, in the return's order. */
const TABLES: { table: Gstr1Table; label: string }[] = [
  { table: 'b2b', label: 'B2B (4A)' },
  { table: 'b2cl', label: 'B2C large (5)' },
  { table: 'b2cs', label: 'B2C small (7)' },
  { table: 'cdnr', label: 'Credit/debit notes, registered (9B)' },
  { table: 'cdnur', label: 'Credit/debit notes, unregistered (9B)' },
  { table: 'at', label: 'Advances received (11A)' },
  { table: 'atadj', label: 'Advances adjusted (11B)' },
  { table: 'hsn_b2b', label: 'HSN/SAC summary, B2B (12)' },
  { table: 'hsn_b2c', label: 'HSN/SAC summary, B2C (12)' },
  { table: 'docs', label: 'Documents issued (13)' },
  { table: 'register', label: 'Document register' },
];

/**
 * Reports → GST (docs/gst.md#gstr-1): a month's summary — supplies by rate, each kind of document, advances
 * received and adjusted, the net tax — and each GSTR-1 table as a CSV, all from the documents issued that month.
 */
export function GstReportCard() {
  // The month is in the address as `gst_month` (docs/product.md#gst), left out for the current month; what the field
  // holds while it is not a month stays in the field alone.
  const [params, update] = useAddressParams();
  const current = todayInIndia().slice(0, 7);
  const [draft, setDraft] = useState<string | null>(null);
  const month = draft ?? monthParam(params, 'gst_month') ?? current;
  const valid = draft === null;
  function chooseMonth(value: string) {
    const chosen = isAddressMonth(value);
    setDraft(chosen ? null : value);
    if (chosen) update({ gst_month: value === current ? null : value });
  }
  const summary = trpc.admin.gst.summary.useQuery({ month }, { enabled: valid });
  const [busy, setBusy] = useState<Gstr1Table | null>(null);

  async function download(table: Gstr1Table) {
    setBusy(table);
    try {
      await downloadFromApi(
        `/api/admin/gst/gstr1.csv?${new URLSearchParams({ month, table }).toString()}`,
        `gstr1-${table}-${month}.csv`,
        'The GSTR-1 table could not be downloaded. Please try again.',
      );
      toast.success('Report exported successfully!');
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'The GSTR-1 table could not be downloaded.');
    } finally {
      setBusy(null);
    }
  }

  return (
    <SectionCard
      title="GST"
      description="The month's GST documents for your accountant: the summary and GSTR-1's tables as CSV files."
    >
      <Stack gap="5">
        <Field.Root maxW="56" invalid={!valid}>
          <Field.Label>Month</Field.Label>
          <Input type="month" name="gst-month" value={month} onChange={(event) => chooseMonth(event.target.value)} />
          <Field.ErrorText>Choose a month</Field.ErrorText>
        </Field.Root>
        {valid && (
          <QueryContent
            query={summary}
            loadingLabel="Loading the GST summary"
            errorMessage="Failed to load the GST summary"
          >
            {(data) => (
              <Stack gap="5">
                <Text fontSize="sm" color="fg.muted">
                  Documents issued {formatLongDate(data.from)} to {formatLongDate(data.to)} (India dates).
                </Text>
                <TableFrame label="Outward supplies by rate" stackBelow="lg">
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeader>Rate</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="end">Taxable value</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="end">CGST</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="end">SGST</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="end">IGST</Table.ColumnHeader>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {data.supplies_by_rate.length === 0 && (
                      <Table.Row>
                        <Table.Cell colSpan={5} color="fg.muted">
                          No tax invoices, credit or debit notes this month.
                        </Table.Cell>
                      </Table.Row>
                    )}
                    {data.supplies_by_rate.map((row) => (
                      <Table.Row key={row.rate_percent}>
                        <Table.Cell fontWeight="medium">{row.rate_percent}%</Table.Cell>
                        <Table.Cell textAlign="end" data-label="Taxable value">
                          {formatInr(row.taxable_value)}
                        </Table.Cell>
                        <Table.Cell textAlign="end" data-label="CGST">
                          {formatInr(row.cgst)}
                        </Table.Cell>
                        <Table.Cell textAlign="end" data-label="SGST">
                          {formatInr(row.sgst)}
                        </Table.Cell>
                        <Table.Cell textAlign="end" data-label="IGST">
                          {formatInr(row.igst)}
                        </Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </TableFrame>
                <TableFrame label="Documents issued" stackBelow="lg">
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeader>Document</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="end">Count</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="end">Taxable value</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="end">Tax</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="end">Total</Table.ColumnHeader>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {data.documents.map((row) => (
                      <Table.Row key={row.kind}>
                        <Table.Cell fontWeight="medium">{row.title}</Table.Cell>
                        <Table.Cell textAlign="end" data-label="Count">
                          {row.count}
                        </Table.Cell>
                        <Table.Cell textAlign="end" data-label="Taxable value">
                          {formatInr(row.taxable_value)}
                        </Table.Cell>
                        <Table.Cell textAlign="end" data-label="Tax">
                          {formatInr(row.cgst + row.sgst + row.igst)}
                        </Table.Cell>
                        <Table.Cell textAlign="end" data-label="Total">
                          {formatInr(row.total)}
                        </Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </TableFrame>
                <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="3" fontSize="sm">
                  <Text>
                    Advances received (11A): <strong>{formatInr(data.advances_received)}</strong>
                  </Text>
                  <Text>
                    Advances adjusted (11B): <strong>{formatInr(data.advances_adjusted)}</strong>
                  </Text>
                  <Text>
                    Net CGST + SGST: <strong>{formatInr(data.net_tax.cgst + data.net_tax.sgst)}</strong>
                  </Text>
                  <Text>
                    Net IGST: <strong>{formatInr(data.net_tax.igst)}</strong>
                  </Text>
                </SimpleGrid>
                <Flex gap="2" flexWrap="wrap" aria-label="GSTR-1 CSV files" role="group">
                  {TABLES.map(({ table, label }) => {
                    const rows = data.tables.find((t) => t.table === table)?.rows ?? 0;
                    return (
                      <Button
                        key={table}
                        size="sm"
                        variant="outline"
                        colorPalette="accent"
                        onClick={() => void download(table)}
                        loading={busy === table}
                        aria-label={`Download CSV of ${label}`}
                        // A long label wraps on a phone instead of pushing the page sideways.
                        maxW="full"
                        h="auto"
                        minH={{ base: '11', md: '8' }}
                        py="1"
                        whiteSpace="normal"
                        textAlign="start"
                      >
                        <Download aria-hidden="true" />
                        {label} ({rows})
                      </Button>
                    );
                  })}
                </Flex>
              </Stack>
            )}
          </QueryContent>
        )}
      </Stack>
    </SectionCard>
  );
}
