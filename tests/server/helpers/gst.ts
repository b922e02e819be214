import { expect } from 'vitest';
import { gstinCheckChar } from '../../../src/shared/gstin';
import type { TestApp } from './test-app';

/** A valid GSTIN of the business, registered in Madhya Pradesh (state 23). */
export const HOME_GSTIN = '23AAACA1234A1Z' + gstinCheckChar('23AAACA1234A1Z');

/**
 * Registers the business for GST through the admin's settings door (its GSTIN, in Madhya Pradesh), keeping the
 * rest of the settings as they are: from then on payments, invoices and notes issue GST documents.
 */
export async function registerForGst(
  t: TestApp,
  auth: { authorization: string },
  business: Record<string, unknown> = {},
): Promise<void> {
  const current = (await t.app.inject({ method: 'GET', url: '/api/admin/settings/gst', headers: auth })).json() as {
    business: object;
    rates: object[];
  };
  const saved = await t.app.inject({
    method: 'PUT',
    url: '/api/admin/settings/gst',
    headers: auth,
    payload: {
      business: { ...current.business, gstin: HOME_GSTIN, state_code: '23', ...business },
      rates: current.rates,
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
}
