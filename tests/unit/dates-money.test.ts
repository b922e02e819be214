import { describe, expect, it } from 'vitest';
import {
  addDays,
  formatLongDate,
  indiaTimeOn,
  isIsoDate,
  isoDateInIndia,
  readTypedDate,
  todayInIndia,
} from '../../src/shared/dates';
import { formatInr, formatSignedInr } from '../../src/shared/money';

describe('todayInIndia', () => {
  it('changes date at midnight in India (18:30 UTC), whatever the server time zone', () => {
    expect(todayInIndia(new Date('2027-03-04T18:29:59Z'))).toBe('2027-03-04');
    expect(todayInIndia(new Date('2027-03-04T18:30:00Z'))).toBe('2027-03-05');
    expect(isoDateInIndia(new Date('2026-12-31T20:00:00Z'))).toBe('2027-01-01');
  });

  it('agrees with the Asia/Kolkata time-zone data every 17 minutes from 2025 to 2030', () => {
    const india = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Asia/Kolkata',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    const mismatches: string[] = [];
    for (let t = Date.UTC(2025, 0, 1); t < Date.UTC(2030, 0, 1); t += 17 * 60_000) {
      const instant = new Date(t);
      if (isoDateInIndia(instant) !== india.format(instant)) mismatches.push(instant.toISOString());
    }
    expect(mismatches).toEqual([]);
  });
});

describe('isIsoDate and addDays', () => {
  it.each(['2027-03-05', '2028-02-29', '2027-12-31'])('accepts %s', (value) => expect(isIsoDate(value)).toBe(true));
  it.each(['2027-02-29', '2027-13-01', '2027-3-5', '05/03/2027', '2027-03-05T00:00:00Z', ''])('refuses %s', (value) =>
    expect(isIsoDate(value)).toBe(false),
  );

  it('crosses months, years and leap days', () => {
    expect(addDays('2027-02-25', 7)).toBe('2027-03-04');
    expect(addDays('2028-02-25', 7)).toBe('2028-03-03');
    expect(addDays('2027-12-28', 7)).toBe('2028-01-04');
    expect(addDays('2027-03-01', -1)).toBe('2027-02-28');
  });
});

describe('indiaTimeOn', () => {
  it('reads a wall-clock time on a date in India as the instant, 5:30 ahead of UTC', () => {
    expect(indiaTimeOn('2027-03-05', '00:00').toISOString()).toBe('2027-03-04T18:30:00.000Z');
    expect(indiaTimeOn('2027-03-05', '11:00').toISOString()).toBe('2027-03-05T05:30:00.000Z');
    expect(isoDateInIndia(indiaTimeOn('2027-12-31', '23:59'))).toBe('2027-12-31');
  });
});

describe("formatLongDate (the spec's 'PPP')", () => {
  it.each([
    ['2027-03-05', 'March 5th, 2027'],
    ['2027-01-01', 'January 1st, 2027'],
    ['2027-06-02', 'June 2nd, 2027'],
    ['2027-07-03', 'July 3rd, 2027'],
    ['2027-08-11', 'August 11th, 2027'],
    ['2027-08-12', 'August 12th, 2027'],
    ['2027-08-13', 'August 13th, 2027'],
    ['2027-10-21', 'October 21st, 2027'],
    ['2027-10-22', 'October 22nd, 2027'],
    ['2027-10-23', 'October 23rd, 2027'],
    ['2027-12-31', 'December 31st, 2027'],
  ])('%s is %s', (iso, text) => expect(formatLongDate(iso)).toBe(text));
});

describe('formatInr', () => {
  it.each([
    [123450, '₹1,23,450'],
    [254880, '₹2,54,880'],
    [573223.35, '₹5,73,223.35'],
    [18262.5, '₹18,262.50'],
    [99, '₹99'],
    [49.5, '₹49.50'],
    [10000000, '₹1,00,00,000'],
    [0, '₹0'],
    // Never the locale's hyphen, wherever a negative amount reaches it.
    [-25567.5, '−₹25,567.50'],
    [-0.001, '₹0'],
  ])('%d is %s', (rupees, text) => expect(formatInr(rupees)).toBe(text));
});

describe('formatSignedInr (a minus sign, never a hyphen, and no "−₹0")', () => {
  it.each([
    [-2500, '−₹2,500'],
    [-0.01, '−₹0.01'],
    [-123450.5, '−₹1,23,450.50'],
    [2500, '₹2,500'],
    [-0, '₹0'],
    [-0.001, '₹0'],
  ])('%d is %s', (rupees, text) => expect(formatSignedInr(rupees)).toBe(text));
});

describe('readTypedDate (a typed DD/MM/YYYY is kept or refused, never moved)', () => {
  const range = { min: '2026-11-25', max: '2027-07-02' };
  it.each([
    ['', { ok: true, value: '' }],
    ['  ', { ok: true, value: '' }],
    ['05/03/2027', { ok: true, value: '2027-03-05' }],
    ['5/3/2027', { ok: true, value: '2027-03-05' }],
    ['25/11/2026', { ok: true, value: '2026-11-25' }],
    ['02/07/2027', { ok: true, value: '2027-07-02' }],
    ['20/08/2027', { ok: false, message: 'August 20th, 2027 is not available: choose a date up to July 2nd, 2027.' }],
    ['01/01/2020', { ok: false, message: 'January 1st, 2020 is not available: choose November 25th, 2026 or later.' }],
    ['31/02/2027', { ok: false, message: '31/02/2027 is not a date: February 2027 has no day 31.' }],
    ['29/02/2027', { ok: false, message: '29/02/2027 is not a date: February 2027 has no day 29.' }],
    ['12/13/2027', { ok: false, message: '12/13/2027 is not a date: there is no month 13.' }],
    ['00/03/2027', { ok: false, message: '00/03/2027 is not a date: March 2027 has no day 0.' }],
    ['20/08', { ok: false, message: 'Enter the date as DD/MM/YYYY.' }],
    ['2027-03-05', { ok: false, message: 'Enter the date as DD/MM/YYYY.' }],
  ])('%j', (text, expected) => {
    expect(readTypedDate(text, range)).toEqual(expected);
  });

  it('accepts 29 February in a leap year and any day without a range', () => {
    expect(readTypedDate('29/02/2028', {})).toEqual({ ok: true, value: '2028-02-29' });
    expect(readTypedDate('01/01/2020', {})).toEqual({ ok: true, value: '2020-01-01' });
  });
});
