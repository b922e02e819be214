import { INDIA_TIME_ZONE } from '../../shared/dates';

const indiaDateTime = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: INDIA_TIME_ZONE,
});

/** A moment in business time: "5 Mar 2027, 6:30 pm IST" (quotes submitted, payments, a booking's timeline). */
export function indiaDateTimeText(iso: string): string {
  return `${indiaDateTime.format(new Date(iso))} IST`;
}
