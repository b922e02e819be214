import { Button, Code, Flex, Stack, Table, Text } from '@chakra-ui/react';
import { BadgeCheck } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { formatInr } from '../../../shared/money';
import {
  markRefundPaidFieldsSchema,
  type AdminRefundDto,
  type AdminRefundsQuery,
} from '../../../shared/schemas/account';
import { AppDialog } from '../../components/app-dialog';
import { TextField } from '../../components/text-field';
import { httpStatusOf, serverDetail } from '../../lib/errors';
import { focusFirstInvalid } from '../../lib/form-errors';
import { useSingleFlight } from '../../lib/single-flight';
import { trpc } from '../../lib/trpc';
import { indiaDateTimeText } from './admin-format';
import { useReloadDashboard } from './admin-queries';
import { DetailItem, DetailList } from './detail-list';
import { FilteredListSection, KEEP_PAGE, useFilteredPage } from './filtered-list-section';
import { refundReasonLabel, RefundStatusBadge } from './payment-badges';
import { PAYMENTS_PAGE_SIZE } from './payment-orders-panel';
import { TableFrame } from './section-card';
import { firstIssuePerField, useFormFields } from './use-form-fields';
import { useLastDefined } from './use-last-defined';

export const REFUND_PAID_MESSAGE = 'Refund marked paid';

type RefundFilter = NonNullable<AdminRefundsQuery['status']>;

const FILTERS: { value: RefundFilter; label: string }[] = [
  { value: 'due', label: 'Due' },
  { value: 'paid', label: 'Paid' },
  { value: 'all', label: 'All refunds' },
];

const EMPTY_TEXT: Record<RefundFilter, { title: string; description: string }> = {
  due: { title: 'No refunds due', description: 'A cancellation that owes money back adds a refund here.' },
  paid: { title: 'No refunds paid yet', description: 'Refunds you mark paid appear here.' },
  all: { title: 'No refunds yet', description: 'A cancellation that owes money back adds a refund here.' },
};

/** The policy line the server stored with the refund ("15–30 days before the event: 50% …"), when it has one. */
function policyBasis(refund: AdminRefundDto): string | null {
  const label = refund.policy.band_label;
  return typeof label === 'string' && label.trim() !== '' ? label : null;
}

type MarkPaidMutation = ReturnType<typeof trpc.admin.refunds.markPaid.useMutation>;

function MarkPaidForm({
  formId,
  refund,
  markPaid,
  onDone,
}: {
  formId: string;
  refund: AdminRefundDto;
  markPaid: MarkPaidMutation;
  onDone(): void;
}) {
  const { values, errors, setErrors, set } = useFormFields({ reference: '' });
  const reload = useReloadDashboard();
  const once = useSingleFlight();
  const basis = policyBasis(refund);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (markPaid.isPending) return;
    const parsed = markRefundPaidFieldsSchema.safeParse(values);
    if (!parsed.success) {
      const found = firstIssuePerField(parsed.error);
      setErrors(found);
      focusFirstInvalid(event.currentTarget, found);
      return;
    }
    const reference = parsed.data.reference || undefined;
    once((done) =>
      markPaid.mutate(
        { id: refund.id, ...(reference ? { reference } : {}) },
        {
          onSettled: done,
          onSuccess: () => {
            toast.success(REFUND_PAID_MESSAGE);
            onDone();
            void reload();
          },
          onError: (error) => {
            toast.error(serverDetail(error) ?? 'Failed to mark the refund paid');
            // Already marked paid (by another admin, or an earlier click): the row shows what is true now.
            if (httpStatusOf(error) === 409) {
              onDone();
              void reload();
            }
          },
        },
      ),
    );
  }

  return (
    <form id={formId} onSubmit={submit} noValidate aria-label="Mark refund paid">
      <Stack gap="5">
        <DetailList>
          <DetailItem label="Amount">{formatInr(refund.amount)}</DetailItem>
          <DetailItem label="Client">
            {refund.client_name} ({refund.client_email})
          </DetailItem>
          <DetailItem label="Booking">
            {refund.event_name} · {refund.reference}
          </DetailItem>
          <DetailItem label="Reason">{refundReasonLabel(refund)}</DetailItem>
          {basis && <DetailItem label="Basis">{basis}</DetailItem>}
        </DetailList>
        <TextField
          name="reference"
          label="Payment reference"
          autoComplete="off"
          maxLength={100}
          placeholder="UTR or bank reference"
          helperText="Optional: the UTR or bank reference of the money you sent back."
          value={values.reference}
          onValueChange={(value) => set('reference', value)}
          error={errors.reference}
        />
      </Stack>
    </form>
  );
}

/** The admin pays the refund outside the app (bank or UPI), then records it here once. */
function MarkPaidDialog({ refund, onClose }: { refund: AdminRefundDto | null; onClose(): void }) {
  const formId = useId();
  const shown = useLastDefined(refund);
  const markPaid = trpc.admin.refunds.markPaid.useMutation();
  return (
    <AppDialog
      open={refund !== null}
      onClose={onClose}
      title="Mark refund paid"
      description="Record the refund after the money has been sent to the client."
      size="md"
      initialFocusEl={() => document.getElementById(formId)?.querySelector('input') ?? null}
      footer={
        <>
          <Button variant="ghost" colorPalette="accent" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} rounded="full" px="6" loading={markPaid.isPending} loadingText="Saving…">
            Mark paid
          </Button>
        </>
      }
    >
      {shown && <MarkPaidForm key={shown.id} formId={formId} refund={shown} markPaid={markPaid} onDone={onClose} />}
    </AppDialog>
  );
}

function RefundsTable({
  refunds,
  onMarkPaid,
}: {
  refunds: readonly AdminRefundDto[];
  onMarkPaid(refund: AdminRefundDto): void;
}) {
  // Eight columns need the desktop's 1280 px, as Receivables and Payment orders do (docs/decisions.md, "Tablets and
  // laptops"): below it the rows stack into cards, so Mark paid is never behind a sideways scroll.
  return (
    <TableFrame label="Refunds" stackBelow="xl">
      <Table.Header>
        <Table.Row bg="bg.subtle">
          <Table.ColumnHeader>Reference</Table.ColumnHeader>
          <Table.ColumnHeader>Event</Table.ColumnHeader>
          <Table.ColumnHeader>Client</Table.ColumnHeader>
          <Table.ColumnHeader textAlign={{ md: 'end' }}>Amount</Table.ColumnHeader>
          <Table.ColumnHeader>Reason</Table.ColumnHeader>
          <Table.ColumnHeader>Status</Table.ColumnHeader>
          <Table.ColumnHeader>Created / Paid</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Actions</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body role="rowgroup">
        {refunds.map((refund) => (
          <Table.Row role="row" key={refund.id}>
            <Table.Cell role="cell" data-label="Reference">
              <Code size="sm" variant="plain" fontWeight="semibold">
                {refund.reference}
              </Code>
            </Table.Cell>
            <Table.Cell role="cell" minW="36">
              <Text fontWeight="semibold">{refund.event_name}</Text>
            </Table.Cell>
            <Table.Cell role="cell" minW="44">
              <Text>{refund.client_name}</Text>
              <Text fontSize="xs" color="fg.muted" wordBreak="break-all">
                {refund.client_email}
              </Text>
            </Table.Cell>
            <Table.Cell
              role="cell"
              data-label="Amount"
              textAlign={{ md: 'end' }}
              fontWeight="semibold"
              whiteSpace="nowrap"
            >
              {formatInr(refund.amount)}
            </Table.Cell>
            <Table.Cell role="cell" data-label="Reason">
              {refundReasonLabel(refund)}
            </Table.Cell>
            <Table.Cell role="cell">
              <RefundStatusBadge status={refund.status} />
            </Table.Cell>
            <Table.Cell role="cell" data-label="Created" whiteSpace="nowrap">
              {indiaDateTimeText(refund.created_at)}
              {refund.paid_at && (
                // The cell keeps its date on one line; the paid line and its reference (up to 100 characters) wrap.
                <Text fontSize="xs" color="fg.muted" whiteSpace="normal" overflowWrap="anywhere">
                  Paid {indiaDateTimeText(refund.paid_at)}
                  {refund.payment_reference ? ` · ${refund.payment_reference}` : ''}
                </Text>
              )}
            </Table.Cell>
            <Table.Cell role="cell" textAlign="end" data-actions="">
              {refund.status === 'due' && (
                <Flex justify="flex-end">
                  <Button
                    size="xs"
                    onClick={() => onMarkPaid(refund)}
                    aria-label={`Mark paid: refund ${refund.reference}`}
                    whiteSpace="nowrap"
                  >
                    <BadgeCheck aria-hidden="true" />
                    Mark paid
                  </Button>
                </Flex>
              )}
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </TableFrame>
  );
}

/**
 * Refunds owed after cancellations (docs/product.md#refunds's bands, or 100% when the company cancels), oldest first.
 */
export function RefundsPanel() {
  const state = useFilteredPage<RefundFilter>('due', FILTERS);
  const [marking, setMarking] = useState<AdminRefundDto | null>(null);
  const refunds = trpc.admin.refunds.list.useQuery(
    { status: state.filter, limit: PAYMENTS_PAGE_SIZE, offset: state.page * PAYMENTS_PAGE_SIZE },
    KEEP_PAGE,
  );

  return (
    <FilteredListSection
      title="Refunds"
      description="Oldest first. Refunds are paid within 10–15 business days (Refund Policy)."
      label="Refunds"
      loadingLabel="Loading refunds"
      errorMessage="The refunds could not be loaded."
      filters={FILTERS}
      state={state}
      pageSize={PAYMENTS_PAGE_SIZE}
      query={refunds}
      empty={EMPTY_TEXT[state.filter]}
      footer={<MarkPaidDialog refund={marking} onClose={() => setMarking(null)} />}
    >
      {(items) => <RefundsTable refunds={items} onMarkPaid={setMarking} />}
    </FilteredListSection>
  );
}
