import { Box, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { BadgeCheck, CalendarHeart, Gavel, MailCheck, Smartphone, Star, type LucideIcon } from 'lucide-react';
import { useBrand } from '../../lib/brand';

const NEXT_STEPS = [
  { title: 'You apply', text: 'Tell us about your business and the services you offer.' },
  { title: 'We review', text: 'Our team checks your details, GST number and portfolio.' },
  { title: 'You hear from us', text: 'We e-mail you as soon as your account is approved.' },
  { title: 'You start quoting', text: 'Sign in to the Supplier Dashboard and quote on new events.' },
];

const BENEFITS: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: CalendarHeart,
    title: 'A steady stream of events',
    text: 'Weddings, corporate days, gala dinners and private parties from our customers.',
  },
  {
    icon: Smartphone,
    title: 'Quote in a few taps',
    text: 'New projects reach your phone; quote and revise until the deadline.',
  },
  {
    icon: Gavel,
    title: 'Clear award rules',
    text: 'The best-priced quote wins; your rating breaks a tie. No guesswork.',
  },
  { icon: Star, title: 'Grow your reputation', text: 'Every event you serve well builds the rating customers see.' },
];

/**
 * What happens after applying (docs/product.md#booking-statuses: active only after admin approval) and why partner with
 * us.
 */
export function PartnerExplainer() {
  const brand = useBrand();
  return (
    <Stack gap="6">
      <Box bg="bg.panel" borderWidth="1px" borderColor="border" rounded="2xl" shadow="sm" p={{ base: '5', md: '7' }}>
        <HStack gap="2.5" mb="5">
          <Flex
            boxSize="8"
            rounded="full"
            align="center"
            justify="center"
            bg="accent.subtle"
            color="accent.fg"
            aria-hidden="true"
          >
            <MailCheck size={16} />
          </Flex>
          <Heading as="h2" fontSize="xl" color="accent.950">
            What happens next
          </Heading>
        </HStack>
        <Stack as="ol" gap="0" listStyleType="none">
          {NEXT_STEPS.map((step, index) => (
            <HStack as="li" key={step.title} align="stretch" gap="3.5">
              <Flex direction="column" align="center" flexShrink={0}>
                <Flex
                  boxSize="7"
                  rounded="full"
                  align="center"
                  justify="center"
                  bg="brand.solid"
                  color="brand.contrast"
                  fontSize="sm"
                  fontWeight="bold"
                  aria-hidden="true"
                >
                  {index + 1}
                </Flex>
                {index < NEXT_STEPS.length - 1 && <Box flex="1" w="2px" bg="brand.muted" my="1" aria-hidden="true" />}
              </Flex>
              <Box pb={index < NEXT_STEPS.length - 1 ? '5' : '0'} pt="0.5">
                <Text fontWeight="semibold" color="accent.950">
                  {step.title}
                </Text>
                <Text fontSize="sm" color="fg.muted">
                  {step.text}
                </Text>
              </Box>
            </HStack>
          ))}
        </Stack>
      </Box>

      <Box
        position="relative"
        overflow="hidden"
        rounded="2xl"
        color="cream.50"
        p={{ base: '5', md: '7' }}
        css={{
          backgroundColor: 'var(--chakra-colors-accent-950)',
          backgroundImage: 'radial-gradient(circle at 100% 0%, var(--chakra-colors-accent-700) 0, transparent 60%)',
        }}
      >
        <HStack gap="2.5" mb="5">
          <Box color="brand.300" aria-hidden="true">
            <BadgeCheck size={20} />
          </Box>
          <Heading as="h2" fontSize="xl" color="cream.50">
            Why partner with {brand.name}
          </Heading>
        </HStack>
        <Stack as="ul" gap="4" listStyleType="none">
          {BENEFITS.map(({ icon: Icon, title, text }) => (
            <HStack as="li" key={title} align="flex-start" gap="3">
              <Flex
                flexShrink={0}
                boxSize="8"
                rounded="full"
                align="center"
                justify="center"
                bg="whiteAlpha.100"
                color="brand.300"
                aria-hidden="true"
              >
                <Icon size={16} />
              </Flex>
              <Box>
                <Text fontWeight="semibold" color="cream.50">
                  {title}
                </Text>
                <Text fontSize="sm" color="cream.200">
                  {text}
                </Text>
              </Box>
            </HStack>
          ))}
        </Stack>
        <Text fontSize="sm" color="cream.300" mt="6">
          Questions? Call us on {brand.phone}.
        </Text>
      </Box>
    </Stack>
  );
}
