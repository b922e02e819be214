import { Box, Tabs } from '@chakra-ui/react';
import { PaymentOrdersPanel } from './payment-orders-panel';
import { RefundsPanel } from './refunds-panel';
import { SubscriptionsPanel } from './subscriptions-panel';
import { useAddressParams } from './use-address-params';

type Section = 'orders' | 'refunds' | 'subscriptions';

const SECTIONS: { id: Section; label: string }[] = [
  { id: 'orders', label: 'Payment orders' },
  { id: 'refunds', label: 'Refunds' },
  { id: 'subscriptions', label: 'Subscriptions' },
];

/**
 * The money side of the dashboard: payment orders waiting for a UTR, refunds owed after cancellations,
 * and the ₹99 subscriptions. Each section loads when it is opened. The open section is in the address
 * (`section`, Payment orders when absent) with the section's own filter and page, which are left behind when
 * another section opens.
 */
export function PaymentsTab() {
  const [params, update] = useAddressParams();
  const section = SECTIONS.find((item) => item.id === params.get('section'))?.id ?? 'orders';
  return (
    <Tabs.Root
      value={section}
      onValueChange={(details) =>
        update({ section: details.value === 'orders' ? null : details.value, show: null, page: null })
      }
      variant="subtle"
      size="sm"
      colorPalette="accent"
      lazyMount
      unmountOnExit
    >
      {/* Like the main tab strip: on a narrow phone the three sections scroll sideways, the page does not. */}
      <Box overflowX="auto" mb="4" pb="1" css={{ scrollbarWidth: 'thin' }}>
        <Tabs.List aria-label="Payments sections" minW="max-content" flexWrap="nowrap" gap="1">
          {SECTIONS.map((item) => (
            <Tabs.Trigger key={item.id} value={item.id} whiteSpace="nowrap" rounded="full" px="4">
              {item.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
      </Box>
      <Tabs.Content value="orders" pt="0">
        <PaymentOrdersPanel />
      </Tabs.Content>
      <Tabs.Content value="refunds" pt="0">
        <RefundsPanel />
      </Tabs.Content>
      <Tabs.Content value="subscriptions" pt="0">
        <SubscriptionsPanel />
      </Tabs.Content>
    </Tabs.Root>
  );
}
