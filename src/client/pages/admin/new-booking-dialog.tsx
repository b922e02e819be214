import { Box, Button, Flex, Heading, RadioGroup, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { todayInIndia } from '../../../shared/dates';
import {
  PRICING_TIERS,
  STAFF_BOOKING_SOURCES,
  type EventType,
  type PricingTier,
  type StaffBookingSource,
  type VenueType,
} from '../../../shared/domain';
import { formatInr } from '../../../shared/money';
import { MAX_GUESTS, MIN_GUESTS, paiseToRupees, priceQuote } from '../../../shared/pricing';
import { EVENT_NAME_MAX_LENGTH, LOCATION_MAX_LENGTH, VENUE_NAME_MAX_LENGTH } from '../../../shared/quote-limits';
import type { CustomerDto } from '../../../shared/schemas/admin';
import { staffBookingInputSchema, type StaffBookingInput } from '../../../shared/schemas/calendar';
import { AppDialog } from '../../components/app-dialog';
import { EventDateField } from '../../components/event-date-field';
import { NextFreeDates } from '../../components/next-free-dates';
import { TextareaField } from '../../components/textarea-field';
import { TextField } from '../../components/text-field';
import { nextFreeDates, serverDetail } from '../../lib/errors';
import { focusFirstInvalid } from '../../lib/form-errors';
import { useSingleFlight } from '../../lib/single-flight';
import { trpc } from '../../lib/trpc';
import { EVENT_TYPE_OPTIONS, packageName, VENUE_TYPE_OPTIONS } from '../book/booking-options';
import { parseGuestCount, typedGuestCount } from '../book/quote-fields';
import { SelectField } from '../book/select-field';
import { useReloadDashboard } from './admin-queries';
import { useDebouncedValue } from './list-pager';
import { firstIssuePerField, type FieldErrors } from './use-form-fields';

export const SOURCE_LABELS: Readonly<Record<StaffBookingSource, string>> = {
  phone: 'Phone',
  walk_in: 'Walk-in',
  whatsapp: 'WhatsApp',
  referral: 'Referral',
};
const SOURCE_OPTIONS = STAFF_BOOKING_SOURCES.map((value) => ({ value, label: SOURCE_LABELS[value] }));
const TIER_OPTIONS = PRICING_TIERS.map((value) => ({ value, label: packageName(value) }));

type Draft = {
  client_name: string;
  client_email: string;
  client_phone: string;
  source: StaffBookingSource | '';
  event_type: EventType | '';
  event_name: string;
  event_date: string;
  event_time: string;
  guest_count: string;
  venue_type: VenueType | '';
  venue_name: string;
  location: string;
  venue_address: string;
  notes: string;
  pricing: 'package' | 'custom';
  tier: PricingTier;
};
type DraftField = keyof Draft;

const EMPTY: Draft = {
  client_name: '',
  client_email: '',
  client_phone: '',
  source: 'phone',
  event_type: '',
  event_name: '',
  event_date: '',
  event_time: '',
  guest_count: '',
  venue_type: '',
  venue_name: '',
  location: '',
  venue_address: '',
  notes: '',
  pricing: 'package',
  tier: 'basic',
};

const optional = (text: string) => (text.trim() === '' ? null : text);

/** The form as the shared schema reads it (the same rules as /book and the server). */
function inputOf(draft: Draft, customerId: string | null) {
  return {
    customer_id: customerId,
    client_name: draft.client_name,
    client_email: draft.client_email,
    client_phone: draft.client_phone,
    source: draft.source,
    event_type: draft.event_type,
    event_name: draft.event_name,
    event_date: draft.event_date,
    event_time: optional(draft.event_time),
    guest_count: typedGuestCount(draft.guest_count),
    venue_type: draft.venue_type,
    venue_name: optional(draft.venue_name),
    location: draft.location,
    venue_address: optional(draft.venue_address),
    notes: optional(draft.notes),
    pricing: draft.pricing,
    tier: draft.tier,
  };
}

/** The server's field for a 422 (`loc: ['input', 'client_phone']`), when it named one of this form's. */
function serverField(error: unknown): DraftField | null {
  const issues = (error as { data?: { issues?: { loc?: unknown[] }[] } } | null)?.data?.issues;
  const field = issues?.[0]?.loc?.at(-1);
  return typeof field === 'string' && field in EMPTY ? (field as DraftField) : null;
}

/**
 * The package price as /book quotes it, from the shared rule (docs/product.md#pricing) before GST; the server adds
 * GST at its current rate and a peak date's surcharge when it prices the booking.
 */
function PackageEstimate({ draft }: { draft: Draft }) {
  const guests = parseGuestCount(draft.guest_count);
  if (!draft.event_type || !draft.venue_type || guests === null || guests > MAX_GUESTS || draft.location.trim() === '')
    return (
      <Text textStyle="sm" color="fg.muted">
        Enter the event type, guests, venue type and city to see the package price.
      </Text>
    );
  const price = priceQuote({
    tier: draft.tier,
    eventType: draft.event_type,
    venueType: draft.venue_type,
    city: draft.location,
    guestCount: guests,
  });
  const rows: [string, number][] = [
    [
      `${packageName(draft.tier)}: ${formatInr(paiseToRupees(price.basePricePerPersonPaise))} × ${guests}`,
      price.packagePaise,
    ],
  ];
  if (price.discountPaise > 0) rows.push([`Volume discount (${price.discountPercent}%)`, -price.discountPaise]);
  return (
    <Box aria-live="polite" borderWidth="1px" borderColor="border.muted" rounded="md" p="3" bg="bg.subtle">
      <Heading as="h4" textStyle="sm" fontWeight="semibold" mb="2">
        Package price
      </Heading>
      <Stack gap="1" textStyle="sm">
        {rows.map(([label, paise]) => (
          <Flex key={label} justify="space-between" gap="3">
            <Text>{label}</Text>
            <Text fontVariantNumeric="tabular-nums">{formatInr(paiseToRupees(paise))}</Text>
          </Flex>
        ))}
        <Flex justify="space-between" gap="3" fontWeight="semibold">
          <Text>Before GST</Text>
          <Text fontVariantNumeric="tabular-nums">{formatInr(paiseToRupees(price.subtotalPaise))}</Text>
        </Flex>
      </Stack>
      <Text textStyle="xs" color="fg.muted" mt="2">
        GST at the current rate, and a peak date&apos;s surcharge, are added when the booking is priced.
      </Text>
    </Box>
  );
}

/** Finds an existing customer by name, phone or e-mail (the Customers search) and hands the one chosen back. */
function CustomerSearch({ onPick }: { onPick(customer: CustomerDto): void }) {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300);
  const found = trpc.admin.customers.list.useQuery({ limit: 5, offset: 0, q }, { enabled: q.length >= 2 });
  return (
    <Stack gap="2">
      <TextField
        name="customer_search"
        label="Find an existing customer"
        type="search"
        placeholder="Name, phone or e-mail"
        helperText="Or leave this empty and type a new customer's details below."
        value={search}
        onValueChange={setSearch}
        maxLength={100}
      />
      {q.length >= 2 && found.data && (
        <Stack as="ul" gap="1" aria-label="Matching customers" listStyleType="none">
          {found.data.items.length === 0 && (
            <Text as="li" textStyle="sm" color="fg.muted">
              No customer matches “{q}”.
            </Text>
          )}
          {found.data.items.map((customer) => (
            <Box as="li" key={customer.id}>
              <Button
                type="button"
                size="sm"
                variant="outline"
                colorPalette="accent"
                w="full"
                justifyContent="flex-start"
                h="auto"
                py="2"
                whiteSpace="normal"
                textAlign="start"
                onClick={() => {
                  onPick(customer);
                  setSearch('');
                }}
              >
                {customer.full_name} · {customer.phone ?? 'no phone'} · {customer.email}
              </Button>
            </Box>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

type NewBookingDialogProps = { open: boolean; onClose(): void };

/**
 * "New booking" on the Bookings tab (docs/product.md#staff-bookings): a booking taken by phone, at the counter, on
 * WhatsApp or by referral, for an existing customer or a new one, checked with the schema the server uses, at the
 * package price or as a custom quote. A full or closed day is answered with its next free dates, one click each.
 */
export function NewBookingDialog({ open, onClose }: NewBookingDialogProps) {
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [customer, setCustomer] = useState<CustomerDto | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [dateProblem, setDateProblem] = useState<string | undefined>();
  const [freeDates, setFreeDates] = useState<string[]>([]);
  const reload = useReloadDashboard();
  const create = trpc.admin.bookings.create.useMutation();
  // A double-click on Save lands both clicks before `isPending` changes: the second would be a second booking.
  const once = useSingleFlight();
  const today = todayInIndia();
  const formId = 'new-booking-form';

  function set<Field extends DraftField>(field: Field, value: Draft[Field]) {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
    if (field === 'event_date') setFreeDates([]);
    if (customer && (field === 'client_name' || field === 'client_email' || field === 'client_phone'))
      setCustomer(null);
  }

  function close() {
    setDraft(EMPTY);
    setCustomer(null);
    setErrors({});
    setFreeDates([]);
    setDateProblem(undefined);
    create.reset();
    onClose();
  }

  /**
   * Choosing a customer fills who they are; the venue's city is the event's, not where the customer lives, so it is
   * asked for like the rest of the event (docs/product.md#staff-bookings).
   */
  function pick(found: CustomerDto) {
    setCustomer(found);
    setDraft((current) => ({
      ...current,
      client_name: found.full_name,
      client_email: found.email,
      client_phone: found.phone ?? '',
    }));
    setErrors({});
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    if (dateProblem) {
      setErrors({ event_date: dateProblem });
      focusFirstInvalid(form, { event_date: dateProblem });
      return;
    }
    const parsed = staffBookingInputSchema.safeParse(inputOf(draft, customer?.id ?? null));
    if (!parsed.success) {
      const found = firstIssuePerField(parsed.error);
      setErrors(found);
      focusFirstInvalid(form, found);
      return;
    }
    once((release) => save(parsed.data, form, release));
  }

  function save(input: StaffBookingInput, form: HTMLFormElement, release: () => void) {
    create.mutate(input, {
      onSettled: release,
      onSuccess(result) {
        toast.success(result.message);
        void reload();
        close();
      },
      onError(failure) {
        const message = serverDetail(failure) ?? 'The booking could not be saved. Please try again.';
        const free = nextFreeDates(failure);
        setFreeDates(free);
        const field = free.length > 0 ? 'event_date' : serverField(failure);
        if (field) {
          setErrors({ [field]: message });
          focusFirstInvalid(form, { [field]: message });
        }
        toast.error(message);
      },
    });
  }

  const field = (name: Exclude<DraftField, 'source' | 'event_type' | 'venue_type' | 'pricing' | 'tier'>) => ({
    name,
    value: draft[name],
    onValueChange: (value: string) => set(name, value),
    error: errors[name],
  });

  return (
    <AppDialog
      open={open}
      onClose={close}
      title="New booking"
      description="A booking taken by phone, at the counter, on WhatsApp or by referral."
      size="xl"
      footer={
        <>
          <Button variant="ghost" colorPalette="accent" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" form={formId} rounded="full" px="5" loading={create.isPending}>
            Save booking
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate aria-label="New booking">
        <Stack gap="6">
          <Stack gap="3">
            <Heading as="h3" fontSize="md" color="accent.900">
              Customer
            </Heading>
            <CustomerSearch onPick={pick} />
            {customer && (
              <Flex
                role="status"
                gap="2"
                align="center"
                justify="space-between"
                wrap="wrap"
                bg="accent.subtle"
                rounded="md"
                px="3"
                py="2"
              >
                <Text textStyle="sm">
                  Existing customer: <strong>{customer.full_name}</strong>
                </Text>
                <Button type="button" size="xs" variant="ghost" colorPalette="accent" onClick={() => setCustomer(null)}>
                  Enter a new customer instead
                </Button>
              </Flex>
            )}
            <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
              <TextField {...field('client_name')} label="Full Name" autoComplete="off" required />
              <TextField {...field('client_email')} label="Email Address" type="email" inputMode="email" required />
              <TextField
                {...field('client_phone')}
                label="Phone Number"
                type="tel"
                inputMode="tel"
                placeholder="+91-XXXXXXXXXX"
                required
              />
            </SimpleGrid>
            <Box maxW={{ md: '18rem' }}>
              <SelectField<StaffBookingSource>
                name="source"
                label="Source"
                placeholder="Where the booking came from"
                required
                options={SOURCE_OPTIONS}
                value={draft.source}
                onValueChange={(value) => set('source', value)}
                error={errors.source}
              />
            </Box>
          </Stack>

          <Stack gap="3">
            <Heading as="h3" fontSize="md" color="accent.900">
              Event
            </Heading>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <SelectField<EventType>
                name="event_type"
                label="Event Type"
                placeholder="Select event type"
                required
                options={EVENT_TYPE_OPTIONS}
                value={draft.event_type}
                onValueChange={(value) => set('event_type', value)}
                error={errors.event_type}
              />
              <TextField {...field('event_name')} label="Event Name" maxLength={EVENT_NAME_MAX_LENGTH} required />
              <Box>
                <EventDateField
                  value={draft.event_date}
                  onValueChange={(value) => set('event_date', value)}
                  min={today}
                  error={errors.event_date}
                  onTypedProblemChange={setDateProblem}
                  availability={{ guests: parseGuestCount(draft.guest_count) ?? undefined }}
                />
                <NextFreeDates dates={freeDates} onChoose={(date) => set('event_date', date)} />
              </Box>
              <TextField {...field('event_time')} label="Event Time" placeholder="e.g. 7:30 PM" maxLength={50} />
              <TextField
                {...field('guest_count')}
                label="Expected Guest Count"
                type="number"
                inputMode="numeric"
                min={MIN_GUESTS}
                max={MAX_GUESTS}
                step={1}
                required
              />
              <SelectField<VenueType>
                name="venue_type"
                label="Venue Type"
                placeholder="Select venue type"
                required
                options={VENUE_TYPE_OPTIONS}
                value={draft.venue_type}
                onValueChange={(value) => set('venue_type', value)}
                error={errors.venue_type}
              />
              <TextField {...field('venue_name')} label="Venue Name" maxLength={VENUE_NAME_MAX_LENGTH} />
              <TextField {...field('location')} label="Venue Location/City" maxLength={LOCATION_MAX_LENGTH} required />
            </SimpleGrid>
            <TextField {...field('venue_address')} label="Venue Address" maxLength={500} />
            <TextareaField {...field('notes')} label="Notes" maxLength={2000} rows={2} />
          </Stack>

          <Stack gap="3">
            <Heading as="h3" fontSize="md" color="accent.900">
              Price
            </Heading>
            <RadioGroup.Root
              name="pricing"
              value={draft.pricing}
              onValueChange={(details) => set('pricing', details.value === 'custom' ? 'custom' : 'package')}
              colorPalette="accent"
            >
              <Flex gap={{ base: '3', md: '6' }} direction={{ base: 'column', md: 'row' }}>
                <RadioGroup.Item value="package" minH="11">
                  <RadioGroup.ItemHiddenInput />
                  <RadioGroup.ItemIndicator />
                  <RadioGroup.ItemText>Package price (sends the quote)</RadioGroup.ItemText>
                </RadioGroup.Item>
                <RadioGroup.Item value="custom" minH="11">
                  <RadioGroup.ItemHiddenInput />
                  <RadioGroup.ItemIndicator />
                  <RadioGroup.ItemText>Custom quote (price it afterwards)</RadioGroup.ItemText>
                </RadioGroup.Item>
              </Flex>
            </RadioGroup.Root>
            <Box maxW={{ md: '18rem' }}>
              <SelectField<PricingTier>
                name="tier"
                label="Package"
                placeholder="Choose a package"
                required
                options={TIER_OPTIONS}
                value={draft.tier}
                onValueChange={(value) => value && set('tier', value)}
                error={errors.tier}
              />
            </Box>
            {draft.pricing === 'package' ? (
              <PackageEstimate draft={draft} />
            ) : (
              <Text textStyle="sm" color="fg.muted">
                The booking is saved as an inquiry and the customer gets the acknowledgement; price it with “Price this
                booking” in its details.
              </Text>
            )}
          </Stack>
        </Stack>
      </form>
    </AppDialog>
  );
}
