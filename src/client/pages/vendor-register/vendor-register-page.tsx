import { Box, Button, Container, Grid, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { ArrowLeft, LogIn } from 'lucide-react';
import { Link } from 'wouter';
import { BrandLogo } from '../../components/brand-logo';
import { MandalaMotif } from '../../components/mandala-motif';
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
    <Box
      position="relative"
      overflow="hidden"
      color="cream.50"
      pt={{ base: '8', md: '16' }}
      pb={{ base: '20', md: '28' }}
      css={{
        backgroundColor: 'var(--chakra-colors-accent-950)',
        backgroundImage:
          'radial-gradient(circle at 15% 0%, var(--chakra-colors-accent-700) 0, transparent 55%), radial-gradient(circle at 100% 100%, var(--chakra-colors-accent-800) 0, transparent 50%)',
      }}
    >
      <MandalaMotif
        position="absolute"
        boxSize={{ base: '72', md: '30rem' }}
        right={{ base: '-32', md: '-24' }}
        top={{ base: '-16', md: '-32' }}
        opacity={0.18}
        pointerEvents="none"
      />
      <Container maxW="6xl" position="relative">
        <Stack gap="4" maxW="3xl">
          <Text textStyle="sm" fontWeight="semibold" letterSpacing="widest" textTransform="uppercase" color="brand.300">
            Become a vendor
          </Text>
          <Heading as="h1" fontSize={{ base: '3xl', sm: '4xl', md: '5xl' }} lineHeight="1.1" color="cream.50" textWrap="balance">
            Vendor Partner Registration
          </Heading>
          <Text fontSize={{ base: 'md', md: 'lg' }} color="cream.200" maxW="2xl" textWrap="pretty">
            Caterers, decorators and event specialists: join the partners who cook and serve for our weddings,
            corporate events and celebrations across India.
          </Text>
        </Stack>
      </Container>
    </Box>
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
