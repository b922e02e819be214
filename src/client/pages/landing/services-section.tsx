import { Box, Button, Container, Grid, Heading, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { ArrowRight, MessageSquareText } from 'lucide-react';
import { Suspense, useState } from 'react';
import { Link } from 'wouter';
import { ArtworkImage } from '../../components/artwork-image';
import { belowTheFold } from '../../lib/below-the-fold';
import { lazyNamed, useOpenedOnce } from '../../lib/lazy-named';
import { SectionHeading } from './section-heading';
import { bookingPathFor, SERVICES, type Service } from './services';

/** The dialog and its form validation load when a visitor first asks for a custom quote. */
const ServiceInquiryDialog = lazyNamed(() => import('./service-inquiry-dialog'), 'ServiceInquiryDialog');

type ServiceCardProps = { service: Service; wide: boolean; onInquire(): void };

function ServiceCard({ service, wide, onInquire }: ServiceCardProps) {
  const { id, name, description, icon: Icon, imageAlt } = service;
  return (
    <Box
      as="article"
      aria-labelledby={`service-${id}-title`}
      display="flex"
      flexDirection="column"
      h="full"
      bg="bg"
      borderWidth="1px"
      borderColor="border"
      rounded="2xl"
      overflow="hidden"
      transition="box-shadow 0.2s ease, border-color 0.2s ease"
      _hover={{ shadow: 'lg', borderColor: 'brand.300' }}
      _focusWithin={{ borderColor: 'brand.400', shadow: 'lg' }}
    >
      <Box position="relative" h={{ base: '44', md: wide ? '56' : '52' }} bg="cream.200" flexShrink={0}>
        <ArtworkImage folder="services" name={id} alt={imageAlt} htmlWidth={800} htmlHeight={400} />
        <Box
          position="absolute"
          left={{ base: '5', md: '7' }}
          bottom="-6"
          display="inline-flex"
          alignItems="center"
          justifyContent="center"
          boxSize="12"
          rounded="full"
          bg="brand.100"
          color="brand.800"
          borderWidth="3px"
          borderColor="bg"
          aria-hidden="true"
        >
          <Icon size={22} />
        </Box>
      </Box>
      <Stack flex="1" gap="3" px={{ base: '5', md: '7' }} pt="9" pb={{ base: '5', md: '7' }}>
        <Heading id={`service-${id}-title`} as="h3" size="xl" color="accent.900">
          {name}
        </Heading>
        <Text color="fg.muted" flex="1">
          {description}
        </Text>
        <Stack direction={{ base: 'column', sm: 'row' }} gap="2" pt="2" flexWrap="wrap">
          <Button asChild rounded="full" size="md">
            <Link href={bookingPathFor(id)}>
              Get a quote <VisuallyHidden>for {name}</VisuallyHidden>
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
          <Button variant="outline" colorPalette="accent" rounded="full" size="md" onClick={onInquire}>
            <MessageSquareText aria-hidden="true" />
            Request a custom quote <VisuallyHidden>for {name}</VisuallyHidden>
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}

/**
 * docs/product.md#screens: five service cards, each linking to /book with its eventType; each also offers a "Request a
 * custom quote" action beside the link that opens the service inquiry modal.
 */
export function ServicesSection() {
  const [inquiry, setInquiry] = useState<{ service: Service | null; open: boolean }>({ service: null, open: false });
  const inquiryWanted = useOpenedOnce(inquiry.open);

  return (
    <Box
      as="section"
      id="services"
      aria-labelledby="services-heading"
      scrollMarginTop="16"
      bg="bg.panel"
      py={{ base: '16', md: '24' }}
      css={belowTheFold({ base: '2570px', md: '1700px', lg: '1160px' })}
    >
      <Container maxW="7xl">
        <SectionHeading id="services-heading" eyebrow="What we do" title="Our Services">
          One kitchen, five ways to celebrate. Get an instant quote, or ask our planners for a custom one.
        </SectionHeading>
        {/* Six tracks on wide screens: three cards over two, so five services fill both rows evenly. */}
        <Grid
          templateColumns={{ base: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(6, minmax(0, 1fr))' }}
          gap={{ base: '5', md: '6' }}
        >
          {SERVICES.map((service, index) => {
            const last = index === SERVICES.length - 1;
            return (
              <Box
                key={service.id}
                minW="0"
                gridColumn={{ sm: last ? 'span 2' : 'span 1', lg: index < 3 ? 'span 2' : 'span 3' }}
              >
                <ServiceCard
                  service={service}
                  wide={index >= 3}
                  onInquire={() => setInquiry({ service, open: true })}
                />
              </Box>
            );
          })}
        </Grid>
      </Container>
      {inquiryWanted && (
        <Suspense fallback={null}>
          <ServiceInquiryDialog
            service={inquiry.service}
            open={inquiry.open}
            onClose={() => setInquiry((current) => ({ ...current, open: false }))}
          />
        </Suspense>
      )}
    </Box>
  );
}
