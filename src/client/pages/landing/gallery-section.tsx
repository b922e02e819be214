import { Box, Container, SimpleGrid, Text } from '@chakra-ui/react';
import { Expand } from 'lucide-react';
import { Suspense, useState } from 'react';
import { ArtworkImage } from '../../components/artwork-image';
import { belowTheFold } from '../../lib/below-the-fold';
import { lazyNamed, useOpenedOnce } from '../../lib/lazy-named';
import { GALLERY } from './gallery';
import { SectionHeading } from './section-heading';

/** The lightbox loads when a visitor first opens an image. */
const GalleryLightbox = lazyNamed(() => import('./gallery-lightbox'), 'GalleryLightbox');

/** docs/product.md#screens: a gallery of 9 images; each opens larger, with its caption, in a lightbox. */
export function GallerySection() {
  const [lightbox, setLightbox] = useState({ index: 0, open: false });
  const lightboxWanted = useOpenedOnce(lightbox.open);

  return (
    <Box
      as="section"
      id="gallery"
      aria-labelledby="gallery-heading"
      scrollMarginTop="16"
      py={{ base: '16', md: '24' }}
      css={belowTheFold({ base: '1010px', md: '750px', lg: '1120px' })}
    >
      <Container maxW="7xl">
        <SectionHeading id="gallery-heading" eyebrow="Gallery" title="Moments we have served">
          A taste of the tables, counters and celebrations our team sets up across the city.
        </SectionHeading>
        <SimpleGrid as="ul" columns={{ base: 2, md: 3 }} gap={{ base: '3', md: '5' }} listStyleType="none">
          {GALLERY.map((image, index) => (
            <Box as="li" key={image.name} gridColumn={index === 0 ? { base: 'span 2', md: 'auto' } : undefined}>
              <Box
                as="figure"
                position="relative"
                aspectRatio="4 / 3"
                rounded="xl"
                overflow="hidden"
                bg="cream.200"
                className="group"
              >
                <ArtworkImage
                  folder="gallery"
                  name={image.name}
                  alt={image.alt}
                  htmlWidth={800}
                  htmlHeight={600}
                  transition="transform 0.5s ease"
                  _groupHover={{ transform: 'scale(1.04)' }}
                />
                <Text
                  as="figcaption"
                  position="absolute"
                  insetX="0"
                  bottom="0"
                  px={{ base: '3', md: '4' }}
                  pt="10"
                  pb={{ base: '2', md: '3' }}
                  fontSize={{ base: 'sm', md: 'md' }}
                  fontWeight="semibold"
                  lineHeight="short"
                  color="cream.50"
                  textShadow="0 1px 2px rgba(0, 0, 0, 0.45)"
                  bgGradient="to-t"
                  gradientFrom="rgba(42, 12, 26, 0.78)"
                  gradientTo="transparent"
                  pointerEvents="none"
                >
                  {image.caption}
                </Text>
                <Box
                  as="button"
                  position="absolute"
                  inset="0"
                  w="full"
                  cursor="zoom-in"
                  rounded="xl"
                  aria-label={`View ${image.caption} larger`}
                  onClick={() => setLightbox({ index, open: true })}
                  focusVisibleRing="inside"
                  focusRingColor="brand.300"
                  focusRingWidth="3px"
                >
                  <Box
                    position="absolute"
                    top="3"
                    right="3"
                    p="2"
                    rounded="full"
                    bg="rgba(42, 12, 26, 0.55)"
                    color="cream.50"
                    opacity="0"
                    transition="opacity 0.2s ease"
                    _groupHover={{ opacity: 1 }}
                    aria-hidden="true"
                  >
                    <Expand size={16} />
                  </Box>
                </Box>
              </Box>
            </Box>
          ))}
        </SimpleGrid>
      </Container>
      {lightboxWanted && (
        <Suspense fallback={null}>
          <GalleryLightbox
            images={GALLERY}
            index={lightbox.index}
            open={lightbox.open}
            onIndexChange={(index) => setLightbox({ index, open: true })}
            onClose={() => setLightbox((current) => ({ ...current, open: false }))}
          />
        </Suspense>
      )}
    </Box>
  );
}
