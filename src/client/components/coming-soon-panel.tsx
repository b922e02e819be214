import { Badge, Box, Button, Container, Heading, Text, VStack } from '@chakra-ui/react';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { useDocumentTitle } from '../lib/use-document-title';
import { BrandLogo } from './brand-logo';
import { MandalaMotif } from './mandala-motif';

type ComingSoonPanelProps = {
  title: string;
  description?: ReactNode;
};

/** The placeholder every not-yet-built route shows: branded, titled, and one click from home. */
export function ComingSoonPanel({ title, description }: ComingSoonPanelProps) {
  useDocumentTitle(title);
  return (
    <Box minH="100dvh" bg="bg.subtle" display="flex" flexDirection="column">
      <Box as="header" borderBottomWidth="1px" borderColor="border" bg="bg">
        <Container maxW="6xl" py="4">
          <BrandLogo />
        </Container>
      </Box>
      <Container as="main" maxW="2xl" flex="1" display="flex" alignItems="center" py={{ base: '10', md: '16' }}>
        <VStack
          w="full"
          gap="5"
          textAlign="center"
          bg="bg.panel"
          borderWidth="1px"
          borderColor="border"
          rounded="2xl"
          shadow="sm"
          px={{ base: '6', md: '12' }}
          py={{ base: '10', md: '14' }}
          position="relative"
          overflow="hidden"
        >
          <MandalaMotif boxSize="20" />
          <Badge colorPalette="accent" variant="subtle" size="md" rounded="full" px="3">
            Coming soon
          </Badge>
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }} color="accent.900">
            {title}
          </Heading>
          <Text color="fg.muted" maxW="md" textWrap="pretty">
            {description ?? 'We are putting the finishing touches on this page. Please check back shortly.'}
          </Text>
          <Button asChild variant="outline" colorPalette="accent" rounded="full" mt="2">
            <Link href="/">
              <ArrowLeft aria-hidden="true" />
              Back to Home
            </Link>
          </Button>
        </VStack>
      </Container>
    </Box>
  );
}
