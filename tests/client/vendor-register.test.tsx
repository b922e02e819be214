import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COMMON_PASSWORD_MESSAGE } from '../../src/shared/auth-limits';
import { GSTIN_MESSAGES, gstinCheckChar } from '../../src/shared/gstin';
import { VENDOR_REGISTERED_MESSAGE } from '../../src/shared/schemas/vendor';
import { recordedCalls, server, trpcHandler, TrpcTestError } from './msw';
import { renderApp } from './render';

type User = ReturnType<typeof renderApp>['user'];

const VALID_GSTIN = `23AAPFU0939F1Z${gstinCheckChar('23AAPFU0939F1Z')}`;

function toasts() {
  return within(screen.getByRole('region', { name: 'Notifications (Alt+T)' }));
}

/** The newest toast on screen (toasts stack newest first). */
function newestToast(): string | null {
  return document.querySelector('[data-toast-id][data-visible="true"]')?.textContent ?? null;
}

function input(label: RegExp): HTMLInputElement {
  return screen.getByLabelText(label) as HTMLInputElement;
}

const FIELDS = {
  email: /^Email/,
  password: /^Password/,
  confirm: /^Confirm Password/,
  contact: /^Contact Person/,
  business: /^Business Name/,
  phone: /^Phone/,
  address: /^Business Address/,
  location: /^Location/,
  services: /^Services Offered/,
  experience: /^Experience \(Years\)/,
  gst: /^GST Number/,
  portfolio: /^Portfolio Link/,
};

async function openForm() {
  const view = renderApp({ path: '/vendor-register' });
  // The route's code is loaded lazily; the first render of a test file can take a while on a busy machine.
  await screen.findByRole('heading', { name: 'Partner application' });
  return view;
}

/** Replaces a field's text the way a paste does: one input event, so the long form fills quickly. */
async function fill(user: User, label: RegExp, value: string) {
  await user.clear(input(label));
  if (value !== '') await user.paste(value);
}

async function fillValidForm(user: User) {
  await fill(user, FIELDS.email, 'Orders@MalwaRasoi.in');
  await fill(user, FIELDS.password, 'dal-bafla-42');
  await fill(user, FIELDS.confirm, 'dal-bafla-42');
  await fill(user, FIELDS.contact, 'Rajesh Agrawal');
  await fill(user, FIELDS.business, 'Malwa Rasoi Caterers');
  await fill(user, FIELDS.phone, '98260 12345');
  await fill(user, FIELDS.address, '14 Sapna Sangeeta Road\nIndore 452001');
  await fill(user, FIELDS.location, 'Indore');
  await fill(user, FIELDS.services, 'Malwa thali, live chaat counters\nWedding buffets');
  await fill(user, FIELDS.experience, '12');
  await fill(user, FIELDS.portfolio, 'www.malwarasoi.in');
}

async function submit(user: User) {
  await user.click(screen.getByRole('button', { name: 'Submit Registration' }));
}

describe('/vendor-register', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('labels every field of the spec, with experience defaulting to 0', async () => {
    await openForm();
    for (const label of Object.values(FIELDS)) expect(input(label)).toBeInTheDocument();
    expect(input(FIELDS.email)).toHaveAttribute('type', 'email');
    expect(input(FIELDS.password)).toHaveAttribute('type', 'password');
    expect(input(FIELDS.confirm)).toHaveAttribute('type', 'password');
    expect(input(FIELDS.experience)).toHaveAttribute('type', 'number');
    expect(input(FIELDS.experience)).toHaveAttribute('min', '0');
    expect(input(FIELDS.experience)).toHaveAttribute('max', '50');
    expect(input(FIELDS.experience).value).toBe('0');
    expect(input(FIELDS.portfolio)).toHaveAttribute('type', 'url');
    expect(input(FIELDS.services).tagName).toBe('TEXTAREA');
    expect(input(FIELDS.email)).toBeRequired();
    expect(input(FIELDS.gst)).not.toBeRequired();
    expect(input(FIELDS.portfolio)).not.toBeRequired();
    expect(screen.getByText('+91')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Vendor Partner Registration', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'What happens next' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Vendor Partner Registration · Annapurna Events'));
  });

  it("checks the spec's rules in order, one message at a time, and sends nothing", async () => {
    const register = vi.fn();
    server.use(trpcHandler('vendor.register', register));
    const { user } = await openForm();

    await fill(user, FIELDS.password, 'abc');
    await fill(user, FIELDS.confirm, 'abd');
    await submit(user);
    await waitFor(() => expect(newestToast()).toBe('Passwords do not match!'));
    expect(input(FIELDS.confirm)).toHaveAttribute('aria-invalid', 'true');
    expect(input(FIELDS.confirm)).toHaveFocus();

    await fill(user, FIELDS.confirm, 'abc');
    await submit(user);
    await waitFor(() => expect(newestToast()).toBe('Password must be at least 6 characters long'));
    expect(input(FIELDS.password)).toHaveAttribute('aria-invalid', 'true');
    expect(input(FIELDS.confirm)).not.toHaveAttribute('aria-invalid');

    await fill(user, FIELDS.password, 'dal-bafla-42');
    await fill(user, FIELDS.confirm, 'dal-bafla-42');
    await submit(user);
    await waitFor(() => expect(newestToast()).toBe('Please fill in all required fields'));
    expect(screen.getByText('Email is required')).toBeVisible();
    expect(screen.getByText('Contact person is required')).toBeVisible();
    expect(screen.getByText('Business name is required')).toBeVisible();
    expect(screen.getByText('Phone number is required')).toBeVisible();
    expect(screen.getByText('Business address is required')).toBeVisible();
    expect(screen.getByText('Location is required')).toBeVisible();
    expect(screen.getByText('Please describe the services you offer')).toBeVisible();
    expect(input(FIELDS.email)).toHaveFocus();

    // One required field left empty is still the same message.
    await fillValidForm(user);
    await fill(user, FIELDS.location, '   ');
    await submit(user);
    await waitFor(() => expect(screen.getByText('Location is required')).toBeVisible());
    expect(newestToast()).toBe('Please fill in all required fields');
    expect(screen.queryByText('Email is required')).not.toBeInTheDocument();

    expect(register).not.toHaveBeenCalled();
    expect(recordedCalls('vendor.register')).toEqual([]);
  });

  it('checks an optional GST number as a GSTIN, with the shared messages', async () => {
    const register = vi.fn(() => ({
      message: VENDOR_REGISTERED_MESSAGE,
      supplier_id: 'b3f1c2de-0000-4000-8000-000000000001',
    }));
    server.use(trpcHandler('vendor.register', register));
    const { user } = await openForm();
    await fillValidForm(user);

    const cases: [string, string][] = [
      ['23AAPFU0939F1Z', GSTIN_MESSAGES.length],
      ['23AAPFU0939F1ZVX', GSTIN_MESSAGES.length],
      ['2AAAPFU0939F1ZV', GSTIN_MESSAGES.format],
      ['99AAPFU0939F1ZV', GSTIN_MESSAGES.state],
      [`23AAPFU0939F1Z${VALID_GSTIN.endsWith('A') ? 'B' : 'A'}`, GSTIN_MESSAGES.checksum],
    ];
    for (const [gstin, message] of cases) {
      await fill(user, FIELDS.gst, gstin);
      await submit(user);
      await waitFor(() => expect(newestToast()).toBe(message));
      expect(input(FIELDS.gst)).toHaveAttribute('aria-invalid', 'true');
    }
    expect(register).not.toHaveBeenCalled();

    // Typed the way people do: lower case with spaces.
    await fill(
      user,
      FIELDS.gst,
      `${VALID_GSTIN.slice(0, 2)} ${VALID_GSTIN.slice(2, 12).toLowerCase()} ${VALID_GSTIN.slice(12)}`,
    );
    await submit(user);
    await waitFor(() => expect(register).toHaveBeenCalledTimes(1));
    expect(recordedCalls('vendor.register')[0]?.input).toMatchObject({ gst_number: VALID_GSTIN });
  });

  it('refuses experience outside 0-50 and a portfolio link that is not a web address', async () => {
    const register = vi.fn();
    server.use(trpcHandler('vendor.register', register));
    const { user } = await openForm();
    await fillValidForm(user);

    await fill(user, FIELDS.experience, '51');
    await submit(user);
    await waitFor(() => expect(newestToast()).toBe('Experience must be a whole number of years from 0 to 50'));

    await fill(user, FIELDS.experience, '5');
    await fill(user, FIELDS.portfolio, 'javascript:alert(1)');
    await submit(user);
    await waitFor(() => expect(newestToast()).toBe('Enter a valid website link starting with http:// or https://'));

    await fill(user, FIELDS.portfolio, '');
    await fill(user, FIELDS.phone, '12345');
    await submit(user);
    await waitFor(() => expect(newestToast()).toBe('Enter a valid 10-digit Indian mobile number'));
    expect(register).not.toHaveBeenCalled();
  });

  it("registers: sends the payload without the confirmation, shows the server's message, clears the form and opens /login after 2 s", async () => {
    // When each 2-second timer was set, to prove the redirect waits for it on a machine of any speed.
    const realSetTimeout = window.setTimeout.bind(window);
    const twoSecondTimersSetAt: number[] = [];
    const setTimeoutSpy = vi.spyOn(window, 'setTimeout').mockImplementation(((
      handler: TimerHandler,
      delay?: number,
      ...args: unknown[]
    ) => {
      if (delay === 2_000) twoSecondTimersSetAt.push(Date.now());
      return realSetTimeout(handler, delay, ...args);
    }) as typeof window.setTimeout);
    const register = vi.fn(() => ({
      message: VENDOR_REGISTERED_MESSAGE,
      supplier_id: 'b3f1c2de-0000-4000-8000-000000000001',
    }));
    server.use(trpcHandler('vendor.register', register));
    const { user, currentPath } = await openForm();
    await fillValidForm(user);

    await submit(user);

    expect(await toasts().findByText(VENDOR_REGISTERED_MESSAGE)).toBeInTheDocument();
    expect(screen.getByText('Redirecting to sign in…')).toBeInTheDocument();
    expect(register).toHaveBeenCalledTimes(1);
    const sent = recordedCalls('vendor.register')[0]?.input as Record<string, unknown>;
    expect(sent).toEqual({
      email: 'orders@malwarasoi.in',
      password: 'dal-bafla-42',
      contact_person: 'Rajesh Agrawal',
      business_name: 'Malwa Rasoi Caterers',
      phone: '+919826012345',
      business_address: '14 Sapna Sangeeta Road\nIndore 452001',
      location: 'Indore',
      services_offered: 'Malwa thali, live chaat counters\nWedding buffets',
      experience_years: 12,
      gst_number: null,
      portfolio_link: 'https://www.malwarasoi.in',
      // The opt-in is shown beside the phone, unticked (docs/product.md#whatsapp).
      whatsapp_opt_in: false,
    });
    expect(sent).not.toHaveProperty('confirm_password');

    for (const label of Object.values(FIELDS)) {
      expect(input(label).value).toBe(label === FIELDS.experience ? '0' : '');
    }
    expect(screen.getByRole('button', { name: 'Submit Registration' })).toBeDisabled();

    // The redirect waits the spec's 2 seconds (section 9), then lands on the sign-in form.
    expect(setTimeoutSpy.mock.calls.some(([, delay]) => delay === 2_000)).toBe(true);
    await waitFor(() => expect(currentPath()).toBe('/login'));
    expect(Date.now() - twoSecondTimersSetAt[0]!).toBeGreaterThanOrEqual(2_000);
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
  });

  it("shows 'Vendor registration submitted successfully!' when the server sends no message", async () => {
    server.use(
      trpcHandler('vendor.register', () => ({ message: '', supplier_id: 'b3f1c2de-0000-4000-8000-000000000001' })),
    );
    const { user, currentPath } = await openForm();
    await fillValidForm(user);

    await submit(user);

    expect(await toasts().findByText('Vendor registration submitted successfully!')).toBeInTheDocument();
    await waitFor(() => expect(currentPath()).toBe('/login'));
  });

  it("shows the server's detail when registration fails and keeps what was typed", async () => {
    server.use(
      trpcHandler('vendor.register', () => {
        throw new TrpcTestError('CONFLICT', 'An account with this email already exists');
      }),
    );
    const { user, currentPath } = await openForm();
    await fillValidForm(user);

    await submit(user);

    expect(await toasts().findByText('An account with this email already exists')).toBeInTheDocument();
    expect(input(FIELDS.email).value).toBe('Orders@MalwaRasoi.in');
    expect(input(FIELDS.confirm).value).toBe('dal-bafla-42');
    expect(screen.queryByText('Redirecting to sign in…')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit Registration' })).toBeEnabled();
    expect(currentPath()).toBe('/vendor-register');
  });

  it('marks the password field when the server refuses a common one, and the meter does not repeat it', async () => {
    server.use(
      trpcHandler('vendor.register', () => {
        throw new TrpcTestError('BAD_REQUEST', COMMON_PASSWORD_MESSAGE, {
          issues: [{ loc: ['body', 'password'], msg: COMMON_PASSWORD_MESSAGE, type: 'value_error' }],
        });
      }),
    );
    const { user } = await openForm();
    await fillValidForm(user);
    await user.clear(input(FIELDS.password));
    await user.type(input(FIELDS.password), 'password');
    await fill(user, FIELDS.confirm, 'password');
    const form = within(screen.getByRole('form', { name: 'Partner application' }));
    expect(await form.findByText(COMMON_PASSWORD_MESSAGE)).toBeInTheDocument();

    await submit(user);

    // Like the form's own checks: the toast, and the field marked with the message once under it.
    expect(await toasts().findByText(COMMON_PASSWORD_MESSAGE)).toBeInTheDocument();
    expect(input(FIELDS.password)).toHaveAttribute('aria-invalid', 'true');
    expect(input(FIELDS.password)).toHaveAccessibleDescription(COMMON_PASSWORD_MESSAGE);
    expect(input(FIELDS.password)).toHaveFocus();
    expect(await form.findByText(/^Strength: /)).toBeInTheDocument();
    expect(form.getAllByText(COMMON_PASSWORD_MESSAGE)).toHaveLength(1);
  });

  it("falls back to 'Registration failed. Please try again.' when the answer has no detail", async () => {
    server.use(
      trpcHandler(
        'vendor.register',
        () =>
          new HttpResponse('<html><body>502 Bad Gateway</body></html>', {
            status: 502,
            headers: { 'content-type': 'text/html' },
          }),
      ),
    );
    const { user } = await openForm();
    await fillValidForm(user);

    await submit(user);

    expect(await toasts().findByText('Registration failed. Please try again.')).toBeInTheDocument();
    expect(screen.queryByText(/Unexpected token|JSON/)).not.toBeInTheDocument();
  });
});
