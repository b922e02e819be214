import { Box, Container, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { MandalaMotif } from './mandala-motif';

type PageHeroProps = {
  /** The small capitals line above the heading. */
  eyebrow: string;
  title: string;
  lead: ReactNode;
  /** Width of the text column. */
  maxW?: string;
  /** Left off paper (the quote prints without it). */
  hideInPrint?: boolean;
  /** Under the lead (the /book highlights). */
  children?: ReactNode;
};

/** The deep-maroon band with the mandala that opens the visitor forms (/book, /vendor-register). */
export function PageHero({ eyebrow, title, lead, maxW = '3xl', hideInPrint = false, children }: PageHeroProps) {
  return (
    <Box
      position="relative"
      overflow="hidden"
      color="cream.50"
      _print={hideInPrint ? { display: 'none' } : undefined}
      pt={{ base: '8', md: '16' }}
      pb={{ base: '20', md: '28' }}
      css={{
        backgroundColor: 'var(--chakra-colors-accent-950)',
        backgroundImage:
          'radial-gradient(circle at 15% 0%, var(--chakra-colors-accent-700) 0, transparent 55%), ' +
          'radial-gradient(circle at 100% 100%, var(--chakra-colors-accent-800) 0, transparent 50%)',
      }}
    >
      <MandalaMotif
        position="absolute"
        boxSize={{ base: '72', md: '30rem' }}
        right={{ base: '-32', md: '-24' }}
        top={{ base: '-16', md: '-32' }}
        opacity={0.18}
        pointerEvents="none"
      />
      <Container maxW="6xl" position="relative">
        <Stack gap="4" maxW={maxW}>
          <Text textStyle="sm" fontWeight="semibold" letterSpacing="widest" textTransform="uppercase" color="brand.300">
            {eyebrow}
          </Text>
          <Heading
            as="h1"
            fontSize={{ base: '3xl', sm: '4xl', md: '5xl' }}
            lineHeight="1.1"
            color="cream.50"
            textWrap="balance"
          >
            {title}
          </Heading>
          <Text fontSize={{ base: 'md', md: 'lg' }} color="cream.200" maxW="2xl" textWrap="pretty">
            {lead}
          </Text>
          {children}
        </Stack>
      </Container>
    </Box>
  );
}
