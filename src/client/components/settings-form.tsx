import { Button, Flex, SimpleGrid, Stack } from '@chakra-ui/react';
import type { FormEvent, ReactNode } from 'react';

/**
 * A settings form: its fields in two columns from medium screens up, then its save button ("Saving…" while the
 * answer is awaited), or `footer` in the button's place when the settings cannot be saved.
 */
export function SettingsForm({
  label,
  onSubmit,
  saving,
  submitLabel,
  footer,
  children,
}: {
  label: string;
  onSubmit(event: FormEvent<HTMLFormElement>): void;
  saving: boolean;
  submitLabel: string;
  footer?: ReactNode;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate aria-label={label}>
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {children}
        </SimpleGrid>
        {footer ?? (
          <Flex>
            <Button type="submit" rounded="full" px="6" loading={saving} loadingText="Saving…">
              {submitLabel}
            </Button>
          </Flex>
        )}
      </Stack>
    </form>
  );
}
