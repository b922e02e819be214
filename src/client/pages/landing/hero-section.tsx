import { Badge, Box, Button, Container, Grid, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { BadgeCheck, CalendarCheck, ChefHat } from 'lucide-react';
import { Link } from 'wouter';
import { MandalaMotif } from '../../components/mandala-motif';
import { useBrand } from '../../lib/brand';
import { scrollToSection } from '../../lib/scroll-to-section';

const HIGHLIGHTS = [
  { icon: CalendarCheck, label: 'Instant quotes, GST included' },
  { icon: ChefHat, label: 'Regional Indian menus' },
  { icon: BadgeCheck, label: 'Vetted vendor partners' },
];

function HeroArt() {
  return (
    <Box position="relative" aspectRatio="1" w="full" maxW="30rem" mx="auto" aria-hidden="true">
      <Box
        position="absolute"
        inset="6%"
        rounded="full"
        bg="accent.900"
        boxShadow="0 40px 80px -30px rgba(42, 12, 26, 0.55)"
      />
      <Box
        position="absolute"
        inset="0"
        rounded="full"
        borderWidth="2px"
        borderStyle="dashed"
        borderColor="brand.300"
      />
      <MandalaMotif
        position="absolute"
        inset="12%"
        w="76%"
        h="76%"
        css={{ '--mandala-dots': 'colors.brand.100', '--mandala-core': 'colors.accent.600' }}
      />
      <MandalaMotif position="absolute" boxSize="22%" top="2%" right="0" opacity={0.9} />
      <MandalaMotif position="absolute" boxSize="14%" bottom="6%" left="2%" opacity={0.8} />
    </Box>
  );
}

/** docs/product.md#screens: the hero with Book Your Event (to /book) and Explore Services (scrolls to services). */
export function HeroSection() {
  const brand = useBrand();
  return (
    <Box
      as="section"
      id="home"
      aria-labelledby="home-heading"
      scrollMarginTop="16"
      position="relative"
      overflow="hidden"
      css={{
        backgroundImage:
          'radial-gradient(circle at 88% 12%, var(--chakra-colors-brand-100) 0, transparent 42%), ' +
          'radial-gradient(circle at 0% 100%, var(--chakra-colors-accent-50) 0, transparent 45%)',
      }}
    >
      <Container maxW="7xl" py={{ base: '12', md: '20', lg: '24' }}>
        <Grid templateColumns={{ base: '1fr', lg: '1.15fr 0.85fr' }} gap={{ base: '12', lg: '16' }} alignItems="center">
          <Stack gap={{ base: '6', md: '7' }} maxW="2xl">
            <Badge
              alignSelf="flex-start"
              colorPalette="brand"
              variant="subtle"
              rounded="full"
              px="3"
              py="1"
              fontSize="xs"
              letterSpacing="wide"
              textTransform="uppercase"
              color="brand.800"
            >
              Catering &amp; events · {brand.city}
            </Badge>
            <Heading
              id="home-heading"
              as="h1"
              fontSize={{ base: '4xl', md: '6xl' }}
              lineHeight={{ base: '1.2', md: '1.15' }}
              letterSpacing="tight"
              color="accent.950"
              textWrap="balance"
            >
              Feasts worth{' '}
              <Text as="span" color="brand.700" fontStyle="italic">
                celebrating
              </Text>
              , served with heart
            </Heading>
            <Text fontSize={{ base: 'lg', md: 'xl' }} color="fg.muted" maxW="xl" textWrap="pretty">
              Weddings, corporate events, gala dinners and grazing tables: authentic Indian menus, warm service and an
              instant quote in minutes.
            </Text>
            <Stack direction={{ base: 'column', sm: 'row' }} gap="3" pt="1">
              <Button asChild size="xl" rounded="full" px="8" shadow="md">
                <Link href="/book">Book Your Event</Link>
              </Button>
              <Button
                size="xl"
                rounded="full"
                px="8"
                variant="outline"
                colorPalette="accent"
                bg="bg/60"
                onClick={() => scrollToSection('services')}
              >
                Explore Services
              </Button>
            </Stack>
            <Stack
              as="ul"
              direction={{ base: 'column', md: 'row' }}
              gap={{ base: '3', md: '6' }}
              pt="2"
              listStyleType="none"
            >
              {HIGHLIGHTS.map(({ icon: Icon, label }) => (
                <HStack as="li" key={label} gap="2" color="fg.muted" fontSize="sm" fontWeight="medium">
                  <Box color="brand.700" aria-hidden="true">
                    <Icon size={18} />
                  </Box>
                  {label}
                </HStack>
              ))}
            </Stack>
          </Stack>
          <Box hideBelow="lg">
            <HeroArt />
          </Box>
        </Grid>
      </Container>
    </Box>
  );
}
