import { Box, Container, VStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { BrandLogo } from './brand-logo';

/** A full page with the brand bar and one centred card: placeholders and "not for your role" notices. */
export function CenteredPanelPage({ children }: { children: ReactNode }) {
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
          {children}
        </VStack>
      </Container>
    </Box>
  );
}
