import { Box, SimpleGrid, Text } from '@chakra-ui/react';
import { formatInr } from '../../../shared/money';

export type MoneyFigure = { label: string; rupees: number; note?: string; tone?: 'alert' | 'plain' };

/**
 * The totals above a money list, as a list of labelled figures: two a row on a phone, a row of up to four from
 * the md breakpoint. They sum every row the filters match, not only the page shown.
 */
export function MoneyFigures({ label, figures }: { label: string; figures: readonly MoneyFigure[] }) {
  return (
    <Box role="group" aria-label={label} mb="4">
      <SimpleGrid as="dl" columns={{ base: 2, md: Math.min(4, figures.length) }} gap="3">
        {figures.map((figure) => (
          <Box
            key={figure.label}
            borderWidth="1px"
            borderColor={figure.tone === 'alert' ? 'red.muted' : 'border.muted'}
            bg={figure.tone === 'alert' ? 'red.subtle' : 'bg.subtle'}
            rounded="lg"
            px="3"
            py="2.5"
            minW="0"
          >
            <Text as="dt" fontSize="xs" color="fg.muted">
              {figure.label}
            </Text>
            <Box as="dd">
              <Text
                fontSize={{ base: 'sm', sm: 'md', md: 'lg' }}
                fontWeight="semibold"
                color={figure.tone === 'alert' ? 'red.fg' : 'accent.900'}
                whiteSpace="nowrap"
              >
                {formatInr(figure.rupees)}
              </Text>
              {figure.note && (
                <Text fontSize="xs" color="fg.muted">
                  {figure.note}
                </Text>
              )}
            </Box>
          </Box>
        ))}
      </SimpleGrid>
    </Box>
  );
}
