/**
 * GST rules for the documents the business issues (docs/gst.md): states and their codes, the financial year,
 * document numbers, place of supply, the rate table and the tax split. Pure, so the server's documents, the PDFs,
 * the reports and the admin's pages compute the same figures. Amounts are integer paise; rates are percents with
 * at most two decimals.
 */

/** GST state and union-territory codes (CBIC's list, as india-compliance's STATE_NUMBERS). */
export const GST_STATES: Readonly<Record<string, string>> = {
  '01': 'Jammu and Kashmir',
  '02': 'Himachal Pradesh',
  '03': 'Punjab',
  '04': 'Chandigarh',
  '05': 'Uttarakhand',
  '06': 'Haryana',
  '07': 'Delhi',
  '08': 'Rajasthan',
  '09': 'Uttar Pradesh',
  '10': 'Bihar',
  '11': 'Sikkim',
  '12': 'Arunachal Pradesh',
  '13': 'Nagaland',
  '14': 'Manipur',
  '15': 'Mizoram',
  '16': 'Tripura',
  '17': 'Meghalaya',
  '18': 'Assam',
  '19': 'West Bengal',
  '20': 'Jharkhand',
  '21': 'Odisha',
  '22': 'Chhattisgarh',
  '23': 'Madhya Pradesh',
  '24': 'Gujarat',
  '26': 'Dadra and Nagar Haveli and Daman and Diu',
  '27': 'Maharashtra',
  '29': 'Karnataka',
  '30': 'Goa',
  '31': 'Lakshadweep',
  '32': 'Kerala',
  '33': 'Tamil Nadu',
  '34': 'Puducherry',
  '35': 'Andaman and Nicobar Islands',
  '36': 'Telangana',
  '37': 'Andhra Pradesh',
  '38': 'Ladakh',
  '97': 'Other Territory',
};

/**
 * The codes in the order a list of states shows them: by name, as people look for their state. (`Object.keys` alone
 * puts 10–97 before 01–09: keys that read as whole numbers come first, whatever order they are written in.)
 */
export const GST_STATE_CODES: readonly string[] = Object.keys(GST_STATES).sort((a, b) =>
  GST_STATES[a]!.localeCompare(GST_STATES[b]!, 'en-IN'),
);

export function isGstStateCode(code: string): boolean {
  return Object.hasOwn(GST_STATES, code);
}

/** "23-Madhya Pradesh", as GSTR-1's offline tool writes a place of supply. */
export function stateLabel(code: string | null): string {
  if (code === null) return 'Not known (treated as inter-State)';
  return `${code}-${GST_STATES[code] ?? 'Unknown'}`;
}

/**
 * Cities whose state the product knows without asking (the quote's location). Any other city leaves the state
 * unknown until the customer or the team names it (docs/gst.md#place-of-supply).
 */
const CITY_STATES: Readonly<Record<string, string>> = {
  indore: '23',
  bhopal: '23',
  ujjain: '23',
  gwalior: '23',
  jabalpur: '23',
  dewas: '23',
  mhow: '23',
  sagar: '23',
  ratlam: '23',
  mumbai: '27',
  pune: '27',
  nagpur: '27',
  delhi: '07',
  'new delhi': '07',
  bengaluru: '29',
  bangalore: '29',
  chennai: '33',
  kolkata: '19',
  hyderabad: '36',
  gurugram: '06',
  gurgaon: '06',
  noida: '09',
  ahmedabad: '24',
  jaipur: '08',
  udaipur: '08',
  goa: '30',
  raipur: '22',
};

export function stateForCity(city: string | null | undefined): string | null {
  if (!city) return null;
  return CITY_STATES[city.trim().toLowerCase().replace(/\s+/g, ' ')] ?? null;
}

/** The venue's state: the one named for the booking, else the one its city implies, else unknown. */
export function venueStateOf(booking: { venueStateCode: string | null; city: string | null }): string | null {
  return booking.venueStateCode ?? stateForCity(booking.city);
}

// ---------------------------------------------------------------------------------------------------------------
// Financial year and numbers

/** The financial year (April to March) of an India date: 2026-04-01 → 2026, 2027-03-31 → 2026. */
export function financialYearOf(isoDate: string): number {
  const [year, month] = isoDate.split('-').map(Number) as [number, number];
  return month >= 4 ? year : year - 1;
}

/** "26-27" for the year starting 1 April 2026. */
export function financialYearLabel(startYear: number): string {
  const two = (n: number) => String(n % 100).padStart(2, '0');
  return `${two(startYear)}-${two(startYear + 1)}`;
}

export const GST_DOCUMENT_KINDS = [
  'receipt_voucher',
  'tax_invoice',
  'refund_voucher',
  'credit_note',
  'debit_note',
] as const;
export type GstDocumentKind = (typeof GST_DOCUMENT_KINDS)[number];

/** Each kind's own series prefix, title, and the "Nature of Document" GSTR-1's table 13 names it by. */
export const GST_DOCUMENT_META: Readonly<
  Record<GstDocumentKind, { prefix: string; title: string; nature: string; short: string }>
> = {
  receipt_voucher: { prefix: 'RV', title: 'Receipt Voucher', nature: 'Receipt voucher', short: 'Receipt voucher' },
  tax_invoice: {
    prefix: 'INV',
    title: 'Tax Invoice',
    nature: 'Invoices for outward supply',
    short: 'Tax invoice',
  },
  refund_voucher: { prefix: 'RF', title: 'Refund Voucher', nature: 'Refund voucher', short: 'Refund voucher' },
  credit_note: { prefix: 'CN', title: 'Credit Note', nature: 'Credit Note', short: 'Credit note' },
  debit_note: { prefix: 'DN', title: 'Debit Note', nature: 'Debit Note', short: 'Debit note' },
};

/** Rule 46(b): at most 16 characters, letters, digits, `-` and `/`, starting with a letter or digit. */
export const GST_NUMBER_PATTERN = /^[A-Za-z0-9][A-Za-z0-9/-]{0,15}$/;

/** "INV/26-27/00001": the kind's prefix, the financial year, the serial padded to five digits. */
export function gstDocumentNumber(kind: GstDocumentKind, fyStart: number, serial: number): string {
  if (!Number.isSafeInteger(serial) || serial < 1) throw new RangeError('A serial is a positive integer');
  const number = `${GST_DOCUMENT_META[kind].prefix}/${financialYearLabel(fyStart)}/${String(serial).padStart(5, '0')}`;
  if (!GST_NUMBER_PATTERN.test(number)) throw new RangeError(`Document number too long: ${number}`);
  return number;
}

// ---------------------------------------------------------------------------------------------------------------
// Services, rates and place of supply

/** How IGST Act s.12 places a service: catering where performed (12(4)), event organisation by 12(7). */
export const SERVICE_KINDS = ['catering', 'event_organisation'] as const;
export type ServiceKind = (typeof SERVICE_KINDS)[number];

export type GstRate = {
  sac: string;
  description: string;
  /** Which place-of-supply rule the SAC follows. */
  service_kind: ServiceKind;
  rate_percent: number;
  /** Whether the rate allows input tax credit (5% outdoor catering does not). */
  itc: boolean;
  /** First India day the rate applies. */
  effective_from: string;
};

/**
 * The rates as built (docs/gst.md#settings): the product description's 18% for the package as sold, on both SACs.
 * The admin, advised by a CA, may add a row (e.g. 996334 at 5% without ITC from a date) in Settings.
 */
export const DEFAULT_GST_RATES: readonly GstRate[] = [
  {
    sac: '996334',
    description: 'Outdoor catering services',
    service_kind: 'catering',
    rate_percent: 18,
    itc: true,
    effective_from: '2017-07-01',
  },
  {
    sac: '998596',
    description: 'Events, exhibitions, conventions and trade shows organisation',
    service_kind: 'event_organisation',
    rate_percent: 18,
    itc: true,
    effective_from: '2017-07-01',
  },
];

/** The row in force for a SAC on a day: the latest `effective_from` not after it; null when none has started. */
export function rateOn(rates: readonly GstRate[], sac: string, isoDate: string): GstRate | null {
  let best: GstRate | null = null;
  for (const rate of rates) {
    if (rate.sac !== sac || rate.effective_from > isoDate) continue;
    if (!best || rate.effective_from > best.effective_from) best = rate;
  }
  return best;
}

/**
 * The place of supply (IGST Act s.12): catering where the event is held (12(4)); event organisation at a registered
 * recipient's state (its GSTIN's first two digits), else where the event is held (12(7)). Null when unknown.
 */
export function placeOfSupply(
  kind: ServiceKind,
  venueState: string | null,
  recipientGstin: string | null | undefined,
): string | null {
  if (kind === 'event_organisation' && recipientGstin) return recipientGstin.slice(0, 2);
  return venueState;
}

/** CGST + SGST when the place of supply is the business's own state, IGST otherwise (rule 50: unknown is inter). */
export function isIntraState(homeState: string, pos: string | null): boolean {
  return pos !== null && pos === homeState;
}

// ---------------------------------------------------------------------------------------------------------------
// Tax split

export type TaxSplit = {
  taxable_paise: number;
  cgst_paise: number;
  sgst_paise: number;
  igst_paise: number;
  /** What brings the parts to the gross exactly (a few paise at most; rule 46 allows a round-off under ₹1). */
  round_off_paise: number;
  total_paise: number;
};

/** Half-up integer division of non-negative integers (BigInt, so no floating point touches money). */
function divHalfUp(numerator: bigint, denominator: bigint): bigint {
  return (numerator * 2n + denominator) / (denominator * 2n);
}

/** A percent with up to two decimals as basis points: 18 → 1800, 2.5 → 250. */
export function basisPoints(ratePercent: number): number {
  const bp = Math.round(ratePercent * 100);
  if (!Number.isSafeInteger(bp) || bp < 0 || bp > 10_000) throw new RangeError(`Bad GST rate ${ratePercent}`);
  return bp;
}

/** Tax on a taxable value, each head rounded half-up to the paisa on its own (CGST and SGST separately). */
export function taxOn(
  taxablePaise: number,
  ratePercent: number,
  intra: boolean,
): Omit<TaxSplit, 'round_off_paise' | 'total_paise'> {
  const bp = BigInt(basisPoints(ratePercent));
  const t = BigInt(taxablePaise);
  if (intra) {
    const half = Number(divHalfUp(t * bp, 20_000n));
    return { taxable_paise: taxablePaise, cgst_paise: half, sgst_paise: half, igst_paise: 0 };
  }
  return { taxable_paise: taxablePaise, cgst_paise: 0, sgst_paise: 0, igst_paise: Number(divHalfUp(t * bp, 10_000n)) };
}

/**
 * A GST-inclusive amount (money received, a booking's price) split into taxable value and tax at a rate. The
 * taxable value is the one whose tax, computed head by head to the paisa as the portal checks it, comes closest to
 * the amount; the round-off line carries the paise left, so taxable + CGST + SGST + IGST + round-off = the amount
 * exactly. Works for negative amounts too (a reversal): the split of the absolute amount, negated.
 */
export function splitInclusive(grossPaise: number, ratePercent: number, intra: boolean): TaxSplit {
  if (!Number.isSafeInteger(grossPaise)) throw new RangeError('Amounts are integer paise');
  if (grossPaise < 0) {
    const positive = splitInclusive(-grossPaise, ratePercent, intra);
    return {
      taxable_paise: -positive.taxable_paise,
      cgst_paise: -positive.cgst_paise,
      sgst_paise: -positive.sgst_paise,
      igst_paise: -positive.igst_paise,
      round_off_paise: -positive.round_off_paise,
      total_paise: grossPaise,
    };
  }
  const bp = BigInt(basisPoints(ratePercent));
  const estimate = Number(divHalfUp(BigInt(grossPaise) * 10_000n, 10_000n + bp));
  let best: TaxSplit | null = null;
  for (const taxable of [estimate, estimate - 1, estimate + 1]) {
    if (taxable < 0) continue;
    const tax = taxOn(taxable, ratePercent, intra);
    const roundOff = grossPaise - taxable - tax.cgst_paise - tax.sgst_paise - tax.igst_paise;
    if (!best || Math.abs(roundOff) < Math.abs(best.round_off_paise)) {
      best = { ...tax, round_off_paise: roundOff, total_paise: grossPaise };
    }
  }
  return best!;
}

/**
 * A document's split shared out over its lines (docs/gst.md#lines): each head (taxable value, CGST, SGST, IGST,
 * round-off) is divided in proportion to the lines' weights (their priced amounts, e.g. the package and each
 * add-on) by the largest-remainder rule, so every line is whole paise and the lines' heads add up to the
 * document's heads exactly. Weights are non-negative integers with a positive sum.
 */
export function apportionSplit(split: TaxSplit, weights: readonly number[]): TaxSplit[] {
  const total = weights.reduce((sum, w) => sum + w, 0);
  if (weights.length === 0 || total <= 0 || weights.some((w) => !Number.isSafeInteger(w) || w < 0)) {
    throw new RangeError('Line weights are non-negative integers with a positive sum');
  }
  const share = (amount: number): number[] => {
    const sign = amount < 0 ? -1n : 1n;
    const abs = BigInt(Math.abs(amount));
    const sum = BigInt(total);
    const parts = weights.map((w) => (abs * BigInt(w)) / sum);
    const remainders = weights.map((w, i) => ({ i, r: (abs * BigInt(w)) % sum }));
    let left = abs - parts.reduce((acc, p) => acc + p, 0n);
    remainders.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
    for (const { i } of remainders) {
      if (left <= 0n) break;
      parts[i]! += 1n;
      left -= 1n;
    }
    return parts.map((p) => Number(p * sign));
  };
  const taxable = share(split.taxable_paise);
  const cgst = share(split.cgst_paise);
  const sgst = share(split.sgst_paise);
  const igst = share(split.igst_paise);
  const roundOff = share(split.round_off_paise);
  return weights.map((_, i) => ({
    taxable_paise: taxable[i]!,
    cgst_paise: cgst[i]!,
    sgst_paise: sgst[i]!,
    igst_paise: igst[i]!,
    round_off_paise: roundOff[i]!,
    total_paise: taxable[i]! + cgst[i]! + sgst[i]! + igst[i]! + roundOff[i]!,
  }));
}

export function taxOfSplit(split: Pick<TaxSplit, 'cgst_paise' | 'sgst_paise' | 'igst_paise'>): number {
  return split.cgst_paise + split.sgst_paise + split.igst_paise;
}

// ---------------------------------------------------------------------------------------------------------------
// GSTR-1

/** Table 5 (B2C large): unregistered, inter-State, invoice value above ₹1,00,000 from 1 Aug 2024 (₹2,50,000 before). */
export function b2clLimitPaise(invoiceDate: string): number {
  return invoiceDate >= '2024-08-01' ? 1_00_000_00 : 2_50_000_00;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The offline tool's date: "05-Apr-26". */
export function gstr1Date(isoDate: string): string {
  const [year, month, day] = isoDate.split('-') as [string, string, string];
  return `${day}-${MONTHS[Number(month) - 1]}-${year.slice(2)}`;
}

/** The first and last India days of a `YYYY-MM` month. */
export function monthRange(month: string): { from: string; to: string } {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

/** Rule 47: a service invoice within 30 days of the supply. */
export const INVOICE_DAYS_AFTER_EVENT = 30;
