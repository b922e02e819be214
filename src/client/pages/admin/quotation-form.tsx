import { Box, Button, Field, Flex, Heading, IconButton, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { QUOTE_LINE_KINDS, REPRICEABLE_STATUSES, type QuoteLineKind } from '../../../shared/domain';
import { formatInr, formatSignedInr } from '../../../shared/money';
import { addOnLineLabel, paiseToRupees, rupeesToPaise, type AddOnLineDto } from '../../../shared/pricing';
import type { AdminBookingDto } from '../../../shared/schemas/admin';
import {
  QUOTE_LINE_KIND_LABELS,
  quotationFieldsSchema,
  quotationGrossPaise,
  type QuotationDto,
} from '../../../shared/schemas/quotation';
import { TextField } from '../../components/text-field';
import { TextareaField } from '../../components/textarea-field';
import { serverDetail } from '../../lib/errors';
import { focusFirstInvalid } from '../../lib/form-errors';
import { trpc } from '../../lib/trpc';
import { useReloadDashboard } from './admin-queries';
import { bookingStatusLabel } from './status-badges';

type LineDraft = { key: number; kind: QuoteLineKind; description: string; unit_price: string; quantity: string };
type Errors = Partial<Record<string, string>>;

let nextKey = 1;
const newLine = (kind: QuoteLineKind, quantity: number | null): LineDraft => ({
  key: nextKey++,
  kind,
  description: '',
  unit_price: '',
  quantity: kind === 'per_person' && quantity ? String(quantity) : '1',
});

function draftFrom(booking: AdminBookingDto): { lines: LineDraft[]; discount: string; reason: string; notes: string } {
  const q = booking.quotation;
  if (!q)
    return {
      lines: [newLine('per_person', booking.requirements.guest_count || null)],
      discount: '',
      reason: '',
      notes: '',
    };
  return {
    lines: q.items.map((item) => ({
      key: nextKey++,
      kind: item.kind,
      description: item.description,
      unit_price: String(item.unit_price),
      quantity: String(item.quantity),
    })),
    discount: q.discount > 0 ? String(q.discount) : '',
    reason: q.discount_reason ?? '',
    notes: q.notes ?? '',
  };
}

/** Text typed into a number field: a number when it reads as one, else the text (the schema names the problem). */
const numberOrText = (value: string): number | string | undefined =>
  value.trim() === '' ? undefined : Number.isFinite(Number(value)) ? Number(value) : value;

/**
 * The admin's quotation (docs/product.md#screens, "A quotation screen holding quoted_amount, notes and items";
 * docs/decisions.md, "Custom quotes and prices"): lines, a discount with its reason and notes, checked with the
 * shared schema before sending; the running sum comes from the same rule as the server's. GST is added by the
 * server at the rate in settings, and the sent quote shows it.
 */
export function QuotationForm({
  booking,
  addOns,
}: {
  booking: AdminBookingDto;
  /** The menu's add-ons, priced beside the lines; null while the menu loads. */
  addOns: readonly AddOnLineDto[] | null;
}) {
  const [draft, setDraft] = useState(() => draftFrom(booking));
  const [errors, setErrors] = useState<Errors>({});
  const reload = useReloadDashboard();
  const send = trpc.admin.bookings.quote.useMutation();
  const guests = booking.requirements.guest_count || null;

  const values = {
    items: draft.lines.map((line) => ({
      kind: line.kind,
      description: line.description,
      unit_price: numberOrText(line.unit_price),
      quantity: numberOrText(line.quantity),
    })),
    discount: numberOrText(draft.discount) ?? 0,
    discount_reason: draft.reason,
    notes: draft.notes,
  };
  const summable = values.items.every(
    (item) => typeof item.unit_price === 'number' && typeof item.quantity === 'number',
  );
  const grossPaise = summable ? quotationGrossPaise(values.items as { unit_price: number; quantity: number }[]) : null;
  const discountRupees = typeof values.discount === 'number' ? values.discount : 0;
  const discountText = discountRupees > 0 ? ` − discount ${formatInr(discountRupees)}` : '';
  const addOnsPaise = (addOns ?? []).reduce((sum, addOn) => sum + rupeesToPaise(addOn.amount), 0);
  const addOnsText = addOnsPaise > 0 ? ` + menu add-ons ${formatInr(paiseToRupees(addOnsPaise))}` : '';
  // The same sum as the server's `priceCustomQuote`: the lines and the menu's add-ons, less the discount.
  const sumText =
    addOns === null
      ? "Loading the menu's add-ons…"
      : grossPaise === null
        ? 'Enter every price and quantity to see the sum.'
        : `Lines ${formatInr(paiseToRupees(grossPaise))}${addOnsText}${discountText} = taxable ` +
          `${formatInr(paiseToRupees(Math.max(0, grossPaise + addOnsPaise - rupeesToPaise(discountRupees))))} + GST`;

  function clear(field: string) {
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  }
  function setLine(key: number, field: keyof Omit<LineDraft, 'key'>, value: string) {
    setDraft((current) => ({
      ...current,
      lines: current.lines.map((line) => (line.key === key ? { ...line, [field]: value } : line)),
    }));
    const index = draft.lines.findIndex((line) => line.key === key);
    clear(`items.${index}.${field}`);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (send.isPending) return;
    const form = event.currentTarget;
    const parsed = quotationFieldsSchema.safeParse(values);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const path = issue.path.join('.');
        if (!(path in found)) found[path] = issue.message;
      }
      setErrors(found);
      focusFirstInvalid(form, found);
      return;
    }
    send.mutate(
      { id: booking.id, ...parsed.data },
      {
        onSuccess: (result) => {
          toast.success(result.message);
          void reload();
        },
        onError: (error) => toast.error(serverDetail(error) ?? 'Failed to send the quote'),
      },
    );
  }

  const repricing = REPRICEABLE_STATUSES.includes(booking.status);
  return (
    <form onSubmit={submit} aria-labelledby="quotation-heading" noValidate>
      <Stack gap="4">
        <Box>
          <Heading as="h3" id="quotation-heading" fontSize="md" color="accent.900">
            {repricing ? 'Change the agreed price' : booking.quotation ? 'Revise the quote' : 'Price this booking'}
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            {repricing
              ? 'Per-person lines, fixed charges and add-ons; GST is added at the rate in settings. ' +
                `The booking stays ${bookingStatusLabel(booking.status)}; what is due follows the new total ` +
                `(money paid over it is owed back) and ${booking.client_email} is e-mailed the new price.`
              : 'Per-person lines, fixed charges and add-ons; GST is added at the rate in settings. ' +
                `Sending makes the booking quoted and e-mails the quote to ${booking.client_email}.`}
          </Text>
        </Box>
        {errors.items && (
          <Text color="red.700" fontSize="sm" role="alert">
            {errors.items}
          </Text>
        )}
        <Stack as="ol" gap="4" listStyleType="none" ps="0" aria-label="Quote lines">
          {draft.lines.map((line, index) => (
            <Box as="li" key={line.key} borderWidth="1px" borderColor="border.muted" rounded="md" p="3">
              <SimpleGrid columns={{ base: 1, md: 12 }} gap="3" alignItems="end">
                <Box gridColumn={{ md: 'span 3' }}>
                  <Field.Root invalid={Boolean(errors[`items.${index}.kind`])}>
                    <Field.Label>Line {index + 1} type</Field.Label>
                    <NativeSelect.Root size="lg">
                      <NativeSelect.Field
                        name={`items.${index}.kind`}
                        bg="bg.panel"
                        value={line.kind}
                        onChange={(event) => {
                          const kind = event.target.value as QuoteLineKind;
                          setLine(line.key, 'kind', kind);
                          if (kind === 'per_person' && guests && line.quantity === '1')
                            setLine(line.key, 'quantity', String(guests));
                        }}
                      >
                        {QUOTE_LINE_KINDS.map((kind) => (
                          <option key={kind} value={kind}>
                            {QUOTE_LINE_KIND_LABELS[kind]}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  </Field.Root>
                </Box>
                <Box gridColumn={{ md: 'span 4' }}>
                  <TextField
                    name={`items.${index}.description`}
                    label="Description"
                    value={line.description}
                    onValueChange={(value) => setLine(line.key, 'description', value)}
                    error={errors[`items.${index}.description`]}
                    required
                  />
                </Box>
                <Box gridColumn={{ md: 'span 2' }}>
                  <TextField
                    name={`items.${index}.unit_price`}
                    label={line.kind === 'per_person' ? 'Price per person (₹)' : 'Price (₹)'}
                    inputMode="decimal"
                    value={line.unit_price}
                    onValueChange={(value) => setLine(line.key, 'unit_price', value)}
                    error={errors[`items.${index}.unit_price`]}
                    required
                  />
                </Box>
                <Box gridColumn={{ md: 'span 2' }}>
                  <TextField
                    name={`items.${index}.quantity`}
                    label={line.kind === 'per_person' ? 'Guests' : 'Quantity'}
                    inputMode="numeric"
                    value={line.quantity}
                    onValueChange={(value) => setLine(line.key, 'quantity', value)}
                    error={errors[`items.${index}.quantity`]}
                    required
                  />
                </Box>
                <Flex gridColumn={{ md: 'span 1' }} justify={{ base: 'flex-end', md: 'center' }}>
                  <IconButton
                    aria-label={`Remove line ${index + 1}`}
                    variant="ghost"
                    colorPalette="red"
                    disabled={draft.lines.length === 1}
                    onClick={() => {
                      setDraft((current) => ({ ...current, lines: current.lines.filter((l) => l.key !== line.key) }));
                      setErrors({});
                    }}
                  >
                    <Trash2 aria-hidden="true" />
                  </IconButton>
                </Flex>
              </SimpleGrid>
            </Box>
          ))}
        </Stack>
        <Flex gap="2" wrap="wrap">
          {QUOTE_LINE_KINDS.map((kind) => (
            <Button
              key={kind}
              size="sm"
              variant="outline"
              colorPalette="accent"
              onClick={() => {
                setDraft((current) => ({ ...current, lines: [...current.lines, newLine(kind, guests)] }));
                clear('items');
              }}
            >
              <Plus aria-hidden="true" />
              Add {QUOTE_LINE_KIND_LABELS[kind].toLowerCase()}
            </Button>
          ))}
        </Flex>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
          <TextField
            name="discount"
            label="Discount (₹)"
            inputMode="decimal"
            value={draft.discount}
            onValueChange={(value) => {
              setDraft((current) => ({ ...current, discount: value }));
              clear('discount');
            }}
            error={errors.discount}
          />
          <TextField
            name="discount_reason"
            label="Reason for the discount"
            value={draft.reason}
            onValueChange={(value) => {
              setDraft((current) => ({ ...current, reason: value }));
              clear('discount_reason');
            }}
            error={errors.discount_reason}
            helperText="Required with a discount; the customer sees it on the quote."
          />
        </SimpleGrid>
        <TextareaField
          name="notes"
          label="Notes for the customer"
          value={draft.notes}
          onValueChange={(value) => {
            setDraft((current) => ({ ...current, notes: value }));
            clear('notes');
          }}
          error={errors.notes}
        />
        <Flex
          justify="space-between"
          align={{ base: 'stretch', sm: 'center' }}
          gap="3"
          direction={{ base: 'column', sm: 'row' }}
        >
          <Text fontSize="sm" aria-live="polite">
            {sumText}
          </Text>
          <Button type="submit" rounded="full" px="5" loading={send.isPending}>
            {repricing ? 'Send new price' : 'Send quote'}
          </Button>
        </Flex>
      </Stack>
    </form>
  );
}

/**
 * The quote that was sent, line by line, as the customer reads it, with the menu's add-ons the bill carries beside
 * its lines (docs/product.md#menus): the rows add up to the taxable amount. `addOns` is null while the menu loads.
 */
export function QuotationSummary({
  quotation,
  addOns,
}: {
  quotation: QuotationDto;
  addOns: readonly AddOnLineDto[] | null;
}) {
  const rows: [string, number][] = [
    ...quotation.items.map((item): [string, number] => [
      item.quantity === 1
        ? item.description
        : `${item.description}: ${formatInr(item.unit_price)} × ${item.quantity.toLocaleString('en-IN')}`,
      item.amount,
    ]),
    ...(addOns ?? []).map((addOn): [string, number] => [
      addOnLineLabel({ ...addOn, perGuestPaise: rupeesToPaise(addOn.per_guest) }),
      addOn.amount,
    ]),
    ...(quotation.discount > 0
      ? [[`Discount (${quotation.discount_reason ?? ''})`, -quotation.discount] as [string, number]]
      : []),
    ...(quotation.subscriber_discount > 0
      ? [['Subscriber discount', -quotation.subscriber_discount] as [string, number]]
      : []),
    ['Taxable amount', quotation.subtotal],
    [`GST (${quotation.gst_percent}%)`, quotation.gst_amount],
  ];
  return (
    <Box>
      <Heading as="h3" fontSize="md" color="accent.900" mb="2">
        Quote sent
      </Heading>
      {addOns === null && (
        <Text fontSize="sm" color="fg.muted" py="1">
          Loading the menu's add-ons…
        </Text>
      )}
      <Box as="dl" fontSize="sm">
        {rows.map(([label, amount]) => (
          <Flex key={label} justify="space-between" gap="3" py="1" borderBottomWidth="1px" borderColor="border.muted">
            <Box as="dt">{label}</Box>
            <Box as="dd" textAlign="right" whiteSpace="nowrap">
              {formatSignedInr(amount)}
            </Box>
          </Flex>
        ))}
        <Flex justify="space-between" gap="3" py="1" fontWeight="semibold">
          <Box as="dt">Total (GST included)</Box>
          <Box as="dd" textAlign="right">
            {formatInr(quotation.quoted_amount)}
          </Box>
        </Flex>
      </Box>
      {quotation.notes && (
        <Text fontSize="sm" whiteSpace="pre-wrap" mt="2">
          {quotation.notes}
        </Text>
      )}
    </Box>
  );
}
