import { Button, HStack, Text } from '@chakra-ui/react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useState } from 'react';

const numberFormat = new Intl.NumberFormat('en-IN');

type ListPagerProps = {
  /** Zero-based. */
  page: number;
  pageSize: number;
  total: number;
  onPageChange(page: number): void;
  label: string;
  busy?: boolean;
};

/** "Showing 11–20 of 57" with Previous and Next: the server pages the list (LIMIT/OFFSET), the client never does. */
export function ListPager({ page, pageSize, total, onPageChange, label, busy }: ListPagerProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : page * pageSize + 1;
  const to = Math.min(total, (page + 1) * pageSize);
  return (
    <HStack as="nav" aria-label={`${label} pages`} justify="space-between" gap="3" flexWrap="wrap" pt="3">
      <Text fontSize="sm" color="fg.muted" aria-live="polite">
        {total === 0
          ? 'No results'
          : `Showing ${numberFormat.format(from)}–${numberFormat.format(to)} of ${numberFormat.format(total)}`}
      </Text>
      <HStack gap="2">
        <Button
          size="sm"
          variant="outline"
          colorPalette="accent"
          disabled={page === 0 || busy}
          onClick={() => onPageChange(page - 1)}
        >
          <ChevronLeft aria-hidden="true" />
          Previous
        </Button>
        <Button
          size="sm"
          variant="outline"
          colorPalette="accent"
          disabled={page >= pages - 1 || busy}
          onClick={() => onPageChange(page + 1)}
        >
          Next
          <ChevronRight aria-hidden="true" />
        </Button>
      </HStack>
    </HStack>
  );
}

/** The value as it was `delay` ms after the last change: a search box asks the server once the typing pauses. */
export function useDebouncedValue<Value>(value: Value, delay = 300): Value {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delay);
    return () => window.clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
