import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUSINESS_HOURS, businessHoursText } from '../../src/shared/brand';

const root = join(import.meta.dirname, '..', '..');

describe('the office hours', () => {
  it('are said from the one BUSINESS_HOURS the JSON-LD reads', () => {
    expect(businessHoursText()).toBe('Monday–Saturday, 10:00–19:00 IST');
    expect(businessHoursText('long')).toBe('Monday to Saturday, 10:00 to 19:00 IST');
    expect(businessHoursText()).toContain(BUSINESS_HOURS.opens);
    expect(businessHoursText()).toContain(BUSINESS_HOURS.closes);
  });

  it('are written out by hand on no page', () => {
    const pages = [
      'src/client/components/site-footer.tsx',
      'src/client/pages/terms/terms-page.tsx',
      'src/client/pages/refund-policy/refund-policy-page.tsx',
      'src/client/pages/privacy-policy/privacy-policy-page.tsx',
      'src/client/pages/payment-success/payment-success-page.tsx',
    ];
    for (const page of pages) {
      const source = readFileSync(join(root, page), 'utf8');
      expect(source, page).toContain('businessHoursText(');
      expect(source, page).not.toMatch(/10:00|19:00/);
    }
  });
});
