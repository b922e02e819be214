import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { userFor } from './fixtures';
import { recordedCalls, server, trpcHandler } from './msw';
import { renderApp } from './render';

/** The server's 400 for a wrong password or code: the message and the field it belongs to. */
function fieldRefusal(path: string, field: string, msg: string) {
  return HttpResponse.json(
    {
      error: {
        message: msg,
        code: -32600,
        data: {
          code: 'BAD_REQUEST',
          httpStatus: 400,
          path,
          issues: [{ loc: ['body', field], msg, type: 'value_error' }],
        },
      },
    },
    { status: 400 },
  );
}

function signedInAdminWithSecondFactor() {
  let enabled = true;
  server.use(
    trpcHandler('auth.me', () => userFor('admin')),
    trpcHandler('auth.secondFactorStatus', () => ({
      enabled,
      recovery_codes_left: enabled ? 8 : 0,
      available: true,
      required: false,
    })),
  );
  return { turnOff: () => (enabled = false) };
}

describe('/account: turning the admin second factor off', () => {
  it('asks for the password and a code before sending, then turns it off', async () => {
    const state = signedInAdminWithSecondFactor();
    server.use(
      trpcHandler('auth.disableSecondFactor', () => {
        state.turnOff();
        return { message: 'Two-step sign-in is off.' };
      }),
    );
    const { user } = renderApp({ path: '/account', token: 'token-for-admin' });
    const section = await screen.findByRole('region', { name: 'Two-step sign-in' });
    expect(await within(section).findByText(/8 recovery codes left/)).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Turn off two-step sign-in' }));
    const form = within(section).getByRole('form', { name: 'Turn off two-step sign-in' });
    await user.click(within(form).getByRole('button', { name: 'Turn off two-step sign-in' }));
    expect(within(form).getByText('Password is required')).toBeInTheDocument();
    expect(within(form).getByText('Code is required')).toBeInTheDocument();
    expect(within(form).getByLabelText(/^Password/)).toHaveFocus();
    expect(recordedCalls('auth.disableSecondFactor')).toHaveLength(0);

    await user.type(within(form).getByLabelText(/^Password/), 'rasmalai-at-dawn');
    await user.type(within(form).getByLabelText(/^Code from the app/), '123 456');
    await user.click(within(form).getByRole('button', { name: 'Turn off two-step sign-in' }));
    expect(await screen.findByText('Two-step sign-in is off.')).toBeInTheDocument();
    expect(recordedCalls('auth.disableSecondFactor')[0]!.input).toEqual({
      password: 'rasmalai-at-dawn',
      code: '123 456',
    });
    expect(await within(section).findByRole('button', { name: 'Set up two-step sign-in' })).toBeInTheDocument();
  });

  it("shows the server's refusal of a wrong password or code at that field and stays on", async () => {
    signedInAdminWithSecondFactor();
    let answer = fieldRefusal('auth.disableSecondFactor', 'password', 'Your password is not correct');
    server.use(trpcHandler('auth.disableSecondFactor', () => answer));
    const { user } = renderApp({ path: '/account', token: 'token-for-admin' });
    const section = await screen.findByRole('region', { name: 'Two-step sign-in' });
    await user.click(await within(section).findByRole('button', { name: 'Turn off two-step sign-in' }));
    const form = within(section).getByRole('form', { name: 'Turn off two-step sign-in' });
    await user.type(within(form).getByLabelText(/^Password/), 'not-my-password');
    await user.type(within(form).getByLabelText(/^Code from the app/), '123456');
    await user.click(within(form).getByRole('button', { name: 'Turn off two-step sign-in' }));
    expect(await within(form).findByText('Your password is not correct')).toBeInTheDocument();

    answer = fieldRefusal(
      'auth.disableSecondFactor',
      'code',
      'That code is not right. Enter the current code from your authenticator app.',
    );
    await user.clear(within(form).getByLabelText(/^Password/));
    await user.type(within(form).getByLabelText(/^Password/), 'rasmalai-at-dawn');
    await user.click(within(form).getByRole('button', { name: 'Turn off two-step sign-in' }));
    expect(await within(form).findByText(/That code is not right/)).toBeInTheDocument();
    expect(within(form).queryByText('Your password is not correct')).not.toBeInTheDocument();
    await waitFor(() => expect(recordedCalls('auth.disableSecondFactor')).toHaveLength(2));
    expect(within(section).getByText(/8 recovery codes left/)).toBeInTheDocument();
  });

  it('Keep it on closes the form without sending anything', async () => {
    signedInAdminWithSecondFactor();
    const { user } = renderApp({ path: '/account', token: 'token-for-admin' });
    const section = await screen.findByRole('region', { name: 'Two-step sign-in' });
    await user.click(await within(section).findByRole('button', { name: 'Turn off two-step sign-in' }));
    await user.type(within(section).getByLabelText(/^Password/), 'rasmalai-at-dawn');
    await user.click(within(section).getByRole('button', { name: 'Keep it on' }));
    expect(within(section).queryByRole('form', { name: 'Turn off two-step sign-in' })).not.toBeInTheDocument();
    expect(recordedCalls('auth.disableSecondFactor')).toHaveLength(0);
  });
});

/** A 403 of an admin door for an admin who must set up two-step sign-in first. */
function enrolmentRefusal(path: string) {
  return HttpResponse.json(
    {
      error: {
        message: 'Set up two-step sign-in first: an admin account needs it before the admin pages open.',
        code: -32003,
        data: { code: 'FORBIDDEN', httpStatus: 403, path, reason: 'second_factor_required' },
      },
    },
    { status: 403 },
  );
}

describe('/account: turning the admin second factor on', () => {
  it('asks for the code and the password, shows a wrong password at its field, then the recovery codes', async () => {
    let enabled = false;
    let attempts = 0;
    server.use(
      trpcHandler('auth.me', () => userFor('admin')),
      trpcHandler('auth.secondFactorStatus', () => ({
        enabled,
        recovery_codes_left: enabled ? 10 : 0,
        available: true,
        required: false,
      })),
      trpcHandler('auth.startSecondFactor', () => ({
        secret: 'JBSWY3DPEHPK3PXP',
        otpauth_url: 'otpauth://totp/Annapurna:admin%40example.in?secret=JBSWY3DPEHPK3PXP&issuer=Annapurna',
      })),
      trpcHandler('auth.confirmSecondFactor', () => {
        attempts += 1;
        if (attempts === 1) {
          return fieldRefusal('auth.confirmSecondFactor', 'password', 'Your password is not correct');
        }
        enabled = true;
        return { recovery_codes: ['aaaa-bbbb', 'cccc-dddd'] };
      }),
    );
    const { user } = renderApp({ path: '/account', token: 'token-for-admin' });
    const section = await screen.findByRole('region', { name: 'Two-step sign-in' });
    await user.click(await within(section).findByRole('button', { name: 'Set up two-step sign-in' }));
    const form = await within(section).findByRole('form', { name: 'Confirm two-step sign-in' });
    await user.click(within(form).getByRole('button', { name: 'Turn on two-step sign-in' }));
    expect(within(form).getByText('Code is required')).toBeInTheDocument();
    expect(within(form).getByText('Password is required')).toBeInTheDocument();
    expect(recordedCalls('auth.confirmSecondFactor')).toHaveLength(0);

    await user.type(within(form).getByLabelText(/^Code from the app/), '123456');
    await user.type(within(form).getByLabelText(/^Your password/), 'not-my-password');
    await user.click(within(form).getByRole('button', { name: 'Turn on two-step sign-in' }));
    expect(await within(form).findByText('Your password is not correct')).toBeInTheDocument();

    await user.clear(within(form).getByLabelText(/^Your password/));
    await user.type(within(form).getByLabelText(/^Your password/), 'rasmalai-at-dawn');
    await user.click(within(form).getByRole('button', { name: 'Turn on two-step sign-in' }));
    expect(await within(section).findByTestId('recovery-codes')).toHaveTextContent('aaaa-bbbb');
    expect(recordedCalls('auth.confirmSecondFactor').map((call) => call.input)).toEqual([
      { password: 'not-my-password', code: '123456' },
      { password: 'rasmalai-at-dawn', code: '123456' },
    ]);
  });
});

describe('an admin who must set up two-step sign-in (ADMIN_SECOND_FACTOR_REQUIRED)', () => {
  it('is sent from the admin dashboard to enrolment, which says why and offers set-up only', async () => {
    server.use(
      trpcHandler('auth.me', () => userFor('admin')),
      trpcHandler('auth.secondFactorStatus', () => ({
        enabled: false,
        recovery_codes_left: 0,
        available: true,
        required: true,
      })),
      trpcHandler('admin.stats', () => enrolmentRefusal('admin.stats')),
      trpcHandler('admin.bookings', () => enrolmentRefusal('admin.bookings')),
    );
    const { currentPath, history } = renderApp({ path: '/admin', token: 'token-for-admin' });
    const section = await screen.findByRole('region', { name: 'Two-step sign-in' });
    expect(currentPath()).toBe('/account');
    expect(history).toEqual(['/account']);
    expect(within(section).getByTestId('second-factor-required')).toHaveTextContent(
      'An admin account needs two-step sign-in.',
    );
    expect(within(section).getByRole('button', { name: 'Set up two-step sign-in' })).toBeInTheDocument();
  });

  it('once on, offers no way to turn it off (the server refuses it too)', async () => {
    server.use(
      trpcHandler('auth.me', () => userFor('admin')),
      trpcHandler('auth.secondFactorStatus', () => ({
        enabled: true,
        recovery_codes_left: 10,
        available: true,
        required: true,
      })),
    );
    renderApp({ path: '/account', token: 'token-for-admin' });
    const section = await screen.findByRole('region', { name: 'Two-step sign-in' });
    expect(await within(section).findByText(/Admin accounts keep it on/)).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Turn off two-step sign-in' })).toBeNull();
  });
});
