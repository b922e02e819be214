import { Badge, Box, Button, Field, Flex, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { formatLongDate } from '../../../shared/dates';
import { formatInr, formatSignedInr } from '../../../shared/money';
import { indiaDateTimeText } from '../../lib/datetime';
import {
  PAYMENT_METHOD_REFERENCE_LABELS,
  PAYMENT_METHOD_WORDS,
  RECORDABLE_METHODS,
  recordBookingPaymentFieldsSchema,
} from '../../../shared/schemas/account';
import type { BookingAccountDto } from '../../../shared/schemas/payments';
import { errorField, serverDetail } from '../../lib/errors';
import { focusFirstInvalid } from '../../lib/form-errors';
import { trpc } from '../../lib/trpc';
import { useReloadDashboard } from './admin-queries';
import { ErrorPanel, LoadingRows } from './panel-states';

type Method = (typeof RECORDABLE_METHODS)[number];

const LEDGER_LABELS: Record<BookingAccountDto['ledger'][number]['kind'], string> = {
  charge: 'Charge',
  payment: 'Payment',
  refund: 'Refund owed',
  adjustment: 'Adjustment',
};

function Schedule({ account }: { account: BookingAccountDto }) {
  if (account.schedule.instalments.length === 0) {
    return (
      <Text color="fg.muted">
        {account.status === 'cancelled' ? 'Cancelled: nothing more is due.' : 'No price yet: nothing is due.'}
      </Text>
    );
  }
  return (
    <Stack as="ol" gap="0" listStyleType="none" ps="0" aria-label="Payment schedule">
      {account.schedule.instalments.map((row) => (
        <HStack
          as="li"
          key={`${row.kind} ${row.due_date}`}
          justify="space-between"
          gap="3"
          py="1.5"
          borderBottomWidth="1px"
          borderColor="border.muted"
          flexWrap="wrap"
        >
          <Box minW="0">
            <Text fontWeight="medium">{row.label}</Text>
            <Text fontSize="xs" color="fg.muted">
              Due {formatLongDate(row.due_date)}
            </Text>
          </Box>
          <HStack gap="2" flexShrink={0} ms="auto">
            <Text fontWeight="semibold">{formatInr(row.amount)}</Text>
            <Badge
              variant="subtle"
              rounded="full"
              colorPalette={row.outstanding === 0 ? 'green' : row.days_overdue > 0 ? 'red' : 'orange'}
            >
              {row.outstanding === 0
                ? 'Paid'
                : row.days_overdue > 0
                  ? `${row.days_overdue} ${row.days_overdue === 1 ? 'day' : 'days'} overdue`
                  : `${formatInr(row.outstanding)} due`}
            </Badge>
          </HStack>
        </HStack>
      ))}
    </Stack>
  );
}

function Ledger({ account }: { account: BookingAccountDto }) {
  if (account.ledger.length === 0) return null;
  return (
    <Box overflowX="auto">
      <Stack as="ul" gap="1" listStyleType="none" ps="0" fontSize="sm" aria-label="Ledger">
        {account.ledger.map((row) => (
          <HStack as="li" key={row.id} justify="space-between" gap="3" align="flex-start">
            <Box minW="0">
              <Text fontWeight="medium">
                {LEDGER_LABELS[row.kind]}
                {row.method ? ` · ${PAYMENT_METHOD_WORDS[row.method]}` : ''}
              </Text>
              <Text fontSize="xs" color="fg.muted" overflowWrap="anywhere">
                {indiaDateTimeText(row.created_at)}
                {row.reference ? ` · ${row.reference}` : ''}
                {row.note ? ` · ${row.note}` : ''}
              </Text>
            </Box>
            <Text fontWeight="semibold" flexShrink={0}>
              {formatSignedInr(row.amount)}
            </Text>
          </HStack>
        ))}
      </Stack>
    </Box>
  );
}

type FormState = { amount: string; method: Method; reference: string; note: string };

/** The form's fields, and the one a refusal names (`utr` is the reference of a UPI payment). */
const FIELD_OF_REFUSAL: Record<string, keyof FormState> = {
  amount: 'amount',
  reference: 'reference',
  utr: 'reference',
};

/**
 * An amount as people write it: "5000", "5,000.50" or "₹5,000" (the rupee sign and grouping are dropped); empty is
 * no amount, and anything else is not a number, which the shared schema reports.
 */
function amountOf(text: string): number | undefined {
  const plain = text.replace(/[₹,\s]/g, '');
  return plain === '' ? undefined : Number(plain);
}

function RecordPaymentForm({ account }: { account: BookingAccountDto }) {
  const empty: FormState = { amount: '', method: 'upi', reference: '', note: '' };
  const [form, setForm] = useState<FormState>(empty);
  const [errors, setErrors] = useState<Partial<Record<keyof FormState, string>>>({});
  const utils = trpc.useUtils();
  const reload = useReloadDashboard();
  const record = trpc.admin.payments.recordBookingPayment.useMutation();

  // A field's message goes as soon as the field changes; the method changes what the reference must be.
  function set(field: keyof FormState, value: string) {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) =>
      current[field] || (field === 'method' && current.reference)
        ? { ...current, [field]: undefined, ...(field === 'method' && { reference: undefined }) }
        : current,
    );
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (record.isPending) return;
    const formElement = event.currentTarget;
    const fields = {
      amount: amountOf(form.amount),
      method: form.method,
      reference: form.reference,
      note: form.note.trim() === '' ? undefined : form.note,
    };
    const parsed = recordBookingPaymentFieldsSchema.safeParse(fields);
    if (!parsed.success) {
      // Every field to fix at once, each with its first message, and the keyboard on the first of them.
      const found: Partial<Record<keyof FormState, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = FIELD_OF_REFUSAL[String(issue.path[0])] ?? (issue.path[0] as keyof FormState | undefined);
        if (field && !found[field]) found[field] = issue.message;
      }
      setErrors(found);
      focusFirstInvalid(formElement, found);
      return;
    }
    setErrors({});
    record.mutate(
      { id: account.booking_id, ...parsed.data },
      {
        onSuccess: (result) => {
          toast.success(result.message);
          setForm(empty);
          utils.admin.payments.bookingAccount.setData({ id: account.booking_id }, result);
          void reload();
        },
        onError: (error) => {
          // A UTR or reference already recorded, or an amount over what can be taken, is shown at its field.
          const field = FIELD_OF_REFUSAL[errorField(error) ?? ''];
          const message = serverDetail(error) ?? 'The payment could not be recorded';
          if (field) {
            setErrors({ [field]: message });
            focusFirstInvalid(formElement, { [field]: message });
          } else toast.error(message);
        },
      },
    );
  }

  return (
    <form onSubmit={submit} aria-label="Record a payment" noValidate>
      <Stack gap="3">
        <Text fontSize="sm" color="fg.muted">
          Up to {formatInr(account.can_record_up_to)} can be recorded now.
        </Text>
        <Flex gap="3" direction={{ base: 'column', sm: 'row' }}>
          <Field.Root invalid={Boolean(errors.amount)} flex="1">
            <Field.Label>Amount (₹)</Field.Label>
            <Input
              name="amount"
              inputMode="decimal"
              value={form.amount}
              onChange={(event) => set('amount', event.target.value)}
              placeholder={String(account.schedule.pay_now?.amount ?? '')}
            />
            <Field.ErrorText>{errors.amount}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={Boolean(errors.method)} flex="1">
            <Field.Label>Method</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                name="method"
                value={form.method}
                onChange={(event) => set('method', event.target.value as Method)}
              >
                {RECORDABLE_METHODS.map((method) => (
                  <option key={method} value={method}>
                    {PAYMENT_METHOD_WORDS[method].replace(/^./, (c) => c.toUpperCase())}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Field.ErrorText>{errors.method}</Field.ErrorText>
          </Field.Root>
        </Flex>
        <Field.Root invalid={Boolean(errors.reference)}>
          <Field.Label>{PAYMENT_METHOD_REFERENCE_LABELS[form.method]}</Field.Label>
          <Input
            name="reference"
            value={form.reference}
            inputMode={form.method === 'upi' ? 'numeric' : 'text'}
            onChange={(event) => set('reference', event.target.value)}
          />
          <Field.ErrorText>{errors.reference}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.note)}>
          <Field.Label>Note (optional)</Field.Label>
          <Input name="note" value={form.note} onChange={(event) => set('note', event.target.value)} />
          <Field.ErrorText>{errors.note}</Field.ErrorText>
        </Field.Root>
        <Box>
          <Button type="submit" size="sm" colorPalette="accent" loading={record.isPending}>
            Record payment
          </Button>
        </Box>
      </Stack>
    </form>
  );
}

/**
 * A booking's money in the admin's Booking Details (docs/product.md#payments): the schedule with what is paid, due
 * or overdue, the ledger row by row, and a payment received by UPI, bank transfer, cash or cheque recorded by hand.
 */
export function BookingPaymentsPanel({ bookingId }: { bookingId: string }) {
  const account = trpc.admin.payments.bookingAccount.useQuery({ id: bookingId });
  if (account.isPending) return <LoadingRows label="Loading payments" rows={3} />;
  if (account.isError) {
    return (
      <ErrorPanel
        message={serverDetail(account.error) ?? 'The payments could not be loaded.'}
        onRetry={() => void account.refetch()}
        retrying={account.isFetching}
      />
    );
  }
  const data = account.data;
  return (
    <Stack gap="4">
      <HStack gap="6" flexWrap="wrap" fontSize="sm">
        <Text>
          Paid <strong>{formatInr(data.held)}</strong>
        </Text>
        {data.status !== 'cancelled' && (
          <>
            <Text>
              Still to pay <strong>{formatInr(data.schedule.outstanding)}</strong>
            </Text>
            <Text>
              Due now <strong>{formatInr(data.schedule.due_now)}</strong>
            </Text>
          </>
        )}
        {data.credited > 0 && (
          <Text whiteSpace="nowrap">
            Credit notes <strong>{formatSignedInr(-data.credited)}</strong>
          </Text>
        )}
        {data.owed_back > 0 && (
          <Text>
            Owed back <strong>{formatInr(data.owed_back)}</strong>
          </Text>
        )}
        {data.refunded - data.owed_back > 0 && (
          <Text>
            Refunded <strong>{formatInr(data.refunded - data.owed_back)}</strong>
          </Text>
        )}
      </HStack>
      <Schedule account={data} />
      {data.status !== 'quoted' && data.status !== 'cancelled' && data.schedule.outstanding > 0 && (
        <SendReminder bookingId={data.booking_id} />
      )}
      <Ledger account={data} />
      {data.can_record_up_to > 0 && <RecordPaymentForm account={data} />}
    </Stack>
  );
}

/** A payment reminder by hand: the customer is e-mailed the next unpaid instalment (docs/product.md#payments). */
function SendReminder({ bookingId }: { bookingId: string }) {
  const send = trpc.admin.payments.sendReminder.useMutation();
  return (
    <Box>
      <Button
        size="sm"
        variant="outline"
        colorPalette="accent"
        loading={send.isPending}
        onClick={() =>
          send.mutate(
            { id: bookingId },
            {
              onSuccess: (result) =>
                toast.success(`${result.label} reminder (${formatInr(result.amount)}) sent to ${result.sent_to}`),
              onError: (error) => toast.error(serverDetail(error) ?? 'The reminder could not be sent'),
            },
          )
        }
      >
        Send payment reminder
      </Button>
    </Box>
  );
}
