import { Badge, Box, Button, DataList, Flex, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { BadgeCheck, Mail } from 'lucide-react';
import type { ReactNode, Ref } from 'react';
import { formatLongDate } from '../../../shared/dates';
import { formatInr, formatSignedInr } from '../../../shared/money';
import type { InstantQuoteResult } from '../../../shared/schemas/quote';
import { MandalaMotif } from '../../components/mandala-motif';
import { packageName } from './booking-options';
import { quoteReference } from './subscription';

type QuoteCardProps = {
  quote: InstantQuoteResult;
  email: string;
  headingRef: Ref<HTMLHeadingElement>;
  /** '← Modify Details' (docs/product.md#screens): hides the quote and brings the form back. */
  onModify(): void;
  /** Where the quote can be followed (My Bookings, or signing in to it), under its reference; not on paper. */
  follow?: ReactNode;
};

function Amount({ label, amount, emphasis = false }: { label: string; amount: number; emphasis?: boolean }) {
  return (
    <Box
      rounded="xl"
      px="5"
      py="4"
      containerType="inline-size"
      bg={emphasis ? 'accent.900' : 'bg.subtle'}
      color={emphasis ? 'cream.50' : 'fg'}
      borderWidth="1px"
      borderColor={emphasis ? 'accent.900' : 'border.muted'}
    >
      <Text as="dt" textStyle="sm" color={emphasis ? 'brand.200' : 'fg.muted'} fontWeight="medium">
        {label}
      </Text>
      <Text
        as="dd"
        mt="1"
        // One line whatever the amount: "₹2,82,56,994.02" shrinks to its box (a phone, a third of a tablet) rather
        // than breaking inside the number.
        fontSize={emphasis ? 'min(token(fontSizes.3xl), 11cqi)' : 'min(token(fontSizes.2xl), 11cqi)'}
        whiteSpace="nowrap"
        fontWeight="bold"
        letterSpacing="tight"
        color={emphasis ? 'cream.50' : 'accent.950'}
      >
        {formatInr(amount)}
      </Text>
    </Box>
  );
}

/**
 * docs/product.md#screens "Result section": 'Your Instant Quote is Ready!', the tier badge, Base Amount (subtotal),
 * GST (18%) and Total Amount, then Package, Guest Count, Per Person Rate and Valid Until '7 Days'. The server's
 * breakdown lines follow, so a volume discount is visible where it applies.
 */
export function QuoteCard({ quote, email, headingRef, onModify, follow }: QuoteCardProps) {
  const details = [
    { label: 'Package', value: packageName(quote.tier) },
    { label: 'Guest Count', value: quote.guest_count.toLocaleString('en-IN') },
    { label: 'Per Person Rate', value: formatInr(quote.base_price_per_person) },
    { label: 'Valid Until', value: '7 Days', note: formatLongDate(quote.valid_until) },
  ];

  return (
    <Box
      as="article"
      aria-labelledby="quote-heading"
      bg="bg.panel"
      borderWidth="1px"
      borderColor="border"
      rounded="2xl"
      shadow="lg"
      overflow="hidden"
      position="relative"
    >
      <Box
        position="relative"
        overflow="hidden"
        px={{ base: '5', md: '10' }}
        py={{ base: '7', md: '9' }}
        color="cream.50"
        css={{
          backgroundColor: 'var(--chakra-colors-accent-950)',
          backgroundImage:
            'radial-gradient(circle at 0% 0%, var(--chakra-colors-accent-700) 0, transparent 60%), ' +
            'radial-gradient(circle at 100% 120%, var(--chakra-colors-brand-800) 0, transparent 45%)',
        }}
      >
        <MandalaMotif position="absolute" boxSize="64" right="-16" bottom="-28" opacity={0.2} pointerEvents="none" />
        <Stack position="relative" gap="3" align="flex-start">
          <Flex w="full" justify="space-between" align="center" gap="3" flexWrap="wrap-reverse">
            <Badge
              rounded="full"
              px="3"
              py="1"
              bg="brand.solid"
              color="accent.950"
              fontWeight="bold"
              letterSpacing="wider"
              fontSize="xs"
            >
              {quote.tier.toUpperCase()} PACKAGE
            </Badge>
            <Button
              variant="outline"
              size="sm"
              minH="11"
              px="4"
              rounded="full"
              color="cream.50"
              borderColor="whiteAlpha.500"
              bg="whiteAlpha.100"
              _hover={{ bg: 'whiteAlpha.200', borderColor: 'cream.50' }}
              onClick={onModify}
            >
              ← Modify Details
            </Button>
          </Flex>
          <Heading
            ref={headingRef}
            id="quote-heading"
            as="h2"
            tabIndex={-1}
            outline="none"
            fontSize={{ base: '2xl', md: '4xl' }}
            lineHeight="1.15"
            color="cream.50"
          >
            Your Instant Quote is Ready!
          </Heading>
          <HStack gap="2" color="cream.200" textStyle="sm" align="flex-start">
            <Box flexShrink={0} mt="0.5">
              <Mail size={16} aria-hidden="true" />
            </Box>
            <Text minW="0">
              A copy is on its way to{' '}
              <Text as="span" fontWeight="semibold" overflowWrap="anywhere">
                {email}
              </Text>
              .
            </Text>
          </HStack>
          <Text textStyle="xs" color="cream.300">
            Quote reference {quoteReference(quote.quote_id)}
          </Text>
          {follow && <Box _print={{ display: 'none' }}>{follow}</Box>}
        </Stack>
      </Box>

      <Box px={{ base: '4', sm: '5', md: '10' }} py={{ base: '6', md: '8' }}>
        <SimpleGrid as="dl" columns={{ base: 1, md: 3 }} gap="4">
          <Amount label="Base Amount" amount={quote.subtotal} />
          <Amount label={`GST (${quote.gst_percent}%)`} amount={quote.gst_amount} />
          <Amount label="Total Amount" amount={quote.final_amount} emphasis />
        </SimpleGrid>

        <DataList.Root
          orientation="horizontal"
          mt="6"
          display="grid"
          gridTemplateColumns={{ base: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' }}
          gap={{ base: '3', md: '4' }}
        >
          {details.map((detail) => (
            <DataList.Item
              key={detail.label}
              flexDirection="column"
              alignItems="flex-start"
              gap="1"
              borderWidth="1px"
              borderColor="border.muted"
              rounded="lg"
              px={{ base: '3', md: '4' }}
              py="3"
            >
              <DataList.ItemLabel
                color="fg.muted"
                textStyle="xs"
                textTransform="uppercase"
                letterSpacing="wider"
                minW="0"
              >
                {detail.label}
              </DataList.ItemLabel>
              <DataList.ItemValue flexDirection="column" fontWeight="semibold" fontSize="lg" color="accent.950">
                {detail.value}
                {detail.note && (
                  <Text as="span" display="block" textStyle="xs" fontWeight="normal" color="fg.muted">
                    until {detail.note}
                  </Text>
                )}
              </DataList.ItemValue>
            </DataList.Item>
          ))}
        </DataList.Root>

        <Box mt="6" rounded="xl" bg="bg.subtle" px={{ base: '4', md: '5' }} py="4">
          <Heading as="h3" textStyle="sm" fontWeight="semibold" color="accent.900" mb="3">
            How your quote adds up
          </Heading>
          <Stack as="dl" gap="2" textStyle="sm">
            {quote.breakdown.map((line) => (
              <Flex
                key={line.key}
                justify="space-between"
                gap="4"
                fontWeight={line.key === 'total' ? 'bold' : undefined}
                pt={line.key === 'total' ? '2' : undefined}
                borderTopWidth={line.key === 'total' ? '1px' : undefined}
                borderColor="border"
              >
                <Text as="dt" color={line.key === 'total' ? 'fg' : 'fg.muted'} minW="0">
                  {line.label}
                </Text>
                <Text as="dd" color={line.amount < 0 ? 'green.700' : 'fg'} whiteSpace="nowrap">
                  {formatSignedInr(line.amount)}
                </Text>
              </Flex>
            ))}
          </Stack>
          <HStack mt="3" gap="2" color="fg.muted" textStyle="xs">
            <BadgeCheck size={14} aria-hidden="true" />
            <Text>Prices include {quote.gst_percent}% GST.</Text>
          </HStack>
        </Box>
      </Box>
    </Box>
  );
}
