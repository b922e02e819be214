import { Button } from '@chakra-ui/react';
import { useRef, type ReactNode } from 'react';
import { AppDialog } from './app-dialog';

type ConfirmDialogProps = {
  open: boolean;
  onClose(): void;
  onConfirm(): void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /**
   * The button that leaves things as they are; by default "Cancel". Where the action itself is a cancellation, say
   * what is kept ("Keep booking"), so "Cancel" and "Cancel booking" never stand side by side.
   */
  cancelLabel?: string;
  /** 'danger' paints the confirm button red (deactivate, cancel a booking). */
  tone?: 'danger' | 'default';
  /** The confirmed action is running: the button spins and Cancel stays available. */
  loading?: boolean;
};

/**
 * A yes/no confirmation as an alert dialog: the button that leaves things as they are has the first focus, so Enter
 * on an accidental open does not confirm. The caller closes it when the action succeeds.
 */
export function ConfirmDialog({
  open,
  onClose,
  onConfirm,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  tone = 'default',
  loading,
}: ConfirmDialogProps) {
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <AppDialog
      open={open}
      onClose={onClose}
      title={title}
      description={description}
      role="alertdialog"
      size="sm"
      fullScreenOnPhone={false}
      initialFocusEl={() => cancel.current}
      footer={
        <>
          <Button variant="ghost" colorPalette="accent" onClick={onClose} ref={cancel}>
            {cancelLabel}
          </Button>
          <Button
            colorPalette={tone === 'danger' ? 'red' : 'brand'}
            rounded="full"
            px="5"
            loading={loading}
            onClick={onConfirm}
          >
            {confirmLabel}
          </Button>
        </>
      }
    />
  );
}
