import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { SetupPage } from '../../src/client/pages/setup/setup-page';
import { COMMON_PASSWORD_MESSAGE } from '../../src/shared/auth-limits';
import { userFor } from './fixtures';
import { recordedCalls, server, trpcHandler, TrpcTestError } from './msw';
import { renderApp, renderWithProviders } from './render';

const CODE = 'Zr8kP2mQ7xW4nB1vC6tY9sL3dF0gH5jK8aE2uR7iO4p';

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('/setup: Create the owner account', () => {
  it('creates the admin with the printed code, signs it in and opens the dashboard', async () => {
    window.history.replaceState(null, '', `/setup#code=${CODE}`);
    server.use(
      trpcHandler('auth.createOwner', () => ({
        access_token: 'owner-token',
        token_type: 'bearer',
        user: userFor('admin'),
      })),
    );
    const { user, currentPath } = renderApp({ path: '/setup' });
    expect(await screen.findByRole('heading', { name: 'Create the owner account' })).toBeInTheDocument();
    expect(window.location.hash).toBe('');
    await user.type(screen.getByLabelText(/Full Name/), 'Sunita Agrawal');
    await user.type(screen.getByLabelText(/^Email/), 'owner@annapurna-events.in');
    await user.type(screen.getByLabelText(/^Password/), 'rasmalai-at-dawn');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(currentPath()).toBe('/admin'));
    expect(recordedCalls('auth.createOwner')[0]!.input).toEqual({
      code: CODE,
      full_name: 'Sunita Agrawal',
      email: 'owner@annapurna-events.in',
      password: 'rasmalai-at-dawn',
    });
  });

  it('shows field errors before sending, and the server refusal of a used link', async () => {
    window.history.replaceState(null, '', `/setup#code=${CODE}`);
    server.use(
      trpcHandler('auth.createOwner', () => {
        throw new TrpcTestError(
          'BAD_REQUEST',
          'This setup link is invalid, has expired or has already been used. Restart the server to print a new one.',
        );
      }),
    );
    const { user } = renderApp({ path: '/setup' });
    await user.click(await screen.findByRole('button', { name: 'Create the owner account' }));
    expect(screen.getByText('Full name is required')).toBeInTheDocument();
    expect(screen.getByLabelText(/Full Name/)).toHaveFocus();
    expect(recordedCalls('auth.createOwner')).toHaveLength(0);
    await user.type(screen.getByLabelText(/Full Name/), 'Sunita Agrawal');
    await user.type(screen.getByLabelText(/^Email/), 'owner@annapurna-events.in');
    await user.type(screen.getByLabelText(/^Password/), 'short');
    await user.click(screen.getByRole('button', { name: 'Create the owner account' }));
    expect(screen.getByText('Password must be at least 6 characters long')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Password/), '-enough');
    await user.click(screen.getByRole('button', { name: 'Create the owner account' }));
    expect(await screen.findByText(/has already been used/)).toBeInTheDocument();
  });

  it('says a common password is refused once, at the field, before and after the server refuses it', async () => {
    window.history.replaceState(null, '', `/setup#code=${CODE}`);
    // The server's refusal (docs/security.md, "Passwords"): a 400 whose issue names the password field.
    server.use(
      trpcHandler('auth.createOwner', () => {
        throw new TrpcTestError('BAD_REQUEST', COMMON_PASSWORD_MESSAGE, {
          issues: [{ loc: ['body', 'password'], msg: COMMON_PASSWORD_MESSAGE, type: 'value_error' }],
        });
      }),
    );
    const { user } = renderApp({ path: '/setup' });
    await user.type(await screen.findByLabelText(/Full Name/), 'Sunita Agrawal');
    await user.type(screen.getByLabelText(/^Email/), 'owner@annapurna-events.in');
    const password = screen.getByLabelText(/^Password/);
    await user.type(password, 'password');
    // While typing, the strength meter under the field says it.
    expect(await screen.findByText(COMMON_PASSWORD_MESSAGE)).toBeInTheDocument();
    expect(screen.getAllByText(COMMON_PASSWORD_MESSAGE)).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Create the owner account' }));
    await waitFor(() => expect(password).toHaveAttribute('aria-invalid', 'true'));
    expect(recordedCalls('auth.createOwner')).toHaveLength(1);
    // The field's error says it; the meter shows the strength instead and no alert repeats it.
    expect(await screen.findByText(/^Strength: /)).toBeInTheDocument();
    expect(screen.getAllByText(COMMON_PASSWORD_MESSAGE)).toHaveLength(1);
    expect(password).toHaveAccessibleDescription(COMMON_PASSWORD_MESSAGE);
    expect(password).toHaveFocus();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    // Typing a new password clears the field's error.
    await user.type(password, '-and-rasmalai');
    expect(password).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText(COMMON_PASSWORD_MESSAGE)).not.toBeInTheDocument();
  });

  it('keeps the code when its first render is thrown away before it mounts', async () => {
    window.history.replaceState(null, '', `/setup#code=${CODE}`);
    // A part beside the page fails its first render: React throws that render away and renders the tree again.
    let failures = 1;
    function FailsOnce() {
      if (failures-- > 0) throw new Error('a first render that is thrown away');
      return null;
    }
    // React reports the error it recovered from to the window; the test expects it.
    const expectRecovery = (event: ErrorEvent) => event.preventDefault();
    window.addEventListener('error', expectRecovery);
    onTestFinished(() => window.removeEventListener('error', expectRecovery));
    const recoverable = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithProviders(
      <>
        <SetupPage />
        <FailsOnce />
      </>,
      { path: '/setup' },
    );
    recoverable.mockRestore();
    expect(failures).toBeLessThan(0);
    expect(window.location.hash).toBe('');
    expect(await screen.findByLabelText(/Full Name/)).toBeInTheDocument();
    expect(screen.queryByText(/setup link the server printed/)).not.toBeInTheDocument();
  });

  it('without the code it says where the link comes from', async () => {
    renderApp({ path: '/setup' });
    expect(await screen.findByRole('alert')).toHaveTextContent('setup link the server printed');
    expect(screen.queryByRole('button', { name: 'Create the owner account' })).not.toBeInTheDocument();
  });
});
