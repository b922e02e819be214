import { Field, TagsInput } from '@chakra-ui/react';
import { MAX_SERVICES, SERVICE_MAX_LENGTH } from '../../../shared/schemas/vendor';
import { useFieldDescription } from '../../components/field-description';

const HELPER_TEXT = 'Press Enter or type a comma after each service.';

type ServicesFieldProps = {
  value: string[];
  onValueChange(value: string[]): void;
  error?: string | undefined;
};

/**
 * A supplier's services as tags (docs/product.md#vendors: "services (list)"): Enter, a comma or leaving the field adds
 * what was typed; pasted comma-separated text becomes several tags; Backspace removes the last one.
 */
export function ServicesField({ value, onValueChange, error }: ServicesFieldProps) {
  const { ids, describedBy } = useFieldDescription({ error, helperText: HELPER_TEXT });
  return (
    <Field.Root ids={ids} invalid={Boolean(error)}>
      <TagsInput.Root
        value={value}
        onValueChange={(details) => onValueChange(details.value)}
        delimiter=","
        addOnPaste
        blurBehavior="add"
        max={MAX_SERVICES}
        maxLength={SERVICE_MAX_LENGTH}
        validate={(details) => {
          const tag = details.inputValue.trim().toLowerCase();
          return tag !== '' && !details.value.some((existing) => existing.toLowerCase() === tag);
        }}
        size="md"
        w="full"
      >
        <TagsInput.Label>Services</TagsInput.Label>
        <TagsInput.Control bg="bg.panel">
          <TagsInput.Items />
          <TagsInput.Input
            placeholder={value.length === 0 ? 'e.g. Wedding catering, Live counters' : 'Add another'}
            aria-describedby={describedBy}
          />
        </TagsInput.Control>
        <TagsInput.HiddenInput name="services" />
      </TagsInput.Root>
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : <Field.HelperText>{HELPER_TEXT}</Field.HelperText>}
    </Field.Root>
  );
}
