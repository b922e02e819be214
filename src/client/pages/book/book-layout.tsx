import { Box, Flex, HStack } from '@chakra-ui/react';
import { BadgePercent, ClipboardList, ReceiptText } from 'lucide-react';
import type { ReactNode } from 'react';
import { PageFrame } from '../../components/page-frame';
import { PageHero } from '../../components/page-hero';

/* The hero of /book, in the entry bundle with the page's frame. */

const HIGHLIGHTS = [
  { icon: ClipboardList, text: 'Choose a package' },
  { icon: ReceiptText, text: 'GST-inclusive quote in seconds' },
  { icon: BadgePercent, text: 'Volume discounts applied automatically' },
];

/** The invitation to book (docs/product.md#screens: "a heading inviting the visitor to book an event"). */
function BookHero() {
  return (
    <PageHero
      eyebrow="Instant quote"
      title="Book Your Event with Us"
      lead={
        'Pick a package, tell us about your celebration and get a ' +
        'GST-inclusive quote on the spot. We will email you a copy too.'
      }
      maxW="4xl"
      hideInPrint
    >
      <Flex as="ul" listStyleType="none" gap="3" flexWrap="wrap" mt="2" hideBelow="md">
        {HIGHLIGHTS.map(({ icon: Icon, text }) => (
          <HStack
            as="li"
            key={text}
            gap="2"
            px="3"
            py="1.5"
            rounded="full"
            bg="whiteAlpha.100"
            borderWidth="1px"
            borderColor="whiteAlpha.200"
            textStyle="sm"
            color="cream.100"
          >
            <Box color="brand.300" aria-hidden="true">
              <Icon size={16} />
            </Box>
            {text}
          </HStack>
        ))}
      </Flex>
    </PageHero>
  );
}

/** /book inside its frame (components/page-frame.tsx): the packages, the form and the quote load under the hero. */
export function BookLayout({ children }: { children: ReactNode }) {
  return <PageFrame hero={<BookHero />}>{children}</PageFrame>;
}
