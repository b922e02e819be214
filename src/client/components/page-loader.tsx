import { Center, Spinner, Text, VStack } from '@chakra-ui/react';

/** Shown while a route's code or the session check loads; announced politely to screen readers. */
export function PageLoader({ label = 'Loading…' }: { label?: string }) {
  return (
    <Center minH="60vh" role="status" aria-live="polite">
      <VStack gap="3">
        <Spinner size="lg" color="brand.solid" borderWidth="3px" />
        <Text color="fg.muted" fontSize="sm">
          {label}
        </Text>
      </VStack>
    </Center>
  );
}
