import { Box, Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { Link } from 'wouter';
import { MandalaMotif } from '../../components/mandala-motif';
import { SectionHeading } from './section-heading';

export function TestimonialsSection() {
  return (
    <Box
      as="section"
      id="testimonials"
      aria-labelledby="testimonials-heading"
      scrollMarginTop="16"
      bg="bg.subtle"
      py={{ base: '16', md: '24' }}
    >
      <Container maxW="7xl">
        <SectionHeading id="testimonials-heading" eyebrow="Testimonials" title="What Our Clients Say">
          Families and companies trust us with the days that matter most to them.
        </SectionHeading>
        <Stack
          direction={{ base: 'column', md: 'row' }}
          align={{ base: 'flex-start', md: 'center' }}
          justify="space-between"
          gap="6"
          bg="accent.900"
          color="cream.50"
          rounded="2xl"
          px={{ base: '6', md: '12' }}
          py={{ base: '8', md: '10' }}
          position="relative"
          overflow="hidden"
        >
          <MandalaMotif position="absolute" boxSize="64" right="-16" bottom="-20" opacity={0.18} />
          <Box position="relative" maxW="xl">
            <Heading as="h3" size={{ base: 'xl', md: '2xl' }} mb="2" color="cream.50">
              Planning a celebration?
            </Heading>
            <Text color="cream.200">Tell us the date, the guest count and the mood. Your quote is ready in minutes.</Text>
          </Box>
          <Button asChild size="lg" rounded="full" px="7" position="relative" flexShrink={0}>
            <Link href="/book">Get an Instant Quote</Link>
          </Button>
        </Stack>
      </Container>
    </Box>
  );
}
