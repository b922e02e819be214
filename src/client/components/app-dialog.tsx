import { CloseButton, Dialog, Portal, type DialogRootProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { toastFriendlyDialogProps } from './app-toaster';

export type AppDialogProps = {
  open: boolean;
  onClose(): void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  /** Width from the md breakpoint up. */
  size?: 'xs' | 'sm' | 'md' | 'lg' | 'xl';
  /** Big dialogs take the whole screen on phones; small confirmations stay a card. */
  fullScreenOnPhone?: boolean;
  /** 'alertdialog' for confirmations that interrupt (WAI-ARIA). */
  role?: DialogRootProps['role'];
  initialFocusEl?: DialogRootProps['initialFocusEl'];
};

// Below md the big dialogs fill the screen. (A responsive `size` would keep the 'full' size's minimum height on
// larger screens too, as the recipe's variants are merged, not replaced.)
const FULL_SCREEN_POSITIONER = { mdDown: { p: '0', alignItems: 'stretch' } };
const FULL_SCREEN_CONTENT = {
  mdDown: { w: '100vw', maxW: '100vw', h: '100dvh', maxH: '100dvh', m: '0', rounded: 'none' },
};

/**
 * The dialog frame every admin dialog shares: a title (announced as the dialog's name), an optional description,
 * a scrolling body, a footer, and a close button. Chakra's dialog traps focus, closes on Escape and on the
 * backdrop, and returns focus to where it was when it opened.
 */
export function AppDialog({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  size = 'md',
  fullScreenOnPhone = true,
  role = 'dialog',
  initialFocusEl,
}: AppDialogProps) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      size={size}
      placement="center"
      scrollBehavior="inside"
      role={role}
      lazyMount
      unmountOnExit
      {...toastFriendlyDialogProps}
      {...(initialFocusEl ? { initialFocusEl } : {})}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner
          px={fullScreenOnPhone ? undefined : '4'}
          css={fullScreenOnPhone ? FULL_SCREEN_POSITIONER : undefined}
        >
          <Dialog.Content bg="bg" css={fullScreenOnPhone ? FULL_SCREEN_CONTENT : undefined}>
            <Dialog.Header flexDirection="column" alignItems="flex-start" gap="1" pe="14">
              <Dialog.Title fontFamily="heading" fontSize="xl" color="accent.900">
                {title}
              </Dialog.Title>
              {description && <Dialog.Description color="fg.muted">{description}</Dialog.Description>}
            </Dialog.Header>
            {children && <Dialog.Body>{children}</Dialog.Body>}
            {footer && (
              <Dialog.Footer
                borderTopWidth="1px"
                borderColor="border.muted"
                pt="4"
                flexWrap="wrap"
                gap="2"
                // On a phone the actions share the row evenly instead of leaving one alone on a second line.
                css={{ smDown: { '& > *': { flex: '1 1 auto' } } }}
              >
                {footer}
              </Dialog.Footer>
            )}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close dialog" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
