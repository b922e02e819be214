import { Box, Button, Container, HStack } from '@chakra-ui/react';
import { ArrowLeft, LogIn } from 'lucide-react';
import { Suspense, type ReactNode } from 'react';
import { Link } from 'wouter';
import { BrandLogo } from '../../components/brand-logo';
import { PageHero } from '../../components/page-hero';
import { PageLoader } from '../../components/page-loader';
import { SiteFooter } from '../../components/site-footer';

/*
 * The frame of /vendor-register: its bar, hero and footer. Part of the entry bundle, so they paint before the
 * form's code has arrived (VendorLayout, issue 7).
 */

function VendorHeader() {
  return (
    <Box as="header" bg="bg/90" borderBottomWidth="1px" borderColor="border.muted" position="relative" zIndex="1">
      <Container maxW="6xl" h="16" display="flex" alignItems="center" justifyContent="space-between" gap="2">
        <BrandLogo />
        <HStack gap="2">
          <Button asChild variant="ghost" colorPalette="accent" rounded="full" size={{ base: 'sm', sm: 'md' }} hideBelow="sm" minH="11">
            <Link href="/login">
              <LogIn aria-hidden="true" />
              Sign in
            </Link>
          </Button>
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

function VendorHero() {
  return (
    <PageHero
      eyebrow="Become a vendor"
      title="Vendor Partner Registration"
      lead="Caterers, decorators and event specialists: join the partners who cook and serve for our weddings, corporate events and celebrations across India."
    />
  );
}

/**
 * /vendor-register around its page: the bar, the hero and the footer are drawn at once from the entry bundle and
 * stay while the application form's code loads below the hero (issue 7).
 */
export function VendorLayout({ children }: { children: ReactNode }) {
  return (
    <Box minH="100dvh" bg="bg" display="flex" flexDirection="column">
      <VendorHeader />
      <Box as="main" flex="1">
        <VendorHero />
        <Suspense fallback={<PageLoader />}>{children}</Suspense>
      </Box>
      <SiteFooter />
    </Box>
  );
}
