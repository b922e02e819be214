import { Box, Button, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { CalendarHeart, MapPin, RotateCcw, Sparkles, UserRound, Users } from 'lucide-react';
import { useRef, type FormEvent } from 'react';
import type { EventType, VenueType } from '../../../shared/domain';
import { MAX_GUESTS, MIN_GUESTS } from '../../../shared/pricing';
import { EVENT_NAME_MAX_LENGTH, LOCATION_MAX_LENGTH, VENUE_NAME_MAX_LENGTH } from '../../../shared/quote-limits';
import { TextField } from '../../components/text-field';
import { EVENT_TYPE_OPTIONS, eventNameExample, VENUE_TYPE_OPTIONS } from './booking-options';
import { EventDateField } from '../../components/event-date-field';
import { type QuoteField, type QuoteFormValues } from './quote-fields';
import { SelectField } from './select-field';
import { FormSection } from '../../components/form-section';
import { NextFreeDates } from '../../components/next-free-dates';
import { WhatsappOptIn } from '../../components/whatsapp-opt-in';
import { parseGuestCount } from './quote-fields';
import { useTypedBeforeHydration, type TypedFormHandover } from '../../lib/typed-before-hydration';

export type FieldError = { field: QuoteField; message: string };

type EventDetailsFormProps = {
  values: QuoteFormValues;
  onFieldChange<Field extends QuoteField>(field: Field, value: QuoteFormValues[Field]): void;
  /** A typed date the date field refused, or undefined (event-date-field.tsx). */
  onDateProblemChange(problem: string | undefined): void;
  error: FieldError | null;
  /** Today in India, `YYYY-MM-DD`: the first day the calendar offers. */
  today: string;
  canSubmit: boolean;
  pending: boolean;
  onSubmit(event: FormEvent<HTMLFormElement>): void;
  /** Empties the form and forgets the tab's draft (book-draft.ts); undefined while there is nothing to forget. */
  onStartOver?: (() => void) | undefined;
  /** The next free dates the server offered for a full or closed day (docs/product.md#calendar), or none. */
  freeDates?: readonly string[];
  /** What was typed before the page's code started, handed to or from the form drawn in this one's place. */
  typedHandover?: TypedFormHandover;
};

/**
 * docs/product.md#screens "Event Details": Your Information, Event Requirements, Venue & Date, with the spec's required
 * markers. Validation runs on submit (docs/product.md#privacy: one toast at a time, in order), so the browser's own
 * bubbles are off (`noValidate`).
 */
export function EventDetailsForm({
  values,
  onFieldChange,
  onDateProblemChange,
  error,
  today,
  canSubmit,
  pending,
  onSubmit,
  onStartOver,
  freeDates = [],
  typedHandover,
}: EventDetailsFormProps) {
  const errorFor = (field: QuoteField) => (error?.field === field ? error.message : undefined);
  const hintId = 'get-quote-hint';

  const formRef = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(formRef, typedHandover);

  return (
    <Box
      asChild
      bg="bg.panel"
      borderWidth="1px"
      borderColor="border"
      rounded="2xl"
      shadow="sm"
      px={{ base: '4', sm: '6', md: '10' }}
      py={{ base: '6', md: '9' }}
    >
      <form ref={formRef} method="post" onSubmit={onSubmit} noValidate aria-labelledby="event-details-heading">
        <Heading id="event-details-heading" as="h2" fontSize={{ base: '2xl', md: '3xl' }} color="accent.950" mb="1">
          Event Details
        </Heading>
        <Text color="fg.muted" mb={{ base: '6', md: '8' }}>
          Fields marked{' '}
          <Text as="span" color="fg.error">
            *
          </Text>{' '}
          are required. Your quote is also sent to your email.
        </Text>

        <Stack gap={{ base: '8', md: '10' }}>
          <FormSection icon={UserRound} title="Your Information">
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
              <TextField
                name="client_name"
                label="Full Name"
                autoComplete="name"
                required
                value={values.client_name}
                onValueChange={(value) => onFieldChange('client_name', value)}
                error={errorFor('client_name')}
              />
              <TextField
                name="client_email"
                label="Email Address"
                type="email"
                inputMode="email"
                autoComplete="email"
                placeholder="you@example.com"
                required
                value={values.client_email}
                onValueChange={(value) => onFieldChange('client_email', value)}
                error={errorFor('client_email')}
              />
              <Stack gap="1">
                <TextField
                  name="client_phone"
                  label="Phone Number"
                  type="tel"
                  inputMode="tel"
                  autoComplete="tel"
                  placeholder="+91-XXXXXXXXXX"
                  required
                  value={values.client_phone}
                  onValueChange={(value) => onFieldChange('client_phone', value)}
                  error={errorFor('client_phone')}
                />
                <WhatsappOptIn
                  checked={values.whatsapp_opt_in}
                  onCheckedChange={(checked) => onFieldChange('whatsapp_opt_in', checked)}
                />
              </Stack>
              <SelectField<EventType>
                name="event_type"
                label="Event Type"
                placeholder="Select event type"
                required
                options={EVENT_TYPE_OPTIONS}
                value={values.event_type}
                onValueChange={(value) => onFieldChange('event_type', value)}
                error={errorFor('event_type')}
              />
              <Box gridColumn={{ md: 'span 2' }}>
                <TextField
                  name="event_name"
                  label="Event Name"
                  placeholder={eventNameExample(values.event_type)}
                  maxLength={EVENT_NAME_MAX_LENGTH}
                  required
                  value={values.event_name}
                  onValueChange={(value) => onFieldChange('event_name', value)}
                  error={errorFor('event_name')}
                />
              </Box>
            </SimpleGrid>
          </FormSection>

          <FormSection icon={Users} title="Event Requirements">
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
              <TextField
                name="guest_count"
                label="Expected Guest Count"
                type="number"
                inputMode="numeric"
                min={MIN_GUESTS}
                max={MAX_GUESTS}
                step={1}
                placeholder="e.g. 150"
                required
                value={values.guest_count}
                onValueChange={(value) => onFieldChange('guest_count', value)}
                error={errorFor('guest_count')}
              />
              <SelectField<VenueType>
                name="venue_type"
                label="Venue Type"
                placeholder="Select venue type"
                options={VENUE_TYPE_OPTIONS}
                value={values.venue_type}
                onValueChange={(value) => onFieldChange('venue_type', value)}
                error={errorFor('venue_type')}
              />
            </SimpleGrid>
          </FormSection>

          <FormSection icon={MapPin} title="Venue & Date">
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
              <TextField
                name="venue_name"
                label="Venue Name"
                autoComplete="off"
                placeholder="e.g. Radisson Blu, Indore"
                maxLength={VENUE_NAME_MAX_LENGTH}
                value={values.venue_name}
                onValueChange={(value) => onFieldChange('venue_name', value)}
              />
              <TextField
                name="location"
                label="Venue Location/City"
                autoComplete="address-level2"
                placeholder="e.g. Indore"
                maxLength={LOCATION_MAX_LENGTH}
                required
                value={values.location}
                onValueChange={(value) => onFieldChange('location', value)}
                error={errorFor('location')}
              />
              <Box>
                <EventDateField
                  value={values.event_date}
                  onValueChange={(value) => onFieldChange('event_date', value)}
                  min={today}
                  error={errorFor('event_date')}
                  onTypedProblemChange={onDateProblemChange}
                  availability={{ guests: parseGuestCount(values.guest_count) ?? undefined }}
                />
                <NextFreeDates dates={freeDates} onChoose={(date) => onFieldChange('event_date', date)} />
              </Box>
            </SimpleGrid>
          </FormSection>
        </Stack>

        <Stack mt={{ base: '8', md: '10' }} gap="3" align={{ base: 'stretch', md: 'center' }}>
          <Button
            type="submit"
            size="xl"
            rounded="full"
            px="10"
            minW={{ md: '20rem' }}
            disabled={!canSubmit || pending}
            loading={pending}
            loadingText="Preparing your quote…"
            aria-describedby={canSubmit ? undefined : hintId}
          >
            <Sparkles aria-hidden="true" />
            Get Instant Quote
          </Button>
          {!canSubmit && (
            <Text id={hintId} textStyle="sm" color="fg.muted" textAlign="center">
              <CalendarHeart
                size={14}
                aria-hidden="true"
                style={{ display: 'inline', verticalAlign: '-2px', marginRight: 6 }}
              />
              Choose an event date and enter your guest count to get your quote.
            </Text>
          )}
          {onStartOver && (
            <Button type="button" variant="ghost" size="sm" alignSelf="center" onClick={onStartOver} disabled={pending}>
              <RotateCcw aria-hidden="true" />
              Start over
            </Button>
          )}
        </Stack>
      </form>
    </Box>
  );
}
