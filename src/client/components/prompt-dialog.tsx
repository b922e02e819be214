import { Button, Field, Textarea } from '@chakra-ui/react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { AppDialog } from './app-dialog';
import { useFieldDescription } from './field-description';

type PromptDialogProps = {
  open: boolean;
  onClose(): void;
  /** Called with the trimmed text; an empty answer is refused in the dialog and never reaches the caller. */
  onSubmit(value: string): void;
  title: string;
  /** The question, used as the text field's label (it is what a screen reader announces). */
  label: string;
  confirmLabel: string;
  requiredMessage: string;
  maxLength?: number;
  placeholder?: string;
  tone?: 'danger' | 'default';
  loading?: boolean;
};

function PromptForm({
  formId,
  label,
  requiredMessage,
  maxLength,
  placeholder,
  onSubmit,
}: Pick<PromptDialogProps, 'label' | 'requiredMessage' | 'maxLength' | 'placeholder' | 'onSubmit'> & {
  formId: string;
}) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const { ids, describedBy } = useFieldDescription({ error });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = value.trim();
    if (!text) {
      setError(requiredMessage);
      field.current?.focus();
      return;
    }
    onSubmit(text);
  }

  return (
    <form id={formId} onSubmit={submit} noValidate>
      <Field.Root ids={ids} invalid={error !== null} required>
        <Field.Label>{label}</Field.Label>
        <Textarea
          ref={field}
          name="reason"
          bg="bg.panel"
          rows={3}
          autoresize
          maxLength={maxLength}
          placeholder={placeholder}
          aria-describedby={describedBy}
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            setError(null);
          }}
        />
        <Field.ErrorText>{error}</Field.ErrorText>
      </Field.Root>
    </form>
  );
}

/**
 * An accessible replacement for `window.prompt`: a labelled text field in a dialog. Cancel, Escape or the close
 * button send nothing; an empty answer is refused with a message and sends nothing either.
 */
export function PromptDialog({
  open,
  onClose,
  onSubmit,
  title,
  label,
  confirmLabel,
  requiredMessage,
  maxLength,
  placeholder,
  tone = 'default',
  loading,
}: PromptDialogProps) {
  const formId = useId();
  return (
    <AppDialog
      open={open}
      onClose={onClose}
      title={title}
      size="sm"
      fullScreenOnPhone={false}
      initialFocusEl={() => document.getElementById(formId)?.querySelector('textarea') ?? null}
      footer={
        <>
          <Button variant="ghost" colorPalette="accent" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="submit"
            form={formId}
            colorPalette={tone === 'danger' ? 'red' : 'brand'}
            rounded="full"
            px="5"
            loading={loading}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      <PromptForm
        formId={formId}
        label={label}
        requiredMessage={requiredMessage}
        maxLength={maxLength}
        placeholder={placeholder}
        onSubmit={onSubmit}
      />
    </AppDialog>
  );
}
