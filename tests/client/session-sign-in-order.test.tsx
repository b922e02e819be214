import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route, Switch, useLocation } from 'wouter';
import { RequireSignIn } from '../../src/client/components/require-sign-in';
import { useSession } from '../../src/client/lib/session';
import { userFor } from './fixtures';
import { renderWithProviders } from './render';

const RESULT = { access_token: 'fresh-token', token_type: 'bearer', user: userFor('admin') } as const;

/** Signs in and moves to a members-only page from a promise callback, as a mutation's onSuccess does. */
function SignInThenGo({ navigateFirst }: { navigateFirst: boolean }) {
  const { signIn } = useSession();
  const [, navigate] = useLocation();
  const go = () =>
    void Promise.resolve().then(() => {
      if (navigateFirst) navigate('/members', { replace: true });
      signIn(RESULT);
      if (!navigateFirst) navigate('/members', { replace: true });
    });
  return (
    <button type="button" onClick={go}>
      Sign in
    </button>
  );
}

function Routes({ navigateFirst }: { navigateFirst: boolean }) {
  return (
    <Switch>
      <Route path="/start">
        <SignInThenGo navigateFirst={navigateFirst} />
      </Route>
      <Route path="/members">
        <RequireSignIn>
          <h1>Members only</h1>
        </RequireSignIn>
      </Route>
      <Route path="/login">
        <h1>Sign-in page</h1>
      </Route>
    </Switch>
  );
}

// docs/product.md#accounts "Session": once signIn has returned, the app is signed in, so a members-only page the
// caller opens next (in either order) shows instead of sending the new member to /login.
describe('signing in, then opening a members-only page', () => {
  it.each([
    ['signIn, then navigate', false],
    ['navigate, then signIn', true],
  ])('%s: the page shows and the address stays on it', async (_name, navigateFirst) => {
    const { user, history } = renderWithProviders(<Routes navigateFirst={navigateFirst} />, { path: '/start' });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Members only' })).toBeInTheDocument();
    await act(async () => {});
    expect(history).toEqual(['/members']);
    expect(window.localStorage.getItem('token')).toBe('fresh-token');
  });
});
