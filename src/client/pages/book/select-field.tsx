import { Field, NativeSelect } from '@chakra-ui/react';
import { useFieldDescription } from '../../components/field-description';

type SelectFieldProps<Value extends string> = {
  name: string;
  label: string;
  value: Value | '';
  onValueChange(value: Value | ''): void;
  options: readonly { value: Value; label: string }[];
  placeholder: string;
  required?: boolean;
  error?: string | undefined;
  helperText?: string | undefined;
};

/** A labelled native select (research: ecosystem 2.2, accessible and phone-friendly for free). */
export function SelectField<Value extends string>({
  name,
  label,
  value,
  onValueChange,
  options,
  placeholder,
  required,
  error,
  helperText,
}: SelectFieldProps<Value>) {
  const { ids, describedBy } = useFieldDescription({ error, helperText });
  return (
    <Field.Root ids={ids} invalid={Boolean(error)} required={required}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      <NativeSelect.Root size="lg">
        <NativeSelect.Field
          name={name}
          bg="bg.panel"
          value={value}
          onChange={(event) => onValueChange(event.target.value as Value | '')}
          aria-describedby={describedBy}
        >
          <option value="">{placeholder}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {helperText && !error && <Field.HelperText>{helperText}</Field.HelperText>}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
