import type { EventType } from '../../../shared/domain';

/** The vocabulary of the demo's analytics: pages, cities and event types visitors are drawn from. */

export const PAGE_PATHS = [
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
export const ANALYTICS_CITIES = [
  ...['Indore', 'Indore', 'Indore', 'Indore', 'Bhopal', 'Bhopal', 'Ujjain', 'Dewas'],
  ...['Mumbai', 'Pune', 'Delhi', 'Bengaluru', 'Hyderabad', 'Jaipur'],
];
export const PAGE_EVENT_TYPES: (EventType | null)[] = [
  ...[null, null, null],
  ...(['wedding', 'corporate', 'birthday', 'engagement', 'private', 'gala', 'grazing'] as const),
];
export const TARGET_ANALYTICS_EVENTS = 150;
