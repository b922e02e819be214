import { Field, NativeSelect, Text } from '@chakra-ui/react';
import type { FormEvent } from 'react';
import { GST_STATE_CODES, GST_STATES } from '../../../shared/gst';
import {
  bookingGstDetailsInputSchema,
  type BookingGstDetailsDto,
  type BookingGstDetailsInput,
} from '../../../shared/schemas/gst';
import { passesSchema, useFormFields } from '../../pages/admin/use-form-fields';
import { SettingsForm } from '../settings-form';
import { TextField } from '../text-field';

type Values = { company_name: string; gstin: string; billing_address: string; venue_state_code: string };

/**
 * A booking's GST details (docs/gst.md#recipient): the company name and GSTIN of a business booking (checked with
 * the shared schema, checksum included), a billing address, and the state the event is held in, which a receipt
 * needs before the first payment. Read-only once the tax invoice is issued.
 */
export function GstDetailsForm({
  details,
  saving,
  serverErrors,
  onSave,
}: {
  details: BookingGstDetailsDto;
  saving: boolean;
  serverErrors?: Record<string, string | undefined>;
  onSave(input: BookingGstDetailsInput): void;
}) {
  const { values, errors, setErrors, set } = useFormFields<Values>({
    company_name: details.company_name ?? '',
    gstin: details.gstin ?? '',
    billing_address: details.billing_address ?? '',
    venue_state_code: details.venue_state_code ?? '',
  });
  const shown = { ...serverErrors, ...errors };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving || !details.editable) return;
    if (!passesSchema(event, bookingGstDetailsInputSchema, values, setErrors)) return;
    onSave(values);
  }

  const fixed = (
    <Text fontSize="sm" color="fg.muted">
      These details are fixed: the tax invoice is issued (or the booking is cancelled).
    </Text>
  );
  return (
    <SettingsForm
      label="GST details"
      onSubmit={submit}
      saving={saving}
      submitLabel="Save GST details"
      footer={details.editable ? undefined : fixed}
    >
      <TextField
        name="company_name"
        label="Company name (business booking)"
        autoComplete="organization"
        value={values.company_name}
        onValueChange={(value) => set('company_name', value)}
        error={shown.company_name}
        disabled={!details.editable}
      />
      <TextField
        name="gstin"
        label="Company GSTIN"
        autoComplete="off"
        autoCapitalize="characters"
        value={values.gstin}
        onValueChange={(value) => set('gstin', value)}
        error={shown.gstin}
        helperText="Leave empty for a personal booking"
        disabled={!details.editable}
      />
      <TextField
        name="billing_address"
        label="Billing address"
        autoComplete="street-address"
        value={values.billing_address}
        onValueChange={(value) => set('billing_address', value)}
        error={shown.billing_address}
        helperText="The venue's address is used when left empty"
        disabled={!details.editable}
      />
      <Field.Root invalid={Boolean(shown.venue_state_code)} required disabled={!details.editable}>
        <Field.Label>
          State the event is held in
          <Field.RequiredIndicator />
        </Field.Label>
        <NativeSelect.Root size="lg">
          <NativeSelect.Field
            name="venue_state_code"
            value={values.venue_state_code}
            onChange={(event) => set('venue_state_code', event.target.value)}
          >
            <option value="">Choose a state</option>
            {GST_STATE_CODES.map((code) => (
              <option key={code} value={code}>
                {GST_STATES[code]} ({code})
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        {!shown.venue_state_code && !details.venue_state_named && details.venue_state_code && (
          <Field.HelperText>From the venue's city</Field.HelperText>
        )}
        <Field.ErrorText>{shown.venue_state_code}</Field.ErrorText>
      </Field.Root>
    </SettingsForm>
  );
}
