/**
 * Rupee amounts for people: Indian digit grouping (₹1,23,450), paise shown only when there are any
 * (docs/product.md#screens: "Currency: Indian rupee, locale digit grouping").
 */
// Made on first use: building a number format costs a noticeable moment while a page's code starts.
let formats: { wholeRupees: Intl.NumberFormat; rupeesAndPaise: Intl.NumberFormat } | undefined;
function rupeeFormats() {
  formats ??= {
    wholeRupees: new Intl.NumberFormat('en-IN', {
      style: 'currency',
      currency: 'INR',
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    }),
    rupeesAndPaise: new Intl.NumberFormat('en-IN', {
      style: 'currency',
      currency: 'INR',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }),
  };
  return formats;
}

/** ₹4,30,998 or ₹18,262.50; the argument is rupees (the JSON unit). */
export function formatInr(rupees: number): string {
  // `|| 0`: an amount that rounds to nothing is ₹0, never the locale's "-₹0".
  const paise = Math.round(rupees * 100) || 0;
  // A negative amount has a minus sign (U+2212) before the rupee sign, never the locale's hyphen "-₹2,500".
  if (paise < 0) return `−${formatInr(-paise / 100)}`;
  const { wholeRupees, rupeesAndPaise } = rupeeFormats();
  return paise % 100 === 0 ? wholeRupees.format(paise / 100) : rupeesAndPaise.format(paise / 100);
}

/**
 * An amount that may be negative, as every page, e-mail and PDF shows one: "−₹2,500" (`formatInr` itself never
 * prints the locale's hyphen). The name says at the call site that a deduction is meant: `formatSignedInr(-amount)`.
 */
export function formatSignedInr(rupees: number): string {
  return formatInr(rupees);
}
