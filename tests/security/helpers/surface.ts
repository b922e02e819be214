import { randomBytes, randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { DEFAULT_PAYMENT_RULES } from '../../../src/shared/booking-rules';
import { addDays, todayInIndia } from '../../../src/shared/dates';
import {
  adminPaymentsQuerySchema,
  adminRefundsQuerySchema,
  changeDateFieldsSchema,
  createSubscriptionOrderInputSchema,
  createTokenOrderInputSchema,
  markRefundPaidFieldsSchema,
  recordBookingPaymentFieldsSchema,
  utrFieldsSchema,
} from '../../../src/shared/schemas/account';
import {
  adminBookingsQuerySchema,
  customersQuerySchema,
  setBookingStatusFieldsSchema,
  updateCustomerFieldsSchema,
} from '../../../src/shared/schemas/admin';
import { pageViewInputSchema } from '../../../src/shared/schemas/analytics';
import { bookingMessageFieldsSchema } from '../../../src/shared/schemas/messages';
import {
  availabilityQuerySchema,
  calendarDayInputSchema,
  calendarDaysQuerySchema,
  calendarEventsQuerySchema,
  eventDetailsFieldsSchema,
  operationsRulesInputSchema,
  staffBookingInputSchema,
} from '../../../src/shared/schemas/calendar';
import {
  confirmSecondFactorInputSchema,
  disableSecondFactorInputSchema,
  reauthenticateInputSchema,
  secondStepInputSchema,
  changePasswordInputSchema,
  forgotPasswordInputSchema,
  loginInputSchema,
  ownerSetupInputSchema,
  resetPasswordInputSchema,
  registerInputSchema,
  verifyEmailInputSchema,
} from '../../../src/shared/schemas/auth';
import { eq } from 'drizzle-orm';
import { bookings, dishes, gstDocuments, projects, users, userSessions } from '../../../src/server/db/schema';
import { nextSerial } from '../../../src/server/modules/gst/gst-documents.service';
import { hashPassword } from '../../../src/server/lib/password';
import * as OTPAuth from 'otpauth';
import {
  confirmSecondFactor,
  secondStepChallenge,
  startSecondFactorEnrolment,
} from '../../../src/server/modules/auth/second-factor.service';
import { issueAccountToken } from '../../../src/server/modules/auth/account-tokens';
import { makeUser } from '../../server/helpers/fixtures';
import { paymentRulesInputSchema } from '../../../src/shared/schemas/payments';
import { DEFAULT_MENU_RULES } from '../../../src/shared/menu';
import {
  adminDishesQuerySchema,
  dishFieldsSchema,
  dishOrderInputSchema,
  menuFieldsSchema,
  menuRulesInputSchema,
} from '../../../src/shared/schemas/menus';
import { bookingInquiryInputSchema } from '../../../src/shared/schemas/bookings';
import {
  assignProjectInputSchema,
  pageInputSchema,
  submitQuoteInputSchema,
} from '../../../src/shared/schemas/projects';
import {
  collectionsCsvQuerySchema,
  collectionsQuerySchema,
  receivablesCsvQuerySchema,
  receivablesQuerySchema,
} from '../../../src/shared/schemas/money';
import { DEFAULT_BRAND } from '../../../src/shared/brand';
import { DEFAULT_GST_RATES, gstDocumentNumber } from '../../../src/shared/gst';
import {
  bookingGstDetailsInputSchema,
  gstMonthQuerySchema,
  gstr1ExportQuerySchema,
  gstSettingsInputSchema,
  issueCreditNoteFieldsSchema,
} from '../../../src/shared/schemas/gst';
import { instantQuoteInputSchema } from '../../../src/shared/schemas/quote';
import { quotationFieldsSchema } from '../../../src/shared/schemas/quotation';
import { reportQuerySchema } from '../../../src/shared/schemas/reports';
import {
  createSupplierInputSchema,
  suppliersQuerySchema,
  updateSupplierFieldsSchema,
} from '../../../src/shared/schemas/suppliers';
import { pendingVendorsQuerySchema, vendorRegisterInputSchema } from '../../../src/shared/schemas/vendor';
import { vendorPayload } from '../../server/helpers/admin-fixtures';
import type { Call } from './http';
import type { Subject, SubjectName, World } from './world';

/** A fresh dish on the catalogue (its id), for the admin's catalogue rows. */
async function menuDish(w: World): Promise<string> {
  const [row] = await w.t.deps.db
    .insert(dishes)
    .values({
      name: `Matrix Dish ${randomBytes(4).toString('hex')}`,
      course: 'beverages',
      diet: 'jain',
      region: 'malwa',
      yieldPer100: 10,
      yieldUnit: 'litres',
    })
    .returning({ id: dishes.id });
  return row!.id;
}

/** Every dish of the beverages course, in a valid new order. */
async function beverageOrder(w: World) {
  await menuDish(w);
  const rows = await w.t.deps.db.select({ id: dishes.id }).from(dishes).where(eq(dishes.course, 'beverages'));
  return { course: 'beverages', dish_ids: rows.map((row) => row.id).reverse() };
}

/** A menu every guest of the booking can eat: all veg, no dishes yet. */
async function menuBody(w: World, bookingId: string) {
  const [row] = await w.t.deps.db
    .select({ guests: bookings.guestCount })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  return { guests: { veg: row?.guests ?? 0, jain: 0, non_veg: 0 }, dish_ids: [], allergy_notes: 'No peanuts' };
}

const dishBody = () => ({
  name: `Matrix Dish ${randomBytes(4).toString('hex')}`,
  course: 'desserts',
  diet: 'jain',
  allergens: ['dairy'],
  region: 'gujarati',
  description: 'Saffron shrikhand',
  add_on_price: 45.5,
  yield_per_100: 6,
  yield_unit: 'kg',
});

/** A booking whose project was awarded to the owner: its event order is the owner's. */
const ownAward = {
  role: 'supplier' as const,
  object: async (w: World, owner: SubjectName) => {
    const { bookingId, projectId } = await w.project([owner]);
    await w.t.deps.db
      .update(projects)
      .set({ status: 'awarded', awardedSupplierId: w.subjects[owner].supplierId, awardedAt: new Date() })
      .where(eq(projects.id, projectId));
    return bookingId;
  },
};

/**
 * Who may call a route or procedure. `public`: anyone (a bad token is ignored); `authed`: any valid token;
 * `customer`/`supplier`/`admin`: that role only (401 without a valid token, 403 for another role); `signed`: the
 * payment gateway's webhook, which no bearer token opens (every caller gets the same 401 without a signature);
 * `inbox`: admins and suppliers, who have notifications (403 for a customer).
 */
export type Access = 'public' | 'authed' | 'customer' | 'supplier' | 'admin' | 'signed' | 'inbox';

/** Where a REST route reads its input from, and the shared schema of that input (for the fuzzer). */
export type RestInput = { part: 'body' | 'query'; schema: z.ZodType };

type Common = {
  access: Access;
  /** The statuses an allowed caller gets. */
  ok: number[];
  /**
   * Object-scoped: the object belongs to one customer or supplier; another one of the same role must get exactly
   * the answer a missing id gets. `object` makes a fresh one for the owner and answers its id.
   */
  owned?: { role: 'customer' | 'supplier'; object(w: World, owner: SubjectName): Promise<string> };
  /** An allowed caller's answer carries the caller's own marker (a control: the marker check can see data). */
  showsOwn?: boolean;
  /** Runs after an allowed call (a logout revokes the caller's token: issue a new one for the next rows). */
  after?(w: World, subject: Subject): Promise<void>;
};

export type RestRow = Common & {
  kind: 'rest';
  method: string;
  /** The route as Fastify lists it (`/api/bookings/:id`). */
  route: string;
  input?: RestInput;
  /** A valid request; for owned rows `id` is the object's id (or a missing one). */
  build(w: World, subject: Subject, id: string): Promise<Call> | Call;
};

export type TrpcRow = Common & {
  kind: 'trpc';
  path: string;
  /** A valid input; for owned rows `id` is the object's id (or a missing one). */
  build(w: World, subject: Subject, id: string): Promise<unknown> | unknown;
};

export type Row = RestRow | TrpcRow;

const fresh = (tag: string) => `${tag}.${randomBytes(5).toString('hex')}@example.in`;
const inDays = (days: number) => addDays(todayInIndia(), days);
/** An admin's message to a booking's customer; its words differ each time, so no call is a repeat of another. */
const adminMessage = () => ({
  to: 'customer',
  subject: 'Tasting on Saturday',
  body: `See you at 4 pm. ${randomUUID()}`,
});
const utr = () => String(100_000_000_000 + Math.floor(Math.random() * 800_000_000_000));

export function quotePayload(overrides: Record<string, unknown> = {}) {
  return {
    event_type: 'wedding',
    event_date: inDays(40),
    guest_count: 150,
    venue_type: 'banquet',
    tier: 'premium',
    location: 'Indore',
    client_email: fresh('quote'),
    client_name: 'Asha Verma',
    event_name: `Verma Sangeet ${randomBytes(2).toString('hex')}`,
    client_phone: '+91 98260 12345',
    ...overrides,
  };
}

export function inquiryPayload(overrides: Record<string, unknown> = {}) {
  return {
    client_name: 'Rahul Jain',
    client_email: fresh('inquiry'),
    client_phone: '9826012345',
    event_type: 'corporate',
    event_name: 'Annual Offsite',
    event_date: inDays(50),
    event_time: '7 pm',
    venue_name: 'Radisson',
    venue_address: 'Ring Road, Indore',
    requirements: { guest_count: 80, special_requests: 'Jain food', budget_range: '2-3 lakh' },
    ...overrides,
  };
}

export function quotationPayload(overrides: Record<string, unknown> = {}) {
  return {
    items: [
      { kind: 'per_person', description: 'Dinner buffet', unit_price: 950, quantity: 120 },
      { kind: 'add_on', description: 'Live chaat counter', unit_price: 8000, quantity: 1 },
    ],
    discount: 2000,
    discount_reason: 'Weekday event',
    notes: 'Menu tasting on request',
    ...overrides,
  };
}

export function registerPayload(overrides: Record<string, unknown> = {}) {
  return {
    email: fresh('register'),
    password: 'saffron-rice-42',
    full_name: 'Neha Gupta',
    phone: '+919826012345',
    ...overrides,
  };
}

export function supplierCreatePayload(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Ravi Kumar',
    email: fresh('supplier'),
    phone: '9826099887',
    business_name: 'Malwa Rasoi',
    location: 'Indore',
    services: ['Thali'],
    ...overrides,
  };
}

const loginAccount = new WeakMap<World, { email: string; password: string }>();

/** A throwaway account to sign in with: the login rows must not touch the subjects' sessions. */
async function loginCredentials(w: World) {
  let account = loginAccount.get(w);
  if (!account) {
    const payload = registerPayload();
    const response = await w.t.app.inject({ method: 'POST', url: '/api/auth/register', payload });
    if (response.statusCode !== 201)
      throw new Error(`register for login rows: ${response.statusCode} ${response.body}`);
    account = { email: payload.email, password: payload.password };
    loginAccount.set(w, account);
  }
  return account;
}

function ownerSetupPayload() {
  return {
    code: randomBytes(32).toString('base64url'),
    full_name: 'Sunita Agrawal',
    email: fresh('owner'),
    password: 'rasmalai-at-dawn',
  };
}

/** A fresh confirmation link's token for a new, unconfirmed account (each valid call uses one up). */
async function verifyEmailToken(w: World): Promise<string> {
  const user = await makeUser(w.t.deps, { emailVerified: false });
  return issueAccountToken(w.t.deps, w.t.deps.db, user, 'verify_email', 60 * 60 * 1000);
}

/** The re-send is for an unconfirmed account: the subject forgets its confirmation for the call, and gets it back. */
const setVerified = async (w: World, subject: Subject, verified: boolean) => {
  if (subject.userId)
    await w.t.deps.db
      .update(users)
      .set({ emailVerifiedAt: verified ? new Date() : null })
      .where(eq(users.id, subject.userId));
};
const reconfirm: Common['after'] = (w, subject) => setVerified(w, subject, true);

/** A fresh reset link's token for a new account (each valid call uses one up). */
async function resetToken(w: World): Promise<string> {
  const user = await makeUser(w.t.deps);
  return issueAccountToken(w.t.deps, w.t.deps.db, user, 'password_reset', 30 * 60 * 1000);
}

/** A change of password with the subject's own current password; `restorePassword` puts it back afterwards. */
const changePasswordPayload = (subject: Subject) => ({
  current_password: subject.password ?? 'not-signed-in',
  new_password: `pw-${randomBytes(8).toString('hex')}`,
});
const restorePassword: Common['after'] = async (w, subject) => {
  if (!subject.userId || !subject.password) return;
  await w.t.deps.db
    .update(users)
    .set({
      passwordHash: await hashPassword(subject.password, w.t.deps.config.passwordHash, w.t.deps.config.passwordPepper),
    })
    .where(eq(users.id, subject.userId));
  await w.refreshToken(subject.name);
};

const codeFor = (secret: string) =>
  new OTPAuth.TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: OTPAuth.Secret.fromBase32(secret) }).generate();

/** A second-step token and a recovery code of a fresh admin who has set up the authenticator app. */
async function secondStep(w: World) {
  const admin = await makeUser(w.t.deps, { role: 'admin' });
  const who = { id: admin.id, role: 'admin' as const, email: admin.email, fullName: 'Test admin' };
  const { secret } = await startSecondFactorEnrolment(w.t.deps, who);
  const { recovery_codes } = await confirmSecondFactor(w.t.deps, who, {
    password: admin.password,
    code: codeFor(secret),
  });
  const [row] = await w.t.deps.db.select().from(users).where(eq(users.id, admin.id));
  const { second_step_token } = await secondStepChallenge(w.t.deps, row!);
  return { second_step_token, code: recovery_codes[0]! };
}

/** The subject's pending authenticator secret and its current code; `dropSecondFactor` undoes the enrolment. */
async function confirmPayload(w: World, subject: Subject) {
  if (subject.role !== 'admin' || !subject.userId) return { password: 'not-the-password', code: '123456' };
  // A suite that builds the call again without its `after` (the corpus) finds the factor on from the last call.
  await w.t.deps.db
    .update(users)
    .set({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null })
    .where(eq(users.id, subject.userId));
  const { secret } = await startSecondFactorEnrolment(w.t.deps, {
    id: subject.userId,
    role: 'admin',
    email: subject.email ?? 'admin@example.in',
  });
  return { password: subject.password ?? '', code: codeFor(secret) };
}
const dropSecondFactor: Common['after'] = async (w, subject) => {
  if (subject.userId)
    await w.t.deps.db
      .update(users)
      .set({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null })
      .where(eq(users.id, subject.userId));
};

const ownBooking = { role: 'customer' as const, object: (w: World, owner: SubjectName) => w.booking(owner) };
const ownConfirmedBooking = {
  role: 'customer' as const,
  object: (w: World, owner: SubjectName) => w.booking(owner, { status: 'confirmed', confirmedAt: new Date() }),
};
const ownInvitation = {
  role: 'supplier' as const,
  object: async (w: World, owner: SubjectName) => (await w.project([owner])).bookingId,
};
const ownNotification = { role: 'supplier' as const, object: (w: World, owner: SubjectName) => w.notification(owner) };
const refreshAfterLogout: Common['after'] = (w, subject) => w.refreshToken(subject.name);

/** Another live session of the subject's account (a second device) to sign out; a random id for the anonymous. */
async function otherSession(w: World, subject: Subject): Promise<string> {
  if (!subject.userId) return randomUUID();
  const [user] = await w.t.deps.db.select({ ver: users.tokenVersion }).from(users).where(eq(users.id, subject.userId));
  const [row] = await w.t.deps.db
    .insert(userSessions)
    .values({ userId: subject.userId, tokenVersion: user!.ver, expiresAt: new Date(Date.now() + 3600_000) })
    .returning({ id: userSessions.id });
  return row!.id;
}

const get = (route: string, access: Access, input?: RestInput): RestRow => ({
  kind: 'rest',
  method: 'GET',
  route,
  access,
  ok: [200],
  input,
  build: () => ({ method: 'GET', url: route }),
});

/**
 * Every REST route under /api with who may call it and a valid request. The matrix fails for a route Fastify has
 * that is missing here, so a new route cannot ship without deciding who may call it.
 */
export const REST_ROWS: RestRow[] = [
  // For crawlers, at the site root (docs/product.md, "Link previews and search").
  get('/robots.txt', 'public'),
  get('/sitemap.xml', 'public'),
  get('/api/health', 'public'),
  get('/api/site/brand', 'public'),
  get('/api/site/payment-terms', 'public'),
  get('/api/testimonials', 'public'),
  // The REST contract and its interactive reference (docs/api.md, "The contract"): public, like the API they describe.
  get('/api/openapi.json', 'public'),
  get('/api/docs', 'public'),
  // Fastify registers only the HEAD of the trailing-slash form here; its GET is answered by the route above.
  get('/api/docs/', 'public'),
  get('/api/docs/json', 'public'),
  get('/api/docs/yaml', 'public'),
  get('/api/docs/static/swagger-initializer.js', 'public'),
  { ...get('/api/docs/static/index.html', 'public'), ok: [302] },
  { ...get('/api/docs/static/*', 'public'), build: () => ({ method: 'GET', url: '/api/docs/static/swagger-ui.css' }) },
  {
    kind: 'rest',
    method: 'POST',
    route: '/api/auth/register',
    access: 'public',
    ok: [201],
    input: { part: 'body', schema: registerInputSchema },
    build: () => ({ method: 'POST', url: '/api/auth/register', payload: registerPayload() }),
  },
  // Menus, diets and the kitchen's event order (docs/api.md "Menus").
  get('/api/menu/catalogue', 'public'),
  {
    kind: 'rest',
    method: 'GET',
    route: '/api/me/bookings/:id/menu',
    access: 'customer',
    ok: [200],
    owned: ownBooking,
    build: (_w, _s, id) => ({ method: 'GET', url: `/api/me/bookings/${id}/menu` }),
  },
  {
    kind: 'rest',
    method: 'PUT',
    route: '/api/me/bookings/:id/menu',
    access: 'customer',
    ok: [200],
    owned: ownBooking,
    input: { part: 'body', schema: menuFieldsSchema },
    build: async (w, _s, id) => ({ method: 'PUT', url: `/api/me/bookings/${id}/menu`, payload: await menuBody(w, id) }),
  },
  get('/api/admin/dishes', 'admin', { part: 'query', schema: adminDishesQuerySchema }),
  {
    kind: 'rest',
    method: 'POST',
    route: '/api/admin/dishes',
    access: 'admin',
    ok: [201],
    input: { part: 'body', schema: dishFieldsSchema },
    build: () => ({ method: 'POST', url: '/api/admin/dishes', payload: dishBody() }),
  },
  {
    kind: 'rest',
    method: 'PUT',
    route: '/api/admin/dishes/:id',
    access: 'admin',
    ok: [200],
    input: { part: 'body', schema: dishFieldsSchema },
    build: async (w) => ({ method: 'PUT', url: `/api/admin/dishes/${await menuDish(w)}`, payload: dishBody() }),
  },
  {
    kind: 'rest',
    method: 'PUT',
    route: '/api/admin/dishes/order',
    access: 'admin',
    ok: [200],
    input: { part: 'body', schema: dishOrderInputSchema },
    build: async (w) => ({ method: 'PUT', url: '/api/admin/dishes/order', payload: await beverageOrder(w) }),
  },
  get('/api/admin/menu-rules', 'admin'),
  {
    kind: 'rest',
    method: 'PUT',
    route: '/api/admin/menu-rules',
    access: 'admin',
    ok: [200],
    input: { part: 'body', schema: menuRulesInputSchema },
    build: () => ({ method: 'PUT', url: '/api/admin/menu-rules', payload: DEFAULT_MENU_RULES }),
  },
  {
    kind: 'rest',
    method: 'GET',
    route: '/api/bookings/:id/menu',
    access: 'admin',
    ok: [200],
    build: async (w) => ({ method: 'GET', url: `/api/bookings/${await w.booking('customerB')}/menu` }),
  },
  {
    kind: 'rest',
    method: 'PUT',
    route: '/api/bookings/:id/menu',
    access: 'admin',
    ok: [200],
    input: { part: 'body', schema: menuFieldsSchema },
    build: async (w) => {
      const id = await w.booking(null);
      return { method: 'PUT', url: `/api/bookings/${id}/menu`, payload: await menuBody(w, id) };
    },
  },
  ...(['', '.pdf'] as const).map((suffix): RestRow => ({
    kind: 'rest',
    method: 'GET',
    route: `/api/bookings/:id/event-order${suffix}`,
    access: 'admin',
    ok: [200],
    build: (w) => ({ method: 'GET', url: `/api/bookings/${w.ids.bookingWithProjectId}/event-order${suffix}` }),
  })),
  ...(['', '/pdf'] as const).map((suffix): RestRow => ({
    kind: 'rest',
    method: 'GET',
    route: `/api/supplier/event-orders/:id${suffix}`,
    access: 'supplier',
    ok: [200],
    owned: ownAward,
    build: (_w, _s, id) => ({ method: 'GET', url: `/api/supplier/event-orders/${id}${suffix}` }),
  })),
  ...(['', '/sheet.csv'] as const).map((suffix): RestRow => ({
    kind: 'rest',
    method: 'GET',
    route: `/api/admin/kitchen/:date${suffix}`,
    access: 'admin',
    ok: [200],
    build: () => ({ method: 'GET', url: `/api/admin/kitchen/${todayInIndia()}${suffix}` }),
  })),
  {
    kind: 'rest',
    method: 'GET',
    route: '/api/calendar/availability',
    access: 'public',
    ok: [200],
    input: { part: 'query', schema: availabilityQuerySchema },
    build: () => ({ method: 'GET', url: `/api/calendar/availability?month=${inDays(30).slice(0, 7)}&guests=100` }),
  },
  {
    kind: 'rest',
    method: 'GET',
    route: '/api/calendar/feed/:file',
    // Like the gateway's webhook, no bearer token opens it: only the secret in the URL (tested with the real one in
    // tests/server/staff-bookings.test.ts); every caller without it gets the same 401.
    access: 'signed',
    ok: [200],
    build: () => ({ method: 'GET', url: `/api/calendar/feed/${randomBytes(32).toString('base64url')}.ics` }),
  },
  {
    kind: 'rest',
    method: 'GET',
    route: '/api/admin/calendar/events',
    access: 'admin',
    ok: [200],
    input: { part: 'query', schema: calendarEventsQuerySchema },
    build: () => ({ method: 'GET', url: `/api/admin/calendar/events?from=${inDays(0)}&to=${inDays(30)}` }),
  },
  get('/api/admin/calendar/days', 'admin', { part: 'query', schema: calendarDaysQuerySchema }),
  {
    kind: 'rest',
    method: 'PUT',
    route: '/api/admin/calendar/days',
    access: 'admin',
    ok: [200],
    input: { part: 'body', schema: calendarDayInputSchema },
    build: () => ({ method: 'PUT', url: '/api/admin/calendar/days', payload: calendarDayBody() }),
  },
  {
    kind: 'rest',
    method: 'DELETE',
    route: '/api/admin/calendar/days/:date',
    access: 'admin',
    ok: [200],
    build: () => ({ method: 'DELETE', url: `/api/admin/calendar/days/${inDays(400)}` }),
  },
  get('/api/admin/calendar/feed', 'admin'),
  {
    kind: 'rest',
    method: 'POST',
    route: '/api/admin/calendar/feed',
    access: 'admin',
    ok: [201],
    build: () => ({ method: 'POST', url: '/api/admin/calendar/feed' }),
  },
  {
    kind: 'rest',
    method: 'DELETE',
    route: '/api/admin/calendar/feed',
    access: 'admin',
    ok: [200],
    build: () => ({ method: 'DELETE', url: '/api/admin/calendar/feed' }),
  },
  get('/api/admin/settings/operations', 'admin'),
  {
    kind: 'rest',
    method: 'PUT',
    route: '/api/admin/settings/operations',
    access: 'admin',
    ok: [200],
    input: { part: 'body', schema: operationsRulesInputSchema },
    build: () => ({ method: 'PUT', url: '/api/admin/settings/operations', payload: operationsRulesBody() }),
  },
  {
    kind: 'rest',
    method: 'POST',
    route: '/api/admin/bookings',
    access: 'admin',
    ok: [201],
    input: { part: 'body', schema: staffBookingInputSchema },
    build: () => ({ method: 'POST', url: '/api/admin/bookings', payload: staffBookingBody() }),
  },
  {
    kind: 'rest',
    method: 'PATCH',
    route: '/api/admin/bookings/:id/details',
    access: 'admin',
    ok: [200],
    input: { part: 'body', schema: eventDetailsFieldsSchema },
    build: async (w) => ({
      method: 'PATCH',
      url: `/api/admin/bookings/${await w.booking(null)}/details`,
      payload: { notes: `Call before 6 pm ${randomBytes(2).toString('hex')}` },
    }),
  },
  {
    kind: 'rest',
    method: 'POST',
    route: '/api/auth/login',
    access: 'public',
    ok: [200],
    input: { part: 'body', schema: loginInputSchema },
    build: async (w) => ({ method: 'POST', url: '/api/auth/login', payload: await loginCredentials(w) }),
  },
  { ...get('/api/auth/me', 'authed'), showsOwn: true },
  {
    kind: 'rest',
    method: 'POST',
    route: '/api/auth/verify-email',
    access: 'public',
    ok: [200],
    input: { part: 'body', schema: verifyEmailInputSchema },
    build: async (w) => ({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { token: await verifyEmailToken(w) },
    }),
  },
  {
    // The world has an admin, so the first-run door refuses every code for everyone (tests/server/first-run.test.ts
    // proves the working path); the row holds that no subject, signed in or not, gets past it.
    kind: 'rest',
    method: 'POST',
    route: '/api/setup/owner',
    access: 'public',
    ok: [400],
    input: { part: 'body', schema: ownerSetupInputSchema },
    build: () => ({ method: 'POST', url: '/api/setup/owner', payload: ownerSetupPayload() }),
  },
  {
    kind: 'rest',
    method: 'POST',
    route: '/api/auth/verify-email/resend',
    access: 'authed',
    ok: [202],
    after: reconfirm,
    build: async (w, subject) => {
      await setVerified(w, subject, false);
      return { method: 'POST', url: '/api/auth/verify-email/resend' };
    },
  },
  {
    kind: 'rest',
    method: 'POST',
    route: '/api/auth/login/second-step',
    access: 'public',
    ok: [200],
    input: { part: 'body', schema: secondStepInputSchema },
    build: async (w) => ({ method: 'POST', url: '/api/auth/login/second-step', payload: await secondStep(w) }),
  },
  get('/api/auth/second-factor', 'authed'),
  {
    kind: 'rest',
    method: 'POST',
    route: '/api/auth/second-factor/setup',
    access: 'admin',
    ok: [200],
    after: dropSecondFactor,
    build: () => ({ method: 'POST', url: '/api/auth/second-factor/setup' }),
  },
  {
    kind: 'rest',
    method: 'POST',
    route: '/api/auth/second-factor/confirm',
    access: 'admin',
    ok: [200],
    input: { part: 'body', schema: confirmSecondFactorInputSchema },
    after: dropSecondFactor,
    build: async (w, subject) => ({
      method: 'POST',
      url: '/api/auth/second-factor/confirm',
      payload: await confirmPayload(w, subject),
    }),
  },
  {
    // Nobody in the world has it on: every signed-in caller hears 409 "already off" (the working path is in
    // tests/server/second-factor.test.ts).
    kind: 'rest',
    method: 'POST',
    route: '/api/auth/second-factor/disable',
    access: 'authed',
    ok: [409],
    input: { part: 'body', schema: disableSecondFactorInputSchema },
    build: () => ({
      method: 'POST',
      url: '/api/auth/second-factor/disable',
      payload: { password: 'whatever-pass', code: '123456' },
    }),
  },
  {
    // Step-up for high-value admin actions: the admin's own password answers a 5-minute token.
    kind: 'rest',
    method: 'POST',
    route: '/api/auth/reauthenticate',
    access: 'admin',
    ok: [200],
    input: { part: 'body', schema: reauthenticateInputSchema },
    build: (_w, subject) => ({
      method: 'POST',
      url: '/api/auth/reauthenticate',
      payload: { password: subject.password ?? 'not-signed-in' },
    }),
  },
  {
    kind: 'rest',
    method: 'POST',
    route: '/api/auth/password/forgot',
    access: 'public',
    ok: [202],
    input: { part: 'body', schema: forgotPasswordInputSchema },
    build: () => ({ method: 'POST', url: '/api/auth/password/forgot', payload: { email: fresh('forgot') } }),
  },
  {
    kind: 'rest',
    method: 'POST',
    route: '/api/auth/password/reset',
    access: 'public',
    ok: [200],
    input: { part: 'body', schema: resetPasswordInputSchema },
    build: async (w) => ({
      method: 'POST',
      url: '/api/auth/password/reset',
      payload: { token: await resetToken(w), password: 'kesar-pista-kulfi' },
    }),
  },
  {
    kind: 'rest',
    method: 'POST',
    route: '/api/auth/password/change',
    access: 'authed',
    ok: [200],
    input: { part: 'body', schema: changePasswordInputSchema },
    after: restorePassword,
    build: (_w, subject) => ({
      method: 'POST',
      url: '/api/auth/password/change',
      payload: changePasswordPayload(subject),
    }),
  },
  {
    kind: 'rest',
    method: 'POST',
    route: '/api/auth/logout',
    access: 'authed',
    ok: [204],
    after: refreshAfterLogout,
    build: () => ({ method: 'POST', url: '/api/auth/logout' }),
  },
  get('/api/auth/sessions', 'authed'),
  {
    kind: 'rest',
    method: 'POST',
    route: '/api/auth/sessions/end-others',
    access: 'authed',
    ok: [200],
    build: () => ({ method: 'POST', url: '/api/auth/sessions/end-others' }),
  },
  {
    kind: 'rest',
    method: 'DELETE',
    route: '/api/auth/sessions/:id',
    access: 'authed',
    ok: [204],
    build: async (w, subject) => ({ method: 'DELETE', url: `/api/auth/sessions/${await otherSession(w, subject)}` }),
  },
  {
    kind: 'rest',
    method: 'POST',
    route: '/api/analytics/page-view',
    access: 'public',
    ok: [204],
    input: { part: 'body', schema: pageViewInputSchema },
    build: () => ({ method: 'POST', url: '/api/analytics/page-view', payload: { path: '/services' } }),
  },
  {
    kind: 'rest',
    method: 'POST',
    route: '/api/quotation/instant',
    access: 'public',
    ok: [200],
    input: { part: 'body', schema: instantQuoteInputSchema },
    build: () => ({ method: 'POST', url: '/api/quotation/instant', payload: quotePayload() }),
  },
  {
    kind: 'rest',
    method: 'POST',
    route: '/api/bookings',
    access: 'public',
    ok: [201],
    input: { part: 'body', schema: bookingInquiryInputSchema },
    build: () => ({ method: 'POST', url: '/api/bookings', payload: inquiryPayload() }),
  },
  {
    kind: 'rest',
    method: 'POST',
    route: '/api/vendor/register',
    access: 'public',
    ok: [201],
    input: { part: 'body', schema: vendorRegisterInputSchema },
    build: () => ({ method: 'POST', url: '/api/vendor/register', payload: vendorPayload() }),
  },
  {
    kind: 'rest',
    method: 'GET',
    route: '/api/payment/status/:order_id',
    access: 'public',
    ok: [200],
    build: (w) => ({ method: 'GET', url: `/api/payment/status/${w.ids.orderCode}` }),
  },
  {
    kind: 'rest',
    method: 'POST',
    route: '/api/payments/subscription-order',
    access: 'public',
    ok: [201],
    input: { part: 'body', schema: createSubscriptionOrderInputSchema },
    build: () => ({
      method: 'POST',
      url: '/api/payments/subscription-order',
      payload: { email: fresh('sub'), phone: '9826012345' },
    }),
  },
  {
    kind: 'rest',
    method: 'POST',
    route: '/api/payments/webhook/cashfree',
    access: 'signed',
    ok: [],
    build: () => ({
      method: 'POST',
      url: '/api/payments/webhook/cashfree',
      payload: {
        type: 'PAYMENT_SUCCESS_WEBHOOK',
        data: { order: { order_id: 'TKN-0' }, payment: { payment_status: 'SUCCESS' } },
      },
    }),
  },

  // WhatsApp Cloud API callbacks: the handshake needs the verify token (403 without), the events a signature.
  {
    kind: 'rest',
    method: 'GET',
    route: '/api/whatsapp/webhook',
    access: 'public',
    ok: [200, 403],
    build: () => ({
      method: 'GET',
      url: '/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=test-verify-token&hub.challenge=1158201444',
    }),
  },
  {
    kind: 'rest',
    method: 'POST',
    route: '/api/whatsapp/webhook',
    access: 'signed',
    ok: [],
    build: () => ({
      method: 'POST',
      url: '/api/whatsapp/webhook',
      payload: { object: 'whatsapp_business_account', entry: [] },
    }),
  },

  // Live notifications (admins and suppliers; a customer has no inbox).
  {
    kind: 'rest',
    method: 'GET',
    route: '/api/notifications/stream',
    access: 'inbox',
    ok: [200],
    build: () => ({ method: 'GET', url: '/api/notifications/stream', stream: true }),
  },

  // The customer's account.
  { ...get('/api/me/bookings', 'customer'), showsOwn: true },
  ...(['', '/refund-preview', '/quote.pdf'] as const).map((suffix): RestRow => ({
    kind: 'rest',
    method: 'GET',
    route: `/api/me/bookings/:id${suffix}`,
    access: 'customer',
    ok: [200],
    owned: ownBooking,
    build: (_w, _s, id) => ({ method: 'GET', url: `/api/me/bookings/${id}${suffix}` }),
  })),
  {
    kind: 'rest',
    method: 'POST',
    route: '/api/me/bookings/:id/cancel',
    access: 'customer',
    ok: [200],
    owned: ownBooking,
    build: (_w, _s, id) => ({ method: 'POST', url: `/api/me/bookings/${id}/cancel` }),
  },
  {
    kind: 'rest',
    method: 'POST',
    route: '/api/me/bookings/:id/change-date',
    access: 'customer',
    ok: [200],
    owned: ownBooking,
    input: { part: 'body', schema: changeDateFieldsSchema },
    build: (_w, _s, id) => ({
      method: 'POST',
      url: `/api/me/bookings/${id}/change-date`,
      payload: { new_date: inDays(90) },
    }),
  },
  {
    kind: 'rest',
    method: 'POST',
    route: '/api/payments/token-order',
    access: 'customer',
    ok: [201],
    owned: ownBooking,
    input: { part: 'body', schema: createTokenOrderInputSchema },
    build: (_w, _s, id) => ({ method: 'POST', url: '/api/payments/token-order', payload: { booking_id: id } }),
  },
  {
    kind: 'rest',
    method: 'POST',
    route: '/api/payments/instalment-order',
    access: 'customer',
    ok: [201],
    owned: ownConfirmedBooking,
    input: { part: 'body', schema: createTokenOrderInputSchema },
    build: (_w, _s, id) => ({ method: 'POST', url: '/api/payments/instalment-order', payload: { booking_id: id } }),
  },

  // The supplier portal.
  get('/api/supplier/dashboard', 'supplier'),
  { ...get('/api/supplier/notifications', 'supplier'), showsOwn: true },
  { ...get('/api/supplier/projects', 'supplier', { part: 'query', schema: pageInputSchema }), showsOwn: true },
  {
    kind: 'rest',
    method: 'POST',
    route: '/api/supplier/notifications/read-all',
    access: 'supplier',
    ok: [200],
    build: () => ({ method: 'POST', url: '/api/supplier/notifications/read-all' }),
  },
  {
    kind: 'rest',
    method: 'POST',
    route: '/api/supplier/notifications/:id/read',
    access: 'supplier',
    ok: [200],
    owned: ownNotification,
    build: (_w, _s, id) => ({ method: 'POST', url: `/api/supplier/notifications/${id}/read` }),
  },
  {
    kind: 'rest',
    method: 'POST',
    route: '/api/supplier/quote-submit',
    access: 'supplier',
    ok: [200, 201],
    owned: ownInvitation,
    input: { part: 'body', schema: submitQuoteInputSchema },
    build: (_w, s, id) => ({
      method: 'POST',
      url: '/api/supplier/quote-submit',
      payload: { booking_id: id, quoted_amount: 250000.5, notes: `Quote ${s.marker}`, items: [] },
    }),
  },

  // The admin dashboard.
  get('/api/dashboard/stats', 'admin'),
  get('/api/bookings', 'admin', { part: 'query', schema: adminBookingsQuerySchema }),
  {
    kind: 'rest',
    method: 'GET',
    route: '/api/bookings/:id',
    access: 'admin',
    ok: [200],
    build: async (w) => ({ method: 'GET', url: `/api/bookings/${await w.booking('customerA')}` }),
  },
  {
    kind: 'rest',
    method: 'PUT',
    route: '/api/bookings/:id/status',
    access: 'admin',
    ok: [200],
    input: { part: 'body', schema: setBookingStatusFieldsSchema },
    build: async (w) => ({
      method: 'PUT',
      url: `/api/bookings/${await w.booking(null)}/status`,
      payload: { status: 'confirmed' },
    }),
  },
  {
    kind: 'rest',
    method: 'PUT',
    route: '/api/bookings/:id/quote',
    access: 'admin',
    ok: [200],
    input: { part: 'body', schema: quotationFieldsSchema },
    build: async (w) => ({
      method: 'PUT',
      url: `/api/bookings/${await w.booking(null)}/quote`,
      payload: quotationPayload(),
    }),
  },
  {
    kind: 'rest',
    method: 'GET',
    route: '/api/bookings/:id/project',
    access: 'admin',
    ok: [200],
    build: (w) => ({ method: 'GET', url: `/api/bookings/${w.ids.bookingWithProjectId}/project` }),
  },
  {
    kind: 'rest',
    method: 'GET',
    route: '/api/bookings/:id/quote.pdf',
    access: 'admin',
    ok: [200],
    build: (w) => ({ method: 'GET', url: `/api/bookings/${w.ids.bookingWithProjectId}/quote.pdf` }),
  },
  get('/api/suppliers', 'admin', { part: 'query', schema: suppliersQuerySchema }),
  {
    kind: 'rest',
    method: 'POST',
    route: '/api/suppliers',
    access: 'admin',
    ok: [201],
    input: { part: 'body', schema: createSupplierInputSchema },
    build: () => ({ method: 'POST', url: '/api/suppliers', payload: supplierCreatePayload() }),
  },
  {
    kind: 'rest',
    method: 'PUT',
    route: '/api/suppliers/:id',
    access: 'admin',
    ok: [200],
    input: { part: 'body', schema: updateSupplierFieldsSchema },
    build: (w) => ({
      method: 'PUT',
      url: `/api/suppliers/${w.subjects.supplierB.supplierId}`,
      payload: { location: 'Indore' },
    }),
  },
  {
    kind: 'rest',
    method: 'GET',
    route: '/api/suppliers/:id/projects',
    access: 'admin',
    ok: [200],
    build: (w) => ({ method: 'GET', url: `/api/suppliers/${w.subjects.supplierA.supplierId}/projects` }),
  },
  get('/api/admin/customers', 'admin', { part: 'query', schema: customersQuerySchema }),
  {
    kind: 'rest',
    method: 'PUT',
    route: '/api/admin/customers/:id',
    access: 'admin',
    ok: [200],
    input: { part: 'body', schema: updateCustomerFieldsSchema },
    build: (w) => ({
      method: 'PUT',
      url: `/api/admin/customers/${w.ids.victimCustomerId}`,
      payload: { city: 'Ujjain' },
    }),
  },
  ...(['deactivate', 'activate'] as const).map((action): RestRow => ({
    kind: 'rest',
    method: 'PUT',
    route: `/api/admin/customers/:id/${action}`,
    access: 'admin',
    ok: [200],
    build: (w) => ({ method: 'PUT', url: `/api/admin/customers/${w.ids.victimCustomerId}/${action}` }),
  })),
  {
    kind: 'rest',
    method: 'PUT',
    route: '/api/admin/customers/:id/erase',
    access: 'admin',
    ok: [200],
    build: async (w) => ({ method: 'PUT', url: `/api/admin/customers/${(await w.customer()).id}/erase` }),
  },
  get('/api/admin/vendors/pending', 'admin', { part: 'query', schema: pendingVendorsQuerySchema }),
  {
    kind: 'rest',
    method: 'PUT',
    route: '/api/admin/vendors/:id/approve',
    access: 'admin',
    ok: [200],
    build: async (w) => ({ method: 'PUT', url: `/api/admin/vendors/${await w.pendingVendor()}/approve` }),
  },
  {
    kind: 'rest',
    method: 'PUT',
    route: '/api/admin/vendors/:id/reject',
    access: 'admin',
    ok: [200],
    build: async (w) => ({
      method: 'PUT',
      url: `/api/admin/vendors/${await w.pendingVendor()}/reject?reason=Incomplete%20documents`,
    }),
  },
  get('/api/admin/reports/summary', 'admin'),
  get('/api/admin/reports/customers', 'admin', { part: 'query', schema: reportQuerySchema }),
  get('/api/admin/reports/vendors', 'admin', { part: 'query', schema: reportQuerySchema }),
  get('/api/admin/reports/city-wise', 'admin'),
  get('/api/admin/reports/event-type-wise', 'admin'),
  get('/api/admin/reports/weekly', 'admin'),
  {
    kind: 'rest',
    method: 'POST',
    route: '/api/projects',
    access: 'admin',
    ok: [201],
    input: { part: 'query', schema: assignProjectInputSchema },
    build: async (w) => ({
      method: 'POST',
      url: `/api/projects?booking_id=${await w.booking(null)}&supplier_ids=${w.subjects.supplierA.supplierId}`,
    }),
  },
  {
    kind: 'rest',
    method: 'GET',
    route: '/api/projects/:id',
    access: 'admin',
    ok: [200],
    build: (w) => ({ method: 'GET', url: `/api/projects/${w.ids.projectId}` }),
  },
  {
    kind: 'rest',
    method: 'POST',
    route: '/api/projects/:id/award',
    access: 'admin',
    ok: [200],
    build: async (w) => ({
      method: 'POST',
      url: `/api/projects/${(await w.project(['supplierA'])).projectId}/award`,
      payload: { supplier_id: w.subjects.supplierA.supplierId },
    }),
  },
  {
    kind: 'rest',
    method: 'POST',
    route: '/api/projects/:id/close-quotes',
    access: 'admin',
    ok: [200],
    build: async (w) => ({
      method: 'POST',
      url: `/api/projects/${(await w.project(['supplierA'])).projectId}/close-quotes`,
    }),
  },
  get('/api/admin/notifications', 'admin'),
  {
    kind: 'rest',
    method: 'POST',
    route: '/api/admin/notifications/read-all',
    access: 'admin',
    ok: [200],
    build: () => ({ method: 'POST', url: '/api/admin/notifications/read-all' }),
  },
  {
    kind: 'rest',
    method: 'POST',
    route: '/api/admin/notifications/:id/read',
    access: 'admin',
    ok: [200],
    build: async (w) => ({ method: 'POST', url: `/api/admin/notifications/${await w.notification('admin')}/read` }),
  },
  get('/api/admin/payments', 'admin', { part: 'query', schema: adminPaymentsQuerySchema }),
  {
    kind: 'rest',
    method: 'PUT',
    route: '/api/admin/payments/:order_id/utr',
    access: 'admin',
    ok: [200],
    input: { part: 'body', schema: utrFieldsSchema },
    build: async (w) => ({ method: 'PUT', url: `/api/admin/payments/${await w.order()}/utr`, payload: { utr: utr() } }),
  },
  {
    kind: 'rest',
    method: 'GET',
    route: '/api/admin/bookings/:id/messages',
    access: 'admin',
    ok: [200],
    build: async (w) => ({ method: 'GET', url: `/api/admin/bookings/${await w.booking(null)}/messages` }),
  },
  {
    kind: 'rest',
    method: 'POST',
    route: '/api/admin/bookings/:id/messages',
    access: 'admin',
    ok: [201],
    input: { part: 'body', schema: bookingMessageFieldsSchema },
    build: async (w) => ({
      method: 'POST',
      url: `/api/admin/bookings/${await w.booking(null)}/messages`,
      payload: adminMessage(),
    }),
  },
  {
    kind: 'rest',
    method: 'GET',
    route: '/api/admin/bookings/:id/account',
    access: 'admin',
    ok: [200],
    build: async (w) => ({
      method: 'GET',
      url: `/api/admin/bookings/${await w.booking(null, confirmedNow())}/account`,
    }),
  },
  {
    kind: 'rest',
    method: 'POST',
    route: '/api/admin/bookings/:id/payments',
    access: 'admin',
    ok: [201],
    input: { part: 'body', schema: recordBookingPaymentFieldsSchema },
    build: async (w) => ({
      method: 'POST',
      url: `/api/admin/bookings/${await w.booking(null, confirmedNow())}/payments`,
      payload: { amount: 100, method: 'cash', reference: 'RCPT-1' },
    }),
  },
  {
    kind: 'rest',
    method: 'POST',
    route: '/api/admin/bookings/:id/payment-reminder',
    access: 'admin',
    ok: [201],
    build: async (w) => ({
      method: 'POST',
      url: `/api/admin/bookings/${await w.booking(null, confirmedNow())}/payment-reminder`,
    }),
  },
  get('/api/admin/settings/payment-rules', 'admin'),
  {
    kind: 'rest',
    method: 'PUT',
    route: '/api/admin/settings/payment-rules',
    access: 'admin',
    ok: [200],
    input: { part: 'body', schema: paymentRulesInputSchema },
    build: () => ({ method: 'PUT', url: '/api/admin/settings/payment-rules', payload: defaultPaymentRulesBody() }),
  },
  // GST documents and the accountant's reports (docs/gst.md). The matrix's business has no GSTIN: issuing is a 409.
  {
    kind: 'rest',
    method: 'GET',
    route: '/api/me/bookings/:id/gst',
    access: 'customer',
    ok: [200],
    owned: ownBooking,
    build: (_w, _s, id) => ({ method: 'GET', url: `/api/me/bookings/${id}/gst` }),
  },
  {
    kind: 'rest',
    method: 'PUT',
    route: '/api/me/bookings/:id/gst',
    access: 'customer',
    ok: [200],
    owned: ownBooking,
    input: { part: 'body', schema: bookingGstDetailsInputSchema },
    build: (_w, _s, id) => ({ method: 'PUT', url: `/api/me/bookings/${id}/gst`, payload: { venue_state_code: '23' } }),
  },
  {
    kind: 'rest',
    method: 'GET',
    route: '/api/me/bookings/:id/gst/:documentId/pdf',
    access: 'customer',
    ok: [200],
    owned: ownBooking,
    build: async (w, _s, id) => ({
      method: 'GET',
      url: `/api/me/bookings/${id}/gst/${(await documentOf(w, id)) ?? randomUUID()}/pdf`,
    }),
  },
  {
    kind: 'rest',
    method: 'GET',
    route: '/api/bookings/:id/gst',
    access: 'admin',
    ok: [200],
    build: (w) => ({ method: 'GET', url: `/api/bookings/${w.ids.bookingWithProjectId}/gst` }),
  },
  {
    kind: 'rest',
    method: 'PUT',
    route: '/api/bookings/:id/gst',
    access: 'admin',
    ok: [200],
    input: { part: 'body', schema: bookingGstDetailsInputSchema },
    build: async (w) => ({
      method: 'PUT',
      url: `/api/bookings/${await w.booking(null)}/gst`,
      payload: { venue_state_code: '23' },
    }),
  },
  {
    kind: 'rest',
    method: 'POST',
    route: '/api/bookings/:id/gst/invoice',
    access: 'admin',
    ok: [409],
    build: async (w) => ({ method: 'POST', url: `/api/bookings/${await w.booking(null)}/gst/invoice` }),
  },
  {
    kind: 'rest',
    method: 'POST',
    route: '/api/bookings/:id/gst/credit-notes',
    access: 'admin',
    ok: [409],
    input: { part: 'body', schema: issueCreditNoteFieldsSchema },
    build: async (w) => ({
      method: 'POST',
      url: `/api/bookings/${await w.booking(null)}/gst/credit-notes`,
      payload: { amount: 100, reason: 'Service short of what was agreed' },
    }),
  },
  {
    kind: 'rest',
    method: 'GET',
    route: '/api/admin/gst/documents/:id/pdf',
    access: 'admin',
    ok: [200],
    build: async (w) => {
      const bookingId = await w.booking(null);
      return { method: 'GET', url: `/api/admin/gst/documents/${await documentOf(w, bookingId, true)}/pdf` };
    },
  },
  get('/api/admin/settings/gst', 'admin'),
  {
    kind: 'rest',
    method: 'PUT',
    route: '/api/admin/settings/gst',
    access: 'admin',
    ok: [200],
    input: { part: 'body', schema: gstSettingsInputSchema },
    build: () => ({ method: 'PUT', url: '/api/admin/settings/gst', payload: defaultGstSettingsBody() }),
  },
  {
    ...get('/api/admin/gst/summary', 'admin', { part: 'query', schema: gstMonthQuerySchema }),
    build: () => ({ method: 'GET', url: `/api/admin/gst/summary?month=${todayInIndia().slice(0, 7)}` }),
  },
  {
    ...get('/api/admin/gst/gstr1.csv', 'admin', { part: 'query', schema: gstr1ExportQuerySchema }),
    build: () => ({ method: 'GET', url: `/api/admin/gst/gstr1.csv?month=${todayInIndia().slice(0, 7)}&table=b2cs` }),
  },
  get('/api/admin/refunds', 'admin', { part: 'query', schema: adminRefundsQuerySchema }),
  {
    kind: 'rest',
    method: 'PUT',
    route: '/api/admin/refunds/:id/paid',
    access: 'admin',
    ok: [200],
    input: { part: 'body', schema: markRefundPaidFieldsSchema },
    build: async (w) => ({
      method: 'PUT',
      url: `/api/admin/refunds/${await w.refund()}/paid`,
      payload: { reference: 'NEFT-1' },
    }),
  },
  get('/api/admin/receivables', 'admin', { part: 'query', schema: receivablesQuerySchema }),
  get('/api/admin/receivables.csv', 'admin', { part: 'query', schema: receivablesCsvQuerySchema }),
  {
    kind: 'rest',
    method: 'POST',
    route: '/api/admin/receivables/:id/release-date',
    access: 'admin',
    ok: [200],
    build: async (w) => ({ method: 'POST', url: `/api/admin/receivables/${await w.overdueBooking()}/release-date` }),
  },
  get('/api/admin/collections', 'admin', { part: 'query', schema: collectionsQuerySchema }),
  get('/api/admin/collections.csv', 'admin', { part: 'query', schema: collectionsCsvQuerySchema }),
  {
    kind: 'rest',
    method: 'POST',
    route: '/api/admin/subscriptions/:id/refund',
    access: 'admin',
    ok: [200],
    build: async (w) => ({ method: 'POST', url: `/api/admin/subscriptions/${await w.subscription()}/refund` }),
  },
];

/** A booking confirmed today with nothing paid: its booking amount is outstanding, so a reminder can be sent. */
const confirmedNow = () => ({ status: 'confirmed' as const, confirmedAt: new Date() });

const q = (path: string, access: Access, build: TrpcRow['build'] = () => undefined): TrpcRow => ({
  kind: 'trpc',
  path,
  access,
  ok: [200],
  build,
});

/** Every tRPC procedure with who may call it and a valid input (the matrix fails for one missing here). */
export const TRPC_ROWS: TrpcRow[] = [
  q('site.brand', 'public'),
  // Admins and suppliers; a customer has no inbox (403 inside the stream, as tRPC sends a subscription's errors).
  q('notifications.live', 'inbox', () => ({})),
  q('site.paymentTerms', 'public'),
  q('testimonials.list', 'public'),
  q('auth.register', 'public', () => registerPayload()),
  q('auth.login', 'public', (w) => loginCredentials(w)),
  { ...q('auth.me', 'authed'), showsOwn: true },
  { ...q('auth.createOwner', 'public', () => ownerSetupPayload()), ok: [400] },
  q('auth.verifyEmail', 'public', async (w) => ({ token: await verifyEmailToken(w) })),
  {
    ...q('auth.resendVerification', 'authed', async (w, subject) => {
      await setVerified(w, subject, false);
      return undefined;
    }),
    after: reconfirm,
  },
  q('auth.loginSecondStep', 'public', (w) => secondStep(w)),
  q('auth.secondFactorStatus', 'authed'),
  { ...q('auth.startSecondFactor', 'admin'), after: dropSecondFactor },
  {
    ...q('auth.confirmSecondFactor', 'admin', (w, subject) => confirmPayload(w, subject)),
    after: dropSecondFactor,
  },
  {
    ...q('auth.disableSecondFactor', 'authed', () => ({ password: 'whatever-pass', code: '123456' })),
    ok: [409],
  },
  q('auth.reauthenticate', 'admin', (_w, subject) => ({ password: subject.password ?? 'not-signed-in' })),
  q('auth.forgotPassword', 'public', () => ({ email: fresh('forgot') })),
  q('auth.resetPassword', 'public', async (w) => ({ token: await resetToken(w), password: 'kesar-pista-kulfi' })),
  {
    ...q('auth.changePassword', 'authed', (_w, subject) => changePasswordPayload(subject)),
    after: restorePassword,
  },
  { ...q('auth.logout', 'authed'), after: refreshAfterLogout },
  q('sessions.list', 'authed'),
  q('sessions.end', 'authed', async (w, subject) => ({ id: await otherSession(w, subject) })),
  q('sessions.endOthers', 'authed'),
  q('quote.instant', 'public', () => quotePayload()),
  q('bookings.createInquiry', 'public', () => inquiryPayload()),
  q('analytics.pageView', 'public', () => ({ path: '/' })),
  q('payments.status', 'public', (w) => ({ order_id: w.ids.orderCode })),
  q('payments.createSubscriptionOrder', 'public', () => ({ email: fresh('sub'), phone: '9826012345' })),
  q('vendor.register', 'public', () => vendorPayload()),

  { ...q('bookings.mine', 'customer'), showsOwn: true },
  { ...q('bookings.mineDetail', 'customer', (_w, _s, id) => ({ id })), owned: ownBooking },
  { ...q('bookings.refundPreview', 'customer', (_w, _s, id) => ({ id })), owned: ownBooking },
  { ...q('bookings.cancel', 'customer', (_w, _s, id) => ({ id })), owned: ownBooking },
  { ...q('bookings.changeDate', 'customer', (_w, _s, id) => ({ id, new_date: inDays(90) })), owned: ownBooking },
  { ...q('payments.createTokenOrder', 'customer', (_w, _s, id) => ({ booking_id: id })), owned: ownBooking },
  {
    ...q('payments.createInstalmentOrder', 'customer', (_w, _s, id) => ({ booking_id: id })),
    owned: ownConfirmedBooking,
  },
  { ...q('gst.mine', 'customer', (_w, _s, id) => ({ id })), owned: ownBooking },
  { ...q('gst.updateMine', 'customer', (_w, _s, id) => ({ id, venue_state_code: '23' })), owned: ownBooking },

  q('supplier.dashboard', 'supplier'),
  { ...q('supplier.notifications.list', 'supplier'), showsOwn: true },
  {
    ...q('supplier.notifications.markRead', 'supplier', (_w, _s, id) => ({ notification_id: id })),
    owned: ownNotification,
  },
  q('supplier.notifications.markAllRead', 'supplier'),
  { ...q('supplier.projects.list', 'supplier', () => ({ limit: 20 })), showsOwn: true },
  {
    ...q('supplier.quotes.submit', 'supplier', (_w, s, id) => ({
      booking_id: id,
      quoted_amount: 199999.99,
      notes: `Quote ${s.marker}`,
    })),
    owned: ownInvitation,
  },

  q('admin.stats', 'admin'),
  q('admin.bookings.list', 'admin', () => ({ limit: 50 })),
  q('admin.bookings.get', 'admin', async (w) => ({ id: await w.booking('customerB') })),
  q('admin.bookings.setStatus', 'admin', async (w) => ({ id: await w.booking(null), status: 'cancelled' })),
  q('admin.bookings.quote', 'admin', async (w) => ({ id: await w.booking(null), ...quotationPayload() })),
  q('admin.suppliers.list', 'admin', () => ({})),
  q('admin.suppliers.create', 'admin', () => supplierCreatePayload()),
  q('admin.suppliers.update', 'admin', (w) => ({
    id: w.subjects.supplierA.supplierId,
    data: { services: 'Thali, Chaat' },
  })),
  q('admin.suppliers.projects', 'admin', (w) => ({ id: w.subjects.supplierB.supplierId })),
  q('admin.customers.list', 'admin'),
  q('admin.customers.update', 'admin', (w) => ({ id: w.ids.victimCustomerId, data: { full_name: 'Victim Customer' } })),
  q('admin.customers.deactivate', 'admin', (w) => ({ id: w.ids.victimCustomerId })),
  q('admin.customers.activate', 'admin', (w) => ({ id: w.ids.victimCustomerId })),
  q('admin.customers.erase', 'admin', async (w) => ({ id: (await w.customer()).id })),
  q('admin.vendors.pending', 'admin'),
  q('admin.vendors.approve', 'admin', async (w) => ({ id: await w.pendingVendor() })),
  q('admin.vendors.reject', 'admin', async (w) => ({ id: await w.pendingVendor(), reason: 'No FSSAI licence' })),
  q('admin.reports.summary', 'admin'),
  q('admin.reports.customers', 'admin', () => ({ limit: 100 })),
  q('admin.reports.vendors', 'admin'),
  q('admin.reports.cityWise', 'admin'),
  q('admin.reports.eventTypeWise', 'admin'),
  q('admin.reports.weekly', 'admin'),
  q('admin.projects.assign', 'admin', async (w) => ({
    booking_id: await w.booking(null),
    supplier_ids: [w.subjects.supplierB.supplierId],
  })),
  q('admin.projects.get', 'admin', (w) => ({ project_id: w.ids.projectId })),
  q('admin.projects.forBooking', 'admin', (w) => ({ booking_id: w.ids.bookingWithProjectId })),
  q('admin.projects.award', 'admin', async (w) => ({
    project_id: (await w.project(['supplierB'])).projectId,
    supplier_id: w.subjects.supplierB.supplierId,
  })),
  q('admin.projects.closeQuotes', 'admin', async (w) => ({ project_id: (await w.project(['supplierB'])).projectId })),
  q('admin.notifications.list', 'admin'),
  q('admin.messages.forBooking', 'admin', async (w) => ({ booking_id: await w.booking(null) })),
  q('admin.messages.send', 'admin', async (w) => ({ booking_id: await w.booking(null), ...adminMessage() })),
  q('admin.notifications.markRead', 'admin', async (w) => ({ notification_id: await w.notification('admin') })),
  q('admin.notifications.markAllRead', 'admin'),
  q('admin.payments.list', 'admin', () => ({ status: 'all' })),
  q('admin.payments.recordUtr', 'admin', async (w) => ({ order_id: await w.order(), utr: utr() })),
  q('admin.payments.bookingAccount', 'admin', async (w) => ({ id: await w.booking(null, confirmedNow()) })),
  q('admin.payments.recordBookingPayment', 'admin', async (w) => ({
    id: await w.booking(null, confirmedNow()),
    amount: 100,
    method: 'cash',
    reference: 'RCPT-2',
  })),
  q('admin.payments.sendReminder', 'admin', async (w) => ({ id: await w.booking(null, confirmedNow()) })),
  q('admin.refunds.list', 'admin'),
  q('admin.refunds.markPaid', 'admin', async (w) => ({ id: await w.refund() })),
  q('admin.settings.paymentRules', 'admin'),
  q('admin.settings.updatePaymentRules', 'admin', () => defaultPaymentRulesBody()),
  q('calendar.availability', 'public', () => ({ month: inDays(30).slice(0, 7), guests: 100 })),
  q('admin.calendar.events', 'admin', () => ({ from: inDays(0), to: inDays(30) })),
  q('admin.calendar.days', 'admin', () => ({})),
  q('admin.calendar.saveDay', 'admin', () => calendarDayBody()),
  q('admin.calendar.removeDay', 'admin', () => ({ date: inDays(400) })),
  q('admin.calendar.feed', 'admin'),
  q('admin.calendar.createFeed', 'admin'),
  q('admin.calendar.revokeFeed', 'admin'),
  q('admin.settings.operationsRules', 'admin'),
  q('admin.settings.updateOperationsRules', 'admin', () => operationsRulesBody()),
  q('admin.bookings.create', 'admin', () => staffBookingBody()),
  q('admin.bookings.updateDetails', 'admin', async (w) => ({
    id: await w.booking(null),
    notes: `Call before 6 pm ${randomBytes(2).toString('hex')}`,
  })),
  q('admin.gst.settings', 'admin'),
  q('admin.gst.updateSettings', 'admin', () => defaultGstSettingsBody()),
  q('admin.gst.booking', 'admin', (w) => ({ id: w.ids.bookingWithProjectId })),
  q('admin.gst.updateBooking', 'admin', async (w) => ({ id: await w.booking(null), venue_state_code: '23' })),
  { ...q('admin.gst.issueInvoice', 'admin', async (w) => ({ id: await w.booking(null) })), ok: [409] },
  {
    ...q('admin.gst.issueCreditNote', 'admin', async (w) => ({
      id: await w.booking(null),
      amount: 100,
      reason: 'Service short of what was agreed',
    })),
    ok: [409],
  },
  q('admin.gst.summary', 'admin', () => ({ month: todayInIndia().slice(0, 7) })),
  q('admin.receivables.list', 'admin', () => ({ overdue: true })),
  q('admin.receivables.releaseDate', 'admin', async (w) => ({ id: await w.overdueBooking() })),
  q('admin.collections.list', 'admin'),
  q('admin.subscriptions.list', 'admin'),
  q('admin.subscriptions.refund', 'admin', async (w) => ({ id: await w.subscription() })),
  q('menus.catalogue', 'public'),
  { ...q('menus.mine', 'customer', (_w, _s, id) => ({ id })), owned: ownBooking },
  { ...q('menus.saveMine', 'customer', async (w, _s, id) => ({ id, ...(await menuBody(w, id)) })), owned: ownBooking },
  {
    ...q('menus.supplierEventOrder', 'supplier', (_w, _s, id) => ({ booking_id: id })),
    owned: ownAward,
  },
  q('admin.menus.dishes', 'admin', () => ({ include_retired: true })),
  q('admin.menus.createDish', 'admin', () => dishBody()),
  q('admin.menus.updateDish', 'admin', async (w) => ({ id: await menuDish(w), data: dishBody() })),
  q('admin.menus.reorder', 'admin', (w) => beverageOrder(w)),
  q('admin.menus.rules', 'admin'),
  q('admin.menus.updateRules', 'admin', () => DEFAULT_MENU_RULES),
  q('admin.menus.bookingMenu', 'admin', async (w) => ({ id: await w.booking('customerB') })),
  q('admin.menus.saveBookingMenu', 'admin', async (w) => {
    const id = await w.booking(null);
    return { id, ...(await menuBody(w, id)) };
  }),
  q('admin.menus.eventOrder', 'admin', (w) => ({ id: w.ids.bookingWithProjectId })),
  q('admin.menus.kitchenSheet', 'admin', () => ({ date: todayInIndia() })),
];

/** A date's own settings far ahead, so saving it changes no other row's day. */
function calendarDayBody() {
  return {
    date: inDays(400),
    max_events: 5,
    max_guests: null,
    closed_reason: null,
    surcharge_percent: 10,
    surcharge_reason: 'Peak wedding season',
  };
}

/** The shipped capacity and bid numbers (saving them changes nothing). */
function operationsRulesBody() {
  return { max_events_per_day: null, max_guests_per_day: null, supplier_budget_percent: 70, bid_floor_percent: 40 };
}

/** A phone booking for a new customer. */
function staffBookingBody() {
  return {
    client_name: 'Ramesh Agrawal',
    client_email: fresh('phone'),
    client_phone: '9826011111',
    source: 'phone',
    event_type: 'anniversary',
    event_name: `Agrawal anniversary ${randomBytes(2).toString('hex')}`,
    event_date: inDays(45),
    guest_count: 80,
    venue_type: 'banquet',
    location: 'Indore',
    pricing: 'package',
    tier: 'basic',
  };
}

/**
 * A GST receipt voucher of the booking, written as the issuing path writes it (its number from the series), so the
 * PDF doors have a document to print; `create` makes one, otherwise the booking's first one (or null: a missing id).
 */
async function documentOf(w: World, bookingId: string, create = false): Promise<string | null> {
  const { db } = w.t.deps;
  const [existing] = await db.select().from(gstDocuments).where(eq(gstDocuments.bookingId, bookingId)).limit(1);
  if (existing) return existing.id;
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId)).limit(1);
  if (!booking || (!create && !booking.userId)) return null;
  const serial = await nextSerial(db, 'receipt_voucher', 2026);
  const [row] = await db
    .insert(gstDocuments)
    .values({
      kind: 'receipt_voucher',
      financialYear: 2026,
      serial,
      number: gstDocumentNumber('receipt_voucher', 2026, serial),
      bookingId,
      issueDate: todayInIndia(),
      supplier: {
        legal_name: DEFAULT_BRAND.legalName,
        trade_name: DEFAULT_BRAND.name,
        address: DEFAULT_BRAND.address,
        state_code: '23',
        gstin: null,
        fssai: null,
        phone: DEFAULT_BRAND.phone,
        email: DEFAULT_BRAND.email,
      },
      recipient: {
        name: booking.clientName,
        company_name: null,
        gstin: null,
        address: null,
        state_code: '23',
        email: booking.clientEmail,
      },
      placeOfSupply: '23',
      intraState: true,
      sac: '996334',
      serviceKind: 'catering',
      description: 'Advance',
      ratePercent: 18,
      itc: true,
      taxablePaise: 846_61,
      cgstPaise: 76_19,
      sgstPaise: 76_19,
      igstPaise: 0,
      roundOffPaise: 1,
      totalPaise: 999_00,
      issuedBy: null,
    })
    .returning({ id: gstDocuments.id });
  return row!.id;
}

/** The GST settings' defaults as the admin's Settings form sends them (saving them changes nothing). */
function defaultGstSettingsBody() {
  return {
    business: {
      legal_name: DEFAULT_BRAND.legalName,
      trade_name: DEFAULT_BRAND.name,
      address: DEFAULT_BRAND.address,
      state_code: '23',
      gstin: null,
      fssai: null,
      package_sac: '996334',
    },
    rates: DEFAULT_GST_RATES.map((rate) => ({ ...rate })),
  };
}

/** The published schedule as the admin's Settings form sends it (saving it changes nothing). */
function defaultPaymentRulesBody() {
  const { booking_amount_paise, ...days } = DEFAULT_PAYMENT_RULES;
  return { booking_amount: booking_amount_paise / 100, ...days };
}

/** A well-formed id nothing has. */
export const missingId = () => randomUUID();

export function rowName(row: Row): string {
  return row.kind === 'rest' ? `${row.method} ${row.route}` : `trpc ${row.path}`;
}
