import { Field, Input, InputGroup, type FieldRootProps } from '@chakra-ui/react';
import { Search } from 'lucide-react';

type SearchBoxProps = {
  /** The field's label, which is also the search box's accessible name ("Search customers"). */
  label: string;
  placeholder: string;
  value: string;
  onChange(value: string): void;
} & Pick<FieldRootProps, 'flex' | 'mb' | 'maxW'>;

/** A list's search box on the dashboard: a labelled search input with its magnifier, 100 characters at most. */
export function SearchBox({ label, placeholder, value, onChange, ...root }: SearchBoxProps) {
  return (
    <Field.Root {...root}>
      <Field.Label>{label}</Field.Label>
      <InputGroup startElement={<Search size={16} aria-hidden="true" />}>
        <Input
          type="search"
          bg="bg.panel"
          placeholder={placeholder}
          value={value}
          maxLength={100}
          onChange={(event) => onChange(event.target.value)}
        />
      </InputGroup>
    </Field.Root>
  );
}
