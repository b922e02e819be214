import { Button, Code, Flex, Stack, Table, Text } from '@chakra-ui/react';
import { ReceiptIndianRupee } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { formatInr } from '../../../shared/money';
import { utrFieldsSchema, type AdminPaymentDto, type AdminPaymentsQuery } from '../../../shared/schemas/account';
import { AppDialog } from '../../components/app-dialog';
import { TextField } from '../../components/text-field';
import { errorField, serverDetail } from '../../lib/errors';
import { focusFirstInvalid } from '../../lib/form-errors';
import { trpc } from '../../lib/trpc';
import { indiaDateTimeText } from './admin-format';
import { useReloadDashboard } from './admin-queries';
import { DetailItem, DetailList } from './detail-list';
import { FilteredListSection, KEEP_PAGE, useFilteredPage } from './filtered-list-section';
import { PaymentStatusBadge, purposeLabel } from './payment-badges';
import { TableFrame } from './section-card';
import { firstIssuePerField, useFormFields } from './use-form-fields';
import { useLastDefined } from './use-last-defined';

export const PAYMENTS_PAGE_SIZE = 20;
export const PAYMENT_RECORDED_MESSAGE = 'Payment recorded';

type OrderFilter = NonNullable<AdminPaymentsQuery['status']>;

const FILTERS: { value: OrderFilter; label: string }[] = [
  { value: 'pending', label: 'Awaiting payment' },
  { value: 'paid', label: 'Paid' },
  { value: 'all', label: 'All orders' },
];

const EMPTY_TEXT: Record<OrderFilter, { title: string; description: string }> = {
  pending: {
    title: 'No payments waiting',
    description: 'Token, instalment and subscription orders that are not paid yet appear here.',
  },
  paid: { title: 'No paid orders yet', description: 'Orders confirmed by UTR or by the payment gateway appear here.' },
  all: {
    title: 'No payment orders yet',
    description: 'Orders appear when a customer pays a token or an instalment, or a visitor subscribes.',
  },
};

/** Only an open order takes a UTR (an expired one belongs to a cancelled booking: see docs/decisions.md). */
function canRecordUtr(order: AdminPaymentDto): boolean {
  return order.status === 'created' || order.status === 'pending';
}

function whoPaid(order: AdminPaymentDto): string {
  return order.client_name ?? order.email ?? 'Unknown';
}

/** What recording the UTR does, by what the order pays for (docs/product.md#payments). */
const RECORDED_OUTCOME: Record<AdminPaymentDto['purpose'], string> = {
  token: 'The order becomes paid, the booking is confirmed and the customer gets a receipt by e-mail.',
  instalment:
    'The order becomes paid, the booking’s schedule counts it and the ' +
    'customer gets a receipt by e-mail saying what is still to pay.',
  subscription: 'The order becomes paid, the subscription becomes active and the subscriber gets a receipt by e-mail.',
};

type RecordUtrMutation = ReturnType<typeof trpc.admin.payments.recordUtr.useMutation>;

function RecordUtrForm({
  formId,
  order,
  record,
  onDone,
}: {
  formId: string;
  order: AdminPaymentDto;
  record: RecordUtrMutation;
  onDone(): void;
}) {
  const { values, errors, setErrors, set } = useFormFields({ utr: '' });
  const reload = useReloadDashboard();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (record.isPending) return;
    const formElement = event.currentTarget;
    const parsed = utrFieldsSchema.safeParse(values);
    if (!parsed.success) {
      const found = firstIssuePerField(parsed.error);
      setErrors(found);
      focusFirstInvalid(event.currentTarget, found);
      return;
    }
    record.mutate(
      { order_id: order.order_id, utr: parsed.data.utr },
      {
        onSuccess: () => {
          toast.success(PAYMENT_RECORDED_MESSAGE);
          onDone();
          // A paid token confirms its booking: the stat cards and booking lists change too.
          void reload();
        },
        onError: (error) => {
          const message = serverDetail(error) ?? 'Failed to record the payment';
          // A UTR already recorded is refused at the field, where it can be corrected.
          if (errorField(error) === 'utr') {
            setErrors({ utr: message });
            focusFirstInvalid(formElement, { utr: message });
          } else toast.error(message);
        },
      },
    );
  }

  return (
    <form id={formId} onSubmit={submit} noValidate aria-label="Record UTR">
      <Stack gap="5">
        <DetailList>
          <DetailItem label="Order ID">
            <Code wordBreak="break-all">{order.order_id}</Code>
          </DetailItem>
          <DetailItem label="For">{purposeLabel(order.purpose)}</DetailItem>
          <DetailItem label="Amount">{formatInr(order.amount)}</DetailItem>
          <DetailItem label="Customer">{whoPaid(order)}</DetailItem>
          {order.event_name && <DetailItem label="Booking">{order.event_name}</DetailItem>}
        </DetailList>
        <TextField
          name="utr"
          label="UTR"
          required
          inputMode="numeric"
          autoComplete="off"
          placeholder="12-digit UPI reference"
          maxLength={20}
          helperText={
            'The 12-digit UTR (UPI reference number) ' + "on the bank statement or the customer's payment screenshot."
          }
          value={values.utr}
          onValueChange={(value) => set('utr', value)}
          error={errors.utr}
        />
        <Text fontSize="sm" color="fg.muted">
          {RECORDED_OUTCOME[order.purpose]}
        </Text>
      </Stack>
    </form>
  );
}

/** An admin confirms a UPI payment by its UTR (docs/decisions.md "Providers"): the only way a UPI order is paid. */
function RecordUtrDialog({ order, onClose }: { order: AdminPaymentDto | null; onClose(): void }) {
  const formId = useId();
  const shown = useLastDefined(order);
  const record = trpc.admin.payments.recordUtr.useMutation();
  return (
    <AppDialog
      open={order !== null}
      onClose={onClose}
      title="Record UTR"
      description={
        shown ? `Confirm the ${formatInr(shown.amount)} payment once it shows in the bank account.` : undefined
      }
      size="md"
      initialFocusEl={() => document.getElementById(formId)?.querySelector('input') ?? null}
      footer={
        <>
          <Button variant="ghost" colorPalette="accent" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} rounded="full" px="6" loading={record.isPending} loadingText="Recording…">
            Record payment
          </Button>
        </>
      }
    >
      {shown && <RecordUtrForm key={shown.id} formId={formId} order={shown} record={record} onDone={onClose} />}
    </AppDialog>
  );
}

function OrdersTable({
  orders,
  onRecord,
}: {
  orders: readonly AdminPaymentDto[];
  onRecord(order: AdminPaymentDto): void;
}) {
  return (
    <TableFrame label="Payment orders" stackBelow="xl">
      <Table.Header>
        <Table.Row bg="bg.subtle">
          <Table.ColumnHeader>Order ID</Table.ColumnHeader>
          <Table.ColumnHeader>Purpose</Table.ColumnHeader>
          <Table.ColumnHeader textAlign={{ md: 'end' }}>Amount</Table.ColumnHeader>
          <Table.ColumnHeader>Customer</Table.ColumnHeader>
          <Table.ColumnHeader>Booking</Table.ColumnHeader>
          <Table.ColumnHeader>Created</Table.ColumnHeader>
          <Table.ColumnHeader>Status</Table.ColumnHeader>
          <Table.ColumnHeader>UTR</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Actions</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body role="rowgroup">
        {orders.map((order) => (
          <Table.Row role="row" key={order.id}>
            <Table.Cell role="cell">
              <Code size="sm" variant="plain" fontWeight="semibold" wordBreak="break-all" whiteSpace="normal">
                {order.order_id}
              </Code>
            </Table.Cell>
            <Table.Cell role="cell" data-label="Purpose">
              {purposeLabel(order.purpose)}
            </Table.Cell>
            <Table.Cell
              role="cell"
              data-label="Amount"
              textAlign={{ md: 'end' }}
              fontWeight="semibold"
              whiteSpace="nowrap"
            >
              {formatInr(order.amount)}
            </Table.Cell>
            <Table.Cell role="cell" minW="36" overflowWrap="anywhere">
              <Text>{whoPaid(order)}</Text>
              {order.client_name && order.email && (
                <Text fontSize="xs" color="fg.muted" wordBreak="break-all">
                  {order.email}
                </Text>
              )}
              <Text fontSize="xs" color="fg.muted">
                {order.phone ?? 'No phone'}
              </Text>
            </Table.Cell>
            <Table.Cell role="cell" data-label="Booking" minW="36" overflowWrap="anywhere">
              {order.event_name ?? (
                <Text as="span" color="fg.muted">
                  No booking
                </Text>
              )}
            </Table.Cell>
            <Table.Cell role="cell" data-label="Created" minW="24">
              {indiaDateTimeText(order.created_at)}
            </Table.Cell>
            <Table.Cell role="cell">
              <PaymentStatusBadge status={order.status} />
              {order.paid_at && (
                <Text fontSize="xs" color="fg.muted" mt="1" whiteSpace="nowrap">
                  {indiaDateTimeText(order.paid_at)}
                </Text>
              )}
            </Table.Cell>
            <Table.Cell role="cell" data-label="UTR">
              {order.utr ? (
                <Code size="sm" variant="plain">
                  {order.utr}
                </Code>
              ) : (
                <Text as="span" color="fg.muted">
                  {order.status === 'paid' ? `Via ${order.provider}` : '—'}
                </Text>
              )}
            </Table.Cell>
            <Table.Cell role="cell" textAlign="end" data-actions="">
              {canRecordUtr(order) && (
                <Flex justify="flex-end">
                  <Button
                    size="xs"
                    onClick={() => onRecord(order)}
                    aria-label={`Record UTR for ${order.order_id}`}
                    whiteSpace="nowrap"
                  >
                    <ReceiptIndianRupee aria-hidden="true" />
                    Record UTR
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

/** The token, instalment and ₹99 subscription orders, newest first, and recording a UPI payment's UTR. */
export function PaymentOrdersPanel() {
  const state = useFilteredPage<OrderFilter>('pending', FILTERS);
  const [recording, setRecording] = useState<AdminPaymentDto | null>(null);
  const orders = trpc.admin.payments.list.useQuery(
    { status: state.filter, limit: PAYMENTS_PAGE_SIZE, offset: state.page * PAYMENTS_PAGE_SIZE },
    KEEP_PAGE,
  );

  return (
    <FilteredListSection
      title="Payment orders"
      description="UPI payments are confirmed here with their UTR; gateway payments confirm themselves."
      label="Payment orders"
      loadingLabel="Loading payment orders"
      errorMessage="The payment orders could not be loaded."
      filters={FILTERS}
      state={state}
      pageSize={PAYMENTS_PAGE_SIZE}
      query={orders}
      empty={EMPTY_TEXT[state.filter]}
      footer={<RecordUtrDialog order={recording} onClose={() => setRecording(null)} />}
    >
      {(items) => <OrdersTable orders={items} onRecord={setRecording} />}
    </FilteredListSection>
  );
}
