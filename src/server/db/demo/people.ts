import type { Role } from '../../../shared/domain';

/** The demo's people: the admin, customers, and suppliers in every approval state, with the README's passwords. */

export type DemoLogin = { role: Role; email: string; password: string; note: string };

export const ADMIN_EMAIL = 'admin@annapurna-events.in';
export const ADMIN_PASSWORD = 'Admin@12345';
export const CUSTOMER_PASSWORD = 'Customer@123';
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

export type CustomerSeed = { key: string; fullName: string; email: string; phone: string; city: string };

export const CUSTOMERS: CustomerSeed[] = [
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

export type SupplierState = 'approved' | 'pending' | 'rejected' | 'admin_added';

export type SupplierSeed = {
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

export const SUPPLIERS: SupplierSeed[] = [
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
      'Pure-veg Malwa and North Indian catering for 50 to 2,000 guests: dal bafla, poha-jalebi breakfasts, bhutte ' +
      'ka kees, garadu chaat and sabudana khichdi counters; separate Jain kitchen (no onion, garlic or root ' +
      'vegetables).',
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
      'Bhopali and Mughlai feasts: gosht korma, biryani on dum, seekh kebab and shahi tukda; veg and non-veg ' +
      'kitchens kept apart; full wedding management with service staff and crockery.',
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
      'Fresh-flower mandaps, marigold and rajnigandha entrances, haldi and mehendi themes, stage backdrops and ' +
      'table centrepieces.',
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
      'German hangars and traditional shamianas, sofas and banquet chairs, coolers and heaters, generator backup ' +
      'and fairy-light canopies.',
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
      'Pani puri, dabeli and vada pav stations, live jalebi and mango mastani, artisanal cheese and chaat grazing ' +
      'tables for cocktail evenings.',
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
      'Line-array sound, DJ and dhol, intelligent lighting, LED walls and stage trussing for sangeets and corporate ' +
      'galas.',
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
      'We could not verify an FSSAI licence for on-site event catering, and the business serves delivery only. You ' +
      'are welcome to apply again with a valid FSSAI registration.',
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
