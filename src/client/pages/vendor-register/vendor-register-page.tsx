import { Box, Button, Container, Grid, HStack } from '@chakra-ui/react';
import { ArrowLeft, LogIn } from 'lucide-react';
import { Link } from 'wouter';
import { BrandLogo } from '../../components/brand-logo';
import { PageHero } from '../../components/page-hero';
import { SiteFooter } from '../../components/site-footer';
import { useDocumentTitle } from '../../lib/use-document-title';
import { PartnerExplainer } from './partner-explainer';
import { VendorRegisterForm } from './vendor-register-form';

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

/** Spec section 2 "/vendor-register": the partner application, with what happens after it. */
export function VendorRegisterPage() {
  useDocumentTitle('Vendor Partner Registration');
  return (
    <Box minH="100dvh" bg="bg" display="flex" flexDirection="column">
      <VendorHeader />
      <Box as="main" flex="1">
        <VendorHero />
        <Container maxW="6xl" mt={{ base: '-12', md: '-16' }} pb={{ base: '14', md: '20' }} position="relative">
          <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 22rem' }} gap={{ base: '6', lg: '8' }} alignItems="start">
            <VendorRegisterForm />
            <Box as="aside" aria-label="About partnering with us" position={{ lg: 'sticky' }} top={{ lg: '6' }}>
              <PartnerExplainer />
            </Box>
          </Grid>
        </Container>
      </Box>
      <SiteFooter />
    </Box>
  );
}
