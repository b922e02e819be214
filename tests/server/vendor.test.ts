import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsEvents, auditLog, suppliers, users } from '../../src/server/db/schema';
import { VENDOR_REGISTERED_MESSAGE } from '../../src/shared/schemas/vendor';
import { bearer, tokenFor, vendorPayload } from './helpers/admin-fixtures';
import { makeUser, type MadeUser, outboxMails } from './helpers/fixtures';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let admin: MadeUser;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await makeUser(t.deps, { role: 'admin' });
  adminToken = await tokenFor(t.deps, admin.id);
});
afterAll(async () => {
  await t?.close();
});

const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, ' +
  'like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';

const register = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/vendor/register', payload: payload as object, headers });
const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
const approve = (id: string, token = adminToken) =>
  t.app.inject({ method: 'PUT', url: `/api/admin/vendors/${id}/approve`, headers: bearer(token) });
const reject = (id: string, reason?: string, token = adminToken) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/admin/vendors/${id}/reject${reason === undefined ? '' : `?reason=${encodeURIComponent(reason)}`}`,
    headers: bearer(token),
  });

const supplierByEmail = async (email: string) =>
  (
    await t.deps.db
      .select()
      .from(suppliers)
      .where(sql`lower(${suppliers.email}) = ${email.toLowerCase()}`)
  )[0];
const userByEmail = async (email: string) =>
  (
    await t.deps.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
  )[0];
const mailsTo = (email: string) => outboxMails(t.deps, { to: email });

/** Registers a vendor over REST and answers its supplier id and e-mail. */
async function registered(overrides: Record<string, unknown> = {}) {
  const payload = vendorPayload(overrides);
  const res = await register(payload);
  expect(res.statusCode).toBe(201);
  return { id: res.json().supplier_id as string, email: payload.email, password: payload.password };
}

describe('POST /api/vendor/register', () => {
  it('creates an inactive supplier account pending approval, with its analytics event and acknowledgement', async () => {
    const payload = vendorPayload({
      email: 'Owner@Swaad-Sagar.Example.in',
      gst_number: '27aapfu0939f1zv',
      portfolio_link: 'www.instagram.com/swaadsagar',
      services_offered: 'Veg catering, Live counters , veg catering, Mithai',
    });
    const res = await register(payload, { 'user-agent': ANDROID });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({ message: VENDOR_REGISTERED_MESSAGE, supplier_id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(body.message).toMatch(/^Vendor registration submitted successfully!/);
    expect(JSON.stringify(body)).not.toMatch(/token|password/i);

    const user = await userByEmail('owner@swaad-sagar.example.in');
    expect(user).toMatchObject({
      email: 'owner@swaad-sagar.example.in',
      fullName: 'Pooja Chouhan',
      phone: '+919826011223',
      city: 'Indore',
      role: 'supplier',
      isActive: false,
    });
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/);

    const supplier = await supplierByEmail('owner@swaad-sagar.example.in');
    expect(supplier).toMatchObject({
      id: body.supplier_id,
      userId: user!.id,
      name: 'Pooja Chouhan',
      businessName: 'Swaad Sagar Caterers',
      phone: '+919826011223',
      location: 'Indore',
      businessAddress: '14, Scheme No. 54, Vijay Nagar, Indore 452010',
      services: ['Veg catering', 'Live counters', 'Mithai'],
      servicesOffered: 'Veg catering, Live counters , veg catering, Mithai',
      experienceYears: 5,
      gstNumber: '27AAPFU0939F1ZV',
      portfolioLink: 'https://www.instagram.com/swaadsagar',
      approvalStatus: 'pending',
      isActive: false,
      isVerified: false,
      rating: 0,
      rejectionReason: null,
    });

    const events = await t.deps.db
      .select()
      .from(analyticsEvents)
      .where(eq(analyticsEvents.supplierId, body.supplier_id));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      kind: 'vendor_registration',
      path: '/vendor-register',
      ipAddress: '127.0.0.1',
      browser: 'Chrome',
      device: 'mobile',
      city: 'Indore',
    });

    const all = await mailsTo('owner@swaad-sagar.example.in');
    expect(all.map((m) => m.template).sort()).toEqual(['vendor_registration_received', 'verify_email']);
    const mails = all.filter((m) => m.template === 'vendor_registration_received');
    expect(mails[0]).toMatchObject({ template: 'vendor_registration_received', status: 'pending' });
    expect(mails[0]!.subject).toBe('We have received your vendor application: Swaad Sagar Caterers');
    expect(mails[0]!.textBody).toContain('Dear Pooja Chouhan,');
    expect(mails[0]!.textBody).toContain('GST number: 27AAPFU0939F1ZV');
  });

  it('keeps the account unusable until approval: sign-in is a 403 saying so', async () => {
    const vendor = await registered();
    const res = await login(vendor.email, vendor.password);
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toMatch(/awaiting admin approval/);
  });

  it('applies the defaults for the optional fields', async () => {
    const { gst_number: _g, portfolio_link: _p, experience_years: _e, ...payload } = vendorPayload();
    const res = await register(payload);
    expect(res.statusCode).toBe(201);
    expect(await supplierByEmail(payload.email)).toMatchObject({
      experienceYears: 0,
      gstNumber: null,
      portfolioLink: null,
    });
    const empty = vendorPayload({ gst_number: '', portfolio_link: '', experience_years: null });
    expect((await register(empty)).statusCode).toBe(201);
    expect(await supplierByEmail(empty.email)).toMatchObject({
      experienceYears: 0,
      gstNumber: null,
      portfolioLink: null,
    });
  });

  it('answers 409 for an e-mail already used by any account or supplier, in any letter case', async () => {
    const vendor = await registered();
    const customer = await makeUser(t.deps);
    const [added] = await t.deps.db
      .insert(suppliers)
      .values({
        name: 'A',
        businessName: 'Added by admin',
        email: 'added.supplier@example.in',
        phone: '+919812345670',
        approvalStatus: 'approved',
        isActive: true,
      })
      .returning();
    for (const email of [vendor.email.toUpperCase(), customer.email, 'Added.Supplier@example.in']) {
      const res = await register(vendorPayload({ email }));
      expect(res.statusCode, email).toBe(409);
      expect(res.json()).toEqual({ detail: 'An account with this email already exists' });
    }
    expect(added).toBeDefined();
    const rows = await t.deps.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${vendor.email}`);
    expect(rows).toHaveLength(1);
  });

  it('creates one account when the same application is sent several times at once', async () => {
    const payload = vendorPayload();
    const answers = await Promise.all(Array.from({ length: 4 }, () => register(payload)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409]);
    expect(await t.deps.db.select().from(suppliers).where(eq(suppliers.email, payload.email))).toHaveLength(1);
  });

  it('ignores fields that would grant access or change the outcome', async () => {
    const payload = vendorPayload({
      role: 'admin',
      approval_status: 'approved',
      is_active: true,
      is_verified: true,
      supplier_id: '00000000-0000-4000-8000-000000000000',
      user_id: admin.id,
      rating: 5,
      token_version: 99,
    });
    const res = await register(payload);
    expect(res.statusCode).toBe(201);
    expect(res.json().supplier_id).not.toBe('00000000-0000-4000-8000-000000000000');
    expect(await userByEmail(payload.email)).toMatchObject({ role: 'supplier', isActive: false, tokenVersion: 0 });
    expect(await supplierByEmail(payload.email)).toMatchObject({
      approvalStatus: 'pending',
      isActive: false,
      isVerified: false,
      rating: 0,
    });
    expect((await supplierByEmail(payload.email))!.userId).not.toBe(admin.id);
  });

  it.each<[string, Record<string, unknown>, string, string | RegExp]>([
    ['an invalid GSTIN check character', { gst_number: '27AAPFU0939F1ZW' }, 'gst_number', /GST number is not valid/],
    [
      'a GSTIN with an unknown state code',
      { gst_number: '99AAPFU0939F1ZV' },
      'gst_number',
      'GST number must start with a valid state code',
    ],
    ['a short GSTIN', { gst_number: '27AAPFU0939' }, 'gst_number', 'GST number must be 15 characters'],
    ['a 5-character password', { password: '12345' }, 'password', 'Password must be at least 6 characters long'],
    [
      '51 years of experience',
      { experience_years: 51 },
      'experience_years',
      'Experience must be between 0 and 50 years',
    ],
    ['experience as text', { experience_years: '5' }, 'experience_years', 'Experience must be a number of years'],
    ['a javascript: portfolio link', { portfolio_link: 'javascript:alert(1)' }, 'portfolio_link', /valid website link/],
    ['a blank business address', { business_address: '   ' }, 'business_address', 'Business address is required'],
    ['no services', { services_offered: '' }, 'services_offered', 'Services offered is required'],
    ['a short phone number', { phone: '98260 1122' }, 'phone', 'Enter a valid 10-digit Indian mobile number'],
    ['a malformed e-mail', { email: 'vendor@' }, 'email', 'Enter a valid email address'],
  ])('answers 422 naming the field for %s', async (_name, overrides, field, msg) => {
    const payload = vendorPayload(overrides);
    const res = await register(payload);
    expect(res.statusCode).toBe(422);
    const { detail } = res.json();
    expect(detail).toContainEqual({ loc: ['body', field], msg: expect.stringMatching(msg), type: expect.any(String) });
    expect(
      await t.deps.db
        .select()
        .from(users)
        .where(eq(users.email, String(payload.email).toLowerCase())),
    ).toHaveLength(0);
  });

  it('answers 422 for each missing required field', async () => {
    for (const field of [
      'email',
      'password',
      'contact_person',
      'business_name',
      'phone',
      'business_address',
      'location',
      'services_offered',
    ]) {
      const { [field]: _omitted, ...payload } = vendorPayload();
      const res = await register(payload);
      expect(res.statusCode, field).toBe(422);
      expect(res.json().detail[0].loc).toEqual(['body', field]);
    }
  });

  it('leaves nothing behind when a step of the registration fails', async () => {
    const email = 'rollback.vendor@example.in';
    // A real database failure in the last step (the outbox insert), after the user, supplier and event rows.
    await t.deps.db.execute(
      sql.raw(`
      CREATE FUNCTION fail_outbox_insert() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.to_address = '${email}' THEN RAISE EXCEPTION 'outbox unavailable'; END IF;
        RETURN NEW;
      END $$
    `),
    );
    await t.deps.db.execute(
      sql.raw(
        'CREATE TRIGGER fail_outbox_insert BEFORE INSERT ON ' +
          'email_outbox FOR EACH ROW EXECUTE FUNCTION fail_outbox_insert()',
      ),
    );
    try {
      const res = await register(vendorPayload({ email, location: 'Rollbackpur' }));
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ detail: 'Internal server error', request_id: expect.any(String) });
      expect(await userByEmail(email)).toBeUndefined();
      expect(await supplierByEmail(email)).toBeUndefined();
      expect(
        await t.deps.db.select().from(analyticsEvents).where(eq(analyticsEvents.city, 'Rollbackpur')),
      ).toHaveLength(0);
      expect(await mailsTo(email)).toHaveLength(0);
    } finally {
      await t.deps.db.execute(sql.raw('DROP TRIGGER fail_outbox_insert ON email_outbox'));
      await t.deps.db.execute(sql.raw('DROP FUNCTION fail_outbox_insert()'));
    }
    // The same application goes through once the failure is gone.
    expect((await register(vendorPayload({ email }))).statusCode).toBe(201);
  });
});

describe('vendor.register (tRPC)', () => {
  it('registers with the same rules and records the caller as the visitor', async () => {
    const payload = vendorPayload();
    const result = await t.caller({ request: { ip: '203.0.113.9', userAgent: ANDROID } }).vendor.register(payload);
    expect(result).toEqual({ message: VENDOR_REGISTERED_MESSAGE, supplier_id: expect.any(String) });
    const [event] = await t.deps.db
      .select()
      .from(analyticsEvents)
      .where(eq(analyticsEvents.supplierId, result.supplier_id));
    expect(event).toMatchObject({ kind: 'vendor_registration', ipAddress: '203.0.113.9', device: 'mobile' });
    await expect(t.caller().vendor.register(payload)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'An account with this email already exists',
    });
    await expect(
      t.caller().vendor.register({ ...vendorPayload(), gst_number: '27AAPFU0939F1ZW' }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });
});

describe('GET /api/admin/vendors/pending', () => {
  it('lists pending applications only, oldest first, with the spec fields', async () => {
    const approvedVendor = await makeUser(t.deps, { role: 'supplier', approval: 'approved' });
    const first = await registered({ business_name: 'First Pending Caterers' });
    const second = await registered({ business_name: 'Second Pending Decor' });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/vendors/pending?limit=500',
      headers: bearer(adminToken),
    });
    expect(res.statusCode).toBe(200);
    const list = res.json() as { id: string; created_at: string }[];
    expect(Array.isArray(list)).toBe(true);
    const [{ n }] = (await t.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(suppliers)
      .where(eq(suppliers.approvalStatus, 'pending'))) as [{ n: number }];
    expect(list).toHaveLength(n);
    expect(res.headers['x-total-count']).toBe(String(n));
    expect(list.map((v) => v.id)).not.toContain(approvedVendor.supplierId);
    expect(list.map((v) => v.id).indexOf(first.id)).toBeLessThan(list.map((v) => v.id).indexOf(second.id));
    const sorted = [...list].sort((a, b) => a.created_at.localeCompare(b.created_at));
    expect(list.map((v) => v.id)).toEqual(sorted.map((v) => v.id));

    const entry = list.find((v) => v.id === second.id);
    expect(entry).toEqual({
      id: second.id,
      business_name: 'Second Pending Decor',
      contact_person: 'Pooja Chouhan',
      email: second.email,
      phone: '+919826011223',
      location: 'Indore',
      experience_years: 5,
      business_address: '14, Scheme No. 54, Vijay Nagar, Indore 452010',
      services_offered: 'Veg catering, Live counters, Mithai',
      gst_number: '27AAPFU0939F1ZV',
      portfolio_link: 'https://swaad.example.in',
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      email_verified: false,
    });

    const paged = await t.app.inject({
      method: 'GET',
      url: '/api/admin/vendors/pending?limit=1&offset=1',
      headers: bearer(adminToken),
    });
    expect(paged.json()).toHaveLength(1);
    expect(paged.json()[0].id).toBe(list[1]!.id);
  });
});

describe('PUT /api/admin/vendors/{id}/approve', () => {
  it('approves, activates and verifies the vendor, lets it sign in, audits and e-mails', async () => {
    const vendor = await registered({ business_name: 'Approve Me Caterers' });
    const res = await approve(vendor.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Vendor approved successfully!',
      supplier: expect.objectContaining({
        id: vendor.id,
        business_name: 'Approve Me Caterers',
        approval_status: 'approved',
        is_active: true,
        is_verified: true,
        services: ['Veg catering', 'Live counters', 'Mithai'],
        total_projects: 0,
      }),
    });
    expect(await userByEmail(vendor.email)).toMatchObject({ isActive: true });
    expect((await supplierByEmail(vendor.email))!.reviewedAt).toBeInstanceOf(Date);

    const signIn = await login(vendor.email, vendor.password);
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().user.role).toBe('supplier');
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(signIn.json().access_token) });
    expect(me.statusCode).toBe(200);

    const audit = await t.deps.db.select().from(auditLog).where(eq(auditLog.entityId, vendor.id));
    expect(audit).toMatchObject([{ action: 'vendor.approved', entityType: 'supplier', actorUserId: admin.id }]);
    const mails = await mailsTo(vendor.email);
    expect(mails.map((m) => m.template).sort()).toEqual([
      'vendor_approved',
      'vendor_registration_received',
      'verify_email',
    ]);
    expect(mails.find((m) => m.template === 'vendor_approved')!.textBody).toContain(
      'Approve Me Caterers is now an approved vendor partner',
    );

    const pending = await t.app.inject({
      method: 'GET',
      url: '/api/admin/vendors/pending?limit=500',
      headers: bearer(adminToken),
    });
    expect(pending.json().map((v: { id: string }) => v.id)).not.toContain(vendor.id);
  });

  it('answers 409 for a second approve, or a reject after approve, and changes nothing', async () => {
    const vendor = await registered();
    expect((await approve(vendor.id)).statusCode).toBe(200);
    const again = await approve(vendor.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: 'This vendor has already been approved' });
    const rejectAfter = await reject(vendor.id, 'Changed my mind');
    expect(rejectAfter.statusCode).toBe(409);
    expect(await supplierByEmail(vendor.email)).toMatchObject({
      approvalStatus: 'approved',
      isActive: true,
      rejectionReason: null,
    });
    expect(await t.deps.db.select().from(auditLog).where(eq(auditLog.entityId, vendor.id))).toHaveLength(1);
    expect((await mailsTo(vendor.email)).filter((m) => m.template === 'vendor_approved')).toHaveLength(1);
  });

  it('answers 409 for a supplier an admin added (already approved)', async () => {
    const [added] = await t.deps.db
      .insert(suppliers)
      .values({
        name: 'B',
        businessName: 'Admin Added',
        email: 'admin.added.b@example.in',
        phone: '+919812345671',
        approvalStatus: 'approved',
        isActive: true,
      })
      .returning();
    expect((await approve(added!.id)).statusCode).toBe(409);
  });

  it('takes an empty body labelled JSON as no body: 401 signed out, 403 to a supplier, 200 to the admin', async () => {
    const vendor = await registered();
    const put = (url: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'PUT', url, headers: { ...headers, 'content-type': 'application/json' } });
    const approveUrl = `/api/admin/vendors/${vendor.id}/approve`;
    expect((await put(approveUrl)).statusCode).toBe(401);
    const supplier = await makeUser(t.deps, { role: 'supplier', approval: 'approved' });
    expect((await put(approveUrl, bearer(await tokenFor(t.deps, supplier.id)))).statusCode).toBe(403);
    expect((await put(approveUrl, bearer(adminToken))).json()).toMatchObject({
      message: 'Vendor approved successfully!',
    });
    const other = await registered();
    const rejected = await put(`/api/admin/vendors/${other.id}/reject?reason=Incomplete`, bearer(adminToken));
    expect(rejected.statusCode).toBe(200);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    const unknown = await approve('00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: 'Vendor not found' });
    expect((await approve('not-a-uuid')).statusCode).toBe(404);
  });

  it('lets exactly one of two simultaneous decisions win', async () => {
    const vendor = await registered();
    const [a, r] = await Promise.all([approve(vendor.id), reject(vendor.id, 'Duplicate application')]);
    expect([a.statusCode, r.statusCode].sort()).toEqual([200, 409]);
    const row = await supplierByEmail(vendor.email);
    expect(row!.approvalStatus).toBe(a.statusCode === 200 ? 'approved' : 'rejected');
    expect(await t.deps.db.select().from(auditLog).where(eq(auditLog.entityId, vendor.id))).toHaveLength(1);
  });
});

describe('the admins’ alert of a vendor application', () => {
  /** The unread alerts naming `business` in an admin's notifications. */
  const unreadAbout = async (token: string, business: string) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/notifications', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    return (res.json() as { kind: string; message: string; read: boolean }[]).filter(
      (n) => n.kind === 'vendor_application' && n.message.includes(business) && !n.read,
    );
  };

  it('is settled for every admin once one approves or rejects the application, and only that one', async () => {
    const second = await makeUser(t.deps, { role: 'admin' });
    const secondToken = await tokenFor(t.deps, second.id);
    const approved = await registered({ business_name: 'Alert Approved Caterers' });
    const rejected = await registered({ business_name: 'Alert Rejected Caterers' });
    await registered({ business_name: 'Alert Waiting Caterers' });
    for (const token of [adminToken, secondToken]) {
      for (const name of ['Alert Approved', 'Alert Rejected', 'Alert Waiting']) {
        expect(await unreadAbout(token, name)).toHaveLength(1);
      }
    }

    expect((await approve(approved.id, secondToken)).statusCode).toBe(200);
    expect((await reject(rejected.id, 'No FSSAI licence on file')).statusCode).toBe(200);
    for (const token of [adminToken, secondToken]) {
      expect(await unreadAbout(token, 'Alert Approved')).toEqual([]);
      expect(await unreadAbout(token, 'Alert Rejected')).toEqual([]);
      expect(await unreadAbout(token, 'Alert Waiting')).toHaveLength(1);
    }
    // A second decision is refused and changes nothing.
    expect((await approve(rejected.id)).statusCode).toBe(409);
    expect(await unreadAbout(adminToken, 'Alert Waiting')).toHaveLength(1);
  });
});

describe('PUT /api/admin/vendors/{id}/reject', () => {
  it('requires a reason of 1 to 500 characters (422)', async () => {
    const vendor = await registered();
    for (const reason of [undefined, '', '   ', 'x'.repeat(501)]) {
      const res = await reject(vendor.id, reason);
      expect(res.statusCode, String(reason)).toBe(422);
      expect(res.json().detail[0]).toMatchObject({ loc: ['query', 'reason'] });
    }
    expect(await supplierByEmail(vendor.email)).toMatchObject({ approvalStatus: 'pending' });
  });

  it('rejects with the reason: sign-in says why, the vendor is e-mailed, the decision audited', async () => {
    const vendor = await registered({ business_name: 'Reject Me Caterers' });
    const reason = 'No FSSAI licence & no GST registration; please re-apply with both.';
    const res = await reject(vendor.id, reason);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Vendor rejected',
      supplier: expect.objectContaining({
        id: vendor.id,
        approval_status: 'rejected',
        is_active: false,
        is_verified: false,
      }),
    });
    expect(await supplierByEmail(vendor.email)).toMatchObject({ approvalStatus: 'rejected', rejectionReason: reason });
    expect(await userByEmail(vendor.email)).toMatchObject({ isActive: false });

    const signIn = await login(vendor.email, vendor.password);
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().detail).toBe(`Your vendor application was not approved. Reason: ${reason}`);

    const [mail] = (await mailsTo(vendor.email)).filter((m) => m.template === 'vendor_rejected');
    expect(mail!.textBody).toContain(reason);
    expect(mail!.htmlBody).toContain('No FSSAI licence &amp; no GST registration');
    const audit = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, vendor.id), eq(auditLog.action, 'vendor.rejected')));
    expect(audit).toMatchObject([{ actorUserId: admin.id, data: { reason } }]);

    const again = await reject(vendor.id, 'Again');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: 'This vendor has already been rejected' });
    expect((await approve(vendor.id)).statusCode).toBe(409);
    expect(await supplierByEmail(vendor.email)).toMatchObject({ approvalStatus: 'rejected', rejectionReason: reason });
  });

  it('answers 404 for an unknown vendor', async () => {
    const res = await reject('00000000-0000-4000-8000-000000000000', 'Unknown');
    expect(res.statusCode).toBe(404);
  });
});

describe('admin.vendors (tRPC)', () => {
  it('lists, approves and rejects through the same service', async () => {
    const caller = t.caller({ token: adminToken });
    const one = await registered();
    const two = await registered();
    const page = await caller.admin.vendors.pending({ limit: 500 });
    expect(page.items.map((v) => v.id)).toEqual(expect.arrayContaining([one.id, two.id]));
    expect(page.total).toBe(page.items.length);

    expect((await caller.admin.vendors.approve({ id: one.id })).supplier.approval_status).toBe('approved');
    await expect(caller.admin.vendors.approve({ id: one.id })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'This vendor has already been approved',
    });
    await expect(caller.admin.vendors.reject({ id: two.id, reason: ' ' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    expect(
      (await caller.admin.vendors.reject({ id: two.id, reason: 'Out of service area' })).supplier.approval_status,
    ).toBe('rejected');
    await expect(caller.admin.vendors.approve({ id: '00000000-0000-4000-8000-000000000000' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});
