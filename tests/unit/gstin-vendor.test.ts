import { describe, expect, it } from 'vitest';
import { gstinCheckChar, gstinProblem, isGstinStateCode, isValidGstin, normalizeGstin } from '../../src/shared/gstin';
import { servicesSchema, updateSupplierFieldsSchema } from '../../src/shared/schemas/suppliers';
import { splitServices, vendorRegisterInputSchema } from '../../src/shared/schemas/vendor';

const VALID = ['27AAPFU0939F1ZV', '29AAGCB7383J1Z4'];
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

describe('GSTIN', () => {
  it.each(VALID)('accepts %s', (gstin) => {
    expect(gstinProblem(gstin)).toBeNull();
    expect(isValidGstin(gstin)).toBe(true);
    expect(gstinCheckChar(gstin.slice(0, 14))).toBe(gstin[14]);
  });

  it.each(VALID)('refuses every one-character change of %s', (gstin) => {
    let changes = 0;
    for (let i = 0; i < gstin.length; i += 1) {
      for (const c of ALPHABET) {
        if (c === gstin[i]) continue;
        const changed = gstin.slice(0, i) + c + gstin.slice(i + 1);
        expect(isValidGstin(changed), changed).toBe(false);
        changes += 1;
      }
    }
    expect(changes).toBe(15 * 35);
  });

  it('names what is wrong', () => {
    expect(gstinProblem('27AAPFU0939F1Z')).toBe('length');
    expect(gstinProblem('27AAPFU0939F1ZV1')).toBe('length');
    expect(gstinProblem('27aapfu0939f1zv')).toBe('format');
    expect(gstinProblem('27AAPFU0939F0ZV')).toBe('format'); // entity number 0
    expect(gstinProblem('27AAPFU0939F1YV')).toBe('format'); // 14th character must be Z
    expect(gstinProblem('27AAPF10939F1ZV')).toBe('format'); // PAN letters
    expect(gstinProblem('27AAPFU0939F1ZW')).toBe('checksum');
  });

  it('knows the state codes 01-38 and 97', () => {
    for (const code of ['01', '09', '23', '27', '38', '97']) expect(isGstinStateCode(code), code).toBe(true);
    for (const code of ['00', '39', '96', '98', '99', '1', 'AB']) expect(isGstinStateCode(code), code).toBe(false);
    const withState = (state: string) => {
      const first14 = `${state}AAPFU0939F1Z`;
      return first14 + gstinCheckChar(first14);
    };
    expect(gstinProblem(withState('38'))).toBeNull();
    expect(gstinProblem(withState('97'))).toBeNull();
    expect(gstinProblem(withState('39'))).toBe('state');
    expect(gstinProblem(withState('00'))).toBe('state');
  });

  it('normalises spaces, dashes and letter case', () => {
    expect(normalizeGstin(' 27aapfu0939f1zv ')).toBe('27AAPFU0939F1ZV');
    expect(normalizeGstin('27-AAPFU-0939-F1ZV')).toBe('27AAPFU0939F1ZV');
  });

  it('refuses characters outside 0-9 and A-Z when computing a check character', () => {
    expect(() => gstinCheckChar('27AAPFU0939F1z')).toThrow(RangeError);
    expect(() => gstinCheckChar('27AAPFU')).toThrow(RangeError);
  });
});

const vendor = {
  email: ' Owner@Swaad.Example.in ',
  password: 'secret123',
  contact_person: 'Pooja Chouhan',
  business_name: 'Swaad Sagar Caterers',
  phone: '98260 11223',
  business_address: '14, Vijay Nagar,\nIndore 452010',
  location: 'Indore',
  services_offered: 'Veg catering, Live counters , veg catering,, Mithai',
};

describe('vendorRegisterInputSchema', () => {
  it('normalises the payload and applies the defaults', () => {
    const data = vendorRegisterInputSchema.parse(vendor);
    expect(data).toEqual({
      ...vendor,
      email: 'owner@swaad.example.in',
      phone: '+919826011223',
      experience_years: 0,
      gst_number: null,
      portfolio_link: null,
    });
  });

  it('upper-cases a valid GST number and refuses an invalid one with a clear message', () => {
    expect(vendorRegisterInputSchema.parse({ ...vendor, gst_number: '27aapfu0939f1zv' }).gst_number).toBe(
      '27AAPFU0939F1ZV',
    );
    expect(vendorRegisterInputSchema.parse({ ...vendor, gst_number: '' }).gst_number).toBeNull();
    const bad = vendorRegisterInputSchema.safeParse({ ...vendor, gst_number: '27AAPFU0939F1ZW' });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues[0]).toMatchObject({
      path: ['gst_number'],
      message: expect.stringMatching(/GST number is not valid/),
    });
  });

  it.each<[unknown, string | null]>([
    ['https://swaad.example.in/menu', 'https://swaad.example.in/menu'],
    ['http://swaad.example.in', 'http://swaad.example.in'],
    ['www.instagram.com/swaadsagar', 'https://www.instagram.com/swaadsagar'],
    ['', null],
    [null, null],
  ])('reads the portfolio link %j', (link, expected) => {
    expect(vendorRegisterInputSchema.parse({ ...vendor, portfolio_link: link }).portfolio_link).toBe(expected);
  });

  it.each(['javascript:alert(1)', 'ftp://files.example.in', 'not a link', 'https://localhost'])(
    'refuses the portfolio link %j',
    (link) => {
      expect(vendorRegisterInputSchema.safeParse({ ...vendor, portfolio_link: link }).success).toBe(false);
    },
  );

  it.each<[unknown, boolean]>([
    [0, true],
    [50, true],
    [null, true],
    [-1, false],
    [51, false],
    [2.5, false],
    ['5', false],
  ])('experience %j valid: %s', (years, ok) => {
    expect(vendorRegisterInputSchema.safeParse({ ...vendor, experience_years: years }).success).toBe(ok);
  });

  it('requires every field the spec marks required, and a password of 6 to 128 characters', () => {
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
      const { [field as keyof typeof vendor]: _omitted, ...rest } = vendor;
      const result = vendorRegisterInputSchema.safeParse(rest);
      expect(result.success, field).toBe(false);
      expect(result.error!.issues[0]!.path).toEqual([field]);
    }
    expect(vendorRegisterInputSchema.safeParse({ ...vendor, password: '12345' }).error!.issues[0]!.message).toBe(
      'Password must be at least 6 characters long',
    );
    expect(vendorRegisterInputSchema.safeParse({ ...vendor, password: 'x'.repeat(129) }).success).toBe(false);
  });

  it('drops keys that are not part of the payload', () => {
    const data = vendorRegisterInputSchema.parse({
      ...vendor,
      role: 'admin',
      approval_status: 'approved',
      is_active: true,
    });
    expect(data).not.toHaveProperty('role');
    expect(data).not.toHaveProperty('approval_status');
    expect(data).not.toHaveProperty('is_active');
  });
});

describe('services lists', () => {
  it('splits free text on commas and line breaks, trims and drops duplicates', () => {
    expect(splitServices('Veg catering, Live counters , veg catering,, Mithai\nDecor')).toEqual([
      'Veg catering',
      'Live counters',
      'Mithai',
      'Decor',
    ]);
    expect(splitServices(' , ')).toEqual([]);
    expect(splitServices(Array.from({ length: 40 }, (_, i) => `S${i}`).join(','))).toHaveLength(30);
  });

  it('accepts an array or comma-separated text', () => {
    expect(servicesSchema.parse(['Sweets', ' sweets ', 'Namkeen'])).toEqual(['Sweets', 'Namkeen']);
    expect(servicesSchema.parse('Sweets, Namkeen')).toEqual(['Sweets', 'Namkeen']);
    expect(servicesSchema.safeParse(42).success).toBe(false);
  });

  it('an edit needs at least one field, and absent fields stay absent', () => {
    expect(updateSupplierFieldsSchema.safeParse({}).success).toBe(false);
    expect(updateSupplierFieldsSchema.safeParse({ rating: 5 }).success).toBe(false);
    expect(updateSupplierFieldsSchema.parse({ is_active: false })).toEqual({ is_active: false });
    expect(updateSupplierFieldsSchema.parse({ location: '' })).toEqual({ location: null });
  });
});
