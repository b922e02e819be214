import { Box } from '@chakra-ui/react';
import { SiteFooter } from '../../components/site-footer';
import { SiteNav } from '../../components/site-nav';
import { useDocumentTitle } from '../../lib/use-document-title';
import { GallerySection } from './gallery-section';
import { HeroSection } from './hero-section';
import { ServicesSection } from './services-section';
import { TestimonialsSection } from './testimonials-section';

/** docs/product.md#screens, landing page (/). */
export function LandingPage() {
  useDocumentTitle();
  return (
    <Box minH="100dvh" display="flex" flexDirection="column">
      <SiteNav />
      <Box as="main" flex="1">
        <HeroSection />
        <ServicesSection />
        <GallerySection />
        <TestimonialsSection />
      </Box>
      <SiteFooter />
    </Box>
  );
}
