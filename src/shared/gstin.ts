/**
 * GSTIN, India's 15-character GST identification number: 2-digit state code, the holder's 10-character PAN, an
 * entity number (1-9, then A-Z), the letter Z, and a mod-36 check character. Pure, so the vendor form and the
 * server check it the same way.
 */
export const GSTIN_LENGTH = 15;

/** Shape only; the state code and check character are checked separately. */
export const GSTIN_PATTERN = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

const GSTIN_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** State and union-territory codes 01-38, and 97 ("other territory"). */
export function isGstinStateCode(code: string): boolean {
  if (!/^[0-9]{2}$/.test(code)) return false;
  const n = Number(code);
  return (n >= 1 && n <= 38) || n === 97;
}

/**
 * The check character of the first 14 characters: each character's value (0-9, A-Z = 10-35) times 1 or 2
 * alternately, the product's base-36 digits added up, and the sum's complement mod 36.
 */
export function gstinCheckChar(first14: string): string {
  if (first14.length !== GSTIN_LENGTH - 1) throw new RangeError(`Expected 14 GSTIN characters, got ${first14.length}`);
  let sum = 0;
  for (let i = 0; i < 14; i += 1) {
    const value = GSTIN_CHARS.indexOf(first14[i]!);
    if (value < 0) throw new RangeError(`Invalid GSTIN character in ${first14}`);
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARS[(36 - (sum % 36)) % 36]!;
}

/** How people type it: spaces and dashes dropped, upper-cased. */
export function normalizeGstin(raw: string): string {
  return raw.replace(/[\s-]/g, '').toUpperCase();
}

export type GstinProblem = 'length' | 'format' | 'state' | 'checksum';

export const GSTIN_MESSAGES: Record<GstinProblem, string> = {
  length: 'GST number must be 15 characters',
  format: 'Enter a valid GST number (e.g. 27AAPFU0939F1ZV)',
  state: 'GST number must start with a valid state code',
  checksum: 'GST number is not valid: please check it for typing mistakes',
};

/** What is wrong with an (already normalised) GSTIN, or null when it is valid. */
export function gstinProblem(value: string): GstinProblem | null {
  if (value.length !== GSTIN_LENGTH) return 'length';
  if (!GSTIN_PATTERN.test(value)) return 'format';
  if (!isGstinStateCode(value.slice(0, 2))) return 'state';
  if (gstinCheckChar(value.slice(0, 14)) !== value[14]) return 'checksum';
  return null;
}

export function isValidGstin(value: string): boolean {
  return gstinProblem(value) === null;
}
