import {
  Button,
  CloseButton,
  Dialog,
  Field,
  NativeSelect,
  Portal,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useRef, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { TextField } from '../../components/text-field';
import { WhatsappOptIn } from '../../components/whatsapp-opt-in';
import { serverDetail } from '../../lib/errors';
import { focusFirstInvalid } from '../../lib/form-errors';
import { trpc } from '../../lib/trpc';
import {
  BUDGET_RANGES,
  buildInquiryPayload,
  CATERING_STYLES,
  earliestEventDate,
  EMPTY_INQUIRY,
  EVENT_DURATIONS,
  INCOMPLETE_EVENT_DATE,
  validateInquiry,
  type InquiryField,
  type InquiryValues,
} from './inquiry';
import type { Service } from './services';
import { VENUE_NAME_MAX_LENGTH } from '../../../shared/quote-limits';
import { toastFriendlyDialogProps } from '../../components/app-toaster';

const FORM_ID = 'service-inquiry-form';

type SelectFieldProps = {
  name: InquiryField;
  label: string;
  options: readonly string[];
  value: string;
  onValueChange(value: string): void;
};

function SelectField({ name, label, options, value, onValueChange }: SelectFieldProps) {
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root size="lg">
        <NativeSelect.Field
          name={name}
          bg="bg.panel"
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
        >
          <option value="">No preference</option>
          {options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

type ServiceInquiryDialogProps = {
  /** The service asked about; kept while the dialog animates closed. */
  service: Service | null;
  open: boolean;
  onClose(): void;
};

/**
 * The service inquiry modal (docs/product.md#booking-statuses): a booking with status `inquiry` for a custom
 * quote. What was typed survives closing the dialog, so a visitor who closes it by mistake loses nothing; a
 * successful inquiry clears the form.
 */
export function ServiceInquiryDialog({ service, open, onClose }: ServiceInquiryDialogProps) {
  const [values, setValues] = useState<InquiryValues>(EMPTY_INQUIRY);
  const [errors, setErrors] = useState<Partial<Record<InquiryField, string>>>({});
  const form = useRef<HTMLFormElement>(null);
  const createInquiry = trpc.bookings.createInquiry.useMutation();

  function setField(field: InquiryField, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!service || createInquiry.isPending) return;
    // A date begun but not finished reads as no date at all; the browser tells it apart as bad input.
    const dateField = event.currentTarget.elements.namedItem('eventDate');
    const halfTyped = dateField instanceof HTMLInputElement && dateField.validity.badInput;
    const found = { ...validateInquiry(values), ...(halfTyped && { eventDate: INCOMPLETE_EVENT_DATE }) };
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(event.currentTarget, found);
      return;
    }
    const title = service.name;
    createInquiry.mutate(buildInquiryPayload(service, values), {
      onSuccess: () => {
        toast.success(`${title} inquiry submitted successfully! We will contact you soon with a customized quote.`);
        setValues(EMPTY_INQUIRY);
        onClose();
      },
      onError: (error) => {
        toast.error(serverDetail(error) ?? `Failed to submit ${title} inquiry`);
      },
    });
  }

  const text = (field: InquiryField) => ({
    name: field,
    value: values[field],
    onValueChange: (value: string) => setField(field, value),
    error: errors[field],
  });

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      size={{ base: 'full', md: 'lg' }}
      placement="center"
      scrollBehavior="inside"
      lazyMount
      unmountOnExit
      {...toastFriendlyDialogProps}
      initialFocusEl={() => form.current?.querySelector<HTMLElement>('input[name="name"]') ?? null}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content bg="bg">
            <Dialog.Header flexDirection="column" alignItems="flex-start" gap="1" pe="14">
              <Text
                fontSize="xs"
                fontWeight="semibold"
                letterSpacing="widest"
                textTransform="uppercase"
                color="brand.fg"
              >
                Request a custom quote
              </Text>
              <Dialog.Title fontFamily="heading" fontSize="2xl" color="accent.900">
                {service?.name}
              </Dialog.Title>
              <Dialog.Description color="fg.muted">
                Tell us about your event and our planners will send you a customized quote.
              </Dialog.Description>
            </Dialog.Header>
            <Dialog.Body>
              <form
                ref={form}
                id={FORM_ID}
                onSubmit={submit}
                noValidate
                aria-label={`${service?.name ?? 'Service'} inquiry`}
              >
                <Stack gap="5">
                  <TextField {...text('name')} label="Full Name" autoComplete="name" required />
                  <SimpleGrid columns={{ base: 1, sm: 2 }} gap="5">
                    <TextField
                      {...text('email')}
                      label="Email"
                      type="email"
                      inputMode="email"
                      autoComplete="email"
                      required
                    />
                    <Stack gap="2">
                      <TextField
                        {...text('phone')}
                        label="Phone"
                        type="tel"
                        inputMode="tel"
                        autoComplete="tel"
                        placeholder="+91 98XXX XXXXX"
                        required
                      />
                      <WhatsappOptIn
                        checked={values.whatsappOptIn}
                        onCheckedChange={(checked) => setValues((current) => ({ ...current, whatsappOptIn: checked }))}
                      />
                    </Stack>
                    <TextField
                      {...text('guestCount')}
                      label="Guest Count"
                      inputMode="numeric"
                      placeholder="e.g. 150"
                      required
                    />
                    <TextField
                      {...text('eventDate')}
                      label="Event Date"
                      type="date"
                      min={earliestEventDate()}
                      helperText="Optional, if you have not fixed it yet"
                    />
                    <TextField {...text('eventTime')} label="Event Time" placeholder="e.g. 7:30 PM" maxLength={50} />
                    <TextField
                      {...text('venueName')}
                      label="Venue Name"
                      autoComplete="off"
                      placeholder="e.g. Radisson Blu, Indore"
                      maxLength={VENUE_NAME_MAX_LENGTH}
                    />
                  </SimpleGrid>
                  <TextField {...text('venueAddress')} label="Venue Address" autoComplete="off" maxLength={500} />
                  <TextField
                    {...text('companyName')}
                    label="Company Name"
                    autoComplete="organization"
                    helperText={
                      service?.id === 'corporate' ? 'Optional; added to the event name' : 'For corporate bookings'
                    }
                  />
                  <SimpleGrid columns={{ base: 1, sm: 2 }} gap="5">
                    <SelectField
                      name="budgetRange"
                      label="Budget Range"
                      options={BUDGET_RANGES}
                      value={values.budgetRange}
                      onValueChange={(value) => setField('budgetRange', value)}
                    />
                    <SelectField
                      name="cateringStyle"
                      label="Catering Style"
                      options={CATERING_STYLES}
                      value={values.cateringStyle}
                      onValueChange={(value) => setField('cateringStyle', value)}
                    />
                  </SimpleGrid>
                  <SelectField
                    name="eventDuration"
                    label="Event Duration"
                    options={EVENT_DURATIONS}
                    value={values.eventDuration}
                    onValueChange={(value) => setField('eventDuration', value)}
                  />
                  <Field.Root>
                    <Field.Label>Special Requests</Field.Label>
                    <Textarea
                      name="specialRequests"
                      bg="bg.panel"
                      rows={3}
                      autoresize
                      maxLength={2000}
                      placeholder="Menu preferences, Jain or vegan guests, live counters, décor ideas…"
                      value={values.specialRequests}
                      onChange={(event) => setField('specialRequests', event.target.value)}
                    />
                  </Field.Root>
                </Stack>
              </form>
            </Dialog.Body>
            <Dialog.Footer borderTopWidth="1px" borderColor="border.muted" pt="4">
              <Dialog.ActionTrigger asChild>
                <Button variant="ghost" colorPalette="accent">
                  Cancel
                </Button>
              </Dialog.ActionTrigger>
              <Button
                type="submit"
                form={FORM_ID}
                rounded="full"
                px="6"
                loading={createInquiry.isPending}
                loadingText="Submitting…"
              >
                Submit Inquiry
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
