import { Checkbox } from '@chakra-ui/react';

type WhatsappOptInProps = {
  checked: boolean;
  onCheckedChange(checked: boolean): void;
  /** Whose number gets the updates, in the label ("my phone number"). */
  label?: string;
};

/**
 * The opt-in to updates on WhatsApp beside a phone number (docs/product.md#whatsapp): unticked until the person
 * ticks it, and sent as `whatsapp_opt_in` only by the forms that show it.
 */
export function WhatsappOptIn({
  checked,
  onCheckedChange,
  label = 'Send me updates on WhatsApp at this number',
}: WhatsappOptInProps) {
  return (
    <Checkbox.Root
      name="whatsapp_opt_in"
      checked={checked}
      onCheckedChange={(event) => onCheckedChange(event.checked === true)}
      colorPalette="accent"
      alignItems="center"
      gap="2.5"
      minH="11"
      rounded="sm"
      // The whole row is the target, so the whole row shows where the keyboard is (as the package cards do).
      css={{
        '&:has(input:focus-visible)': {
          outline: '3px solid var(--chakra-colors-brand-focus-ring)',
          outlineOffset: '3px',
        },
      }}
    >
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label fontWeight="normal" textStyle="sm">
        {label}
      </Checkbox.Label>
    </Checkbox.Root>
  );
}
