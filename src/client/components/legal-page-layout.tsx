import { Box, Button, Container, Grid, Heading, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { ArrowLeft } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Link } from 'wouter';
import { useBrand } from '../lib/brand';
import { useDocumentTitle } from '../lib/use-document-title';
import { BrandLogo } from './brand-logo';
import { MandalaMotif } from './mandala-motif';
import { SiteFooter } from './site-footer';
import { touchTarget } from '../touch-targets';

/** docs/product.md#screens "Legal pages": the date every policy shows. */
export const LEGAL_LAST_UPDATED = 'October 2025';

export type LegalSection = { id: string; title: string; body: ReactNode };

type LegalPageLayoutProps = {
  title: string;
  /** A sentence or two under the title saying what the policy covers. */
  summary: ReactNode;
  sections: readonly LegalSection[];
};

/** Body copy for policies: a comfortable measure, generous leading, and lists that look like lists. */
const PROSE = {
  '& p': { mb: '4' },
  '& p:last-child': { mb: '0' },
  '& ul, & ol': { ps: '6', mb: '4' },
  '& ul': { listStyleType: 'disc' },
  '& ol': { listStyleType: 'decimal' },
  '& li': { mb: '2', ps: '1' },
  '& li::marker': { color: 'brand.600' },
  '& strong': { color: 'accent.900', fontWeight: 'semibold' },
  '& a': { color: 'accent.700', textDecoration: 'underline', textUnderlineOffset: '3px' },
  // A phone number or an e-mail address reads as one piece: it moves to the next line whole, never split in two.
  "& a[href^='tel:'], & a[href^='mailto:']": { whiteSpace: 'nowrap' },
  '& a:hover': { color: 'accent.900' },
} as const;

function TableOfContents({ sections }: { sections: readonly LegalSection[] }) {
  return (
    <Box as="nav" aria-labelledby="toc-heading" position={{ lg: 'sticky' }} top={{ lg: '6' }}>
      <Box bg="bg.panel" borderWidth="1px" borderColor="border" rounded="xl" px="5" py="4">
        <Heading
          id="toc-heading"
          as="h2"
          size="sm"
          textTransform="uppercase"
          letterSpacing="wider"
          color="brand.fg"
          mb="3"
        >
          On this page
        </Heading>
        <Stack as="ol" gap="1" listStyleType="none" fontSize="sm">
          {sections.map((section, index) => (
            <li key={section.id}>
              <ChakraLink
                href={`#${section.id}`}
                display="flex"
                gap="2"
                py="1"
                css={touchTarget}
                color="fg.muted"
                _hover={{ color: 'accent.800', textDecoration: 'none' }}
              >
                <Text as="span" color="brand.fg" fontVariantNumeric="tabular-nums" minW="6" flexShrink={0}>
                  {index + 1}.
                </Text>
                {section.title}
              </ChakraLink>
            </li>
          ))}
        </Stack>
      </Box>
    </Box>
  );
}

/**
 * The one layout for the Terms, Refund and Privacy pages (docs/product.md#screens "Legal pages"): headed by the brand
 * name, Back to Home, 'Last Updated: October 2025', a table of contents with anchors and numbered sections.
 */
export function LegalPageLayout({ title, summary, sections }: LegalPageLayoutProps) {
  const brand = useBrand();
  useDocumentTitle(title);

  useEffect(() => {
    // The page's code loads after the browser tried to honour a #section link, so scroll to it now.
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (id) document.getElementById(id)?.scrollIntoView();
  }, []);

  return (
    <Box minH="100dvh" display="flex" flexDirection="column" bg="bg">
      <Box as="header" borderBottomWidth="1px" borderColor="border.muted" bg="bg">
        {/* Wraps rather than overflows when a long brand name meets a 360 px screen. */}
        <Container
          maxW="6xl"
          py="3"
          display="flex"
          flexWrap="wrap"
          alignItems="center"
          justifyContent="space-between"
          columnGap="3"
          rowGap="2"
        >
          <BrandLogo />
          <Button
            asChild
            variant="outline"
            colorPalette="accent"
            rounded="full"
            size={{ base: 'xs', sm: 'sm', md: 'md' }}
          >
            <Link href="/">
              <Box as="span" display={{ base: 'none', sm: 'inline-flex' }}>
                <ArrowLeft aria-hidden="true" />
              </Box>
              Back to Home
            </Link>
          </Button>
        </Container>
      </Box>
      {/* The title block belongs to the main content: everything on the page sits in a landmark. */}
      <Box as="main" flex="1" display="flex" flexDirection="column">
        <Box bg="bg.subtle" borderBottomWidth="1px" borderColor="border.muted" position="relative" overflow="hidden">
          <MandalaMotif
            position="absolute"
            boxSize="72"
            right="-20"
            top="-24"
            opacity={0.14}
            pointerEvents="none"
            hideBelow="md"
          />
          <Container maxW="6xl" py={{ base: '10', md: '14' }} position="relative">
            <Text
              fontFamily="heading"
              fontSize={{ base: 'lg', md: 'xl' }}
              fontWeight="semibold"
              color="brand.fg"
              mb="2"
            >
              {brand.name}
            </Text>
            <Heading
              as="h1"
              fontSize={{ base: '3xl', md: '5xl' }}
              lineHeight="1.1"
              color="accent.950"
              textWrap="balance"
            >
              {title}
            </Heading>
            <Text mt="3" color="fg.muted" fontSize="sm" fontWeight="medium">
              Last Updated: {LEGAL_LAST_UPDATED}
            </Text>
            <Text mt="5" maxW="3xl" color="fg" fontSize={{ base: 'md', md: 'lg' }} lineHeight="tall" textWrap="pretty">
              {summary}
            </Text>
          </Container>
        </Box>
        <Container maxW="6xl" flex="1" py={{ base: '8', md: '14' }}>
          <Grid
            templateColumns={{ base: '1fr', lg: '17rem minmax(0, 1fr)' }}
            gap={{ base: '8', lg: '14' }}
            alignItems="start"
          >
            <TableOfContents sections={sections} />
            <Stack as="article" gap={{ base: '10', md: '12' }} maxW="3xl" minW="0">
              {sections.map((section, index) => (
                <Box
                  as="section"
                  key={section.id}
                  id={section.id}
                  aria-labelledby={`${section.id}-heading`}
                  scrollMarginTop="6"
                >
                  <Heading
                    id={`${section.id}-heading`}
                    as="h2"
                    size={{ base: 'xl', md: '2xl' }}
                    color="accent.900"
                    mb="4"
                    display="flex"
                    gap="3"
                  >
                    <Text as="span" color="brand.fg">
                      {index + 1}.
                    </Text>
                    {section.title}
                  </Heading>
                  <Box color="fg" fontSize={{ base: 'md', md: 'lg' }} lineHeight="1.75" css={PROSE}>
                    {section.body}
                  </Box>
                </Box>
              ))}
            </Stack>
          </Grid>
        </Container>
      </Box>
      <SiteFooter />
    </Box>
  );
}
