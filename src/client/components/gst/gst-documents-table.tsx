import { Badge, Button, Stack, Table, Text } from '@chakra-ui/react';
import { Download } from 'lucide-react';
import { formatLongDate } from '../../../shared/dates';
import { formatInr, formatSignedInr } from '../../../shared/money';
import type { GstDocumentDto } from '../../../shared/schemas/gst';
import { TableFrame } from '../../pages/admin/section-card';
import { useGstPdfDownload } from './use-gst-pdf-download';

/** Each document's tax in a few words: "CGST ₹76.19 + SGST ₹76.19" or "IGST ₹152.38". */
function taxWords(doc: GstDocumentDto): string {
  return doc.intra_state ? `CGST ${formatInr(doc.cgst)} + SGST ${formatInr(doc.sgst)}` : `IGST ${formatInr(doc.igst)}`;
}

/**
 * A booking's GST documents (docs/gst.md) with a PDF download each: the customer's from My Bookings, the admin's
 * from Booking Details (`pdfPath` names the door).
 */
export function GstDocumentsTable({
  documents,
  pdfPath,
}: {
  documents: GstDocumentDto[];
  pdfPath(doc: GstDocumentDto): string;
}) {
  const { busy, download } = useGstPdfDownload();
  if (documents.length === 0) {
    return (
      <Text fontSize="sm" color="fg.muted">
        No GST documents yet: a receipt voucher is issued for each payment, the tax invoice after the event.
      </Text>
    );
  }
  return (
    // One card per document at every width: the dialogs and cards that show it are too narrow for seven columns.
    <TableFrame label="GST documents" stacked>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>Document</Table.ColumnHeader>
          <Table.ColumnHeader>Date</Table.ColumnHeader>
          <Table.ColumnHeader>Place of supply</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Taxable value</Table.ColumnHeader>
          <Table.ColumnHeader>Tax</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Total</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">PDF</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {documents.map((doc) => (
          <Table.Row key={doc.id}>
            <Table.Cell>
              <Stack gap="0.5">
                <Badge
                  alignSelf="flex-start"
                  colorPalette={
                    doc.kind === 'tax_invoice' ? 'green' : doc.kind === 'receipt_voucher' ? 'blue' : 'orange'
                  }
                >
                  {doc.title}
                </Badge>
                <Text fontWeight="medium" overflowWrap="anywhere">
                  {doc.number}
                </Text>
                {doc.lines.length > 0 && (
                  <Stack
                    as="ul"
                    gap="0"
                    listStyleType="none"
                    fontSize="xs"
                    color="fg.muted"
                    maxW="xs"
                    minW="3xs"
                    whiteSpace="normal"
                    aria-label="Lines"
                  >
                    {doc.lines.map((line, i) => (
                      <Text as="li" key={i} overflowWrap="anywhere">
                        {line.description}: {formatInr(line.taxable_value)} + tax {formatInr(line.tax)}
                      </Text>
                    ))}
                  </Stack>
                )}
                {doc.references.length > 0 && (
                  <Text fontSize="xs" color="fg.muted" overflowWrap="anywhere">
                    {doc.kind === 'credit_note' || doc.kind === 'debit_note'
                      ? 'Against'
                      : doc.kind === 'refund_voucher'
                        ? 'Refunds'
                        : 'Adjusts'}{' '}
                    {doc.references.map((ref) => ref.number).join(', ')}
                  </Text>
                )}
              </Stack>
            </Table.Cell>
            <Table.Cell data-label="Date">{formatLongDate(doc.issue_date)}</Table.Cell>
            <Table.Cell data-label="Place of supply">{doc.place_of_supply_label}</Table.Cell>
            <Table.Cell textAlign="end" data-label="Taxable value">
              {formatInr(doc.taxable_value)}
            </Table.Cell>
            <Table.Cell data-label="Tax">
              {taxWords(doc)} ({doc.rate_percent}%)
              {/* The paise the PDF rounds the total by: without it the figures would not add up to the total. */}
              {doc.round_off !== 0 && (
                <Text fontSize="xs" color="fg.muted">
                  Round off {doc.round_off > 0 ? '+' : ''}
                  {formatSignedInr(doc.round_off)}
                </Text>
              )}
            </Table.Cell>
            <Table.Cell textAlign="end" data-label="Total" fontWeight="semibold">
              {formatInr(doc.total)}
            </Table.Cell>
            <Table.Cell textAlign="end">
              <Button
                size="sm"
                variant="outline"
                colorPalette="accent"
                onClick={() => void download(doc, pdfPath(doc))}
                loading={busy === doc.id}
                aria-label={`Download ${doc.title} ${doc.number} as PDF`}
              >
                <Download aria-hidden="true" />
                PDF
              </Button>
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </TableFrame>
  );
}
