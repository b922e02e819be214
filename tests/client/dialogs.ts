import { screen, waitFor, type ByRoleOptions } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * A dialog as a person meets it: on screen and live. Zag registers a dialog's layer a frame after the dialog is in
 * the document; until then Escape goes to the layer beneath and a dialog opened over another is still inert
 * (pointer-events: none), so a test quicker than that frame (a loaded machine delays it) would press or click too
 * early. The layer sets the content's `--layer-index`.
 */
export async function findLiveDialog(role: 'dialog' | 'alertdialog', options?: ByRoleOptions): Promise<HTMLElement> {
  const dialog = await screen.findByRole(role, options);
  await waitFor(() => expect(dialog.style.getPropertyValue('--layer-index')).not.toBe(''));
  return dialog;
}
