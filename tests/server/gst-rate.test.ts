import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, settings } from '../../src/server/db/schema';
import { GST_RATE_SETTING } from '../../src/server/modules/gst/gst-settings.service';
import { addDays, todayInIndia } from '../../src/shared/dates';
import { bearer, tokenFor } from './helpers/admin-fixtures';
import { makeBooking } from './helpers/projects';
import { makeUser } from './helpers/fixtures';
import { pdfText } from './helpers/pdf-text';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp();
  adminToken = await tokenFor(t.deps, (await makeUser(t.deps, { role: 'admin' })).id);
});
afterAll(async () => {
  await t?.close();
});

async function setGstRate(value: unknown) {
  await t.deps.db
    .insert(settings)
    .values({ key: GST_RATE_SETTING, value })
    .onConflictDoUpdate({ target: settings.key, set: { value } });
}

const instantQuote = (name: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/quotation/instant',
    payload: {
      event_type: 'corporate',
      event_date: addDays(todayInIndia(), 40),
      guest_count: 100,
      venue_type: 'indoor',
      tier: 'basic',
      location: 'Indore',
      client_email: 'gst.rate@example.in',
      client_name: 'Kavita Rao',
      event_name: name,
    },
  });

describe('GST rate from settings', () => {
  it('prices instant and custom quotes at the settings rate, and each PDF shows the rate its booking was priced at', async () => {
    await setGstRate(5);
    const res = await instantQuote('Rao offsite');
    expect(res.statusCode).toBe(200);
    // 650 × 100 = 65,000 taxable; 5% = 3,250.
    expect(res.json()).toMatchObject({ subtotal: 65_000, gst_percent: 5, gst_amount: 3250, final_amount: 68_250 });
    expect(res.json().breakdown).toContainEqual({ key: 'gst', label: 'GST (5%)', amount: 3250 });
    const [instant] = await t.deps.db.select().from(bookings).where(eq(bookings.id, res.json().quote_id));
    expect(instant!.gstPercent).toBe(5);

    const inquiry = await makeBooking(t.deps, { status: 'inquiry', finalAmountPaise: null, pricingTier: null });
    const custom = await t.app.inject({
      method: 'PUT',
      url: `/api/bookings/${inquiry.id}/quote`,
      headers: bearer(adminToken),
      payload: { items: [{ kind: 'fixed', description: 'Hi-tea', unit_price: 10_000, quantity: 1 }] },
    });
    expect(custom.json().booking).toMatchObject({
      final_amount: 10_500,
      gst_percent: 5,
      quotation: { gst_percent: 5, gst_amount: 500 },
    });

    // The rate changes afterwards: the existing quote keeps its own.
    await setGstRate(12);
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/bookings/${instant!.id}/quote.pdf`,
      headers: bearer(adminToken),
    });
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Prices include 5% GST.');
    expect(text).toContain('CGST (2.5%)');
    expect(text).toContain('SGST (2.5%)');
    expect(text).toContain('GST charged as CGST 2.5% + SGST 2.5%');
    expect(text).not.toContain('18%');
    expect((await instantQuote('Rao offsite two')).json()).toMatchObject({ gst_percent: 12, gst_amount: 7800 });
  });

  it('ignores a stored rate that is not a percentage and prices at the default 18%', async () => {
    for (const bad of ['eighteen', -1, 101, { rate: 5 }]) {
      await setGstRate(bad);
      const res = await instantQuote(`Rao review ${String(bad)}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ gst_percent: 18, gst_amount: 11_700 });
    }
  });

  it('prices quotes at the rate GST documents are issued at: the rate table, once the admin saves one', async () => {
    await setGstRate(12);
    const auth = bearer(adminToken);
    const current = (await t.app.inject({ method: 'GET', url: '/api/admin/settings/gst', headers: auth })).json() as {
      business: { package_sac: string };
      rates: { sac: string; rate_percent: number }[];
    };
    // Without a saved table, the documents' default rows take the setting's rate too.
    expect(current.rates.find((rate) => rate.sac === current.business.package_sac)!.rate_percent).toBe(12);
    // Outdoor catering at 5% without ITC from today (docs/gst.md#settings): a row the admin adds.
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings/gst',
      headers: auth,
      payload: {
        business: current.business,
        rates: [
          ...current.rates.map((rate) => ({ ...rate, rate_percent: 18 })),
          {
            sac: current.business.package_sac,
            description: 'Outdoor catering services',
            service_kind: 'catering',
            rate_percent: 5,
            itc: false,
            effective_from: todayInIndia(),
          },
        ],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // The saved table wins over the old setting; 650 × 100 = 65,000 taxable, 5% = 3,250.
    const res = await instantQuote('Rao table rate');
    expect(res.json()).toMatchObject({ gst_percent: 5, gst_amount: 3250, final_amount: 68_250 });
    await t.deps.db.delete(settings).where(eq(settings.key, 'gst_rates'));
  });
});
