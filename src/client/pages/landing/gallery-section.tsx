import { Box, Container, SimpleGrid, Text, type SystemStyleObject } from '@chakra-ui/react';
import { MandalaMotif } from '../../components/mandala-motif';
import { SectionHeading } from './section-heading';

type Palette = 'saffron' | 'aubergine' | 'marigold' | 'cream';
type Placement = 'centre' | 'corner' | 'crop';

/** Spec section 9: nine gallery tiles. Drawn, not photographed, until the event photos are added. */
const MOMENTS: readonly { caption: string; palette: Palette; placement: Placement }[] = [
  { caption: 'Mehendi brunch', palette: 'saffron', placement: 'crop' },
  { caption: 'Live chaat counter', palette: 'aubergine', placement: 'corner' },
  { caption: 'Reception buffet', palette: 'cream', placement: 'centre' },
  { caption: 'Boardroom lunch', palette: 'marigold', placement: 'corner' },
  { caption: 'Grazing table', palette: 'aubergine', placement: 'crop' },
  { caption: 'Gala dinner', palette: 'saffron', placement: 'centre' },
  { caption: 'Mithai bar', palette: 'cream', placement: 'corner' },
  { caption: 'Sangeet night', palette: 'marigold', placement: 'crop' },
  { caption: 'Garden high tea', palette: 'aubergine', placement: 'centre' },
];

const PALETTES: Record<Palette, { bg: string; caption: string; fade: string; motif: SystemStyleObject }> = {
  saffron: { bg: 'brand.100', caption: 'accent.900', fade: 'brand.100', motif: {} },
  aubergine: {
    bg: 'accent.900',
    caption: 'cream.50',
    fade: 'accent.950',
    motif: { '--mandala-dots': 'colors.brand.100', '--mandala-core': 'colors.accent.600' },
  },
  marigold: {
    bg: 'brand.400',
    caption: 'accent.950',
    fade: 'brand.400',
    motif: {
      '--mandala-outer': 'colors.brand.200',
      '--mandala-middle': 'colors.brand.100',
      '--mandala-inner': 'colors.accent.700',
      '--mandala-dots': 'colors.brand.100',
      '--mandala-ring': 'colors.brand.100',
      '--mandala-core': 'colors.accent.900',
    },
  },
  cream: { bg: 'cream.100', caption: 'accent.900', fade: 'cream.100', motif: {} },
};

const PLACEMENTS: Record<Placement, SystemStyleObject> = {
  centre: { width: '62%', height: '62%', top: '14%', left: '19%' },
  corner: { width: '85%', height: '85%', top: '-22%', right: '-22%' },
  crop: { width: '120%', height: '120%', top: '-30%', left: '-10%' },
};

export function GallerySection() {
  return (
    <Box as="section" id="gallery" aria-labelledby="gallery-heading" scrollMarginTop="16" py={{ base: '16', md: '24' }}>
      <Container maxW="7xl">
        <SectionHeading id="gallery-heading" eyebrow="Gallery" title="Moments we have served">
          A taste of the tables, counters and celebrations our team sets up across the city.
        </SectionHeading>
        <SimpleGrid as="ul" columns={{ base: 2, md: 3 }} gap={{ base: '3', md: '5' }} listStyleType="none">
          {MOMENTS.map(({ caption, palette, placement }, index) => {
            const colours = PALETTES[palette];
            return (
              <Box
                as="li"
                key={caption}
                gridColumn={index === 0 ? { base: 'span 2', md: 'auto' } : undefined}
                position="relative"
                aspectRatio={index === 0 ? { base: '2', md: '1.4' } : '1.4'}
                rounded="xl"
                overflow="hidden"
                bg={colours.bg}
                borderWidth={palette === 'cream' ? '1px' : '0'}
                borderColor="border"
              >
                <MandalaMotif position="absolute" css={{ ...PLACEMENTS[placement], ...colours.motif }} />
                <Text
                  position="absolute"
                  insetX="0"
                  bottom="0"
                  px={{ base: '3', md: '4' }}
                  pt="6"
                  pb={{ base: '2', md: '3' }}
                  fontSize={{ base: 'sm', md: 'md' }}
                  fontWeight="semibold"
                  lineHeight="short"
                  color={colours.caption}
                  bgGradient="to-t"
                  gradientFrom={colours.fade}
                  gradientTo="transparent"
                >
                  {caption}
                </Text>
              </Box>
            );
          })}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
