import { Field, NativeSelect } from '@chakra-ui/react';

type StatusFilterProps<Value extends string> = {
  label: string;
  value: Value;
  options: readonly { value: Value; label: string }[];
  onChange(value: Value): void;
};

/** A labelled status select above a list (the All Bookings filter's look); changing it asks the server again. */
export function StatusFilter<Value extends string>({ label, value, options, onChange }: StatusFilterProps<Value>) {
  return (
    <Field.Root w={{ base: 'full', sm: '56' }}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field bg="bg.panel" value={value} onChange={(event) => onChange(event.target.value as Value)}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
