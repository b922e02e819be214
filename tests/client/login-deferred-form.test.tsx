import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from './render';

/*
 * /login is part of the entry bundle and its forms load afterwards. Holding the sign-in form's module
 * back shows what a visitor on a slow connection sees in between, and that switching to the other form waits for
 * that form's code with the link busy instead of blanking the page.
 */
const gates = vi.hoisted(() => {
  const gate = () => {
    let release = () => {};
    const arrived = new Promise<void>((resolve) => (release = resolve));
    return { arrived, release: () => release() };
  };
  return { signIn: gate(), createAccount: gate() };
});
vi.mock('../../src/client/pages/login/sign-in-form', async (importOriginal) => {
  await gates.signIn.arrived;
  return importOriginal();
});
vi.mock('../../src/client/pages/login/create-account-form', async (importOriginal) => {
  await gates.createAccount.arrived;
  return importOriginal();
});

describe('/login before its forms have arrived', () => {
  it('shows the heading, the lead and a loader in the form’s place, then the form', async () => {
    renderApp({ path: '/login' });

    expect(await screen.findByRole('heading', { name: 'Welcome back', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Sign in to follow your bookings and quotes.')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading the form' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Email/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');

    gates.signIn.release();
    const form = await screen.findByRole('form', { name: 'Sign in' });
    expect(within(form).getByLabelText(/^Email/)).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading the form' })).not.toBeInTheDocument();
  });

  it('keeps the sign-in form, with the switch busy, until the other form has arrived', async () => {
    const { user } = renderApp({ path: '/login' });
    gates.signIn.release();
    await screen.findByRole('form', { name: 'Sign in' });

    await user.type(screen.getByLabelText(/^Email/), 'asha@example.in');
    await user.click(screen.getByRole('button', { name: 'Create an account' }));

    await waitFor(() =>
      expect(screen.getByRole('button', { name: /Create an account/ })).toHaveAttribute('data-loading'),
    );
    expect(screen.getByRole('heading', { name: 'Welcome back', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Sign in' })).toBeInTheDocument();

    gates.createAccount.release();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Create your account' })).toHaveFocus());
    expect(screen.getByLabelText(/^Email/)).toHaveValue('asha@example.in');
    expect(screen.queryByRole('form', { name: 'Sign in' })).not.toBeInTheDocument();
  });
});
