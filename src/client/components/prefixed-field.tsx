import { Field, Input, InputGroup } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useFieldDescription } from './field-description';
import type { TextFieldProps } from './text-field';

type PrefixedFieldProps = TextFieldProps & {
  /** Shown fixed before the input, e.g. "+91" for a phone or "₹" for an amount; not part of the value. */
  prefix: ReactNode;
};

/** A labelled input with a fixed prefix beside it, its error tied to it like TextField's. */
export function PrefixedField({
  label,
  value,
  onValueChange,
  error,
  helperText,
  required,
  prefix,
  ...inputProps
}: PrefixedFieldProps) {
  const { ids, describedBy } = useFieldDescription({ error, helperText });
  return (
    <Field.Root ids={ids} invalid={Boolean(error)} required={required}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      <InputGroup
        startAddon={prefix}
        startAddonProps={{ bg: 'bg.muted', color: 'fg.muted', fontWeight: 'medium', 'aria-hidden': true }}
      >
        <Input
          size="lg"
          bg="bg.panel"
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          aria-describedby={describedBy}
          {...inputProps}
        />
      </InputGroup>
      {helperText && !error && <Field.HelperText>{helperText}</Field.HelperText>}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
