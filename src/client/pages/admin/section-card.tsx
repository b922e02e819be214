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
 * Below the md breakpoint a list table becomes a stack of cards: each row a block, each cell a line, the header
 * row hidden (cells whose value does not say what it is carry a `data-label` shown before it). The elements keep
 * explicit table roles, so screen readers still read a table when the CSS display changes.
 */
const STACKED = {
  display: 'block',
  '& thead': { display: 'none' },
  '& tbody': { display: 'block' },
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
  '& td': { display: 'block', minWidth: '0', border: 'none', p: '0', textAlign: 'start', whiteSpace: 'normal' },
  '& td[data-label]::before': { content: 'attr(data-label) ": "', color: 'fg.muted', fontSize: 'xs' },
  '& td[data-actions]': { pt: '2' },
  '& td[data-actions] > div': { justifyContent: 'flex-start', flexWrap: 'wrap' },
};
const STACKED_ON_PHONE = { mdDown: STACKED };

type TableFrameProps = {
  children: ReactNode;
  label: string;
  /** Taller lists scroll inside the card with a sticky header. */
  maxH?: string;
  /** Lists with a few columns stack into cards on phones; wide reports scroll sideways instead. */
  stackOnPhone?: boolean;
  /** Stacked into cards at every width: a many-column table inside a narrow dialog. */
  stacked?: boolean;
};

/** A table that never widens the page on a phone: it stacks into cards or scrolls sideways inside its card. */
export function TableFrame({ children, label, maxH, stackOnPhone = false, stacked = false }: TableFrameProps) {
  const stacks = stackOnPhone || stacked;
  return (
    <Table.ScrollArea
      borderWidth="1px"
      borderColor="border.muted"
      rounded="lg"
      maxW="full"
      maxH={maxH}
      // A table that scrolls and has nothing focusable inside must take focus itself, or keyboard users cannot scroll
      // it.
      {...(stacks
        ? {}
        : { tabIndex: 0, role: 'region', 'aria-label': `${label}, scrollable`, focusVisibleRing: 'outside' })}
    >
      <Table.Root
        size="sm"
        role="table"
        aria-label={label}
        stickyHeader={Boolean(maxH)}
        css={{ '& th': { whiteSpace: 'nowrap' }, ...(stacked ? STACKED : stackOnPhone ? STACKED_ON_PHONE : {}) }}
      >
        {children}
      </Table.Root>
    </Table.ScrollArea>
  );
}
