import { Box, Button, Container, Heading, Stack, Text, VStack } from '@chakra-ui/react';
import { Link } from 'wouter';
import { BrandLogo } from '../../components/brand-logo';
import { MandalaMotif } from '../../components/mandala-motif';
import { useDocumentTitle } from '../../lib/use-document-title';

/** Any path the app does not know. */
export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <Box minH="100dvh" bg="bg.subtle" display="flex" flexDirection="column">
      <Box as="header" borderBottomWidth="1px" borderColor="border" bg="bg">
        <Container maxW="6xl" py="4">
          <BrandLogo />
        </Container>
      </Box>
      <Container as="main" maxW="2xl" flex="1" display="flex" alignItems="center" py="16">
        <VStack w="full" gap="5" textAlign="center">
          <MandalaMotif boxSize="24" opacity={0.9} />
          <Text fontFamily="heading" fontSize="6xl" fontWeight="bold" color="brand.700" lineHeight="1">
            404
          </Text>
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }} color="accent.900">
            Page not found
          </Heading>
          <Text color="fg.muted" maxW="md">
            The page you were looking for has moved or never existed. Let us take you somewhere more delicious.
          </Text>
          <Stack direction={{ base: 'column', sm: 'row' }} gap="3" mt="2" w={{ base: 'full', sm: 'auto' }}>
            <Button asChild rounded="full" px="6">
              <Link href="/">Back to Home</Link>
            </Button>
            <Button asChild variant="outline" colorPalette="accent" rounded="full" px="6">
              <Link href="/book">Book Your Event</Link>
            </Button>
          </Stack>
        </VStack>
      </Container>
    </Box>
  );
}
