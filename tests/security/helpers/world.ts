import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Role } from '../../../src/shared/domain';
import { addDays, todayInIndia } from '../../../src/shared/dates';
import {
  auditLog,
  notifications,
  paymentOrders,
  refunds,
  subscriptions,
  suppliers,
  users,
} from '../../../src/server/db/schema';
import { newOrderCode } from '../../../src/server/modules/payments/payment-orders.service';
import { makeBooking, makeProject } from '../../server/helpers/projects';
import { tokenFor } from '../../server/helpers/admin-fixtures';
import { makeUser, setUserActive } from '../../server/helpers/fixtures';
import { createTestApp, type TestApp } from '../../server/helpers/test-app';

export const SUBJECT_NAMES = [
  'anonymous',
  'customerA',
  'customerB',
  'pendingVendor',
  'rejectedVendor',
  'supplierA',
  'supplierB',
  'deactivated',
  'admin',
] as const;
export type SubjectName = (typeof SUBJECT_NAMES)[number];

export type Subject = {
  name: SubjectName;
  /** The role the account has; null for anonymous. */
  role: Role | null;
  /** Whether its token is expected to authenticate (pending, rejected and deactivated accounts: 401). */
  signedIn: boolean;
  token: string | null;
  userId: string | null;
  supplierId: string | null;
  email: string | null;
  password: string | null;
  /** A string that appears only in this subject's own data (name, e-mail, events, notes). */
  marker: string;
};

/**
 * The env the security suites build the app with (on top of the test defaults, which turn rate limits and load
 * shedding off: these suites send thousands of requests from one address, and the limits have their own tests):
 * the signed webhook on, with a gateway that is never reached.
 */
export const SECURITY_ENV: Record<string, string> = {
  PAYMENT_GATEWAY: 'cashfree',
  CASHFREE_APP_ID: 'test-app',
  CASHFREE_SECRET_KEY: 'test-secret',
  CASHFREE_WEBHOOK_SECRET: 'test-webhook-secret',
  // Nothing listens on port 1: a token order falls back to UPI at once, as it does when the gateway is down.
  CASHFREE_API_BASE: 'http://127.0.0.1:1/pg',
  // The WhatsApp webhook on (its signature checked), with a Cloud API that is never reached.
  WHATSAPP_ACCESS_TOKEN: 'test-token',
  WHATSAPP_PHONE_NUMBER_ID: '100000000000001',
  WHATSAPP_APP_SECRET: 'test-app-secret',
  WHATSAPP_VERIFY_TOKEN: 'test-verify-token',
  WHATSAPP_API_BASE: 'http://127.0.0.1:1/v21.0',
};

/** A marker: short, lower-case (e-mails are stored lower-cased), never a substring of another one. */
function marker(tag: string): string {
  return `zq${tag}${randomBytes(4).toString('hex')}q`;
}

export type World = {
  t: TestApp;
  subjects: Record<SubjectName, Subject>;
  /** Re-signs a subject's token with its account's current token version (after a logout). */
  refreshToken(name: SubjectName): Promise<void>;
  /** Objects every subject can be pointed at. */
  ids: {
    /** A customer no subject is, for the admin's customer actions. */
    victimCustomerId: string;
    bookingWithProjectId: string;
    projectId: string;
    orderCode: string;
  };
  /** A fresh pending vendor (supplier id) for approve/reject. */
  pendingVendor(): Promise<string>;
  /** A fresh customer account no subject is. */
  customer(): Promise<{ id: string; email: string }>;
  /** A fresh quoted booking a month ahead owned by the given customer (or nobody). */
  booking(owner?: SubjectName | null, overrides?: Parameters<typeof makeBooking>[1]): Promise<string>;
  /**
   * A fresh open project on a fresh booking, inviting the given suppliers (labelled with the marker of the only
   * invitee); answers the booking and project ids.
   */
  project(invitees: SubjectName[], marker?: string): Promise<{ bookingId: string; projectId: string }>;
  /** A notification for the supplier (or, for the admin, an admin notification), carrying its marker. */
  notification(owner: SubjectName): Promise<string>;
  /** A fresh open token order (its order code). */
  order(): Promise<string>;
  refund(): Promise<string>;
  /** A fresh booking confirmed 12 days ago and 60 days ahead, its advance overdue: its date may be released. */
  overdueBooking(): Promise<string>;
  subscription(status?: 'active' | 'pending'): Promise<string>;
  close(): Promise<void>;
};

const TAGS: Record<SubjectName, string> = {
  anonymous: 'anon',
  customerA: 'custa',
  customerB: 'custb',
  pendingVendor: 'pendv',
  rejectedVendor: 'rejv',
  supplierA: 'supa',
  supplierB: 'supb',
  deactivated: 'deact',
  admin: 'admin',
};

/**
 * One app on a fresh database with every subject of the authorization matrix and data tagged with each one's
 * marker: customers with their bookings, suppliers with their projects, quotes and notifications.
 */
export async function buildWorld(env: Record<string, string> = {}): Promise<World> {
  const t = await createTestApp({ ...SECURITY_ENV, ...env });
  const { deps } = t;
  const subjects = {} as Record<SubjectName, Subject>;

  const account = async (name: SubjectName, role: Role, options: Parameters<typeof makeUser>[1] = {}) => {
    const tag = marker(TAGS[name]);
    const user = await makeUser(deps, { ...options, role, email: `${tag}@example.in` });
    await deps.db
      .update(users)
      .set({ fullName: `Person ${tag}`, city: `City ${tag}` })
      .where(eq(users.id, user.id));
    if (user.supplierId) {
      await deps.db
        .update(suppliers)
        .set({
          name: `Contact ${tag}`,
          businessName: `Caterer ${tag}`,
          location: 'Indore',
          servicesOffered: `Thali ${tag}`,
        })
        .where(eq(suppliers.id, user.supplierId));
    }
    const subject: Subject = {
      name,
      role,
      signedIn: true,
      token: await tokenFor(deps, user.id),
      userId: user.id,
      supplierId: user.supplierId,
      email: user.email,
      password: user.password,
      marker: tag,
    };
    subjects[name] = subject;
    return subject;
  };

  subjects.anonymous = {
    name: 'anonymous',
    role: null,
    signedIn: false,
    token: null,
    userId: null,
    supplierId: null,
    email: null,
    password: null,
    marker: marker(TAGS.anonymous),
  };
  await account('customerA', 'customer');
  await account('customerB', 'customer');
  (await account('pendingVendor', 'supplier', { approval: 'pending' })).signedIn = false;
  (
    await account('rejectedVendor', 'supplier', { approval: 'rejected', rejectionReason: 'Incomplete documents' })
  ).signedIn = false;
  await account('supplierA', 'supplier');
  await account('supplierB', 'supplier');
  const deactivated = await account('deactivated', 'customer');
  // The token was issued while the account was active; the switch does not bump the token version, so only the
  // active flag stands between this token and the API.
  await setUserActive(deps, deactivated.userId!, false);
  deactivated.signedIn = false;
  await account('admin', 'admin');

  const booking: World['booking'] = async (owner = null, overrides = {}) => {
    const subject = owner ? subjects[owner] : null;
    const tag = subject?.marker ?? marker('nobody');
    const row = await makeBooking(deps, {
      userId: subject?.userId ?? null,
      clientEmail: subject?.email ?? `${tag}@example.in`,
      clientName: `Client ${tag}`,
      eventName: `Event ${tag} ${randomBytes(2).toString('hex')}`,
      eventDate: addDays(todayInIndia(), 60),
      venueName: `Venue ${tag}`,
      notes: `Notes ${tag}`,
      requirements: { special_requests: `Requests ${tag}` },
      ...overrides,
    });
    return row.id;
  };

  const project: World['project'] = async (invitees, tag) => {
    // A project for one supplier carries that supplier's marker: only it may see the event.
    const label = tag ?? (invitees.length === 1 ? subjects[invitees[0]!].marker : marker('proj'));
    const bookingId = (
      await makeBooking(deps, {
        clientName: `Client ${label}`,
        eventName: `Event ${label}`,
        eventDate: addDays(todayInIndia(), 60),
        requirements: { special_requests: `Requests ${label}` },
      })
    ).id;
    const row = await makeProject(deps, {
      bookingId,
      supplierIds: invitees.map((name) => subjects[name].supplierId!),
      autoAssignDate: new Date(Date.now() + 7 * 24 * 3600 * 1000),
    });
    return { bookingId, projectId: row.id };
  };

  const notification: World['notification'] = async (owner) => {
    const subject = subjects[owner];
    const kind = subject.role === 'admin' ? 'project_unassigned' : 'project_invitation';
    const [row] = await deps.db
      .insert(notifications)
      .values({
        supplierId: subject.supplierId,
        userId: subject.userId,
        kind,
        message: `New project: ${subject.marker}`,
      })
      .returning({ id: notifications.id });
    return row!.id;
  };

  const order: World['order'] = async () => {
    const bookingId = await booking(null);
    const code = newOrderCode('token');
    await deps.db.insert(paymentOrders).values({
      orderCode: code,
      purpose: 'token',
      bookingId,
      email: `payer.${randomBytes(3).toString('hex')}@example.in`,
      amountPaise: 999_00,
      provider: 'upi',
    });
    return code;
  };

  const refund: World['refund'] = async () => {
    const bookingId = await booking(null, { status: 'cancelled', cancelledBy: 'customer' });
    const [row] = await deps.db
      .insert(refunds)
      .values({ bookingId, amountPaise: 500_00, cancelledBy: 'customer', policy: { band: 'test' } })
      .returning({ id: refunds.id });
    return row!.id;
  };

  const overdueBooking: World['overdueBooking'] = async () => {
    const confirmedAt = new Date(`${addDays(todayInIndia(), -12)}T12:00:00+05:30`);
    const bookingId = await booking(null, { status: 'confirmed', confirmedAt });
    await deps.db.insert(auditLog).values({
      action: 'booking.status_changed',
      entityType: 'booking',
      entityId: bookingId,
      data: { from: 'quoted', to: 'confirmed' },
      createdAt: new Date(`${addDays(todayInIndia(), -12)}T12:00:00+05:30`),
    });
    return bookingId;
  };

  const subscription: World['subscription'] = async (status = 'active') => {
    const [row] = await deps.db
      .insert(subscriptions)
      .values({
        email: `sub.${randomBytes(3).toString('hex')}@example.in`,
        status,
        activatedAt: status === 'active' ? new Date() : null,
      })
      .returning({ id: subscriptions.id });
    return row!.id;
  };

  const pendingVendor: World['pendingVendor'] = async () =>
    (await makeUser(deps, { role: 'supplier', approval: 'pending' })).supplierId!;

  // The standing data: each customer's booking, each supplier's project, quote and notification.
  await booking('customerA');
  await booking('customerB');
  for (const name of ['supplierA', 'supplierB'] as const) {
    const { projectId } = await project([name], subjects[name].marker);
    await makeProject(deps, { supplierIds: [], autoAssignDate: new Date(Date.now() + 86_400_000) }); // an empty one too
    await notification(name);
    await t.deps.db.insert(notifications).values({
      supplierId: subjects[name].supplierId,
      projectId,
      kind: 'project_invitation',
      message: `Quote ${subjects[name].marker}`,
    });
  }
  const victim = await makeUser(deps, { role: 'customer' });
  const shared = await project(['supplierA', 'supplierB']);

  return {
    t,
    subjects,
    async refreshToken(name) {
      const subject = subjects[name];
      if (subject.userId) subject.token = await tokenFor(deps, subject.userId);
    },
    ids: {
      victimCustomerId: victim.id,
      bookingWithProjectId: shared.bookingId,
      projectId: shared.projectId,
      orderCode: await order(),
    },
    pendingVendor,
    customer: async () => makeUser(deps, { role: 'customer' }),
    booking,
    project,
    notification,
    order,
    refund,
    overdueBooking,
    subscription,
    close: () => t.close(),
  };
}
