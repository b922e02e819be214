import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { recordedCalls, server, trpcHandler } from './msw';
import { renderApp } from './render';

// The schemas' chunk cannot be fetched (a deploy replaced it, the connection dropped).
vi.mock('../../src/client/pages/login/auth-schemas', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

describe('/login when the schemas cannot be fetched', () => {
  it('says the sign-in failed, sends nothing and lets the visitor try again', async () => {
    const login = vi.fn();
    server.use(trpcHandler('auth.login', login));
    const { user } = renderApp({ path: '/login' });
    await screen.findByRole('heading', { name: 'Welcome back' });

    await user.type(await screen.findByLabelText(/^Email/), 'asha@example.in');
    await user.type(screen.getByLabelText(/^Password/), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Login failed')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    expect(login).not.toHaveBeenCalled();
    expect(recordedCalls('auth.login')).toHaveLength(0);
  });
});
