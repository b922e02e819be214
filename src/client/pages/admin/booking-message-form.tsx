import { Button, Field, Flex, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { isErasedCustomer } from '../../../shared/schemas/admin';
import {
  bookingMessageFieldsSchema,
  MESSAGE_BODY_MAX_LENGTH,
  MESSAGE_SUBJECT_MAX_LENGTH,
} from '../../../shared/schemas/messages';
import { TextareaField } from '../../components/textarea-field';
import { TextField } from '../../components/text-field';
import { serverDetail } from '../../lib/errors';
import { focusFirstInvalid, serverFieldError } from '../../lib/form-errors';
import { trpc } from '../../lib/trpc';
import { firstIssuePerField, type FieldErrors } from './use-form-fields';

type Draft = { recipient: string; subject: string; body: string };
const EMPTY: Draft = { recipient: '', subject: '', body: '' };
const CUSTOMER = 'customer';

/** The recipient choice as the API takes it: `customer`, or `supplier:<id>`. */
function recipientOf(choice: string): { to: string; supplier_id?: string } {
  return choice.startsWith('supplier:') ? { to: 'supplier', supplier_id: choice.slice(9) } : { to: choice };
}

/** The fields of the API's body a 422 may name. */
const SERVER_FIELDS = { to: true, supplier_id: true, subject: true, body: true };

/** The server's field for a 422, as this form names it (`to` and `supplier_id` are both the recipient). */
function formField(field: unknown): keyof Draft | null {
  if (field === 'to' || field === 'supplier_id') return 'recipient';
  return field === 'subject' || field === 'body' ? field : null;
}

type BookingMessageFormProps = {
  booking: { id: string; client_name: string; client_email: string };
  onDone(): void;
};

/**
 * "Write a message" under a booking's thread (docs/product.md#message-thread): an e-mail to the customer or to a
 * supplier invited to the booking's project, checked with the shared schema before sending. Once queued it joins
 * the thread above, where its delivery shows.
 */
export function BookingMessageForm({ booking, onDone }: BookingMessageFormProps) {
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const project = trpc.admin.projects.forBooking.useQuery({ booking_id: booking.id });
  const send = trpc.admin.messages.send.useMutation();
  const utils = trpc.useUtils();
  const erased = isErasedCustomer({ email: booking.client_email });

  function set(field: keyof Draft, value: string) {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
    setFormError(null);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (send.isPending) return;
    const form = event.currentTarget;
    const values = { ...recipientOf(draft.recipient), subject: draft.subject, body: draft.body };
    const parsed = bookingMessageFieldsSchema.safeParse(draft.recipient ? values : { ...values, to: undefined });
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const [field, message] of Object.entries(firstIssuePerField(parsed.error))) {
        const name = formField(field);
        if (name && !found[name]) found[name] = message;
      }
      setErrors(found);
      focusFirstInvalid(form, found);
      return;
    }
    send.mutate(
      { booking_id: booking.id, ...parsed.data },
      {
        onSuccess(sent) {
          toast.success(`Message sent to ${sent.to}`);
          void utils.admin.messages.forBooking.invalidate({ booking_id: booking.id });
          setDraft(EMPTY);
          onDone();
        },
        onError(failure) {
          const refused = serverFieldError(failure, SERVER_FIELDS);
          const [named, fieldMessage] = Object.entries(refused ?? {})[0] ?? [];
          const field = formField(named);
          if (field && fieldMessage) {
            setErrors({ [field]: fieldMessage });
            focusFirstInvalid(form, { [field]: fieldMessage });
          } else setFormError(serverDetail(failure) ?? 'The message could not be sent. Please try again.');
        },
      },
    );
  }

  const suppliers = project.data?.suppliers ?? [];
  return (
    <form onSubmit={submit} noValidate aria-label="Write a message">
      <Stack gap="3">
        <Field.Root required invalid={Boolean(errors.recipient)}>
          <Field.Label>
            To
            <Field.RequiredIndicator />
          </Field.Label>
          <NativeSelect.Root size="lg">
            <NativeSelect.Field
              name="recipient"
              bg="bg.panel"
              value={draft.recipient}
              onChange={(event) => set('recipient', event.target.value)}
            >
              <option value="">Choose who it is for</option>
              <option value={CUSTOMER} disabled={erased}>
                {erased ? 'Customer (details erased)' : `Customer: ${booking.client_name} (${booking.client_email})`}
              </option>
              {suppliers.map((supplier) => (
                <option key={supplier.supplier_id} value={`supplier:${supplier.supplier_id}`}>
                  Supplier: {supplier.business_name} ({supplier.name})
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          {errors.recipient ? (
            <Field.ErrorText>{errors.recipient}</Field.ErrorText>
          ) : (
            <Field.HelperText>
              {suppliers.length > 0
                ? 'The customer, or a supplier invited to quote for this booking.'
                : 'Suppliers appear here once they are invited to quote for this booking.'}
            </Field.HelperText>
          )}
        </Field.Root>
        <TextField
          name="subject"
          label="Subject"
          value={draft.subject}
          onValueChange={(value) => set('subject', value)}
          error={errors.subject}
          maxLength={MESSAGE_SUBJECT_MAX_LENGTH}
          required
        />
        <TextareaField
          name="body"
          label="Message"
          value={draft.body}
          onValueChange={(value) => set('body', value)}
          error={errors.body}
          maxLength={MESSAGE_BODY_MAX_LENGTH}
          rows={5}
          required
          helperText="Sent by e-mail, with the event's details and how to reach you."
        />
        {formError && (
          <Text role="alert" color="fg.error" textStyle="sm">
            {formError}
          </Text>
        )}
        <Flex gap="3" justify="flex-end" direction={{ base: 'column-reverse', sm: 'row' }}>
          <Button type="button" variant="ghost" colorPalette="accent" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" rounded="full" px="5" loading={send.isPending} loadingText="Sending…">
            Send e-mail
          </Button>
        </Flex>
      </Stack>
    </form>
  );
}
