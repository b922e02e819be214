import { Box, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { CalendarCheck, ReceiptText, Sparkles } from 'lucide-react';
import { BrandLogo } from '../../components/brand-logo';
import { MandalaMotif } from '../../components/mandala-motif';
import { useBrand } from '../../lib/brand';

const PERKS = [
  { icon: CalendarCheck, text: 'Instant quotes for weddings, corporate events and private parties' },
  { icon: ReceiptText, text: 'Transparent pricing with GST shown up front' },
  { icon: Sparkles, text: 'Menus, décor and service planned around your guests' },
];

/** The decorative half of the sign-in screen on wide displays: drawn, not photographed. */
export function LoginBrandPanel() {
  const brand = useBrand();
  return (
    <Box
      position="relative"
      overflow="hidden"
      color="cream.50"
      px={{ lg: '14', xl: '20' }}
      py="12"
      display="flex"
      flexDirection="column"
      css={{
        backgroundColor: 'var(--chakra-colors-accent-950)',
        backgroundImage:
          'radial-gradient(circle at 20% 0%, var(--chakra-colors-accent-700) 0, transparent 55%), ' +
          'radial-gradient(circle at 100% 100%, var(--chakra-colors-accent-800) 0, transparent 50%)',
      }}
    >
      <MandalaMotif position="absolute" boxSize="36rem" right="-40" bottom="-40" opacity={0.22} pointerEvents="none" />
      <MandalaMotif position="absolute" boxSize="24" right="16" top="20" opacity={0.8} pointerEvents="none" />
      <Box position="relative">
        <BrandLogo tone="light" />
      </Box>
      <Stack position="relative" gap="8" my="auto" maxW="md" py="12">
        <Heading as="p" fontSize={{ lg: '4xl', xl: '5xl' }} lineHeight="1.1" color="cream.50" textWrap="balance">
          Every celebration begins at the table.
        </Heading>
        <Text fontSize="lg" color="cream.200">
          {brand.tagline}
        </Text>
        <Stack as="ul" gap="4" listStyleType="none">
          {PERKS.map(({ icon: Icon, text }) => (
            <HStack as="li" key={text} gap="3" align="flex-start" color="cream.100">
              <Box
                flexShrink={0}
                display="inline-flex"
                boxSize="8"
                alignItems="center"
                justifyContent="center"
                rounded="full"
                bg="whiteAlpha.100"
                color="brand.300"
                aria-hidden="true"
              >
                <Icon size={16} />
              </Box>
              <Text pt="1">{text}</Text>
            </HStack>
          ))}
        </Stack>
      </Stack>
      <Text position="relative" fontSize="sm" color="cream.300">
        Need help? Call us on {brand.phone}
      </Text>
    </Box>
  );
}
