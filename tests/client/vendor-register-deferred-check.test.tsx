import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { VENDOR_REGISTERED_MESSAGE } from '../../src/shared/schemas/vendor';
import { recordedCalls, server, trpcHandler } from './msw';
import { renderApp } from './render';

/*
 * The partner form fetches its schema check (zod) after its first render. Here it arrives only when the test says
 * so, as on a connection slower than the vendor.
 */
const gate = vi.hoisted(() => {
  let release = () => {};
  const arrived = new Promise<void>((resolve) => (release = resolve));
  return { arrived, release: () => release() };
});
vi.mock('../../src/client/pages/vendor-register/vendor-check', async (importOriginal) => {
  await gate.arrived;
  return importOriginal();
});

const newestToast = () => document.querySelector('[data-toast-id][data-visible="true"]')?.textContent ?? null;

describe('/vendor-register before the schema check has arrived', () => {
  it("answers the spec's checks at once, and waits for the schema with the button busy before sending", async () => {
    const register = vi.fn(() => ({
      message: VENDOR_REGISTERED_MESSAGE,
      supplier_id: 'b3f1c2de-0000-4000-8000-000000000001',
    }));
    server.use(trpcHandler('vendor.register', register));
    const { user } = renderApp({ path: '/vendor-register' });
    await screen.findByRole('heading', { name: 'Partner application' });
    const fill = async (label: RegExp, value: string) => {
      await user.clear(screen.getByLabelText(label));
      await user.paste(value);
    };
    const submitButton = () => screen.getByRole('button', { name: /Submit Registration|Submitting/ });

    await fill(/^Password/, 'dal-bafla-42');
    await fill(/^Confirm Password/, 'dal-bafla-4');
    await user.click(submitButton());
    await waitFor(() => expect(newestToast()).toBe('Passwords do not match!'));

    await fill(/^Confirm Password/, 'dal-bafla-42');
    await fill(/^Email/, 'orders@malwarasoi.in');
    await fill(/^Contact Person/, 'Rajesh Agrawal');
    await fill(/^Business Name/, 'Malwa Rasoi Caterers');
    await fill(/^Phone/, '98260 12345');
    await fill(/^Business Address/, '14 Sapna Sangeeta Road, Indore 452001');
    await fill(/^Location/, 'Indore');
    await fill(/^Services Offered/, 'Malwa thali, live chaat counters');
    await user.click(submitButton());
    await waitFor(() => expect(submitButton()).toBeDisabled());
    expect(submitButton()).toHaveAccessibleName(/Submitting/);
    expect(recordedCalls('vendor.register')).toHaveLength(0);

    gate.release();
    await waitFor(() => expect(register).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(newestToast()).toBe(VENDOR_REGISTERED_MESSAGE));
    expect(recordedCalls('vendor.register')[0]?.input).toMatchObject({
      email: 'orders@malwarasoi.in',
      location: 'Indore',
    });
  });
});
