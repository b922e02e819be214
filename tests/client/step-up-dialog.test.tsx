import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { StepUpDialog } from '../../src/client/components/step-up-dialog';
import { serverDetail } from '../../src/client/lib/errors';
import { forgetStepUp } from '../../src/client/lib/step-up';
import { trpc } from '../../src/client/lib/trpc';
import { userFor } from './fixtures';
import { recordedCalls, server, TrpcTestError, trpcHandler } from './msw';
import { renderWithProviders } from './render';

/*
 * Step-up (docs/decisions.md, "Admin second factor and step-up"): a high-value admin action refused with
 * `step_up_required` opens "Confirm it is you"; once the admin re-authenticates, the same call is sent again with
 * the proof in `X-Step-Up` and succeeds; Cancel leaves the refusal as it came.
 */

const CUSTOMER_ID = '0b7c6f3e-2b1a-4c5d-9e8f-1a2b3c4d5e6f';
const STEP_UP_DETAIL =
  'Please confirm it is you: enter your password or a code from your authenticator app, then try again.';

function EraseButton() {
  const erase = trpc.admin.customers.erase.useMutation();
  const [outcome, setOutcome] = useState('');
  return (
    <>
      <button
        type="button"
        onClick={() =>
          erase.mutate(
            { id: CUSTOMER_ID },
            {
              onSuccess: () => setOutcome('Erased'),
              onError: (error) => setOutcome(serverDetail(error) ?? 'failed'),
            },
          )
        }
      >
        Erase personal data
      </button>
      <p data-testid="outcome">{outcome}</p>
    </>
  );
}

function serve() {
  const stepUpHeaders: (string | null)[] = [];
  server.use(
    trpcHandler('auth.me', () => userFor('admin')),
    trpcHandler('admin.customers.erase', ({ request }) => {
      const proof = request.headers.get('x-step-up');
      stepUpHeaders.push(proof);
      if (proof !== 'proof-1') throw new TrpcTestError('FORBIDDEN', STEP_UP_DETAIL, { reason: 'step_up_required' });
      return { message: 'Personal data erased' };
    }),
    trpcHandler('auth.reauthenticate', ({ input }) => {
      const { password, code } = input as { password?: string; code?: string };
      if (password === 'rasmalai-at-dawn' || code === '123456') return { step_up_token: 'proof-1', expires_in: 300 };
      const field = password !== undefined ? 'password' : 'code';
      const msg = field === 'password' ? 'Your password is not correct' : 'That code is not right.';
      return HttpResponse.json(
        {
          error: {
            message: msg,
            code: -32600,
            data: {
              code: 'BAD_REQUEST',
              httpStatus: 400,
              path: 'auth.reauthenticate',
              issues: [{ loc: ['body', field], msg, type: 'value_error' }],
            },
          },
        },
        { status: 400 },
      );
    }),
  );
  return stepUpHeaders;
}

const ui = (
  <>
    <StepUpDialog />
    <EraseButton />
  </>
);

describe('Confirm it is you (step-up)', () => {
  // The proof lives in the module for its 5 minutes; each test starts as a fresh page would.
  beforeEach(() => forgetStepUp());

  it('asks for the password, shows a wrong one at the field, then sends the refused call again and it succeeds', async () => {
    const headers = serve();
    const { user } = renderWithProviders(ui, { token: 'token-for-admin' });
    await user.click(screen.getByRole('button', { name: 'Erase personal data' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(within(dialog).getByText('Password is required')).toBeInTheDocument();
    expect(recordedCalls('auth.reauthenticate')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/^Password/), 'not-it');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('Your password is not correct')).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText(/^Password/));
    await user.type(within(dialog).getByLabelText(/^Password/), 'rasmalai-at-dawn');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.getByTestId('outcome')).toHaveTextContent('Erased'));
    // The dialog closes with its exit animation: gone once it has played.
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirm it is you' })).toBeNull());
    expect(headers).toEqual([null, 'proof-1']);

    // Within its 5 minutes the proof goes along at once: no second question.
    await user.click(screen.getByRole('button', { name: 'Erase personal data' }));
    await waitFor(() => expect(headers).toEqual([null, 'proof-1', 'proof-1']));
    expect(recordedCalls('auth.reauthenticate').filter((call) => call.path === 'auth.reauthenticate')).toHaveLength(2);
  });

  it('takes a code from the authenticator app instead', async () => {
    serve();
    const { user } = renderWithProviders(ui, { token: 'token-for-admin-2' });
    await user.click(screen.getByRole('button', { name: 'Erase personal data' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    await user.click(within(dialog).getByRole('button', { name: 'Use a code from your authenticator app' }));
    await user.type(within(dialog).getByLabelText(/^Code from the app/), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.getByTestId('outcome')).toHaveTextContent('Erased'));
    expect(recordedCalls('auth.reauthenticate').at(-1)!.input).toEqual({ code: '123456' });
  });

  it('Cancel sends nothing more and leaves the refusal to the page', async () => {
    const headers = serve();
    const { user } = renderWithProviders(ui, { token: 'token-for-admin-3' });
    await user.click(screen.getByRole('button', { name: 'Erase personal data' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByTestId('outcome')).toHaveTextContent(STEP_UP_DETAIL));
    expect(headers).toEqual([null]);
    expect(recordedCalls('auth.reauthenticate')).toHaveLength(0);
  });
});
