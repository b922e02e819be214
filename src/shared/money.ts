/**
 * Rupee amounts for people: Indian digit grouping (₹1,23,450), paise shown only when there are any
 * (docs/product.md#screens: "Currency: Indian rupee, locale digit grouping").
 */
const wholeRupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});
const rupeesAndPaise = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** ₹4,30,998 or ₹18,262.50; the argument is rupees (the JSON unit). */
export function formatInr(rupees: number): string {
  const paise = Math.round(rupees * 100);
  return paise % 100 === 0 ? wholeRupees.format(paise / 100) : rupeesAndPaise.format(paise / 100);
}
