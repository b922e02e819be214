import { describe, expect, it } from 'vitest';
import { venueLine } from '../../src/shared/domain';

describe('venueLine', () => {
  it('names the city only when the address does not already', () => {
    const venue = { name: 'Rajwada Palace Banquets', address: 'AB Road, Vijay Nagar, Indore 452010', city: 'Indore' };
    expect(venueLine(venue)).toBe('Rajwada Palace Banquets, AB Road, Vijay Nagar, Indore 452010');
    expect(venueLine({ ...venue, city: 'indore' })).toBe(
      'Rajwada Palace Banquets, AB Road, Vijay Nagar, Indore 452010',
    );
    expect(venueLine({ ...venue, address: '12 MG Road' })).toBe('Rajwada Palace Banquets, 12 MG Road, Indore');
  });

  it('matches the city as a whole word, not inside another name', () => {
    expect(venueLine({ name: null, address: 'Indorewala Lawns, Ring Road', city: 'Indore' })).toBe(
      'Indorewala Lawns, Ring Road, Indore',
    );
    expect(venueLine({ name: 'Lawn', address: 'Sector 5, Navi Mumbai', city: 'Mumbai' })).toBe(
      'Lawn, Sector 5, Navi Mumbai',
    );
    // A city with characters a pattern would read is taken as text.
    expect(venueLine({ name: null, address: 'Hall 2', city: 'Nagar (East)' })).toBe('Hall 2, Nagar (East)');
  });

  it('leaves out what is not known, and is empty when nothing is', () => {
    expect(venueLine({ name: 'Sayaji', address: null, city: 'Indore' })).toBe('Sayaji, Indore');
    expect(venueLine({ name: null, address: '  ', city: null })).toBe('');
    expect(venueLine({ name: null, address: null, city: null })).toBe('');
  });
});
