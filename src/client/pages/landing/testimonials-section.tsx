import { Box, Button, Container, Grid, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Quote, Star } from 'lucide-react';
import { Link } from 'wouter';
import { formatLongDate } from '../../../shared/dates';
import type { TestimonialDto } from '../../../shared/schemas/testimonials';
import { MandalaMotif } from '../../components/mandala-motif';
import { belowTheFold } from '../../lib/below-the-fold';
import { eventTypeLabel } from '../../lib/event-types';
import { trpc } from '../../lib/trpc';
import { SectionHeading } from './section-heading';

/**
 * docs/api.md: shown only when the testimonials cannot be loaded, and then marked as examples: the names are
 * invented, so they are never shown as if they were reviews (docs/decisions.md, testimonials).
 */
export const SAMPLE_TESTIMONIALS: readonly TestimonialDto[] = [
  {
    id: 'sample-wedding',
    client_name: 'Priya & Arjun Mehta',
    event_type: 'wedding',
    rating: 5,
    review:
      'From the haldi lunch to the reception dinner for 450 guests, every meal was perfect. The live chaat ' +
      'and jalebi counters were the highlight, and the team handled our last-minute changes with a smile.',
    event_date: '2025-02-14',
  },
  {
    id: 'sample-corporate',
    client_name: 'Rahul Verma, Malwa Infotech',
    event_type: 'corporate',
    rating: 5,
    review:
      'Our annual conference lunch for 300 delegates was served on time, hot and beautifully presented. ' +
      'Several colleagues asked for the caterer’s number before the afternoon sessions began.',
    event_date: '2025-08-22',
  },
];

/** Six fill two rows of three; more would make visitors scroll past praise to reach the footer. */
const SHOWN = 6;
const MAX_STARS = 5;

function Stars({ rating }: { rating: number }) {
  const filled = Math.max(0, Math.min(MAX_STARS, Math.round(rating)));
  return (
    <HStack gap="0.5" role="img" aria-label={`Rated ${filled} out of ${MAX_STARS}`}>
      {Array.from({ length: MAX_STARS }, (_, index) => (
        <Box key={index} color={index < filled ? 'brand.500' : 'border.emphasized'} aria-hidden="true">
          <Star size={18} fill="currentColor" strokeWidth={0} />
        </Box>
      ))}
    </HStack>
  );
}

function TestimonialCard({ testimonial, example }: { testimonial: TestimonialDto; example: boolean }) {
  const { client_name, event_type, rating, review, event_date } = testimonial;
  return (
    <Stack
      as="figure"
      gap="4"
      h="full"
      bg="bg.panel"
      borderWidth="1px"
      borderColor="border"
      rounded="2xl"
      p={{ base: '6', md: '7' }}
      position="relative"
    >
      <Box position="absolute" top="5" right="6" color="brand.200" aria-hidden="true">
        <Quote size={36} />
      </Box>
      <Stars rating={rating} />
      {example && (
        <Text textStyle="xs" fontWeight="semibold" textTransform="uppercase" letterSpacing="wider" color="fg.muted">
          Example review
        </Text>
      )}
      <Text as="blockquote" flex="1" color="fg" fontSize={{ base: 'md', md: 'lg' }} lineHeight="tall" textWrap="pretty">
        {review}
      </Text>
      <Box as="figcaption" borderTopWidth="1px" borderColor="border.muted" pt="4">
        <Text fontWeight="semibold" color="accent.900">
          {client_name}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          {eventTypeLabel(event_type)}
          {event_date && (
            <>
              {' · '}
              <time dateTime={event_date}>{formatLongDate(event_date)}</time>
            </>
          )}
        </Text>
      </Box>
    </Stack>
  );
}

function LoadingCards() {
  return (
    <Grid templateColumns={{ base: '1fr', md: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' }} gap="6" aria-hidden="true">
      {Array.from({ length: 3 }, (_, index) => (
        <Skeleton key={index} h="64" rounded="2xl" />
      ))}
    </Grid>
  );
}

/** docs/product.md#screens: testimonials from the server; on failure the two built-in samples. */
export function TestimonialsSection() {
  const testimonials = trpc.testimonials.list.useQuery(undefined, { staleTime: 5 * 60_000 });
  const failed = testimonials.isError;
  const list = failed ? SAMPLE_TESTIMONIALS : (testimonials.data ?? []).slice(0, SHOWN);
  const columns = Math.min(list.length, 3);

  return (
    <Box
      as="section"
      id="testimonials"
      aria-labelledby="testimonials-heading"
      aria-busy={testimonials.isPending}
      scrollMarginTop="16"
      bg="bg.subtle"
      py={{ base: '16', md: '24' }}
      css={belowTheFold({ base: '2620px', md: '1660px', lg: '1180px' })}
    >
      <Container maxW="7xl">
        <SectionHeading id="testimonials-heading" eyebrow="Testimonials" title="What Our Clients Say">
          Families and companies trust us with the days that matter most to them.
        </SectionHeading>
        {failed && (
          <Text textAlign="center" color="fg.muted" mb="6">
            Our clients’ reviews could not be loaded just now. These are examples of what they tell us.
          </Text>
        )}
        {testimonials.isPending ? (
          <LoadingCards />
        ) : list.length === 0 ? (
          <Text textAlign="center" color="fg.muted" fontSize="lg" maxW="2xl" mx="auto">
            No reviews have been published yet. Reviews appear here once our clients share them.
          </Text>
        ) : (
          <Grid
            as="ul"
            listStyleType="none"
            templateColumns={{ base: '1fr', md: `repeat(${Math.min(columns, 2)}, 1fr)`, lg: `repeat(${columns}, 1fr)` }}
            gap="6"
            maxW={columns < 3 ? '5xl' : undefined}
            mx="auto"
          >
            {list.map((testimonial) => (
              <li key={testimonial.id}>
                <TestimonialCard testimonial={testimonial} example={failed} />
              </li>
            ))}
          </Grid>
        )}
        <Stack
          direction={{ base: 'column', md: 'row' }}
          align={{ base: 'flex-start', md: 'center' }}
          justify="space-between"
          gap="6"
          mt={{ base: '12', md: '16' }}
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
            <Text color="cream.200">
              Tell us the date, the guest count and the mood. Your quote is ready in minutes.
            </Text>
          </Box>
          <Button asChild size="lg" rounded="full" px="7" position="relative" flexShrink={0}>
            <Link href="/book">Get an Instant Quote</Link>
          </Button>
        </Stack>
      </Container>
    </Box>
  );
}
