import { Box, Button, Container, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { LogOut, Plus, ShieldAlert } from 'lucide-react';
import { Link, useLocation, useRoute } from 'wouter';
import { homePathForRole } from '../../../shared/domain';
import type { UserDto } from '../../../shared/schemas/auth';
import { BrandLogo } from '../../components/brand-logo';
import { CenteredPanelPage } from '../../components/centered-panel-page';
import { RequireSignIn } from '../../components/require-sign-in';
import { SiteFooter } from '../../components/site-footer';
import { VerifyEmailBanner } from '../../components/verify-email-banner';
import { useSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { BookingDetail } from './booking-detail';
import { BookingList } from './booking-list';
import { MenuBuilder } from './menu-builder';

function AccountHeader({ user }: { user: UserDto }) {
  const { signOut } = useSession();
  const [, navigate] = useLocation();
  return (
    <Box as="header" bg="bg" borderBottomWidth="1px" borderColor="border.muted">
      <Container maxW="6xl" minH="16" py="2" display="flex" alignItems="center" justifyContent="space-between" gap="3">
        <BrandLogo />
        <HStack gap="2">
          <Text hideBelow="md" color="fg.muted" fontSize="sm">
            {user.full_name}
          </Text>
          <Button
            variant="ghost"
            colorPalette="accent"
            size={{ base: 'sm', sm: 'md' }}
            minH="11"
            onClick={() => {
              void signOut().then(() => navigate('/'));
            }}
          >
            <LogOut aria-hidden="true" />
            Logout
          </Button>
        </HStack>
      </Container>
    </Box>
  );
}

function NotACustomer({ user }: { user: UserDto }) {
  const home = homePathForRole(user.role);
  return (
    <CenteredPanelPage>
      <Box color="brand.fg" aria-hidden="true">
        <ShieldAlert size={40} />
      </Box>
      <Heading as="h1" size={{ base: '2xl', md: '3xl' }} color="accent.900">
        My Bookings
      </Heading>
      <Text color="fg.muted" textWrap="pretty">
        My Bookings lists a customer’s own events. You are signed in as {user.full_name}, which is not a customer
        account.
      </Text>
      <Button asChild rounded="full" px="6" minH="11">
        <Link href={home}>
          {user.role === 'admin'
            ? 'Go to Admin Dashboard'
            : user.role === 'supplier'
              ? 'Go to Supplier Portal'
              : 'Go to Home'}
        </Link>
      </Button>
    </CenteredPanelPage>
  );
}

function BookingsOverview({ user }: { user: UserDto }) {
  useDocumentTitle('My Bookings');
  return (
    <Stack gap="6">
      <Stack
        direction={{ base: 'column', sm: 'row' }}
        justify="space-between"
        align={{ base: 'stretch', sm: 'flex-end' }}
        gap="4"
      >
        <Box>
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }} color="accent.900">
            My Bookings
          </Heading>
          <Text color="fg.muted" mt="1">
            Your quotes and events with us, newest first.
          </Text>
        </Box>
        <Button asChild rounded="full" px="5" minH="11" variant="outline" colorPalette="accent">
          <Link href="/book">
            <Plus aria-hidden="true" /> New quote
          </Link>
        </Button>
      </Stack>
      <VerifyEmailBanner user={user} />
      <BookingList />
    </Stack>
  );
}

function CustomerBookings({ user }: { user: UserDto }) {
  const [isDetail, params] = useRoute<{ id: string }>('/bookings/:id');
  const [isMenu, menuParams] = useRoute<{ id: string }>('/bookings/:id/menu');
  return (
    <Box minH="100dvh" bg="bg.subtle" display="flex" flexDirection="column">
      <AccountHeader user={user} />
      <Container as="main" maxW="6xl" flex="1" py={{ base: '6', md: '10' }}>
        {isMenu ? (
          <MenuBuilder id={menuParams.id} />
        ) : isDetail ? (
          <BookingDetail id={params.id} />
        ) : (
          <BookingsOverview user={user} />
        )}
      </Container>
      <SiteFooter />
    </Box>
  );
}

function BookingsGate() {
  const { user } = useSession();
  if (!user) return null;
  if (user.role !== 'customer') return <NotACustomer user={user} />;
  return <CustomerBookings user={user} />;
}

/**
 * docs/product.md#screens: /bookings sends signed-out visitors to /login, which brings them back here. A
 * customer's bookings and quotes (/bookings) and one booking's details and actions (/bookings/:id).
 */
export function BookingsPage() {
  return (
    <RequireSignIn>
      <BookingsGate />
    </RequireSignIn>
  );
}
