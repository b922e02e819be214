import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, emailOutbox, suppliers, users, whatsappConsents } from '../../src/server/db/schema';
import { addDays, todayInIndia } from '../../src/shared/dates';
import { vendorPayload } from './helpers/admin-fixtures';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * People's text at the REST doors (docs/security.md, "Hostile input"): bidirectional controls are refused at the
 * field, and an Indian mobile written with the international prefix 0091 is stored as +91 like the others.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const inquiry = (overrides: Record<string, unknown> = {}) => ({
  client_name: 'Farhan Qureshi',
  client_email: `inquiry.${Math.random().toString(36).slice(2, 10)}@example.in`,
  client_phone: '98270 55555',
  event_type: 'corporate',
  event_name: 'Corporate Lunch',
  event_date: addDays(todayInIndia(), 45),
  requirements: { guest_count: 80 },
  ...overrides,
});
const postInquiry = (body: object) => t.app.inject({ method: 'POST', url: '/api/bookings', payload: body });
const registerVendor = (body: object) => t.app.inject({ method: 'POST', url: '/api/vendor/register', payload: body });

const rows = async () => ({
  bookings: (await t.deps.db.select({ n: count() }).from(bookings))[0]!.n,
  mails: (await t.deps.db.select({ n: count() }).from(emailOutbox))[0]!.n,
  users: (await t.deps.db.select({ n: count() }).from(users))[0]!.n,
  suppliers: (await t.deps.db.select({ n: count() }).from(suppliers))[0]!.n,
  consents: (await t.deps.db.select({ n: count() }).from(whatsappConsents))[0]!.n,
});

describe('bidirectional controls in names', () => {
  it('an inquiry whose name holds U+202E is a 422 naming the field, and nothing is written', async () => {
    const before = await rows();
    const res = await postInquiry(inquiry({ client_name: 'Farhan \u202eihsoruQ', whatsapp_opt_in: true }));
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toEqual([
      {
        loc: ['body', 'client_name'],
        msg: 'Full name contains hidden text-direction characters; please type it in again',
        type: 'custom',
      },
    ]);
    expect(await rows()).toEqual(before);
  });

  it('so is an event name with an isolate and special requests with an override', async () => {
    const before = await rows();
    const res = await postInquiry(
      inquiry({
        event_name: 'Lunch \u2067for the board\u2069',
        requirements: { guest_count: 80, special_requests: 'Allergy: \u202estunaep' },
      }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().detail.map((issue: { loc: unknown }) => issue.loc)).toEqual([
      ['body', 'event_name'],
      ['body', 'requirements', 'special_requests'],
    ]);
    expect(await rows()).toEqual(before);
  });

  it('a vendor registration with U+202E in the business name is a 422 and creates no account', async () => {
    const before = await rows();
    const res = await registerVendor(vendorPayload({ business_name: 'Swaad \u202eragaS' }));
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toEqual([
      expect.objectContaining({
        loc: ['body', 'business_name'],
        msg: 'Business name contains hidden text-direction characters; please type it in again',
      }),
    ]);
    expect(await rows()).toEqual(before);
  });

  it('names in Devanagari, with the joiners, apostrophes and accents are stored as typed', async () => {
    const name = "श्री क्‍षमा D'Souza-Müller 👩🏽‍🍳";
    const res = await postInquiry(inquiry({ client_name: name }));
    expect(res.statusCode).toBe(201);
    const [row] = await t.deps.db.select().from(bookings).where(eq(bookings.id, res.json().id));
    expect(row!.clientName).toBe(name);
  });
});

describe('phones written with 0091', () => {
  it('an inquiry with 0091 98765 43210 is stored, and opted in to WhatsApp, as +919876543210', async () => {
    const res = await postInquiry(inquiry({ client_phone: '0091 98765 43210', whatsapp_opt_in: true }));
    expect(res.statusCode).toBe(201);
    const [row] = await t.deps.db.select().from(bookings).where(eq(bookings.id, res.json().id));
    expect(row!.clientPhone).toBe('+919876543210');
    const consents = await t.deps.db.select().from(whatsappConsents).where(eq(whatsappConsents.phone, '+919876543210'));
    expect(consents).toHaveLength(1);
  });

  it('a vendor registering with 0091 is stored as +91; another country written with 00 is refused', async () => {
    const payload = vendorPayload({ phone: '0091-98260-11224' });
    const res = await registerVendor(payload);
    expect(res.statusCode).toBe(201);
    const [supplier] = await t.deps.db.select().from(suppliers).where(eq(suppliers.id, res.json().supplier_id));
    expect(supplier!.phone).toBe('+919826011224');

    const foreign = await registerVendor(vendorPayload({ phone: '0044 7911 123456' }));
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().detail).toEqual([expect.objectContaining({ loc: ['body', 'phone'] })]);
  });
});
