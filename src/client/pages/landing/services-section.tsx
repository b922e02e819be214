import { Box, Container, Grid, Heading, HStack, LinkBox, LinkOverlay, Stack, Text } from '@chakra-ui/react';
import { ArrowRight } from 'lucide-react';
import { Link } from 'wouter';
import { SectionHeading } from './section-heading';
import { bookingPathFor, SERVICES } from './services';

/** Spec section 2: five service cards, each linking to /book with its eventType. */
export function ServicesSection() {
  return (
    <Box as="section" id="services" aria-labelledby="services-heading" scrollMarginTop="16" bg="bg.panel" py={{ base: '16', md: '24' }}>
      <Container maxW="7xl">
        <SectionHeading id="services-heading" eyebrow="What we do" title="Our Services">
          One kitchen, five ways to celebrate. Pick an occasion to start your instant quote.
        </SectionHeading>
        {/* Six tracks on wide screens: three cards over two, so five services fill both rows evenly. */}
        <Grid templateColumns={{ base: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(6, minmax(0, 1fr))' }} gap={{ base: '4', md: '6' }}>
          {SERVICES.map(({ id, name, description, icon: Icon }, index) => (
            <LinkBox
              as="article"
              key={id}
              gridColumn={{
                sm: index === SERVICES.length - 1 ? 'span 2' : 'span 1',
                lg: index < 3 ? 'span 2' : 'span 3',
              }}
              bg="bg"
              borderWidth="1px"
              borderColor="border"
              rounded="2xl"
              p={{ base: '5', md: '7' }}
              transition="transform 0.2s ease, box-shadow 0.2s ease, border-color 0.2s ease"
              _hover={{ transform: 'translateY(-3px)', shadow: 'lg', borderColor: 'brand.300' }}
              _focusWithin={{ borderColor: 'brand.400', shadow: 'lg' }}
            >
              <Stack direction={{ base: 'row', sm: 'column' }} gap={{ base: '4', sm: '5' }} align="flex-start">
                <Box
                  display="inline-flex"
                  alignItems="center"
                  justifyContent="center"
                  flexShrink={0}
                  boxSize="12"
                  rounded="full"
                  bg="brand.100"
                  color="brand.800"
                  aria-hidden="true"
                >
                  <Icon size={22} />
                </Box>
                <Box>
                  <Heading as="h3" size="xl" color="accent.900" mb="2">
                    <LinkOverlay asChild>
                      <Link href={bookingPathFor(id)}>{name}</Link>
                    </LinkOverlay>
                  </Heading>
                  <Text color="fg.muted" mb={{ base: '3', sm: '5' }}>
                    {description}
                  </Text>
                  <HStack gap="1.5" color="brand.fg" fontWeight="semibold" fontSize="sm" aria-hidden="true">
                    <span>Get a quote</span>
                    <ArrowRight size={16} />
                  </HStack>
                </Box>
              </Stack>
            </LinkBox>
          ))}
        </Grid>
      </Container>
    </Box>
  );
}
