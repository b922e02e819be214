/**
 * `npm run bench:data -- --bookings 100000 --suppliers 20000 --customers 50000 --events 2000000
 * --invitations-per-supplier 10000`: fills the PostgreSQL database named by DATABASE_URL (migrated first) with
 * realistic rows for the benchmarks. Everything is generated inside PostgreSQL with `INSERT … SELECT … FROM
 * generate_series`, so no row crosses the wire; ids are deterministic UUIDs, so foreign keys line up without
 * lookups and two runs with the same sizes produce the same data.
 *
 * The target database must be empty (or pass --reset to empty it first).
 */
import { pathToFileURL } from 'node:url';
import postgres from 'postgres';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { runMigrations } from '../../src/server/db/migrate';
import { hashPassword } from '../../src/server/lib/password';
import { EVENT_TYPES, PRICING_TIERS, VENUE_TYPES } from '../../src/shared/domain';

export type DataSizes = {
  bookings: number;
  suppliers: number;
  customers: number;
  events: number;
  /** Invitations (and as many notifications) of each of the benchmark suppliers. */
  invitationsPerSupplier: number;
};

export const FULL_SIZES: DataSizes = {
  bookings: 100_000,
  suppliers: 20_000,
  customers: 50_000,
  events: 2_000_000,
  invitationsPerSupplier: 10_000,
};

/** The password of every generated account. */
export const BENCH_PASSWORD = 'Bench@Pass-2026';
export const BENCH_ADMIN_EMAIL = 'admin@bench.annapurna-events.in';
/** The first suppliers are approved, active, have a login and carry `invitationsPerSupplier` invitations each. */
export const BENCH_SUPPLIER_COUNT = 5;
export const benchSupplierEmail = (i: number) => `supplier${i}@bench.annapurna-events.in`;
export const benchCustomerEmail = (i: number) => `customer${i}@bench.annapurna-events.in`;

const FIRST_NAMES = [
  'Aarav',
  'Vivaan',
  'Aditya',
  'Vihaan',
  'Arjun',
  'Sai',
  'Reyansh',
  'Ayaan',
  'Krishna',
  'Ishaan',
  'Rohan',
  'Rahul',
  'Amit',
  'Vikram',
  'Sanjay',
  'Rajesh',
  'Suresh',
  'Anil',
  'Manoj',
  'Deepak',
  'Karan',
  'Nikhil',
  'Siddharth',
  'Harsh',
  'Yash',
  'Priya',
  'Ananya',
  'Diya',
  'Aadhya',
  'Saanvi',
  'Kavya',
  'Isha',
  'Neha',
  'Pooja',
  'Sneha',
  'Anjali',
  'Riya',
  'Meera',
  'Lakshmi',
  'Sunita',
  'Kavita',
  'Nisha',
  'Shreya',
  'Tanvi',
  'Aditi',
  'Pallavi',
  'Swati',
  'Divya',
  'Radhika',
  'Gayatri',
  'Farhan',
  'Imran',
  'Ayesha',
  'Zoya',
  'Gurpreet',
  'Harpreet',
  'Simran',
  'Joseph',
  'Mary',
  'Thomas',
];
const LAST_NAMES = [
  'Sharma',
  'Verma',
  'Gupta',
  'Agrawal',
  'Jain',
  'Patel',
  'Shah',
  'Mehta',
  'Joshi',
  'Kulkarni',
  'Deshpande',
  'Patil',
  'Reddy',
  'Rao',
  'Naidu',
  'Iyer',
  'Nair',
  'Menon',
  'Pillai',
  'Singh',
  'Chauhan',
  'Rathore',
  'Yadav',
  'Mishra',
  'Tiwari',
  'Pandey',
  'Dubey',
  'Trivedi',
  'Chaturvedi',
  'Bose',
  'Banerjee',
  'Chatterjee',
  'Mukherjee',
  'Das',
  'Sen',
  'Khan',
  'Qureshi',
  'Siddiqui',
  'Gill',
  'Sandhu',
  'Kapoor',
  'Malhotra',
  'Khanna',
  'Bhatia',
  'Saxena',
  'Srivastava',
  'Goyal',
  'Bansal',
  'Maheshwari',
  'Chouhan',
];
/** Indore-heavy, as the business is; a few spellings as people type them, which the city report folds together. */
const CITIES = [
  'Indore',
  'Indore',
  'Indore',
  'Indore',
  'indore',
  'Bhopal',
  'Bhopal',
  'Ujjain',
  'Dewas',
  'Jabalpur',
  'Gwalior',
  'Mumbai',
  'Pune',
  'Nagpur',
  'Delhi',
  'Gurugram',
  'Noida',
  'Jaipur',
  'Udaipur',
  'Ahmedabad',
  'Surat',
  'Vadodara',
  'Hyderabad',
  'Bengaluru',
  'Chennai',
  'Kochi',
  'Kolkata',
  'Lucknow',
  'Varanasi',
  'Chandigarh',
  'Amritsar',
  'Goa',
];
const VENUES = [
  'Radisson Blu Hotel',
  'Sayaji Hotel',
  'Brilliant Convention Centre',
  'Lalbagh Palace Lawns',
  'Shri Ram Lawns',
  'Community Hall',
  'Residence',
  'Farmhouse',
  'Marriott Hotel',
  'Club house',
  'Rooftop terrace',
  'Banquet hall',
];
const BUSINESS_WORDS = [
  'Caterers',
  'Tent House',
  'Events',
  'Decorators',
  'Rasoi',
  'Bhojanalaya',
  'Hospitality',
  'Food Services',
  'Sweets',
  'Flowers',
];
const SERVICES = [
  'Veg catering',
  'Live counters',
  'Mithai',
  'Decoration',
  'Tent and lighting',
  'Photography',
  'DJ',
  'Mehendi',
];
const BROWSERS = ['Chrome', 'Chrome', 'Chrome', 'Safari', 'Safari', 'Samsung Internet', 'Firefox', 'Edge'];
const PAGES = [
  '/',
  '/',
  '/',
  '/book',
  '/book?eventType=wedding',
  '/book?eventType=corporate',
  '/vendor-register',
  '/login',
  '/terms',
  '/refund-policy',
];
const TESTIMONIAL_REVIEWS = [
  'The food was the talk of the wedding. Every guest asked who the caterer was.',
  'Punctual, polite staff and the live counters never ran out.',
  'They handled 600 guests without a single complaint. Highly recommended.',
  'Beautiful grazing table and the mithai was fresh. Will book again.',
  'Our office Diwali party was effortless, from quote to clean-up.',
];

/** A SQL text array literal: `ARRAY['a','b']`. */
function array(values: readonly string[]): string {
  return `ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]::text[]`;
}

/** A deterministic pseudo-random integer in 0..n-1 from a row number and a salt (hashint8 is built in). */
const pick = (expr: string, salt: number, n: number) =>
  `((hashint8((${expr})::bigint * 7919 + ${salt}) & 2147483647) % ${n})`;
/** An element of a literal array chosen by `pick`. */
const pickOf = (values: readonly string[], expr: string, salt: number) =>
  `(${array(values)})[1 + ${pick(expr, salt, values.length)}]`;
/** A valid version-4 UUID derived from a kind and a number, so rows can reference each other by formula. */
export const uuidOf = (kind: string, expr: string) =>
  `overlay(overlay(md5('${kind}:' || (${expr})::text) placing '4' from 13) placing '8' from 17)::uuid`;

/** Weighted choice from a hash in 0..99: `[[limit, value], …]` with ascending limits. */
function bands(hashExpr: string, choices: [number, string][]): string {
  return `(case ${choices.map(([limit, value]) => `when ${hashExpr} < ${limit} then '${value}'`).join(' ')} end)`;
}

export type Logger = (line: string) => void;

/**
 * Writes the data set. `sql` must be a single-connection client (the session settings apply to every statement).
 * Returns the row counts.
 */
export async function generateBenchData(
  sql: postgres.Sql,
  sizes: DataSizes,
  log: Logger = () => {},
): Promise<Record<string, number>> {
  const { bookings: B, suppliers: S, customers: C, events: E, invitationsPerSupplier: IPS } = sizes;
  if (S < BENCH_SUPPLIER_COUNT + 4) throw new Error(`--suppliers must be at least ${BENCH_SUPPLIER_COUNT + 4}`);
  if (B < 10 || C < 1) throw new Error('--bookings must be at least 10 and --customers at least 1');
  const passwordHash = await hashPassword(BENCH_PASSWORD, loadConfig({ NODE_ENV: 'test' }).passwordHash);
  await sql`set synchronous_commit = off`;
  await sql`set maintenance_work_mem = '256MB'`;
  await sql`set work_mem = '64MB'`;

  const step = async (label: string, run: () => Promise<unknown>) => {
    const t0 = performance.now();
    await run();
    log(`  ${label.padEnd(34)} ${((performance.now() - t0) / 1000).toFixed(1).padStart(6)} s`);
  };
  const span = (i: string, n: number, days: number) => `now() - interval '${days} days' * (1 - (${i})::float8 / ${n})`;
  const fullName = (i: string, salt: number) =>
    `${pickOf(FIRST_NAMES, i, salt)} || ' ' || ${pickOf(LAST_NAMES, i, salt + 1)}`;
  const phone = (i: string, salt: number) => `'+91' || (9000000000 + ${pick(i, salt, 999999999)})::text`;
  const adminId = uuidOf('admin', '0');
  // Supplier i's login, name and sign-up time, shared by its user row and its supplier row.
  const supplierUserId = uuidOf('supplier-user', 'i');
  const supplierName = fullName('i', 21);
  const supplierSince = span('i', S, 1000);

  await sql.begin(async (tx) => {
    await step('users (admin, customers)', async () => {
      await tx.unsafe(
        `insert into users (id, email, full_name, phone, city, password_hash, role, created_at, updated_at)
         values (${adminId}, $1, 'Bench Administrator', '+919826000000', 'Indore', $2, 'admin', now(), now())`,
        [BENCH_ADMIN_EMAIL, passwordHash],
      );
      await tx.unsafe(
        `insert into users (id, email, full_name, phone, city, password_hash, role, created_at, updated_at)
         select ${uuidOf('customer', 'i')}, 'customer' || i || '@bench.annapurna-events.in', ${fullName('i', 1)},
                ${phone('i', 3)}, ${pickOf(CITIES, 'i', 4)}, $1, 'customer', ${span('i', C, 900)}, ${span('i', C, 900)}
         from generate_series(0, ${C - 1}) i`,
        [passwordHash],
      );
    });

    await step('suppliers (+ vendor logins)', async () => {
      // 70% approved (90% of those active), 20% pending, 10% rejected; the bench suppliers are approved and active.
      const approval = `(case when i < ${BENCH_SUPPLIER_COUNT} then 'approved' else ${bands(pick('i', 11, 100), [
        [70, 'approved'],
        [90, 'pending'],
        [100, 'rejected'],
      ])} end)`;
      await tx.unsafe(
        `insert into users (id, email, full_name, phone, city, password_hash, role, is_active, created_at, updated_at)
         select ${supplierUserId}, 'supplier' || i || '@bench.annapurna-events.in', ${supplierName},
                ${phone('i', 23)}, ${pickOf(CITIES, 'i', 24)}, $1, 'supplier', true, ${supplierSince}, ${supplierSince}
         from generate_series(0, ${S - 1}) i`,
        [passwordHash],
      );
      await tx.unsafe(
        `insert into suppliers (id, user_id, name, business_name, email, phone, location, business_address, services,
                                services_offered, experience_years, gst_number, approval_status, rejection_reason,
                                is_verified, is_active, rating, reviewed_at, created_at, updated_at)
         select id, user_id, name, business_name, email, phone, location, business_address, services,
                array_to_string(services, ', '), experience_years, null, approval,
                case when approval = 'rejected' then 'Incomplete documents' end,
                approval = 'approved' and ${pick('i', 12, 2)} = 0,
                approval = 'approved' and (i < ${BENCH_SUPPLIER_COUNT} or ${pick('i', 13, 10)} > 0),
                case when approval = 'approved' then round((3 + ${pick('i', 14, 21)} / 10.0)::numeric, 1) else 0 end,
                case when approval <> 'pending' then created_at + interval '2 days' end, created_at, created_at
         from (
           select i, ${uuidOf('supplier', 'i')} as id, ${supplierUserId} as user_id, ${supplierName} as name,
                  ${pickOf(LAST_NAMES, 'i', 25)} || ' ' || ${pickOf(BUSINESS_WORDS, 'i', 26)} as business_name,
                  'supplier' || i || '@bench.annapurna-events.in' as email, ${phone('i', 23)} as phone,
                  ${pickOf(CITIES, 'i', 24)} as location,
                  (1 + ${pick('i', 27, 200)})::text || ', MG Road, ' || ${pickOf(CITIES, 'i', 24)} as business_address,
                  array[${pickOf(SERVICES, 'i', 28)}, ${pickOf(SERVICES, 'i', 29)}] as services,
                  ${pick('i', 30, 31)} as experience_years, ${approval} as approval, ${supplierSince} as created_at
           from generate_series(0, ${S - 1}) i
         ) s`,
      );
    });

    await step('bookings', async () => {
      // Status mix of a running business; inquiries carry no price, cancelled ones say who cancelled.
      const status = bands(pick('i', 41, 100), [
        [15, 'inquiry'],
        [55, 'quoted'],
        [70, 'confirmed'],
        [75, 'in_progress'],
        [95, 'completed'],
        [100, 'cancelled'],
      ]);
      const requirements = "jsonb_build_object('guest_count', guests, 'venue_type', venue_type)";
      const familyName = pickOf(LAST_NAMES, 'i', 52);
      const eventName = `initcap(replace(event_type, '_', ' ')) || ' – ' || ${familyName} || ' family'`;
      const venueCity = pickOf(CITIES, 'i', 58);
      const city = `case when status = 'inquiry' and ${pick('i', 57, 3)} = 0 then null else ${venueCity} end`;
      const rate = `(array[65000, 110000, 180000])[1 + ${pick('i', 59, 3)}]`;
      await tx.unsafe(
        `insert into bookings (id, user_id, client_name, client_email, client_phone, event_type, event_name, event_date,
                               event_time, venue_name, venue_type, city, guest_count, requirements, pricing_tier,
                               base_price_per_person_paise, discount_paise, subtotal_paise, gst_paise,
                               final_amount_paise, valid_until, status, source, cancelled_by, cancelled_at,
                               created_at, updated_at)
         select id, user_id, client_name, client_email, client_phone, event_type, event_name, event_date, '19:00',
                venue_name, venue_type, city, guests, ${requirements},
                case when priced then tier end,
                case when priced then rate end,
                case when priced then discount end,
                case when priced then rate * guests - discount end,
                case when priced then round((rate * guests - discount) * 0.18) end,
                case when priced then rate * guests - discount + round((rate * guests - discount) * 0.18) end,
                case when priced then (created_at at time zone 'Asia/Kolkata')::date + 7 end,
                status,
                case when status = 'inquiry' then 'inquiry' when status = 'quoted' then 'instant_quote'
                     else ${bands(pick('i', 42, 100), [
                       [70, 'instant_quote'],
                       [90, 'inquiry'],
                       [100, 'admin'],
                     ])} end,
                case when status = 'cancelled' then ${bands(pick('i', 43, 100), [
                  [70, 'customer'],
                  [100, 'company'],
                ])} end,
                case when status = 'cancelled' then created_at + interval '5 days' end,
                created_at, created_at
         from (
           select i, ${uuidOf('booking', 'i')} as id, cust, linked, status, status <> 'inquiry' as priced,
                  case when linked then ${uuidOf('customer', 'cust')} end as user_id,
                  case when linked then ${fullName('cust', 1)} else ${fullName('i', 51)} end as client_name,
                  case when linked then 'customer' || cust || '@bench.annapurna-events.in'
                       else lower(${pickOf(FIRST_NAMES, 'i', 51)}) || '.' || i || '@example.in' end as client_email,
                  ${phone('i', 53)} as client_phone, event_type,
                  ${eventName} as event_name,
                  ((${span('i', B, 730)}) at time zone 'Asia/Kolkata')::date + 7 + ${pick('i', 54, 240)} as event_date,
                  ${pickOf(VENUES, 'i', 55)} as venue_name, ${pickOf(VENUE_TYPES, 'i', 56)} as venue_type,
                  ${city} as city,
                  guests, ${pickOf(PRICING_TIERS, 'i', 59)} as tier,
                  ${rate} as rate,
                  case when guests >= 700 then round(${rate} * guests * 0.10)
                       when guests >= 300 then round(${rate} * guests * 0.05)
                       else 0 end as discount,
                  ${span('i', B, 730)} + make_interval(mins => ${pick('i', 60, 600)}) as created_at
           from (
             select i, ${pick('i', 44, C)} as cust, ${pick('i', 45, 10)} < 4 as linked, ${status} as status,
                    ${pickOf(EVENT_TYPES, 'i', 46)} as event_type, 25 + ${pick('i', 47, 40)} * 25 as guests
             from generate_series(0, ${B - 1}) i
           ) base
         ) b`,
      );
      // Who confirmed what, and when: the Analytics tab's "bookings per week" reads these.
      await tx.unsafe(
        `insert into audit_log (actor_user_id, action, entity_type, entity_id, data, created_at)
         select ${adminId}, 'booking.status_changed', 'booking', id,
                jsonb_build_object('from', 'quoted', 'to', 'confirmed'), created_at + interval '2 days'
         from bookings where status in ('confirmed', 'in_progress', 'completed')`,
      );
    });

    const P = Math.min(B, Math.max(IPS, Math.floor(B / 10)));
    await step('projects, invitations, quotes', async () => {
      // The newest P bookings went out to suppliers; the older ones are closed.
      await tx.unsafe(
        'insert into projects (id, booking_id, status, auto_assign_date, awarded_supplier_id, awarded_at, ' +
          `created_at, updated_at)
         select ${uuidOf('project', 'p')}, ${uuidOf('booking', `${B - 1} - p`)},
                case when p < ${Math.ceil(P / 5)} then 'open' else ${bands(pick('p', 61, 100), [
                  [80, 'awarded'],
                  [95, 'unassigned'],
                  [100, 'cancelled'],
                ])} end,
                now() + interval '3 days' - interval '1 hour' * p, null, null,
                now() - interval '1 hour' * p - interval '2 days', now() - interval '1 hour' * p - interval '2 days'
         from generate_series(0, ${P - 1}) p`,
      );
      // Every bench supplier is invited to the newest IPS projects; every project also invites three other
      // approved suppliers, picked apart so they never coincide.
      await tx.unsafe(
        `insert into project_invitations (project_id, supplier_id, created_at)
         select ${uuidOf('project', 'p')}, ${uuidOf('supplier', 'k')}, now() - interval '1 hour' * p - interval '2 days'
         from generate_series(0, ${Math.min(IPS, P) - 1}) p, generate_series(0, ${BENCH_SUPPLIER_COUNT - 1}) k`,
      );
      const others = S - BENCH_SUPPLIER_COUNT;
      const stride = Math.floor(others / 3);
      const otherSupplier = `${BENCH_SUPPLIER_COUNT} + (${pick('p', 62, others)} + j * ${stride}) % ${others}`;
      await tx.unsafe(
        `insert into project_invitations (project_id, supplier_id, created_at)
         select ${uuidOf('project', 'p')}, ${uuidOf('supplier', otherSupplier)},
                now() - interval '1 hour' * p - interval '2 days'
         from generate_series(0, ${P - 1}) p, generate_series(0, 2) j
         on conflict do nothing`,
      );
      const firstInvitee =
        'select distinct on (project_id) project_id, supplier_id from project_invitations ' +
        'order by project_id, supplier_id';
      await tx.unsafe(
        `update projects pr set awarded_supplier_id = pi.supplier_id, awarded_at = pr.auto_assign_date
         from (${firstInvitee}) pi
         where pi.project_id = pr.id and pr.status = 'awarded'`,
      );
      const pair = 'hashtext(pi.project_id::text || pi.supplier_id::text)';
      const quoteAmount = `5000000 + ${pick("pi.created_at::date - date '2000-01-01'", 63, 500)} * 10000`;
      const quotedAt = "pi.created_at + interval '6 hours'";
      await tx.unsafe(
        `insert into supplier_quotes (project_id, supplier_id, amount_paise, notes, items, submitted_at, updated_at)
         select pi.project_id, pi.supplier_id, ${quoteAmount},
                'Includes service staff and crockery', '[]'::jsonb, ${quotedAt}, ${quotedAt}
         from project_invitations pi
         where ${pick(pair, 64, 10)} < 3`,
      );
      const invitation =
        "'You are invited to quote for a ' || replace(b.event_type, '_', ' ') || ' on ' || " +
        "to_char(b.event_date, 'DD Mon YYYY') || '.'";
      await tx.unsafe(
        `insert into notifications (user_id, supplier_id, project_id, kind, message, read_at, created_at)
         select s.user_id, pi.supplier_id, pi.project_id, 'project_invitation',
                ${invitation},
                case when ${pick(pair, 65, 10)} < 7 then pi.created_at + interval '1 day' end,
                pi.created_at
         from project_invitations pi
         join suppliers s on s.id = pi.supplier_id
         join projects pr on pr.id = pi.project_id
         join bookings b on b.id = pr.booking_id`,
      );
    });

    await step('analytics events', async () => {
      // Raw IPs older than 90 days have been erased by the retention job.
      const device = bands(pick('n', 71, 100), [
        [60, 'mobile'],
        [93, 'desktop'],
        [100, 'tablet'],
      ]);
      const ip = (created: string) =>
        `case when ${created} > now() - interval '90 days' then '49.' || (32 + ${pick('n', 72, 16)}) ` +
        `|| '.' || ${pick('n', 73, 256)} || '.' || ${pick('n', 74, 254)} + 1 end`;
      const ipAddress = ip('created_at');
      const browser = pickOf(BROWSERS, 'n', 75);
      await tx.unsafe(
        'insert into analytics_events (kind, path, ip_address, browser, device, city, event_type, booking_id, ' +
          `created_at)
         select 'quotation', '/book', ${ipAddress}, ${browser}, ${device}, city, event_type, id, created_at
         from (select row_number() over () as n, * from bookings where source = 'instant_quote') b`,
      );
      await tx.unsafe(
        `insert into analytics_events (kind, path, ip_address, browser, device, supplier_id, created_at)
         select 'vendor_registration', '/vendor-register', ${ipAddress}, ${browser}, ${device}, id, created_at
         from (select row_number() over () as n, * from suppliers where user_id is not null) s`,
      );
      const [{ used }] = await tx.unsafe<[{ used: number }]>(`select count(*)::int as used from analytics_events`);
      const views = Math.max(0, E - used);
      const chunk = 500_000;
      for (let from = 0; from < views; from += chunk) {
        const to = Math.min(views, from + chunk) - 1;
        await tx.unsafe(
          `insert into analytics_events (kind, path, ip_address, browser, device, event_type, created_at)
           select 'page_view', path, ${ipAddress}, ${browser}, ${device},
                  case when path like '%eventType=%' then split_part(path, '=', 2) end, created_at
           from (select n, ${pickOf(PAGES, 'n', 76)} as path, ${span('n', views, 730)} as created_at
                 from generate_series(${from}, ${to}) n) v`,
        );
      }
    });

    await step('testimonials', async () => {
      const review = pickOf(TESTIMONIAL_REVIEWS, 'i', 84);
      await tx.unsafe(
        `insert into testimonials (client_name, event_type, rating, review, event_date, is_published, created_at)
         select ${fullName('i', 81)}, ${pickOf(EVENT_TYPES, 'i', 82)}, 4 + ${pick('i', 83, 2)}, ${review},
                (now() - interval '1 day' * (10 + i * 9))::date, i % 7 <> 6, now() - interval '1 day' * (5 + i * 9)
         from generate_series(0, 39) i`,
      );
    });
  });

  await step('vacuum analyze', async () => {
    await sql`vacuum analyze`;
  });

  const counts: Record<string, number> = {};
  for (const table of [
    'users',
    'suppliers',
    'bookings',
    'projects',
    'project_invitations',
    'supplier_quotes',
    'notifications',
    'analytics_events',
    'audit_log',
  ]) {
    const [row] = await sql.unsafe<[{ n: number }]>(`select count(*)::int as n from ${table}`);
    counts[table] = row.n;
  }
  return counts;
}

/** Every table the generator writes, emptied by --reset. */
const GENERATED_TABLES = [
  'notifications',
  'supplier_quotes',
  'project_invitations',
  'projects',
  'analytics_events',
  'audit_log',
  'email_outbox',
  'refunds',
  'subscriptions',
  'payment_orders',
  'bookings',
  'suppliers',
  'users',
  'testimonials',
];

export async function resetBenchData(sql: postgres.Sql): Promise<void> {
  await sql.unsafe(`truncate ${GENERATED_TABLES.join(', ')} cascade`);
}

/** Migrates the database and generates the data set; the url names a PostgreSQL database. */
export async function prepareBenchDatabase(
  url: string,
  sizes: DataSizes,
  options: { reset?: boolean; log?: Logger } = {},
) {
  const log = options.log ?? (() => {});
  const handle = await openDatabase({ url, pgliteDir: 'memory' });
  try {
    await runMigrations(handle);
  } finally {
    await handle.close();
  }
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    if (options.reset) await resetBenchData(sql);
    const [{ n }] = await sql<[{ n: number }]>`select count(*)::int as n from bookings`;
    if (n > 0) throw new Error('the database already holds bookings; pass --reset to empty it first');
    const t0 = performance.now();
    const counts = await generateBenchData(sql, sizes, log);
    return { counts, seconds: (performance.now() - t0) / 1000 };
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** `--name value` pairs of the command line. */
export function parseFlags(argv: string[]): Map<string, string> {
  const flags = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) continue;
    const next = argv[i + 1];
    if (next !== undefined && !next.startsWith('--')) {
      flags.set(arg.slice(2), next);
      i++;
    } else {
      flags.set(arg.slice(2), 'true');
    }
  }
  return flags;
}

export function sizesFrom(flags: Map<string, string>, defaults: DataSizes): DataSizes {
  const int = (name: string, fallback: number) => {
    const value = flags.get(name);
    if (value === undefined) return fallback;
    const n = Number(value.replace(/_/g, ''));
    if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a whole number`);
    return n;
  };
  return {
    bookings: int('bookings', defaults.bookings),
    suppliers: int('suppliers', defaults.suppliers),
    customers: int('customers', defaults.customers),
    events: int('events', defaults.events),
    invitationsPerSupplier: int('invitations-per-supplier', defaults.invitationsPerSupplier),
  };
}

async function main(): Promise<void> {
  const flags = parseFlags(process.argv.slice(2));
  const url = flags.get('url') ?? process.env.DATABASE_URL;
  if (!url) throw new Error('set DATABASE_URL (or pass --url postgres://…) to the database to fill');
  const sizes = sizesFrom(flags, FULL_SIZES);
  console.log(`Generating ${JSON.stringify(sizes)} into ${new URL(url).pathname.slice(1)}`);
  const { counts, seconds } = await prepareBenchDatabase(url, sizes, { reset: flags.has('reset'), log: console.log });
  console.log(`Done in ${seconds.toFixed(1)} s:`, counts);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
