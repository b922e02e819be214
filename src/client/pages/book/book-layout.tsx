import { Box, Button, Container, Flex, HStack } from '@chakra-ui/react';
import { ArrowLeft, BadgePercent, ClipboardList, ReceiptText } from 'lucide-react';
import { memo, Suspense, type ReactNode } from 'react';
import { Link } from 'wouter';
import { BrandLogo } from '../../components/brand-logo';
import { PageHero } from '../../components/page-hero';
import { PageLoader } from '../../components/page-loader';
import { SiteFooter } from '../../components/site-footer';

/*
 * The frame of /book: its bar, hero and footer. Part of the entry bundle, so they paint before the page's own code
 * has arrived (BookLayout, issue 7).
 */

const HIGHLIGHTS = [
  { icon: ClipboardList, text: 'Choose a package' },
  { icon: ReceiptText, text: 'GST-inclusive quote in seconds' },
  { icon: BadgePercent, text: 'Volume discounts applied automatically' },
];

/** The page's top bar: the brand, and the way back home (spec section 2). Static, so typing never re-renders it. */
const BookHeader = memo(function BookHeader() {
  return (
    <Box as="header" bg="bg/90" borderBottomWidth="1px" borderColor="border.muted" position="relative" zIndex="1">
      <Container maxW="6xl" h="16" display="flex" alignItems="center" justifyContent="space-between" gap="2">
        <BrandLogo />
        <Button
          asChild
          variant="outline"
          colorPalette="accent"
          rounded="full"
          size={{ base: 'sm', sm: 'md' }}
          px={{ base: '3', sm: '4' }}
          gap="1.5"
          minH="11"
        >
          <Link href="/">
            <ArrowLeft aria-hidden="true" />
            Back to Home
          </Link>
        </Button>
      </Container>
    </Box>
  );
});

/** The invitation to book (spec section 2: "a heading inviting the visitor to book an event"). */
const BookHero = memo(function BookHero() {
  return (
    <PageHero
      eyebrow="Instant quote"
      title="Book Your Event with Us"
      lead="Pick a package, tell us about your celebration and get a GST-inclusive quote on the spot. We will email you a copy too."
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
});

const Footer = memo(SiteFooter);

/**
 * /book around its page: the bar, the hero and the footer are drawn at once from the entry bundle and stay while
 * the page's own code (the packages, the form, the quote) loads below the hero, so the page's largest text paints
 * without waiting for that code (issue 7).
 */
export function BookLayout({ children }: { children: ReactNode }) {
  return (
    <Box minH="100dvh" bg="bg" display="flex" flexDirection="column">
      <BookHeader />
      <Box as="main" flex="1">
        <BookHero />
        <Suspense fallback={<PageLoader />}>{children}</Suspense>
      </Box>
      <Footer />
    </Box>
  );
}
