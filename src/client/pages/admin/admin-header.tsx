import { HeaderLinkButton } from '../../components/header-link-button';
import { Box, Button, Container, Flex, Heading, HStack, Text } from '@chakra-ui/react';
import { BookOpen, CookingPot, House, LogOut, UserCog } from 'lucide-react';
import { LiveBell } from '../../components/live-alerts';
import { MandalaMotif } from '../../components/mandala-motif';
import { useBrand } from '../../lib/brand';

type AdminHeaderProps = { onLogout(): void; loggingOut: boolean; unread?: number | null };

/** docs/product.md#screens: the business name followed by "Admin Dashboard", the subtitle, Home and Logout. */
export function AdminHeader({ onLogout, loggingOut, unread = null }: AdminHeaderProps) {
  const brand = useBrand();
  return (
    <Box as="header" bg="accent.900" color="cream.50" borderBottomWidth="4px" borderColor="brand.500">
      <Container maxW="7xl" py={{ base: '4', md: '6' }}>
        {/* The title and the links share a row only where both fit on one line each (from 1280 px). */}
        <Flex
          direction={{ base: 'column', xl: 'row' }}
          gap="4"
          justify="space-between"
          align={{ base: 'stretch', xl: 'center' }}
        >
          <HStack gap="3" align="center" minW="0">
            <MandalaMotif boxSize={{ base: '10', md: '12' }} flexShrink={0} />
            <Box minW="0">
              <Heading
                as="h1"
                fontFamily="heading"
                fontSize={{ base: 'xl', md: '3xl' }}
                lineHeight="1.2"
                color="cream.50"
              >
                <Text as="span" color="brand.300">
                  {brand.name}
                </Text>{' '}
                Admin Dashboard
              </Heading>
              <Text fontSize={{ base: 'sm', md: 'md' }} color="accent.100">
                Manage your event management business
              </Text>
            </Box>
          </HStack>
          <HStack gap="2" flexShrink={0} wrap="wrap">
            <LiveBell unread={unread} />
            <HeaderLinkButton href="/" icon={House}>
              Home
            </HeaderLinkButton>
            <HeaderLinkButton href="/admin/menu" icon={BookOpen}>
              Menu
            </HeaderLinkButton>
            <HeaderLinkButton href="/admin/kitchen" icon={CookingPot}>
              Kitchen
            </HeaderLinkButton>
            <HeaderLinkButton href="/account" icon={UserCog}>
              Account
            </HeaderLinkButton>
            <Button
              size="sm"
              rounded="full"
              onClick={onLogout}
              loading={loggingOut}
              flex={{ base: '1 1 auto', md: 'initial' }}
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
