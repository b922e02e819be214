import { CacheProvider } from '@emotion/react';
import { QueryClient } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import { expect, onTestFinished } from 'vitest';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { memoryLocation } from 'wouter/memory-location';
import { App } from '../../src/client/app';
import { createTrpcClient } from '../../src/client/lib/trpc';
import { AppProviders } from '../../src/client/providers';
import { createStyleCache } from '../../src/client/lib/style-cache';
import { TOKEN_KEY } from '../../src/client/lib/token-storage';
import { TEST_ORIGIN } from './msw';

type RenderOptions = {
  /** The starting URL, with any query string. */
  path?: string;
  /** A token already in localStorage when the app starts, as after an earlier visit. */
  token?: string;
};

type User = ReturnType<typeof userEvent.setup>;

/** Open dialogs (Chakra's, which are Zag's) whose layer is not registered yet. */
const dialogsNotLive = () =>
  [...document.querySelectorAll<HTMLElement>('[role=dialog][data-state=open], [role=alertdialog][data-state=open]')]
    .filter((dialog) => dialog.style.getPropertyValue('--layer-index') === '')
    .map((dialog) => dialog.getAttribute('aria-labelledby') ?? dialog.outerHTML.slice(0, 80));

/**
 * `user` acting no quicker than a person can: Zag registers a dialog's layer a frame after the dialog is in the
 * document (the layer sets the content's `--layer-index`). Until then Escape goes to the layer beneath, and a dialog
 * opened over another is still inert (pointer-events: none), so a test that met the dialog and acted at once would
 * press or click into the page beneath when frames are slow (a loaded machine). Each action first waits for every
 * open dialog to be live.
 */
function personPaced(user: User): User {
  return new Proxy(user, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof value !== 'function' || key === 'setup') return value;
      return async (...args: unknown[]) => {
        await waitFor(() => expect(dialogsNotLive()).toEqual([]));
        return (value as (...rest: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

/** Renders `ui` inside the app's real providers, with a fresh QueryClient and an in-memory location. */
export function renderWithProviders(ui: ReactNode, { path = '/', token }: RenderOptions = {}) {
  if (token !== undefined) window.localStorage.setItem(TOKEN_KEY, token);
  const location = memoryLocation({ path, record: true });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const user = personPaced(userEvent.setup());
  const styles = createStyleCache();
  onTestFinished(() => styles.sheet.flush());
  const view = render(
    <CacheProvider value={styles}>
      <AppProviders
        queryClient={queryClient}
        trpcClient={createTrpcClient(TEST_ORIGIN)}
        locationHook={location.hook}
        searchHook={location.searchHook}
      >
        {ui}
      </AppProviders>
    </CacheProvider>,
  );
  return {
    ...view,
    user,
    queryClient,
    /** Every URL the app has been at, oldest first (replace navigations overwrite the last entry). */
    history: location.history,
    /** The current path, without the query string. */
    currentPath: () => (location.history.at(-1) ?? '').split('?')[0],
    currentUrl: () => location.history.at(-1) ?? '',
  };
}

/** The whole app (all routes) at `path`. */
export function renderApp(options: RenderOptions = {}) {
  return renderWithProviders(<App />, options);
}
