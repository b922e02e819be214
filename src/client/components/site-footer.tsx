import { businessHoursText } from '../../shared/brand';
import { Box, Container, Grid, Heading, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { belowTheFold } from '../lib/below-the-fold';
import { useBrand } from '../lib/brand';
import { useHydrated } from '../lib/hydration';
import { MandalaMotif } from './mandala-motif';
import { touchTarget } from '../touch-targets';

const LEGAL_LINKS = [
  { href: '/terms', label: 'Terms and Conditions' },
  { href: '/refund-policy', label: 'Return and Refund Policy' },
  { href: '/privacy-policy', label: 'Privacy Policy' },
];

const QUICK_LINKS = [
  { href: '/book', label: 'Book Your Event' },
  { href: '/vendor-register', label: 'Become a Vendor' },
  { href: '/login', label: 'Login' },
];

function FooterHeading({ children }: { children: ReactNode }) {
  return (
    <Heading as="h2" size="sm" color="brand.300" textTransform="uppercase" letterSpacing="wider" mb="4">
      {children}
    </Heading>
  );
}

function FooterLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <ChakraLink asChild color="cream.200" _hover={{ color: 'brand.200' }} css={touchTarget}>
      <Link href={href}>{children}</Link>
    </ChakraLink>
  );
}

/** `centered` for a one-line link, which is a 44 px tall target on touch screens: its icon is centred beside it. */
function ContactLine({
  icon,
  children,
  centered = false,
}: {
  icon: ReactNode;
  children: ReactNode;
  centered?: boolean;
}) {
  return (
    <Stack direction="row" gap="3" align={centered ? 'center' : 'flex-start'} color="cream.200">
      <Box color="brand.300" mt={centered ? '0' : '0.5'} flexShrink={0} aria-hidden="true">
        {icon}
      </Box>
      <Box minW="0">{children}</Box>
    </Stack>
  );
}

/** Contact details and legal links (docs/product.md#screens: "a footer with contact info and links"). */
export function SiteFooter() {
  const brand = useBrand();
  // The build's year while a pre-rendered page hydrates (it drew that one), this year from then on.
  const year = useHydrated() ? new Date().getFullYear() : __BUILD_YEAR__;
  return (
    <Box
      as="footer"
      bg="accent.950"
      color="cream.100"
      position="relative"
      overflow="hidden"
      css={belowTheFold({ base: '1000px', md: '700px', lg: '470px' })}
    >
      <MandalaMotif position="absolute" boxSize="96" right="-24" top="-24" opacity={0.08} pointerEvents="none" />
      <Container maxW="7xl" py={{ base: '12', md: '16' }} position="relative">
        <Grid
          templateColumns={{ base: '1fr', md: '1.4fr 1fr 1fr', lg: '1.6fr 1fr 1fr 1.2fr' }}
          gap={{ base: '10', md: '12' }}
        >
          <Stack gap="4">
            <Heading as="p" size="xl" fontFamily="heading" color="cream.50">
              {brand.name}
            </Heading>
            <Text color="cream.200" maxW="sm">
              {brand.tagline}
            </Text>
          </Stack>
          <nav aria-label="Quick links">
            <FooterHeading>Explore</FooterHeading>
            <Stack gap={{ base: '0', md: '2.5' }}>
              {QUICK_LINKS.map((link) => (
                <FooterLink key={link.href} href={link.href}>
                  {link.label}
                </FooterLink>
              ))}
            </Stack>
          </nav>
          <nav aria-label="Legal">
            <FooterHeading>Policies</FooterHeading>
            <Stack gap={{ base: '0', md: '2.5' }}>
              {LEGAL_LINKS.map((link) => (
                <FooterLink key={link.href} href={link.href}>
                  {link.label}
                </FooterLink>
              ))}
            </Stack>
          </nav>
          <Box as="address" fontStyle="normal">
            <FooterHeading>Contact</FooterHeading>
            <Stack gap="3">
              <ContactLine icon={<Phone size={18} />} centered>
                <ChakraLink href={`tel:${brand.phone.replace(/\s/g, '')}`} color="inherit" css={touchTarget}>
                  {brand.phone}
                </ChakraLink>
              </ContactLine>
              <ContactLine icon={<Mail size={18} />} centered>
                <ChakraLink href={`mailto:${brand.email}`} color="inherit" wordBreak="break-all" css={touchTarget}>
                  {brand.email}
                </ChakraLink>
              </ContactLine>
              <ContactLine icon={<MapPin size={18} />}>
                <Text>{brand.address}</Text>
              </ContactLine>
              <ContactLine icon={<Clock size={18} />}>
                <Text>{businessHoursText()}</Text>
              </ContactLine>
            </Stack>
          </Box>
        </Grid>
        <Stack
          direction={{ base: 'column', md: 'row' }}
          justify="space-between"
          gap="2"
          mt={{ base: '10', md: '14' }}
          pt="6"
          borderTopWidth="1px"
          borderColor="whiteAlpha.200"
          fontSize="sm"
          color="cream.300"
        >
          <Text>
            © {year} {brand.legalName}
          </Text>
          {(brand.gstin || brand.fssai) && (
            <Text>
              {[brand.gstin && `GSTIN: ${brand.gstin}`, brand.fssai && `FSSAI Lic. No. ${brand.fssai}`]
                .filter(Boolean)
                .join(' · ')}
            </Text>
          )}
        </Stack>
      </Container>
    </Box>
  );
}
