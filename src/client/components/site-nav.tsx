import {
  Box,
  Button,
  CloseButton,
  Container,
  Drawer,
  HStack,
  IconButton,
  Link as ChakraLink,
  Portal,
  Separator,
  Stack,
  Text,
} from '@chakra-ui/react';
import { Menu as MenuIcon } from 'lucide-react';
import { useRef, useState, type MouseEvent } from 'react';
import { Link } from 'wouter';
import type { Role } from '../../shared/domain';
import { scrollToSection } from '../lib/scroll-to-section';
import { useSession } from '../lib/session';
import { BrandLogo } from './brand-logo';

/** Spec section 2, landing page: anchors to home, services, gallery, testimonials. */
const SECTION_LINKS = [
  { id: 'home', label: 'Home' },
  { id: 'services', label: 'Services' },
  { id: 'gallery', label: 'Gallery' },
  { id: 'testimonials', label: 'Testimonials' },
] as const;

/** Spec section 2: the signed-in role button. */
function roleDestination(role: Role): { label: string; href: string } {
  if (role === 'admin') return { label: 'Admin Dashboard', href: '/admin' };
  if (role === 'supplier') return { label: 'Supplier Portal', href: '/supplier' };
  return { label: 'My Bookings', href: '/bookings' };
}

type Layout = 'row' | 'column';

function AccountActions({ layout, onNavigate }: { layout: Layout; onNavigate?: () => void }) {
  const { user, status, signOut } = useSession();
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
  async function logout() {
    setSigningOut(true);
    try {
      await signOut();
    } finally {
      setSigningOut(false);
      onNavigate?.();
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
      <Button variant="ghost" colorPalette="accent" loading={signingOut} onClick={logout}>
        Logout
      </Button>
    </Stack>
  );
}

function sectionHref(id: string): string {
  return `/#${id}`;
}

/** On the landing page the anchors scroll smoothly; anywhere else they fall back to ordinary links. */
function followSectionLink(event: MouseEvent<HTMLAnchorElement>, id: string) {
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
  if (scrollToSection(id)) event.preventDefault();
}

function MobileMenu() {
  const [open, setOpen] = useState(false);
  const pendingSection = useRef<string | null>(null);

  return (
    <Drawer.Root
      open={open}
      onOpenChange={(details) => setOpen(details.open)}
      placement="end"
      size="xs"
      lazyMount
      unmountOnExit
      onExitComplete={() => {
        // Scroll only once the drawer has released the page's scroll lock.
        const id = pendingSection.current;
        pendingSection.current = null;
        if (id) scrollToSection(id);
      }}
    >
      <Drawer.Trigger asChild>
        <IconButton aria-label="Open menu" variant="ghost" colorPalette="accent" hideFrom="xl" ms="auto">
          <MenuIcon aria-hidden="true" />
        </IconButton>
      </Drawer.Trigger>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content bg="bg">
            <Drawer.Header borderBottomWidth="1px" borderColor="border.muted">
              <Drawer.Title fontFamily="heading" color="accent.900">
                Menu
              </Drawer.Title>
            </Drawer.Header>
            <Drawer.Body py="4">
              <Stack as="nav" aria-label="Main" gap="1">
                {SECTION_LINKS.map((link) => (
                  <ChakraLink
                    key={link.id}
                    href={sectionHref(link.id)}
                    px="3"
                    py="2.5"
                    rounded="md"
                    fontWeight="medium"
                    color="fg"
                    _hover={{ bg: 'bg.muted', textDecoration: 'none' }}
                    onClick={(event) => {
                      if (!document.getElementById(link.id)) return;
                      event.preventDefault();
                      pendingSection.current = link.id;
                      setOpen(false);
                    }}
                  >
                    {link.label}
                  </ChakraLink>
                ))}
              </Stack>
              <Separator my="4" borderColor="border.muted" />
              <AccountActions layout="column" onNavigate={() => setOpen(false)} />
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close menu" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}

/**
 * The landing page's top bar (spec section 2): section anchors and the account actions for each session state.
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
