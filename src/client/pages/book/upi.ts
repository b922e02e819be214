/** Research (ecosystem 5.4): UPI apps expect a short note; longer ones are cut or refused by some payers. */
export const UPI_NOTE_MAX_LENGTH = 50;

export type UpiPayment = {
  /** The payee's UPI ID (VPA), e.g. `annapurnaevents@upi`. */
  payeeVpa: string;
  /** The payee name the payer's app shows before paying. */
  payeeName: string;
  /** Rupees; written with two decimals as the UPI linking specification asks. */
  amountRupees: number;
  note?: string | undefined;
};

/**
 * A UPI payment link (NPCI UPI Linking Specification: `upi://pay?pa=…&pn=…&am=…&cu=INR&tn=…`), scannable as a QR
 * by any UPI app. Built by hand, not with URLSearchParams: spaces must be `%20`, not `+`, and the `@` of the VPA
 * stays as it is because some apps read `%40` as a space (research: ecosystem 5.4).
 */
export function upiPaymentUri({ payeeVpa, payeeName, amountRupees, note }: UpiPayment): string {
  const params = [
    `pa=${encodeURIComponent(payeeVpa.trim()).replace(/%40/g, '@')}`,
    `pn=${encodeURIComponent(payeeName.trim())}`,
    `am=${amountRupees.toFixed(2)}`,
    'cu=INR',
  ];
  const shortNote = note?.trim().slice(0, UPI_NOTE_MAX_LENGTH);
  if (shortNote) params.push(`tn=${encodeURIComponent(shortNote)}`);
  return `upi://pay?${params.join('&')}`;
}
