import { forgetStepUp } from './step-up';

/** docs/product.md#payments: the client keeps its token in local browser storage under the key 'token'. */
export const TOKEN_KEY = 'token';

// Storage access throws in some locked-down browsers (disabled cookies, sandboxed frames); treat that as signed out.
export function readToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function writeToken(token: string): void {
  forgetStepUp();
  try {
    window.localStorage.setItem(TOKEN_KEY, token);
  } catch {
    // The session still works for this tab; it just won't survive a reload.
  }
}

export function clearToken(): void {
  forgetStepUp();
  try {
    window.localStorage.removeItem(TOKEN_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
}
