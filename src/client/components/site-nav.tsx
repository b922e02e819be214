import { Box, Button, Container, HStack, IconButton, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Menu as MenuIcon } from 'lucide-react';
import { Suspense, useState, type MouseEvent } from 'react';
import { Link, useLocation } from 'wouter';
import type { Role } from '../../shared/domain';
import { lazyNamed, useOpenedOnce } from '../lib/lazy-named';
import { scrollToSection } from '../lib/scroll-to-section';
import { useSession } from '../lib/session';
import { BrandLogo } from './brand-logo';

/** docs/product.md#screens, landing page: anchors to home, services, gallery, testimonials. */
export const SECTION_LINKS = [
  { id: 'home', label: 'Home' },
  { id: 'services', label: 'Services' },
  { id: 'gallery', label: 'Gallery' },
  { id: 'testimonials', label: 'Testimonials' },
] as const;

/** docs/product.md#screens: the signed-in role button. */
function roleDestination(role: Role): { label: string; href: string } {
  if (role === 'admin') return { label: 'Admin Dashboard', href: '/admin' };
  if (role === 'supplier') return { label: 'Supplier Portal', href: '/supplier' };
  return { label: 'My Bookings', href: '/bookings' };
}

type Layout = 'row' | 'column';

export function AccountActions({ layout, onNavigate }: { layout: Layout; onNavigate?: () => void }) {
  const { user, status, signOut } = useSession();
  const [, navigate] = useLocation();
  const [signingOut, setSigningOut] = useState(false);
  const column = layout === 'column';

  // While a stored token is being checked, neither state is known; showing "Login" would flash for members.
  if (status === 'loading') return null;

  if (!user) {
    return (
      <Stack direction={column ? 'column' : 'row'} gap="2" align={column ? 'stretch' : 'center'}>
        <Button asChild variant="ghost" colorPalette="accent" onClick={onNavigate}>
          <Link href="/vendor-register">Become a Vendor</Link>
        </Button>
        <Button asChild rounded="full" px="5" onClick={onNavigate}>
          <Link href="/login">Login</Link>
        </Button>
      </Stack>
    );
  }

  const destination = roleDestination(user.role);
  // docs/product.md#accounts: Logout ends on the sign-in page, from here as from the dashboards.
  async function logout() {
    setSigningOut(true);
    try {
      await signOut();
    } finally {
      setSigningOut(false);
      onNavigate?.();
      navigate('/login');
    }
  }

  return (
    <Stack direction={column ? 'column' : 'row'} gap={column ? '3' : '2'} align={column ? 'stretch' : 'center'}>
      <Text
        fontSize="sm"
        color="fg.muted"
        me={column ? undefined : '2'}
        truncate={!column}
        maxW={column ? undefined : '14rem'}
        title={column ? undefined : user.full_name}
      >
        Welcome, {user.full_name}
      </Text>
      <Button asChild variant="outline" colorPalette="accent" rounded="full" onClick={onNavigate}>
        <Link href={destination.href}>{destination.label}</Link>
      </Button>
      <Button asChild variant="ghost" colorPalette="accent" onClick={onNavigate}>
        <Link href="/account">Account</Link>
      </Button>
      <Button variant="ghost" colorPalette="accent" loading={signingOut} onClick={logout}>
        Logout
      </Button>
    </Stack>
  );
}

export function sectionHref(id: string): string {
  return `/#${id}`;
}

/** On the landing page the anchors scroll smoothly; anywhere else they fall back to ordinary links. */
function followSectionLink(event: MouseEvent<HTMLAnchorElement>, id: string) {
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
  if (scrollToSection(id)) event.preventDefault();
}

/** The drawer's code loads when the menu is first opened: most visits never open it. */
const MobileMenuDrawer = lazyNamed(() => import('./mobile-menu-drawer'), 'MobileMenuDrawer');

function MobileMenu() {
  const [open, setOpen] = useState(false);
  const drawerWanted = useOpenedOnce(open);
  return (
    <>
      <IconButton
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        variant="ghost"
        colorPalette="accent"
        hideFrom="xl"
        ms="auto"
        onClick={() => setOpen(true)}
      >
        <MenuIcon aria-hidden="true" />
      </IconButton>
      {drawerWanted && (
        <Suspense fallback={null}>
          <MobileMenuDrawer open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}

/**
 * The landing page's top bar (docs/product.md#screens): section anchors and the account actions for each session state.
 * Below 1280 px it collapses into a drawer: a signed-in bar (welcome, role button, Logout) no longer fits beside
 * the anchors at 1024 px.
 */
export function SiteNav() {
  return (
    <Box
      as="header"
      position="sticky"
      top="0"
      zIndex="sticky"
      bg="bg/90"
      backdropFilter="saturate(180%) blur(12px)"
      borderBottomWidth="1px"
      borderColor="border.muted"
    >
      <Container maxW="7xl" h="16" display="flex" alignItems="center" gap="6">
        <BrandLogo />
        <Box as="nav" aria-label="Main" hideBelow="xl" flex="1">
          <HStack as="ul" gap="1" justify="center" listStyleType="none">
            {SECTION_LINKS.map((link) => (
              <li key={link.id}>
                <ChakraLink
                  href={sectionHref(link.id)}
                  px="3"
                  py="2"
                  rounded="md"
                  fontWeight="medium"
                  color="fg.muted"
                  _hover={{ color: 'accent.800', textDecoration: 'none', bg: 'bg.muted' }}
                  onClick={(event) => followSectionLink(event, link.id)}
                >
                  {link.label}
                </ChakraLink>
              </li>
            ))}
          </HStack>
        </Box>
        <Box hideBelow="xl">
          <AccountActions layout="row" />
        </Box>
        <MobileMenu />
      </Container>
    </Box>
  );
}
