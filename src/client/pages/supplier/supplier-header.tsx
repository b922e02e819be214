import { HeaderLinkButton } from '../../components/header-link-button';
import { Box, Button, Container, Flex, Heading, HStack, Text } from '@chakra-ui/react';
import { House, LogOut, UserCog } from 'lucide-react';
import { LiveBell } from '../../components/live-alerts';
import { MandalaMotif } from '../../components/mandala-motif';

type SupplierHeaderProps = { name: string | undefined; onLogout(): void; loggingOut: boolean; unread?: number | null };

/**
 * docs/product.md#screens: 'Supplier Dashboard', its subtitle, Home (to /) and Logout; Account (to /account) as in the
 * admin's header, for the password and e-mail settings.
 */
export function SupplierHeader({ name, onLogout, loggingOut, unread = null }: SupplierHeaderProps) {
  return (
    <Box as="header" bg="accent.900" color="cream.50" borderBottomWidth="4px" borderColor="brand.500">
      <Container maxW="7xl" py={{ base: '4', md: '6' }}>
        {/* The title and the links share a row only where both fit on one line each (from 1024 px). */}
        <Flex
          direction={{ base: 'column', lg: 'row' }}
          gap="4"
          justify="space-between"
          align={{ base: 'stretch', lg: 'center' }}
        >
          <HStack gap="3" align="center" minW="0">
            <MandalaMotif boxSize={{ base: '10', md: '12' }} flexShrink={0} />
            <Box minW="0">
              {name && (
                <Text
                  fontSize="xs"
                  fontWeight="semibold"
                  letterSpacing="widest"
                  textTransform="uppercase"
                  color="brand.300"
                  truncate
                >
                  {name}
                </Text>
              )}
              <Heading
                as="h1"
                fontFamily="heading"
                fontSize={{ base: '2xl', md: '3xl' }}
                lineHeight="1.2"
                color="cream.50"
              >
                Supplier Dashboard
              </Heading>
              <Text fontSize={{ base: 'sm', md: 'md' }} color="accent.100">
                Manage your quotes and project opportunities
              </Text>
            </Box>
          </HStack>
          <HStack gap="2" flexShrink={0} wrap="wrap">
            <LiveBell unread={unread} />
            <HeaderLinkButton href="/" icon={House} minH={{ base: '11', md: '10' }}>
              Home
            </HeaderLinkButton>
            <HeaderLinkButton href="/account" icon={UserCog} minH={{ base: '11', md: '10' }}>
              Account
            </HeaderLinkButton>
            <Button
              size="sm"
              rounded="full"
              onClick={onLogout}
              loading={loggingOut}
              flex={{ base: '1 1 auto', md: 'initial' }}
              minH={{ base: '11', md: '10' }}
            >
              <LogOut aria-hidden="true" />
              Logout
            </Button>
          </HStack>
        </Flex>
      </Container>
    </Box>
  );
}
