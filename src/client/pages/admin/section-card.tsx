import { Box, Card, Flex, Heading, Table, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

type SectionCardProps = { title: string; description?: ReactNode; actions?: ReactNode; children: ReactNode };

/** One titled panel of a tab: a heading (h2) with its actions on the right, the content below. */
export function SectionCard({ title, description, actions, children }: SectionCardProps) {
  return (
    <Card.Root as="section" aria-label={title} bg="bg.panel" borderColor="border" rounded="xl" shadow="xs" minW="0">
      <Card.Header pb="0">
        <Flex
          direction={{ base: 'column', sm: 'row' }}
          justify="space-between"
          align={{ base: 'stretch', sm: 'center' }}
          gap="3"
        >
          <Box minW="0">
            <Heading as="h2" fontSize={{ base: 'lg', md: 'xl' }} color="accent.900" fontFamily="heading">
              {title}
            </Heading>
            {description && (
              <Text fontSize="sm" color="fg.muted" mt="0.5">
                {description}
              </Text>
            )}
          </Box>
          {actions && (
            <Flex gap="2" flexWrap="wrap" flexShrink={0}>
              {actions}
            </Flex>
          )}
        </Flex>
      </Card.Header>
      <Card.Body pt="4" px={{ base: '3', md: '6' }} minW="0">
        {children}
      </Card.Body>
    </Card.Root>
  );
}

/*
 * A list table narrower than its columns becomes a stack of cards: each row a block, each cell a line, the header
 * row hidden (cells whose value does not say what it is carry a `data-label` shown before it). The elements keep
 * explicit table roles, so screen readers still read a table when the CSS display changes.
 */
const STACKED = {
  display: 'block',
  '& thead': { display: 'none' },
  '& tbody, & tfoot': { display: 'block' },
  '& tr': {
    display: 'flex',
    flexDirection: 'column',
    gap: '1',
    px: '3',
    py: '3',
    borderBottomWidth: '1px',
    borderColor: 'border.muted',
  },
  '& tr:last-of-type': { borderBottomWidth: '0' },
  '& td': {
    display: 'block',
    width: 'auto',
    minWidth: '0',
    border: 'none',
    p: '0',
    textAlign: 'start',
    whiteSpace: 'normal',
  },
  '& td[data-label]::before': { content: 'attr(data-label) ": "', color: 'fg.muted', fontSize: 'xs' },
  '& td[data-actions]': { pt: '2' },
  '& td[data-actions] > div': { justifyContent: 'flex-start', flexWrap: 'wrap' },
};
/** From the tablet's 768 px the cards stand two to a row, each as wide as a phone's. */
const STACKED_IN_TWO = {
  ...STACKED,
  md: {
    '& tbody': { display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    '& tr:nth-of-type(odd)': { borderInlineEndWidth: '1px' },
    // With an even number of cards the last row holds two: neither draws a line above the frame's own border.
    '& tr:nth-last-of-type(2):nth-of-type(odd)': { borderBottomWidth: '0' },
  },
};
const STACKED_BELOW = { lg: { lgDown: STACKED_IN_TWO }, xl: { xlDown: STACKED_IN_TWO } } as const;

type TableFrameProps = {
  children: ReactNode;
  label: string;
  /** Taller lists scroll inside the card with a sticky header. */
  maxH?: string;
  /**
   * Below this breakpoint the list stacks into cards: `lg` for phones and tablets, `xl` for a list whose columns need
   * the desktop's 1280 px. Without it (a wide report) the table scrolls sideways inside its card where it is wider.
   */
  stackBelow?: keyof typeof STACKED_BELOW;
  /** Stacked into cards at every width: a many-column table inside a narrow dialog. */
  stacked?: boolean;
};

/**
 * A table that never widens the page: it stacks into cards or scrolls sideways inside its card. A list's cells wrap
 * their text where the columns need the room (a cell that must stay on one line, an amount, says so itself); a wide
 * report keeps each row on one line and scrolls.
 */
export function TableFrame({ children, label, maxH, stackBelow, stacked = false }: TableFrameProps) {
  const stacks = Boolean(stackBelow) || stacked;
  return (
    <Table.ScrollArea
      borderWidth="1px"
      borderColor="border.muted"
      rounded="lg"
      maxW="full"
      maxH={maxH}
      whiteSpace={stacks ? 'normal' : undefined}
      // A table that scrolls (sideways, or down inside its height) and has nothing focusable inside must take focus
      // itself, or keyboard users cannot scroll it.
      {...(stacks && !maxH
        ? {}
        : { tabIndex: 0, role: 'region', 'aria-label': `${label}, scrollable`, focusVisibleRing: 'outside' })}
    >
      <Table.Root
        size="sm"
        role="table"
        aria-label={label}
        stickyHeader={Boolean(maxH)}
        css={{
          '& th': { whiteSpace: 'nowrap' },
          ...(stacked ? STACKED : stackBelow ? STACKED_BELOW[stackBelow] : {}),
        }}
      >
        {children}
      </Table.Root>
    </Table.ScrollArea>
  );
}
