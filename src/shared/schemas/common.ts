import { z } from 'zod';
import { isIsoDate, todayInIndia } from '../dates';

/**
 * A text field's type error: "… is required" when it is missing, "… must be text" when something else was sent
 * (a number, a list), so the message names the real problem.
 */
export function textTypeError(label: string) {
  return (issue: { input?: unknown }) =>
    issue.input === undefined || issue.input === null ? `${label} is required` : `${label} must be text`;
}

/** E-mail as typed by a person: trimmed and lower-cased, so uniqueness is case-insensitive. */
export const emailSchema = z
  .string({ error: textTypeError('Email') })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email({ error: 'Enter a valid email address' }))
  .transform((value) => value.toLowerCase());

/**
 * Unicode's bidirectional controls (the Bidi_Control property): the marks U+200E, U+200F and U+061C, the embeddings
 * and overrides U+202A-U+202E and the isolates U+2066-U+2069. Invisible, they make a text display reversed or
 * reordered ("Trojan Source"), so no text field takes them (docs/security.md, "Hostile input"). The zero-width
 * joiner and non-joiner are not among them: Indic scripts and emoji need them, and they cannot reorder anything.
 */
const BIDI_CONTROL = /\p{Bidi_Control}/u;
const BIDI_CONTROLS = /\p{Bidi_Control}/gu;

/** Whether `value` holds no bidirectional control: the check every text schema makes. */
export function hasNoBidiControls(value: string): boolean {
  return !BIDI_CONTROL.test(value);
}

/** The field's message for text holding a bidirectional control (usually pasted along with it, never seen). */
export function bidiControlsMessage(label: string): string {
  return `${label} contains hidden text-direction characters; please type it in again`;
}

/**
 * Indian mobile numbers (docs/product.md#accounts: phone prefix +91). Accepts spaces, dashes, brackets and a +91,
 * 0091, 91 or 0 prefix; stores E.164 (+91XXXXXXXXXX). Mobile series start with 6-9. Bidirectional controls are
 * dropped, not refused: a number copied from a phone's contacts or a chat comes wrapped in them, and only its digits
 * are stored, so nothing of them can be shown.
 */
export function normalizeIndianPhone(raw: string): string | null {
  const digits = raw.replace(BIDI_CONTROLS, '').replace(/[\s\-().]/g, '');
  const match = /^(?:\+91|0091|91|0)?([6-9]\d{9})$/.exec(digits);
  return match ? `+91${match[1]}` : null;
}

/**
 * The digits to look for when a search is a phone number as people write it ("98260 12457", "098260-12457",
 * "+91 98260 12457", "0091 98260 12457"): the number without its spacing and its 0, 91, +91 or 0091 in front. Null
 * for a search that is not a number, or too short to mean one.
 */
export function phoneSearchDigits(search: string): string | null {
  const written = search.replace(BIDI_CONTROLS, '');
  if (!/^[+\d\s\-().]+$/.test(written)) return null;
  const digits = written.replace(/\D/g, '');
  const national =
    digits.length === 14 && digits.startsWith('0091')
      ? digits.slice(4)
      : digits.length === 12 && digits.startsWith('91')
        ? digits.slice(2)
        : digits.length === 11 && digits.startsWith('0')
          ? digits.slice(1)
          : digits;
  return national.length >= 3 ? national : null;
}

export const phoneSchema = z
  .string({ error: 'Phone number is required' })
  .trim()
  .min(1, 'Phone number is required')
  .max(20, 'Enter a valid 10-digit Indian mobile number')
  .transform((value, ctx) => {
    const normalized = normalizeIndianPhone(value);
    if (!normalized) {
      ctx.addIssue({ code: 'custom', message: 'Enter a valid 10-digit Indian mobile number' });
      return z.NEVER;
    }
    return normalized;
  });

/**
 * "Send me updates on WhatsApp" as ticked on a form (docs/product.md#whatsapp): optional, off unless ticked. Stored
 * with the time it was given; only numbers that opted in are ever messaged.
 */
export const whatsappOptInSchema = z.boolean({ error: 'WhatsApp updates must be true or false' }).optional();

/**
 * A person's or business's name, or any other one-line text: trimmed, 1-100 characters, no control characters and
 * no bidirectional controls.
 */
export function nameSchema(label: string, max = 100) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine((value) => !/[\u0000-\u001f\u007f]/.test(value), `${label} contains invalid characters`)
    .refine(hasNoBidiControls, bidiControlsMessage(label));
}

export const uuidSchema = z.uuid({ error: 'Invalid id' });

/**
 * An event date: `YYYY-MM-DD`, a real calendar date, today or later in India time (docs/product.md#screens).
 * "Today" is read when the value is checked, never when the module loads.
 */
export const eventDateSchema = z
  .string({ error: 'Please select an event date' })
  .trim()
  .min(1, 'Please select an event date')
  .refine(isIsoDate, 'Enter the event date as YYYY-MM-DD')
  .refine((value) => !isIsoDate(value) || value >= todayInIndia(), 'Event date cannot be in the past');

/**
 * Optional free text: trimmed and bounded; empty, null or absent all become null, so the database never holds
 * empty strings. Line breaks are allowed (special requests, addresses); other control characters and bidirectional
 * controls are not (a note read in the kitchen can be spoofed as well as a name).
 */
export function optionalTextSchema(label: string, max: number) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine(
      (value) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(value),
      `${label} contains invalid characters`,
    )
    .refine(hasNoBidiControls, bidiControlsMessage(label))
    .nullish()
    .transform((value) => (value ? value : null));
}

/** An optional Indian mobile: empty, null or absent is "not given"; anything else must be a valid number. */
export const optionalPhoneSchema = z
  .string({ error: 'Enter a valid 10-digit Indian mobile number' })
  .trim()
  .max(20, 'Enter a valid 10-digit Indian mobile number')
  .nullish()
  .transform((value, ctx) => {
    if (!value) return undefined;
    const normalized = normalizeIndianPhone(value);
    if (!normalized) {
      ctx.addIssue({ code: 'custom', message: 'Enter a valid 10-digit Indian mobile number' });
      return z.NEVER;
    }
    return normalized;
  });

/**
 * Required free text (addresses, descriptions): trimmed, 1 to `max` characters; line breaks allowed, other control
 * characters and bidirectional controls not.
 */
export function requiredTextSchema(label: string, max: number) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine(
      (value) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(value),
      `${label} contains invalid characters`,
    )
    .refine(hasNoBidiControls, bidiControlsMessage(label));
}

/** A whole number that arrives as a JSON number (tRPC) or as query-string text (REST); absent or empty is nullish. */
function wholeNumberParamSchema(label: string, min: number, max: number) {
  return z
    .union(
      [
        z.number(),
        z.literal('').transform(() => undefined),
        z
          .string()
          .trim()
          .regex(/^-?\d+$/)
          .transform(Number),
      ],
      { error: `${label} must be a whole number` },
    )
    .nullish()
    .pipe(
      z
        .number()
        .int(`${label} must be a whole number`)
        .min(min, `${label} must be at least ${min}`)
        .max(max, `${label} can be at most ${max}`)
        .nullish(),
    );
}

/** A whole-number parameter (REST text or tRPC number): absent or empty means the default. */
function intParamSchema(label: string, min: number, max: number, fallback: number) {
  return wholeNumberParamSchema(label, min, max).transform((value) => value ?? fallback);
}

/** An optional whole-number filter (REST text or tRPC number): absent or empty means no filter. */
export function optionalIntParamSchema(label: string, min: number, max: number) {
  return wholeNumberParamSchema(label, min, max).transform((value) => value ?? undefined);
}

/** A yes/no filter: a boolean (tRPC) or `true`/`false`/`1`/`0` (REST query); absent or empty means no. */
export function flagParamSchema(label: string) {
  return z
    .union(
      [z.boolean(), z.enum(['true', 'false', '1', '0', '']).transform((value) => value === 'true' || value === '1')],
      {
        error: `${label} must be true or false`,
      },
    )
    .nullish()
    .transform((value) => value ?? false);
}

/** An optional `YYYY-MM-DD` parameter that must be a real calendar date; absent or empty means not given. */
export function optionalDateParamSchema(label: string) {
  return z
    .string({ error: `${label} must be a date as YYYY-MM-DD` })
    .trim()
    .refine((value) => value === '' || isIsoDate(value), `${label} must be a date as YYYY-MM-DD`)
    .nullish()
    .transform((value) => value || undefined);
}

/**
 * Paging and search for admin lists, the same for REST query strings and tRPC inputs: `limit` 1..max (default
 * given), `offset` from 0, `q` free text up to 100 characters (empty means no search).
 */
export function listQuerySchema(defaultLimit: number, maxLimit: number) {
  return z.object({
    limit: intParamSchema('Limit', 1, maxLimit, defaultLimit),
    offset: intParamSchema('Offset', 0, 1_000_000, 0),
    q: z
      .string({ error: 'Search must be text' })
      .trim()
      .max(100, 'Search can be at most 100 characters')
      .nullish()
      .transform((value) => value || undefined),
  });
}
