import { invitationMessage } from '../mail/project-templates';
import { randomBytes, randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import type {
  BookingSource,
  BookingStatus,
  DeviceClass,
  EventType,
  PricingTier,
  Role,
  VenueType,
} from '../../shared/domain';
import { gstinCheckChar } from '../../shared/gstin';
import { INSTALMENT_LABELS, paymentSchedule } from '../../shared/booking-rules';
import { DEFAULT_PRICING, priceQuote } from '../../shared/pricing';
import { hashPassword } from '../lib/password';
import type { ServiceDeps } from '../context';
import type { Transaction } from './client';
import { demoDishRows } from './seed-menu';
import { seedDemoGstDocuments } from './seed-gst';
import {
  analyticsEvents,
  auditLog,
  bookingLedger,
  bookings,
  dishes,
  notifications,
  projectInvitations,
  projects,
  settings,
  supplierQuotes,
  suppliers,
  testimonials,
  users,
} from './schema';
import type { BookingRequirements } from '../../shared/schemas/bookings';

/**
 * Demo data for a fresh installation (`npm run seed:demo`, or SEED_DEMO=true at start-up): an admin, customers,
 * suppliers in every approval state, bookings in every status with their audit history, analytics, testimonials
 * and open projects. Event dates are relative to today in India, so the demo always has past and upcoming events.
 *
 * Runs once: the `demo_seeded` settings row marks it done, and everything is written in one transaction.
 */

export const DEMO_SEEDED_KEY = 'demo_seeded';

export type DemoLogin = { role: Role; email: string; password: string; note: string };

const ADMIN_EMAIL = 'admin@annapurna-events.in';
const ADMIN_PASSWORD = 'Admin@12345';
const CUSTOMER_PASSWORD = 'Customer@123';
const SUPPLIER_PASSWORD = 'Supplier@123';
const VENDOR_PASSWORD = 'Vendor@123';

/** The sign-ins the README lists; every seeded customer shares the customer password, every vendor its own. */
export const DEMO_LOGINS: readonly DemoLogin[] = [
  {
    role: 'admin',
    email: ADMIN_EMAIL,
    password: ADMIN_PASSWORD,
    note: 'Admin dashboard (skipped if the account already exists)',
  },
  {
    role: 'customer',
    email: 'priya.sharma@example.in',
    password: CUSTOMER_PASSWORD,
    note: 'Customer with upcoming and past bookings; the other demo customers share this password',
  },
  {
    role: 'supplier',
    email: 'supplier@annapurna-events.in',
    password: SUPPLIER_PASSWORD,
    note: 'Approved supplier (Malwa Rasoi Caterers) invited to two open projects',
  },
  {
    role: 'supplier',
    email: 'vendor.pending@example.in',
    password: VENDOR_PASSWORD,
    note: 'Vendor awaiting approval: sign-in is refused until an admin approves',
  },
  {
    role: 'supplier',
    email: 'rejected.vendor@example.in',
    password: VENDOR_PASSWORD,
    note: 'Rejected vendor: sign-in is refused with the rejection reason',
  },
];

/** The sign-ins as a plain-text table, for the terminal. */
export function formatDemoLogins(logins: readonly DemoLogin[]): string {
  const rows = [['Role', 'E-mail', 'Password', 'Note'], ...logins.map((l) => [l.role, l.email, l.password, l.note])];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const line = (row: string[]) =>
    row
      .map((cell, column) => cell.padEnd(widths[column]!))
      .join('  ')
      .trimEnd();
  return [line(rows[0]!), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)].join('\n');
}

export type SeedDemoResult = {
  seeded: boolean;
  /** With random passwords: the sign-ins to print once (nowhere else holds them). */
  logins?: DemoLogin[];
  users: number;
  suppliers: number;
  bookings: number;
  testimonials: number;
};

// ---------------------------------------------------------------------------------------------------------------
// Dates. India has no daylight saving, so "today in Asia/Kolkata" is UTC + 5:30.

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const IST_OFFSET_MS = 330 * 60_000;

function istDate(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** A wall-clock time in India on a date, as an instant. */
function istAt(date: string, time: string): Date {
  return new Date(`${date}T${time}:00+05:30`);
}

/** A small deterministic PRNG (mulberry32), so the demo data look the same on every installation. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

// ---------------------------------------------------------------------------------------------------------------
// GSTIN: 2-digit state code, PAN, entity number, 'Z', mod-36 check character (src/shared/gstin.ts).

function gstin(stateCode: '23' | '27', pan: string, entity = '1'): string {
  if (!/^[A-Z]{5}[0-9]{4}[A-Z]$/.test(pan) || !/^[1-9A-Z]$/.test(entity)) throw new Error(`Bad PAN ${pan}`);
  const first14 = `${stateCode}${pan}${entity}Z`;
  return first14 + gstinCheckChar(first14);
}

// ---------------------------------------------------------------------------------------------------------------
// People

type CustomerSeed = { key: string; fullName: string; email: string; phone: string; city: string };

const CUSTOMERS: CustomerSeed[] = [
  { key: 'priya', fullName: 'Priya Sharma', email: 'priya.sharma@example.in', phone: '+919826012457', city: 'Indore' },
  { key: 'rahul', fullName: 'Rahul Verma', email: 'rahul.verma@example.in', phone: '+919425078316', city: 'Bhopal' },
  {
    key: 'ananya',
    fullName: 'Ananya Iyer',
    email: 'ananya.iyer@example.in',
    phone: '+919845231670',
    city: 'Bengaluru',
  },
  { key: 'arjun', fullName: 'Arjun Mehta', email: 'arjun.mehta@example.in', phone: '+919820456781', city: 'Mumbai' },
  { key: 'kavya', fullName: 'Kavya Reddy', email: 'kavya.reddy@example.in', phone: '+919949012863', city: 'Hyderabad' },
  { key: 'vikram', fullName: 'Vikram Singh', email: 'vikram.singh@example.in', phone: '+919829034512', city: 'Jaipur' },
  { key: 'sneha', fullName: 'Sneha Patil', email: 'sneha.patil@example.in', phone: '+917709451238', city: 'Pune' },
  {
    key: 'farhan',
    fullName: 'Mohammed Farhan',
    email: 'mohammed.farhan@example.in',
    phone: '+918586093471',
    city: 'Delhi',
  },
];

type SupplierState = 'approved' | 'pending' | 'rejected' | 'admin_added';

type SupplierSeed = {
  key: string;
  state: SupplierState;
  contact: string;
  businessName: string;
  email: string;
  phone: string;
  location: string;
  businessAddress: string;
  services: string[];
  servicesOffered: string;
  experienceYears: number;
  gst: { state: '23' | '27'; pan: string } | null;
  portfolioLink: string | null;
  rating: number;
  createdDaysAgo: number;
  /** Vendors that registered themselves sign in with this password; admin-added suppliers have no login yet. */
  password: string | null;
  rejectionReason?: string;
};

const SUPPLIERS: SupplierSeed[] = [
  {
    key: 'malwa',
    state: 'approved',
    contact: 'Rajesh Agrawal',
    businessName: 'Malwa Rasoi Caterers',
    email: 'supplier@annapurna-events.in',
    phone: '+919826045123',
    location: 'Indore',
    businessAddress: '42, Sapna Sangeeta Road, Near Tower Square, Indore, Madhya Pradesh 452001',
    services: ['Catering', 'Live counters', 'Jain menu'],
    servicesOffered:
      'Pure-veg Malwa and North Indian catering for 50 to 2,000 guests: dal bafla, poha-jalebi breakfasts, bhutte ka kees, garadu chaat and sabudana khichdi counters; separate Jain kitchen (no onion, garlic or root vegetables).',
    experienceYears: 14,
    gst: { state: '23', pan: 'AHKPA4821L' },
    portfolioLink: 'https://example.in/malwa-rasoi',
    rating: 4.9,
    createdDaysAgo: 86,
    password: SUPPLIER_PASSWORD,
  },
  {
    key: 'shahi',
    state: 'approved',
    contact: 'Imran Qureshi',
    businessName: 'Shahi Dawat Events',
    email: 'imran@shahidawat.example.in',
    phone: '+919425012876',
    location: 'Bhopal',
    businessAddress: 'Plot 7, Hamidia Road, Near Peer Gate, Bhopal, Madhya Pradesh 462001',
    services: ['Catering', 'Mughlai cuisine', 'Event management'],
    servicesOffered:
      'Bhopali and Mughlai feasts: gosht korma, biryani on dum, seekh kebab and shahi tukda; veg and non-veg kitchens kept apart; full wedding management with service staff and crockery.',
    experienceYears: 18,
    gst: { state: '23', pan: 'AAJFS7315M' },
    portfolioLink: 'https://example.in/shahi-dawat',
    rating: 4.6,
    createdDaysAgo: 84,
    password: SUPPLIER_PASSWORD,
  },
  {
    key: 'sugandh',
    state: 'approved',
    contact: 'Meenakshi Joshi',
    businessName: 'Sugandh Floral Decor',
    email: 'meenakshi@sugandhdecor.example.in',
    phone: '+917987123456',
    location: 'Ujjain',
    businessAddress: '18, Freeganj, Tower Chowk, Ujjain, Madhya Pradesh 456010',
    services: ['Decoration', 'Floral design', 'Mandap setup'],
    servicesOffered:
      'Fresh-flower mandaps, marigold and rajnigandha entrances, haldi and mehendi themes, stage backdrops and table centrepieces.',
    experienceYears: 9,
    gst: { state: '23', pan: 'BQLPJ2094C' },
    portfolioLink: 'https://example.in/sugandh-floral',
    rating: 4.7,
    createdDaysAgo: 80,
    password: SUPPLIER_PASSWORD,
  },
  {
    key: 'rangoli',
    state: 'approved',
    contact: 'Suresh Yadav',
    businessName: 'Rangoli Tent House',
    email: 'rangolitent@example.in',
    phone: '+919302287415',
    location: 'Indore',
    businessAddress: '5, Jawahar Marg, Near Rajwada, Indore, Madhya Pradesh 452002',
    services: ['Tent & shamiana', 'Furniture', 'Lighting'],
    servicesOffered:
      'German hangars and traditional shamianas, sofas and banquet chairs, coolers and heaters, generator backup and fairy-light canopies.',
    experienceYears: 22,
    gst: { state: '23', pan: 'ACNPY6610H' },
    portfolioLink: null,
    rating: 4.3,
    createdDaysAgo: 78,
    password: SUPPLIER_PASSWORD,
  },
  {
    key: 'nimbu',
    state: 'approved',
    contact: 'Aditi Kulkarni',
    businessName: 'Nimbu Mirchi Live Counters',
    email: 'aditi@nimbumirchi.example.in',
    phone: '+918237456120',
    location: 'Pune',
    businessAddress: 'Shop 3, Prabhat Road, Erandwane, Pune, Maharashtra 411004',
    services: ['Live counters', 'Chaat', 'Grazing tables'],
    servicesOffered:
      'Pani puri, dabeli and vada pav stations, live jalebi and mango mastani, artisanal cheese and chaat grazing tables for cocktail evenings.',
    experienceYears: 7,
    gst: { state: '27', pan: 'AAKFN3378Q' },
    portfolioLink: 'https://example.in/nimbu-mirchi',
    rating: 4.5,
    createdDaysAgo: 75,
    password: SUPPLIER_PASSWORD,
  },
  {
    key: 'sapphire',
    state: 'approved',
    contact: "Joel D'Souza",
    businessName: 'Sapphire Sound & Lights',
    email: 'joel@sapphireav.example.in',
    phone: '+919769034218',
    location: 'Mumbai',
    businessAddress: 'Unit 12, Kamala Mills Compound, Lower Parel, Mumbai, Maharashtra 400013',
    services: ['Sound', 'Lighting', 'DJ', 'LED walls'],
    servicesOffered:
      'Line-array sound, DJ and dhol, intelligent lighting, LED walls and stage trussing for sangeets and corporate galas.',
    experienceYears: 11,
    gst: { state: '27', pan: 'AAMCS5521R' },
    portfolioLink: 'https://example.in/sapphire-sound-lights',
    rating: 4.2,
    createdDaysAgo: 70,
    password: SUPPLIER_PASSWORD,
  },
  {
    key: 'swaad',
    state: 'pending',
    contact: 'Pooja Chouhan',
    businessName: 'Swaad Sagar Caterers',
    email: 'vendor.pending@example.in',
    phone: '+916263014587',
    location: 'Indore',
    businessAddress: '88, Annapurna Road, Sudama Nagar, Indore, Madhya Pradesh 452009',
    services: [],
    servicesOffered:
      'Home-style thalis, birthday and kitty-party catering for up to 300 guests, Gujarati and Rajasthani menus.',
    experienceYears: 5,
    gst: { state: '23', pan: 'CXTPC8842D' },
    portfolioLink: 'https://example.in/swaad-sagar',
    rating: 0,
    createdDaysAgo: 2,
    password: VENDOR_PASSWORD,
  },
  {
    key: 'khushboo',
    state: 'pending',
    contact: 'Nazia Sheikh',
    businessName: 'Khushboo Mehendi Art',
    email: 'nazia.mehendi@example.in',
    phone: '+918839207164',
    location: 'Bhopal',
    businessAddress: '21, Koh-e-Fiza, Bhopal, Madhya Pradesh 462001',
    services: [],
    servicesOffered: 'Bridal and Arabic mehendi, organic henna, a team of 8 artists for sangeet and mehendi functions.',
    experienceYears: 6,
    gst: null,
    portfolioLink: null,
    rating: 0,
    createdDaysAgo: 4,
    password: VENDOR_PASSWORD,
  },
  {
    key: 'shubh',
    state: 'pending',
    contact: 'Mahesh Chauhan',
    businessName: 'Shubh Baraat Band & Ghodi',
    email: 'shubhbaraat@example.in',
    phone: '+917024561893',
    location: 'Ujjain',
    businessAddress: '9, Nai Sadak, Ujjain, Madhya Pradesh 456006',
    services: [],
    servicesOffered: 'Brass band, dhol-tasha, decorated ghodi and baggi, LED light carriers for baraat processions.',
    experienceYears: 16,
    gst: { state: '23', pan: 'BHMPC4410K' },
    portfolioLink: null,
    rating: 0,
    createdDaysAgo: 6,
    password: VENDOR_PASSWORD,
  },
  {
    key: 'quickbite',
    state: 'rejected',
    contact: 'Rohan Malviya',
    businessName: 'QuickBite Cloud Kitchen',
    email: 'rejected.vendor@example.in',
    phone: '+919009876215',
    location: 'Indore',
    businessAddress: 'Kitchen 4, Scheme No. 54, Vijay Nagar, Indore, Madhya Pradesh 452010',
    services: [],
    servicesOffered: 'Delivery-only meal boxes and snack platters.',
    experienceYears: 1,
    gst: null,
    portfolioLink: null,
    rating: 0,
    createdDaysAgo: 24,
    password: VENDOR_PASSWORD,
    rejectionReason:
      'We could not verify an FSSAI licence for on-site event catering, and the business serves delivery only. You are welcome to apply again with a valid FSSAI registration.',
  },
  {
    key: 'chhappan',
    state: 'admin_added',
    contact: 'Manoj Khandelwal',
    businessName: 'Chhappan Bhog Sweets & Namkeen',
    email: 'orders@chhappanbhog.example.in',
    phone: '+919827061539',
    location: 'Indore',
    businessAddress: '56 Dukan, New Palasia, Indore, Madhya Pradesh 452001',
    services: ['Sweets', 'Namkeen', 'Dessert counters'],
    servicesOffered: 'Mithai boxes, live jalebi-rabdi and malpua counters, Indori namkeen hampers for return gifts.',
    experienceYears: 25,
    gst: { state: '23', pan: 'AAGFC2267N' },
    portfolioLink: null,
    rating: 4.4,
    createdDaysAgo: 30,
    password: null,
  },
];

// ---------------------------------------------------------------------------------------------------------------
// Bookings: event dates and creation dates in days relative to today (India time).

type Client = { name: string; email: string; phone: string };

type BookingSeed = {
  key: string;
  customer?: string;
  client?: Client;
  eventName: string;
  eventType: EventType;
  tier: PricingTier;
  venueType: VenueType;
  venueName: string;
  venueAddress: string;
  city: string;
  guests: number;
  eventInDays: number;
  eventTime: string;
  createdDaysAgo: number;
  source: Extract<BookingSource, 'instant_quote' | 'inquiry'>;
  /** Every status the booking has been in, first to current. */
  history: BookingStatus[];
  requirements: Omit<BookingRequirements, 'venue_type'>;
  notes?: string;
};

const BOOKINGS: BookingSeed[] = [
  {
    key: 'priya-wedding',
    customer: 'priya',
    eventName: 'Priya & Karan Wedding Reception',
    eventType: 'wedding',
    tier: 'luxury',
    venueType: 'banquet',
    venueName: 'Rajwada Palace Banquets',
    venueAddress: 'AB Road, Vijay Nagar, Indore 452010',
    city: 'Indore',
    guests: 450,
    eventInDays: 38,
    eventTime: '19:30',
    createdDaysAgo: 62,
    source: 'inquiry',
    history: ['inquiry', 'quoted', 'confirmed'],
    requirements: {
      event_duration: '5 hours',
      catering_style: 'Veg (Jain options)',
      dietary_restrictions: ['Jain', 'No onion-garlic counter'],
      special_requests:
        'Dal bafla and bhutte ka kees live counters; separate Jain counter; welcome drinks with thandai.',
      budget_range: '₹5,00,000 - ₹10,00,000',
      decoration_required: true,
      entertainment_required: false,
      photography_required: true,
    },
  },
  {
    key: 'narmada-annual-day',
    customer: 'rahul',
    eventName: 'Narmada Tech Annual Day Dinner',
    eventType: 'corporate',
    tier: 'premium',
    venueType: 'indoor',
    venueName: 'Lotus Convention Hall',
    venueAddress: 'Scheme No. 78, Vijay Nagar, Indore 452010',
    city: 'Indore',
    guests: 320,
    eventInDays: 21,
    eventTime: '19:00',
    createdDaysAgo: 40,
    source: 'instant_quote',
    history: ['quoted', 'confirmed'],
    requirements: {
      event_duration: '4 hours',
      catering_style: 'Multi-cuisine',
      dietary_restrictions: ['Vegetarian', 'Vegan options'],
      special_requests: 'Buffet plus a live pasta counter; dinner to start right after the awards at 20:30.',
      company_name: 'Narmada Tech Solutions Pvt Ltd',
      decoration_required: true,
      entertainment_required: true,
      photography_required: false,
    },
  },
  {
    key: 'aarav-birthday',
    customer: 'ananya',
    eventName: "Aarav's 1st Birthday",
    eventType: 'birthday',
    tier: 'basic',
    venueType: 'garden',
    venueName: 'Green Leaf Garden Lawns',
    venueAddress: 'Outer Ring Road, HSR Layout, Bengaluru 560102',
    city: 'Bengaluru',
    guests: 80,
    eventInDays: -12,
    eventTime: '17:00',
    createdDaysAgo: 55,
    source: 'instant_quote',
    history: ['quoted', 'confirmed', 'in_progress', 'completed'],
    requirements: {
      event_duration: '3 hours',
      catering_style: 'South Indian',
      dietary_restrictions: ['Vegetarian', 'Kid-friendly'],
      special_requests: 'Mini idli-sambar and pav bhaji counters; jungle-theme cake table; mild spice for kids.',
      decoration_required: true,
      entertainment_required: true,
      photography_required: true,
    },
  },
  {
    key: 'mehta-diwali',
    customer: 'arjun',
    eventName: 'Mehta Family Festive Milan',
    eventType: 'festival',
    tier: 'premium',
    venueType: 'outdoor',
    venueName: 'Sea Breeze Terrace',
    venueAddress: 'Carter Road, Bandra West, Mumbai 400050',
    city: 'Mumbai',
    guests: 150,
    eventInDays: 45,
    eventTime: '19:30',
    createdDaysAgo: 3,
    source: 'instant_quote',
    history: ['quoted'],
    requirements: {
      event_duration: '4 hours',
      catering_style: 'Gujarati & Maharashtrian',
      dietary_restrictions: ['Vegetarian'],
      special_requests: 'Faral platter (chakli, karanji, shankarpali) as welcome snacks; sugar-free mithai for elders.',
      decoration_required: true,
      entertainment_required: false,
      photography_required: false,
    },
  },
  {
    key: 'kavya-engagement',
    customer: 'kavya',
    eventName: 'Kavya & Siddharth Engagement',
    eventType: 'engagement',
    tier: 'premium',
    venueType: 'banquet',
    venueName: 'Pearl Grand Banquets',
    venueAddress: 'Road No. 36, Jubilee Hills, Hyderabad 500033',
    city: 'Hyderabad',
    guests: 220,
    eventInDays: 0,
    eventTime: '18:30',
    createdDaysAgo: 70,
    source: 'instant_quote',
    history: ['quoted', 'confirmed', 'in_progress'],
    requirements: {
      event_duration: '5 hours',
      catering_style: 'South Indian & Hyderabadi',
      dietary_restrictions: ['Vegetarian', 'Non-vegetarian'],
      special_requests: 'Veg and non-veg buffets on separate lines; Hyderabadi dum biryani and double ka meetha.',
      decoration_required: true,
      entertainment_required: true,
      photography_required: true,
    },
  },
  {
    key: 'singh-gala',
    customer: 'vikram',
    eventName: 'Singh Haveli Anniversary Gala',
    eventType: 'gala',
    tier: 'luxury',
    venueType: 'garden',
    venueName: 'Amber Courtyard Gardens',
    venueAddress: 'Amer Road, Jaipur 302002',
    city: 'Jaipur',
    guests: 250,
    eventInDays: 60,
    eventTime: '20:00',
    createdDaysAgo: 5,
    source: 'inquiry',
    history: ['inquiry'],
    requirements: {
      event_duration: '5 hours',
      catering_style: 'Rajasthani & Continental',
      special_requests: 'Dal baati churma live counter, royal Rajasthani thali service, folk musicians during dinner.',
      budget_range: '₹5,00,000 - ₹10,00,000',
      decoration_required: true,
      entertainment_required: false,
      photography_required: false,
    },
  },
  {
    key: 'sneha-haldi',
    customer: 'sneha',
    eventName: 'Sneha & Rohan Haldi-Mehendi',
    eventType: 'pre_wedding',
    tier: 'premium',
    venueType: 'garden',
    venueName: 'Tamarind Tree Lawns',
    venueAddress: 'Koregaon Park, Pune 411001',
    city: 'Pune',
    guests: 120,
    eventInDays: 30,
    eventTime: '11:00',
    createdDaysAgo: 35,
    source: 'instant_quote',
    history: ['quoted', 'cancelled'],
    requirements: {
      event_duration: '4 hours',
      catering_style: 'Maharashtrian',
      dietary_restrictions: ['Vegetarian'],
      special_requests: 'Puran poli and masale bhaat; yellow-and-marigold theme.',
      decoration_required: true,
      entertainment_required: false,
      photography_required: false,
    },
    notes: 'Cancelled by the customer: both functions moved to the family home.',
  },
  {
    key: 'farhan-eid',
    customer: 'farhan',
    eventName: 'Farhan Family Dawat',
    eventType: 'festival',
    tier: 'premium',
    venueType: 'indoor',
    venueName: 'Farhan residence (terrace hall)',
    venueAddress: 'Zakir Nagar, New Delhi 110025',
    city: 'Delhi',
    guests: 100,
    eventInDays: -25,
    eventTime: '20:00',
    createdDaysAgo: 80,
    source: 'instant_quote',
    history: ['quoted', 'confirmed', 'in_progress', 'completed'],
    requirements: {
      event_duration: '3 hours',
      catering_style: 'North Indian & Mughlai',
      dietary_restrictions: ['Halal'],
      special_requests: 'Mutton biryani, nihari, sheer khurma; halal meat only.',
      decoration_required: false,
      entertainment_required: false,
      photography_required: false,
    },
  },
  {
    key: 'sharma-griha-pravesh',
    customer: 'priya',
    eventName: 'Sharma Griha Pravesh',
    eventType: 'housewarming',
    tier: 'basic',
    venueType: 'indoor',
    venueName: 'Sharma residence',
    venueAddress: 'Mahalaxmi Nagar, Indore 452010',
    city: 'Indore',
    guests: 60,
    eventInDays: -40,
    eventTime: '12:30',
    createdDaysAgo: 88,
    source: 'instant_quote',
    history: ['quoted', 'confirmed', 'in_progress', 'completed'],
    requirements: {
      event_duration: '3 hours',
      catering_style: 'Veg (Jain options)',
      dietary_restrictions: ['Vegetarian', 'Jain'],
      special_requests: 'Satvik lunch after the puja: puri, aloo-less sabzi for Jain guests, kheer and boondi.',
      decoration_required: false,
      entertainment_required: false,
      photography_required: false,
    },
  },
  {
    key: 'malwa-textiles-meet',
    client: { name: 'Deepak Jain', email: 'deepak.jain@example.com', phone: '+919893041276' },
    eventName: 'Malwa Textiles Dealers Meet',
    eventType: 'corporate',
    tier: 'premium',
    venueType: 'banquet',
    venueName: 'Shagun Convention Centre',
    venueAddress: 'Ring Road, Bhawarkuan, Indore 452001',
    city: 'Indore',
    guests: 180,
    eventInDays: 18,
    eventTime: '13:00',
    createdDaysAgo: 6,
    source: 'instant_quote',
    history: ['quoted'],
    requirements: {
      event_duration: 'Full day',
      catering_style: 'Veg (Jain options)',
      dietary_restrictions: ['Vegetarian', 'Jain'],
      special_requests: 'Tea and poha at 10:00, lunch buffet at 13:00, high tea at 16:30.',
      company_name: 'Malwa Textiles',
      decoration_required: false,
      entertainment_required: false,
      photography_required: false,
    },
  },
  {
    key: 'paryushan-bhoj',
    client: { name: 'Sanjay Bafna', email: 'sanjay.bafna@example.in', phone: '+919826733104' },
    eventName: 'Shwetambar Jain Samaj Swamivatsalya Bhoj',
    eventType: 'festival',
    tier: 'basic',
    venueType: 'banquet',
    venueName: 'Mahavir Bhawan',
    venueAddress: 'Itwaria Bazaar, Indore 452002',
    city: 'Indore',
    guests: 800,
    eventInDays: 52,
    eventTime: '11:30',
    createdDaysAgo: 28,
    source: 'instant_quote',
    history: ['quoted', 'confirmed'],
    requirements: {
      event_duration: '3 hours',
      catering_style: 'Jain (no root vegetables)',
      dietary_restrictions: ['Jain'],
      special_requests:
        'Strictly Jain: no onion, garlic, potato or other root vegetables; served before sunset; boiled and filtered water.',
      decoration_required: false,
      entertainment_required: false,
      photography_required: false,
    },
  },
  {
    key: 'neha-sangeet',
    client: { name: 'Neha Agrawal', email: 'neha.agrawal@example.in', phone: '+917566120439' },
    eventName: 'Neha & Aditya Sangeet Night',
    eventType: 'pre_wedding',
    tier: 'luxury',
    venueType: 'banquet',
    venueName: 'Rajwada Palace Banquets',
    venueAddress: 'AB Road, Vijay Nagar, Indore 452010',
    city: 'Indore',
    guests: 350,
    eventInDays: 27,
    eventTime: '19:00',
    createdDaysAgo: 2,
    source: 'instant_quote',
    history: ['quoted'],
    requirements: {
      event_duration: '5 hours',
      catering_style: 'North Indian & Mughlai',
      dietary_restrictions: ['Vegetarian'],
      special_requests: 'Mocktail bar, chaat and kulfi counters; dinner to open after the family performances.',
      decoration_required: true,
      entertainment_required: true,
      photography_required: true,
    },
  },
  {
    key: 'deccan-offsite',
    client: { name: 'Karthik Subramanian', email: 'karthik.s@example.com', phone: '+919833907215' },
    eventName: 'Deccan Fintech Leadership Offsite',
    eventType: 'corporate',
    tier: 'luxury',
    venueType: 'beach',
    venueName: 'Juhu Shoreline Lawns',
    venueAddress: 'Juhu Tara Road, Juhu, Mumbai 400049',
    city: 'Mumbai',
    guests: 90,
    eventInDays: -1,
    eventTime: '09:00',
    createdDaysAgo: 50,
    source: 'instant_quote',
    history: ['quoted', 'confirmed', 'in_progress'],
    requirements: {
      event_duration: '2 days',
      catering_style: 'Multi-cuisine',
      dietary_restrictions: ['Vegetarian', 'Vegan', 'Gluten-free'],
      special_requests: 'Working lunches both days, beachside barbecue dinner on day one, coffee bar all day.',
      company_name: 'Deccan Fintech Pvt Ltd',
      decoration_required: false,
      entertainment_required: true,
      photography_required: false,
    },
  },
  {
    key: 'rotary-gala',
    client: { name: 'Anil Khandelwal', email: 'anil.khandelwal@example.in', phone: '+919302145876' },
    eventName: 'Rotary Club Indore Charity Gala',
    eventType: 'gala',
    tier: 'luxury',
    venueType: 'banquet',
    venueName: 'Lotus Convention Hall',
    venueAddress: 'Scheme No. 78, Vijay Nagar, Indore 452010',
    city: 'Indore',
    guests: 400,
    eventInDays: -8,
    eventTime: '19:30',
    createdDaysAgo: 75,
    source: 'inquiry',
    history: ['inquiry', 'quoted', 'confirmed', 'in_progress', 'completed'],
    requirements: {
      event_duration: '4 hours',
      catering_style: 'Multi-cuisine',
      dietary_restrictions: ['Vegetarian', 'Jain'],
      special_requests: 'Plated four-course dinner for the head tables, buffet for the rest; auction break at 21:00.',
      budget_range: '₹5,00,000 - ₹10,00,000',
      company_name: 'Rotary Club of Indore',
      decoration_required: true,
      entertainment_required: true,
      photography_required: true,
    },
  },
  {
    key: 'ishaan-janeu',
    client: { name: 'Manish Tiwari', email: 'manish.tiwari@example.in', phone: '+918770342198' },
    eventName: "Ishaan's Janeu Sanskar",
    eventType: 'private',
    tier: 'premium',
    venueType: 'garden',
    venueName: 'Shanti Vatika Lawns',
    venueAddress: 'Hoshangabad Road, Bhopal 462026',
    city: 'Bhopal',
    guests: 220,
    eventInDays: 14,
    eventTime: '11:00',
    createdDaysAgo: 20,
    source: 'inquiry',
    history: ['inquiry', 'cancelled'],
    requirements: {
      event_duration: '4 hours',
      catering_style: 'Satvik (no onion-garlic)',
      special_requests: 'Satvik bhoj served on banana leaves after the ceremony.',
      budget_range: '₹1,00,000 - ₹2,00,000',
      decoration_required: true,
      entertainment_required: false,
      photography_required: false,
    },
    notes: 'The family booked the community hall kitchen instead.',
  },
  {
    key: 'orchard-grazing',
    client: { name: 'Tanya Deshmukh', email: 'tanya.deshmukh@example.in', phone: '+919881276430' },
    eventName: 'Grazing Table Soirée at The Orchard',
    eventType: 'grazing',
    tier: 'premium',
    venueType: 'outdoor',
    venueName: 'The Orchard Rooftop',
    venueAddress: 'Baner Road, Baner, Pune 411045',
    city: 'Pune',
    guests: 60,
    eventInDays: 9,
    eventTime: '18:30',
    createdDaysAgo: 15,
    source: 'instant_quote',
    history: ['quoted', 'confirmed'],
    requirements: {
      event_duration: '3 hours',
      catering_style: 'Continental grazing',
      dietary_restrictions: ['Vegetarian', 'Eggless'],
      special_requests:
        'Indian-fusion grazing table: khakhra, dhokla bites, makhana, local cheeses and seasonal fruit.',
      decoration_required: true,
      entertainment_required: false,
      photography_required: false,
    },
  },
  {
    key: 'meera-godh-bharai',
    client: { name: 'Lata Pandey', email: 'lata.pandey@example.in', phone: '+917898456012' },
    eventName: "Meera's Godh Bharai",
    eventType: 'baby_shower',
    tier: 'basic',
    venueType: 'indoor',
    venueName: 'Pandey residence',
    venueAddress: 'Saket Nagar, Indore 452018',
    city: 'Indore',
    guests: 75,
    eventInDays: 33,
    eventTime: '12:00',
    createdDaysAgo: 1,
    source: 'inquiry',
    history: ['inquiry'],
    requirements: {
      event_duration: '3 hours',
      catering_style: 'North Indian',
      special_requests: 'Light lunch, no very spicy dishes; sweets platter with pedas.',
      budget_range: 'Under ₹1,00,000',
      decoration_required: true,
      entertainment_required: false,
      photography_required: false,
    },
  },
  {
    key: 'kapoor-anniversary',
    client: { name: 'Nikhil Kapoor', email: 'nikhil.kapoor@example.com', phone: '+919810672345' },
    eventName: 'Kapoor Silver Jubilee Anniversary',
    eventType: 'anniversary',
    tier: 'luxury',
    venueType: 'garden',
    venueName: 'Chattarpur Farm Lawns',
    venueAddress: 'Chattarpur, New Delhi 110074',
    city: 'Delhi',
    guests: 300,
    eventInDays: 40,
    eventTime: '20:00',
    createdDaysAgo: 9,
    source: 'instant_quote',
    history: ['quoted'],
    requirements: {
      event_duration: '5 hours',
      catering_style: 'North Indian & Mughlai',
      dietary_restrictions: ['Vegetarian', 'Non-vegetarian'],
      special_requests: 'Old Delhi chaat counter, galouti kebabs, silver-themed dessert table.',
      decoration_required: true,
      entertainment_required: true,
      photography_required: true,
    },
  },
  {
    key: 'avantika-launch',
    client: { name: 'Dr. Shruti Joshi', email: 'shruti.joshi@example.in', phone: '+919407123580' },
    eventName: 'Corporate Events - Avantika Pharma',
    eventType: 'corporate',
    tier: 'premium',
    venueType: 'indoor',
    venueName: 'Kshipra Residency Hall',
    venueAddress: 'Dewas Road, Ujjain 456010',
    city: 'Ujjain',
    guests: 120,
    eventInDays: 24,
    eventTime: '18:00',
    createdDaysAgo: 10,
    source: 'inquiry',
    history: ['inquiry'],
    requirements: {
      event_duration: '3 hours',
      catering_style: 'Multi-cuisine',
      special_requests: 'Product launch for doctors: cocktail snacks during the talk, buffet dinner after.',
      budget_range: '₹1,00,000 - ₹2,00,000',
      company_name: 'Avantika Pharma',
      decoration_required: true,
      entertainment_required: false,
      photography_required: false,
    },
  },
  {
    key: 'gupta-housewarming',
    client: { name: 'Amit Gupta', email: 'amit.gupta@example.in', phone: '+919414087236' },
    eventName: 'Gupta Family Housewarming',
    eventType: 'housewarming',
    tier: 'basic',
    venueType: 'indoor',
    venueName: 'Gupta residence',
    venueAddress: 'Vaishali Nagar, Jaipur 302021',
    city: 'Jaipur',
    guests: 90,
    eventInDays: -55,
    eventTime: '13:00',
    createdDaysAgo: 86,
    source: 'instant_quote',
    history: ['quoted', 'confirmed', 'in_progress', 'completed'],
    requirements: {
      event_duration: '3 hours',
      catering_style: 'Rajasthani',
      dietary_restrictions: ['Vegetarian'],
      special_requests: 'Gatte ki sabzi, ker sangri, bajre ki roti and moong dal halwa.',
      decoration_required: false,
      entertainment_required: false,
      photography_required: false,
    },
  },
  {
    key: 'riya-kunal-wedding',
    client: { name: 'Riya Maheshwari', email: 'riya.maheshwari@example.in', phone: '+918103457629' },
    eventName: 'Riya & Kunal Wedding',
    eventType: 'wedding',
    tier: 'luxury',
    venueType: 'garden',
    venueName: 'Shagun Vatika Lawns',
    venueAddress: 'Bypass Road, Indore 452016',
    city: 'Indore',
    guests: 900,
    eventInDays: 120,
    eventTime: '20:00',
    createdDaysAgo: 12,
    source: 'inquiry',
    history: ['inquiry'],
    requirements: {
      event_duration: '3 days (haldi, sangeet, wedding)',
      catering_style: 'Veg (Jain options)',
      special_requests:
        'Three functions; Marwari and Malwa specialities; separate Jain kitchen; 40 outstation guests for breakfast.',
      budget_range: '₹15,00,000 - ₹25,00,000',
      decoration_required: true,
      entertainment_required: true,
      photography_required: true,
    },
  },
  {
    key: 'sunrise-getogether',
    client: { name: 'Rakesh Saxena', email: 'rakesh.saxena@example.in', phone: '+919425316780' },
    eventName: 'Sunrise Residency Annual Get-together',
    eventType: 'private',
    tier: 'basic',
    venueType: 'garden',
    venueName: 'Sunrise Residency Club Lawn',
    venueAddress: 'Nipania, Indore 452010',
    city: 'Indore',
    guests: 250,
    eventInDays: 16,
    eventTime: '19:30',
    createdDaysAgo: 45,
    source: 'instant_quote',
    history: ['quoted', 'confirmed', 'cancelled'],
    requirements: {
      event_duration: '4 hours',
      catering_style: 'Multi-cuisine',
      dietary_restrictions: ['Vegetarian'],
      special_requests: 'Indori chaat counter (garadu, bhutte ka kees) and a kids’ corner menu.',
      decoration_required: true,
      entertainment_required: true,
      photography_required: false,
    },
    notes: 'Society committee postponed the event indefinitely; cancellation policy applied.',
  },
  {
    key: 'arjun-40th',
    customer: 'arjun',
    eventName: "Arjun's 40th Birthday Bash",
    eventType: 'birthday',
    tier: 'premium',
    venueType: 'indoor',
    venueName: 'Skyline Lounge',
    venueAddress: 'Senapati Bapat Marg, Lower Parel, Mumbai 400013',
    city: 'Mumbai',
    guests: 70,
    eventInDays: -5,
    eventTime: '20:30',
    createdDaysAgo: 30,
    source: 'instant_quote',
    history: ['quoted', 'confirmed', 'in_progress', 'completed'],
    requirements: {
      event_duration: '4 hours',
      catering_style: 'Coastal & Continental',
      dietary_restrictions: ['Vegetarian', 'Non-vegetarian'],
      special_requests: 'Koliwada prawns, paneer tikka sliders and a live dessert station.',
      decoration_required: true,
      entertainment_required: true,
      photography_required: false,
    },
  },
  {
    key: 'vikram-roka',
    customer: 'vikram',
    eventName: 'Vikram & Ishita Roka Ceremony',
    eventType: 'engagement',
    tier: 'premium',
    venueType: 'banquet',
    venueName: 'Rambagh Heritage Banquets',
    venueAddress: 'Bhawani Singh Road, Jaipur 302005',
    city: 'Jaipur',
    guests: 160,
    eventInDays: 12,
    eventTime: '18:00',
    createdDaysAgo: 25,
    source: 'instant_quote',
    history: ['quoted', 'confirmed'],
    requirements: {
      event_duration: '4 hours',
      catering_style: 'North Indian & Mughlai',
      dietary_restrictions: ['Vegetarian'],
      special_requests: 'Laal maas-style jackfruit for vegetarian guests; mehendi-green décor.',
      decoration_required: true,
      entertainment_required: false,
      photography_required: true,
    },
  },
  {
    key: 'bhopal-startup-meetup',
    client: { name: 'Ayesha Khan', email: 'ayesha.khan@example.in', phone: '+916232078145' },
    eventName: 'Bhopal Startup Meetup Networking Dinner',
    eventType: 'corporate',
    tier: 'basic',
    venueType: 'indoor',
    venueName: 'Lakeview Convention Hall',
    venueAddress: 'VIP Road, Shyamla Hills, Bhopal 462013',
    city: 'Bhopal',
    guests: 140,
    eventInDays: 11,
    eventTime: '19:00',
    createdDaysAgo: 4,
    source: 'instant_quote',
    history: ['quoted'],
    requirements: {
      event_duration: '3 hours',
      catering_style: 'North Indian',
      dietary_restrictions: ['Vegetarian', 'Non-vegetarian'],
      special_requests: 'Standing dinner with finger food first, buffet after the pitches.',
      company_name: 'Bhopal Startup Network',
      decoration_required: false,
      entertainment_required: false,
      photography_required: false,
    },
  },
  {
    key: 'reddy-sankranti',
    customer: 'kavya',
    eventName: 'Reddy Family Festive Lunch',
    eventType: 'festival',
    tier: 'basic',
    venueType: 'garden',
    venueName: 'Reddy farmhouse',
    venueAddress: 'Moinabad, Hyderabad 501504',
    city: 'Hyderabad',
    guests: 120,
    eventInDays: 50,
    eventTime: '12:30',
    createdDaysAgo: 7,
    source: 'inquiry',
    history: ['inquiry'],
    requirements: {
      event_duration: '4 hours',
      catering_style: 'South Indian',
      special_requests: 'Traditional banana-leaf meal: pulihora, ariselu, bobbatlu and payasam.',
      budget_range: '₹1,00,000 - ₹2,00,000',
      decoration_required: true,
      entertainment_required: false,
      photography_required: false,
    },
  },
];

// ---------------------------------------------------------------------------------------------------------------
// Testimonials

type TestimonialSeed = {
  clientName: string;
  eventType: EventType;
  rating: number;
  review: string;
  eventDaysAgo: number;
};

const TESTIMONIALS: TestimonialSeed[] = [
  {
    clientName: 'Ritu & Saurabh Jain',
    eventType: 'wedding',
    rating: 5,
    review:
      'The dal bafla live counter was the talk of our Malwa wedding: baflas straight off the coals, dunked in ghee, with panchmel dal that tasted like my nani’s. Six hundred guests and never a queue. She asked for the cook’s number before dessert!',
    eventDaysAgo: 68,
  },
  {
    clientName: 'Shweta Malhotra, Narmada Tech',
    eventType: 'gala',
    rating: 5,
    review:
      'Our annual gala for 350 people ran like clockwork. The tandoor and live pasta counters were fresh all evening, and when 40 extra colleagues confirmed on the last day, the team handled it without a word of fuss.',
    eventDaysAgo: 52,
  },
  {
    clientName: 'Sunita Bafna',
    eventType: 'anniversary',
    rating: 5,
    review:
      'Finding caterers who truly understand a Jain menu is hard. No onion, garlic or root vegetables, separate utensils, dinner finished before sunset: every detail was right, and the kesar shrikhand and mini kachoris were outstanding.',
    eventDaysAgo: 41,
  },
  {
    clientName: 'Ananya Iyer',
    eventType: 'birthday',
    rating: 4,
    review:
      'Aarav’s first birthday was adorable: jungle-theme décor, and the mini idli-sambar and pav bhaji counters were a hit with the kids. The cake table could have been set up a little earlier, otherwise perfect.',
    eventDaysAgo: 12,
  },
  {
    clientName: 'Mohammed Farhan',
    eventType: 'festival',
    rating: 5,
    review:
      'The mutton biryani and sheer khurma at our family dawat tasted like home. The staff were courteous with our elders and the halal arrangements were handled with care. Already booked them for next year.',
    eventDaysAgo: 25,
  },
  {
    clientName: 'Deepika & Harsh Kothari',
    eventType: 'engagement',
    rating: 4,
    review:
      'Gorgeous marigold-and-mogra mandap, and the chaat counter with Indori garadu and bhutte ka kees had everyone going back for seconds. Coordination on the day was smooth from the ring ceremony to the last cup of masala chai.',
    eventDaysAgo: 33,
  },
];

// ---------------------------------------------------------------------------------------------------------------
// Analytics vocabulary

const PAGE_PATHS = [
  '/',
  '/',
  '/',
  '/book',
  '/book',
  '/book?eventType=wedding',
  '/book?eventType=corporate',
  '/book?eventType=private',
  '/book?eventType=gala',
  '/book?eventType=grazing',
  '/vendor-register',
  '/login',
  '/terms',
  '/refund-policy',
  '/privacy-policy',
];
/** Weighted towards the business's home region. */
const ANALYTICS_CITIES = [
  ...['Indore', 'Indore', 'Indore', 'Indore', 'Bhopal', 'Bhopal', 'Ujjain', 'Dewas'],
  ...['Mumbai', 'Pune', 'Delhi', 'Bengaluru', 'Hyderabad', 'Jaipur'],
];
const PAGE_EVENT_TYPES: (EventType | null)[] = [
  ...[null, null, null],
  ...(['wedding', 'corporate', 'birthday', 'engagement', 'private', 'gala', 'grazing'] as const),
];
const TARGET_ANALYTICS_EVENTS = 150;

function pick<T>(items: readonly T[], random: () => number): T {
  return items[Math.floor(random() * items.length)]!;
}

/** Documentation address ranges (RFC 5737), never real visitors. */
function demoIp(random: () => number): string {
  const prefix = pick(['203.0.113', '198.51.100', '192.0.2'], random);
  return `${prefix}.${1 + Math.floor(random() * 254)}`;
}

function demoDevice(random: () => number): { device: DeviceClass; browser: string } {
  const roll = random();
  if (roll < 0.62) {
    return { device: 'mobile', browser: pick(['Chrome', 'Chrome', 'Chrome', 'Safari', 'Samsung Internet'], random) };
  }
  if (roll < 0.9) {
    return { device: 'desktop', browser: pick(['Chrome', 'Chrome', 'Edge', 'Firefox', 'Safari'], random) };
  }
  return { device: 'tablet', browser: pick(['Safari', 'Chrome'], random) };
}

// ---------------------------------------------------------------------------------------------------------------

type UserInsert = typeof users.$inferInsert;
type SupplierInsert = typeof suppliers.$inferInsert;
type BookingInsert = typeof bookings.$inferInsert;
type AuditInsert = typeof auditLog.$inferInsert;
type LedgerInsert = typeof bookingLedger.$inferInsert;
type AnalyticsInsert = typeof analyticsEvents.$inferInsert;
type NotificationInsert = typeof notifications.$inferInsert;

/**
 * The money of a demo booking that went ahead, as the schedule asks for it (docs/product.md#payments): its total
 * charged and the booking amount paid by UPI when it was confirmed; then, for each instalment already due, most
 * are paid (by bank transfer or UPI) a day or two before the due date and a few are left overdue, so Receivables
 * has something to show. A running or completed event has been paid in full.
 */
function demoLedger(
  bookingId: string,
  totalPaise: number,
  eventDate: string,
  confirmedAt: Date,
  status: BookingStatus,
  now: Date,
  random: () => number,
): LedgerInsert[] {
  const latest = now.getTime() - 5 * 60_000;
  const at = (time: number) => new Date(Math.min(time, latest));
  const utr = () => String(Math.floor(100_000_000_000 + random() * 899_999_999_999));
  const schedule = paymentSchedule({ totalPaise, eventDate, confirmedOn: istDate(confirmedAt), today: istDate(now) });
  const rows: LedgerInsert[] = [
    { bookingId, kind: 'charge', amountPaise: totalPaise, note: 'Booking total', createdAt: confirmedAt },
  ];
  const paidInFull = status === 'in_progress' || status === 'completed';
  for (const [index, instalment] of schedule.entries()) {
    const dueAt = istAt(instalment.due_date, '11:00').getTime();
    const paidAt =
      instalment.kind === 'booking_amount'
        ? confirmedAt.getTime() - 10 * 60_000
        : Math.max(confirmedAt.getTime() + HOUR_MS, dueAt - (1 + Math.floor(random() * 2)) * DAY_MS);
    const due = paidAt <= latest;
    // About one confirmed booking in four leaves its due advance unpaid for a while.
    const leftOverdue = !paidInFull && instalment.kind !== 'booking_amount' && random() < 0.25;
    if (!paidInFull && (!due || leftOverdue)) break;
    const byBank = instalment.kind !== 'booking_amount' && index % 2 === 0;
    rows.push({
      bookingId,
      kind: 'payment',
      amountPaise: instalment.amount_paise,
      method: byBank ? 'bank_transfer' : 'upi',
      reference: byBank ? `NEFT-${utr().slice(0, 8)}` : utr(),
      note: INSTALMENT_LABELS[instalment.kind],
      createdAt: at(paidAt),
    });
  }
  return rows;
}

/**
 * When each status in a booking's history was entered; never in the future, always after the previous move; in
 * progress on the event day and completed from it.
 */
function statusTimes(history: BookingStatus[], createdAt: Date, eventDate: string, now: Date): Date[] {
  const times: Date[] = [createdAt];
  const latest = now.getTime() - 5 * 60_000;
  for (let i = 1; i < history.length; i += 1) {
    const previous = times[i - 1]!.getTime();
    let at: number;
    switch (history[i]) {
      case 'quoted':
        at = previous + 26 * HOUR_MS;
        break;
      case 'confirmed':
        at = previous + 2 * DAY_MS + 3 * HOUR_MS;
        break;
      case 'in_progress':
        at = istAt(eventDate, '07:00').getTime();
        break;
      case 'completed':
        at = istAt(addDays(eventDate, 1), '11:00').getTime();
        break;
      default:
        at = previous + 4 * DAY_MS + 5 * HOUR_MS;
    }
    let entered = Math.max(Math.min(at, latest), previous + 60_000);
    // Never before the event day, as the admin's own moves (docs/product.md#booking-statuses), even just after midnight.
    if (history[i] === 'in_progress' || history[i] === 'completed') {
      entered = Math.max(entered, istAt(eventDate, '00:00').getTime());
    }
    times.push(new Date(entered));
  }
  return times;
}

/**
 * `randomPasswords` (production): each demo password is replaced by a random one, the same for the accounts that
 * share it (every demo customer, every supplier), and answered in `logins` to be printed once.
 */
export async function seedDemo(
  deps: ServiceDeps,
  options: { randomPasswords?: boolean } = {},
): Promise<SeedDemoResult> {
  const none: SeedDemoResult = { seeded: false, users: 0, suppliers: 0, bookings: 0, testimonials: 0 };
  // Cheap check first, so a start-up with SEED_DEMO=true on a seeded database does not hash anything.
  const [marker] = await deps.db.select({ key: settings.key }).from(settings).where(eq(settings.key, DEMO_SEEDED_KEY));
  if (marker) return none;

  // argon2 is slow by design: hash each distinct password once, before the transaction opens.
  const distinct = [ADMIN_PASSWORD, CUSTOMER_PASSWORD, ...SUPPLIERS.flatMap((s) => (s.password ? [s.password] : []))];
  const actual = new Map(
    [...new Set(distinct)].map((p) => [p, options.randomPasswords ? randomBytes(12).toString('base64url') : p]),
  );
  const hashes = new Map<string, string>();
  await Promise.all(
    [...actual].map(async ([demo, password]) => {
      hashes.set(demo, await hashPassword(password, deps.config.passwordHash));
    }),
  );
  const hashOf = (password: string) => hashes.get(password)!;
  const logins = options.randomPasswords
    ? DEMO_LOGINS.map((login) => ({ ...login, password: actual.get(login.password)! }))
    : undefined;

  return deps.db.transaction(async (tx) => {
    // The marker goes in first: a concurrent seeder waits on it and then finds the row, so only one seeds.
    const claimed = await tx
      .insert(settings)
      .values({ key: DEMO_SEEDED_KEY, value: { seeded_at: new Date().toISOString(), version: 1 } })
      .onConflictDoNothing()
      .returning({ key: settings.key });
    if (claimed.length === 0) return none;
    const result = await seedDemoGstDocuments(deps, tx, await writeDemoData(tx, hashOf, new Date()));
    return logins ? { ...result, logins } : result;
  });
}

async function writeDemoData(
  tx: Transaction,
  hashOf: (password: string) => string,
  now: Date,
): Promise<SeedDemoResult> {
  const today = istDate(now);
  const random = prng(20_240_917);
  const daysAgo = (days: number, time: string) => {
    const at = istAt(addDays(today, -days), time);
    return at.getTime() < now.getTime() ? at : new Date(now.getTime() - HOUR_MS);
  };

  // --- Accounts that already exist -----------------------------------------------------------------------------
  const seededEmails = [
    ADMIN_EMAIL,
    ...CUSTOMERS.map((c) => c.email),
    ...SUPPLIERS.filter((s) => s.password).map((s) => s.email),
  ];
  const existing = await tx
    .select({ id: users.id, email: users.email, role: users.role })
    .from(users)
    .where(
      inArray(
        sql`lower(${users.email})`,
        seededEmails.map((e) => e.toLowerCase()),
      ),
    );
  const existingByEmail = new Map(existing.map((u) => [u.email.toLowerCase(), u]));
  const takenSupplierEmails = await tx
    .select({ email: suppliers.email })
    .from(suppliers)
    .where(
      inArray(
        sql`lower(${suppliers.email})`,
        SUPPLIERS.map((s) => s.email.toLowerCase()),
      ),
    );
  if (takenSupplierEmails.length > 0) {
    const taken = takenSupplierEmails.map((s) => s.email).join(', ');
    throw new Error(`Demo data needs a database without these suppliers: ${taken}`);
  }

  const userRows: UserInsert[] = [];

  // Admin: skipped when the account exists (for example created from ADMIN_EMAIL); its id still signs the audit rows.
  const existingAdmin = existingByEmail.get(ADMIN_EMAIL);
  let adminId: string | null = existingAdmin?.role === 'admin' ? existingAdmin.id : null;
  if (!existingAdmin) {
    adminId = randomUUID();
    userRows.push({
      id: adminId,
      email: ADMIN_EMAIL,
      fullName: 'Annapurna Admin',
      phone: '+919826012345',
      city: 'Indore',
      passwordHash: hashOf(ADMIN_PASSWORD),
      role: 'admin',
      createdAt: daysAgo(90, '10:00'),
      emailVerifiedAt: daysAgo(90, '10:05'),
    });
  }

  // Customers: an existing customer account with the same e-mail is reused as it is, anything else is a conflict.
  const customerIds = new Map<string, string>();
  for (const customer of CUSTOMERS) {
    const found = existingByEmail.get(customer.email);
    if (found) {
      if (found.role !== 'customer') throw new Error(`Demo data: ${customer.email} already belongs to a ${found.role}`);
      customerIds.set(customer.key, found.id);
      continue;
    }
    const ownBookings = BOOKINGS.filter((b) => b.customer === customer.key);
    const firstBooking = Math.max(...ownBookings.map((b) => b.createdDaysAgo), 0);
    const id = randomUUID();
    customerIds.set(customer.key, id);
    userRows.push({
      id,
      email: customer.email,
      fullName: customer.fullName,
      phone: customer.phone,
      city: customer.city,
      passwordHash: hashOf(CUSTOMER_PASSWORD),
      role: 'customer',
      createdAt: daysAgo(Math.min(firstBooking + 3, 89), '21:15'),
      // Demo customers have confirmed their address, so My Bookings shows the quotes made in it.
      emailVerifiedAt: daysAgo(Math.min(firstBooking + 3, 89), '21:20'),
    });
  }

  // --- Suppliers ----------------------------------------------------------------------------------------------
  const supplierIds = new Map<string, string>();
  const supplierUserIds = new Map<string, string | null>();
  const supplierRows: SupplierInsert[] = [];
  for (const s of SUPPLIERS) {
    const createdAt = daysAgo(s.createdDaysAgo, '16:40');
    let userId: string | null = null;
    if (s.password) {
      if (existingByEmail.has(s.email)) throw new Error(`Demo data: ${s.email} is already registered`);
      userId = randomUUID();
      userRows.push({
        id: userId,
        email: s.email,
        fullName: s.contact,
        phone: s.phone,
        city: s.location,
        passwordHash: hashOf(s.password),
        role: 'supplier',
        // Vendors sign in only once approved; the supplier row is what login checks first.
        isActive: s.state === 'approved',
        createdAt,
        // The pending vendor has not opened its confirmation link yet, so the admin's queue shows both states.
        emailVerifiedAt: s.state === 'pending' ? null : new Date(createdAt.getTime() + 10 * 60 * 1000),
      });
    }
    const id = randomUUID();
    supplierIds.set(s.key, id);
    supplierUserIds.set(s.key, userId);
    const live = s.state === 'approved' || s.state === 'admin_added';
    const reviewed = s.state === 'approved' || s.state === 'rejected';
    supplierRows.push({
      id,
      userId,
      name: s.contact,
      businessName: s.businessName,
      email: s.email,
      phone: s.phone,
      location: s.location,
      businessAddress: s.businessAddress,
      services: s.services,
      servicesOffered: s.servicesOffered,
      experienceYears: s.experienceYears,
      gstNumber: s.gst ? gstin(s.gst.state, s.gst.pan) : null,
      portfolioLink: s.portfolioLink,
      approvalStatus: s.state === 'admin_added' ? 'approved' : s.state,
      rejectionReason: s.rejectionReason ?? null,
      isVerified: s.state === 'approved',
      isActive: live,
      rating: s.rating,
      reviewedAt: reviewed ? new Date(createdAt.getTime() + 30 * HOUR_MS) : null,
      createdAt,
      updatedAt: reviewed ? new Date(createdAt.getTime() + 30 * HOUR_MS) : createdAt,
    });
  }

  if (userRows.length > 0) await tx.insert(users).values(userRows);
  await tx.insert(suppliers).values(supplierRows);

  // --- Bookings, their audit history and quotation analytics -------------------------------------------------
  const bookingIds = new Map<string, string>();
  const bookingRows: BookingInsert[] = [];
  const auditRows: AuditInsert[] = [];
  const ledgerRows: LedgerInsert[] = [];
  // Its own sequence, so the demo's money does not shift the rest of the demo data.
  const moneyRandom = prng(7_031_999);
  const analyticsRows: AnalyticsInsert[] = [];

  BOOKINGS.forEach((b, index) => {
    const customer = b.customer ? CUSTOMERS.find((c) => c.key === b.customer) : undefined;
    const client: Client = customer
      ? { name: customer.fullName, email: customer.email, phone: customer.phone }
      : b.client!;
    const userId = b.customer ? customerIds.get(b.customer)! : null;
    const id = randomUUID();
    bookingIds.set(b.key, id);

    const eventDate = addDays(today, b.eventInDays);
    // Spread over the working day, 09:00 to 21:59 India time.
    const hour = String(9 + ((index * 5) % 13)).padStart(2, '0');
    const minute = String((index * 17) % 60).padStart(2, '0');
    const createdAt = daysAgo(b.createdDaysAgo, `${hour}:${minute}`);
    const times = statusTimes(b.history, createdAt, eventDate, now);
    const status = b.history[b.history.length - 1]!;
    const quotedIndex = b.history.findIndex((s) => s !== 'inquiry' && s !== 'cancelled');
    const quote =
      quotedIndex >= 0
        ? priceQuote({
            tier: b.tier,
            eventType: b.eventType,
            venueType: b.venueType,
            city: b.city,
            guestCount: b.guests,
          })
        : null;
    const quotedOn = quotedIndex >= 0 ? istDate(times[quotedIndex]!) : null;
    const confirmedIndex = b.history.indexOf('confirmed');
    const confirmedAt = confirmedIndex >= 0 ? times[confirmedIndex]! : null;

    bookingRows.push({
      id,
      userId,
      clientName: client.name,
      clientEmail: client.email,
      clientPhone: client.phone,
      eventType: b.eventType,
      eventName: b.eventName,
      eventDate,
      eventTime: b.eventTime,
      venueName: b.venueName,
      venueAddress: b.venueAddress,
      venueType: b.venueType,
      city: b.city,
      guestCount: b.guests,
      requirements: { venue_type: b.venueType, ...b.requirements },
      pricingTier: quote || b.source === 'instant_quote' ? b.tier : null,
      basePricePerPersonPaise: quote?.basePricePerPersonPaise ?? null,
      discountPaise: quote?.discountPaise ?? null,
      subtotalPaise: quote?.subtotalPaise ?? null,
      gstPaise: quote?.gstPaise ?? null,
      finalAmountPaise: quote?.finalAmountPaise ?? null,
      validUntil: quotedOn ? addDays(quotedOn, DEFAULT_PRICING.validityDays) : null,
      status,
      source: b.source,
      notes: b.notes ?? null,
      createdAt,
      updatedAt: times[times.length - 1]!,
      confirmedAt,
    });
    if (confirmedAt && quote && status !== 'cancelled') {
      ledgerRows.push(...demoLedger(id, quote.finalAmountPaise, eventDate, confirmedAt, status, now, moneyRandom));
    }

    if (status !== 'inquiry') {
      b.history.forEach((to, i) => {
        const from = i === 0 ? null : b.history[i - 1]!;
        // The customer starts a booking (instant quote or inquiry form); the team moves it on.
        const actorUserId = i === 0 ? userId : adminId;
        auditRows.push({
          actorUserId,
          action: 'booking.status_changed',
          entityType: 'booking',
          entityId: id,
          data: { from, to },
          createdAt: times[i]!,
        });
      });
    }

    if (b.source === 'instant_quote') {
      const { device, browser } = demoDevice(random);
      const ip = demoIp(random);
      const pageAt = new Date(createdAt.getTime() - (3 + Math.floor(random() * 10)) * 60_000);
      const visitor = { ipAddress: ip, browser, device, city: b.city, eventType: b.eventType };
      analyticsRows.push(
        { kind: 'page_view', path: `/book?eventType=${b.eventType}`, ...visitor, createdAt: pageAt },
        { kind: 'quotation', path: '/book', ...visitor, bookingId: id, createdAt },
      );
    }
  });

  await tx.insert(bookings).values(bookingRows);
  await tx.insert(dishes).values(demoDishRows());
  await tx.insert(auditLog).values(auditRows);
  await tx.insert(bookingLedger).values(ledgerRows);

  // --- Vendor registrations, then page views up to the target -------------------------------------------------
  for (const s of SUPPLIERS) {
    if (!s.password) continue;
    const { device, browser } = demoDevice(random);
    analyticsRows.push({
      kind: 'vendor_registration',
      path: '/vendor-register',
      ipAddress: demoIp(random),
      browser,
      device,
      city: s.location,
      supplierId: supplierIds.get(s.key)!,
      createdAt: daysAgo(s.createdDaysAgo, '16:40'),
    });
  }
  while (analyticsRows.length < TARGET_ANALYTICS_EVENTS) {
    const { device, browser } = demoDevice(random);
    const path = pick(PAGE_PATHS, random);
    const typed = /eventType=(\w+)/.exec(path)?.[1] ?? pick(PAGE_EVENT_TYPES, random);
    const at = new Date(now.getTime() - Math.floor(random() * 89 * DAY_MS) - HOUR_MS);
    analyticsRows.push({
      kind: 'page_view',
      path,
      ipAddress: demoIp(random),
      browser,
      device,
      city: pick(ANALYTICS_CITIES, random),
      eventType: typed,
      createdAt: at,
    });
  }
  await tx.insert(analyticsEvents).values(analyticsRows);

  // --- Testimonials --------------------------------------------------------------------------------------------
  await tx.insert(testimonials).values(
    TESTIMONIALS.map((t) => ({
      clientName: t.clientName,
      eventType: t.eventType,
      rating: t.rating,
      review: t.review,
      eventDate: addDays(today, -t.eventDaysAgo),
      isPublished: true,
      createdAt: daysAgo(Math.max(t.eventDaysAgo - 3, 1), '18:20'),
    })),
  );

  // --- Open projects with invitations, one supplier quote and notifications ------------------------------------
  const openProjects: { booking: string; invite: string[]; quoteFrom?: string }[] = [
    { booking: 'priya-wedding', invite: ['malwa', 'shahi', 'chhappan'], quoteFrom: 'shahi' },
    { booking: 'narmada-annual-day', invite: ['malwa', 'nimbu', 'sapphire'] },
  ];
  const openedAt = new Date(now.getTime() - 2 * HOUR_MS);
  const autoAssignDate = new Date(now.getTime() + 48 * HOUR_MS);
  const notificationRows: NotificationInsert[] = [];
  for (const p of openProjects) {
    const seed = BOOKINGS.find((b) => b.key === p.booking)!;
    const booking = bookingRows.find((b) => b.id === bookingIds.get(p.booking))!;
    const projectId = randomUUID();
    // 48 hours from opening, but never later than 24 hours before the event (docs/product.md#auto-assign).
    const latest = istAt(booking.eventDate!, '00:00').getTime() - 24 * HOUR_MS;
    await tx.insert(projects).values({
      id: projectId,
      bookingId: booking.id!,
      status: 'open',
      autoAssignDate: new Date(Math.min(autoAssignDate.getTime(), latest)),
      createdAt: openedAt,
      updatedAt: openedAt,
    });
    await tx
      .insert(projectInvitations)
      .values(p.invite.map((key) => ({ projectId, supplierId: supplierIds.get(key)!, createdAt: openedAt })));
    for (const key of p.invite) {
      notificationRows.push({
        userId: supplierUserIds.get(key) ?? null,
        supplierId: supplierIds.get(key)!,
        projectId,
        kind: 'project_invitation',
        message: invitationMessage({ eventName: seed.eventName, eventDate: booking.eventDate ?? null }),
        createdAt: openedAt,
      });
    }
    if (p.quoteFrom) {
      const guests = seed.guests;
      const food = guests * 1_450_00;
      const counters = 85_000_00;
      const staff = 60_000_00;
      await tx.insert(supplierQuotes).values({
        projectId,
        supplierId: supplierIds.get(p.quoteFrom)!,
        amountPaise: food + counters + staff,
        notes:
          'Includes 2 live counters, 30 service staff, crockery and a food-tasting session for 6; GST extra at 18%.',
        items: [
          { description: `Reception dinner buffet, ${guests} plates at ₹1,450`, amount_paise: food },
          { description: 'Live counters: dal bafla and jalebi-rabdi', amount_paise: counters },
          { description: 'Service staff, crockery and buffet setup', amount_paise: staff },
        ],
        submittedAt: new Date(now.getTime() - 30 * 60_000),
        updatedAt: new Date(now.getTime() - 30 * 60_000),
      });
    }
  }
  await tx.insert(notifications).values(notificationRows);

  return {
    seeded: true,
    users: userRows.length,
    suppliers: supplierRows.length,
    bookings: bookingRows.length,
    testimonials: TESTIMONIALS.length,
  };
}
