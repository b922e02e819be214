import { Field, Textarea, type TextareaProps } from '@chakra-ui/react';
import { useFieldDescription } from './field-description';

export type TextareaFieldProps = Omit<TextareaProps, 'value' | 'onChange' | 'name'> & {
  name: string;
  label: string;
  value: string;
  onValueChange(value: string): void;
  error?: string | undefined;
  helperText?: string | undefined;
};

/**
 * The multi-line sibling of TextField: a labelled textarea that grows with its text, its error tied to it with
 * aria-describedby (docs/product.md#screens: every field has a label).
 */
export function TextareaField({
  label,
  value,
  onValueChange,
  error,
  helperText,
  required,
  ...textareaProps
}: TextareaFieldProps) {
  const { ids, describedBy } = useFieldDescription({ error, helperText });
  return (
    <Field.Root ids={ids} invalid={Boolean(error)} required={required}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      <Textarea
        size="lg"
        bg="bg.panel"
        rows={3}
        autoresize
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        aria-describedby={describedBy}
        {...textareaProps}
      />
      {helperText && !error && <Field.HelperText>{helperText}</Field.HelperText>}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
