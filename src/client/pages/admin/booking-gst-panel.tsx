import { Box, Button, Field, Flex, Input, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { formatLongDate } from '../../../shared/dates';
import { issueCreditNoteFieldsSchema, type BookingGstDto } from '../../../shared/schemas/gst';
import { GstDetailsForm } from '../../components/gst/gst-details-form';
import { GstDocumentsTable } from '../../components/gst/gst-documents-table';
import { serverDetail } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { QueryContent } from './panel-states';
import { passesSchema, useFormFields } from './use-form-fields';

/** The admin's credit note against the invoice: an amount and its reason, checked with the shared schema. */
function CreditNoteForm({ bookingId, onDone }: { bookingId: string; onDone(answer: BookingGstDto): void }) {
  const { values, errors, setErrors, set } = useFormFields({ amount: '', reason: '' });
  const issue = trpc.admin.gst.issueCreditNote.useMutation({
    onSuccess: (answer) => {
      toast.success('Credit note issued');
      set('amount', '');
      set('reason', '');
      onDone(answer);
    },
    onError: (error) => {
      toast.error(serverDetail(error) ?? 'Failed to issue the credit note');
    },
  });
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (issue.isPending) return;
    const input = { amount: values.amount.trim() === '' ? undefined : Number(values.amount), reason: values.reason };
    if (!passesSchema(event, issueCreditNoteFieldsSchema, input, setErrors)) return;
    issue.mutate({ id: bookingId, ...issueCreditNoteFieldsSchema.parse(input) });
  }
  return (
    <form onSubmit={submit} noValidate aria-label="Issue a credit note">
      <Flex gap="3" direction={{ base: 'column', md: 'row' }} align={{ md: 'flex-end' }}>
        <Field.Root invalid={Boolean(errors.amount)} maxW={{ md: '40' }}>
          <Field.Label>Credit amount (₹)</Field.Label>
          <Input
            name="amount"
            inputMode="decimal"
            value={values.amount}
            onChange={(event) => set('amount', event.target.value)}
          />
          <Field.ErrorText>{errors.amount}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.reason)} flex="1">
          <Field.Label>Reason</Field.Label>
          <Input name="reason" value={values.reason} onChange={(event) => set('reason', event.target.value)} />
          <Field.ErrorText>{errors.reason}</Field.ErrorText>
        </Field.Root>
        <Button type="submit" variant="outline" colorPalette="accent" loading={issue.isPending}>
          Issue credit note
        </Button>
      </Flex>
    </form>
  );
}

/**
 * Booking Details' GST panel (docs/gst.md): the booking's GST details as the team sets them, its documents with
 * their PDFs, "Issue tax invoice" (before completion, which issues it on its own) and credit notes against it.
 */
export function BookingGstPanel({ bookingId }: { bookingId: string }) {
  const gst = trpc.admin.gst.booking.useQuery({ id: bookingId });
  const utils = trpc.useUtils();
  const [refreshKey, setRefreshKey] = useState(0);
  const update = (answer: BookingGstDto) => {
    utils.admin.gst.booking.setData({ id: bookingId }, answer);
    void utils.admin.payments.bookingAccount.invalidate();
    setRefreshKey((n) => n + 1);
  };
  const save = trpc.admin.gst.updateBooking.useMutation({
    onSuccess: (answer) => {
      update(answer);
      toast.success('GST details saved');
    },
    onError: (error) => {
      toast.error(serverDetail(error) ?? 'Failed to save the GST details');
    },
  });
  const invoice = trpc.admin.gst.issueInvoice.useMutation({
    onSuccess: (answer) => {
      update(answer);
      toast.success('Tax invoice issued');
    },
    onError: (error) => {
      toast.error(serverDetail(error) ?? 'Failed to issue the tax invoice');
    },
  });
  return (
    <QueryContent query={gst} loadingLabel="Loading the GST details" errorMessage="Failed to load the GST details">
      {(data) => {
        const invoiced = data.documents.some((doc) => doc.kind === 'tax_invoice');
        return (
          <Stack gap="5">
            <GstDetailsForm
              key={refreshKey}
              details={data.details}
              saving={save.isPending}
              onSave={(input) => save.mutate({ id: bookingId, ...input })}
            />
            <GstDocumentsTable
              documents={data.documents}
              pdfPath={(doc) => `/api/admin/gst/documents/${encodeURIComponent(doc.id)}/pdf`}
            />
            {!invoiced && (
              <Flex gap="3" align="center" flexWrap="wrap">
                <Button
                  variant="outline"
                  colorPalette="accent"
                  onClick={() => invoice.mutate({ id: bookingId })}
                  loading={invoice.isPending}
                  disabled={!data.invoice.can_issue}
                >
                  Issue tax invoice
                </Button>
                <Text fontSize="sm" color="fg.muted">
                  {data.invoice.reason ??
                    'Issued on its own when the booking is marked completed' +
                      (data.invoice.due_by
                        ? `; due by ${formatLongDate(data.invoice.due_by)} (30 days after the event)`
                        : '') +
                      '.'}
                </Text>
              </Flex>
            )}
            {invoiced && (
              <Box>
                <Text fontWeight="semibold" mb="2">
                  Credit note against the tax invoice
                </Text>
                <CreditNoteForm bookingId={bookingId} onDone={update} />
              </Box>
            )}
          </Stack>
        );
      }}
    </QueryContent>
  );
}
