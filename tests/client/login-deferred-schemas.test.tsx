import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { authResultFor } from './fixtures';
import { recordedCalls, server, trpcHandler } from './msw';
import { renderApp } from './render';

/*
 * The login page fetches the shared schemas (zod) after its first render. Here they arrive only when the test says
 * so, as on a connection slower than the visitor.
 */
const gate = vi.hoisted(() => {
  let release = () => {};
  const arrived = new Promise<void>((resolve) => (release = resolve));
  return { arrived, release: () => release() };
});
vi.mock('../../src/client/pages/login/auth-schemas', async (importOriginal) => {
  await gate.arrived;
  return importOriginal();
});

describe('/login before the schemas have arrived', () => {
  it('waits for them with the button busy, sends once, and validates as always', async () => {
    const login = vi.fn(() => authResultFor('customer'));
    server.use(trpcHandler('auth.login', login));
    const { user } = renderApp({ path: '/login' });
    await screen.findByRole('heading', { name: 'Welcome back' });

    await user.type(await screen.findByLabelText(/^Email/), 'asha@example.in');
    await user.type(screen.getByLabelText(/^Password/), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    const busy = await screen.findByRole('button', { name: /Signing in/ });
    expect(busy).toBeDisabled();
    await user.click(busy);
    expect(recordedCalls('auth.login')).toHaveLength(0);

    gate.release();
    expect(await screen.findByText('Login successful!')).toBeInTheDocument();
    await waitFor(() => expect(login).toHaveBeenCalledTimes(1));
    expect(recordedCalls('auth.login')[0]?.input).toEqual({ email: 'asha@example.in', password: 'correct horse' });
  });
});
