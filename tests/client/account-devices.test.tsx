import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SessionDto } from '../../src/shared/schemas/sessions';
import { userFor } from './fixtures';
import { recordedCalls, server, trpcHandler } from './msw';
import { renderApp } from './render';

const device = (id: string, overrides: Partial<SessionDto> = {}): SessionDto => ({
  id,
  device: 'Chrome on Windows',
  ip_prefix: '203.0.113.0/24',
  created_at: '2026-11-20T04:30:00.000Z',
  last_used_at: '2026-11-25T10:00:00.000Z',
  expires_at: '2026-11-25T16:30:00.000Z',
  current: false,
  ...overrides,
});

const THIS = '11111111-1111-4111-8111-111111111111';
const PHONE = '22222222-2222-4222-8222-222222222222';
const TABLET = '33333333-3333-4333-8333-333333333333';

function signedInWithDevices(role: 'customer' | 'admin' | 'supplier' = 'customer') {
  let sessions = [
    device(THIS, { current: true }),
    device(PHONE, { device: 'Safari on iOS', ip_prefix: '2001:db8:85a3::/48' }),
    device(TABLET, { device: null, ip_prefix: null }),
  ];
  server.use(
    trpcHandler('auth.me', () => userFor(role)),
    trpcHandler('auth.secondFactorStatus', () => ({ enabled: false, recovery_codes_left: 0, available: false })),
    trpcHandler('sessions.list', () => sessions),
    trpcHandler('sessions.end', ({ input }) => {
      sessions = sessions.filter((s) => s.id !== (input as { id: string }).id);
      return { ok: true };
    }),
    trpcHandler('sessions.endOthers', () => {
      const ended = sessions.filter((s) => !s.current).length;
      sessions = sessions.filter((s) => s.current);
      return { ended };
    }),
  );
}

describe('/account: signed-in devices', () => {
  it('lists each device with this one marked, and signs another one out', async () => {
    signedInWithDevices();
    const { user } = renderApp({ path: '/account', token: 'token-for-customer' });
    const section = await screen.findByRole('region', { name: 'Signed-in devices' });
    const list = await within(section).findByRole('list', { name: 'Signed-in devices' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    const mine = within(list).getByRole('listitem', { name: 'Chrome on Windows' });
    expect(within(mine).getByText('This device')).toBeInTheDocument();
    // This device cannot be signed out from here (Logout does that); the others can.
    expect(within(mine).queryByRole('button')).toBeNull();
    const phone = within(list).getByRole('listitem', { name: 'Safari on iOS' });
    expect(within(phone).getByText(/from network 2001:db8:85a3::\/48/)).toBeInTheDocument();
    expect(within(phone).getByText('Last active 25 Nov 2026, 3:30 pm IST')).toBeInTheDocument();
    expect(within(list).getByRole('listitem', { name: 'Unknown device' })).toBeInTheDocument();

    await user.click(within(phone).getByRole('button', { name: 'Sign out Safari on iOS' }));
    expect(await screen.findByText('The device has been signed out.')).toBeInTheDocument();
    expect(recordedCalls('sessions.end')[0]!.input).toEqual({ id: PHONE });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(within(list).queryByRole('listitem', { name: 'Safari on iOS' })).toBeNull();
  });

  it('signs out everywhere else, and the button goes once this is the only device', async () => {
    signedInWithDevices('admin');
    const { user } = renderApp({ path: '/account', token: 'token-for-admin' });
    const section = await screen.findByRole('region', { name: 'Signed-in devices' });
    await user.click(await within(section).findByRole('button', { name: 'Sign out everywhere else' }));
    expect(await screen.findByText('2 other devices have been signed out.')).toBeInTheDocument();
    expect(recordedCalls('sessions.endOthers')).toHaveLength(1);
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(1));
    expect(within(section).queryByRole('button', { name: 'Sign out everywhere else' })).toBeNull();
  });

  it('is on the supplier account page too', async () => {
    signedInWithDevices('supplier');
    renderApp({ path: '/account', token: 'token-for-supplier' });
    const section = await screen.findByRole('region', { name: 'Signed-in devices' });
    expect(await within(section).findByText('This device')).toBeInTheDocument();
  });
});
