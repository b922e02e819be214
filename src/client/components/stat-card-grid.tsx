import { Box, SimpleGrid, Stat } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export type StatCardItem = {
  /** The card's term; also its React key, so unique within a grid. */
  label: string;
  /** The figure as shown, already formatted. */
  value: string;
  /** The icon beside the label, hidden from assistive technology and on the narrowest screens. */
  icon: ReactNode;
  /** A Chakra colour palette for the icon's box, such as 'blue'. */
  palette: string;
  /** A line under the figure, hidden on the narrowest screens. */
  hint?: string;
  /** The exact figure, in the value's title, when the value shown is rounded. */
  exact?: string;
};

type StatCardGridProps = {
  /** The section's accessible name. */
  label: string;
  cards: StatCardItem[];
};

/** A dashboard's row of figures: a labelled section of cards, two a row on phones and four from lg. */
export function StatCardGrid({ label, cards }: StatCardGridProps) {
  return (
    <SimpleGrid as="section" aria-label={label} columns={{ base: 2, lg: 4 }} gap={{ base: '3', md: '5' }}>
      {cards.map((card) => (
        <Stat.Root
          key={card.label}
          bg="bg.panel"
          borderWidth="1px"
          borderColor="border"
          rounded="xl"
          p={{ base: '3', md: '5' }}
          shadow="xs"
          minW="0"
        >
          {/* The icon sits inside the <dt>: a <dl> may hold only its terms and values. */}
          <Stat.Label
            fontSize={{ base: 'xs', md: 'sm' }}
            color="fg.muted"
            fontWeight="medium"
            display="flex"
            justifyContent="space-between"
            alignItems="flex-start"
            gap="2"
          >
            {card.label}
            <Box
              as="span"
              color={`${card.palette}.600`}
              bg={`${card.palette}.50`}
              p="1.5"
              rounded="md"
              hideBelow="sm"
              aria-hidden="true"
              css={{ '& svg': { width: '4', height: '4' } }}
            >
              {card.icon}
            </Box>
          </Stat.Label>
          <Stat.ValueText
            fontSize={{ base: 'lg', sm: 'xl', md: '2xl' }}
            color="accent.950"
            fontVariantNumeric="tabular-nums"
            overflowWrap="anywhere"
            title={card.exact}
          >
            {card.value}
          </Stat.ValueText>
          {card.hint && (
            <Stat.HelpText as="dd" fontSize="xs" color="fg.muted" hideBelow="sm">
              {card.hint}
            </Stat.HelpText>
          )}
        </Stat.Root>
      ))}
    </SimpleGrid>
  );
}
