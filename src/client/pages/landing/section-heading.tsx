import { Heading, Text, VStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

type SectionHeadingProps = { id: string; eyebrow: string; title: string; children?: ReactNode };

/** `id` names the heading so its section can be labelled by it. */
export function SectionHeading({ id, eyebrow, title, children }: SectionHeadingProps) {
  return (
    <VStack gap="3" textAlign="center" maxW="2xl" mx="auto" mb={{ base: '10', md: '14' }}>
      <Text fontSize="sm" fontWeight="semibold" letterSpacing="widest" textTransform="uppercase" color="brand.fg">
        {eyebrow}
      </Text>
      <Heading id={id} as="h2" size={{ base: '3xl', md: '4xl' }} color="accent.900" textWrap="balance">
        {title}
      </Heading>
      {children && (
        <Text color="fg.muted" fontSize={{ base: 'md', md: 'lg' }} textWrap="pretty">
          {children}
        </Text>
      )}
    </VStack>
  );
}
