import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  bookingLedger,
  bookings,
  dishes,
  paymentOrders,
  projects,
  settings,
} from '../../src/server/db/schema';
import { demoDishRows } from '../../src/server/db/seed-menu';
import { MENU_RULES_KEY } from '../../src/server/modules/menus/menu-rules.service';
import { addDays, formatLongDate, todayInIndia } from '../../src/shared/dates';
import { DEFAULT_MENU_RULES } from '../../src/shared/menu';
import { paiseToRupees, pricePackage } from '../../src/shared/pricing';
import { bearer, tokenFor } from './helpers/admin-fixtures';
import { makePricedBooking } from './helpers/projects';
import { makeUser, type MadeUser, outboxMails } from './helpers/fixtures';
import { pdfText } from './helpers/pdf-text';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let admin: MadeUser;
let customer: MadeUser;
let supplier: MadeUser;
let otherSupplier: MadeUser;
const token: Record<'admin' | 'customer' | 'supplier' | 'other', string> = {
  admin: '',
  customer: '',
  supplier: '',
  other: '',
};
const dish: Record<string, string> = {};

type DishSpec = {
  name: string;
  course: string;
  diet: string;
  allergens?: string[];
  add_on_price?: number | null;
  yield_per_100?: number;
  yield_unit?: string;
  staff_per_counter?: number;
};

function dishPayload(spec: DishSpec) {
  return {
    region: 'malwa',
    description: `${spec.name} as we make it`,
    allergens: [],
    yield_per_100: 10,
    yield_unit: 'kg',
    ...spec,
  };
}

const CATALOGUE: (DishSpec & { key: string })[] = [
  {
    key: 'jainStarter',
    name: 'Jain Paneer Tikka',
    course: 'starters',
    diet: 'jain',
    allergens: ['dairy', 'sesame'],
    yield_per_100: 6,
  },
  {
    key: 'vegStarter',
    name: 'Hara Bhara Kebab',
    course: 'starters',
    diet: 'veg',
    yield_per_100: 250,
    yield_unit: 'pieces',
  },
  {
    key: 'vegStarter2',
    name: 'Dahi Ke Kebab',
    course: 'starters',
    diet: 'veg',
    yield_per_100: 220,
    yield_unit: 'pieces',
  },
  { key: 'nvStarter', name: 'Chicken Tikka', course: 'starters', diet: 'non_veg', yield_per_100: 7 },
  { key: 'jainMain', name: 'Jain Dal Tadka', course: 'mains', diet: 'jain', yield_per_100: 10 },
  { key: 'vegMain', name: 'Dal Makhani', course: 'mains', diet: 'veg', allergens: ['dairy'], yield_per_100: 10 },
  {
    key: 'jainDessert',
    name: 'Shrikhand',
    course: 'desserts',
    diet: 'jain',
    allergens: ['dairy', 'nuts'],
    yield_per_100: 6,
  },
  {
    key: 'counter',
    name: 'Live Jalebi Counter',
    course: 'live_counters',
    diet: 'jain',
    add_on_price: 110.5,
    yield_per_100: 6,
    staff_per_counter: 2,
  },
  {
    key: 'kulfi',
    name: 'Kesar Kulfi',
    course: 'desserts',
    diet: 'jain',
    add_on_price: 70,
    yield_per_100: 110,
    yield_unit: 'pieces',
  },
];

beforeAll(async () => {
  t = await createTestApp();
  admin = await makeUser(t.deps, { role: 'admin' });
  customer = await makeUser(t.deps, { role: 'customer' });
  supplier = await makeUser(t.deps, { role: 'supplier' });
  otherSupplier = await makeUser(t.deps, { role: 'supplier' });
  token.admin = await tokenFor(t.deps, admin.id);
  token.customer = await tokenFor(t.deps, customer.id);
  token.supplier = await tokenFor(t.deps, supplier.id);
  token.other = await tokenFor(t.deps, otherSupplier.id);
  for (const spec of CATALOGUE) {
    const { key, ...fields } = spec;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/dishes',
      headers: bearer(token.admin),
      payload: dishPayload(fields),
    });
    expect(response.statusCode, response.body).toBe(201);
    dish[key] = (response.json() as { id: string }).id;
  }
}, 60_000);

afterAll(async () => {
  await t?.close();
});

/** A premium wedding for the customer, priced by the shared instant-quote rule. */
async function pricedBooking(overrides: { guests?: number; days?: number; status?: 'quoted' | 'confirmed' } = {}) {
  const guests = overrides.guests ?? 120;
  return makePricedBooking(t.deps, customer, guests, {
    days: overrides.days,
    eventTime: '19:30',
    venueName: 'Sayaji Banquet',
    status: overrides.status ?? 'quoted',
    ...(overrides.status === 'confirmed' && { confirmedAt: new Date() }),
  });
}

const saveMine = (id: string, payload: object, who: string = token.customer) =>
  t.app.inject({ method: 'PUT', url: `/api/me/bookings/${id}/menu`, headers: bearer(who), payload });
const saveAsAdmin = (id: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/bookings/${id}/menu`, headers: bearer(token.admin), payload });

type Issue = { loc: string[]; msg: string };
const issues = (body: string) => (JSON.parse(body) as { detail: Issue[] }).detail;

describe('the catalogue (admin)', () => {
  it('validates a dish field by field, refuses a second dish of the same name and hides retired dishes from customers', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/admin/dishes',
      headers: bearer(token.admin),
      payload: dishPayload({ name: '', course: 'snacks', diet: 'veg', add_on_price: -5, yield_per_100: 0 }),
    });
    expect(bad.statusCode).toBe(422);
    const fields = issues(bad.body).map((issue) => issue.loc[1]);
    expect(fields).toEqual(expect.arrayContaining(['name', 'course', 'add_on_price', 'yield_per_100']));

    const twice = await t.app.inject({
      method: 'POST',
      url: '/api/admin/dishes',
      headers: bearer(token.admin),
      payload: dishPayload({ name: 'dal makhani', course: 'mains', diet: 'veg' }),
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ detail: 'A dish named "Dal Makhani" is already on the catalogue', field: 'name' });

    const forbidden = await t.app.inject({
      method: 'POST',
      url: '/api/admin/dishes',
      headers: bearer(token.customer),
      payload: dishPayload({ name: 'Poha', course: 'starters', diet: 'jain' }),
    });
    expect(forbidden.statusCode).toBe(403);

    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/dishes',
      headers: bearer(token.admin),
      payload: dishPayload({ name: 'Indori Poha', course: 'starters', diet: 'jain' }),
    });
    const poha = created.json() as { id: string };
    const retired = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/dishes/${poha.id}`,
      headers: bearer(token.admin),
      payload: dishPayload({ name: 'Indori Poha', course: 'starters', diet: 'jain', active: false } as DishSpec),
    });
    expect(retired.statusCode).toBe(200);
    const catalogue = await t.app.inject({ method: 'GET', url: '/api/menu/catalogue' });
    const names = (catalogue.json() as { dishes: { name: string }[] }).dishes.map((d) => d.name);
    expect(names).toContain('Dal Makhani');
    expect(names).not.toContain('Indori Poha');
    const audit = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, poha.id), eq(auditLog.action, 'dish.retired')));
    expect(audit).toHaveLength(1);
  });

  it('reorders a course only with its full list of dishes', async () => {
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/dishes?include_retired=true',
      headers: bearer(token.admin),
    });
    const mains = (list.json() as { id: string; course: string }[]).filter((d) => d.course === 'mains');
    const reversed = mains.map((d) => d.id).reverse();
    const ok = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/dishes/order',
      headers: bearer(token.admin),
      payload: { course: 'mains', dish_ids: reversed },
    });
    expect(ok.statusCode).toBe(200);
    expect((ok.json() as { id: string }[]).map((d) => d.id)).toEqual(reversed);
    const partial = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/dishes/order',
      headers: bearer(token.admin),
      payload: { course: 'mains', dish_ids: reversed.slice(1) },
    });
    expect(partial.statusCode).toBe(409);
  });
});

describe("the customer's menu", () => {
  it('needs the guests split by diet to add up to the guest count', async () => {
    const booking = await pricedBooking();
    const response = await saveMine(booking.id, {
      guests: { veg: 100, jain: 10, non_veg: 0 },
      dish_ids: [dish.vegStarter],
    });
    expect(response.statusCode).toBe(422);
    expect(issues(response.body)[0]).toMatchObject({
      loc: ['body', 'guests'],
      msg: 'Veg, Jain and non-veg guests must add up to the guest count (120); they add up to 110',
    });
  });

  it('refuses a course with no Jain dish when there are Jain guests, and a non-Jain dish for an all-Jain event', async () => {
    const booking = await pricedBooking();
    const noJainStarter = await saveMine(booking.id, {
      guests: { veg: 100, jain: 20, non_veg: 0 },
      dish_ids: [dish.vegStarter, dish.jainMain],
    });
    expect(noJainStarter.statusCode).toBe(422);
    expect(issues(noJainStarter.body).map((issue) => issue.msg)).toEqual([
      'Starters: add a dish the Jain guests can eat (Jain guests are served only Jain dishes)',
    ]);

    const allJain = await saveMine(booking.id, {
      guests: { veg: 0, jain: 120, non_veg: 0 },
      dish_ids: [dish.jainStarter, dish.vegStarter, dish.nvStarter],
    });
    expect(allJain.statusCode).toBe(422);
    const messages = issues(allJain.body).map((issue) => issue.msg);
    expect(messages).toContain(
      'Hara Bhara Kebab is Veg: none of the guests can be served it (Veg guests or Non-veg guests only)',
    );
    expect(messages).toContain('Chicken Tikka is Non-veg: none of the guests can be served it (Non-veg guests only)');
  });

  it('refuses more starters than the package includes, but counts add-ons on top', async () => {
    await t.deps.db
      .insert(settings)
      .values({
        key: MENU_RULES_KEY,
        value: {
          ...DEFAULT_MENU_RULES,
          allowances: {
            ...DEFAULT_MENU_RULES.allowances,
            premium: { ...DEFAULT_MENU_RULES.allowances.premium, starters: 2 },
          },
        },
      })
      .onConflictDoUpdate({
        target: settings.key,
        set: {
          value: {
            ...DEFAULT_MENU_RULES,
            allowances: {
              ...DEFAULT_MENU_RULES.allowances,
              premium: { ...DEFAULT_MENU_RULES.allowances.premium, starters: 2 },
            },
          },
        },
      });
    try {
      const booking = await pricedBooking();
      const tooMany = await saveMine(booking.id, {
        guests: { veg: 100, jain: 20, non_veg: 0 },
        dish_ids: [dish.jainStarter, dish.vegStarter, dish.vegStarter2],
      });
      expect(tooMany.statusCode).toBe(422);
      expect(issues(tooMany.body)).toEqual([
        {
          loc: ['body', 'courses', 'starters'],
          msg: 'Starters: the Premium package includes 2, 3 chosen; remove 1 or choose an add-on',
          type: 'menu_rule',
        },
      ]);
    } finally {
      await t.deps.db.delete(settings).where(eq(settings.key, MENU_RULES_KEY));
    }
  });

  it('prices an add-on per guest through the shared pricing, and the schedule follows the new total', async () => {
    const booking = await pricedBooking({ guests: 120 });
    const response = await saveMine(booking.id, {
      guests: { veg: 90, jain: 30, non_veg: 0 },
      dish_ids: [dish.jainStarter, dish.vegStarter, dish.jainMain, dish.vegMain, dish.counter],
      allergy_notes: 'Two guests allergic to peanuts',
    });
    expect(response.statusCode, response.body).toBe(200);
    const expected = pricePackage({
      tier: 'premium',
      guestCount: 120,
      basePricePerPersonPaise: booking.basePricePerPersonPaise!,
      addOns: [{ description: 'Live Jalebi Counter', perGuestPaise: 110_50 }],
    });
    expect(expected.addOnsPaise).toBe(110_50 * 120);
    const { menu, message } = response.json() as {
      message: string;
      menu: { price: { total: number; lines: { key: string; label: string; amount: number }[] } };
    };
    expect(menu.price.total).toBe(paiseToRupees(expected.finalAmountPaise));
    expect(message).toContain('the total is now');
    expect(menu.price.lines.find((line) => line.key === 'add_on')).toEqual({
      key: 'add_on',
      label: 'Live Jalebi Counter (add-on): ₹110.50 × 120 guests',
      amount: 13_260,
    });
    const [row] = await t.deps.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row!.finalAmountPaise).toBe(expected.finalAmountPaise);

    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/me/bookings/${booking.id}`,
      headers: bearer(token.customer),
    });
    const schedule = (detail.json() as { total: number; schedule: { instalments: { amount: number }[] } }).schedule;
    const sum = schedule.instalments.reduce((total, row) => total + Math.round(row.amount * 100), 0);
    expect(sum).toBe(expected.finalAmountPaise);
    // My Bookings lists the add-on on the bill as the PDF does.
    expect(detail.json().add_ons).toEqual([
      { description: 'Live Jalebi Counter', per_guest: 110.5, guests: 120, amount: 13_260 },
    ]);

    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/me/bookings/${booking.id}/quote.pdf`,
      headers: bearer(token.customer),
    });
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Live Jalebi Counter (add-on)');
    expect(text).toContain('Live Jalebi Counter (add-on): ₹110.50 × 120 guests₹13,260');
  });

  it('quoting the same event again keeps the add-ons on the bill', async () => {
    const booking = await pricedBooking({ guests: 120 });
    const saved = await saveMine(booking.id, {
      guests: { veg: 90, jain: 30, non_veg: 0 },
      dish_ids: [dish.jainStarter, dish.jainMain, dish.counter],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/quotation/instant',
      headers: bearer(token.customer),
      payload: {
        event_type: 'wedding',
        event_date: booking.eventDate,
        guest_count: 120,
        venue_type: 'banquet',
        tier: 'premium',
        location: 'Indore',
        client_email: customer.email,
        client_name: booking.clientName,
        event_name: booking.eventName,
      },
    });
    expect(again.statusCode, again.body).toBe(200);
    const quote = again.json() as { quote_id: string; final_amount: number; breakdown: { key: string }[] };
    expect(quote.quote_id).toBe(booking.id);
    const expected = pricePackage({
      tier: 'premium',
      guestCount: 120,
      basePricePerPersonPaise: booking.basePricePerPersonPaise!,
      addOns: [{ description: 'Live Jalebi Counter', perGuestPaise: 110_50 }],
    });
    expect(quote.final_amount).toBe(paiseToRupees(expected.finalAmountPaise));
    expect(quote.breakdown.map((line) => line.key)).toContain('add_on');
  });

  it("an admin's custom quote lists the menu's add-ons beside its lines, in the e-mail and the admin's menu", async () => {
    const booking = await pricedBooking({ guests: 120 });
    const saved = await saveAsAdmin(booking.id, {
      guests: { veg: 90, jain: 30, non_veg: 0 },
      dish_ids: [dish.jainStarter, dish.jainMain, dish.counter],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const quoted = await t.app.inject({
      method: 'PUT',
      url: `/api/bookings/${booking.id}/quote`,
      headers: bearer(token.admin),
      payload: {
        items: [{ kind: 'per_person', description: 'Malwa thali dinner', unit_price: 900, quantity: 120 }],
        discount: 1000,
        discount_reason: 'Repeat customer',
      },
    });
    expect(quoted.statusCode, quoted.body).toBe(200);
    // 900 × 120 + the counter's 110.50 × 120 − 1,000 = 1,20,260 taxable; GST 18% = 21,646.80.
    expect(quoted.json().booking.quotation).toMatchObject({ subtotal: 120_260, gst_amount: 21_646.8 });
    const addOnLine = 'Live Jalebi Counter (add-on): ₹110.50 × 120 guests';

    const mail = (await outboxMails(t.deps, { bookingId: booking.id, template: 'quote' })).at(-1);
    const text = mail!.textBody;
    const rows = ['Malwa thali dinner: ₹900 × 120', addOnLine, 'Discount (Repeat customer)', 'Taxable amount'];
    const at = rows.map((row) => text.indexOf(row));
    expect(
      at.every((index) => index >= 0),
      text,
    ).toBe(true);
    expect(at).toEqual([...at].sort((a, b) => a - b));
    expect(text).toContain('₹13,260');

    const menu = await t.app.inject({
      method: 'GET',
      url: `/api/bookings/${booking.id}/menu`,
      headers: bearer(token.admin),
    });
    expect(menu.statusCode, menu.body).toBe(200);
    expect(menu.json().add_ons).toEqual([
      { description: 'Live Jalebi Counter', per_guest: 110.5, guests: 120, amount: 13_260 },
    ]);
    const lines = (menu.json().price.lines as { key: string; label: string }[]).filter((l) => l.key === 'add_on');
    expect(lines.map((line) => line.label)).toEqual([addOnLine]);
  });

  it('another customer reads and writes it like a missing booking', async () => {
    const booking = await pricedBooking();
    const stranger = await makeUser(t.deps, { role: 'customer' });
    const strangerToken = await tokenFor(t.deps, stranger.id);
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/me/bookings/${booking.id}/menu`,
      headers: bearer(strangerToken),
    });
    expect(read.statusCode).toBe(404);
    const write = await saveMine(
      booking.id,
      { guests: { veg: 120, jain: 0, non_veg: 0 }, dish_ids: [] },
      strangerToken,
    );
    expect(write.statusCode).toBe(404);
    expect(write.body).toBe(read.body);
  });

  it('freezes the menu for the customer 7 days before the event (India dates); the admin can still change it', async () => {
    const open = await pricedBooking({ days: 8 });
    const frozen = await pricedBooking({ days: 7 });
    const body = { guests: { veg: 120, jain: 0, non_veg: 0 }, dish_ids: [dish.vegStarter] };
    expect((await saveMine(open.id, body)).statusCode).toBe(200);
    const refused = await saveMine(frozen.id, body);
    expect(refused.statusCode).toBe(409);
    expect((refused.json() as { detail: string }).detail).toBe(
      `The menu was frozen on ${formatLongDate(todayInIndia())}, 7 days before the event: ` +
        'please ask our team to change it',
    );
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/me/bookings/${frozen.id}/menu`,
      headers: bearer(token.customer),
    });
    expect(read.json()).toMatchObject({ editable: false, freeze_date: todayInIndia() });
    expect((await saveAsAdmin(frozen.id, body)).statusCode).toBe(200);
  });

  it('refuses a menu on a quote past its validity, naming the day it expired in words', async () => {
    const lapsed = await pricedBooking();
    const yesterday = addDays(todayInIndia(), -1);
    await t.deps.db.update(bookings).set({ validUntil: yesterday }).where(eq(bookings.id, lapsed.id));
    const refused = await saveMine(lapsed.id, {
      guests: { veg: 120, jain: 0, non_veg: 0 },
      dish_ids: [dish.vegStarter],
    });
    expect(refused.statusCode).toBe(409);
    expect((refused.json() as { detail: string }).detail).toBe(
      `This quote expired on ${formatLongDate(yesterday)}: please request a fresh quote before choosing the menu`,
    );
  });

  it('on a confirmed booking an add-on raises the charge and the balance, and the customer is e-mailed the new total', async () => {
    const booking = await pricedBooking({ status: 'confirmed', guests: 300 });
    await t.deps.db.insert(bookingLedger).values([
      { bookingId: booking.id, kind: 'charge', amountPaise: booking.finalAmountPaise!, note: 'Confirmed' },
      { bookingId: booking.id, kind: 'payment', amountPaise: 999_00, method: 'upi', note: 'Token' },
    ]);
    const advance = await t.app.inject({
      method: 'POST',
      url: '/api/payments/instalment-order',
      headers: bearer(token.customer),
      payload: { booking_id: booking.id },
    });
    expect(advance.statusCode, advance.body).toBe(201);
    const response = await saveMine(booking.id, {
      guests: { veg: 250, jain: 50, non_veg: 0 },
      dish_ids: [dish.jainStarter, dish.jainMain, dish.kulfi],
    });
    expect(response.statusCode, response.body).toBe(200);
    // The advance asked for on the old total is not paid on the new one: the next Pay asks afresh.
    const [order] = await t.deps.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.orderCode, advance.json().order_id));
    expect(order!.status).toBe('expired');
    const expected = pricePackage({
      tier: 'premium',
      guestCount: 300,
      basePricePerPersonPaise: booking.basePricePerPersonPaise!,
      addOns: [{ description: 'Kesar Kulfi', perGuestPaise: 70_00 }],
    });
    // 300 guests: the 5% volume discount covers the add-on too.
    expect(expected.discountPercent).toBe(5);
    const ledger = await t.deps.db.select().from(bookingLedger).where(eq(bookingLedger.bookingId, booking.id));
    const charged = ledger.filter((row) => row.kind === 'charge').reduce((sum, row) => sum + row.amountPaise, 0);
    expect(charged).toBe(expected.finalAmountPaise);
    const mail = await outboxMails(t.deps, { to: customer.email, template: 'booking_repriced' });
    expect(mail.at(-1)?.textBody).toContain('The menu of');
    // On the booking's thread in Booking Details.
    expect(mail.at(-1)?.bookingId).toBe(booking.id);
  });
});

describe('a part-paid quote whose add-ons are taken off', () => {
  it('is confirmed once it holds its booking amount, and what is over its total is owed back', async () => {
    // One guest, Basic housewarming: ₹690.30 with GST; with Kesar Kulfi ₹772.90, the whole of it the booking amount.
    const booking = await makePricedBooking(t.deps, customer, 1, {
      pricingTier: 'basic',
      eventType: 'housewarming',
    });
    const oneGuest = { guests: { veg: 1, jain: 0, non_veg: 0 } };
    const withKulfi = await saveMine(booking.id, { ...oneGuest, dish_ids: [dish.vegMain, dish.kulfi] });
    expect(withKulfi.statusCode, withKulfi.body).toBe(200);
    const [quoted] = await t.deps.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(quoted!.finalAmountPaise).toBe(772_90);
    const recorded = await t.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${booking.id}/payments`,
      headers: bearer(token.admin),
      payload: { amount: 700, method: 'cash', reference: 'RCPT-700' },
    });
    expect(recorded.statusCode, recorded.body).toBe(201);

    const without = await saveMine(booking.id, { ...oneGuest, dish_ids: [dish.vegMain] });
    expect(without.statusCode, without.body).toBe(200);
    const [row] = await t.deps.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({ status: 'confirmed', finalAmountPaise: 690_30 });
    const account = await t.caller({ token: token.admin }).admin.payments.bookingAccount({ id: booking.id });
    expect(account).toMatchObject({ held: 690.3, refunded: 9.7, owed_back: 9.7 });
    expect(account.ledger.filter((entry) => entry.kind === 'charge').map((entry) => entry.amount)).toEqual([690.3]);
    const [mail] = await outboxMails(t.deps, { bookingId: booking.id, template: 'booking_repriced' });
    expect(mail?.textBody).toContain('your date is now confirmed');
  });
});

describe("the team's menu of a booking", () => {
  const readAs = (id: string, who: 'admin' | 'customer') =>
    t.app.inject({
      method: 'GET',
      url: who === 'admin' ? `/api/bookings/${id}/menu` : `/api/me/bookings/${id}/menu`,
      headers: bearer(token[who]),
    });
  const jainSplit = { guests: { veg: 90, jain: 30, non_veg: 0 } };

  it('changes it after the freeze date and on the event day, by the same rules, audited as the team', async () => {
    const frozen = await pricedBooking({ status: 'confirmed', days: 3 });
    expect((await readAs(frozen.id, 'customer')).json()).toMatchObject({ editable: false });
    expect((await readAs(frozen.id, 'admin')).json()).toMatchObject({ editable: true, edit_refusal: null });

    const broken = await saveAsAdmin(frozen.id, { ...jainSplit, dish_ids: [dish.vegStarter, dish.jainMain] });
    expect(broken.statusCode).toBe(422);
    expect(issues(broken.body)).toEqual([
      {
        loc: ['body', 'courses', 'starters'],
        msg: 'Starters: add a dish the Jain guests can eat (Jain guests are served only Jain dishes)',
        type: 'menu_rule',
      },
    ]);

    const saved = await saveAsAdmin(frozen.id, { ...jainSplit, dish_ids: [dish.jainStarter, dish.jainMain] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json() as { menu: { guests: object; editable: boolean } }).menu).toMatchObject({
      guests: jainSplit.guests,
      editable: true,
    });
    const [audit] = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, frozen.id), eq(auditLog.action, 'booking.menu_changed')));
    expect(audit).toMatchObject({ actorUserId: admin.id, data: expect.objectContaining({ by: 'admin', dishes: 2 }) });

    const today = await pricedBooking({ status: 'confirmed', days: 0 });
    await t.deps.db.update(bookings).set({ status: 'in_progress' }).where(eq(bookings.id, today.id));
    const late = await saveMine(today.id, { ...jainSplit, dish_ids: [dish.jainStarter] });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ detail: 'This booking is in progress: its menu can no longer be changed' });
    const lastMinute = await saveAsAdmin(today.id, { ...jainSplit, dish_ids: [dish.jainStarter] });
    expect(lastMinute.statusCode, lastMinute.body).toBe(200);
  });

  it('never changes the menu of a cancelled or completed booking, and answers why (409)', async () => {
    for (const status of ['cancelled', 'completed'] as const) {
      const booking = await pricedBooking({ status: 'confirmed', days: status === 'completed' ? -1 : 20 });
      await t.deps.db.update(bookings).set({ status }).where(eq(bookings.id, booking.id));
      const reason = `This booking is ${status}: its menu can no longer be changed`;
      expect((await readAs(booking.id, 'admin')).json()).toMatchObject({ editable: false, edit_refusal: reason });
      const refused = await saveAsAdmin(booking.id, { guests: { veg: 120, jain: 0, non_veg: 0 }, dish_ids: [] });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ detail: reason });
    }
  });

  it("is the team's: a customer cannot save through it, even for their own booking", async () => {
    const booking = await pricedBooking();
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/bookings/${booking.id}/menu`,
      headers: bearer(token.customer),
      payload: { guests: { veg: 120, jain: 0, non_veg: 0 }, dish_ids: [] },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toHaveProperty('detail');
  });
});

describe('the event order and the kitchen', () => {
  it('prints the event order for the admin and the awarded supplier only; the day sheet scales quantities by diet', async () => {
    const date = addDays(todayInIndia(), 20);
    const booking = await pricedBooking({ status: 'confirmed', guests: 150, days: 20 });
    const saved = await saveAsAdmin(booking.id, {
      guests: { veg: 100, jain: 30, non_veg: 20 },
      dish_ids: [dish.jainStarter, dish.nvStarter, dish.jainMain, dish.counter],
      allergy_notes: 'No peanuts at table 4',
      setup_notes: 'Counters on the lawn side',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await t.deps.db.insert(projects).values({
      bookingId: booking.id,
      status: 'awarded',
      autoAssignDate: new Date(),
      awardedSupplierId: supplier.supplierId,
      awardedAt: new Date(),
    });

    const order = await t.app.inject({
      method: 'GET',
      url: `/api/bookings/${booking.id}/event-order`,
      headers: bearer(token.admin),
    });
    expect(order.statusCode).toBe(200);
    const dto = order.json() as {
      guests: object;
      staff: { servers: number; counter_staff: number };
      courses: { course: string; dishes: { name: string; diet_mark: string; eaters: number }[] }[];
      supplier: { business_name: string } | null;
    };
    expect(dto.guests).toEqual({ veg: 100, jain: 30, non_veg: 20 });
    expect(dto.staff).toMatchObject({ servers: 8, counter_staff: 2 });
    expect(dto.courses.find((c) => c.course === 'starters')!.dishes).toEqual([
      expect.objectContaining({ name: 'Jain Paneer Tikka', diet_mark: 'J', eaters: 150 }),
      expect.objectContaining({ name: 'Chicken Tikka', diet_mark: 'NV', eaters: 20 }),
    ]);
    expect(dto.supplier?.business_name).toBe(`Vendor ${supplier.email}`);

    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/bookings/${booking.id}/event-order.pdf`,
      headers: bearer(token.admin),
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('BANQUET EVENT ORDER');
    expect(text).toContain('Jain guests are served only the dishes marked J.');
    expect(text).toContain('peanuts at table 4');
    expect(text).toContain('Chicken Tikka');

    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/supplier/event-orders/${booking.id}`,
      headers: bearer(token.supplier),
    });
    expect(mine.statusCode).toBe(200);
    const notMine = await t.app.inject({
      method: 'GET',
      url: `/api/supplier/event-orders/${booking.id}`,
      headers: bearer(token.other),
    });
    expect(notMine.statusCode).toBe(404);

    const sheet = await t.app.inject({
      method: 'GET',
      url: `/api/admin/kitchen/${date}`,
      headers: bearer(token.admin),
    });
    expect(sheet.statusCode).toBe(200);
    const day = sheet.json() as {
      buffer_percent: number;
      dishes: { name: string; eaters: number; quantity: number }[];
    };
    expect(day.buffer_percent).toBe(5);
    // Chicken Tikka: 7 kg per 100 × 20 non-veg guests × 1.05 = 1.47 kg, rounded up to 1.5 kg.
    expect(day.dishes.find((d) => d.name === 'Chicken Tikka')).toMatchObject({ eaters: 20, quantity: 1.5 });
    // Jain Dal Tadka: 10 kg per 100 × 150 guests × 1.05 = 15.75 kg, rounded up to 15.8 kg.
    expect(day.dishes.find((d) => d.name === 'Jain Dal Tadka')).toMatchObject({ eaters: 150, quantity: 15.8 });

    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/admin/kitchen/${date}/sheet.csv`,
      headers: bearer(token.admin),
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('"Chicken Tikka"');
    // Allergens read as a list in a spreadsheet cell.
    expect(csv.body).toContain('"Jain Paneer Tikka","J","dairy, sesame"');
    expect(csv.body.startsWith('\uFEFF"course","dish"')).toBe(true);

    const badDate = await t.app.inject({
      method: 'GET',
      url: '/api/admin/kitchen/2026-13-45',
      headers: bearer(token.admin),
    });
    expect(badDate.statusCode).toBe(422);

    // A cancelled event is no job: the supplier it was awarded to no longer reads the customer's contact.
    const cancelled = await t.app.inject({
      method: 'PUT',
      url: `/api/bookings/${booking.id}/status`,
      headers: bearer(token.admin),
      payload: { status: 'cancelled' },
    });
    expect(cancelled.statusCode).toBe(200);
    const afterCancel = await t.app.inject({
      method: 'GET',
      url: `/api/supplier/event-orders/${booking.id}`,
      headers: bearer(token.supplier),
    });
    expect(afterCancel.statusCode).toBe(404);
  });
});

describe('the demo catalogue on a Basic package', () => {
  let demo: TestApp;
  let guest: MadeUser;
  let guestToken = '';
  const demoDish: Record<string, string> = {};

  beforeAll(async () => {
    demo = await createTestApp();
    // The demo's dishes as the demo seed writes them (src/server/db/seed-menu.ts).
    const rows = await demo.deps.db
      .insert(dishes)
      .values(demoDishRows())
      .returning({ id: dishes.id, name: dishes.name });
    for (const row of rows) demoDish[row.name] = row.id;
    guest = await makeUser(demo.deps, { role: 'customer' });
    guestToken = await tokenFor(demo.deps, guest.id);
  }, 60_000);

  afterAll(async () => {
    await demo?.close();
  });

  it('gives Jain guests a live counter: Basic includes none, and the Jain Chaat Counter is an add-on they can eat', async () => {
    const booking = await makePricedBooking(demo.deps, guest, 150, { pricingTier: 'basic' });
    const save = (names: string[]) =>
      demo.app.inject({
        method: 'PUT',
        url: `/api/me/bookings/${booking.id}/menu`,
        headers: bearer(guestToken),
        payload: { guests: { veg: 120, jain: 30, non_veg: 0 }, dish_ids: names.map((name) => demoDish[name]!) },
      });
    const jainMeal = ['Jain Paneer Tikka', 'Jain Dal Tadka'];

    const catalogue = await demo.app.inject({ method: 'GET', url: '/api/menu/catalogue' });
    const counters = (
      catalogue.json() as { dishes: { name: string; course: string; diet: string; add_on_price: number | null }[] }
    ).dishes.filter((d) => d.course === 'live_counters');
    expect(counters.filter((d) => d.diet === 'jain' && d.add_on_price !== null)).toEqual([
      expect.objectContaining({ name: 'Jain Chaat Counter', add_on_price: 150 }),
    ]);

    // The other add-on counters are not Jain, and the Sarafa counter is one the package would have to include.
    const pasta = await save([...jainMeal, 'Pasta Live Station']);
    expect(pasta.statusCode).toBe(422);
    expect(issues(pasta.body).map((issue) => issue.msg)).toEqual([
      'Live counters: add a dish the Jain guests can eat (Jain guests are served only Jain dishes)',
    ]);
    const sarafa = await save([...jainMeal, 'Sarafa Live Counter']);
    expect(sarafa.statusCode).toBe(422);
    expect(issues(sarafa.body).map((issue) => issue.msg)).toEqual([
      'Live counters: the Basic package includes 0, 1 chosen; remove 1 or choose an add-on',
    ]);

    const saved = await save([...jainMeal, 'Jain Chaat Counter', 'Pasta Live Station']);
    expect(saved.statusCode, saved.body).toBe(200);
    const { menu } = saved.json() as { menu: { price: { lines: { key: string; label: string; amount: number }[] } } };
    expect(menu.price.lines.filter((line) => line.key === 'add_on')).toEqual([
      { key: 'add_on', label: 'Jain Chaat Counter (add-on): ₹150 × 150 guests', amount: 22_500 },
      { key: 'add_on', label: 'Pasta Live Station (add-on): ₹160 × 150 guests', amount: 24_000 },
    ]);
  });
});
