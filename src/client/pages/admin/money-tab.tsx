import { Stack } from '@chakra-ui/react';
import { CollectionsPanel } from './collections-panel';
import { ReceivablesPanel } from './receivables-panel';

/**
 * The Money tab (docs/product.md#money): Receivables, what each booking owes by the schedule, above Collections,
 * the money that came in and went back out. Stacked rather than side by side: each is a wide table at 1280 px,
 * and on a phone each becomes a stack of cards.
 */
export function MoneyTab() {
  return (
    <Stack gap={{ base: '5', md: '8' }}>
      <ReceivablesPanel />
      <CollectionsPanel />
    </Stack>
  );
}
