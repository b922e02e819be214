import { CloseButton, Drawer, Link as ChakraLink, Portal, Separator, Stack } from '@chakra-ui/react';
import { useRef } from 'react';
import { scrollToSection } from '../lib/scroll-to-section';
import { toastFriendlyDialogProps } from './app-toaster';
import { AccountActions, SECTION_LINKS, sectionHref } from './site-nav';

type MobileMenuDrawerProps = { open: boolean; onOpenChange(open: boolean): void };

/** The navigation bar's menu below 1280 px: the section anchors and the account actions in a drawer. */
export function MobileMenuDrawer({ open, onOpenChange }: MobileMenuDrawerProps) {
  const pendingSection = useRef<string | null>(null);

  return (
    <Drawer.Root
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      placement="end"
      size="xs"
      lazyMount
      unmountOnExit
      {...toastFriendlyDialogProps}
      onExitComplete={() => {
        // Scroll only once the drawer has released the page's scroll lock.
        const id = pendingSection.current;
        pendingSection.current = null;
        if (id) scrollToSection(id);
      }}
    >
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
                    minH="11"
                    rounded="md"
                    fontWeight="medium"
                    color="fg"
                    _hover={{ bg: 'bg.muted', textDecoration: 'none' }}
                    onClick={(event) => {
                      if (!document.getElementById(link.id)) return;
                      event.preventDefault();
                      pendingSection.current = link.id;
                      onOpenChange(false);
                    }}
                  >
                    {link.label}
                  </ChakraLink>
                ))}
              </Stack>
              <Separator my="4" borderColor="border.muted" />
              <AccountActions layout="column" onNavigate={() => onOpenChange(false)} />
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
