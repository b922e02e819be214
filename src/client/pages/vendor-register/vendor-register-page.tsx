import { Box, Container, Grid } from '@chakra-ui/react';
import { useDocumentTitle } from '../../lib/use-document-title';
import { PartnerExplainer } from './partner-explainer';
import { VendorRegisterForm } from './vendor-register-form';

/**
 * docs/product.md#screens "/vendor-register": the partner application, with what happens after it. The bar, hero and
 * footer are drawn around it by VendorLayout (vendor-layout.tsx), which is in the entry bundle.
 */
export function VendorRegisterPage() {
  useDocumentTitle('Vendor Partner Registration');
  return (
    <Container maxW="6xl" mt={{ base: '-12', md: '-16' }} pb={{ base: '14', md: '20' }} position="relative">
      <Grid
        templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 22rem' }}
        gap={{ base: '6', lg: '8' }}
        alignItems="start"
      >
        <VendorRegisterForm />
        <Box as="aside" aria-label="About partnering with us" position={{ lg: 'sticky' }} top={{ lg: '6' }}>
          <PartnerExplainer />
        </Box>
      </Grid>
    </Container>
  );
}
