import { screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { COMMON_PASSWORD_MESSAGE } from '../../src/shared/auth-limits';
import type { Role } from '../../src/shared/domain';
import { authResultFor } from './fixtures';
import { recordedCalls, server, trpcHandler, TrpcTestError } from './msw';
import { adminHandlers } from './admin-fixtures';
import { renderApp } from './render';

function emailInput() {
  return screen.getByLabelText(/^Email/);
}
function passwordInput() {
  return screen.getByLabelText(/^Password/);
}

async function openLogin(path = '/login') {
  const view = renderApp({ path });
  await screen.findByRole('heading', { name: 'Welcome back' });
  // The page paints first; the form's code follows.
  await screen.findByRole('form', { name: 'Sign in' });
  return view;
}

async function fillSignIn(user: ReturnType<typeof renderApp>['user'], email: string, password: string) {
  await user.type(emailInput(), email);
  await user.type(passwordInput(), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('/login: sign in', () => {
  it('requires email and password and sends nothing until both are given', async () => {
    const login = vi.fn();
    server.use(trpcHandler('auth.login', login));
    const { user } = await openLogin();

    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText('Email is required')).toBeVisible();
    expect(screen.getByText('Password is required')).toBeVisible();
    expect(emailInput()).toHaveAttribute('aria-invalid', 'true');
    expect(emailInput()).toHaveFocus();

    await user.type(emailInput(), 'asha@example.in');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Password is required')).toBeVisible();
    expect(screen.queryByText('Email is required')).not.toBeInTheDocument();
    expect(passwordInput()).toHaveFocus();

    expect(login).not.toHaveBeenCalled();
    expect(recordedCalls('auth.login')).toEqual([]);
  });

  it('labels every field and sets autocomplete hints', async () => {
    await openLogin();
    expect(emailInput()).toHaveAttribute('autocomplete', 'email');
    expect(emailInput()).toHaveAttribute('type', 'email');
    expect(passwordInput()).toHaveAttribute('autocomplete', 'current-password');
    expect(passwordInput()).toHaveAttribute('type', 'password');
    expect(screen.getByRole('link', { name: 'Become a vendor partner' })).toHaveAttribute('href', '/vendor-register');
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });

  it.each<[Role, string, string | RegExp]>([
    ['admin', '/admin', /Admin Dashboard/],
    ['supplier', '/supplier', 'Supplier Dashboard'],
  ])('signs a %s in, stores the token and opens %s', async (role, path, heading) => {
    const login = vi.fn(() => authResultFor(role));
    server.use(...(role === 'admin' ? adminHandlers() : []), trpcHandler('auth.login', login));
    const { user, currentPath } = await openLogin();

    await fillSignIn(user, `  ${role}@example.in `, 'correct horse');

    expect(await screen.findByText('Login successful!')).toBeInTheDocument();
    await waitFor(() => expect(currentPath()).toBe(path));
    expect(await screen.findByRole('heading', { name: heading, level: 1 })).toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBe(`token-for-${role}`);
    expect(login).toHaveBeenCalledTimes(1);
    expect(recordedCalls('auth.login')[0]?.input).toEqual({ email: `${role}@example.in`, password: 'correct horse' });
  });

  it('asks for a token bound to this browser, and keeps sending the token as a Bearer header', async () => {
    const bindings: (string | null)[] = [];
    server.use(
      trpcHandler('auth.login', ({ request }) => {
        bindings.push(request.headers.get('x-session-binding'));
        return authResultFor('customer');
      }),
    );
    const { user } = await openLogin();
    await fillSignIn(user, 'customer@example.in', 'correct horse');
    expect(await screen.findByText('Login successful!')).toBeInTheDocument();
    expect(bindings).toEqual(['cookie']);
    expect(window.localStorage.getItem('token')).toBe('token-for-customer');
    // The next call carries the stored token as before (docs/product.md#accounts).
    await waitFor(() =>
      expect(recordedCalls().some((call) => call.authorization === 'Bearer token-for-customer')).toBe(true),
    );
  });

  it('sends a customer home, signed in', async () => {
    server.use(trpcHandler('auth.login', () => authResultFor('customer')));
    const { user, currentPath } = await openLogin();

    await fillSignIn(user, 'customer@example.in', 'correct horse');

    expect(await screen.findByText('Login successful!')).toBeInTheDocument();
    await waitFor(() => expect(currentPath()).toBe('/'));
    expect(await screen.findByText('Welcome, Priya Sharma')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My Bookings' })).toHaveAttribute('href', '/bookings');
    expect(window.localStorage.getItem('token')).toBe('token-for-customer');
  });

  it('disables the button while the request is pending', async () => {
    let answer: (value: unknown) => void = () => {};
    server.use(trpcHandler('auth.login', () => new Promise((resolve) => (answer = resolve))));
    const { user } = await openLogin();

    await fillSignIn(user, 'admin@example.in', 'correct horse');

    const button = await screen.findByRole('button', { name: /Signing in/ });
    expect(button).toBeDisabled();
    await user.click(button);
    answer(authResultFor('admin'));
    expect(await screen.findByText('Login successful!')).toBeInTheDocument();
    expect(recordedCalls('auth.login')).toHaveLength(1);
  });

  it("shows the server's detail when sign-in fails, and stays signed out", async () => {
    server.use(
      trpcHandler('auth.login', () => {
        throw new TrpcTestError('UNAUTHORIZED', 'Incorrect email or password');
      }),
    );
    const { user, currentPath } = await openLogin();

    await fillSignIn(user, 'asha@example.in', 'wrong password');

    expect(await screen.findByText('Incorrect email or password')).toBeInTheDocument();
    expect(screen.queryByText('Login successful!')).not.toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(currentPath()).toBe('/login');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  });

  it("falls back to 'Login failed' when the answer has no detail", async () => {
    server.use(
      trpcHandler(
        'auth.login',
        () =>
          new HttpResponse('<html><body>502 Bad Gateway</body></html>', {
            status: 502,
            headers: { 'content-type': 'text/html' },
          }),
      ),
    );
    const { user } = await openLogin();

    await fillSignIn(user, 'asha@example.in', 'correct horse');

    expect(await screen.findByText('Login failed')).toBeInTheDocument();
    expect(screen.queryByText(/Unexpected token|JSON/)).not.toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it("falls back to 'Login failed' when the server's message is empty", async () => {
    server.use(
      trpcHandler('auth.login', () => {
        throw new TrpcTestError('INTERNAL_SERVER_ERROR', '');
      }),
    );
    const { user } = await openLogin();

    await fillSignIn(user, 'asha@example.in', 'correct horse');

    expect(await screen.findByText('Login failed')).toBeInTheDocument();
  });
});

describe('/login: create account', () => {
  async function openCreateAccount() {
    const view = await openLogin();
    await view.user.click(screen.getByRole('button', { name: 'Create an account' }));
    // The switch is a transition (the other form's code may still be loading); focus moves once it has happened.
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Create your account' })).toHaveFocus());
    return view;
  }

  async function fillCreateAccount(user: ReturnType<typeof renderApp>['user']) {
    await user.type(screen.getByLabelText(/^Full Name/), 'Priya Sharma');
    await user.type(emailInput(), 'priya@example.in');
    await user.type(screen.getByLabelText(/^Phone/), '98260 12345');
    await user.type(passwordInput(), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
  }

  it('toggles to the create-account form and back', async () => {
    const { user } = await openCreateAccount();

    expect(screen.getByLabelText(/^Full Name/)).toHaveAttribute('autocomplete', 'name');
    expect(emailInput()).toHaveAttribute('autocomplete', 'email');
    const phone = screen.getByLabelText(/^Phone/);
    expect(phone).toHaveAttribute('placeholder', '+91-XXXXXXXXXX');
    expect(phone).toHaveAttribute('autocomplete', 'tel');
    expect(phone).toHaveAttribute('type', 'tel');
    expect(passwordInput()).toHaveAttribute('autocomplete', 'new-password');
    expect(screen.queryByRole('button', { name: 'Sign In' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sign in instead' }));
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Full Name/)).not.toBeInTheDocument();
  });

  it('opens on the create-account form from /login?create, and switches back', async () => {
    const { user, currentUrl } = renderApp({ path: '/login?create=1' });
    expect(await screen.findByRole('form', { name: 'Create account' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign in instead' }));
    expect(await screen.findByRole('form', { name: 'Sign in' })).toBeInTheDocument();
    // The switch is made in the page, not by loading the address the switch's form names.
    expect(currentUrl()).toBe('/login?create=1');
  });

  it('requires all four fields and sends nothing until they are given', async () => {
    const register = vi.fn();
    server.use(trpcHandler('auth.register', register));
    const { user } = await openCreateAccount();

    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByText('Full name is required')).toBeVisible();
    expect(screen.getByText('Email is required')).toBeVisible();
    expect(screen.getByText('Phone number is required')).toBeVisible();
    expect(screen.getByText('Password is required')).toBeVisible();
    expect(screen.getByLabelText(/^Full Name/)).toHaveFocus();
    expect(register).not.toHaveBeenCalled();
  });

  it('checks phone and password format with the shared schema before sending', async () => {
    const register = vi.fn();
    server.use(trpcHandler('auth.register', register));
    const { user } = await openCreateAccount();

    await user.type(screen.getByLabelText(/^Full Name/), 'Priya Sharma');
    await user.type(emailInput(), 'priya@example.in');
    await user.type(screen.getByLabelText(/^Phone/), '12345');
    await user.type(passwordInput(), 'abc');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByText('Enter a valid 10-digit Indian mobile number')).toBeVisible();
    expect(screen.getByText('Password must be at least 6 characters long')).toBeVisible();
    expect(screen.getByLabelText(/^Phone/)).toHaveFocus();
    expect(register).not.toHaveBeenCalled();
  });

  it('registers, stores the token and goes home', async () => {
    const register = vi.fn(() => authResultFor('customer', 'fresh-token'));
    server.use(trpcHandler('auth.register', register));
    const { user, currentPath } = await openCreateAccount();

    await fillCreateAccount(user);

    expect(await screen.findByText('Registration successful!')).toBeInTheDocument();
    await waitFor(() => expect(currentPath()).toBe('/'));
    expect(await screen.findByText('Welcome, Priya Sharma')).toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBe('fresh-token');
    expect(recordedCalls('auth.register')[0]?.input).toEqual({
      email: 'priya@example.in',
      password: 'secret1',
      full_name: 'Priya Sharma',
      phone: '+919826012345',
    });
  });

  it("shows the server's detail when registration fails", async () => {
    server.use(
      trpcHandler('auth.register', () => {
        throw new TrpcTestError('CONFLICT', 'An account with this email already exists');
      }),
    );
    const { user, currentPath } = await openCreateAccount();

    await fillCreateAccount(user);

    expect(await screen.findByText('An account with this email already exists')).toBeInTheDocument();
    expect(screen.queryByText('Registration successful!')).not.toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(currentPath()).toBe('/login');
  });

  it('says a refused common password once, at the field, and not again in a toast', async () => {
    server.use(
      trpcHandler('auth.register', () => {
        throw new TrpcTestError('BAD_REQUEST', COMMON_PASSWORD_MESSAGE, {
          issues: [{ loc: ['body', 'password'], msg: COMMON_PASSWORD_MESSAGE, type: 'value_error' }],
        });
      }),
    );
    const { user } = await openCreateAccount();
    await user.type(screen.getByLabelText(/^Full Name/), 'Priya Sharma');
    await user.type(emailInput(), 'priya@example.in');
    await user.type(screen.getByLabelText(/^Phone/), '98260 12345');
    await user.type(passwordInput(), 'password');
    expect(await screen.findByText(COMMON_PASSWORD_MESSAGE)).toBeInTheDocument();
    expect(screen.getAllByText(COMMON_PASSWORD_MESSAGE)).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(passwordInput()).toHaveAttribute('aria-invalid', 'true'));
    expect(await screen.findByText(/^Strength: /)).toBeInTheDocument();
    expect(screen.getAllByText(COMMON_PASSWORD_MESSAGE)).toHaveLength(1);
    expect(passwordInput()).toHaveAccessibleDescription(COMMON_PASSWORD_MESSAGE);
    expect(passwordInput()).toHaveFocus();
  });

  it("falls back to 'Registration failed' without a detail", async () => {
    server.use(trpcHandler('auth.register', () => new HttpResponse(null, { status: 503 })));
    const { user } = await openCreateAccount();

    await fillCreateAccount(user);

    expect(await screen.findByText('Registration failed')).toBeInTheDocument();
  });
});
