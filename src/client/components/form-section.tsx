import { Fieldset, Flex } from '@chakra-ui/react';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** A titled group of fields (a fieldset whose legend carries an icon), as on /book and /vendor-register. */
export function FormSection({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children: ReactNode }) {
  return (
    <Fieldset.Root>
      <Fieldset.Legend
        display="flex"
        alignItems="center"
        gap="2.5"
        mb="4"
        fontFamily="heading"
        fontSize="lg"
        fontWeight="semibold"
        color="accent.900"
      >
        <Flex
          boxSize="8"
          rounded="full"
          align="center"
          justify="center"
          bg="brand.subtle"
          color="brand.fg"
          aria-hidden="true"
        >
          <Icon size={16} />
        </Flex>
        {title}
      </Fieldset.Legend>
      <Fieldset.Content mt="0">{children}</Fieldset.Content>
    </Fieldset.Root>
  );
}
