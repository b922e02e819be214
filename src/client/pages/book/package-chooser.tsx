import { Badge, Box, Flex, HStack, List, RadioCard, Separator, SimpleGrid, Text } from '@chakra-ui/react';
import { Check, Crown, Gem, Sparkles, type LucideIcon } from 'lucide-react';
import { memo, useRef } from 'react';
import type { PricingTier } from '../../../shared/domain';
import { formatInr } from '../../../shared/money';
import { useTypedBeforeHydration, type TypedFormHandover } from '../../lib/typed-before-hydration';
import { PACKAGES } from './booking-options';

const ICONS: Record<PricingTier, LucideIcon> = { basic: Sparkles, premium: Crown, luxury: Gem };

type PackageChooserProps = {
  value: PricingTier;
  onChange(tier: PricingTier): void;
  /** A package picked before the page's code had started, shared with the form (`useTypedBeforeHydration`). */
  typedHandover?: TypedFormHandover;
};

/**
 * docs/product.md#screens "Package chooser": Basic, Premium (Most Popular) and Luxury with their contents. A radio
 * group (Ark's hidden native radios), so arrow keys move the choice and screen readers announce "Premium, radio, 2 of
 * 3".
 */
export const PackageChooser = memo(function PackageChooser({ value, onChange, typedHandover }: PackageChooserProps) {
  const root = useRef<HTMLDivElement>(null);
  useTypedBeforeHydration(root, typedHandover);
  return (
    <RadioCard.Root
      ref={root}
      name="tier"
      value={value}
      onValueChange={(details) => {
        if (details.value) onChange(details.value as PricingTier);
      }}
      colorPalette="brand"
      variant="outline"
      gap="4"
    >
      <RadioCard.Label srOnly>Choose your package</RadioCard.Label>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap={{ base: '5', md: '5', lg: '6' }} alignItems="stretch">
        {PACKAGES.map((option) => {
          const Icon = ICONS[option.tier];
          const selected = option.tier === value;
          // The radio is named by the package (Ark's item text); the tagline and rate describe it.
          const summaryId = `package-${option.tier}-summary`;
          return (
            <RadioCard.Item
              key={option.tier}
              value={option.tier}
              bg="bg.panel"
              rounded="2xl"
              borderColor={selected ? 'brand.solid' : 'border'}
              shadow={selected ? 'lg' : 'xs'}
              cursor="pointer"
              transition="box-shadow 0.2s, border-color 0.2s, transform 0.2s"
              _hover={{ borderColor: selected ? 'brand.solid' : 'brand.300', shadow: 'md' }}
              css={{
                '&:has(input:focus-visible)': {
                  outline: '3px solid var(--chakra-colors-brand-focus-ring)',
                  outlineOffset: '3px',
                },
              }}
            >
              <RadioCard.ItemHiddenInput aria-describedby={summaryId} />
              {option.mostPopular && (
                <Badge
                  position="absolute"
                  top="0"
                  left="50%"
                  transform="translate(-50%, -50%)"
                  zIndex="1"
                  rounded="full"
                  px="3"
                  py="1"
                  fontSize="xs"
                  fontWeight="bold"
                  letterSpacing="wide"
                  textTransform="uppercase"
                  bg="accent.800"
                  color="cream.50"
                  shadow="sm"
                  whiteSpace="nowrap"
                >
                  Most Popular
                </Badge>
              )}
              <RadioCard.ItemControl p={{ base: '5', md: '6' }} pt={option.mostPopular ? '7' : undefined}>
                <RadioCard.ItemContent gap="0">
                  <Flex w="full" align="center" justify="space-between" gap="3">
                    <HStack gap="3">
                      <Flex
                        boxSize="10"
                        rounded="full"
                        align="center"
                        justify="center"
                        bg={selected ? 'brand.solid' : 'brand.subtle'}
                        color={selected ? 'accent.950' : 'brand.fg'}
                        aria-hidden="true"
                        flexShrink={0}
                      >
                        <Icon size={20} />
                      </Flex>
                      <RadioCard.ItemText fontFamily="heading" fontSize="2xl" fontWeight="bold" color="accent.900">
                        {option.name}
                      </RadioCard.ItemText>
                    </HStack>
                    <RadioCard.ItemIndicator />
                  </Flex>
                  <Box id={summaryId}>
                    <Text mt="2" color="fg.muted" fontSize="sm">
                      {option.tagline}
                    </Text>
                    <Box mt="4">
                      <Text as="span" fontSize="3xl" fontWeight="bold" color="accent.950" letterSpacing="tight">
                        {formatInr(option.ratePerGuest)}
                      </Text>
                      <Text as="span" ms="1.5" color="fg.muted" fontSize="sm">
                        per guest
                      </Text>
                      <Text fontSize="xs" color="fg.muted" mt="0.5">
                        Starting rate, before event, venue and city adjustments
                      </Text>
                    </Box>
                  </Box>
                  <Separator my="4" borderColor="border.muted" w="full" />
                  <List.Root gap="2.5" variant="plain" fontSize="sm" color="fg">
                    {option.features.map((feature) => (
                      <List.Item key={feature} alignItems="flex-start">
                        <List.Indicator asChild color="brand.600" mt="0.5">
                          <Check size={16} strokeWidth={3} aria-hidden="true" />
                        </List.Indicator>
                        {feature}
                      </List.Item>
                    ))}
                  </List.Root>
                </RadioCard.ItemContent>
              </RadioCard.ItemControl>
            </RadioCard.Item>
          );
        })}
      </SimpleGrid>
    </RadioCard.Root>
  );
});
