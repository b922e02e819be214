import type { TRPCError } from '@trpc/server';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/server/app';
import { analyticsEvents, auditLog, bookings, paymentOrders, testimonials } from '../../src/server/db/schema';
import { TESTIMONIALS_FRESH_MS } from '../../src/server/modules/testimonials/testimonials.service';
import { addDays, todayInIndia } from '../../src/shared/dates';
import type { BookingInquiryInput } from '../../src/shared/schemas/bookings';
import { createTestApp, testConfig, type TestApp } from './helpers/test-app';
import { outboxMails } from './helpers/fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const IPAD =
  'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, ' +
  'like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const EDGE =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, ' +
  'like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.0.0';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/** The payload the landing page's inquiry modal sends (docs/product.md#quotes "Booking/inquiry payload"). */
const inquiry = (
  overrides: Record<string, unknown> = {},
  requirements: Record<string, unknown> = {},
): BookingInquiryInput =>
  ({
    client_name: 'Farhan Qureshi',
    client_email: 'Farhan.Q@Example.in',
    client_phone: '98270 55555',
    event_type: 'corporate',
    event_name: 'Corporate Catering - Narmada Tech',
    event_date: addDays(todayInIndia(), 45),
    event_time: '19:30',
    venue_name: 'Brilliant Convention Centre',
    venue_address: 'Ring Road, Indore',
    requirements: {
      guest_count: 180,
      event_duration: '4 hours',
      catering_style: 'Buffet',
      special_requests: 'Jain food for 20 guests\nNo onion or garlic at one counter',
      budget_range: '₹2-3 lakh',
      company_name: 'Narmada Tech',
      decoration_required: true,
      entertainment_required: false,
      photography_required: false,
      ...requirements,
    },
    ...overrides,
  }) as BookingInquiryInput;

const postInquiry = (body: unknown) => t.app.inject({ method: 'POST', url: '/api/bookings', payload: body as object });

describe('POST /api/bookings (service inquiry)', () => {
  it('creates an inquiry booking and queues the acknowledgement', async () => {
    const res = await postInquiry(inquiry());
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      status: 'inquiry',
      message: 'Thank you! Your inquiry has been received. We will contact you soon with a customized quote.',
    });

    const [row] = await t.deps.db.select().from(bookings).where(eq(bookings.id, body.id));
    expect(row).toMatchObject({
      status: 'inquiry',
      source: 'inquiry',
      clientName: 'Farhan Qureshi',
      clientEmail: 'farhan.q@example.in',
      clientPhone: '+919827055555',
      eventType: 'corporate',
      eventName: 'Corporate Catering - Narmada Tech',
      eventDate: addDays(todayInIndia(), 45),
      eventTime: '19:30',
      venueName: 'Brilliant Convention Centre',
      venueAddress: 'Ring Road, Indore',
      guestCount: 180,
      pricingTier: null,
      finalAmountPaise: null,
      requirements: {
        event_duration: '4 hours',
        catering_style: 'Buffet',
        special_requests: 'Jain food for 20 guests\nNo onion or garlic at one counter',
        budget_range: '₹2-3 lakh',
        company_name: 'Narmada Tech',
        decoration_required: true,
        entertainment_required: false,
        photography_required: false,
      },
    });

    const [mail] = await outboxMails(t.deps, { to: 'farhan.q@example.in' });
    expect(mail).toMatchObject({
      template: 'inquiry_acknowledgement',
      status: 'pending',
      subject: 'We have received your inquiry: Corporate Catering - Narmada Tech',
    });
    expect(mail!.textBody).toContain('We will contact you soon with a customized quote.');
    expect(mail!.htmlBody).toContain('Jain food for 20 guests<br>No onion or garlic at one counter');

    const audit = await t.deps.db.select().from(auditLog).where(eq(auditLog.entityId, body.id));
    expect(audit).toMatchObject([{ action: 'booking.status_changed', data: { from: null, to: 'inquiry' } }]);
  });

  it('accepts an open date, an unknown guest count (0) and the spec defaults', async () => {
    const res = await postInquiry({
      client_name: 'Sunita Joshi',
      client_email: 'sunita@example.in',
      client_phone: '9425012345',
      event_type: 'grazing',
      event_name: 'Grazing Tables',
      event_date: null,
      requirements: { guest_count: 0 },
    });
    expect(res.statusCode).toBe(201);
    const [row] = await t.deps.db.select().from(bookings).where(eq(bookings.id, res.json().id));
    expect(row).toMatchObject({ eventDate: null, guestCount: null, eventTime: null, venueName: null });
    expect(row!.requirements).toEqual({
      decoration_required: true,
      entertainment_required: false,
      photography_required: false,
    });
    const [mail] = await outboxMails(t.deps, { to: 'sunita@example.in' });
    expect(mail!.textBody).toContain('Date: To be decided');
  });

  it.each<[string, BookingInquiryInput, (string | number)[]]>([
    ['no phone', inquiry({ client_phone: undefined }), ['body', 'client_phone']],
    ['a malformed e-mail', inquiry({ client_email: 'farhan@' }), ['body', 'client_email']],
    ['no name', inquiry({ client_name: '' }), ['body', 'client_name']],
    ['a past date', inquiry({ event_date: addDays(todayInIndia(), -1) }), ['body', 'event_date']],
    ['a malformed date', inquiry({ event_date: '2031-13-01' }), ['body', 'event_date']],
    ['an unknown event type', inquiry({ event_type: 'concert' }), ['body', 'event_type']],
    ['a negative guest count', inquiry({}, { guest_count: -1 }), ['body', 'requirements', 'guest_count']],
    ['a fractional guest count', inquiry({}, { guest_count: 2.5 }), ['body', 'requirements', 'guest_count']],
    ['over 10,000 guests', inquiry({}, { guest_count: 10_001 }), ['body', 'requirements', 'guest_count']],
    ['no guest count', inquiry({}, { guest_count: undefined }), ['body', 'requirements', 'guest_count']],
    [
      'over-long special requests',
      inquiry({}, { special_requests: 'x'.repeat(2001) }),
      ['body', 'requirements', 'special_requests'],
    ],
    [
      'a non-boolean flag',
      inquiry({}, { photography_required: 'yes' }),
      ['body', 'requirements', 'photography_required'],
    ],
    ['an over-long event name', inquiry({ event_name: 'x'.repeat(201) }), ['body', 'event_name']],
    ['no requirements', inquiry({ requirements: undefined }), ['body', 'requirements']],
  ])('answers 422 for %s', async (_name, body, loc) => {
    const res = await postInquiry(body);
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toContainEqual(expect.objectContaining({ loc }));
  });

  it('is the same service over tRPC (bookings.createInquiry)', async () => {
    const result = await t.caller().bookings.createInquiry(inquiry({ client_email: 'trpc.inquiry@example.in' }));
    expect(result.status).toBe('inquiry');
    const [row] = await t.deps.db.select().from(bookings).where(eq(bookings.id, result.id));
    expect(row).toMatchObject({ source: 'inquiry', clientEmail: 'trpc.inquiry@example.in' });
    await expect(t.caller().bookings.createInquiry(inquiry({ client_phone: '123' }))).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });

  it('leaves no booking behind when the acknowledgement cannot be queued', async () => {
    const email = 'ack.fails@example.in';
    await t.deps.db.execute(
      sql.raw(`ALTER TABLE email_outbox ADD CONSTRAINT test_ack_refuses CHECK (to_address <> '${email}')`),
    );
    try {
      const res = await postInquiry(inquiry({ client_email: email }));
      expect(res.statusCode).toBe(500);
      expect(await t.deps.db.select().from(bookings).where(eq(bookings.clientEmail, email))).toHaveLength(0);
    } finally {
      await t.deps.db.execute(sql`ALTER TABLE email_outbox DROP CONSTRAINT test_ack_refuses`);
    }
  });
});

describe('GET /api/testimonials', () => {
  beforeAll(async () => {
    const now = Date.now();
    await t.deps.db.insert(testimonials).values(
      Array.from({ length: 25 }, (_, i) => ({
        clientName: `Client ${i}`,
        eventType: 'wedding' as const,
        rating: (i % 5) + 1,
        review: `Review ${i}`,
        eventDate: addDays(todayInIndia(), -30 - i),
        // Every fourth one is not published.
        isPublished: i % 4 !== 0,
        createdAt: new Date(now - i * 3_600_000),
      })),
    );
  });

  it('answers a bare array of the 20 newest published testimonials', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/testimonials' });
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(Array.isArray(list)).toBe(true);
    expect(list).toHaveLength(18); // 25 less the 7 unpublished
    expect(list[0]).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      client_name: 'Client 1',
      event_type: 'wedding',
      rating: 2,
      review: 'Review 1',
      event_date: addDays(todayInIndia(), -31),
    });
    expect(list.map((x: { client_name: string }) => x.client_name)).not.toContain('Client 0');
    const order = list.map((x: { client_name: string }) => Number(x.client_name.split(' ')[1]));
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it('shows at most 20, and tRPC (testimonials.list) answers the same', async () => {
    await t.deps.db.update(testimonials).set({ isPublished: true });
    // The list is reused for TESTIMONIALS_FRESH_MS: the newly published ones appear once it is read again.
    expect((await t.app.inject({ method: 'GET', url: '/api/testimonials' })).json()).toHaveLength(18);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + TESTIMONIALS_FRESH_MS + 1 });
    try {
      const rest = (await t.app.inject({ method: 'GET', url: '/api/testimonials' })).json();
      expect(rest).toHaveLength(20);
      expect(await t.caller().testimonials.list()).toEqual(rest);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('page views', () => {
  const pageView = (path: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/analytics/page-view', payload: { path } as object, headers });
  const latestView = async () =>
    (
      await t.deps.db
        .select()
        .from(analyticsEvents)
        .where(eq(analyticsEvents.kind, 'page_view'))
        .orderBy(desc(analyticsEvents.createdAt))
        .limit(1)
    )[0];

  it('stores path, IP, browser family and device class', async () => {
    const res = await pageView('/book?eventType=wedding', { 'user-agent': IPAD });
    expect(res.statusCode).toBe(204);
    expect(await latestView()).toMatchObject({
      kind: 'page_view',
      path: '/book?eventType=wedding',
      ipAddress: '127.0.0.1',
      browser: 'Safari',
      device: 'tablet',
      eventType: 'wedding',
    });

    await pageView('/terms', { 'user-agent': EDGE });
    expect(await latestView()).toMatchObject({ path: '/terms', browser: 'Edge', device: 'desktop', eventType: null });
  });

  it('does not count crawlers, and keeps unknowns as null', async () => {
    const count = async () =>
      (await t.deps.db.select().from(analyticsEvents).where(eq(analyticsEvents.kind, 'page_view'))).length;
    const before = await count();
    expect((await pageView('/', { 'user-agent': GOOGLEBOT })).statusCode).toBe(204);
    expect(await count()).toBe(before);

    await pageView('/privacy-policy', { 'user-agent': 'curl/8.5.0' });
    expect(await latestView()).toMatchObject({ path: '/privacy-policy', browser: null, device: null });
  });

  it.each<[string, unknown]>([
    ['no leading slash', 'book'],
    ['over 200 characters', `/${'a'.repeat(200)}`],
    ['an empty path', ''],
    ['a missing path', undefined],
    ['a path with spaces', '/book now'],
    ['a number', 42],
  ])('answers 422 for %s', async (_name, path) => {
    const res = await pageView(path);
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0].loc).toEqual(['body', 'path']);
  });

  it('analytics.pageView records through tRPC with the caller context', async () => {
    const result = await t
      .caller({ request: { ip: '203.0.113.9', userAgent: EDGE } })
      .analytics.pageView({ path: '/vendor-register' });
    expect(result).toEqual({ recorded: true });
    expect(await latestView()).toMatchObject({ path: '/vendor-register', ipAddress: '203.0.113.9', browser: 'Edge' });
    const error = await t
      .caller()
      .analytics.pageView({ path: 'nope' })
      .catch((e: unknown) => e);
    expect((error as TRPCError).code).toBe('BAD_REQUEST');
  });

  it('honours X-Forwarded-For only behind the configured proxy', async () => {
    await pageView('/gallery-direct', { 'x-forwarded-for': '203.0.113.50' });
    expect(await latestView()).toMatchObject({ path: '/gallery-direct', ipAddress: '127.0.0.1' });

    // The same database behind a proxy at 127.0.0.1 (TRUST_PROXY): the client's address is taken from the header.
    const proxied = await buildApp(testConfig({ TRUST_PROXY: '127.0.0.1' }), {
      database: t.database,
      migrate: false,
      startWorkers: false,
    });
    try {
      const res = await proxied.inject({
        method: 'POST',
        url: '/api/analytics/page-view',
        payload: { path: '/behind-proxy' },
        headers: { 'x-forwarded-for': '203.0.113.50' },
      });
      expect(res.statusCode).toBe(204);
      expect(await latestView()).toMatchObject({ path: '/behind-proxy', ipAddress: '203.0.113.50' });
    } finally {
      await proxied.close();
    }
  });
});

describe('GET /api/payment/status/:order_id', () => {
  beforeAll(async () => {
    await t.deps.db.insert(paymentOrders).values([
      {
        orderCode: 'ORD-PAID-7F3K',
        purpose: 'token',
        amountPaise: 999_00,
        status: 'paid',
        provider: 'upi',
        paidAt: new Date(),
      },
      { orderCode: 'ORD-PEND-2Q9Z', purpose: 'subscription', amountPaise: 99_00, status: 'pending', provider: 'upi' },
      { orderCode: 'ORD-FAIL-8M1A', purpose: 'subscription', amountPaise: 99_50, status: 'failed', provider: 'upi' },
    ]);
  });

  it('answers 404 with the detail for an unknown order', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/payment/status/ORD-NOPE' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Payment order not found' });
    await expect(t.caller().payments.status({ order_id: 'ORD-NOPE' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Payment order not found',
    });
  });

  it.each([
    ['ORD-PAID-7F3K', { purpose: 'token', is_paid: true, payment_status: 'PAID', amount: 999 }],
    ['ORD-PEND-2Q9Z', { purpose: 'subscription', is_paid: false, payment_status: 'PENDING', amount: 99 }],
    ['ORD-FAIL-8M1A', { purpose: 'subscription', is_paid: false, payment_status: 'FAILED', amount: 99.5 }],
  ])('answers the status of %s', async (orderId, expected) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/payment/status/${orderId}` });
    expect(res.statusCode).toBe(200);
    // Orders of no booking: nothing to link to or to settle.
    const answer = { order_id: orderId, ...expected, booking_id: null, settled: null };
    expect(res.json()).toEqual(answer);
    expect(await t.caller().payments.status({ order_id: orderId })).toEqual(answer);
  });

  it('answers 422 for an absurd order id instead of querying', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/payment/status/${'x'.repeat(101)}` });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0].loc).toEqual(['path', 'order_id']);
  });
});
