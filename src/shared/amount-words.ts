/**
 * Amounts in words in the Indian numbering system (thousand, lakh, crore), as on Indian quotes and invoices:
 * 123450 rupees -> "Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty Only".
 */
const ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

function belowHundred(n: number): string {
  if (n < 20) return ONES[n]!;
  const unit = n % 10;
  return unit === 0 ? TENS[Math.floor(n / 10)]! : `${TENS[Math.floor(n / 10)]}-${ONES[unit]}`;
}

function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  return [hundreds > 0 ? `${ONES[hundreds]} Hundred` : '', rest > 0 ? belowHundred(rest) : '']
    .filter(Boolean)
    .join(' ');
}

/** A whole number in words, Indian grouping; 0 is "Zero". */
export function integerInWordsIndian(value: number): string {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError('A non-negative whole number is required');
  if (value === 0) return 'Zero';
  const parts: string[] = [];
  const crore = Math.floor(value / 1_00_00_000);
  let rest = value % 1_00_00_000;
  if (crore > 0) parts.push(`${integerInWordsIndian(crore)} Crore`);
  const lakh = Math.floor(rest / 1_00_000);
  rest %= 1_00_000;
  if (lakh > 0) parts.push(`${belowHundred(lakh)} Lakh`);
  const thousand = Math.floor(rest / 1000);
  rest %= 1000;
  if (thousand > 0) parts.push(`${belowHundred(thousand)} Thousand`);
  if (rest > 0) parts.push(belowThousand(rest));
  return parts.join(' ');
}

/** Paise in words: "Rupees Nine Hundred Ninety-Nine Only", "Rupees Forty-Nine and Paise Fifty Only". */
export function amountInWordsIndian(paise: number): string {
  const whole = Math.round(paise);
  if (!Number.isSafeInteger(whole) || whole < 0) throw new RangeError('A non-negative amount is required');
  const rupees = Math.floor(whole / 100);
  const rest = whole % 100;
  const words = `Rupees ${integerInWordsIndian(rupees)}`;
  return rest > 0 ? `${words} and Paise ${belowHundred(rest)} Only` : `${words} Only`;
}
