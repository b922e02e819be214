import { Box, Button, Container, HStack } from '@chakra-ui/react';
import { ArrowLeft } from 'lucide-react';
import { Suspense, type ReactNode } from 'react';
import { Link } from 'wouter';
import { BrandLogo } from './brand-logo';
import { PageLoader } from './page-loader';
import { SiteFooter } from './site-footer';

/**
 * The bar of the form pages: the brand, any links of the page's own, and the way back home (docs/product.md#screens).
 */
function FrameHeader({ links }: { links?: ReactNode }) {
  return (
    <Box as="header" bg="bg/90" borderBottomWidth="1px" borderColor="border.muted" position="relative" zIndex="1">
      <Container maxW="6xl" h="16" display="flex" alignItems="center" justifyContent="space-between" gap="2">
        <BrandLogo />
        <HStack gap="2">
          {links}
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
        </HStack>
      </Container>
    </Box>
  );
}

type PageFrameProps = {
  /** The page's hero (a PageHero). */
  hero: ReactNode;
  /** Links shown in the bar before "Back to Home". */
  headerLinks?: ReactNode;
  /** The page itself, usually lazily loaded: the loading indicator stands under the hero until it is in. */
  children: ReactNode;
};

/**
 * The frame of /book and /vendor-register: bar, hero and footer. It is part of the entry bundle and paints at once;
 * the page's own code loads inside it, under the hero, so the hero's text (the largest on a phone) does not wait
 * for that code.
 */
export function PageFrame({ hero, headerLinks, children }: PageFrameProps) {
  return (
    <Box minH="100dvh" bg="bg" display="flex" flexDirection="column">
      <FrameHeader links={headerLinks} />
      <Box as="main" flex="1">
        {hero}
        <Suspense fallback={<PageLoader />}>{children}</Suspense>
      </Box>
      <SiteFooter />
    </Box>
  );
}
