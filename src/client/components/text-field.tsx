import { Field, Input, type InputProps } from '@chakra-ui/react';
import { useFieldDescription } from './field-description';

export type TextFieldProps = Omit<InputProps, 'value' | 'onChange' | 'name'> & {
  name: string;
  label: string;
  value: string;
  onValueChange(value: string): void;
  error?: string | undefined;
  helperText?: string | undefined;
};

/**
 * A labelled input whose error is tied to it with aria-describedby (docs/product.md#screens: every field has a label).
 */
export function TextField({ label, value, onValueChange, error, helperText, required, ...inputProps }: TextFieldProps) {
  const { ids, describedBy } = useFieldDescription({ error, helperText });
  return (
    <Field.Root ids={ids} invalid={Boolean(error)} required={required}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      <Input
        size="lg"
        bg="bg.panel"
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        aria-describedby={describedBy}
        {...inputProps}
      />
      {helperText && !error && <Field.HelperText>{helperText}</Field.HelperText>}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
