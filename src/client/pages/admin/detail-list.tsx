import { DataList } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** On a phone each label sits above its value, leaving the full width for addresses and e-mails. */
const LABELS_ABOVE_ON_PHONE = {
  smDown: { '& .chakra-data-list__item': { flexDirection: 'column', alignItems: 'flex-start', gap: '0.5' } },
};

/** The label/value list of the Booking Details and Vendor Details dialogs. */
export function DetailList({ children }: { children: ReactNode }) {
  return (
    <DataList.Root orientation="horizontal" size="sm" gap="2.5" css={LABELS_ABOVE_ON_PHONE}>
      {children}
    </DataList.Root>
  );
}

export function DetailItem({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel minW="36">{label}</DataList.ItemLabel>
      <DataList.ItemValue wordBreak="break-word">{children}</DataList.ItemValue>
    </DataList.Item>
  );
}
