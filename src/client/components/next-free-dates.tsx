import { Box, Button, Flex, Text } from '@chakra-ui/react';
import { formatLongDate } from '../../shared/dates';

type NextFreeDatesProps = {
  /** `YYYY-MM-DD` dates from a 409 answer (docs/product.md#calendar: the next three free dates). */
  dates: readonly string[];
  onChoose(date: string): void;
};

/**
 * A full or closed day's next free dates as one-click choices (docs/product.md#calendar); nothing when the server
 * offered none.
 */
export function NextFreeDates({ dates, onChoose }: NextFreeDatesProps) {
  if (dates.length === 0) return null;
  return (
    <Box role="group" aria-label="Next free dates" mt="2">
      <Text textStyle="sm" color="fg.muted" mb="1.5">
        Next free dates:
      </Text>
      <Flex gap="2" wrap="wrap">
        {dates.map((date) => (
          <Button
            key={date}
            type="button"
            size="sm"
            variant="outline"
            colorPalette="accent"
            onClick={() => onChoose(date)}
          >
            {formatLongDate(date)}
          </Button>
        ))}
      </Flex>
    </Box>
  );
}
