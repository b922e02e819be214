import { HStack, Text } from '@chakra-ui/react';
import { Link } from 'wouter';
import { useBrand } from '../lib/brand';
import { MandalaMotif } from './mandala-motif';

/** The brand name with its marigold mark, linking home. `tone` picks colours for light or dark backgrounds. */
export function BrandLogo({ tone = 'dark' }: { tone?: 'dark' | 'light' }) {
  const brand = useBrand();
  return (
    <HStack asChild gap="2.5" flexShrink={1} minW="0" rounded="md" focusVisibleRing="outside" minH="11">
      <Link href="/">
        <MandalaMotif boxSize="9" />
        <Text
          as="span"
          fontFamily="heading"
          fontWeight="bold"
          fontSize={{ base: 'lg', md: 'xl' }}
          letterSpacing="tight"
          color={tone === 'dark' ? 'accent.900' : 'cream.50'}
          lineHeight="1"
        >
          {brand.name}
        </Text>
      </Link>
    </HStack>
  );
}
